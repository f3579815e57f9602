import Compositor
import LayerTree
import SceneBatch

/// Options several commands take, declared once so that they read and behave the same
/// everywhere: the device (`--device`, `--device-file`), the output format, the number of jobs
/// and the output file.
enum SharedOptions {
  /// `--device ID` for a command that runs each scene on one device.
  static let device = OptionDeclaration(
    "--device", value: "id", kind: .suggested(DeviceCatalogue.commandLineNames),
    help: "Run on this device instead of the scene's own (see 'offscreen-sim devices').")

  /// `--device ID`, repeatable, for a command that runs on several devices.
  static func devices(_ help: String) -> OptionDeclaration {
    OptionDeclaration(
      "--device", value: "id", kind: .suggested(DeviceCatalogue.commandLineNames), help: help, repeatable: true)
  }

  /// `--device-file F`: a user's device profile.
  static let deviceFile = OptionDeclaration(
    "--device-file", value: "file", kind: .file,
    help:
      "Load a device profile from JSON (docs/cost-model.md, \"Your own device\"); the scenes run on it unless --device names another.")

  /// `--format`, with what each of the command's formats prints.
  static func format(_ formats: [(OutputFormat, String)]) -> OptionDeclaration {
    OptionDeclaration(
      "--format", value: "format", kind: .oneOf(formats.map { Choice($0.0.rawValue, $0.1) }), help: "How to print the results.",
      default: OutputFormat.text.rawValue)
  }

  /// `--jobs N`: how many scenes and devices run at once.
  static let jobs = OptionDeclaration(
    "--jobs", value: "n", kind: .integer(1...1024),
    help: "Simulate up to n scenes and devices at once (default: the machine's cores). The output is the same whatever n is.")

  /// `--jobs N` for `explain` and `optimize`: how many of the fixes they measure are simulated at
  /// once.
  static let fixJobs = OptionDeclaration(
    "--jobs", value: "n", kind: .integer(1...1024),
    help: "Simulate up to n fixes at once (default: the machine's cores). The output is the same whatever n is.")

  /// `--shard i/n`: run one of n parts of the inputs.
  static let shardOption = OptionDeclaration(
    "--shard", value: "i/n",
    help:
      "Run part i of n (1 <= i <= n): the inputs split by a hash of their paths, the same on every machine. Write each part with --format json and join them with 'offscreen-sim merge'; the merge prints what one run over all inputs prints."
  )

  /// The `--shard` given, if any.
  static func shard(_ parsed: ParsedArguments) throws(UsageError) -> Shard? {
    guard let text = parsed.value(shardOption) else { return nil }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count <= 10_000,
      let shard = Shard(index: index, count: count)
    else {
      throw UsageError("--shard expects i/n with 1 <= i <= n <= 10000, such as 2/4, found '\(text)'")
    }
    return shard
  }

  /// `-o`, `--output`: where a command writes what it makes; required when `requirement` is
  /// given, unless the option named `alternative` is.
  static func output(_ help: String, required requirement: String? = nil, unless alternative: String? = nil) -> OptionDeclaration {
    OptionDeclaration("--output", "-o", value: "file", kind: .file, help: help, required: requirement, unless: alternative)
  }

  /// `<scene.json | ->`: the one scene a command reads.
  static let scene = ArgumentDeclaration(
    "<scene.json | ->", help: "A scene file (docs/scene-format.md), or - to read standard input.")

  /// The device options of a command that runs each scene on one device.
  static let deviceGroup = [device, deviceFile]

  /// `--work-budget N`: the most layer-frames a scene may ask for (docs/scene-format.md, Limits).
  static let workBudget = OptionDeclaration(
    "--work-budget", value: "n", kind: .integer(1...Int(Int32.max) * 1_000),
    help:
      "Simulate scenes of up to n layer-frames ((layers + animated layers) x frames; default \(InputLimits.standard.maxLayerFrames)). The default bounds what an untrusted scene can cost."
  )
  /// `--max-layers N`: the most layers a scene may expand to.
  static let maxLayers = OptionDeclaration(
    "--max-layers", value: "n", kind: .integer(1...50_000_000),
    help: "Read scenes of up to n layers after repeat (default \(InputLimits.standard.maxLayers)).")
  /// `--color auto|always|never`: colour on standard output.
  static let colour = OptionDeclaration(
    "--color", value: "when",
    kind: .oneOf([
      Choice("auto", "when standard output is a terminal and NO_COLOR is not set (https://no-color.org)."),
      Choice("always", "even into a file or a pipe."), Choice("never"),
    ]), help: "Colour the verdicts in text output.", default: "auto")
  /// `--quiet`, `-q`: the verdicts and failures only.
  static let quiet = OptionDeclaration(
    "--quiet", "-q", help: "Print only the verdicts and what failed; the exit code is the same.")
  /// `--verbose`, `-v`: every row and detail.
  static let verbose = OptionDeclaration(
    "--verbose", "-v", help: "Print every metric and detail, not only what changed.")

  /// How much a text output shows (`--quiet`, default, `--verbose`).
  static func detail(_ parsed: ParsedArguments) throws(UsageError) -> Detail {
    if parsed.has(quiet) && parsed.has(verbose) { throw UsageError("give --quiet or --verbose, not both") }
    return parsed.has(quiet) ? .quiet : parsed.has(verbose) ? .verbose : .short
  }

  /// `io` with `--color` applied.
  static func colouring(_ io: ToolIO, _ parsed: ParsedArguments) -> ToolIO {
    var io = io
    let choice = parsed.value(colour).flatMap(ColourChoice.init(rawValue:)) ?? .auto
    io.colour = choice.enabled(terminal: io.terminal, environment: io.environment)
    return io
  }

  /// The limits on untrusted scenes a command that simulates lets its user raise.
  static let limitGroup = [workBudget, maxLayers]
}
