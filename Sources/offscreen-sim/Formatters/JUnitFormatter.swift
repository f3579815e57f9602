import Compositor
import SceneBatch

/// `check` results as JUnit XML (`--junit out.xml`), the format CI systems show as test results:
/// a test suite per scene and device, a test case per budget, a `<failure>` for each that failed.
enum JUnitFormatter {
  static func format(_ run: CheckRun) -> String {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"offscreen-sim check\" tests=\"\(run.passed + run.failed)\" failures=\"\(run.failed)\" errors=\"0\">\n"
    for entry in run.entries {
      let failures = entry.results.filter { !$0.passed }.count
      xml +=
        "  <testsuite name=\"\(escape("\(entry.file) on \(entry.deviceID)"))\" tests=\"\(entry.results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
      for result in entry.results {
        let name = escape("\(result.kind.rawValue) on \(entry.deviceID)")
        let attributes = "classname=\"\(escape(entry.file))\" name=\"\(name)\" file=\"\(escape(entry.file))\""
        if result.passed {
          xml += "    <testcase \(attributes)/>\n"
        } else {
          let message = escape(CheckTextFormatter.describe(result))
          xml += "    <testcase \(attributes)>\n"
          xml +=
            "      <failure type=\"budget\" message=\"\(message)\">\(escape("\(entry.file) on \(entry.deviceName): ") + message)</failure>\n"
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
