import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// `explain` and `optimize` offer the list techniques (``ListTechnique``) where they apply, each
/// measured by simulating the scene with it, with its risk; `optimize` applies those that keep the
/// picture and says why it left the others.
@Suite("List techniques in explain and optimize")
struct ListExplainTests {
  static let iphone6 = DeviceCatalogue.device(id: "iphone-6")!
  static let options = SceneDecoder.Options(devices: DeviceCatalogue.screens)

  static func scene(_ name: String) throws -> Scene { try SceneDecoder.decode(BundledScenes.bytes(name), options: options) }

  /// On the feed list laid out with Auto Layout, heights computed and text on the main thread,
  /// every technique but the fling's applies (the scroll is an offset curve, not a fling). Each
  /// technique's scene is one of the grid's (FeedListGridTests derives their two-cell frames by
  /// hand): frames give 10.3 ms, cached heights 11.9 ms, drawing off the main thread 12.6 ms, each
  /// inside the 16.7 ms budget where the scene's 17.1 ms is not. Cached text layouts leave the
  /// least, 7.4 ms, and come first: each cell's two labels keep their drawing (99,180 px x
  /// drawPixelTime + 80 characters x glyphTime) but neither set up nor measure their text, so the
  /// solve and the height's solve are 10 x constraintTime each.
  @Test func explainRanksTheTechniquesOnTheFeedList() throws {
    let explanation = Explainer.explain(try Self.scene("feed-list-autolayout-computed-sync.json"), on: Self.iphone6)
    let ids = explanation.listTechniques.map(\.technique.id)
    #expect(
      Set(ids) == ["frames-instead-of-auto-layout", "cache-row-heights", "cache-text-layouts", "draw-text-off-main-thread"], "\(ids)")
    #expect(ids.first == "cache-text-layouts", "\(ids)")
    let byID = Dictionary(uniqueKeysWithValues: explanation.listTechniques.map { ($0.technique.id, $0) })
    let frames = FeedListGridTests.Combination(autoLayout: false, computedHeights: true, asyncText: false).frameMs(cells: 2)
    let cached = FeedListGridTests.Combination(autoLayout: true, computedHeights: false, asyncText: false).frameMs(cells: 2)
    let async = FeedListGridTests.Combination(autoLayout: true, computedHeights: true, asyncText: true).frameMs(cells: 2)
    #expect(abs((byID["frames-instead-of-auto-layout"]?.saving.after.mainThreadMsP95 ?? 0) - frames) < 0.001)
    #expect(abs((byID["cache-row-heights"]?.saving.after.mainThreadMsP95 ?? 0) - cached) < 0.001)
    #expect(abs((byID["draw-text-off-main-thread"]?.saving.after.mainThreadMsP95 ?? 0) - async) < 0.001)
    let c = CostCoefficients.standard
    let cachedText =
      (c.frameBaseTime + 11 * (c.layoutTime + c.commitTime)) * 1000
      + 2 * (99_180 * c.drawPixelTime + 80 * c.glyphTime + 2 * 10 * c.constraintTime) * 1000
    #expect(abs((byID["cache-text-layouts"]?.saving.after.mainThreadMsP95 ?? 0) - cachedText) < 0.001)
    for (id, technique) in byID { #expect(technique.saving.after.fps > 59.99, "\(id)") }
    // Drawing off the main thread shows contents late: offered, marked, with its risk.
    #expect(byID["draw-text-off-main-thread"]?.technique.keepsAppearance == false)
    #expect(byID["draw-text-off-main-thread"]?.technique.risk.contains("flicker") == true)
    #expect(byID["cache-row-heights"]?.technique.keepsAppearance == true)
  }

  /// A list already laid out with frames, heights cached, text drawn asynchronously: nothing left
  /// to offer but caching the text layouts, which moves the asynchronous labels' set-up off the
  /// background threads only: the main thread saves nothing, so it is not offered.
  @Test func aTunedListIsOfferedNothing() throws {
    let explanation = Explainer.explain(try Self.scene("feed-list-frames-cached-async.json"), on: Self.iphone6)
    #expect(explanation.listTechniques.isEmpty, "\(explanation.listTechniques.map(\.technique.id))")
  }

  /// A fling long enough to skip rows is offered skipped drawing, marked as changing what the user
  /// sees (blank cells), with what it saves on the main thread's mean.
  @Test func aLongFlingIsOfferedSkippedDrawing() throws {
    let scene = try SceneDecoder.decode(Array(FlingSkipTests.fling("").utf8), options: Self.options)
    let explanation = Explainer.explain(scene, on: Self.iphone6)
    let skip = try #require(explanation.listTechniques.first { $0.technique.id == "skip-drawing-on-fling" })
    #expect(!skip.technique.keepsAppearance)
    #expect(skip.technique.risk.contains("blank cells"))
    #expect(skip.mainThreadMsMean.after < skip.mainThreadMsMean.before)
  }

  /// optimize writes the techniques that keep the picture into the pool's `reuse` object, keeps
  /// each the simulation shows helps, and says why it left the others.
  @Test func optimizeAppliesThoseThatKeepThePicture() throws {
    let bytes = BundledScenes.bytes("feed-list-autolayout-computed-sync.json")
    let scene = try Self.scene("feed-list-autolayout-computed-sync.json")
    let document = try SceneDocument(parsing: bytes)
    let result = Optimizer.optimize(document, scene: scene, decoding: Self.options, on: Self.iphone6)
    let applied = result.steps.map(\.fixID)
    // Cached heights first: 29.4 -> 18.0 ms on the two-cell frames; then cached text layouts; then
    // frames: the list ends laid out with frames, heights and text layouts cached, text on the main
    // thread, whose two-cell frame is inside the budget.
    #expect(applied.contains("frames-instead-of-auto-layout"), "\(applied)")
    #expect(applied.contains("cache-row-heights"), "\(applied)")
    #expect(result.after.fps > 59.99)
    let reuse = try #require(result.scene.timeline?.scrolls.first?.reuse)
    #expect(reuse.layout == .frames && reuse.constraints == nil && reuse.rowHeights == .cached)
    let refused = result.skipped.first { $0.fixID == "draw-text-off-main-thread" }
    #expect(refused?.reason.contains("changes what the user sees") == true)
    // The file read back is the scene optimize measured.
    let written = try SceneDecoder.decode(Array(result.document.rendered().utf8), options: Self.options)
    #expect(written.timeline == result.scene.timeline)
  }
}
