/// `--format junit` (and check's `--junit out.xml`): JUnit XML, the format CI systems show as
/// test results. A test suite per group (a scene on a device; a comparison), a test case per
/// check that sets the exit code (a budget; a gated metric; a finding that appeared, when
/// findings are gated), a `<failure>` for each that failed. An input the command could not use
/// is a test case in error (`<error>`), in a suite named after the file, and counted in
/// `errors`: a test report never reads green on a run that failed. Warnings set no exit code and
/// are no test case.
enum JUnitFormatter: OutcomeReporter {
  static let summary = "JUnit XML: a test case per budget or gated metric, failed ones as failures."
  static let output = ReporterOutput.document(.markup)

  static func format(_ outcomes: Outcomes) -> String {
    let cases = outcomes.items.filter { $0.level == .error }
    var groups: [String] = []
    var byGroup: [String: [Outcome]] = [:]
    for outcome in cases {
      if byGroup[outcome.group] == nil { groups.append(outcome.group) }
      byGroup[outcome.group, default: []].append(outcome)
    }
    let failed = cases.filter { !$0.passed && !$0.isInputError }.count
    let errors = cases.filter(\.isInputError).count
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"offscreen-sim \(outcomes.command)\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"\(errors)\">\n"
    for group in groups {
      let members = byGroup[group] ?? []
      let failures = members.filter { !$0.passed && !$0.isInputError }.count
      let inError = members.filter(\.isInputError).count
      xml +=
        "  <testsuite name=\"\(escape(group))\" tests=\"\(members.count)\" failures=\"\(failures)\" errors=\"\(inError)\" skipped=\"0\">\n"
      for outcome in members {
        let attributes = "classname=\"\(escape(outcome.file))\" name=\"\(escape(outcome.name))\" file=\"\(escape(outcome.file))\""
        if outcome.passed {
          xml += "    <testcase \(attributes)/>\n"
        } else {
          let element = outcome.isInputError ? "error" : "failure"
          xml += "    <testcase \(attributes)>\n"
          xml +=
            "      <\(element) type=\"\(escape(outcome.kind))\" message=\"\(escape(outcome.detail))\">\(escape(outcome.message))</\(element)>\n"
          xml += "    </testcase>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    xml += "</testsuites>\n"
    return xml
  }

  /// Text for an attribute or element: ``Markup/escape(_:)``, the one policy for markup.
  static func escape(_ text: String) -> String { Markup.escape(text) }
}
