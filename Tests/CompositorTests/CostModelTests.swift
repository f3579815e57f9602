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
  // frame rate within 5 fps, utilizations within 10 points of what was measured. Instruments
  // measured the page while it scrolled, once shown: the report's frame rate and utilizations are
  // those after the screen's first display (docs/cost-model.md, Frame pacing), the same window.

  /// v1: about 40 fps, GPU about 90% busy, CPU about 15% (Instruments).
  @Test func qqMusicV1() throws {
    let performance = Self.run(try Self.load("qqmusic-home-v1.json")).summary.performance
    #expect((35...45).contains(performance.fps), "fps \(performance.fps)")
    #expect((0.80...1.0).contains(performance.gpuUtilization), "GPU \(performance.gpuUtilization)")
    #expect((0.05...0.25).contains(performance.processCpuUtilization), "CPU \(performance.processCpuUtilization)")
    #expect(performance.bottleneck == .gpu)
  }

  /// v2: 55-59 fps, GPU about 28%, CPU 30-50% (Instruments' process CPU: the main thread and the
  /// background threads that draw the covers). The GPU within the case's tolerance (28% +/- 10
  /// points), the 6 Plus's sampling of each redrawn frame down to its panel counted; the frame rate
  /// held to two of its tolerances, as PublishedCasesTests holds the case.
  @Test func qqMusicV2() throws {
    let performance = Self.run(try Self.load("qqmusic-home-v2.json")).summary.performance
    // Two of the range's tolerances: its middle 57 +/- 2 x 2 fps (a range's tolerance is half its width).
    #expect((53...61).contains(performance.fps), "fps \(performance.fps)")
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

  // MARK: Feed list on the iPhone 6: text drawn on the main thread during a fast scroll

  /// The feed list's fast scroll (scenes/feed-list-fast-scroll.json: 8,000 pt/s held for a second,
  /// labels drawn on the main thread), or the same scroll with both labels drawn asynchronously
  /// (`drawnOn: background`, as YYText does), built from the same file.
  static func feedList(drawnOn: String, device: String? = nil) throws -> SimulationReport {
    let url = scenes.appendingPathComponent("feed-list-fast-scroll.json")
    let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
      of: #""drawnOn": "main""#, with: #""drawnOn": "\#(drawnOn)""#)
    #expect(text.contains(#""drawnOn": "\#(drawnOn)""#))
    let scene = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: DeviceCatalogue.screens, deviceOverride: device))
    return run(scene, device)
  }

  /// The measured case (DOMAIN.md section 5, feed list on an iPhone 6): smooth scrolling needs a
  /// steady frame rate of about 55+ fps, and with Auto Layout only cached row heights plus
  /// asynchronous text rendering reached it. The scene cannot say Auto Layout (the format has no
  /// key for it), and at the coefficients fitted to every published case its text on the main
  /// thread keeps 60 fps: the synchronous measurement is one of the published cases the model
  /// leaves outside its tolerance (PublishedCasesTests, docs/cost-model.md). What the model holds:
  /// drawing the text asynchronously reaches 55 or more with no hitch, and takes the text's
  /// drawing and set-up off the main thread, which then works less in every frame that sets up a
  /// cell. The GPU is far from its budget in both (no offscreen pass, a few full-width layers).
  @Test func feedListFastScrollNeedsAsynchronousText() throws {
    let sync = try Self.feedList(drawnOn: "main").summary.performance
    let async = try Self.feedList(drawnOn: "background").summary.performance
    #expect(async.fps >= 55, "fps \(async.fps)")
    #expect(async.fps >= sync.fps)
    #expect(async.renderHitches == 0 && async.commitHitches == 0)
    #expect(async.mainThreadMs.max < sync.mainThreadMs.max)
    #expect(async.mainThreadMs.mean < sync.mainThreadMs.mean)
    #expect(async.backgroundMs.mean > 0 && sync.backgroundMs.mean == 0)
    #expect(sync.gpuMs.max < 1000.0 / 60 / 2)
    #expect(async.gpuMs.max < 1000.0 / 60 / 2)
  }

  /// One reused feed cell's main-thread cost, term by term from the coefficients (A8: the iPhone
  /// 6's `cpuSpeed` is 1). Frame 2 of the fast scroll moves the offset from 133.5 to 266.5 pt
  /// (8,000 / 60 pt a frame on the pixel grid), past one multiple of the 106 pt row (212): one
  /// cell takes a new story. The main thread spends:
  /// - `frameBaseTime`, and the table's layout and commit (its offset changed);
  /// - the cell's five layers (cell, contentView, title, footer, separator) laid out and committed;
  /// - each label's text set up (`textLayoutTime`), then typeset and drawn at the commit, whether
  ///   the label is on screen yet or not (Core Animation displays every layer that needs it when
  ///   the transaction commits): 60 + 20 characters x `glyphTime`, and the backing stores' pixels
  ///   x `drawPixelTime`: 345 x 61 pt = 690 x 122 px and 250 x 15 pt = 500 x 30 px at @2x.
  /// Asynchronously, the labels' set-up, typesetting and drawing go to a background thread and the
  /// main thread keeps the rest.
  @Test(arguments: ["main", "background"])
  func aReusedFeedCellCostsItsViewsAndItsText(drawnOn: String) throws {
    let c = CostCoefficients.standard
    let report = try Self.feedList(drawnOn: drawnOn)
    let frame = report.frames[2]
    let views = c.frameBaseTime + 6 * (c.layoutTime + c.commitTime)
    let text = 2 * c.textLayoutTime + 80 * c.glyphTime + (690 * 122 + 500 * 30) * c.drawPixelTime
    if drawnOn == "main" {
      #expect(abs(frame.cost.mainThreadMs - (views + text) * 1000) < 1e-9)
      #expect(frame.cost.backgroundMs == 0)
    } else {
      #expect(abs(frame.cost.mainThreadMs - views * 1000) < 1e-9)
      #expect(abs(frame.cost.backgroundMs - text * 1000) < 1e-9)
    }
  }

  /// The synchronous version's main thread is never less busy than the asynchronous one's, and
  /// busier over the scroll: every frame that draws a label (a cell shown for the first time or
  /// handed a new story) draws it on the main thread there and on background threads here.
  @Test func feedListAsyncTextLeavesTheMainThread() throws {
    let a = try Self.feedList(drawnOn: "main")
    let b = try Self.feedList(drawnOn: "background")
    for (s, t) in zip(a.frames, b.frames) {
      #expect(s.cost.mainThreadMs >= t.cost.mainThreadMs - 1e-9, "frame \(s.index)")
      if s.cost.mainThreadMs > t.cost.mainThreadMs + 1e-9 {
        #expect(t.cost.backgroundMs > 0, "frame \(s.index)")
        #expect(s.cost.backgroundMs == 0, "frame \(s.index)")
      }
    }
    #expect(a.frames.map(\.cost.mainThreadMs).reduce(0, +) > b.frames.map(\.cost.mainThreadMs).reduce(0, +))
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
    func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords { rule.describe(context, hit: hit) }
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
  /// screen. Pass = the GPU idle going into the target and back (2 switchIdleTime), the screen's
  /// render pass interrupted (a share of its tiles stored and loaded), the target stored and read
  /// back (2 x 90,000 x 4 B = 720,000 B; its 360,000 B fit in the A8's 2 MB share of its 4 MB
  /// system cache, so at twice the 12.8 GB/s of DRAM; the A8 does not compress) overlapped with
  /// its compositing as 90,000 blended pixels.
  @Test func passCostFollowsTheFormula() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "s", "frame": [10, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": {"type": "text", "characters": 4}}"##,
      device: "iphone-6-plus")
    let device = DeviceCatalogue.device(id: "iphone-6-plus")!
    let c = CostCoefficients.standard
    let report = Simulator.run(scene, on: device)
    let target = 90_000.0
    // The screen's tiles (1242 x 2208 x 4 B), a share of them stored and loaded: the GPU's 2 MB
    // of the system cache at twice DRAM's speed, the rest at DRAM's.
    let screen = 1242.0 * 2208 * 4
    let resident = 4 * 1_048_576 * c.systemCacheGPUShare / screen
    // With the GPU's own work per pixel of those tiles (`tileStorePixelTime`; the A8's speed 1).
    let traffic = 2 * screen * (resident / (12.8e9 * c.systemCacheSpeedup) + (1 - resident) / 12.8e9)
    let interrupt = c.interruptedTileShare * (traffic + 1242 * 2208 * c.tileStorePixelTime)
    let expected =
      (2 * c.switchIdleTime + interrupt
        + max(2 * target * 4 / (12.8e9 * c.systemCacheSpeedup), target * c.opaquePixelTime * c.blendedPixelFactor)) * 1000
    let finding = try #require(report.findings.first { $0.rule == RoundedClipRule.ruleID })
    #expect(abs(finding.gpuMs - expected) < 1e-9)
  }

  /// The sampling stage of a device that renders more pixels than its panel has (Apple's Technical
  /// Q&A QA1909: the iPhone 6 Plus renders 1242 x 2208 and UIKit samples it down to its 1080 x
  /// 1920 panel), worked out by hand: a full-screen opaque layer whose colour changes every frame
  /// redraws the whole screen, so each frame reads the rendered frame (1242 x 2208 x 4 B =
  /// 10,969,344 B) and writes the panel's (1080 x 1920 x 4 B = 8,294,400 B) through the A8's 12.8
  /// GB/s of DRAM: 19,263,744 B / 12.8e9 B/s = 1.50498 ms, more than shading the panel's 2,073,600
  /// pixels at `opaquePixelTime` (0.2 ns: 0.415 ms). The same device with the panel's size equal to
  /// the frame's has no such stage, and every other item is the same; an iPhone 6 has none.
  @Test func aDeviceThatDownsamplesPaysTheSamplingStage() throws {
    let scene = try SceneDecoder.decode(
      Array(
        ##"""
        {"version": 1, "device": "iphone-6-plus", "root": {"sublayers": [
          {"id": "fill", "frame": [0, 0, 414, 736], "backgroundColor": "#FF0000"}]},
         "timeline": {"duration": 0.5, "animations": [
          {"target": "fill", "keyPath": "backgroundColor", "fromValue": "#FF0000", "toValue": "#0000FF", "duration": 0.5}]}}
        """##.utf8), options: .init(devices: DeviceCatalogue.screens))
    let device = try #require(DeviceCatalogue.device(id: "iphone-6-plus"))
    var native = device
    native.panelPixels = nil
    let c = CostCoefficients.standard
    let traffic = (1242.0 * 2208 + 1080 * 1920) * 4 / 12.8e9
    let shading = 1080.0 * 1920 * c.opaquePixelTime
    #expect(traffic > shading)
    let downsampled = Simulator.run(scene, on: device).summary.performance
    let plain = Simulator.run(scene, on: native).summary.performance
    let stage = try #require(downsampled.gpuBreakdown["downsample"])
    #expect(abs(stage - traffic * 1000) < 1e-9, "\(stage)")
    #expect(abs(downsampled.gpuMs.mean - plain.gpuMs.mean - traffic * 1000) < 1e-9)
    #expect((plain.gpuBreakdown["downsample"] ?? 0) == 0)
    var others = downsampled.gpuBreakdown
    others["downsample"] = nil
    var plainOthers = plain.gpuBreakdown
    plainOthers["downsample"] = nil
    #expect(others == plainOthers)
    let iPhone6 = Simulator.run(scene, on: try #require(DeviceCatalogue.device(id: "iphone-6"))).summary.performance
    #expect((iPhone6.gpuBreakdown["downsample"] ?? 0) == 0)
  }
}
