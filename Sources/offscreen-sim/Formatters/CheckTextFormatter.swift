import Compositor
import SceneBatch

/// `check` results for a terminal or a CI log: one line per budget and device, passed or
/// failed, with the expected and the found value; the scenes skipped; then the total line,
/// `12 passed, 1 failed`, alone and last, with `, 1 unusable` when inputs could not be used (each
/// named on standard error). `--quiet` keeps the failed lines and the total.
enum CheckTextFormatter {
  static func format(_ run: CheckRun, unusable: Int = 0, detail: Detail = .short) -> StyledText {
    var rows: [[String]] = []
    for entry in run.entries {
      for result in entry.results where detail != .quiet || !result.passed {
        rows.append([
          status(result), TerminalText.inline(entry.file), entry.deviceID, result.kind.rawValue,
          "expected \(expected(result))",
          "found \(found(result))",
        ])
      }
    }
    var text = StyledText()
    // Each user's device profile the scenes ran on, once, before the lines it is about.
    var profiles: [String] = []
    for entry in run.entries where detail != .quiet {
      if let profile = entry.profile, !profiles.contains(ProfileNote.text(profile, id: entry.deviceID)) {
        profiles.append(ProfileNote.text(profile, id: entry.deviceID))
      }
    }
    for line in profiles { text += line + "\n" }
    // The first column is the outcome: each line starts with it.
    for line in TextTable.render(rows).split(separator: "\n") {
      let word = line.hasPrefix("passed") ? "passed" : line.hasPrefix("warning") ? "warning" : "failed"
      text.append(word, word == "passed" ? .better : word == "warning" ? .strong : .worse)
      text += String(line.dropFirst(word.count)) + "\n"
    }
    if detail != .quiet {
      for file in run.skipped { text += "skipped  \(TerminalText.inline(file))  (no budgets)\n" }
    }
    text.append(run.totals(unusable: unusable), run.failed > 0 || unusable > 0 ? .worse : .strong)
    return text + "\n"
  }

  /// `passed`, `failed`, or `warning` for a failed budget that only warns.
  static func status(_ result: BudgetResult) -> String { result.passed ? "passed" : (result.warning ? "warning" : "failed") }

  /// `<= 8 ms`, `>= 55 fps`, `>= 90%`.
  static func expected(_ result: BudgetResult) -> String {
    (result.kind.isMinimum ? ">= " : "<= ") + MetricFormat.value(result.expected, result.metric?.unit ?? .count, precise: true)
  }

  /// The found value; `n/a (nothing rasterized)` for a hit rate without a rasterized layer.
  static func found(_ result: BudgetResult) -> String {
    guard let found = result.found else {
      return result.kind == .minRasterHitRate ? "n/a (nothing rasterized)" : "n/a"
    }
    return MetricFormat.value(found, result.metric?.unit ?? .count, precise: true)
  }

  /// `maxGpuMsP95 failed: expected <= 8 ms, found 9.1 ms`.
  static func describe(_ result: BudgetResult) -> String {
    "\(result.kind.rawValue) \(status(result)): expected \(expected(result)), found \(found(result))"
  }
}
