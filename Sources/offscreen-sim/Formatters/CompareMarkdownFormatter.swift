import Compositor
import SceneBatch

/// Comparisons as a pull-request comment: a heading, one table, the verdict.
///
/// The table holds the gated metrics and every metric that changed; the rest are counted in the
/// verdict. With several comparisons the first column names each one.
enum CompareMarkdownFormatter {
  static func format(_ results: [ComparisonResult]) -> String {
    guard !results.isEmpty else { return "### offscreen-sim compare\n\nNothing was compared.\n" }
    let many = results.count > 1
    var text: String
    if many {
      text = "### offscreen-sim: \(results.count) comparisons\n\n"
    } else {
      let result = results[0]
      text =
        "### offscreen-sim: \(Markdown.code(result.before.file)) → \(Markdown.code(result.after.file)) on \(Markdown.cell(result.deviceName))\n\n"
    }
    var header = ["metric", "before", "after", "change", "verdict"]
    if many { header.insert("comparison", at: 0) }
    var rows: [[String]] = []
    var unchanged = 0
    for result in results {
      var first = true
      for change in result.comparison.metrics {
        guard change.gated || change.verdict != .same else {
          unchanged += 1
          continue
        }
        let title = change.gated ? "**\(Markdown.cell(change.title))**" : Markdown.cell(change.title)
        let verdict = change.verdict == .worse && change.gated ? "**worse**" : change.verdict.rawValue
        var row = [
          title, Markdown.cell(MetricFormat.value(change.before, change.unit)),
          Markdown.cell(MetricFormat.value(change.after, change.unit)), Markdown.cell(MetricFormat.change(change)), verdict,
        ]
        if many {
          row.insert(first ? label(result) : "", at: 0)
        }
        first = false
        rows.append(row)
      }
    }
    text += Markdown.table(header, right: many ? [2, 3, 4] : [1, 2, 3], rows)
    text += "\n" + verdict(results, unchanged: unchanged) + "\n"
    return text
  }

  /// `` `a.json` → `b.json` on iphone-7 ``.
  static func label(_ result: ComparisonResult) -> String {
    "\(Markdown.code(result.before.file)) → \(Markdown.code(result.after.file)) on \(Markdown.cell(result.deviceID))"
  }

  static func verdict(_ results: [ComparisonResult], unchanged: Int) -> String {
    let tolerance = results.first.map { MetricFormat.plain($0.comparison.tolerance * 100) } ?? "5"
    var lines: [String] = []
    if results.count == 1 {
      let comparison = results[0].comparison
      lines.append(
        "**Verdict: \(CompareSummary.verdictWord(comparison)).** "
          + Markdown.cell(CompareSummary.verdictDetail(comparison, arrow: "→")) + ".")
      lines.append(findings(comparison))
    } else {
      let failed = results.filter { $0.comparison.failed }
      let word = failed.isEmpty ? (results.contains { $0.comparison.verdict == .better } ? "better" : "same") : "worse"
      lines.append("**Verdict: \(word).** " + CompareSummary.totals(results) + ".")
      if !failed.isEmpty {
        lines.append(
          failed.map { "- \(label($0)): " + Markdown.cell(CompareSummary.verdictSentence($0.comparison, arrow: "→")) }
            .joined(separator: "\n"))
      }
      let appeared = results.reduce(0) { $0 + $1.comparison.appeared.count }
      let disappeared = results.reduce(0) { $0 + $1.comparison.disappeared.count }
      lines.append("Findings: \(appeared) appeared, \(disappeared) disappeared.")
    }
    lines.append(
      "Gated metrics in bold; tolerance \(tolerance)%, counts exact; \(unchanged) other metric\(unchanged == 1 ? "" : "s") the same. Findings match on (layer, rule)."
    )
    return lines.joined(separator: "\n\n")
  }

  /// `Findings: 1 appeared (rounded-clip on root/card), 12 disappeared (...).`
  static func findings(_ comparison: Comparison) -> String {
    func list(_ keys: [FindingKey]) -> String {
      let groups = CompareSummary.groups(keys)
      guard !groups.isEmpty else { return "" }
      let shown = groups.prefix(5).map { group in
        "\(Markdown.text(group.rule)) on \(Markdown.code(group.pattern))\(group.count > 1 ? " ×\(group.count)" : "")"
      }
      return " (" + shown.joined(separator: ", ") + (groups.count > 5 ? ", ..." : "") + ")"
    }
    return
      "Findings: \(comparison.appeared.count) appeared\(list(comparison.appeared)), \(comparison.disappeared.count) disappeared\(list(comparison.disappeared))."
  }
}
