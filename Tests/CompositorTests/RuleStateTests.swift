import Compositor
import LayerTree
import Testing

/// A rule that needs a per-layer fact, and an image check whose answer the tally keeps, are each
/// one file: ``WideCornerRule`` and ``WideImageCheck``, defined in the tests only and run beside
/// the registered ones, are picked up by the decide pass and the tally with no other change. The
/// expected figures follow from the fixtures' conditions and the scenes below, worked out by hand.
@Suite("A rule's fact and a check's memo need nothing else")
struct RuleStateTests {
  static let device = DeviceCatalogue.device(id: "iphone-7")!
  static let checks: [any ImageCheck] = ImageChecks.all + [WideImageCheck()]

  /// The fixtures' own examples, as the registered rules' and checks' examples run.
  @Test func theFixturesExamplesHold() throws {
    for example in WideCornerRule().examples {
      let scene = try TestScenes.decode(example.sceneJSON)
      let report = Simulator.run(scene, on: Self.device, rules: [WideCornerRule()])
      #expect(report.summary.offscreenPasses.perFrameMax == example.passes, "\(example.note)")
    }
    for example in WideImageCheck().examples {
      let scene = try TestScenes.decode(example.sceneJSON)
      let report = Simulator.run(scene, on: Self.device, rules: [], checks: [WideImageCheck()])
      #expect(report.summary.images.byCheck[WideImageCheck.checkID] == example.passes, "\(example.note)")
    }
  }

  /// Ten frames (one second at 10 frames a second) of a scroll view moving 10 points a frame:
  /// `wide-still` (a 24-point radius, as the scene writes it) is planned every frame, its fact
  /// derived once and read from the rule's column after. `wide-grown` is written with an 8-point
  /// radius, animated from 24 to 30 over the second: a fact read from the column would be 8 and
  /// never fire; derived again from the animated layer, it fires.
  static let corners = """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "list", "frame": [0, 0, 375, 667], "sublayers": [{"id": "row", "frame": [0, 0, 375, 2000]}]},
      {"id": "wide-still", "frame": [20, 100, 100, 50], "cornerRadius": 24, "backgroundColor": "#FFFFFF"},
      {"id": "wide-grown", "frame": [20, 200, 100, 50], "cornerRadius": 8, "backgroundColor": "#FFFFFF"},
      {"id": "narrow", "frame": [20, 300, 100, 50], "cornerRadius": 8, "backgroundColor": "#FFFFFF"}
    ]},
     "timeline": {"duration": 1, "frameRate": 10,
       "scrolls": [{"target": "list", "offsets": [[0, 0], [1, 100]]}],
       "animations": [{"target": "wide-grown", "keyPath": "cornerRadius", "fromValue": 24, "toValue": 30, "duration": 1}]}}
    """

  @Test func theRuleReadsItsFactFromItsColumn() throws {
    let scene = try TestScenes.decode(Self.corners)
    let report = Simulator.run(scene, on: Self.device, rules: OffscreenRules.all + [WideCornerRule()])
    #expect(report.summary.frames == 10)
    let findings = report.findings.filter { $0.rule == WideCornerRule.ruleID }
    #expect(findings.map(\.layer).sorted() == ["root/wide-grown", "root/wide-still"])
    let still = try #require(findings.first { $0.layer == "root/wide-still" })
    #expect(still.frames == 10)
    #expect(still.message == "A 24-point corner radius renders the layer offscreen.")
    // Derived once in the run's ten frames (the finding's words derive it again, from the layer).
    #expect(WideCornerRule.derivations.count("wide-still") == 2)
    // Derived again in each frame the animation changes the layer.
    #expect(WideCornerRule.derivations.count("wide-grown") > 2)
    // The registered rules find nothing here: the fixture's passes are its own.
    #expect(report.findings.allSatisfy { $0.rule == WideCornerRule.ruleID })
  }

  /// The same scroll, with images: `image-moving` (200 points wide) moves with the list every
  /// frame but keeps its size, so the tally asks the check once and keeps the answer for the other
  /// nine frames; `image-stretching` grows from 100 to 190 points wide over the second, so it is
  /// asked again each frame. An image at its pixel size on the pixel grid fails no registered check.
  static let images = """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "list", "frame": [0, 0, 375, 667], "sublayers": [
        {"id": "image-moving", "frame": [10, 200, 200, 100], "contents": {"type": "image", "pixelSize": [400, 200]}}]},
      {"id": "image-stretching", "frame": [10, 400, 100, 100], "contentsGravity": "center",
       "contents": {"type": "image", "pixelSize": [200, 200]}}
    ]},
     "timeline": {"duration": 1, "frameRate": 10,
       "scrolls": [{"target": "list", "offsets": [[0, 0], [1, 100]]}],
       "animations": [{"target": "image-stretching", "keyPath": "bounds.size.width", "fromValue": 100, "toValue": 200, "duration": 1}]}}
    """

  @Test func theTallyKeepsTheChecksAnswerByWhatItDependsOn() throws {
    let scene = try TestScenes.decode(Self.images)
    let report = Simulator.run(scene, on: Self.device, checks: Self.checks)
    #expect(report.summary.frames == 10)
    let moving = try #require(report.findings.first { $0.layer == "root/list/image-moving" })
    #expect(moving.rule == WideImageCheck.checkID)
    #expect(moving.frames == 10)
    #expect(WideImageCheck.asked.count("image-moving") == 1)
    #expect(WideImageCheck.asked.count("image-stretching") == 10)
    // Counts by check come from the checks the run asked.
    #expect(
      report.summary.images.byCheck == [ScaledImageCheck.checkID: 0, MisalignedImageCheck.checkID: 0, WideImageCheck.checkID: 2])
  }

  /// Without the fixture, the registry's checks alone are counted, as before.
  @Test func theRegistryNamesTheCounts() throws {
    let report = Simulator.run(try TestScenes.decode(Self.images), on: Self.device)
    #expect(Set(report.summary.images.byCheck.keys) == Set(ImageChecks.all.map(\.id)))
    #expect(report.findings.isEmpty)
  }
}
