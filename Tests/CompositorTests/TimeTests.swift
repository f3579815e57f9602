import Compositor
import LayerTree
import Testing

/// The rasterization cache over time (DOMAIN.md section 3). Scenes run on an iPhone 7 at 60 Hz:
/// frame k is at k/60 s.
@Suite("Time and the rasterization cache")
struct TimeTests {
  static let iphone7 = DeviceCatalogue.device(id: "iphone-7")!

  /// A rasterized card (background + label) at y = 100, with `extra` keys on the card and a
  /// timeline.
  static func cardScene(card extra: String = "", label labelExtra: String = "", timeline: String, rasterize: Bool = true) -> String {
    """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "scroller", "frame": [0, 0, 375, 667], "sublayers": [
        {"id": "card", "frame": [20, 100, 335, 100], "shouldRasterize": \(rasterize), "rasterizationScale": 2,
         "backgroundColor": "#FFFFFF"\(extra),
         "sublayers": [{"id": "label", "frame": [10, 10, 200, 20], "backgroundColor": "#00FF00", "contents": {"type": "text", "characters": 10}\(labelExtra)}]}
      ]}
    ]}, "timeline": \(timeline)}
    """
  }

  static func run(_ json: String) throws -> SimulationReport {
    let scene = try SceneDecoder.decode(Array(json.utf8), options: .init(devices: DeviceCatalogue.screens))
    return Simulator.run(scene, on: iphone7)
  }

  /// 0.5 s at 60 Hz = 30 frames; nothing changes: the first frame renders and stores the bitmap
  /// (a miss, one rasterize pass), the other 29 draw it (hits, no pass).
  @Test func staticRasterizedLayerMissesOnceThenHits() throws {
    let report = try Self.run(Self.cardScene(timeline: ##"{"duration": 0.5}"##))
    #expect(report.frames.count == 30)
    #expect(report.summary.rasterCache.misses == 1)
    #expect(report.summary.rasterCache.hits == 29)
    #expect(report.frames[0].byReason[RasterizeRule.ruleID] == 1)
    #expect(report.frames.dropFirst().allSatisfy { $0.offscreenPasses == 0 && $0.rasterCache.hits == 1 })
    // The bitmap: 335 x 100 pt at rasterizationScale 2 = 670 x 200 px x 4 B = 536,000 B.
    #expect(report.frames[29].rasterCache.bytes == 536_000)
  }

  /// The label's contents change 60 times a second, from frame 1 on: every frame misses, and the
  /// rasterized card costs a pass every frame where the same card without rasterization costs none.
  @Test func contentChangingEveryFrameMissesEveryFrame() throws {
    let timeline = ##"{"duration": 0.5, "contentChanges": [{"target": "label", "rate": 60, "beginTime": 0.01}]}"##
    let report = try Self.run(Self.cardScene(timeline: timeline))
    #expect(report.summary.rasterCache.misses == 30)
    #expect(report.summary.rasterCache.hits == 0)
    #expect(report.frames.allSatisfy { $0.byReason[RasterizeRule.ruleID] == 1 })
    let plain = try Self.run(Self.cardScene(timeline: timeline, rasterize: false))
    #expect(plain.summary.offscreenPasses.perFrameMax == 0)
    #expect(report.summary.offscreenPixelsMax > plain.summary.offscreenPixelsMax)
  }

  /// The card scrolls off screen at 0.125 s and back at 0.375 s. Last drawn at frame 7
  /// (0.1167 s); unused for more than 100 ms from frame 14 (0.2333 s): evicted. Back at frame 23
  /// (0.3833 s): a miss. Misses: frames 0 and 23; hits: frames 1-7 and 24-29 = 13.
  @Test func entryEvictedAfter100msMissesWhenItComesBack() throws {
    let timeline =
      ##"{"duration": 0.5, "scrolls": [{"target": "scroller", "offsets": [[0, 0], [0.125, 0], [0.125, 1000], [0.375, 1000], [0.375, 0]]}]}"##
    let report = try Self.run(Self.cardScene(timeline: timeline))
    #expect(report.summary.rasterCache.misses == 2)
    #expect(report.summary.rasterCache.hits == 13)
    #expect(report.summary.rasterCache.evictions == 1)
    #expect(report.frames[14].rasterCache.evictions == 1)
    #expect(report.frames[13].rasterCache.bytes == 536_000)
    #expect(report.frames[14].rasterCache.bytes == 0)
    #expect(report.frames[23].rasterCache.misses == 1)
  }

  /// Moving the rasterized layer itself does not invalidate its bitmap: one miss, then hits.
  @Test func movingARasterizedLayerKeepsHitting() throws {
    let timeline =
      ##"{"duration": 0.5, "animations": [{"target": "card", "keyPath": "position.y", "fromValue": 150, "toValue": 400, "duration": 0.5}]}"##
    let report = try Self.run(Self.cardScene(timeline: timeline))
    #expect(report.summary.rasterCache.misses == 1)
    #expect(report.summary.rasterCache.hits == 29)
  }

  /// Fading it does not either.
  @Test func fadingARasterizedLayerKeepsHitting() throws {
    let timeline = ##"{"duration": 0.5, "animations": [{"target": "card", "keyPath": "opacity", "toValue": 0.5, "duration": 0.5}]}"##
    let report = try Self.run(Self.cardScene(timeline: timeline))
    #expect(report.summary.rasterCache.misses == 1)
  }

  /// The label's background turns red at 0.2 s (a 1/60 s animation from its own colour that
  /// keeps its toValue): frame 12 (0.2 s) still shows the old colour, frame 13 the new one. The
  /// sublayer change makes frame 13 miss; every other frame after the first hits.
  @Test func changingASublayerColourMissesOnce() throws {
    let timeline =
      ##"{"duration": 0.5, "animations": [{"target": "card/label", "keyPath": "backgroundColor", "fromValue": "#00FF00", "toValue": "#FF0000", "beginTime": 0.2, "duration": 0.0166}]}"##
    let report = try Self.run(Self.cardScene(timeline: timeline))
    #expect(report.summary.rasterCache.misses == 2)
    #expect(report.frames[13].rasterCache.misses == 1)
    #expect(report.summary.rasterCache.hits == 28)
  }

  /// Resizing the rasterized layer is a change of size: a miss every frame it changes.
  @Test func resizingARasterizedLayerMisses() throws {
    let timeline =
      ##"{"duration": 0.5, "animations": [{"target": "card", "keyPath": "bounds.size.height", "toValue": 200, "duration": 0.5}]}"##
    let report = try Self.run(Self.cardScene(timeline: timeline))
    #expect(report.summary.rasterCache.hits == 0)
    #expect(report.summary.rasterCache.misses == 30)
  }

  /// The byte limit: a cache for a 100-pixel screen holds 100 x 2.5 x 4 = 1,000 bytes. With two
  /// 400-byte entries, 1 used after 2, a third 400-byte entry evicts 2 (least recently used).
  @Test func byteLimitEvictsTheLeastRecentlyUsedEntry() {
    var cache = RasterCache(screenPixelArea: 100)
    #expect(cache.capacityBytes == 1_000)
    cache.beginFrame(time: 0, stale: [])
    #expect(cache.draw(1, bytes: 400, time: 0) == false)
    #expect(cache.draw(2, bytes: 400, time: 0) == false)
    cache.beginFrame(time: 0.016, stale: [])
    #expect(cache.draw(2, bytes: 400, time: 0.016) == true)
    #expect(cache.draw(1, bytes: 400, time: 0.016) == true)
    #expect(cache.draw(3, bytes: 400, time: 0.016) == false)
    #expect(cache.counts.evictions == 1)
    #expect(cache.contains(1))
    #expect(!cache.contains(2))
    #expect(cache.contains(3))
    #expect(cache.bytesInUse == 800)
  }

  /// A layer bigger than the whole cache is never cached: it misses every time.
  @Test func layerBiggerThanTheCacheIsNeverCached() {
    var cache = RasterCache(screenPixelArea: 100)
    cache.beginFrame(time: 0, stale: [])
    #expect(cache.draw(1, bytes: 1_001, time: 0) == false)
    #expect(cache.draw(1, bytes: 1_001, time: 0) == false)
    #expect(cache.bytesInUse == 0)
    #expect(cache.counts.misses == 2)
  }

  /// Rasterized cells in a reused table: a cell that takes a new item is redrawn. Ten 80 pt
  /// cells; the table scrolls 16 pt a frame (1,024 pt/s at 64 Hz, so every offset is whole), and
  /// shows [offset, offset + 667).
  /// - frame 0: cells 0-8 are visible (cell 9 starts at 720): 9 misses;
  /// - frame 4 (offset 64): cell 9 appears: its first draw misses;
  /// - frame 5 (offset 80): item 0 has left, so cell 0 takes item 10 at y = 800, below the
  ///   screen; it appears at frame 9 (offset 144 > 800 - 667): a miss; then every 5 frames.
  @Test func reusedRasterizedCellsMissWhenTheyTakeANewItem() throws {
    let json = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "table", "frame": [0, 0, 375, 667], "sublayers": [
          {"id": "cell", "frame": [0, 0, 375, 80], "shouldRasterize": true, "backgroundColor": "#FFFFFF",
           "repeat": {"count": 10, "step": [0, 80]},
           "sublayers": [{"id": "title", "frame": [16, 10, 300, 20], "contents": {"type": "text", "characters": 30}}]}
        ]}
      ]}, "timeline": {"duration": 0.5, "frameRate": 64,
                       "scrolls": [{"target": "table", "offsets": [[0, 0], [1, 1024]], "reuse": {"cell": "cell"}}]}}
      """
    let report = try Self.run(json)
    #expect(report.frames.count == 32)
    let misses = Dictionary(
      uniqueKeysWithValues: report.frames.compactMap { $0.rasterCache.misses > 0 ? ($0.index, $0.rasterCache.misses) : nil })
    #expect(misses == [0: 9, 4: 1, 9: 1, 14: 1, 19: 1, 24: 1, 29: 1])
    #expect(report.frames.filter { $0.contentChanges > 0 }.map(\.index) == [5, 10, 15, 20, 25, 30])
    #expect(report.summary.rasterCache.evictions == 0)
  }
}

/// A horizontal collection inside a vertical table, as on the QQ Music home page: both scroll at
/// once, each with its own offset.
@Suite("Nested scrolling")
struct NestedScrollTests {
  /// iPhone 7 at 64 Hz for 1 s (whole offsets). The table scrolls down 64 pt/s (1 pt a frame),
  /// the row of cards inside it left 640 pt/s (10 pt a frame), its 5 reused 136 pt cards over 12
  /// items.
  /// At frame 32 the table's offset is 32 and the row's 320: card 0 (item 0 at x 10) has left
  /// (it ends at 136 < 320), so the pool's cell 0 shows item 5 at x 10 + 5 x 136 = 690, which is
  /// 690 - 320 = 370 pt from the screen's left; the row, at y 100 in the table, is at 100 - 32 =
  /// 68 pt from the top.
  @Test func rowScrollsSidewaysInsideAScrollingTable() throws {
    let json = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "table", "frame": [0, 0, 375, 667], "sublayers": [
          {"id": "row", "frame": [0, 100, 375, 136], "masksToBounds": true, "sublayers": [
            {"id": "card", "frame": [10, 0, 126, 126], "backgroundColor": "#FFFFFF", "repeat": {"count": 5, "step": [136, 0]},
             "sublayers": [{"id": "cover", "frame": [0, 0, 126, 126], "contents": {"type": "image", "pixelSize": [252, 252]}}]}]},
          {"id": "below", "frame": [0, 300, 375, 2000], "backgroundColor": "#EEEEEE"}]}]},
       "timeline": {"duration": 1, "frameRate": 64, "scrolls": [
         {"target": "table", "offsets": [[0, 0], [1, 64]]},
         {"target": "table/row", "axis": "horizontal", "offsets": [[0, 0], [1, 640]], "reuse": {"cell": "card", "items": 12}}]}}
      """
    let scene = try TestScenes.decode(json)
    let snapshot = Simulator.snapshot(scene, on: DeviceCatalogue.device(id: "iphone-7")!, frame: 32)
    let cell0 = try #require(snapshot.tree.index(ofPath: "root/table/row/card[0]"))
    let rect = snapshot.plan.nodes[cell0].screenRect
    #expect(rect.x == 370)
    #expect(rect.y == 68)
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
    // The pool gives each item a slot of one step from the first card's x: item 0's slot is
    // 10...146, so item 5 replaces it once the row's offset reaches 146: frame 15 (150 pt).
    #expect(report.frames.first { $0.contentChanges > 0 }?.index == 15)
  }
}
