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

  /// 41 layers (the root and 40 buttons) in one frame: 41 layer-frames a simulation. A budget of
  /// 205 is spent after 5 simulations (41 x 5 = 205, by hand); no sixth starts.
  @Test func theBudgetStopsExplainAndOptimize() throws {
    let (scene, document, device) = try Self.scene(40)
    let budget = WorkBudget(limit: 205)
    _ = Explainer.explain(scene, on: device, budget: budget)
    #expect(budget.exhausted)
    #expect(budget.simulations == 5)
    #expect(budget.spent == 205)
    let optimizing = WorkBudget(limit: 205)
    _ = Optimizer.optimize(document, scene: scene, decoding: .init(devices: DeviceCatalogue.screens), on: device, budget: optimizing)
    #expect(optimizing.exhausted)
    #expect(optimizing.simulations == 5)
    // What the commands then print (exit 2).
    #expect(throws: InputError.self) { try WorkLimit.check(budget, command: "explain", file: "x.json", narrowing: "narrow it") }
    do {
      try WorkLimit.check(budget, command: "explain", file: "x.json", narrowing: "narrow it")
    } catch {
      #expect(
        error.message
          == "x.json: error: explain stopped after 5 simulations of the scene: it measures each fix by simulating the scene again, "
          + "and they used its work budget of 205 layer-frames; narrow it")
    }
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
    #expect(budget.spent < WorkLimit.standard)
    let run = ToolRun.run("explain", "-", "--format", "json", stdin: Self.shadows(40))
    #expect(run.status == 0, "\(run.stderr)")
    for index in [0, 17, 39] { #expect(run.stdout.contains("\"root/b\(index)\"")) }
  }
}
