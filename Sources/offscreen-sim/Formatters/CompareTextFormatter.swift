import Compositor
import LayerTree
import SceneBatch

/// Comparisons as a person reads them in a terminal or a CI log, short by default: for each,
/// the verdict first, then the pair, the gated metrics that changed and the findings that
/// appeared; everything else folded into one line that says how to see it (`--verbose`).
/// Several comparisons, or comparisons beside inputs that could not be used, open with their
/// totals (`, 1 unusable`).
enum CompareTextFormatter {
  static func format(_ run: CompareRun, unusable: Int = 0, detail: Detail = .short) -> StyledText {
    let results = run.results
    var text = StyledText()
    if results.isEmpty { return "nothing compared\n" }
    if results.count > 1 || unusable > 0 {
      text.append(
        CompareSummary.totals(run) + (unusable > 0 ? ", \(unusable) unusable" : ""), run.failed || unusable > 0 ? .worse : .strong)
      text += "\n"
    }
    for (index, result) in results.enumerated() {
      if detail == .quiet {
        text += quietLine(result)
        continue
      }
      if index > 0 || results.count > 1 { text += "\n" }
      text += block(result, detail: detail)
    }
    return text
  }

  /// `verdict: worse: ...` with its word styled.
  static func verdictLine(_ comparison: Comparison) -> StyledText {
    var text: StyledText = "verdict: "
    let word = CompareSummary.verdictWord(comparison)
    text.append(word, style(comparison.verdict))
    text += ": " + CompareSummary.verdictDetail(comparison) + "\n"
    return text
  }

  /// `before -> after on iPhone 7 (iphone-7)`.
  static func label(_ result: ComparisonResult) -> String {
    "\(TerminalText.inline(result.before.file)) -> \(TerminalText.inline(result.after.file)) on \(TerminalText.inline(result.deviceName)) (\(TerminalText.inline(result.deviceID)))"
      + (result.profile.map { "; " + ProfileNote.text($0, id: result.deviceID) } ?? "")
  }

  /// `--quiet`: `better: a.json -> b.json on iPhone 7 (iphone-7)`, and what failed.
  static func quietLine(_ result: ComparisonResult) -> StyledText {
    var text = StyledText()
    text.append(CompareSummary.verdictWord(result.comparison), style(result.comparison.verdict))
    text += ": " + label(result) + "\n"
    if result.comparison.failed { text += "  " + CompareSummary.verdictDetail(result.comparison) + "\n" }
    return text
  }

  static func style(_ verdict: Verdict) -> StyledText.Style {
    switch verdict {
    case .worse: return .worse
    case .better: return .better
    case .same, .notComparable, .changed: return .quiet
    }
  }

  static func block(_ result: ComparisonResult, detail: Detail = .short) -> StyledText {
    let comparison = result.comparison
    var text = verdictLine(comparison)
    text += label(result) + "\n"
    var rows = [["metric", "before", "after", "change", "verdict"]]
    var styles: [StyledText.Style?] = [nil]
    var folded = 0
    for change in comparison.metrics {
      let shown =
        detail == .verbose ? (change.isNonZero || change.gated) : (change.gated && (change.change.map { $0 != 0 } ?? change.isNonZero))
      guard shown else {
        folded += 1
        continue
      }
      rows.append([
        (change.gated ? "* " : "  ") + change.title, MetricFormat.value(change.before, change.unit),
        MetricFormat.value(change.after, change.unit), MetricFormat.change(change), change.verdict.rawValue,
      ])
      styles.append(style(change.verdict))
    }
    if rows.count > 1 {
      // The verdict is the last column: the rendered line ends with it.
      let lines = TextTable.render(rows, indent: "  ").split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() where index < rows.count {
        let word = rows[index][4]
        if let style = styles[index], line.hasSuffix(word) {
          text += String(line.dropLast(word.count))
          text.append(word, style)
        } else {
          text += String(line)
        }
        text += "\n"
      }
    }
    var notes = rows.count > 1 ? ["* gated"] : []
    notes.append("tolerance \(MetricFormat.plain(comparison.tolerance * 100))% (counts exact)")
    if folded > 0 {
      notes.append(
        detail == .verbose
          ? "\(folded) metrics 0 on both sides not shown"
          : "\(Markup.plural(folded, "other metric")) not shown: --verbose")
    }
    text += "  (" + notes.joined(separator: "; ") + ")\n"

    text += "  findings: \(comparison.appeared.count) appeared, \(comparison.disappeared.count) disappeared"
    text += comparison.findingsGated ? " (gated)\n" : "\n"
    let shownGroups = detail == .verbose ? Int.max : 5
    for (sign, keys) in [("+", comparison.appeared), ("-", comparison.disappeared)] {
      if detail != .verbose && sign == "-" { continue }
      let groups = CompareSummary.groups(keys)
      for group in groups.prefix(shownGroups) {
        text +=
          "    \(sign) \(TerminalText.inline(group.rule))  \(TerminalText.inline(group.pattern))\(group.count > 1 ? "  (\(group.count) layers)" : "")\n"
      }
      if groups.count > shownGroups { text += "    ... and \(groups.count - shownGroups) more: --verbose\n" }
    }
    return text
  }
}

/// Wording shared by the text and Markdown formatters.
enum CompareSummary {
  /// `worse: offscreen passes per frame (max) 0 -> 1 (+1) got worse`, `better: ...`, `same: ...`.
  static func verdictSentence(_ comparison: Comparison, arrow: String = "->") -> String {
    "\(verdictWord(comparison)): \(verdictDetail(comparison, arrow: arrow))"
  }

  /// True for a metric the full tables list: one that is gated or not the same.
  static func listed(_ change: MetricChange) -> Bool { change.gated || change.verdict != .same }

  static func verdictWord(_ comparison: Comparison) -> String {
    comparison.verdict == .notComparable ? Verdict.same.rawValue : comparison.verdict.rawValue
  }

  /// What made the verdict: the gated metrics that moved, and the ungated ones that got worse.
  static func verdictDetail(_ comparison: Comparison, arrow: String = "->") -> String {
    func describe(_ changes: [MetricChange]) -> String {
      changes.map { change in
        let amount = change.relativeChange.map(MetricFormat.percent) ?? MetricFormat.change(change)
        return
          "\(change.title) \(MetricFormat.value(change.before, change.unit)) \(arrow) \(MetricFormat.value(change.after, change.unit)) (\(amount))"
      }.joined(separator: ", ")
    }
    let ungatedWorse = comparison.metrics.filter { !$0.gated && $0.verdict == .worse }
    var detail: String
    switch comparison.verdict {
    case .worse:
      var parts: [String] = []
      // A gated figure a side lacks, or that is not a number, cannot show it did not get worse.
      let unknown = comparison.regressions.filter { change in
        [change.before, change.after].contains { $0.map { !$0.isFinite } ?? true }
      }
      let worse = comparison.regressions.filter { change in !unknown.contains(change) }
      if !worse.isEmpty { parts.append(describe(worse) + " got worse" + (cause(comparison).map { ", " + $0 } ?? "")) }
      for change in unknown {
        let side = change.before.map { $0.isFinite } == true ? "after" : "before"
        let value = (side == "after" ? change.after : change.before).map { MetricFormat.plain($0) }
        parts.append("\(change.title) is \(value.map { "\($0)" } ?? "missing") \(side), counted as worse")
      }
      if comparison.findingsGated && !comparison.appeared.isEmpty {
        parts.append("\(Markup.plural(comparison.appeared.count, "finding")) appeared")
      }
      detail = parts.joined(separator: "; ")
    case .better:
      let better = comparison.metrics.filter { $0.gated && $0.verdict == .better }
      detail = better.isEmpty ? "findings disappeared" : describe(better)
    case .same, .notComparable, .changed:
      detail = comparison.unchanged ? "no change" : "no gated metric changed"
    }
    var warned = comparison.warnings.isEmpty ? [] : [describe(comparison.warnings) + " got worse"]
    if comparison.findingsWarned {
      warned.append("\(Markup.plural(comparison.appeared.count, "finding")) appeared")
    }
    if !warned.isEmpty { detail += "; warning: " + warned.joined(separator: "; ") }
    if !ungatedWorse.isEmpty && comparison.verdict != .worse {
      let titles = ungatedWorse.prefix(5).map(\.title).joined(separator: ", ")
      detail += "; not gated, worse: \(titles)\(ungatedWorse.count > 5 ? " and \(ungatedWorse.count - 5) more" : "")"
    }
    return detail
  }

  /// What the regressions come from, when findings appeared: `with shadow-without-path on
  /// root/list/cell[*]/card (3 layers)`, the first two groups and how many more; nil when none
  /// appeared.
  static func cause(_ comparison: Comparison) -> String? {
    let groups = Self.groups(comparison.appeared)
    guard !groups.isEmpty else { return nil }
    let named = groups.prefix(2).map { group in
      "\(group.rule) on \(group.pattern)\(group.count > 1 ? " (\(group.count) layers)" : "")"
    }
    let more = groups.count - named.count
    return "with " + named.joined(separator: " and ") + (more > 0 ? " and \(more) more" : "")
  }

  /// `3 comparisons: 2 better, 1 same, 0 worse`.
  static func totals(_ run: CompareRun) -> String {
    "\(Markup.plural(run.results.count, "comparison")): \(run.count(.better)) better, \(run.count(.same)) same, \(run.count(.worse)) worse"
  }

  struct Group {
    var rule: String
    var pattern: String
    var count: Int
  }

  /// Findings of one rule on layers whose paths differ only in `[n]` indices, in first-seen order;
  /// a group of one keeps its full path.
  static func groups(_ keys: [FindingKey]) -> [Group] {
    var order: [String] = []
    var groups: [String: (Group, String)] = [:]
    for key in keys {
      let pattern = LayerPath.pattern(key.layer)
      let id = key.rule + " " + pattern
      if let (group, first) = groups[id] {
        groups[id] = (Group(rule: group.rule, pattern: group.pattern, count: group.count + 1), first)
      } else {
        order.append(id)
        groups[id] = (Group(rule: key.rule, pattern: pattern, count: 1), key.layer)
      }
    }
    return order.compactMap { id in
      guard let (group, first) = groups[id] else { return nil }
      return group.count == 1 ? Group(rule: group.rule, pattern: first, count: 1) : group
    }
  }
}
