import Compositor
import Foundation
import LayerTree

/// `offscreen-sim generate`: writes a generated scene of any size, for benchmarks and stress tests.
enum GenerateCommand: ToolCommand {
  static let kind = OptionDeclaration(
    "--kind", value: "kind",
    kind: .oneOf([
      Choice("feed", "post cells with shadows, clipped avatars and photos, badges, some cells rasterized."),
      Choice("grid", "rounded image tiles."),
      Choice("nested", "rows of horizontal collections of clipped cards."),
    ]), help: "What to generate.", default: "feed")
  static let layers = OptionDeclaration(
    "--layers", value: "n", kind: .integer(4...5_000_000), help: "Layers to generate.", required: "how many layers to generate")
  static let frames = OptionDeclaration(
    "--frames", value: "f", kind: .integer(1...72_000), help: "Frames of scrolling at 60 Hz (1 for a single frame).",
    default: "60")
  static let seed = OptionDeclaration(
    "--seed", value: "s", help: "The random seed, a whole number >= 0; the same seed gives the same bytes.", default: "1")
  static let device = OptionDeclaration(
    "--device", value: "id", kind: .suggested(DeviceCatalogue.commandLineNames), help: "The scene's device.", default: "iphone-7")
  static let output = SharedOptions.output("Write to this file instead of standard output.")

  static let declaration = CommandDeclaration(
    name: "generate", summary: "Write a generated scene (feed, grid or nested collections) of N layers over F frames.",
    options: [kind, layers, frames, seed, device, output],
    exitCodes: [
      ExitCodeNote(.success, "written"),
      ExitCodeNote(.usageOrInput, "usage error, or the file cannot be written"),
    ],
    examples: ["offscreen-sim generate --layers 4000 --frames 600 -o feed.json"])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    if !parsed.positional.isEmpty { throw UsageError("generate takes no positional arguments") }
    let kind = parsed.value(Self.kind).flatMap(SceneGenerator.Kind.init(rawValue:)) ?? .feed
    let layers = parsed.integer(Self.layers) ?? 4
    let frames = parsed.integer(Self.frames) ?? 60
    guard let seed = UInt64(parsed.value(Self.seed) ?? "1") else { throw UsageError("--seed expects a whole number >= 0") }
    let device = try DeviceSelection.check(parsed.value(Self.device) ?? "iphone-7")
    let (text, counted) = SceneGenerator(kind: kind, layers: layers, frames: frames, seed: seed, device: device).generate()
    if let output = parsed.value(Self.output) {
      try OutputFile(io: io).write(text, to: output, kind: .json)
    } else {
      io.document(text, .json)
    }
    // A scene past the readers' default limits is written all the same (a benchmark wants it),
    // with a note, so that the next command's refusal is no surprise. The figures are the
    // generator's own: it knows the layers it wrote and the frames it scrolls.
    let limits = InputLimits.standard
    let work = counted * max(frames, 1)
    if counted > limits.maxLayers {
      io.err(
        "note: the scene has \(NumberRange.grouped(Double(counted))) layers, past the \(NumberRange.grouped(Double(limits.maxLayers))) the other commands read by default; run them with --max-layers \(counted) (or make it smaller with --layers)\n"
      )
    }
    if work > limits.maxLayerFrames {
      io.err(
        "note: the scene asks for \(NumberRange.grouped(Double(work))) layer-frames (\(NumberRange.grouped(Double(counted))) layers x \(max(frames, 1)) frames), past the work budget of \(NumberRange.grouped(Double(limits.maxLayerFrames))) the other commands read by default; run them with --work-budget \(work) (or make it smaller with --layers or --frames)\n"
      )
    }
    return .success
  }
}
