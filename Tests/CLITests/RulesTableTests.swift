import Compositor
import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// docs/rules.md holds what `offscreen-sim rules --format markdown` prints, between its markers;
/// `OFFSCREEN_SIM_RECORD=1 swift test --filter RulesTableTests` writes it again (``Recording``). The tables' figures are checked against their
/// sources: the tool's passes against the rules' examples, Xcode's counts against Apple's tech
/// talk 10857.
@Suite("Rules table")
struct RulesTableTests {
  static let docPath = packageRoot.appendingPathComponent("docs/rules.md")
  static let opening = "<!-- rules table: offscreen-sim rules --format markdown -->\n"
  static let closing = "<!-- end of rules table -->\n"

  /// The document with its table section replaced by `table`.
  static func regenerated(_ document: String, table: String) -> String? {
    guard let start = document.range(of: opening), let end = document.range(of: closing), start.upperBound <= end.lowerBound else {
      return nil
    }
    return String(document[..<start.upperBound]) + table + String(document[end.lowerBound...])
  }

  @Test func theDocsTablesAreWhatTheCommandPrints() throws {
    let run = ToolRun.run("rules", "--format", "markdown")
    #expect(run.status == 0, "\(run.stderr)")
    let document = try String(contentsOf: Self.docPath, encoding: .utf8)
    let expected = try #require(Self.regenerated(document, table: run.stdout), "docs/rules.md lacks the table's markers")
    if let failure = HeldFile.check(expected, file: Self.docPath, name: "docs/rules.md", filter: "RulesTableTests") {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// One row per rule and per disputed point, each naming its id; the counts Apple published in
  /// tech talk 10857 (a dynamic shadow 5, a mask 2, a rounded clip over sublayers 1) are in their
  /// rows, and a rule Apple gave no count for says so.
  @Test func everyRuleAndPointHasItsRow() {
    let table = RulesTable.markdown()
    let lines = table.split(separator: "\n")
    for rule in OffscreenRules.all {
      #expect(lines.filter { $0.hasPrefix("| `\(rule.id)` |") }.count == 1, "\(rule.id)")
    }
    for point in OffscreenRules.disputedPoints {
      #expect(lines.filter { $0.hasPrefix("| `\(point.id)` | `\(point.rule)` |") }.count == 1, "\(point.id)")
    }
    func row(_ id: String) -> String { String(lines.first { $0.hasPrefix("| `\(id)` |") } ?? "") }
    #expect(row("shadow-without-path").contains("| 5: "))
    #expect(row("shadow-without-path").contains("they differ"))
    #expect(row("mask").contains("| 2: "))
    #expect(row("rounded-clip").contains("| 1: ") && row("rounded-clip").hasSuffix("| the same |"))
    #expect(row("group-opacity").contains("not published") && row("group-opacity").hasSuffix("| unknown |"))
  }

  /// The tool's column is read from the examples: the visual effect's triggering examples take 3
  /// and 4 passes (a blur; vibrancy or alpha one more, WWDC14 session 419), the shadow's 1.
  @Test func theToolsColumnComesFromTheExamples() {
    let effect = OffscreenRules.rule(id: VisualEffectRule.ruleID)!
    #expect(RulesTable.toolPasses(effect) == [3, 4])
    #expect(RulesTable.passesText([3, 4]) == "3-4 passes")
    #expect(RulesTable.passesText([1]) == "1 pass")
    // Examples under the other answer to a disputed point are left out.
    let clip = OffscreenRules.rule(id: RoundedClipRule.ruleID)!
    #expect(clip.examples.contains { !$0.assuming.isEmpty && $0.passes > 0 })
    #expect(RulesTable.toolPasses(clip) == [1])
  }

  @Test func markdownListsEveryRuleAndRefusesAnID() {
    #expect(ToolRun.run("rules", "rounded-clip", "--format", "markdown").status == 2)
    #expect(ToolRun.run("rules", "--format", "html").status == 2)
  }
}
