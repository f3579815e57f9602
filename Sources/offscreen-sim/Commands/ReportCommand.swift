import Compositor
import LayerTree

/// `offscreen-sim report <scene>`: simulates a scene and prints what goes offscreen and why.
enum ReportCommand: ToolCommand {
  static let format = SharedOptions.format(
    [
      (.text, "a summary, then each offscreen layer with its reason and fix."),
      (.json, "the same as a versioned JSON document (docs/report-format.md)."),
      (.markdown, "a pull-request comment: a heading, one table, the verdict."),
    ] + OutputFormat.reporters.filter { $0.0 != .junit })  // a report's findings set no exit code: no JUnit test case
  static let html = OptionDeclaration(
    "--html", value: "file", kind: .file,
    help:
      "Also write the report as one self-contained HTML page: the verdict, the summary, the frame-time chart, the worst frame's offscreen overlay and the findings with their fixes (docs/pictures.md). - prints only the page."
  )

  static let assume = OptionDeclaration(
    "--assume", value: "point",
    kind: .oneOf(OffscreenRules.disputedPoints.map { Choice($0.id, "\($0.rule): \($0.other.claim)") }),
    help:
      "Take the other answer to a disputed point, a behaviour published device tests disagree on (docs/rules.md#disputed-points): the figures follow it, and the report's note names the documented default as the other answer. Repeatable.",
    repeatable: true)

  static let declaration = CommandDeclaration(
    name: "report", summary: "Simulate a scene and report offscreen passes, blending, memory and findings.",
    arguments: [SharedOptions.scene],
    options: [format] + SharedOptions.deviceGroup + [html, assume] + SharedOptions.limitGroup,
    exitCodes: [
      ExitCodeNote(.success, "the report was printed (findings do not fail it)"),
      ExitCodeNote(
        .usageOrInput,
        "usage error, the scene cannot be read (file:line:column, JSON path, what was expected), or the HTML file cannot be written"),
    ],
    examples: [
      "offscreen-sim report scenes/qqmusic-home-v1.json",
      "offscreen-sim report scenes/mail-cell-composite.json --format json --device iphone-6",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard parsed.positional.count == 1 else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing the scene file to report on" : "expected one scene file, found \(parsed.positional.count)")
    }
    let format = OutputFormat(parsed, Self.format)
    let selection = try DeviceSelection(parsed, io: io)
    let path = parsed.positional[0]
    let (scene, profile, file) = try LoadedScene.load(path, devices: selection, io: io).placed
    let html = parsed.value(Self.html)
    let assumptions = Assumptions(others: Set(parsed.values(Self.assume)))
    let rules = OffscreenRules.all(assuming: assumptions)
    var report: SimulationReport
    if let html {
      // The page's picture is the worst frame, kept during the one simulation.
      let run = try Simulation.run(scene, on: profile, file: file, keeping: .worst, rules: rules)
      report = run.report
      report.disputed = Disputes.assess(scene, on: profile, report: report, assuming: assumptions)
      try SimulatedScene(scene: scene, profile: profile, report: report, file: file, kept: (run.frame, run.snapshot))
        .writeHTML(to: html, io: io)
      if html == "-" { return .success }
    } else {
      report = try Simulation.run(scene, on: profile, file: file, rules: rules)
      report.disputed = Disputes.assess(scene, on: profile, report: report, assuming: assumptions)
    }
    switch format {
    case .text: io.out(TextReportFormatter.format(report, file: file))
    case .json: io.document(JSONReportFormatter.format(report, file: file), .json)
    case .markdown: io.document(MarkdownReportFormatter.format(report, file: file), .markdown)
    default: if let reporter = format.reporter { io.print(reporter, Outcomes(report, file: file)) }
    }
    return .success
  }
}
