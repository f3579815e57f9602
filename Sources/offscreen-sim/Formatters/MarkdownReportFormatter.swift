import Compositor
import LayerTree

/// A report as a pull-request comment: a heading, one table of the headline figures, the
/// verdict, and the offscreen layers in one line.
enum MarkdownReportFormatter {
  static func format(_ report: SimulationReport, file: String) -> String {
    let scene = report.scene
    let summary = report.summary
    let performance = summary.performance
    let title = scene.name.isEmpty ? Markdown.code(file) : "\(Markdown.cell(scene.name)) (\(Markdown.code(file)))"
    var text = "### offscreen-sim: \(title) on \(Markdown.cell(scene.deviceName))\n\n"
    if let profile = scene.profile { text += Markdown.text(ProfileNote.text(profile, id: scene.deviceID)) + ".\n\n" }
    func value(_ id: String) -> String {
      guard let metric = ReportMetrics.metric(id: id) else { return "-" }
      return MetricFormat.value(metric.value(in: summary), metric.unit)
    }
    let passes = summary.offscreenPasses
    let reasons = passes.byReason.filter { $0.value > 0 }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    let frames = summary.frames == 1 ? "1 frame" : "\(summary.frames) frames at \(formatNumber(summary.frameRate)) Hz"
    let rows: [[String]] = [
      ["frame rate", "\(ReportFigures(report).frameRate) (\(frames))"],
      ["hitch time ratio", "\(value("hitchTimeRatio")) (\(performance.hitchBand.rawValue))"],
      ["first display", ReportFigures(report).firstDisplay],
      ["model range", ReportFigures(report).modelRange ?? "none"],
      ["GPU time p95", "\(value("gpuMs.p95")) (budget \(MetricFormat.plain(performance.budgetMs)) ms); \(value("gpuUtilization")) busy"],
      ["main-thread time p95", "\(value("mainThreadMs.p95")); \(value("cpuUtilization")) busy"],
      [
        "offscreen passes per frame",
        "\(passes.perFrameMax) on \(Markup.plural(passes.layers, "layer"))"
          + (reasons.isEmpty ? "" : ": " + reasons.map { "\($0.key) \($0.value)" }.joined(separator: ", ")),
      ],
      ["raster cache hit rate", value("rasterCache.hitRate")],
      ["memory total", value("memoryBytes.total")],
      ["blended pixels", "\(value("blending.blendedPixels")), overdraw \(value("blending.overdraw"))"],
      ["layers", "\(summary.layers) (\(summary.visibleLayers) visible, \(summary.drawingLayers) drawing)"],
    ]
    text += Markdown.table(["metric", "value"], rows.map { [$0[0], Markdown.cell($0[1])] })
    text += "\n**\(Markdown.cell(TextReportFormatter.verdict(report))).**\n"
    let groups = TextReportFormatter.groups(report.findings.filter { $0.category == .offscreen })
    if !groups.isEmpty {
      let shown = groups.prefix(8).map { group in
        "\(group.findings[0].rule) on \(Markdown.code(group.pattern))\(group.findings.count > 1 ? " ×\(group.findings.count)" : "")"
      }
      text += "Offscreen: " + shown.joined(separator: ", ") + (groups.count > 8 ? ", ..." : "") + ".\n"
    }
    return text
  }
}
