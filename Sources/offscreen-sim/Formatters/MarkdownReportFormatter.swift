import Compositor
import LayerTree

/// A report as a pull-request comment: a heading, one table of the headline figures, the
/// verdict, and the offscreen layers in one line.
enum MarkdownReportFormatter {
  static func format(_ report: SimulationReport, file: String) -> String {
    let scene = report.scene
    let title =
      scene.name.isEmpty ? Markdown.code(file, inTable: false) : "\(Markdown.cell(scene.name)) (\(Markdown.code(file, inTable: false)))"
    var text = "### offscreen-sim: \(title) on \(Markdown.cell(scene.deviceName))\n\n"
    if let profile = scene.profile { text += Markdown.text(ProfileNote.text(profile, id: scene.deviceID)) + ".\n\n" }
    text += summaryTable(SummaryRows(report))
    text += "\n**\(Markdown.cell(TextReportFormatter.verdict(report))).**\n"
    let groups = TextReportFormatter.groups(report.findings.filter { $0.category == .offscreen })
    if !groups.isEmpty {
      let shown = groups.prefix(8).map { group in
        "\(group.findings[0].rule) on \(Markdown.code(group.pattern, inTable: false))\(group.findings.count > 1 ? " ×\(group.findings.count)" : "")"
      }
      text += "Offscreen: " + shown.joined(separator: ", ") + (groups.count > 8 ? ", ..." : "") + ".\n"
    }
    return text
  }

  /// The summary's rows as the comment lays them out: a table of metric and value.
  static func summaryTable(_ rows: SummaryRows) -> String {
    Markdown.table(["metric", "value"], rows.laidOut(.markdown).map { [$0.label, Markdown.cell($0.value)] })
  }
}
