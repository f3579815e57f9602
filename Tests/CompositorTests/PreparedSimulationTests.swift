import LayerTree
import TestSupport
import Testing

@testable import Compositor

/// A scene prepared once (tree flattened, timeline resolved, indexes built) and run is the same
/// simulation as a plain run, however many times it is run: the benchmark times the preparation
/// apart from the frames, and must time the simulation the tool runs.
@Suite("Prepared simulation")
struct PreparedSimulationTests {
  @Test(arguments: BundledScenes.names)
  func aPreparedSceneRunsAsAPlainRun(_ name: String) throws {
    let scene = try SceneDecoder.decode(BundledScenes.bytes(name), options: TestDevices.options)
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    let plain = Simulator.run(scene, on: device)
    let prepared = Simulator.prepare(scene, on: device)
    // Run twice: the first run must leave nothing behind in the prepared value.
    for run in 1...2 {
      let report = Simulator.run(prepared)
      #expect(report.summary == plain.summary, "\(name), run \(run)")
      #expect(report.frames == plain.frames, "\(name), run \(run)")
      #expect(report.findings == plain.findings, "\(name), run \(run)")
      #expect(report.backingStores == plain.backingStores, "\(name), run \(run)")
    }
  }

  /// The generated feed scrolls past cells skipped by the sorted-sublayer index, which the
  /// preparation builds ahead of the first frame.
  @Test func aGeneratedFeedRunsAsAPlainRun() throws {
    let bytes = Array(SceneGenerator(kind: .feed, layers: 2_000, frames: 30, seed: 5).json().utf8)
    let scene = try SceneDecoder.decode(bytes, options: TestDevices.options)
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    let plain = Simulator.run(scene, on: device)
    let report = Simulator.run(Simulator.prepare(scene, on: device))
    #expect(report.summary == plain.summary)
    #expect(report.frames == plain.frames)
    #expect(report.findings == plain.findings)
    // Derived from the scene: 30 frames, and far fewer layers on screen than in the feed.
    #expect(report.frames.count == 30)
    #expect(report.summary.visibleLayerFrames < 30 * 200)
  }

  /// Hidden-surface removal with its grid reused across frames: worked by hand on a 100 x 100 pt
  /// screen. Layer 0 (0, 0, 100, 100) is under two opaque layers drawn after it into the same
  /// target, 1 at (50, 0, 50, 100) and 2 at (0, 0, 50, 50): hidden 5,000 + 2,500 = 7,500 points.
  /// Layer 1 is under nothing opaque drawn after it that overlaps it: 0. A layer drawn into another
  /// target is hidden by nothing.
  @Test func occlusionReusesItsGrid() {
    let bounds = Rect(0, 0, 100, 100)
    let first: [Occlusion.Entry] = [
      .init(rect: Rect(0, 0, 100, 100), opaque: true, target: -1),
      .init(rect: Rect(50, 0, 50, 100), opaque: true, target: -1),
      .init(rect: Rect(0, 0, 50, 50), opaque: true, target: -1),
    ]
    let second: [Occlusion.Entry] = [
      .init(rect: Rect(0, 0, 100, 100), opaque: false, target: 7),
      .init(rect: Rect(0, 0, 100, 100), opaque: true, target: -1),
    ]
    var scratch = Occlusion.Scratch()
    for _ in 1...2 {
      #expect(Occlusion.hiddenAreas(first, bounds: bounds, scratch: &scratch) == [7_500, 0, 0])
      #expect(Occlusion.hiddenAreas(second, bounds: bounds, scratch: &scratch) == [0, 0])
    }
  }

  /// The cost table files milliseconds by item as a dictionary would: items never added are
  /// absent, additions sum in order, and a name outside the list is kept.
  @Test func theCostTableActsAsADictionary() {
    var table = CostTable(["layers", "textures", "framebuffer"])
    table.add("layers", 1.5)
    table.add("framebuffer", 0.25)
    table.add("layers", 2)
    table.add("elsewhere", 4)
    #expect(table.dictionary == ["layers": 3.5, "framebuffer": 0.25, "elsewhere": 4])
  }
}
