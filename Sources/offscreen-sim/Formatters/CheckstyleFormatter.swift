/// `--format checkstyle`: Checkstyle's XML report, which many CI tools read (Jenkins'
/// warnings plugin, reviewdog, Danger): a `<file>` per file in first-seen order, an `<error>`
/// per problem with `line`, `column`, `severity`, `message` and `source`
/// (https://checkstyle.org, the XML logger's output format, version 4.3). Every value goes
/// through ``Markup/escape(_:)``.
enum CheckstyleFormatter: OutcomeReporter {
  static let summary = "Checkstyle XML, for reviewdog, Jenkins and other tools that read it."
  static let output = ReporterOutput.document(.markup)

  static func format(_ outcomes: Outcomes) -> String {
    var files: [String] = []
    var byFile: [String: [Outcome]] = [:]
    for outcome in outcomes.problems {
      if byFile[outcome.file] == nil { files.append(outcome.file) }
      byFile[outcome.file, default: []].append(outcome)
    }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
    for file in files {
      xml += "  <file name=\"\(Markup.escape(file))\">\n"
      for outcome in byFile[file] ?? [] {
        var attributes = ""
        if let location = outcome.location { attributes += " line=\"\(location.line)\" column=\"\(location.column)\"" }
        attributes +=
          " severity=\"\(outcome.level.rawValue)\" message=\"\(Markup.escape(outcome.message))\" source=\"offscreen-sim.\(Markup.escape(outcome.rule))\""
        xml += "    <error\(attributes)/>\n"
      }
      xml += "  </file>\n"
    }
    return xml + "</checkstyle>\n"
  }
}
