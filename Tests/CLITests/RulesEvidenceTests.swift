import Compositor
import Testing

/// `offscreen-sim rules` says which behaviours Apple documents and which it does not.
@Suite("Rules: what Apple documents")
struct RulesEvidenceTests {
  /// Every registered rule says where its behaviour comes from: none falls back to the default
  /// that marks a rule as stating no source.
  @Test func everyRegisteredRuleDeclaresItsEvidence() {
    for rule in OffscreenRules.all {
      #expect(rule.evidence != .unstated, "\(rule.id)")
    }
  }

  /// Edge antialiasing going offscreen is widely reported but stated nowhere by Apple (the
  /// allowsEdgeAntialiasing reference says nothing of a cost); the rasterization cache's 100 ms
  /// and 2.5 x limits are not in the shouldRasterize reference (they come from WWDC14 session
  /// 419). Both are marked, in the list and in the rule's own page.
  @Test func undocumentedBehavioursAreMarked() {
    let antialiasing = OffscreenRules.rule(id: EdgeAntialiasingRule.ruleID)!.evidence
    #expect(antialiasing.apple == nil)
    #expect(antialiasing.hasUndocumentedParts)
    let rasterize = OffscreenRules.rule(id: RasterizeRule.ruleID)!.evidence
    #expect(rasterize.apple?.contains("shouldRasterize") == true)
    #expect(rasterize.undocumented?.contains("100 ms") == true)
    #expect(rasterize.undocumented?.contains("2.5") == true)

    let list = ToolRun.run("rules").stdout
    // The rule's own lines: from its id to the next rule's id (a line that is not indented).
    let after = list.components(separatedBy: "\nedge-antialiasing\n").last ?? ""
    let section = after.split(separator: "\n").prefix { $0.hasPrefix("  ") }.joined(separator: "\n")
    #expect(section.contains("not documented by Apple: "))
    #expect(!section.contains("  Apple: "))
    let page = ToolRun.run("rules", RasterizeRule.ruleID).stdout
    #expect(page.contains("  Apple: The CALayer.shouldRasterize reference"))
    #expect(page.contains("not documented by Apple: The cache's limits"))
  }
}
