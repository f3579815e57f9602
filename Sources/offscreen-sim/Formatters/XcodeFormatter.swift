/// `--format xcode`: one line per problem, `path:LINE:COL: warning: message`, the form clang
/// and swiftc print and Xcode, editors and CI log parsers link to the file and line
/// (a Run Script build phase's output in this form shows as issues in Xcode's issue navigator).
/// Without a known place the line is `path: warning: message`.
enum XcodeFormatter: OutcomeReporter {
  static let summary = "path:line:column: warning: message lines that Xcode and editors jump to."
  static let output = ReporterOutput.lines

  static func format(_ outcomes: Outcomes) -> String {
    var text = ""
    for outcome in outcomes.problems {
      var place = TerminalText.inline(outcome.file)
      if let location = outcome.location { place += ":\(location.line):\(location.column)" }
      text += "\(place): \(outcome.level.rawValue): \(TerminalText.inline(outcome.message)) [\(TerminalText.inline(outcome.rule))]\n"
    }
    return text
  }
}
