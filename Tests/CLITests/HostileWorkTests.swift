import Foundation
import Testing

@testable import Compositor
@testable import LayerTree
@testable import offscreen_sim

/// `explain` and `optimize` simulate the scene once per fix they try, so their work grows with
/// the findings times the fixes; a work budget stops them, and the commands refuse the partial
/// result with a message, instead of letting a scene keep a runner busy for hours.
@Suite("hostile input: work of explain and optimize")
struct HostileWorkTests {
  /// `count` buttons each casting a shadow without a path, each with its own id, so each is a
  /// group of its own (explain groups layers only when their paths differ in `[n]` alone), each
  /// offscreen (DOMAIN.md: a shadow without `shadowPath` renders offscreen).
  static func shadows(_ count: Int) -> String {
    let layers = (0..<count).map {
      ##"{"id": "b\##($0)", "frame": [0, \##($0 * 10), 100, 8], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3, "shadowRadius": 2}"##
    }
    return #"{"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": ["# + layers.joined(separator: ",\n") + "]}}"
  }

  static func scene(_ count: Int) throws -> (Scene, SceneDocument, DeviceProfile) {
    let bytes = Array(shadows(count).utf8)
    let scene = try SceneDecoder.decode(bytes, options: .init(devices: DeviceCatalogue.screens))
    return (scene, try SceneDocument(parsing: bytes), try #require(DeviceCatalogue.device(id: "iphone-7")))
  }

  /// 41 layers (the root and 40 buttons) in one frame: 41 layer-frames a simulation. With a
  /// budget of 205 (5 simulations), the one of the scene runs and the 40 or more trials (at
  /// least shadow-path on each button, 40 x 41 = 1,640 layer-frames) do not start: none is run
  /// (by hand).
  @Test func theBudgetStopsExplainAndOptimize() throws {
    let (scene, document, device) = try Self.scene(40)
    let budget = WorkBudget(limit: 205)
    let explanation = Explainer.explain(scene, on: device, budget: budget)
    #expect(budget.exhausted)
    #expect(budget.simulations == 1)
    #expect(budget.spent == 41)
    #expect(explanation.findings.allSatisfy { $0.trials.isEmpty })
    let refused = try #require(budget.refused)
    #expect(refused.simulations > 40)
    #expect(refused.layerFrames == 41 * refused.simulations)
    let optimizing = WorkBudget(limit: 205)
    let result = Optimizer.optimize(
      document, scene: scene, decoding: .init(devices: DeviceCatalogue.screens), on: device, budget: optimizing)
    #expect(optimizing.exhausted)
    #expect(optimizing.simulations == 1)
    #expect(result.steps.isEmpty)
    // What the commands then print (exit 2).
    do {
      try WorkLimit.check(budget, command: "explain", file: "x.json", narrowing: "narrow it")
      Issue.record("no error")
    } catch {
      #expect(
        error.message
          == "x.json: error: explain needs at least \(refused.simulations) simulations of the scene, "
          + "\(Readable.count(refused.layerFrames)) layer-frames in all: it measures each fix by simulating the scene again, "
          + "and its work budget is 205 layer-frames; narrow it, or raise the budget with --work-budget; nothing was explained")
    }
  }

  /// The budget follows `--work-budget`: the 40 buttons explain with the default budget, and are
  /// refused with one that holds the scene (41) but not its trials.
  @Test func theBudgetFollowsTheWorkBudgetOption() {
    #expect(ToolRun.run("explain", "-", stdin: Self.shadows(40)).status == 0)
    let refused = ToolRun.run("explain", "-", "--work-budget", "100", stdin: Self.shadows(40))
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("its work budget is 100 layer-frames"))
  }

  /// Optimize simulates once per fix it applies, after one explanation: never an explanation
  /// per fix kept. 40 buttons, each its own group: 1 + trials (the explanation) + one per fix
  /// applied, at most one per group (two, when the fix's check steps the scene); an explanation
  /// per fix kept would be about 40 x 80.
  @Test func optimizeIsNotQuadraticInGroups() throws {
    let (scene, document, device) = try Self.scene(40)
    let explaining = WorkBudget(limit: .max)
    _ = Explainer.explain(scene, on: device, fixes: SceneFixes.all.filter(\.appearance.keepsAppearance), budget: explaining)
    let budget = WorkBudget(limit: .max)
    let result = Optimizer.optimize(document, scene: scene, decoding: .init(devices: DeviceCatalogue.screens), on: device, budget: budget)
    #expect(result.steps.count == 40)
    #expect(budget.simulations <= explaining.simulations + 2 * (40 + result.skipped.count))
  }

  /// Unlimited, explain measures every fix on every group: one simulation of the scene and one
  /// per trial it lists; the standard budget leaves room for that on a scene with many findings.
  @Test func theStandardBudgetExplainsEveryGroup() throws {
    let (scene, _, device) = try Self.scene(40)
    let budget = WorkBudget(limit: .max)
    let explanation = Explainer.explain(scene, on: device, budget: budget)
    #expect(!budget.exhausted)
    #expect(explanation.findings.count == 40)
    #expect(budget.simulations == 1 + explanation.findings.reduce(0) { $0 + $1.trials.count })
    #expect(budget.spent == 41 * budget.simulations)
    #expect(budget.spent < InputLimits.standard.maxLayerFrames)
    let run = ToolRun.run("explain", "-", "--format", "json", stdin: Self.shadows(40))
    #expect(run.status == 0, "\(run.stderr)")
    for index in [0, 17, 39] { #expect(run.stdout.contains("\"root/b\(index)\"")) }
  }
}
