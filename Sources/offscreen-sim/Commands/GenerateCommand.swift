import Foundation
import LayerTree

/// `offscreen-sim generate`: writes a generated scene of any size, for benchmarks and stress tests.
enum GenerateCommand: ToolCommand {
  static let name = "generate"
  static let summary = "Write a generated scene (feed, grid or nested collections) of N layers over F frames."
  static let usageLine = "offscreen-sim generate [--kind feed|grid|nested] --layers N [--frames F] [--seed S] [--device ID] [-o out.json]"
  static let help = """
    OVERVIEW: \(summary)

    USAGE: \(usageLine)

    OPTIONS:
      --kind <kind>     feed (default): post cells with shadows, clipped avatars and photos, badges,
                        some cells rasterized; grid: rounded image tiles; nested: rows of horizontal
                        collections of clipped cards.
      --layers <n>      Layers to generate (at least 4, at most 5,000,000).
      --frames <f>      Frames of scrolling at 60 Hz (default 60; 1 for a single frame).
      --seed <s>        The random seed (default 1); the same seed gives the same bytes.
      --device <id>     The scene's device (default iphone-7).
      -o <file>         Write to this file instead of standard output.
      -h, --help        Show this help.

    EXIT CODES:
      0  written
      2  usage error, or the file cannot be written

    """

  static func run(_ arguments: [String], io: ToolIO) throws -> ExitCode {
    let parsed = try ParsedArguments(arguments, options: ["--kind", "--layers", "--frames", "--seed", "--device", "-o"], flags: [])
    if !parsed.positional.isEmpty { throw UsageError("generate takes no positional arguments") }
    let kind =
      try parsed.value("--kind").map { value throws(UsageError) -> SceneGenerator.Kind in
        guard let kind = SceneGenerator.Kind(rawValue: value) else {
          throw UsageError("unknown kind '\(value)'; expected feed, grid or nested")
        }
        return kind
      } ?? .feed
    guard let layersText = parsed.value("--layers") else { throw UsageError("missing --layers N") }
    let layers = try integer(layersText, "--layers", 4...5_000_000)
    let frames = try integer(parsed.value("--frames") ?? "60", "--frames", 1...72_000)
    guard let seed = UInt64(parsed.value("--seed") ?? "1") else { throw UsageError("--seed expects a whole number >= 0") }
    let device = parsed.value("--device") ?? "iphone-7"
    let text = SceneGenerator(kind: kind, layers: layers, frames: frames, seed: seed, device: device).json()
    if let output = parsed.value("-o") {
      guard FileManager.default.createFile(atPath: SceneLoader(io: io).resolve(output), contents: Data(text.utf8)) else {
        throw InputError("\(output): error: cannot write the file")
      }
    } else {
      io.document(text, .json)
    }
    return .success
  }

  static func integer(_ text: String, _ option: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw UsageError("\(option) expects a whole number from \(range.lowerBound) to \(range.upperBound), found '\(text)'")
    }
    return value
  }
}
