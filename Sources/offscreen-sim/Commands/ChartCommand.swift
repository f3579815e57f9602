import Compositor
import LayerTree

/// `offscreen-sim chart <scene> [<after>] -o chart.svg`: frame times against the frame budget,
/// for one run or two.
enum ChartCommand: ToolCommand {
  static let output = SharedOptions.output(
    "Where to write the SVG; - writes it to standard output.", required: "where to write the chart (- for standard output)")

  static let declaration = CommandDeclaration(
    name: "chart", summary: "Chart per-frame GPU, render-server and main-thread time against the frame budget, as SVG.",
    discussion: """
      Per frame: GPU, render-server and main-thread milliseconds as lines, the frame budget (one refresh interval: \
      16.67 ms at 60 Hz, 8.33 ms at 120 Hz) as a dashed line, hitches marked in red above the plot, and offscreen \
      passes per frame as grey bars on the right-hand axis. Given two scenes (before and after a change), both runs \
      are drawn on one chart: the first dashed, the second solid. Scales: docs/pictures.md.
      """,
    arguments: [
      SharedOptions.scene,
      ArgumentDeclaration("<after.json>", count: 0...1, help: "A second scene, to chart against the first."),
    ],
    options: [output] + SharedOptions.deviceGroup + SharedOptions.limitGroup,
    exitCodes: [
      ExitCodeNote(.success, "the chart was written"),
      ExitCodeNote(.usageOrInput, "usage error (no -o), a scene cannot be read, or the file cannot be written"),
    ],
    examples: [
      "offscreen-sim chart scenes/rasterized-card-scrolling.json -o chart.svg",
      "offscreen-sim chart scenes/qqmusic-home-v1.json scenes/qqmusic-home-v2.json -o v1-v2.svg",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard (1...2).contains(parsed.positional.count) else {
      throw UsageError(
        parsed.positional.isEmpty
          ? "missing the scene file to chart" : "expected one scene file, or two to compare, found \(parsed.positional.count)")
    }
    if parsed.positional.count == 2 && parsed.positional.allSatisfy({ $0 == "-" }) {
      throw UsageError("only one of the scenes can be read from standard input")
    }
    let output = try OutputFile.path(parsed.value(Self.output))
    let devices = try DeviceSelection(parsed, io: io)
    let simulated = try parsed.positional.map { path throws(InputError) in try SimulatedScene.load(path, devices: devices, io: io) }
    let runs = runLabels(simulated)
    try OutputFile(io: io, inputs: parsed.positional).write(FrameChartFormatter.document(runs), to: output)
    if output != "-" {
      let hitches = simulated.map { Markup.plural($0.report.summary.performance.hitches, "hitch", "hitches") }.joined(
        separator: " before, ")
      let frames = simulated.map { Markup.plural($0.report.frames.count, "frame") }.joined(separator: " and ")
      io.out("wrote \(output): \(frames), \(hitches)\(simulated.count > 1 ? " after" : "")\n")
    }
    return .success
  }

  /// Chart runs for one scene (named by its title) or two (`before: ...`, `after: ...`; see
  /// ``SimulatedScene/labels(_:_:)``).
  static func runLabels(_ simulated: [SimulatedScene]) -> [FrameChartFormatter.Run] {
    guard simulated.count == 2 else { return simulated.map { FrameChartFormatter.Run(report: $0.report, label: $0.title) } }
    let names = SimulatedScene.labels(simulated[0], simulated[1])
    return [
      FrameChartFormatter.Run(report: simulated[0].report, label: "before: " + names.before),
      FrameChartFormatter.Run(report: simulated[1].report, label: "after: " + names.after),
    ]
  }
}
