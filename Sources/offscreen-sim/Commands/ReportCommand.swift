import Compositor
import LayerTree

/// `offscreen-sim report <scene>`: simulates a scene and prints what goes offscreen and why.
enum ReportCommand: ToolCommand {
  static let name = "report"
  static let summary = "Simulate a scene and report offscreen passes, blending, memory and findings."
  static let usageLine =
    "offscreen-sim report <scene.json | -> [--format text|json|markdown] [--device ID] [--device-file F] [--html out.html]"
  static let help = """
    OVERVIEW: \(summary)

    USAGE: \(usageLine)

    ARGUMENTS:
      <scene.json>        A scene file (docs/scene-format.md), or - to read standard input.

    OPTIONS:
      --format <format>   text (default): a summary, then each offscreen layer with its reason and fix.
                          json: the same as a versioned JSON document (docs/report-format.md).
                          markdown: a pull-request comment: a heading, one table, the verdict.
    \(DeviceSelection.help)
      --html <file>       Also write the report as one self-contained HTML page: the verdict, the
                          summary, the frame-time chart, the worst frame's offscreen overlay and the
                          findings with their fixes (docs/pictures.md). - prints only the page.
      -h, --help          Show this help.

    EXIT CODES:
      0  the report was printed (findings do not fail it)
      2  usage error, the scene cannot be read (file:line:column, JSON path, what was expected),
         or the HTML file cannot be written

    EXAMPLE:
      offscreen-sim report scenes/qqmusic-home-v1.json
      offscreen-sim report scenes/mail-cell-composite.json --format json --device iphone-6

    """

  enum Format: String, CaseIterable {
    case text
    case json
    case markdown
  }

  static func run(_ arguments: [String], io: ToolIO) throws -> ExitCode {
    let parsed = try ParsedArguments(arguments, options: Set(["--format", "--html"]).union(DeviceSelection.options), flags: [])
    guard parsed.positional.count == 1 else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing the scene file to report on" : "expected one scene file, found \(parsed.positional.count)")
    }
    let format = try parseFormat(parsed.value("--format"))
    let selection = try DeviceSelection(parsed, io: io)
    let path = parsed.positional[0]
    let scene = try SceneLoader(io: io).load(path, deviceOverride: selection.override, devices: selection.screens)
    guard let profile = selection.profile(scene.device) else {
      throw InputError("\(SceneLoader.displayName(path)): error: unknown device \"\(scene.device)\"")
    }
    let report = Simulator.run(scene, on: profile)
    let file = SceneLoader.displayName(path)
    if let html = parsed.value("--html") {
      try SimulatedScene(scene: scene, profile: profile, report: report, file: file).writeHTML(to: html, io: io)
      if html == "-" { return .success }
    }
    switch format {
    case .text: io.out(TextReportFormatter.format(report, file: file))
    case .json: io.document(JSONReportFormatter.format(report, file: file), .json)
    case .markdown: io.document(MarkdownReportFormatter.format(report, file: file), .markdown)
    }
    return .success
  }

  static func parseFormat(_ value: String?) throws(UsageError) -> Format {
    guard let value else { return .text }
    guard let format = Format(rawValue: value) else {
      throw UsageError("unknown format '\(value)'; expected one of: \(Format.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return format
  }

}
