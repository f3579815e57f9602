import Compositor
import LayerTree
import TestSupport
import Testing

/// Each disputed point on a scene derived from its sources' tests: the report's note names the
/// rule, both answers and the layers the point decides, and what the other answer gives is what
/// the rule's examples under that answer say. GPU figures are compared structurally (the other
/// answer's extra pass costs GPU time), never copied from the output.
@Suite("Disputed points")
struct DisputedPointTests {
  struct Assessed {
    var report: SimulationReport
    var decisions: [DisputedDecision]
  }

  static func assess(_ layers: String, iosVersion: String = "17.0", device: String = "iphone-7", assuming: Assumptions = .defaults)
    throws -> Assessed
  {
    let scene = try TestScenes.scene(layers, iosVersion: iosVersion, device: device)
    let profile = DeviceCatalogue.device(id: scene.device)!
    let report = Simulator.run(scene, on: profile, rules: OffscreenRules.all(assuming: assuming))
    return Assessed(report: report, decisions: Disputes.assess(scene, on: profile, report: report, assuming: assuming))
  }

  /// The passes the rule's examples give a layer under the documented default and under the
  /// other answer to `point`: the example under the other answer whose twin (the same layer on the
  /// same major iOS version, under the default) takes different passes.
  static func examplePasses(_ point: DisputedPoint) throws -> (default: Int, other: Int) {
    let rule = try #require(OffscreenRules.rule(id: point.rule))
    func major(_ example: RuleExample) -> Int? { OSVersion(parsing: example.iosVersion)?.major }
    for other in rule.examples where other.assuming == [point.id] {
      if let documented = rule.examples.first(where: {
        $0.assuming.isEmpty && $0.layerJSON == other.layerJSON && major($0) == major(other) && $0.passes != other.passes
      }) {
        return (documented.passes, other.passes)
      }
    }
    Issue.record("\(point.id): no example pair shows both answers")
    return (-1, -1)
  }

  /// r.izumita's Instruments test: a UIImageView with an image, cornerRadius and masksToBounds,
  /// no background, on iOS 9 (an iPhone 6 runs it). The documented answer gives no pass; the
  /// other, the pass the rule's iOS 9 example under it states.
  @Test func aLoneImageOnIOS9() throws {
    let point = RoundedClipRule.loneImagePoint
    let assessed = try Self.assess(
      ##"{"id": "avatar", "frame": [20, 20, 90, 90], "cornerRadius": 45, "masksToBounds": true, "contents": {"type": "image", "pixelSize": [180, 180]}}"##,
      iosVersion: "9.3", device: "iphone-6")
    let decision = try #require(assessed.decisions.first)
    #expect(assessed.decisions.count == 1)
    #expect(decision.point == point.id && decision.rule == RoundedClipRule.ruleID)
    #expect(decision.takenIsDefault && decision.taken == point.assumed && decision.other == point.other)
    #expect(!decision.taken.sources.isEmpty && !decision.other.sources.isEmpty)
    #expect(decision.layers.map(\.layer) == ["root/avatar"])
    let expected = try Self.examplePasses(point)
    #expect(decision.layers[0].passes == expected.default && decision.layers[0].otherPasses == expected.other)
    // One layer, one pass more: the worst frame takes it, and it costs GPU time.
    #expect(decision.otherPasses == decision.passes + expected.other - expected.default)
    #expect(decision.passes == assessed.report.summary.offscreenPasses.perFrameMax)
    #expect(decision.otherGpuMs > decision.gpuMs)
  }

  /// Both sides found no pass from iOS 10: nothing to decide, and no second simulation is run
  /// (no layer passes the point's cheap check).
  @Test func aLoneImageOnIOS10IsNotDisputed() throws {
    let layer =
      ##"{"id": "avatar", "frame": [20, 20, 90, 90], "cornerRadius": 45, "masksToBounds": true, "contents": {"type": "image", "pixelSize": [180, 180]}}"##
    let assessed = try Self.assess(layer, iosVersion: "10.0")
    #expect(assessed.decisions.isEmpty)
    let scene = try TestScenes.scene(layer, iosVersion: "10.0")
    #expect(Disputes.pointsThatMightDecide(scene).isEmpty)
  }

  /// The cheap check reads what the timeline animates: a clear label whose scene only moves
  /// layers might decide nothing; once the timeline animates a background colour, it might.
  @Test func theCheckReadsTheTimelinesKeyPaths() throws {
    func scene(animating keyPath: String, value: String) throws -> Scene {
      try TestScenes.decode(
        ##"""
        {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
         {"id": "label", "frame": [20, 20, 100, 40], "cornerRadius": 10, "masksToBounds": true, "contents": {"type": "text", "characters": 4}}]},
         "timeline": {"duration": 0.5, "animations": [{"target": "label", "keyPath": "\##(keyPath)", "toValue": \##(value), "duration": 0.5}]}}
        """##)
    }
    #expect(Disputes.pointsThatMightDecide(try scene(animating: "position.x", value: "80")).isEmpty)
    let colour = Disputes.pointsThatMightDecide(try scene(animating: "backgroundColor", value: "\"#FF0000\""))
    #expect(colour.map(\.id) == [RoundedClipRule.roundedLabelPoint.id])
  }

  /// ZCMUCZX's test: a 100 x 100 label with two characters of text, a red background,
  /// cornerRadius 50 and masksToBounds. The documented answer clips two things in one pass; the
  /// other answer takes none, as the rule's example under it says.
  @Test func aRoundedLabel() throws {
    let point = RoundedClipRule.roundedLabelPoint
    let assessed = try Self.assess(
      ##"{"id": "label", "frame": [50, 50, 100, 100], "cornerRadius": 50, "masksToBounds": true, "backgroundColor": "#FF0000", "contents": {"type": "text", "characters": 2}}"##
    )
    let decision = try #require(assessed.decisions.first)
    #expect(assessed.decisions.map(\.point) == [point.id])
    #expect(decision.takenIsDefault && decision.taken == point.assumed && decision.other == point.other)
    #expect(!decision.taken.sources.isEmpty && !decision.other.sources.isEmpty)
    let expected = try Self.examplePasses(point)
    #expect(decision.layers.map(\.layer) == ["root/label"])
    #expect(decision.layers[0].passes == expected.default && decision.layers[0].otherPasses == expected.other)
    #expect(decision.otherPasses == decision.passes - 1)
    #expect(decision.otherGpuMs < decision.gpuMs)
  }

  /// React Native's case of overlapping elements in one view, text on a background, faded to 0.5
  /// with group opacity: the documented answer takes the alpha directly; the other fades it as a
  /// group, one pass, as the group-opacity example under it says.
  @Test func oneLayerWithTwoParts() throws {
    let point = GroupOpacityRule.oneLayerTwoPartsPoint
    let assessed = try Self.assess(
      ##"{"id": "badge", "frame": [20, 20, 200, 60], "opacity": 0.5, "backgroundColor": "#FFFFFF", "contents": {"type": "text", "characters": 12}}"##
    )
    let decision = try #require(assessed.decisions.first)
    #expect(assessed.decisions.map(\.point) == [point.id])
    #expect(decision.rule == GroupOpacityRule.ruleID)
    #expect(decision.takenIsDefault && decision.taken == point.assumed && decision.other == point.other)
    #expect(!decision.taken.sources.isEmpty && !decision.other.sources.isEmpty)
    let expected = try Self.examplePasses(point)
    #expect(decision.layers.map(\.layer) == ["root/badge"])
    #expect(decision.layers[0].passes == expected.default && decision.layers[0].otherPasses == expected.other)
    #expect(decision.otherPasses == decision.passes + 1)
    #expect(decision.otherGpuMs > decision.gpuMs)
  }

  /// Under `--assume` the figures follow the other answer, and the note turns round: the answer
  /// taken is the other one, the documented default is what the other answer would give.
  @Test func assumingTheOtherAnswer() throws {
    let point = RoundedClipRule.roundedLabelPoint
    let layer =
      ##"{"id": "label", "frame": [50, 50, 100, 100], "cornerRadius": 50, "masksToBounds": true, "backgroundColor": "#FF0000", "contents": {"type": "text", "characters": 2}}"##
    let defaults = try Self.assess(layer)
    let assumed = try Self.assess(layer, assuming: Assumptions(others: [point.id]))
    let decision = try #require(assumed.decisions.first)
    #expect(!decision.takenIsDefault && decision.taken == point.other && decision.other == point.assumed)
    #expect(assumed.report.summary.offscreenPasses.perFrameMax == defaults.report.summary.offscreenPasses.perFrameMax - 1)
    #expect(decision.otherPasses == defaults.report.summary.offscreenPasses.perFrameMax)
  }

  /// A scene none of the points can decide: no note, whatever it draws; and a point whose check
  /// passes but whose answer changes nothing (a label whose corners clip a drawing sublayer
  /// anyway) is not reported.
  @Test func nothingToDecide() throws {
    let plain = try Self.assess(
      ##"{"id": "card", "frame": [10, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE", "sublayers": [{"id": "i", "frame": [0, 0, 100, 100], "contents": {"type": "image", "pixelSize": [200, 200]}}]}"##
    )
    #expect(plain.decisions.isEmpty)
    let clipped = try Self.assess(
      ##"{"id": "label", "frame": [10, 10, 100, 40], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": {"type": "text", "characters": 5}, "sublayers": [{"id": "i", "frame": [0, 0, 20, 20], "contents": {"type": "image", "pixelSize": [40, 40]}}]}"##
    )
    #expect(clipped.decisions.isEmpty)
  }
}
