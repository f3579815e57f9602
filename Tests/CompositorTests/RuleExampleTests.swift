import Compositor
import Foundation
import LayerTree
import Testing

/// One example of one rule, for the parameterized test.
struct RuleExampleCase: CustomTestStringConvertible, Sendable {
  var ruleID: String
  var example: RuleExample
  var testDescription: String { "\(ruleID): \(example.note)" }

  static let all: [RuleExampleCase] = OffscreenRules.all.flatMap { rule in
    rule.examples.map { RuleExampleCase(ruleID: rule.id, example: $0) }
  }
}

@Suite("Offscreen rules")
struct RuleExampleTests {
  /// Every rule's own triggering and non-triggering examples: the passes the rule reports on the
  /// layer `subject` are the passes the example states (taken from DOMAIN.md section 2).
  @Test(arguments: RuleExampleCase.all)
  func example(_ testCase: RuleExampleCase) throws {
    let scene = try TestScenes.decode(testCase.example.sceneJSON)
    let planned = TestScenes.plan(scene)
    let node = try #require(planned.node("root/subject"), "the example must have a layer with id `subject`")
    let passes = node.offscreen.filter { $0.rule == testCase.ruleID }.reduce(0) { $0 + $1.passes }
    #expect(passes == testCase.example.passes, "\(testCase.example.layerJSON)")
  }

  @Test func everyRuleHasBothKindsOfExample() {
    for rule in OffscreenRules.all {
      #expect(rule.examples.contains { $0.passes > 0 }, "\(rule.id) needs a triggering example")
      #expect(rule.examples.contains { $0.passes == 0 }, "\(rule.id) needs a non-triggering example")
    }
  }

  /// The ids the issue and the CI baselines rely on.
  @Test func ruleIDsAreStableAndUnique() {
    let ids = OffscreenRules.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(
      Set(ids)
        == ["shadow-without-path", "mask", "rounded-clip", "group-opacity", "rasterize", "visual-effect", "edge-antialiasing"])
    for rule in OffscreenRules.all {
      #expect(!rule.title.isEmpty && !rule.reason.isEmpty && !rule.fix.isEmpty, "\(rule.id) must say why and how to fix")
    }
  }

  /// Each file in Sources/Compositor/Rules is one rule type, and every one is registered: a rule
  /// file left out of `OffscreenRules.all` fails here.
  @Test func everyRuleFileIsRegistered() throws {
    let rulesFolder = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/Compositor/Rules")
    let files = try FileManager.default.contentsOfDirectory(atPath: rulesFolder.path)
      .filter { $0.hasSuffix(".swift") }
      .map { String($0.dropLast(".swift".count)) }
      .sorted()
    let registered = OffscreenRules.all.map { String(describing: type(of: $0)) }.sorted()
    #expect(!files.isEmpty)
    #expect(files == registered, "rule files and OffscreenRules.all differ")
    for file in files {
      let text = try String(contentsOf: rulesFolder.appendingPathComponent(file + ".swift"), encoding: .utf8)
      #expect(text.contains("struct \(file): OffscreenRule"), "\(file).swift must define the rule type \(file)")
    }
  }
}
