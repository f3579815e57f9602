import Compositor
import Foundation
import LayerTree
import Testing

@testable import offscreen_sim

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A new rule is one file and one registry line: ``ThickBorderRule``, defined in the tests only
/// and run beside the registered rules, is picked up by the decide pass, the cost model, the
/// report (text and JSON) and the picture with no other change. The figures are worked out by
/// hand from the rule's record and the cost model's documented formula.
@Suite("A new rule needs nothing else")
struct NewRuleTests {
  static let rules: [any OffscreenRule] = OffscreenRules.all + [ThickBorderRule()]
  static let device = DeviceCatalogue.device(id: "iphone-7")!

  /// On an iPhone 7 (@2x): `thick` is 100 x 50 pt, all on screen, with a 6-point border: one
  /// pass over its visible rectangle, 200 x 100 = 20,000 px. `thin` has a 2-point border:
  /// nothing.
  static let scene = """
    {"version": 1, "name": "new rule", "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "thick", "frame": [20, 100, 100, 50], "borderWidth": 6, "backgroundColor": "#FFFFFF"},
      {"id": "thin", "frame": [20, 200, 100, 50], "borderWidth": 2, "backgroundColor": "#FFFFFF"}
    ]}}
    """

  static func decode() throws -> Scene {
    try SceneDecoder.decode(Array(scene.utf8), options: .init(devices: DeviceCatalogue.screens))
  }

  /// The fixture's own examples, as the registered rules' examples run.
  @Test func theRulesExamplesHold() throws {
    for example in ThickBorderRule().examples {
      let scene = try SceneDecoder.decode(Array(example.sceneJSON.utf8), options: .init(devices: DeviceCatalogue.screens))
      let report = Simulator.run(scene, on: Self.device, rules: [ThickBorderRule()])
      #expect(report.summary.offscreenPasses.perFrameMax == example.passes, "\(example.note)")
    }
  }

  @Test func theRuleFiresOnlyWithTheRulesThatHoldIt() throws {
    let scene = try Self.decode()
    #expect(Simulator.run(scene, on: Self.device).findings.isEmpty)
    let report = Simulator.run(scene, on: Self.device, rules: Self.rules)
    #expect(report.findings.map(\.layer) == ["root/thick"])
  }

  /// The decide pass sizes the pass by the rule's target: the visible rectangle, 20,000 px.
  @Test func theDecidePassSizesThePassByTheRecord() throws {
    let snapshot = Simulator.snapshot(try Self.decode(), on: Self.device, frame: 0, rules: Self.rules)
    let thick = try #require(snapshot.tree.index(ofPath: "root/thick"))
    let thin = try #require(snapshot.tree.index(ofPath: "root/thin"))
    let pass = try #require(snapshot.plan.nodes[thick].offscreen.first)
    #expect(pass.rule == ThickBorderRule.ruleID)
    #expect(pass.work == PassWork(target: .visibleRect, extra: .effectBlur))
    #expect(pass.pixelArea == 20_000)
    #expect(snapshot.plan.nodes[thin].offscreen.isEmpty)
  }

  /// The cost model prices the rule's extra work as the record says: an effect blur over one
  /// pass of 20,000 px on an iPhone 7 (@2x, A10: 25.6 GB/s, no compression, 2 MB of its system
  /// cache for the GPU). Texels: 20,000 / 4 to capture and downscale 8 times each way, then
  /// 20,000 / 8^2 = 312.5 px blurred twice with a radius of 20 pt x 2 / 8 = 5 px: 2 x 312.5 x 11 =
  /// 6,875; 11,875 texels at `texelTime`, over the device's GPU speed. Memory: the 80,000 B
  /// captured, and three small targets of 1,250 B each written and read (7,500 B), all within
  /// the cache: at twice DRAM's speed. The sampling and the traffic overlap: the larger of the two.
  @Test func theCostModelPricesTheRecordsExtraWork() throws {
    let snapshot = Simulator.snapshot(try Self.decode(), on: Self.device, frame: 0, rules: Self.rules)
    let c = CostCoefficients.standard
    let texels = 11_875 * c.texelTime / Self.device.gpuSpeed
    let memory = (80_000 + 7_500) / (25.6e9 * c.systemCacheSpeedup)
    let expected = max(texels, memory) * 1000
    #expect(abs((snapshot.cost.gpu[ExtraWork.effectBlur.costItem] ?? 0) - expected) < 1e-12)
    #expect(snapshot.cost.gpu[ExtraWork.shadowBlur.costItem] == nil)
  }

  @Test func theReportsCountAndExplainIt() throws {
    let report = Simulator.run(try Self.decode(), on: Self.device, rules: Self.rules)
    #expect(report.summary.offscreenPasses.byReason == [ThickBorderRule.ruleID: 1])
    #expect(report.summary.offscreenPixelsMax == 20_000)
    let finding = try #require(report.findings.first)
    #expect(finding.rule == ThickBorderRule.ruleID)
    #expect(finding.message == "A 6-point border renders the layer offscreen.")

    let text = TextReportFormatter.format(report, file: "new-rule.json")
    #expect(text.contains("thick-border  root/thick"))
    #expect(text.contains("A 6-point border renders the layer offscreen."))

    let json = JSONReportFormatter.format(report, file: "new-rule.json")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let summary = try #require(document["summary"] as? [String: Any])
    let passes = try #require(summary["offscreenPasses"] as? [String: Any])
    let byReason = try #require(passes["byReason"] as? [String: Int])
    #expect(byReason[ThickBorderRule.ruleID] == 1)
    #expect(byReason.count == OffscreenRules.all.count + 1)
  }

  @Test func thePictureTintsTheLayer() throws {
    let snapshot = Simulator.snapshot(try Self.decode(), on: Self.device, frame: 0, rules: Self.rules)
    let svg = FramePictureFormatter.document(
      .init(snapshot: snapshot, title: "new rule", frameCount: 1, overlays: [.offscreen]))
    let tints = try ParsedMarkup(svg).tints("offscreen")
    #expect(tints.map { $0.attribute("data-layer") } == ["root/thick"])
  }
}
