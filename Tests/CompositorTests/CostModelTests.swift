import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// The cost model against measured cases (DOMAIN.md section 5) and the properties any sane model
/// has.
@Suite("Cost model")
struct CostModelTests {
  static let scenes = Repository.scenesFolder

  static func load(_ name: String, device: String? = nil) throws -> Scene {
    let bytes = try [UInt8](Data(contentsOf: scenes.appendingPathComponent(name)))
    return try SceneDecoder.decode(bytes, options: .init(devices: DeviceCatalogue.screens, deviceOverride: device))
  }

  static func run(_ scene: Scene, _ device: String? = nil) -> SimulationReport {
    Simulator.run(scene, on: DeviceCatalogue.device(id: device ?? scene.device)!)
  }

  // MARK: Calibration: QQ Music on the iPhone 6 Plus while scrolling. Tolerances from the issue:
  // frame rate within 5 fps, utilizations within 10 points of what was measured.

  /// v1: about 40 fps, GPU about 90% busy, CPU about 15% (Instruments).
  @Test func qqMusicV1() throws {
    let performance = Self.run(try Self.load("qqmusic-home-v1.json")).summary.performance
    #expect((35...45).contains(performance.fps), "fps \(performance.fps)")
    #expect((0.80...1.0).contains(performance.gpuUtilization), "GPU \(performance.gpuUtilization)")
    #expect((0.05...0.25).contains(performance.processCpuUtilization), "CPU \(performance.processCpuUtilization)")
    #expect(performance.bottleneck == .gpu)
  }

  /// v2: 55-59 fps, GPU about 28%, CPU 30-50% (Instruments' process CPU: the main thread and the
  /// background threads that draw the covers).
  @Test func qqMusicV2() throws {
    let performance = Self.run(try Self.load("qqmusic-home-v2.json")).summary.performance
    #expect((50...64).contains(performance.fps), "fps \(performance.fps)")
    #expect((0.18...0.38).contains(performance.gpuUtilization), "GPU \(performance.gpuUtilization)")
    #expect((0.20...0.60).contains(performance.processCpuUtilization), "CPU \(performance.processCpuUtilization)")
  }

  /// v1.1 (no masksToBounds on the text-only topic chips) scrolls better than v1 in the topics
  /// area: while the chips are on screen (the first 0.5 s: they leave the table's top at
  /// 364 pt of scrolling), frames cost less GPU time, and the whole run has a higher frame rate.
  @Test func qqMusicV11BeatsV1InTheTopicsArea() throws {
    let v1 = Self.run(try Self.load("qqmusic-home-v1.json"))
    let v11 = Self.run(try Self.load("qqmusic-home-v1.1.json"))
    let topicFrames = 0..<30
    let v1GPU = topicFrames.map { v1.frames[$0].cost.gpuMs }.reduce(0, +)
    let v11GPU = topicFrames.map { v11.frames[$0].cost.gpuMs }.reduce(0, +)
    #expect(v11GPU < v1GPU)
    #expect(v11.summary.performance.fps > v1.summary.performance.fps)
    #expect(v1.findings.contains { $0.layer.contains("topics/topRowChip") && $0.rule == RoundedClipRule.ruleID })
    #expect(!v11.findings.contains { $0.layer.contains("topics/") })
  }

  // MARK: Properties

  /// An offscreen pass never makes a frame cheaper: for every bundled scene and every offscreen
  /// finding, the scene is simulated again with that finding's rule silenced on that layer alone
  /// (every other rule and layer as before), and no frame's GPU time grows. The rule is read from
  /// the registry, so a new rule is covered without a change here. A rasterized layer whose pass
  /// is silenced still keeps its bitmap: its misses stop costing, its hits stay.
  @Test func removingAnOffscreenPassNeverMakesAFrameSlower() throws {
    let names = BundledScenes.names
    #expect(!names.isEmpty)
    for name in names {
      let scene = try Self.load(name)
      let device = DeviceCatalogue.device(id: scene.device)!
      let before = Self.run(scene)
      for finding in before.findings where finding.category == .offscreen {
        let rules = OffscreenRules.all.map { rule -> any OffscreenRule in
          rule.id == finding.rule ? Silenced(rule: rule, path: finding.layer) : rule
        }
        let after = Simulator.run(scene, on: device, rules: rules)
        #expect(
          after.findings.filter { $0.rule == finding.rule && $0.layer == finding.layer }.isEmpty,
          "\(name) \(finding.rule) \(finding.layer) still fires")
        for (a, b) in zip(before.frames, after.frames) {
          #expect(b.cost.gpuMs <= a.cost.gpuMs + 1e-9, "\(name) \(finding.rule) \(finding.layer) frame \(a.index)")
        }
      }
    }
  }

  /// A registered rule that never fires on the layer at `path`, and fires as `rule` elsewhere.
  struct Silenced: OffscreenRule {
    var rule: any OffscreenRule
    var path: String
    var id: String { rule.id }
    var title: String { rule.title }
    var reason: String { rule.reason }
    var fix: String { rule.fix }
    var examples: [RuleExample] { rule.examples }
    var work: PassWork { rule.work }
    /// The silenced rule's own gate is in the layers' props: this one is never asked.
    static func mightFire(on layer: Layer, props: LayerProps) -> Bool { true }
    func evaluate(_ context: RuleContext) -> RuleHit? { context.path == path ? nil : rule.evaluate(context) }
  }

  /// The same scene costs less GPU time on an iPhone 13 Pro than on an iPhone 6 Plus.
  @Test func newerDeviceCostsLessGPUTime() throws {
    for name in ["qqmusic-home-v1.json", "qqmusic-home-v2.json", "timeline-cell.json"] {
      let old = Self.run(try Self.load(name, device: "iphone-6-plus"))
      let new = Self.run(try Self.load(name, device: "iphone-13-pro"))
      #expect(new.summary.performance.gpuMs.mean < old.summary.performance.gpuMs.mean, "\(name)")
    }
  }

  /// A 120 Hz device has half the frame budget: 1000/120 = 8.33 ms against 1000/60 = 16.67 ms.
  @Test func refreshRateSetsTheBudget() throws {
    let scene = try Self.load("timeline-cell.json")
    let at60 = Self.run(scene, "iphone-6-plus").summary.performance.budgetMs
    let at120 = Self.run(scene, "iphone-13-pro").summary.performance.budgetMs
    #expect(abs(at60 - 1000.0 / 60) < 1e-9)
    #expect(abs(at120 - at60 / 2) < 1e-9)
  }

  /// Precomposed corners move cost from the GPU to the CPU: the same card, first clipped by
  /// cornerRadius + masksToBounds over an image and a label, then with its image drawn rounded by
  /// the app on a background thread and no clip.
  @Test func precomposedCornersMoveCostFromGPUToCPU() throws {
    func card(_ clipped: Bool) -> String {
      let cover =
        clipped
        ? ##"{"type": "image", "pixelSize": [378, 378], "opaque": true}"##
        : ##"{"type": "image", "pixelSize": [378, 378], "drawnOn": "background"}"##
      return """
        {"version": 1, "device": "iphone-6-plus", "root": {"id": "root", "sublayers": [
          {"id": "card", "frame": [10, 100, 126, 126], "cornerRadius": \(clipped ? 10 : 0), "masksToBounds": \(clipped),
           "sublayers": [{"id": "cover", "frame": [0, 0, 126, 126], "contents": \(cover)},
                         {"id": "title", "frame": [8, 100, 110, 18], "contents": {"type": "text", "characters": 8}}]}]},
         "timeline": {"duration": 0.5, "contentChanges": [{"target": "cover", "rate": 4}]}}
        """
    }
    let clipped = Self.run(try TestScenes.decode(card(true))).summary.performance
    let precomposed = Self.run(try TestScenes.decode(card(false))).summary.performance
    #expect(precomposed.gpuMs.mean < clipped.gpuMs.mean)
    #expect(precomposed.backgroundMs.mean > clipped.backgroundMs.mean)
  }

  /// One offscreen pass's GPU time, worked out from the coefficients and the device: a 100 x 100 pt
  /// rounded clip on an iPhone 6 Plus (@3x: 300 x 300 = 90,000 px target) with nothing else on
  /// screen. Pass = the fixed part (passResolveTime + 2 switchIdleTime: the screen's render pass
  /// ended and resumed, the GPU idle going into the target and back), the target stored and read
  /// back (2 x 90,000 x 4 B = 720,000 B; its 360,000 B fit in the A8's 2 MB share of its 4 MB
  /// system cache, so at twice the 12.8 GB/s of DRAM; the A8 does not compress), and composited
  /// as 90,000 blended pixels.
  @Test func passCostFollowsTheFormula() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "s", "frame": [10, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": {"type": "text", "characters": 4}}"##,
      device: "iphone-6-plus")
    let device = DeviceCatalogue.device(id: "iphone-6-plus")!
    let c = CostCoefficients.standard
    let report = Simulator.run(scene, on: device)
    let target = 90_000.0
    let expected =
      (c.passResolveTime + 2 * c.switchIdleTime + 2 * target * 4 / (12.8e9 * c.systemCacheSpeedup)
        + target * c.opaquePixelTime * c.blendedPixelFactor) * 1000
    let finding = try #require(report.findings.first { $0.rule == RoundedClipRule.ruleID })
    #expect(abs(finding.gpuMs - expected) < 1e-9)
  }
}
