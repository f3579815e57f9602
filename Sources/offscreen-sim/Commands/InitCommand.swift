import Compositor
import Foundation
import LayerTree

/// `offscreen-sim init`: writes a starter project configuration, `.offscreen-sim.json`, with a
/// comment on each setting. JSON has no comments: keys that start with `//` hold them, and the
/// reader skips them.
enum InitCommand: ToolCommand {
  static let output = SharedOptions.output("Write the configuration to this file (default: .offscreen-sim.json here).")
  static let force = OptionDeclaration("--force", help: "Replace the file if it exists.")

  static let declaration = CommandDeclaration(
    name: "init", summary: "Write a starter project configuration (.offscreen-sim.json) for check and compare.",
    discussion: """
      check, compare and merge read the nearest .offscreen-sim.json above the working folder (or --config): the scenes \
      to check, devices, budgets for scenes without their own, gates, tolerance, and which budgets and gates only warn. \
      Options on the command line override it. The starter extends the "recommended" preset; every setting is \
      explained in the file itself (docs/ci.md#project-configuration).
      """,
    options: [output, force],
    exitCodes: [
      ExitCodeNote(.success, "written"),
      ExitCodeNote(.usageOrInput, "usage error, the file exists (without --force), or it cannot be written"),
    ],
    examples: ["offscreen-sim init", "offscreen-sim init -o ci/offscreen-sim.json --force"])

  /// The starter: the recommended preset, the scenes RenderCost records, and a comment on each key.
  static let starter = """
    {
      "//": "offscreen-sim's project configuration: check, compare and merge read the nearest one above the working folder. Options on the command line override it (\(Help.doc("ci.md#project-configuration"))).",
      "// extends": "A preset to start from: recommended fails a comparison when a default gate gets worse, warns when a finding appears, and warns when a scene without budgets leaves Apple's good band of hitch time (5 ms/s).",
      "extends": "recommended",
      "// scenes": "What check runs on when given no paths: scene files, folders or globs (* and ? within a name, ** for any folders), relative to this file. The default finds the scenes RenderCost.check records beside unit tests.",
      "scenes": ["**/__RenderScenes__/**/*.json"],
      "// devices": "Check and compare on these devices instead of each scene's own (offscreen-sim devices lists them), e.g. \\"devices\\": [\\"iphone-13-pro\\"].",
      "// budgets": "Budgets for the scenes without their own, as a scene's budgets key (\(Help.doc("scene-format.md#budgets"))), e.g. \\"budgets\\": { \\"maxOffscreenPassesPerFrame\\": 2, \\"maxGpuMsP95\\": 8 }.",
      "// gates": "The metrics that fail a comparison when they get worse: metric ids (offscreen-sim compare --list-metrics), default, all, none, findings.",
      "gates": ["default", "findings"],
      "// tolerance": "How far a figure may move, in percent, before it counts as better or worse.",
      "tolerance": 5,
      "// levels": "error (the default) fails the run; warning prints the result and exits 0. Keys: budget names and gates.",
      "levels": { "findings": "warning" }
    }

    """

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    if !parsed.positional.isEmpty { throw UsageError("init takes no arguments") }
    let path = parsed.value(Self.output) ?? ProjectConfigFile.name
    if path != "-", !parsed.has(Self.force),
      FileManager.default.fileExists(atPath: ScenePaths.resolve(path, in: io.currentDirectory))
    {
      throw InputError("\(path): error: the file exists; --force replaces it", file: path)
    }
    if path == "-" {
      try OutputFile(io: io).write(starter, to: path, kind: .json)
      return .success
    }
    let (text, next) = fitted(folder: ScenePaths.folder(of: path), io: io)
    try OutputFile(io: io).write(text, to: path, kind: .json)
    io.err("wrote \(path): \(next)\n")
    return .success
  }

  /// The glob of the scenes `RenderCost.check` records beside unit tests: the starter's scenes.
  static let recordedScenes = "**/__RenderScenes__/**/*.json"

  /// The starter for a configuration in `folder` (a path from the working folder), and what to do
  /// next: the recorded scenes when there are any; else the folder's `scenes/` when it holds
  /// scene files; else the recorded scenes still (what unit tests will write), saying that no
  /// scene is there yet, so that the first `check` is not a surprise.
  static func fitted(folder: String, io: ToolIO) -> (text: String, next: String) {
    let run = "edit it, then run 'offscreen-sim check' with no paths"
    let recorded = try? ScenePatterns.expand([recordedScenes], in: folder, currentDirectory: io.currentDirectory, file: "")
    if let recorded, !recorded.paths.isEmpty { return (starter, run) }
    let found = ScenePaths.expand([ScenePaths.join(folder, "scenes")], currentDirectory: io.currentDirectory).files
    let files = OtherDocument.split(found, named: [], currentDirectory: io.currentDirectory).scenes
    if !files.isEmpty {
      let text = starter.replacingOccurrences(of: #"["\#(recordedScenes)"]"#, with: #"["scenes"]"#)
        .replacingOccurrences(
          of: "The default finds the scenes RenderCost.check records beside unit tests.",
          with: "init found no scene recorded by RenderCost.check here (\(recordedScenes)) and named the scenes folder instead.")
      return (text, "its scenes are the \(Markup.plural(files.count, "scene file")) of scenes/; \(run)")
    }
    return (
      starter,
      "no scene file is here yet: its scenes, \"\(recordedScenes)\", are the files RenderCost.check records when unit tests run, or list your scene files under \"scenes\"; then run 'offscreen-sim check' with no paths"
    )
  }
}
