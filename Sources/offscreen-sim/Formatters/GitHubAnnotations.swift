import Compositor
import LayerTree
import SceneBatch

/// Failures as GitHub Actions workflow commands (`::error file=...,line=...::message`), which
/// the runner turns into annotations on the file in the job and the pull request. Printed only
/// when `GITHUB_ACTIONS=true`, to standard error (``ToolIO/annotate(_:)``): the runner reads
/// workflow commands from both streams, and standard output stays a clean document for
/// `--format json` or `markdown`.
///
/// The command's form is GitHub's "Setting an error message"
/// (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands):
/// `::error file={name},line={line},col={col},title={title}::{message}`. Its escaping is the
/// Actions toolkit's (`escapeData` and `escapeProperty` in actions/toolkit
/// `packages/core/src/command.ts`), undone by the runner (`UnescapeData`, `UnescapeProperty` in
/// actions/runner `src/Runner.Common/ActionCommand.cs`): `%` as `%25`, CR as `%0D`, LF as `%0A`
/// in the message; in properties also `:` as `%3A` and `,` as `%2C`, since properties are
/// separated by `,` and end at the next `::`. Before that, what a terminal would act on
/// (``TerminalText/isHazard(_:)``, line breaks aside) is shown as `\u{1B}`, since the log shows
/// the message too.
enum GitHubAnnotations: OutcomeReporter {
  static let summary =
    "GitHub Actions workflow commands (::error file=...,line=...,col=...::), which become annotations on the pull request."
  static let output = ReporterOutput.workflowCommands

  /// An annotation per problem: `::error` or `::warning`, on its file, line and column when
  /// known.
  static func format(_ outcomes: Outcomes) -> String {
    var text = ""
    for outcome in outcomes.problems {
      let title: String
      switch outcome.kind {
      case "budget": title = "offscreen-sim: budget \(outcome.rule) \(outcome.level == .warning ? "warning" : "failed")"
      case "regression": title = "offscreen-sim: \(outcome.rule) got worse"
      case Outcome.inputErrorKind: title = "offscreen-sim: could not use \(outcome.file)"
      default: title = "offscreen-sim: \(outcome.rule)"
      }
      text += command(
        outcome.level == .error ? "error" : outcome.level == .warning ? "warning" : "notice", file: outcome.file,
        line: outcome.location?.line, column: outcome.location?.column, title: title, message: outcome.message)
    }
    return text
  }

  /// One `::error` line. Every value is escaped here: callers pass text as it is.
  static func error(file: String?, line: Int? = nil, column: Int? = nil, title: String, message: String) -> String {
    command("error", file: file, line: line, column: column, title: title, message: message)
  }

  /// One workflow command (`error`, `warning`, `notice`).
  static func command(_ name: String, file: String?, line: Int? = nil, column: Int? = nil, title: String, message: String) -> String {
    var properties: [String] = []
    if let file { properties.append("file=\(escapeProperty(file))") }
    if let line { properties.append("line=\(line)") }
    if let column { properties.append("col=\(column)") }
    properties.append("title=\(escapeProperty(title))")
    return "::\(name) \(properties.joined(separator: ","))::\(escapeData(message))\n"
  }

  /// A message: terminal hazards shown as escapes, then `%`, CR and LF as the runner reads them.
  static func escapeData(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default:
        if TerminalText.isHazard(scalar) {
          result += TerminalText.visible(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// A property's value: as a message, and `:` and `,` too.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }

  /// An annotation on the after file for each comparison that failed.
  static func regressions(_ results: [ComparisonResult]) -> String {
    var text = ""
    for result in results where result.comparison.failed || !result.comparison.warnings.isEmpty || result.comparison.findingsWarned {
      text += command(
        result.comparison.failed ? "error" : "warning", file: result.after.file,
        title: "offscreen-sim: rendering got worse on \(result.deviceID)",
        message:
          "\(result.after.file) on \(result.deviceName), against \(result.before.file): "
          + CompareSummary.verdictSentence(result.comparison))
    }
    return text
  }

  /// An annotation on the scene file for each budget that failed, on the budget's line and
  /// column when the limit is the scene's own (as `--format github` places it).
  static func budgetFailures(_ run: CheckRun) -> String {
    var text = ""
    for entry in run.entries {
      for result in entry.results where !result.passed {
        let location = entry.budgetsFile == nil ? result.limit.location : nil
        text += command(
          result.warning ? "warning" : "error", file: entry.file, line: location?.line, column: location?.column,
          title: "offscreen-sim: budget \(result.kind.rawValue) \(CheckTextFormatter.status(result)) on \(entry.deviceID)",
          message: "\(entry.file) on \(entry.deviceName): " + CheckTextFormatter.describe(result))
      }
    }
    return text
  }

  /// An input that could not be used, as annotations: one on each problem's file, line and
  /// column when the error lists them, else one on the file it names (when it names one).
  static func inputError(_ failure: InputError) -> String {
    let title = "offscreen-sim: input error"
    guard !failure.diagnostics.isEmpty else { return error(file: failure.file, title: title, message: failure.message) }
    var text = ""
    for diagnostic in failure.diagnostics {
      var message = (diagnostic.path.isEmpty ? "" : diagnostic.path + ": ") + diagnostic.message
      for note in diagnostic.notes { message += "\nnote: " + note }
      text += error(
        file: failure.file, line: diagnostic.location?.line, column: diagnostic.location?.column, title: title, message: message)
    }
    return text
  }
}
