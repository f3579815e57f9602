import Compositor
import SceneBatch

/// Comparisons as a pull-request comment, short: a heading, the verdict, a table of the gated
/// metrics that changed and the findings that appeared; every other metric folded into a
/// `<details>` block a reader opens when they want it.
///
/// With several comparisons the tables' first column names each one.
enum CompareMarkdownFormatter {
  /// One line for each user's device profile the runs used (`--device-file`), each once.
  static func profileLines(_ runs: [(id: String, profile: UserProfile?)]) -> String {
    var seen: [String] = []
    var text = ""
    for run in runs {
      guard let profile = run.profile else { continue }
      let line = Markdown.text(ProfileNote.text(profile, id: run.id)) + ".\n\n"
      if !seen.contains(line) {
        seen.append(line)
        text += line
      }
    }
    return text
  }

  /// `errors`: inputs that could not be used, listed after everything else with a failed verdict.
  static func format(_ run: CompareRun, errors: [InputError] = []) -> String {
    guard errors.isEmpty else { return format(run) + unusable(errors) }
    let results = run.results
    guard !results.isEmpty else { return "### offscreen-sim compare\n\nNothing was compared.\n" }
    let many = results.count > 1
    var text: String
    if many {
      text = "### offscreen-sim: \(results.count) comparisons\n\n"
    } else {
      let result = results[0]
      text =
        "### offscreen-sim: \(Markdown.code(result.before.file, inTable: false)) → \(Markdown.code(result.after.file, inTable: false)) on \(Markdown.cell(result.deviceName))\n\n"
    }
    text += profileLines(results.map { ($0.deviceID, $0.profile) })
    text += verdict(run) + "\n\n"

    var header = ["metric", "before", "after", "change", "verdict"]
    if many { header.insert("comparison", at: 0) }
    let right: Set<Int> = many ? [2, 3, 4] : [1, 2, 3]
    let changed = rows(results, many: many) { change in change.gated && (change.change.map { $0 != 0 } ?? change.isNonZero) }
    if changed.isEmpty {
      text += "No gated metric changed.\n\n"
    } else {
      text += Markdown.table(header, right: right, changed) + "\n"
    }
    text += findings(results) + "\n\n"

    let all = rows(results, many: many, include: CompareSummary.listed)
    let metrics = results.reduce(0) { $0 + $1.comparison.metrics.count }
    let unchanged = metrics - all.count
    text +=
      "<details><summary>Every metric that changed or is gated (\(all.count)); \(Markup.plural(unchanged, "other")) the same</summary>\n\n"
    text += Markdown.table(header, right: right, all) + "\n"
    let tolerance = MetricFormat.plain(results[0].comparison.tolerance * 100)
    text += "Gated metrics in bold; tolerance \(tolerance)%, counts exact. Findings match on (layer, rule).\n\n</details>\n"
    return text
  }

  /// Table rows of the metrics `include` picks, the comparison named on its first row.
  static func rows(_ results: [ComparisonResult], many: Bool, include: (MetricChange) -> Bool) -> [[String]] {
    var rows: [[String]] = []
    for result in results {
      var first = true
      for change in result.comparison.metrics where include(change) {
        let title = change.gated ? "**\(Markdown.cell(change.title))**" : Markdown.cell(change.title)
        let verdict = change.verdict == .worse && change.gated ? "**worse**" : change.verdict.rawValue
        var row = [
          title, Markdown.cell(MetricFormat.value(change.before, change.unit)),
          Markdown.cell(MetricFormat.value(change.after, change.unit)), Markdown.cell(MetricFormat.change(change)), verdict,
        ]
        if many { row.insert(first ? label(result) : "", at: 0) }
        first = false
        rows.append(row)
      }
    }
    return rows
  }

  /// `` `a.json` → `b.json` on iphone-7 ``.
  static func label(_ result: ComparisonResult, inTable: Bool = true) -> String {
    "\(Markdown.code(result.before.file, inTable: inTable)) → \(Markdown.code(result.after.file, inTable: inTable)) on \(Markdown.cell(result.deviceID))"
  }

  /// The inputs that could not be used, and the verdict they make: failed.
  static func unusable(_ errors: [InputError]) -> String {
    Markdown.unusableInputs(errors) + "\n**Verdict: failed.** \(Markup.plural(errors.count, "input")) could not be used.\n"
  }

  /// `**Verdict: better.** ...`; with several comparisons, the totals and each that failed.
  static func verdict(_ run: CompareRun) -> String {
    let results = run.results
    if results.count == 1 {
      let comparison = results[0].comparison
      return "**Verdict: \(CompareSummary.verdictWord(comparison)).** "
        + Markdown.cell(CompareSummary.verdictDetail(comparison, arrow: "→")) + "."
    }
    let failed = results.filter { $0.comparison.failed }
    var lines = ["**Verdict: \(run.verdict.rawValue).** " + CompareSummary.totals(run) + "."]
    if !failed.isEmpty {
      lines.append(
        failed.map { "- \(label($0, inTable: false)): " + Markdown.cell(CompareSummary.verdictSentence($0.comparison, arrow: "→")) }
          .joined(separator: "\n"))
    }
    return lines.joined(separator: "\n\n")
  }

  /// The findings line: for one comparison what appeared and disappeared; for several, the
  /// counts.
  static func findings(_ results: [ComparisonResult]) -> String {
    if results.count == 1 { return findings(results[0].comparison) }
    let appeared = results.reduce(0) { $0 + $1.comparison.appeared.count }
    let disappeared = results.reduce(0) { $0 + $1.comparison.disappeared.count }
    return "Findings: \(appeared) appeared, \(disappeared) disappeared."
  }

  /// `Findings: 1 appeared (rounded-clip on root/card), 12 disappeared (...).`
  static func findings(_ comparison: Comparison) -> String {
    func list(_ keys: [FindingKey]) -> String {
      let groups = CompareSummary.groups(keys)
      guard !groups.isEmpty else { return "" }
      let shown = groups.prefix(5).map { group in
        "\(Markdown.text(group.rule)) on \(Markdown.code(group.pattern, inTable: false))\(group.count > 1 ? " ×\(group.count)" : "")"
      }
      return " (" + shown.joined(separator: ", ") + (groups.count > 5 ? ", ..." : "") + ")"
    }
    return
      "Findings: \(comparison.appeared.count) appeared\(list(comparison.appeared)), \(comparison.disappeared.count) disappeared\(list(comparison.disappeared))."
  }
}
