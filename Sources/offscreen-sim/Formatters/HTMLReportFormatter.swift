import Compositor
import LayerTree

/// The report as one self-contained HTML page: the verdict, the summary table, the frame-time
/// chart, the offscreen overlay of the worst frame, and the findings with their fixes. No
/// network, no scripts, no external files: styles are inline and pictures are inline SVG.
///
/// The markup is XHTML-compatible (every element closed, attributes quoted, no named entities
/// beyond XML's), so the page parses as XML as well as HTML. ``formatComparison(before:after:comparison:)``
/// makes the same page for two runs (for `compare --html`).
enum HTMLReportFormatter {
  /// One run as the page shows it.
  struct Run {
    var report: SimulationReport
    /// The scene file, as messages show it.
    var file: String
    /// The scene's name, or its file.
    var title: String
    /// The worst frame, with the overlays to draw on it (the offscreen overlay by default).
    var picture: FramePictureFormatter.Input
  }

  static func format(_ run: Run) -> String {
    var body = "<h1>\(Markup.escape(run.title))</h1>\n"
    body += "<p class=\"verdict\">\(Markup.escape(TextReportFormatter.verdict(run.report)))</p>\n"
    body += sceneLine(run)
    body += "<h2>Summary</h2>\n" + summaryTable(SummaryRows(run.report))
    body += "<h2>Frame times</h2>\n"
    body += figure(
      FrameChartFormatter.svg([FrameChartFormatter.Run(report: run.report, label: run.title)]), caption: chartCaption(run.report))
    body += "<h2>Worst frame</h2>\n"
    body += figure(FramePictureFormatter.svg(run.picture), caption: pictureCaption(run))
    body += findings(run.report)
    body += disputed(run.report)
    return page(title: "offscreen-sim: \(run.title)", body: body)
  }

  /// Two runs on one page: both verdicts, the `comparison` of their reports (its metrics with a
  /// column per run, the change and its verdict), both runs on one chart, both worst frames side
  /// by side, and the findings split into fixed, new and remaining by the comparison's finding
  /// keys (rule and layer path, never message text).
  static func formatComparison(before: Run, after: Run, comparison: Comparison) -> String {
    let labels = ChartLabels(before: before, after: after)
    var body = "<h1>\(Markup.escape(labels.before)) vs \(Markup.escape(labels.after))</h1>\n"
    body += "<p class=\"verdict\"><span class=\"run\">before</span> \(Markup.escape(TextReportFormatter.verdict(before.report)))</p>\n"
    body += "<p class=\"verdict\"><span class=\"run\">after</span> \(Markup.escape(TextReportFormatter.verdict(after.report)))</p>\n"
    body += sceneLine(before, prefix: "before") + sceneLine(after, prefix: "after")
    body += "<h2>Summary</h2>\n" + comparisonTable(comparison)
    body += "<h2>Frame times</h2>\n"
    let runs = [
      FrameChartFormatter.Run(report: before.report, label: "before: " + labels.before),
      FrameChartFormatter.Run(report: after.report, label: "after: " + labels.after),
    ]
    body += figure(FrameChartFormatter.svg(runs), caption: "Before dashed, after solid. " + chartCaption(after.report))
    body += "<h2>Worst frames</h2>\n<div class=\"pair\">\n"
    var beforePicture = before.picture
    beforePicture.idPrefix = "before-" + beforePicture.idPrefix
    var afterPicture = after.picture
    afterPicture.idPrefix = "after-" + afterPicture.idPrefix
    body += figure(FramePictureFormatter.svg(beforePicture), caption: "Before: " + pictureCaption(before))
    body += figure(FramePictureFormatter.svg(afterPicture), caption: "After: " + pictureCaption(after))
    body += "</div>\n"
    body += comparedFindings(before.report, after.report, comparison)
    return page(title: "offscreen-sim: \(labels.before) vs \(labels.after)", body: body)
  }

  /// Names for the two runs: their titles, or their files when the titles are the same.
  struct ChartLabels {
    var before: String
    var after: String
    init(before: Run, after: Run) {
      (self.before, self.after) = SimulatedScene.labels(before: (before.title, before.file), after: (after.title, after.file))
    }
  }

  // MARK: - Page

  static let style = """
    body { font: 14px/1.45 -apple-system, Helvetica, Arial, sans-serif; color: #111827; max-width: 1120px; margin: 24px auto; padding: 0 16px; }
    h1 { font-size: 22px; margin: 0 0 8px; }
    h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #E5E7EB; padding-bottom: 4px; }
    h3 { font-size: 15px; margin: 18px 0 6px; }
    .verdict { font-size: 16px; font-weight: 600; background: #F3F4F6; border-left: 4px solid #E4572E; padding: 8px 12px; margin: 8px 0; }
    .run { display: inline-block; min-width: 52px; color: #6B7280; font-weight: 400; }
    .meta, .note { color: #4B5563; margin: 4px 0; }
    table { border-collapse: collapse; margin: 8px 0; }
    th, td { text-align: left; vertical-align: top; padding: 4px 12px 4px 0; border-bottom: 1px solid #F3F4F6; }
    th { color: #4B5563; font-weight: 600; white-space: nowrap; }
    td.number { text-align: right; font-variant-numeric: tabular-nums; }
    figure { margin: 12px 0; }
    figure svg { max-width: 100%; height: auto; border: 1px solid #E5E7EB; }
    figcaption { color: #4B5563; font-size: 13px; margin-top: 4px; }
    .pair { display: flex; flex-wrap: wrap; gap: 16px; }
    .pair figure { flex: 1 1 480px; }
    .finding { margin: 10px 0 14px; }
    .finding .head { font-weight: 600; }
    .finding code { background: #F3F4F6; padding: 0 3px; }
    .finding .fix { color: #065F46; }
    .finding p { margin: 2px 0 2px 16px; }
    footer { color: #9CA3AF; font-size: 12px; margin-top: 32px; }
    """

  static func page(title: String, body: String) -> String {
    var html = "<!DOCTYPE html>\n"
    html += "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
    html += "<title>\(Markup.escape(title))</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
    html += body
    html +=
      "<footer>Made by offscreen-sim \(toolVersion): a simulation of the render server from a scene file, not a measurement.</footer>\n"
    html += "</body>\n</html>\n"
    return html
  }

  static func sceneLine(_ run: Run, prefix: String? = nil) -> String {
    let scene = run.report.scene
    var line = prefix.map { "<span class=\"run\">\($0)</span> " } ?? ""
    line += Markup.escape(
      "\(run.file): \(scene.deviceName), \(formatNumber(scene.renderedPixels.width))x\(formatNumber(scene.renderedPixels.height)) px @\(formatNumber(scene.scale))x, \(formatNumber(scene.refreshRate)) Hz, iOS \(scene.iosVersion); \(Markup.plural(run.report.frames.count, "frame")) at \(formatNumber(run.report.summary.frameRate)) Hz"
        + (scene.profile.map { "; " + ProfileNote.text($0, id: scene.deviceID) } ?? "")
    )
    var html = "<p class=\"meta\">\(line)</p>\n"
    if !scene.description.isEmpty && prefix == nil { html += "<p class=\"note\">\(Markup.escape(scene.description))</p>\n" }
    return html
  }

  static func figure(_ svg: String, caption: String) -> String {
    "<figure>\n\(svg)<figcaption>\(Markup.escape(caption))</figcaption>\n</figure>\n"
  }

  static func chartCaption(_ report: SimulationReport) -> String {
    "Per frame: GPU, render-server and main-thread time against the frame budget of \(Markup.number(report.summary.performance.budgetMs)) ms (dashed); hitches marked in red above the plot; grey bars: offscreen passes (right-hand axis)."
  }

  static func pictureCaption(_ run: Run) -> String {
    let frame = run.picture.snapshot.state.frame
    let passes = run.picture.snapshot.plan.offscreenPasses
    let layers = run.picture.snapshot.plan.nodes.filter { !$0.offscreen.isEmpty }.count
    let why = passes > 0 ? "the frame with the most offscreen passes" : "no frame has an offscreen pass; the frame with the most GPU time"
    return
      "Frame \(frame) (\(why)): \(Markup.plural(passes, "offscreen pass", "offscreen passes")) on \(Markup.plural(layers, "layer")), tinted yellow, darker when nested."
  }

  // MARK: - Summary

  /// The summary's rows as the page lays them out: a table of label and value.
  static func summaryTable(_ rows: SummaryRows) -> String {
    var html = "<table class=\"summary\">\n"
    var above = ""
    for (name, value) in rows.laidOut(.html) {
      // A row the text report indents under the one above ("  by item") is named with it here,
      // where a table's cells keep no indentation: "GPU by item".
      let indented = name.hasPrefix("  ")
      let label = indented ? above + " " + name.drop(while: { $0 == " " }) : name
      if !indented { above = name }
      html += "<tr><th scope=\"row\">\(Markup.escape(label))</th><td>\(Markup.escape(value))</td></tr>\n"
    }
    return html + "</table>\n"
  }

  /// The comparison of the two runs as compare makes it: every metric that is gated or changed
  /// (``CompareSummary/listed(_:)``, as the Markdown comment's full table), before, after, the
  /// change and its verdict, gated metrics in bold; then the comparison's verdict, the tolerance,
  /// and how many metrics are left out as the same.
  static func comparisonTable(_ comparison: Comparison) -> String {
    var html = "<table class=\"comparison\">\n<tr><th></th><th>before</th><th>after</th><th>change</th><th>verdict</th></tr>\n"
    let listed = comparison.metrics.filter(CompareSummary.listed)
    for change in listed {
      let title = Markup.escape(change.title)
      let cells = [
        MetricFormat.value(change.before, change.unit), MetricFormat.value(change.after, change.unit), MetricFormat.change(change),
      ].map { "<td class=\"number\">\(Markup.escape($0))</td>" }.joined()
      html +=
        "<tr><th scope=\"row\">\(change.gated ? "<strong>\(title)</strong>" : title)</th>\(cells)<td>\(Markup.escape(change.verdict.rawValue))</td></tr>\n"
    }
    html += "</table>\n"
    let others = comparison.metrics.count - listed.count
    let note =
      "Verdict: \(CompareSummary.verdictSentence(comparison, arrow: "→")). Gated metrics in bold; tolerance \(MetricFormat.plain(comparison.tolerance * 100))%, counts exact; \(Markup.plural(others, "other metric")) the same."
    return html + "<p class=\"note\">\(Markup.escape(note))</p>\n"
  }

  // MARK: - Findings

  static func findings(_ report: SimulationReport) -> String {
    var html = "<h2>Findings</h2>\n"
    let offscreen = report.findings.filter { $0.category == .offscreen }
    let images = report.findings.filter { $0.category == .image }
    if offscreen.isEmpty && images.isEmpty {
      return html + "<p class=\"note\">No layer goes offscreen and every image is drawn at its own size, on the pixel grid.</p>\n"
    }
    if !offscreen.isEmpty {
      html += "<h3>Offscreen layers (most GPU time first)</h3>\n"
      for ranked in ReportFigures(report).offscreenGroups { html += findingBlock(ranked.group, frames: report.frames.count) }
    }
    if !images.isEmpty {
      html += "<h3>Images</h3>\n"
      for group in TextReportFormatter.groups(images) { html += findingBlock(group, frames: report.frames.count) }
    }
    return html
  }

  /// The disputed points that decide a result (``DisputedDecision``): both answers with their
  /// sources, and what the other answer gives, in the text report's words.
  static func disputed(_ report: SimulationReport) -> String {
    guard !report.disputed.isEmpty else { return "" }
    var html = "<h2>Disputed rules</h2>\n<p class=\"note\">Published device tests disagree; the figures above take the first answer.</p>\n"
    for decision in report.disputed {
      html += "<div class=\"finding\" data-rule=\"\(Markup.escape(decision.rule))\">\n"
      html +=
        "<div class=\"head\"><span class=\"rule\">\(Markup.escape(decision.rule))</span> <code>\(Markup.escape(decision.point))</code> \(Markup.escape(decision.question))</div>\n"
      html += "<p>Decides \(decision.layers.prefix(8).map { "<code>\(Markup.escape($0.layer))</code>" }.joined(separator: ", "))"
      html += decision.layers.count > 8 ? " and \(decision.layers.count - 8) more.</p>\n" : ".</p>\n"
      for (label, answer) in [
        (decision.takenIsDefault ? "Assumed (the documented default)" : "Assumed (--assume)", decision.taken),
        ("Other answer", decision.other),
      ] {
        html += "<p>\(label): \(Markup.escape(answer.claim))</p>\n<ul>\n"
        for source in answer.sources {
          html += "<li>\(Markup.escape(source.title)): \(Markup.escape(source.says)) (<code>\(Markup.escape(source.url))</code>)</li>\n"
        }
        html += "</ul>\n"
      }
      let delta = decision.otherGpuMs - decision.gpuMs
      html +=
        "<p class=\"fix\">With the other answer: \(Markup.plural(decision.otherPasses, "pass", "passes")) in the worst frame (now \(decision.passes)), GPU \(Readable.fixed(decision.otherGpuMs, 2)) ms/frame (now \(Readable.fixed(decision.gpuMs, 2)), \(delta >= 0 ? "+" : "-")\(Readable.fixed(abs(delta), 2))).</p>\n</div>\n"
    }
    return html
  }

  static func findingBlock(_ group: TextReportFormatter.Group, frames: Int) -> String {
    let first = group.findings[0]
    var head = "<span class=\"rule\">\(Markup.escape(first.rule))</span> <code>\(Markup.escape(group.pattern))</code>"
    var figures: [String] = []
    if group.findings.count > 1 { figures.append("\(group.findings.count) layers") }
    if first.category == .offscreen {
      // The figures the text report gives the group (``ReportFigures``).
      let passes = group.findings.reduce(0) { $0 + $1.passes }
      let pixels = group.findings.reduce(0.0) { $0 + $1.pixelArea }
      let gpu = FindingGroup.meanGPUMs(group.findings, frames: frames)
      figures.append(
        "\(Markup.plural(passes, "pass", "passes"))\(TextReportFormatter.xcodeNote(group.findings)), \(Readable.count(pixels)) px, GPU \(Readable.fixed(gpu, 2)) ms/frame on average"
      )
      if first.depth > 0 { figures.append("nested \(first.depth) deep") }
    }
    if frames > 1 { figures.append("in \(group.findings.map(\.frames).max() ?? 0) of \(frames) frames") }
    if let source = first.source { figures.append("scene line \(source.line)") }
    if !figures.isEmpty { head += " " + Markup.escape("(" + figures.joined(separator: "; ") + ")") }
    return
      "<div class=\"finding\" data-rule=\"\(Markup.escape(first.rule))\">\n<div class=\"head\">\(head)</div>\n<p>\(Markup.escape(first.message))</p>\n<p class=\"fix\">Fix: \(Markup.escape(first.fix))</p>\n</div>\n"
  }

  /// The findings of both runs split by the comparison's finding keys (rule and layer path):
  /// fixed (``Comparison/disappeared``), new (``Comparison/appeared``) and still there.
  static func comparedFindings(_ before: SimulationReport, _ after: SimulationReport, _ comparison: Comparison) -> String {
    func key(_ finding: Finding) -> FindingKey { FindingKey(rule: finding.rule, layer: finding.layer) }
    let disappeared = Set(comparison.disappeared)
    let appeared = Set(comparison.appeared)
    let fixed = before.findings.filter { disappeared.contains(key($0)) }
    let added = after.findings.filter { appeared.contains(key($0)) }
    let remaining = after.findings.filter { !appeared.contains(key($0)) }
    var html = "<h2>Findings</h2>\n"
    html +=
      "<p class=\"note\">\(Markup.escape("Matched on rule and layer path: \(fixed.count) fixed, \(added.count) new, \(remaining.count) still there."))</p>\n"
    for (title, list, frames) in [
      ("Fixed (before only)", fixed, before.frames.count), ("New (after only)", added, after.frames.count),
      ("Still there", remaining, after.frames.count),
    ] where !list.isEmpty {
      html += "<h3>\(Markup.escape(title))</h3>\n"
      for group in TextReportFormatter.groups(list) { html += findingBlock(group, frames: frames) }
    }
    return html
  }
}
