import Compositor
import Foundation
import Testing

@testable import offscreen_sim

/// Gates that move only for real, on the bundled pair `scenes/timeline-cell.json` and
/// `scenes/timeline-cell-shadow-path.json`, which differ in one thing: the three toolbar buttons
/// of each visible cell (six on screen) have a `shadowPath`.
///
/// What the change can move, from Core Animation's documented behaviour (the shadow-without-path
/// rule, DOMAIN.md): without a path each button is rendered offscreen to find its shadow's shape,
/// one pass each, so the passes per frame, the GPU time they take and the offscreen targets'
/// memory move; the main thread's work (layout, text, commit) does not, nor does anything the
/// user sees of it, since both sides' GPU frames fit the iPhone 6's 16.7 ms (9.5 ms and 1.0 ms).
@Suite("Gates that move only for real")
struct UnrelatedGateTests {
  static let without = packageRoot.appendingPathComponent("scenes/timeline-cell.json").path
  static let with = packageRoot.appendingPathComponent("scenes/timeline-cell-shadow-path.json").path

  static func compare(_ before: String, _ after: String) throws -> (status: Int32, document: [String: Any]) {
    let run = ToolRun.run("compare", before, after, "--format", "json")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
    return (run.status, document)
  }

  static func metrics(_ document: [String: Any]) throws -> [[String: Any]] {
    let comparison = try #require((document["comparisons"] as? [[String: Any]])?.first)
    return try #require(comparison["metrics"] as? [[String: Any]])
  }

  /// Adding the paths passes every default gate.
  @Test func addingTheShadowPathsPasses() throws {
    let (status, document) = try Self.compare(Self.without, Self.with)
    #expect(status == 0)
    let comparison = try #require((document["comparisons"] as? [[String: Any]])?.first)
    #expect((comparison["regressions"] as? [Any])?.isEmpty == true)
    #expect(comparison["verdict"] as? String == "better")
  }

  /// Taking them away fails on the three figures the change really moves, and on nothing of the
  /// main thread.
  @Test func removingThemFailsOnTheGPUFiguresAlone() throws {
    let (status, document) = try Self.compare(Self.with, Self.without)
    #expect(status == 1)
    let comparison = try #require((document["comparisons"] as? [[String: Any]])?.first)
    let regressions = try #require(comparison["regressions"] as? [String])
    #expect(Set(regressions) == ["offscreenPasses.perFrameMax", "gpuMs.p95", "memoryBytes.total"])
    let metrics = try Self.metrics(document)
    for id in ["mainThreadMs.mean", "mainThreadMs.p95", "hitchTimeRatio", "fps"] {
      let metric = metrics.first { $0["id"] as? String == id }
      let verdict = metric?["verdict"] as? String
      #expect(verdict == "same", "\(id)")
    }
  }

  /// The layer counts describe the screen: never worse, in either direction, and no gate.
  @Test func layerCountsAreNeverWorse() throws {
    for (before, after) in [(Self.without, Self.with), (Self.with, Self.without)] {
      let metrics = try Self.metrics(try Self.compare(before, after).document)
      for id in ["visibleLayers", "drawingLayers"] {
        let metric = try #require(metrics.first { $0["id"] as? String == id })
        #expect(metric["better"] as? String == "neither")
        #expect(metric["verdict"] as? String != "worse")
      }
    }
    let gated = ToolRun.run("compare", Self.without, Self.with, "--gate", "drawingLayers")
    #expect(gated.status == 2)
    #expect(gated.stderr.contains("'drawingLayers' in --gate describes the screen and has no better or worse"))
  }

  /// The regression line names the finding that came with it, grouped by layer pattern.
  @Test func theRegressionNamesItsFinding() {
    let run = ToolRun.run("compare", Self.with, Self.without)
    #expect(run.status == 1)
    #expect(run.stdout.hasPrefix("verdict: worse: "))
    #expect(run.stdout.contains("got worse, with shadow-without-path on root/table/"))
    #expect(run.stdout.contains("/toolbar/action[*] (3 layers)"))
  }

  /// A change that moves one side's drawing layers by one (a shadow drawn from its path) reads
  /// `changed` in the table, not `worse`.
  @Test func aChangedCountReadsChanged() throws {
    let metric = try #require(ReportMetrics.metric(id: "drawingLayers"))
    #expect(Comparison.verdict(49, 50, metric: metric, tolerance: 0.05) == .changed)
    #expect(Comparison.verdict(50, 49, metric: metric, tolerance: 0.05) == .changed)
    #expect(Comparison.verdict(50, 50, metric: metric, tolerance: 0.05) == .same)
    #expect(!ReportMetrics.gateable.contains("drawingLayers"))
    #expect(ReportMetrics.defaultGates.allSatisfy { ReportMetrics.gateable.contains($0) })
  }
}
