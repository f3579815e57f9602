import Compositor
import SceneBatch

/// `check` results as a pull-request comment: a heading, one table, the inputs that could not be
/// used, the verdict.
enum CheckMarkdownFormatter {
  static func format(_ run: CheckRun, errors: [InputError] = []) -> String {
    let total = run.passed + run.failed + run.warnings
    var text: String
    if !errors.isEmpty {
      text = "### offscreen-sim check: \(Markup.plural(errors.count, "input")) could not be used\n\n"
    } else if run.failed > 0 {
      text = "### offscreen-sim check: \(run.failed) of \(Markup.plural(total, "budget")) failed\n\n"
    } else {
      text = "### offscreen-sim check: \(total == 0 ? "no budgets" : "all \(Markup.plural(total, "budget")) passed")\n\n"
    }
    text += CompareMarkdownFormatter.profileLines(run.entries.map { ($0.deviceID, $0.profile) })
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
    text += Markdown.unusableInputs(errors)
    var verdict = "\n**Verdict: \(run.failed > 0 || !errors.isEmpty ? "failed" : "passed").** \(run.totals(unusable: errors.count))"
    if !run.skipped.isEmpty {
      verdict += "; \(Markup.plural(run.skipped.count, "scene")) without budgets skipped"
    }
    return text + verdict + ".\n"
  }
}
