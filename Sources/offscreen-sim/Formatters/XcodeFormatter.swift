import Foundation

/// `--format xcode`: one line per problem, `path:LINE:COL: warning: message`, the form clang
/// and swiftc print and Xcode, editors and CI log parsers link to the file and line
/// (a Run Script build phase's output in this form shows as issues in Xcode's issue navigator).
/// Without a known place the line is `path: warning: message`. A path with a `:` in it has its
/// `:` written `%3A` (and `%` as `%25`): otherwise a file named `a.json:99:7: error: x` would move
/// the issue to line 99 of `a.json` with the name's own text as its message.
enum XcodeFormatter: OutcomeReporter {
  static let summary = "path:line:column: warning: message lines that Xcode and editors jump to."
  static let output = ReporterOutput.lines

  static func format(_ outcomes: Outcomes) -> String {
    var text = ""
    for outcome in outcomes.problems {
      var place = path(outcome.file)
      if let location = outcome.location { place += ":\(location.line):\(location.column)" }
      text += "\(place): \(outcome.level.rawValue): \(TerminalText.inline(outcome.message)) [\(TerminalText.inline(outcome.rule))]\n"
    }
    return text
  }

  /// The path as the line's place: as text shows it, with `:` and `%` percent-encoded when it
  /// holds a `:`.
  static func path(_ file: String) -> String {
    let shown = TerminalText.inline(file)
    guard shown.contains(":") else { return shown }
    return shown.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ":", with: "%3A")
  }
}
