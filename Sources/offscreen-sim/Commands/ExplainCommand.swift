import Compositor
import LayerTree

/// `offscreen-sim explain <scene>`: the findings ranked by what fixing them saves, each fix
/// measured by simulating the scene with it applied.
enum ExplainCommand: ToolCommand {
  static let format = SharedOptions.format([
    (.text, "the findings ranked, each with its fixes and what they save."),
    (.json, "a versioned document (explainVersion 1)."),
  ])
  static let layer = OptionDeclaration(
    "--layer", value: "path",
    help:
      "Only findings on this layer and below it: a path (root/table/card[2]) or a pattern over repeated layers (root/table/card[*]).")

  static let declaration = CommandDeclaration(
    name: "explain", summary: "Rank the findings by what fixing them saves, measured by simulating each fix.",
    discussion: """
      For each group of findings that share a cause (one rule on layers whose paths differ only in [n], such as reused \
      cells), every fix that answers the rule is checked on the group's layers, applied where its condition holds, and \
      the scene is simulated again. The difference is the saving: offscreen passes per frame, GPU ms p95, main-thread \
      ms p95 (and background ms when the fix moves work there), frame rate and hitch time ratio. Groups are ranked by \
      what their first fix saves: hitch time ratio, then frame rate, then GPU, main-thread and render-server \
      milliseconds. Fixes that may change what the user sees are offered too, marked so. \
      Guide: docs/explain-and-optimize.md.
      """,
    arguments: [SharedOptions.scene],
    options: [layer] + SharedOptions.deviceGroup + [format, SharedOptions.fixJobs] + SharedOptions.limitGroup,
    exitCodes: [
      ExitCodeNote(.success, "the explanation was printed (findings do not fail it)"),
      ExitCodeNote(
        .usageOrInput, "usage error, an unknown layer, the scene cannot be read, or explaining it needs more than its work budget"),
    ],
    examples: [
      "offscreen-sim explain scenes/qqmusic-home-v1.json",
      "offscreen-sim explain scenes/timeline-cell.json --layer 'root/table/onePhoto/card/toolbar/action[*]'",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard parsed.positional.count == 1 else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing the scene file to explain" : "expected one scene file, found \(parsed.positional.count)")
    }
    let format = OutputFormat(parsed, Self.format)
    let devices = try DeviceSelection(parsed, io: io)
    let path = parsed.positional[0]
    let (scene, profile, file) = try LoadedScene.load(path, devices: devices, io: io).placed
    let layer = parsed.value(Self.layer)
    if let layer, !Explainer.sceneHasLayer(layer, in: scene) {
      // Suggest among the layers' patterns (and paths, in a small scene): a pattern names every copy.
      let paths = FlatTree(scene.root).paths()
      let patterns = Array(Set(paths.map(LayerPath.pattern))).sorted()
      let known = Set(paths)
      let candidates = (paths.count <= 2_000 ? paths : []) + patterns.filter { !known.contains($0) }.prefix(2_000)
      var message = "no layer \(layer) in the scene"
      if let suggestion = nearest(to: layer, in: candidates) {
        message += "; did you mean \(suggestion)?"
      }
      throw UsageError(message)
    }
    io.progress("explain: simulating \(file) on \(profile.name)")
    let baseline = Explainer.baseline(scene, on: profile)
    try Simulation.check(baseline.report, file: file)
    io.progress("explain: trying each layer's fixes")
    let budget = WorkLimit.budget(devices.limits)
    let explanation = Explainer.explain(
      scene, on: profile, layer: layer, budget: budget, baseline: baseline,
      jobs: parsed.integer(SharedOptions.fixJobs) ?? Parallel.defaultJobs)
    io.progress(nil)
    try WorkLimit.check(budget, command: "explain", file: file, narrowing: "look at part of the scene with --layer")
    switch format {
    case .text: io.out(ExplainTextFormatter.format(explanation, file: file, layer: layer))
    default: io.document(ExplainJSONFormatter.format(explanation, file: file), .json)
    }
    return .success
  }
}
