import Foundation
import Testing

@testable import Compositor
@testable import LayerTree

/// explain runs one simulation of the scene and one per fix it tries on each group of findings;
/// optimize adds one per fix it applies (at most one per group). So both grow linearly with the
/// groups, which are at most the fixable layers: a screen with 30 groups runs about 30 trials per
/// fix that answers their rule, never a trial per pair of groups.
@Suite("explain and optimize: simulations against the number of groups")
struct ExplainComplexityTests {
  /// `count` white buttons (100 x 6 pt, 8 pt apart: up to 80 fit on the 667 pt screen) casting a
  /// shadow without a path, each its own group (distinct ids),
  /// on a screen of one frame, or scrolled for 0.5 s at 60 Hz (30 frames) when `scrolled`.
  static func buttons(_ count: Int, scrolled: Bool) -> String {
    let layers = (0..<count).map {
      ##"{"id": "b\##($0)", "frame": [0, \##($0 * 8), 100, 6], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3, "shadowRadius": 2}"##
    }
    let scroll = #"{"target": "list", "offsets": [[0, 0], [0.5, 40]]}"#
    let timeline = scrolled ? #", "timeline": {"duration": 0.5, "frameRate": 60, "scrolls": [\#(scroll)]}"# : ""
    let list = #"{"id": "list", "frame": [0, 0, 375, 667], "sublayers": ["# + layers.joined(separator: ",\n") + "]}"
    return #"{"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": ["# + list + "]}" + timeline + "}"
  }

  static func counts(_ count: Int, scrolled: Bool) throws -> (groups: Int, trials: Int, explain: Int, optimize: Int, applied: Int) {
    let bytes = Array(buttons(count, scrolled: scrolled).utf8)
    let options = SceneDecoder.Options(devices: DeviceCatalogue.screens)
    let scene = try SceneDecoder.decode(bytes, options: options)
    let device = try #require(DeviceCatalogue.device(id: "iphone-7"))
    let explaining = WorkBudget(limit: .max)
    let explanation = Explainer.explain(scene, on: device, budget: explaining)
    let optimizing = WorkBudget(limit: .max)
    let result = Optimizer.optimize(try SceneDocument(parsing: bytes), scene: scene, decoding: options, on: device, budget: optimizing)
    let trials = explanation.findings.reduce(0) { $0 + $1.trials.count }
    return (explanation.findings.count, trials, explaining.simulations, optimizing.simulations, result.steps.count)
  }

  /// One frame: each button's group is answered by `shadow-path` alone (rasterize-static-subtree
  /// needs a timeline), so explain runs 1 + n simulations; optimize explains with the fixes
  /// that keep the picture (the same trials) and applies shadow-path to each button: 1 + 2n.
  @Test(arguments: [5, 10, 20, 40, 80])
  func oneFrame(_ count: Int) throws {
    let measured = try Self.counts(count, scrolled: false)
    #expect(measured.groups == count)
    #expect(measured.trials == count)
    #expect(measured.explain == 1 + count)
    #expect(measured.applied == count)
    #expect(measured.optimize == 1 + 2 * count)
  }

  /// On a timeline: the scene's run records its frames for the checks and the trials (no
  /// stepping more), each group gets at most one trial per fix answering its rule, and optimize
  /// at most one simulation per group more, plus the steppings of its checks (one per fix it
  /// re-checks): linear in the groups.
  @Test(arguments: [5, 10, 20, 40, 80])
  func scrolled(_ count: Int) throws {
    let measured = try Self.counts(count, scrolled: true)
    let fixes = SceneFixes.answering(ShadowWithoutPathRule.ruleID).count
    #expect(measured.groups == count)
    #expect(measured.explain == 1 + measured.trials)
    #expect(measured.trials <= fixes * count)
    #expect(measured.optimize <= measured.explain + 2 * count)
  }
}
