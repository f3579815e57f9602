import Foundation
import TestSupport
import Testing

/// Whole outputs of `compare` and `check` against checked-in files in `References/`.
///
/// Re-record with `OFFSCREEN_SIM_RECORD=1 swift test --filter ReferenceTests` (``Recording``): each
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

  /// Holds the output `actual` equal to the reference file `name` (``HeldFile``).
  static func check(_ actual: String, against name: String) {
    if let failure = HeldFile.check(actual, file: folder.appendingPathComponent(name), name: name, filter: "ReferenceTests") {
      Issue.record(Comment(rawValue: failure))
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
