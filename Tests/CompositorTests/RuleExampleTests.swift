import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// One example of one rule, for the parameterized test.
struct RuleExampleCase: CustomTestStringConvertible, Sendable {
  var ruleID: String
  var example: RuleExample
  var testDescription: String { "\(ruleID): \(example.note)" }

  static let all: [RuleExampleCase] = OffscreenRules.all.flatMap { rule in
    rule.examples.map { RuleExampleCase(ruleID: rule.id, example: $0) }
  }

  static let imageChecks: [RuleExampleCase] = ImageChecks.all.flatMap { check in
    check.examples.map { RuleExampleCase(ruleID: check.id, example: $0) }
  }
}

@Suite("Offscreen rules")
struct RuleExampleTests {
  /// Every rule's own triggering and non-triggering examples: the passes the rule reports on the
  /// layer `subject` are the passes the example states (taken from DOMAIN.md section 2), under the
  /// example's assumptions (the other answer to a disputed point, where it names one).
  @Test(arguments: RuleExampleCase.all)
  func example(_ testCase: RuleExampleCase) throws {
    let scene = try TestScenes.decode(testCase.example.sceneJSON)
    let planned = TestScenes.plan(scene, rules: OffscreenRules.all(assuming: testCase.example.assumptions))
    let node = try #require(planned.node("root/subject"), "the example must have a layer with id `subject`")
    let passes = node.offscreen.filter { $0.rule == testCase.ruleID }.reduce(0) { $0 + $1.passes }
    #expect(passes == testCase.example.passes, "\(testCase.example.layerJSON)")
  }

  /// Every disputed point names its rule and shows both answers in that rule's examples: at least
  /// one example under the other answer whose passes differ from the same layer's under the
  /// documented default (so the examples say what each answer gives).
  @Test func everyDisputedPointHasExamplesOfBothAnswers() throws {
    #expect(!OffscreenRules.disputedPoints.isEmpty)
    #expect(Set(OffscreenRules.disputedPoints.map(\.id)).count == OffscreenRules.disputedPoints.count)
    for point in OffscreenRules.disputedPoints {
      let rule = try #require(OffscreenRules.rule(id: point.rule), "\(point.id) names no registered rule")
      #expect(rule.disputes.contains { $0.id == point.id })
      let others = rule.examples.filter { $0.assuming == [point.id] }
      let decided = others.contains { other in
        rule.examples.contains {
          $0.assuming.isEmpty && $0.layerJSON == other.layerJSON && $0.passes != other.passes
            && OSVersion(parsing: $0.iosVersion)?.major == OSVersion(parsing: other.iosVersion)?.major
        }
      }
      #expect(decided, "\(point.id): no example shows the other answer changing a documented example's passes")
    }
  }

  @Test func everyRuleHasBothKindsOfExample() {
    for rule in OffscreenRules.all {
      #expect(rule.examples.contains { $0.passes > 0 }, "\(rule.id) needs a triggering example")
      #expect(rule.examples.contains { $0.passes == 0 }, "\(rule.id) needs a non-triggering example")
    }
  }

  /// Ids are what reports, `byReason` and CI baselines key on: unique among rules and image
  /// checks together, lowercase words joined by hyphens. (The ids themselves are frozen by the
  /// reference outputs, whose JSON reports list every rule id.)
  @Test func idsAreUniqueAndWellFormed() {
    let ids = OffscreenRules.all.map(\.id) + ImageChecks.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil, "\(id)")
    }
    for rule in OffscreenRules.all {
      #expect(!rule.title.isEmpty && !rule.reason.isEmpty && !rule.fix.isEmpty, "\(rule.id) must say why and how to fix")
    }
    for check in ImageChecks.all {
      #expect(!check.title.isEmpty && !check.reason.isEmpty && !check.fix.isEmpty, "\(check.id) must say why and how to fix")
    }
  }

  /// A rule's gate must hold wherever the rule fires: on every triggering example the subject's
  /// own properties pass it. (Were it narrower, the decide pass would skip layers the rule
  /// fires on.)
  @Test(arguments: RuleExampleCase.all.filter { $0.example.passes > 0 })
  func gateHoldsWhereTheRuleFires(_ testCase: RuleExampleCase) throws {
    let scene = try TestScenes.decode(testCase.example.sceneJSON)
    let tree = FlatTree(scene.root)
    let index = try #require(tree.index(ofPath: "root/subject"))
    let rule = try #require(OffscreenRules.rule(id: testCase.ruleID))
    #expect(type(of: rule).mightFire(on: tree.nodes[index].layer, props: tree.props(index)))
    #expect(tree.props(index).mightGoOffscreen)
  }

  /// Every image check's examples: the check reports the layer `subject` exactly when the
  /// example says so (1), as the report runs it (figures worked out in each example's note).
  @Test(arguments: RuleExampleCase.imageChecks)
  func imageCheckExample(_ testCase: RuleExampleCase) throws {
    let scene = try TestScenes.decode(testCase.example.sceneJSON)
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: scene.device)!)
    let found = report.findings.filter { $0.rule == testCase.ruleID && $0.layer == "root/subject" }
    #expect(found.count == testCase.example.passes, "\(testCase.example.layerJSON)")
    #expect(found.allSatisfy { $0.category == .image && $0.passes == 0 })
  }

  @Test func everyImageCheckHasBothKindsOfExample() {
    for check in ImageChecks.all {
      #expect(check.examples.contains { $0.passes > 0 }, "\(check.id) needs a failing example")
      #expect(check.examples.contains { $0.passes == 0 }, "\(check.id) needs a passing example")
    }
  }

  /// Each file in Sources/Compositor/Rules but the registry (`OffscreenRules.swift`) is one rule
  /// type, and every one is registered: a rule file left out of `OffscreenRules.all` fails here.
  /// The same for image checks in Checks/ (`ImageChecks.swift`).
  @Test func everyRuleFileIsRegistered() throws {
    let registered = OffscreenRules.all.map { String(describing: type(of: $0)) }.sorted()
    try Self.expectRegistered(folder: "Rules", registry: "OffscreenRules", protocolName: "OffscreenRule", registered: registered)
  }

  /// A tree keeps 32 bits of gates a layer (``LayerProps/Derived``): one per registered rule.
  @Test func theRegistryFitsALayersGates() {
    #expect(OffscreenRules.all.count <= 32)
  }

  @Test func everyImageCheckFileIsRegistered() throws {
    let registered = ImageChecks.all.map { String(describing: type(of: $0)) }.sorted()
    try Self.expectRegistered(folder: "Checks", registry: "ImageChecks", protocolName: "ImageCheck", registered: registered)
  }

  static func expectRegistered(folder: String, registry: String, protocolName: String, registered: [String]) throws {
    let url = Repository.root.appendingPathComponent("Sources/Compositor/\(folder)")
    let files = try FileManager.default.contentsOfDirectory(atPath: url.path)
      .filter { $0.hasSuffix(".swift") }
      .map { String($0.dropLast(".swift".count)) }
      .filter { $0 != registry }
      .sorted()
    #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent(registry + ".swift").path), "the registry is in \(folder)/")
    #expect(!files.isEmpty)
    #expect(files == registered, "files in \(folder)/ and the registry differ")
    for file in files {
      let text = try String(contentsOf: url.appendingPathComponent(file + ".swift"), encoding: .utf8)
      #expect(text.contains("struct \(file): \(protocolName)"), "\(file).swift must define the type \(file)")
    }
  }
}
