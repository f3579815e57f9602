import Compositor
import LayerTree
import Testing

/// The rasterization cache as Apple's `CALayer.shouldRasterize` reference describes it: "When the
/// value of this property is true, the layer is rendered as a bitmap in its local coordinate
/// space and then composited to the destination with any other content. Shadow effects and any
/// filters in the filters property are rasterized and included in the bitmap. However, the
/// current opacity of the layer is not rasterized." Each expected value below is derived from
/// those sentences; scenes run on an iPhone 7 (@2x, 60 Hz: frame k at k/60 s).
@Suite("Rasterization per the shouldRasterize reference")
struct RasterizationReferenceTests {
  static let iphone7 = DeviceCatalogue.device(id: "iphone-7")!

  static func run(_ json: String) throws -> SimulationReport {
    Simulator.run(try TestScenes.decode(json), on: iphone7)
  }

  /// A rasterized card (background and a label) with `extra` keys and a timeline.
  static func card(_ extra: String = "", timeline: String?) -> String {
    """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "card", "frame": [20, 100, 200, 100], "shouldRasterize": true, "rasterizationScale": 2,
       "backgroundColor": "#FFFFFF"\(extra),
       "sublayers": [{"id": "label", "frame": [10, 10, 150, 20], "contents": {"type": "text", "characters": 10}}]}
    ]}\(timeline.map { ", \"timeline\": \($0)" } ?? "")}
    """
  }

  /// "Rendered as a bitmap in its local coordinate space and then composited to the destination":
  /// the layer's transform is applied when the bitmap is composited, so scaling it up by half
  /// over 0.5 s (30 frames) reuses the bitmap drawn in frame 0: 1 miss, 29 hits, and the bitmap
  /// keeps its local size, 200 x 100 pt at rasterizationScale 2 = 400 x 200 px x 4 B = 320,000 B.
  @Test func scalingARasterizedLayerHits() throws {
    let timeline =
      ##"{"duration": 0.5, "animations": [{"target": "card", "keyPath": "transform.scale", "toValue": 1.5, "duration": 0.5}]}"##
    let report = try Self.run(Self.card(timeline: timeline))
    #expect(report.summary.rasterCache.misses == 1)
    #expect(report.summary.rasterCache.hits == 29)
    #expect(report.frames.allSatisfy { $0.rasterCache.bytes == 320_000 })
  }

  /// The same for a rotation: turning the card by 30 degrees is applied to the composited bitmap.
  @Test func rotatingARasterizedLayerHits() throws {
    let timeline =
      ##"{"duration": 0.5, "animations": [{"target": "card", "keyPath": "transform.rotation", "toValue": 30, "duration": 0.5}]}"##
    let report = try Self.run(Self.card(timeline: timeline))
    #expect(report.summary.rasterCache.misses == 1)
    #expect(report.summary.rasterCache.hits == 29)
  }

  /// "The current opacity of the layer is not rasterized": it is applied as the bitmap is
  /// composited, so a half-transparent rasterized card over two drawing layers takes one pass on a
  /// miss (the rasterize pass, which flattens the subtree) and no group-opacity pass; later frames
  /// hit and take none.
  @Test func opacityOnARasterizedLayerAddsNoGroupPass() throws {
    let report = try Self.run(Self.card(##", "opacity": 0.5"##, timeline: ##"{"duration": 0.1}"##))
    #expect(report.frames[0].byReason == [RasterizeRule.ruleID: 1])
    #expect(report.frames.dropFirst().allSatisfy { $0.offscreenPasses == 0 })
    #expect(!report.findings.contains { $0.rule == GroupOpacityRule.ruleID })
  }

  /// A still screen (no timeline) with a static rasterized card: nothing in its subtree changes,
  /// so every frame after the first draws the cached bitmap. The screen's steady GPU time is the
  /// hit's, less than the first frame's miss; the cache counts one miss (frame 0) and one hit
  /// (the steady frame).
  @Test func staticRasterizedLayerWithoutATimelineHitsAfterTheFirstFrame() throws {
    let report = try Self.run(Self.card(timeline: nil))
    #expect(report.frames.count == 1)
    #expect(report.frames[0].byReason[RasterizeRule.ruleID] == 1)
    #expect(report.summary.rasterCache.misses == 1)
    #expect(report.summary.rasterCache.hits == 1)
    let steady = report.summary.performance.gpuMs.mean
    #expect(steady < report.frames[0].cost.gpuMs)
    #expect(report.summary.performance.gpuBreakdown["rasterCacheHits", default: 0] > 0)
  }

  /// The bitmap is the layer in its own coordinates, whatever clips it on screen: a card whose
  /// badge (at its right end) slides out of a clipping container keeps its bitmap (200 x 100 pt at
  /// @2x = 320,000 B), so moving it is 1 miss and 29 hits, not a miss whenever the visible part
  /// changes.
  @Test func aClippedAwayBadgeDoesNotInvalidateTheBitmap() throws {
    let json = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "clip", "frame": [0, 0, 375, 667], "masksToBounds": true, "sublayers": [
          {"id": "card", "frame": [100, 100, 200, 100], "shouldRasterize": true, "rasterizationScale": 2,
           "backgroundColor": "#FFFFFF", "sublayers": [
             {"id": "title", "frame": [10, 10, 120, 20], "contents": {"type": "text", "characters": 10}},
             {"id": "badge", "frame": [170, 5, 24, 16], "backgroundColor": "#FF0000"}]}]}
      ]}, "timeline": {"duration": 0.5, "animations": [
        {"target": "clip/card", "keyPath": "position.x", "fromValue": 200, "toValue": 400, "duration": 0.5}]}}
      """
    let report = try Self.run(json)
    #expect(report.summary.rasterCache.misses == 1)
    #expect(report.summary.rasterCache.hits == 29)
    #expect(report.frames.allSatisfy { $0.rasterCache.bytes == 320_000 })
  }

  /// Cell reuse refreshes exactly the cells that take a new item, even cells whose content is
  /// only colours: the same scroll as the cache test of reused cells (iPhone 7 at 64 Hz, 10 cells
  /// of 80 pt, 16 pt a frame). Frame 0 draws the 9 visible cells (9 misses); cell 9 first shows
  /// at frame 4; cell 0 takes item 10 at frame 5 and shows at frame 9, then one cell every 5
  /// frames. Every other draw is a hit.
  @Test func reuseInvalidatesExactlyTheReusedCells() throws {
    let json = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "table", "frame": [0, 0, 375, 667], "sublayers": [
          {"id": "cell", "frame": [0, 0, 375, 80], "shouldRasterize": true, "backgroundColor": "#FFFFFF",
           "repeat": {"count": 10, "step": [0, 80]},
           "sublayers": [{"id": "swatch", "frame": [16, 10, 60, 60], "backgroundColor": "#3366FF"}]}
        ]}
      ]}, "timeline": {"duration": 0.5, "frameRate": 64,
                       "scrolls": [{"target": "table", "offsets": [[0, 0], [1, 1024]], "reuse": {"cell": "cell"}}]}}
      """
    let report = try Self.run(json)
    let misses = Dictionary(
      uniqueKeysWithValues: report.frames.compactMap { $0.rasterCache.misses > 0 ? ($0.index, $0.rasterCache.misses) : nil })
    #expect(misses == [0: 9, 4: 1, 9: 1, 14: 1, 19: 1, 24: 1, 29: 1])
    let draws = report.frames.reduce(0) { $0 + $1.rasterCache.hits + $1.rasterCache.misses }
    #expect(report.summary.rasterCache.hits == draws - 15)
  }
}
