import Compositor
import SceneBatch

/// `check` results as a pull-request comment: a heading, one table, the verdict.
enum CheckMarkdownFormatter {
  static func format(_ run: CheckRun) -> String {
    let total = run.passed + run.failed + run.warnings
    var text =
      run.failed > 0
      ? "### offscreen-sim check: \(run.failed) of \(total) budget\(total == 1 ? "" : "s") failed\n\n"
      : "### offscreen-sim check: \(total == 0 ? "no budgets" : "all \(total) budget\(total == 1 ? "" : "s") passed")\n\n"
    var rows: [[String]] = []
    for entry in run.entries {
      for result in entry.results {
        rows.append([
          Markdown.code(entry.file), Markdown.cell(entry.deviceID), Markdown.code(result.kind.rawValue),
          Markdown.cell(CheckTextFormatter.expected(result)), Markdown.cell(CheckTextFormatter.found(result)),
          result.passed || result.warning ? CheckTextFormatter.status(result) : "**failed**",
        ])
      }
    }
    text += Markdown.table(["scene", "device", "budget", "expected", "found", "result"], right: [3, 4], rows)
    var verdict = "\n**Verdict: \(run.failed > 0 ? "failed" : "passed").** \(run.totals)"
    if !run.skipped.isEmpty {
      verdict += "; \(run.skipped.count) scene\(run.skipped.count == 1 ? "" : "s") without budgets skipped"
    }
    return text + verdict + ".\n"
  }
}
