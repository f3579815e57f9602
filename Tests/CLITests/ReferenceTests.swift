import Foundation
import Testing

/// Whole outputs of `compare` and `check` against checked-in files in `References/`.
///
/// Re-record with `OFFSCREEN_SIM_RECORD_REFERENCES=1 swift test --filter ReferenceTests`: each
/// test then writes its output and fails once, so a recording is never taken for a pass.
///
/// None of these outputs depends on the cost model's coefficients:
/// - `compare` reads two saved reports frozen in `References/Inputs/` (`card-clipped` and
///   `card-plain`, made once from the scenes in their `scene.file`): no simulation runs.
///   Calibration never changes them; re-record only when the outputs' format, the metric
///   catalogue or the tool's version changes.
/// - `check` holds small scenes in `References/Inputs/budgets/` to budgets on counts and bytes
///   only (offscreen passes, the memory of one label's backing store), figures the scene format
///   fixes by hand. Re-record when the format of the outputs changes.
@Suite("Reference outputs")
struct ReferenceTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")
  static let inputs = folder.appendingPathComponent("Inputs").path

  static func check(_ actual: String, against name: String) {
    let url = folder.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["OFFSCREEN_SIM_RECORD_REFERENCES"] != nil {
      do {
        try Data(actual.utf8).write(to: url)
        Issue.record("recorded \(name); run again without OFFSCREEN_SIM_RECORD_REFERENCES")
      } catch {
        Issue.record("cannot record \(name): \(error)")
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record("no reference \(name); record it with OFFSCREEN_SIM_RECORD_REFERENCES=1")
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if actual != expected {
      let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
      let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let line = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
      Issue.record(
        """
        \(name) differs from line \(line + 1):
          expected: \(line < e.count ? String(e[line]) : "<end>")
          actual:   \(line < a.count ? String(a[line]) : "<end>")
        Re-record with OFFSCREEN_SIM_RECORD_REFERENCES=1 if the change is intended.
        """)
    }
  }

  static func run(_ arguments: String..., status: Int32) -> String {
    let run = ToolRun.callAsFunction(arguments, currentDirectory: inputs)
    #expect(run.status == status, "\(arguments): \(run.stderr)")
    return run.stdout
  }

  @Test func compareText() {
    Self.check(Self.run("compare", "card-clipped.report.json", "card-plain.report.json", status: 0), against: "compare-card.txt")
  }

  @Test func compareMarkdown() {
    Self.check(
      Self.run("compare", "card-clipped.report.json", "card-plain.report.json", "--format", "markdown", status: 0),
      against: "compare-card.md")
  }

  @Test func compareMarkdownOfARegression() {
    Self.check(
      Self.run("compare", "card-plain.report.json", "card-clipped.report.json", "--format", "markdown", status: 1),
      against: "compare-card-reverse.md")
  }

  @Test func compareMarkdownOfSeveralPairs() {
    Self.check(Self.run("compare", "--pairs", "pairs.json", "--format", "markdown", status: 1), against: "compare-pairs.md")
  }

  @Test func compareJSON() {
    Self.check(
      Self.run("compare", "card-clipped.report.json", "card-plain.report.json", "--format", "json", status: 0),
      against: "compare-card.json")
  }

  @Test func checkText() { Self.check(Self.run("check", "budgets", status: 1), against: "check-budgets.txt") }

  @Test func checkMarkdown() {
    Self.check(Self.run("check", "budgets", "--format", "markdown", status: 1), against: "check-budgets.md")
  }

  @Test func checkJSON() { Self.check(Self.run("check", "budgets", "--format", "json", status: 1), against: "check-budgets.json") }

  @Test func checkJUnit() throws {
    let out = try temporaryFolder() + "/check.xml"
    _ = Self.run("check", "budgets", "--junit", out, status: 1)
    let xml = try String(contentsOfFile: out, encoding: .utf8)
    Self.check(xml, against: "check-budgets.junit.xml")
  }
}
