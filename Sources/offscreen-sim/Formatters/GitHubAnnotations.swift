import Compositor

/// Failures as GitHub Actions workflow commands (`::error file=...,line=...::message`), which
/// the runner turns into annotations on the file in the job and the pull request. Printed only
/// when `GITHUB_ACTIONS=true`, to standard error: the runner reads workflow commands from both
/// streams, and standard output stays a clean document for `--format json` or `markdown`.
enum GitHubAnnotations {
  /// One `::error` line. Values are escaped as the Actions toolkit does: `%`, CR and LF in the
  /// message; also `:` and `,` in properties.
  static func error(file: String, line: Int? = nil, title: String, message: String) -> String {
    var properties = ["file=\(escapeProperty(file))"]
    if let line { properties.append("line=\(line)") }
    properties.append("title=\(escapeProperty(title))")
    return "::error \(properties.joined(separator: ","))::\(escapeData(message))\n"
  }

  static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(
      of: "\n", with: "%0A")
  }

  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }

  /// An annotation on the after file for each comparison that failed.
  static func regressions(_ results: [ComparisonResult]) -> String {
    var text = ""
    for result in results where result.comparison.failed {
      text += error(
        file: result.after.file, title: "offscreen-sim: rendering got worse on \(result.deviceID)",
        message:
          "\(result.after.file) on \(result.deviceName), against \(result.before.file): "
          + CompareSummary.verdictSentence(result.comparison))
    }
    return text
  }
}
