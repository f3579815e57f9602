import Foundation
import Testing

@testable import offscreen_sim

/// `offscreen-sim report scenes/<scene>.json`, run in-process, against counts worked out by hand
/// from each scene file: layers after `repeat`, offscreen passes by reason, backing-store layers
/// and bytes, and, for the scenes with a timeline, frames and rasterization-cache hits, misses and
/// evictions. Each derivation is written beside its test. (The QQ Music scenes are being
/// calibrated elsewhere and are not covered here.)
///
/// Conventions used below: screens are @2x, so a w x h pt layer is 2w x 2h px; a backing store
/// is width x height x scale^2 x 4 bytes, counted once for every text or drawing layer that is on
/// screen in some frame; a layer is on screen when part of it lies inside the screen and every
/// clipping ancestor (a layer whose top edge is exactly at the clip's bottom edge is not).
@Suite("Bundled scenes: counts worked out by hand")
struct BundledSceneCountTests {
  /// The JSON report of a bundled scene, with the figures the tests read.
  struct Report {
    let summary: [String: Any]
    let frames: [[String: Any]]
    let backingStores: [[String: Any]]
    let text: String

    init(_ scene: String) throws {
      let path = packageRoot.appendingPathComponent("scenes/\(scene).json").path
      let json = ToolRun.run("report", path, "--format", "json")
      try #require(json.status == 0, "\(scene): \(json.stderr)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      summary = try #require(object["summary"] as? [String: Any])
      frames = try #require(object["frames"] as? [[String: Any]])
      backingStores = try #require(object["backingStores"] as? [[String: Any]])
      let text = ToolRun.run("report", path)
      try #require(text.status == 0)
      self.text = text.stdout
    }

    func int(_ keys: String...) -> Int? {
      var value: Any? = summary
      for key in keys { value = (value as? [String: Any])?[key] }
      return (value as? NSNumber)?.intValue
    }

    /// The text of the per-frame story row that starts at `frame` ("frame 0" or "frames 0-4"),
    /// after its label and the padding.
    func storyRow(_ frame: Int) -> String? {
      for line in text.split(separator: "\n") {
        let trimmed = line.drop { $0 == " " }
        for label in ["frame \(frame) ", "frames \(frame)-"] where trimmed.hasPrefix(label) {
          let afterLabel = trimmed.drop { $0 != " " }.drop { $0 == " " }
          let rest = label.hasPrefix("frames") ? afterLabel : trimmed.dropFirst(label.count).drop { $0 == " " }
          return String(rest)
        }
      }
      return nil
    }

    var layers: Int? { int("layers") }
    var visibleLayers: Int? { int("visibleLayers") }
    var drawingLayers: Int? { int("drawingLayers") }
    var passesPerFrameMax: Int? { int("offscreenPasses", "perFrameMax") }
    /// The worst frame's passes by rule, rules with none left out.
    var byReason: [String: Int] {
      let all = (summary["offscreenPasses"] as? [String: Any])?["byReason"] as? [String: Int] ?? [:]
      return all.filter { $0.value > 0 }
    }
    var backingStoreLayers: Int? { int("backingStores", "layers") }
    var backingStoreBytes: Int? { int("backingStores", "bytes") }
    var hits: Int? { int("rasterCache", "hits") }
    var misses: Int? { int("rasterCache", "misses") }
    var evictions: Int? { int("rasterCache", "evictions") }
    var frameCount: Int? { int("frames") }
    var peakCacheBytes: Int? { int("rasterCache", "peakBytes") }

    /// Backing stores by the layer's id (the last path component without `[n]`): count and bytes each.
    var storesByID: [String: (count: Int, bytes: Int)] {
      var result: [String: (count: Int, bytes: Int)] = [:]
      for store in backingStores {
        let path = store["layer"] as? String ?? ""
        var id = String(path.split(separator: "/").last ?? "")
        if let bracket = id.firstIndex(of: "[") { id = String(id[..<bracket]) }
        let bytes = (store["bytes"] as? NSNumber)?.intValue ?? -1
        let entry = result[id] ?? (0, bytes)
        result[id] = (entry.count + 1, entry.bytes == bytes ? bytes : -1)
      }
      return result
    }

    /// Where the backing stores are drawn: "main", "background".
    var drawnOn: Set<String> { Set(backingStores.compactMap { $0["drawnOn"] as? String }) }

    func frameInt(_ index: Int, _ keys: String...) -> Int? {
      var value: Any? = frames[index]
      for key in keys { value = (value as? [String: Any])?[key] }
      return (value as? NSNumber)?.intValue
    }

    /// Frame index -> value, for the frames where `keys` is not 0.
    func nonZeroFrames(_ keys: String...) -> [Int: Int] {
      var result: [Int: Int] = [:]
      for index in frames.indices {
        var value: Any? = frames[index]
        for key in keys { value = (value as? [String: Any])?[key] }
        if let number = (value as? NSNumber)?.intValue, number != 0 { result[index] = number }
      }
      return result
    }
  }

  /// Mail list, composite cells (iPhone 7, 375 x 667 pt).
  ///
  /// Layers: root, table, and 12 cells of 11 layers each (cell, contentView, selectButton,
  /// backgroundImage, statusImage, emailLabel, dateLabel, subjectLabel, attachmentImage,
  /// snippetLabel, separator): 2 + 12 x 11 = 134.
  ///
  /// Offscreen: no shadow, mask, corner radius, opacity, rasterization or effect anywhere; the
  /// table's masksToBounds has no radius (a scissor): 0 passes.
  ///
  /// On screen: the table clips to y 20...667; cell i spans 20 + 64i ... 84 + 64i. Cells 0-9 are
  /// whole, cell 10 shows 660...667, cell 11 (724) is below. In cell 10 only what starts above
  /// y 7 shows: the email and date labels (y 6, at 666) and the contentView; the status image
  /// starts at 668.
  /// - visible: 2 + 10 x 11 + 4 (cell, contentView, emailLabel, dateLabel) = 116;
  /// - drawing: root and table backgrounds, 9 per whole cell (background, backgroundImage,
  ///   statusImage, 4 labels, attachmentImage, separator), 3 in cell 10 = 2 + 90 + 3 = 95.
  ///
  /// Backing stores (the labels), 8 bytes a pixel: before iOS 12 a store drawn for the iPhone 7's
  /// P3 screen is extended-range (WWDC18 session 219). Email and date in 11 cells, subject and
  /// snippet in 10:
  /// - emailLabel 247 x 16 pt = 494 x 32 px x 8 = 126,464 B, x 11 = 1,391,104;
  /// - dateLabel 60 x 16 = 120 x 32 x 8 = 30,720, x 11 = 337,920;
  /// - subjectLabel 295 x 16 = 590 x 32 x 8 = 151,040, x 10 = 1,510,400;
  /// - snippetLabel 315 x 16 = 630 x 32 x 8 = 161,280, x 10 = 1,612,800;
  /// 42 layers, 4,852,224 B.
  @Test func mailCellComposite() throws {
    let report = try Report("mail-cell-composite")
    #expect(report.layers == 134)
    #expect(report.visibleLayers == 116)
    #expect(report.drawingLayers == 95)
    #expect(report.passesPerFrameMax == 0)
    #expect(report.byReason.isEmpty)
    #expect(report.backingStoreLayers == 42)
    #expect(report.backingStoreBytes == 4_852_224)
    let stores = report.storesByID
    #expect(stores["emailLabel"]! == (11, 126_464))
    #expect(stores["dateLabel"]! == (11, 30_720))
    #expect(stores["subjectLabel"]! == (10, 151_040))
    #expect(stores["snippetLabel"]! == (10, 161_280))
    #expect(report.frameCount == 1)
    #expect(report.hits == 0 && report.misses == 0)
    #expect(report.text.contains("  layers            134 (116 visible, 95 drawing)\n"))
    #expect(report.text.contains("  offscreen passes  0 per frame on 0 layers\n"))
  }

  /// Mail list, cells drawn in draw(_:) (iPhone 7).
  ///
  /// Layers: root, table, 12 cells: 14. No pass (draw(_:) is CPU drawing, not offscreen).
  /// On screen, as in the composite scene: cells 0-10 (cell 10 shows 660...667), so 13 visible
  /// layers, all drawing (root and table backgrounds, 11 cell drawings).
  /// Backing stores: 11 cells of 375 x 64 pt = 750 x 128 px x 8 (iOS 10.3 on a P3 screen: a
  /// draw(_:) store is extended-range, WWDC18 session 219; the case measured about 10 MB) =
  /// 768,000 B: 8,448,000 B, drawn on the main thread.
  @Test func mailCellDrawn() throws {
    let report = try Report("mail-cell-drawn")
    #expect(report.layers == 14)
    #expect(report.visibleLayers == 13)
    #expect(report.drawingLayers == 13)
    #expect(report.passesPerFrameMax == 0)
    #expect(report.byReason.isEmpty)
    #expect(report.backingStoreLayers == 11)
    #expect(report.backingStoreBytes == 8_448_000)
    #expect(report.storesByID["cell"]! == (11, 768_000))
    #expect(report.drawnOn == ["main"])
    #expect(report.text.contains("  layers            14 (13 visible, 13 drawing)\n"))
  }

  /// Weibo-like timeline (iPhone 6, iOS 9.3).
  ///
  /// Layers: root, table (2), then the three cells:
  /// - threePhotos: the cell, card, avatar, name, source, text (6), 3 photos, toolbar, 3 actions
  ///   of 3 layers (action, icon, title): 6 + 3 + 1 + 9 = 19;
  /// - onePhoto: 6 + 1 photo + 1 toolbar + 9 = 17;
  /// - sixPhotos: 6 + 2 photoRows of (row + 3 photos) + 1 toolbar + 9 = 24;
  /// 2 + 19 + 17 + 24 = 62.
  ///
  /// On screen: the table clips to y 64...667. threePhotos spans 64...358, onePhoto 358...669
  /// (its toolbar at 358 + 8 + 268 = 634, its action titles 643...660: on screen), sixPhotos
  /// starts at 669: culled. Visible: 2 + 19 + 17 = 38; drawing: root, table, and per visible
  /// card its background, avatar, 3 labels, photos, 3 action backgrounds, icons and titles:
  /// 17 + 15, so 34.
  ///
  /// Offscreen: the avatars are lone images clipped by cornerRadius + masksToBounds (iOS 9.3 has
  /// the fast path), the photos' clips are rectangular: no pass. Each visible action casts a
  /// shadow without shadowPath over its background, icon and title: 6 shadow-without-path passes.
  ///
  /// Backing stores (all text, drawn on a background thread), in the two visible cards:
  /// - name 200 x 18 pt = 400 x 36 px x 4 = 57,600 B, x 2;
  /// - source 200 x 14 = 400 x 28 x 4 = 44,800, x 2;
  /// - text 351 x 60 = 702 x 120 x 4 = 336,960 (threePhotos) and 351 x 40 = 702 x 80 x 4 =
  ///   224,640 (onePhoto);
  /// - action titles 50 x 17 = 100 x 34 x 4 = 13,600, x 6 = 81,600;
  /// 12 layers, 115,200 + 89,600 + 336,960 + 224,640 + 81,600 = 848,000 B.
  @Test func timelineCell() throws {
    let report = try Report("timeline-cell")
    #expect(report.layers == 62)
    #expect(report.visibleLayers == 38)
    #expect(report.drawingLayers == 34)
    #expect(report.passesPerFrameMax == 6)
    #expect(report.byReason == ["shadow-without-path": 6])
    #expect(report.backingStoreLayers == 12)
    #expect(report.backingStoreBytes == 848_000)
    #expect(report.storesByID["title"]! == (6, 13_600))
    #expect(report.drawnOn == ["background"])
    #expect(report.text.contains("  offscreen passes  6 per frame on 6 layers: shadow-without-path 6\n"))
  }

  /// Feed list, text drawn synchronously and asynchronously (iPhone 6, iOS 9.3); the two files
  /// differ only in `drawnOn`.
  ///
  /// Layers: root, table, 7 cells of 5 (cell, contentView, title, footer, separator): 37.
  /// On screen: the table clips to y 64...667; cell i spans 64 + 106i ... 170 + 106i: cells 0-4
  /// whole, cell 5 shows 594...667 (its title at 606, its footer at 673 and separator at 699.5
  /// are below), cell 6 (700) is culled. Visible: 2 + 25 + 3 (cell, contentView, title) = 30;
  /// drawing: root, table, 4 per whole cell (background, title, footer, separator) and 2 in
  /// cell 5: 24. No pass.
  /// Backing stores: 6 titles of 345 x 61 pt = 690 x 122 px x 4 = 336,720 B and 5 footers of
  /// 250 x 15 = 500 x 30 x 4 = 60,000: 11 layers, 2,020,320 + 300,000 = 2,320,320 B.
  @Test(arguments: [("feed-list-sync", "main"), ("feed-list-async", "background")])
  func feedList(scene: String, thread: String) throws {
    let report = try Report(scene)
    #expect(report.layers == 37)
    #expect(report.visibleLayers == 30)
    #expect(report.drawingLayers == 24)
    #expect(report.passesPerFrameMax == 0)
    #expect(report.backingStoreLayers == 11)
    #expect(report.backingStoreBytes == 2_320_320)
    #expect(report.storesByID["title"]! == (6, 336_720))
    #expect(report.storesByID["footer"]! == (5, 60_000))
    #expect(report.drawnOn == [thread])
  }

  /// Rasterized now-playing card over a scrolling list (iPhone 7, 60 Hz, 1 s: 60 frames).
  ///
  /// Layers: root, list, 12 rows of 5 (row, cover, title, subtitle, separator), card, content
  /// and its 4 sublayers: 2 + 60 + 6 = 68.
  ///
  /// The card is a sibling of the list, so scrolling never touches its subtree, and nothing in it
  /// is animated. Frame 0 draws it for the first time: a miss. Its rules run: the card's shadow
  /// has no path over drawing sublayers (shadow-without-path), the card rasterizes (rasterize),
  /// and the content view's rounded clip holds a background and 4 drawing sublayers
  /// (rounded-clip): 3 passes. Frames 1-59 draw the cached bitmap: 59 hits, no pass, no eviction
  /// (it is drawn every frame).
  /// - the bitmap, in the card's own coordinates with its shadow included (the shouldRasterize
  ///   reference: "shadow effects ... are rasterized and included in the bitmap"): the bounds
  ///   [0, 0, 343, 120] united with the shadow moved down 4 and grown by the 8 pt radius,
  ///   [-8, -4, 359, 136]: 359 x 136 pt at rasterizationScale 2 = 718 x 272 px x 4 = 781,184 B;
  /// - frame 0's offscreen pixels: the shadow's target is the card [16, 507, 343, 120] united
  ///   with its shadow, [8, 503, 359, 136]: 359 x 136 pt = 195,296 px; the rasterization renders
  ///   the bitmap, 195,296 px; the rounded clip 343 x 120 pt = 164,640 px: 555,232 px.
  ///
  /// Backing stores: the fling (1,500 pt/s, normal deceleration) would travel 645 pt by the last
  /// frame, but the content (12 x 80 = 960 pt) stops it at 960 - 667 = 293; the last row
  /// (880...960) shows once the offset passes 213 (frame 11). So every row's labels are on
  /// screen at some frame, and the card's in frame 0:
  /// (iOS 12.4: a single-colour label's store takes 1 byte a pixel, WWDC18 session 219)
  /// - title 271 x 20 pt = 542 x 40 px x 1 = 21,680 B, x 12 = 260,160;
  /// - subtitle 271 x 16 = 542 x 32 x 1 = 17,344, x 12 = 208,128;
  /// - song 200 x 22 = 400 x 44 x 1 = 17,600 and artist 200 x 18 = 400 x 36 x 1 = 14,400;
  /// 26 layers, 500,288 B.
  @Test func rasterizedCardStatic() throws {
    let report = try Report("rasterized-card-static")
    #expect(report.layers == 68)
    #expect(report.frameCount == 60)
    #expect(report.passesPerFrameMax == 3)
    #expect(report.byReason == ["rasterize": 1, "shadow-without-path": 1, "rounded-clip": 1])
    #expect(report.nonZeroFrames("offscreenPasses") == [0: 3])
    #expect(report.frameInt(0, "offscreenPixels") == 555_232)
    #expect(report.misses == 1)
    #expect(report.hits == 59)
    #expect(report.evictions == 0)
    #expect(report.nonZeroFrames("rasterCache", "misses") == [0: 1])
    #expect(report.peakCacheBytes == 781_184)
    #expect(report.frames.allSatisfy { ($0["rasterCache"] as? [String: Any])?["bytes"] as? Int == 781_184 })
    #expect(report.backingStoreLayers == 26)
    #expect(report.backingStoreBytes == 500_288)
    #expect(report.storesByID["title"]! == (12, 21_680))
    #expect(report.storesByID["subtitle"]! == (12, 17_344))
    #expect(report.text.contains("  raster cache      59 hits, 1 miss (hit rate 98%), 0 evictions, peak 762.9 KiB\n"))
    #expect(report.storyRow(0)?.hasPrefix("3 passes (rasterize 1, rounded-clip 1, shadow-without-path 1); raster 0 hits, 1 miss,") == true)
  }

  /// Rasterized cells in a reused table (iPhone 7, 60 Hz, 1 s: 60 frames).
  ///
  /// Layers: root, navigationBar, table, 9 cells of 6 (cell, avatar, name, time, preview,
  /// separator): 3 + 54 = 57.
  ///
  /// The fling: offset(k) = 3000 x (0.998^(1000 k / 60) - 1) / (1000 ln 0.998) at frame k
  /// (UIScrollView's deceleration), evaluated with a calculator, in points:
  ///
  ///     k  0-9:     0   49.2   96.7  142.7  187.2  230.3  271.9  312.1  351.1  388.7
  ///     k 10-19:  425.1  460.4  494.4  527.4  559.2  590.1  619.9  648.7  676.6  703.6
  ///     k 20-29:  729.7  754.9  779.3  802.9  825.7  847.8  869.2  889.8  909.8  929.1
  ///     k 30-39:  947.8  965.9  983.3 1000.2 1016.6 1032.4 1047.7 1062.5 1076.8 1090.6
  ///     k 40-49: 1104.0 1117.0 1129.5 1141.6 1153.3 1164.6 1175.6 1186.2 1196.4 1206.4
  ///     k 50-59: 1215.9 1225.2 1234.2 1242.9 1251.2 1259.4 1267.2 1274.8 1282.1 1289.2
  ///
  /// UIScrollView keeps the offset on the pixel grid: at @2x it is rounded to the nearest 0.5 pt.
  /// Only frame 50 lands on a cell edge: 1215.9 rounds to 1216.0 = 16 x 76. Item i spans 76i ... 76i + 76 in the table's content; the table shows
  /// [offset, offset + 603), so item i is drawn in frame k when 76i < offset + 603 and
  /// 76i + 76 > offset.
  ///
  /// Misses: frame 0 draws items 0-7 (76 x 7 = 532 < 603 <= 608) for the first time: 8. After
  /// that a cell misses only when it is drawn with a new item: item i >= 8 first shows when
  /// offset > 76i - 603, in frames 1 (item 8: > 5), 2 (9: 81), 4 (10: 157), 6 (11: 233),
  /// 7 (12: 309), 9 (13: 385), 12 (14: 461), 14 (15: 537), 16 (16: 613), 19 (17: 689),
  /// 22 (18: 765), 25 (19: 841), 29 (20: 917), 33 (21: 993), 38 (22: 1069), 44 (23: 1145),
  /// 51 (24: 1221); item 25 would need 1297. 8 + 17 = 25 misses, each a rasterize pass.
  ///
  /// Hits: every other draw. Items drawn per frame = ceil((offset + 603) / 76) - floor(offset / 76):
  /// 8 in frames 0, 5, 11, 43 and 50 (one item has just left the top and the next not yet
  /// entered), 9 in the other 55: 5 x 8 + 55 x 9 = 535 draws, 535 - 25 = 510 hits.
  ///
  /// Evictions: none. A cell leaves the top in the frame its item's bottom edge passes the offset,
  /// which is the frame floor(offset / 76) grows and the pool hands it the next item: its entry
  /// is dropped as stale then, never left unused for 100 ms. That happens in the 16 frames where
  /// floor(offset / 76) grows: 2, 4, 5, 7, 9, 11, 14, 16, 19, 22, 25, 29, 33, 38, 43, 50; each
  /// replaces the contents of the cell's 4 layers with contents (avatar, name, time, preview).
  ///
  /// Cache bytes: a cell's bitmap is 375 x 76 pt at scale 2 = 750 x 152 px x 4 = 456,000 B;
  /// at most 9 are cached at once: 4,104,000 B, well under the 750 x 1334 x 2.5 x 4 =
  /// 10,005,000 B limit.
  ///
  /// Backing stores: all 9 pool cells are on screen at some frame (cell 8 from frame 1), single-
  /// colour labels at 1 byte a pixel (iOS 12 and later, WWDC18 session 219):
  /// - preview 279 x 18 pt = 558 x 36 px x 1 = 20,088 B, x 9 = 180,792;
  /// - name 200 x 20 = 400 x 40 x 1 = 16,000, x 9 = 144,000;
  /// - time 64 x 16 = 128 x 32 x 1 = 4,096, x 9 = 36,864;
  /// 27 layers, 361,656 B.
  @Test func rasterizedCellsReused() throws {
    let report = try Report("rasterized-cells-reused")
    #expect(report.layers == 57)
    #expect(report.frameCount == 60)
    #expect(report.misses == 25)
    #expect(report.hits == 510)
    #expect(report.evictions == 0)
    let missFrames = [
      0: 8, 1: 1, 2: 1, 4: 1, 6: 1, 7: 1, 9: 1, 12: 1, 14: 1, 16: 1, 19: 1, 22: 1, 25: 1, 29: 1, 33: 1, 38: 1, 44: 1, 51: 1,
    ]
    #expect(report.nonZeroFrames("rasterCache", "misses") == missFrames)
    #expect(report.nonZeroFrames("byReason", "rasterize") == missFrames)
    #expect(report.passesPerFrameMax == 8)
    #expect(report.byReason == ["rasterize": 8])
    let drawnEight: Set = [0, 5, 11, 43, 50]
    for index in 0..<60 {
      let draws = (report.frameInt(index, "rasterCache", "hits") ?? 0) + (report.frameInt(index, "rasterCache", "misses") ?? 0)
      #expect(draws == (drawnEight.contains(index) ? 8 : 9), "frame \(index)")
    }
    let reuseFrames = [2, 4, 5, 7, 9, 11, 14, 16, 19, 22, 25, 29, 33, 38, 43, 50]
    #expect(report.nonZeroFrames("contentChanges") == Dictionary(uniqueKeysWithValues: reuseFrames.map { ($0, 4) }))
    #expect(report.peakCacheBytes == 4_104_000)
    #expect(report.backingStoreLayers == 27)
    #expect(report.backingStoreBytes == 361_656)
    #expect(report.text.contains("  raster cache      510 hits, 25 misses (hit rate 95%), 0 evictions, peak 3.9 MiB\n"))
    #expect(report.storyRow(0)?.hasPrefix("8 passes (rasterize 8); raster 0 hits, 8 misses") == true)
  }

  /// Feed list, fast scroll (iPhone 6, 60 Hz, 1 s: 60 frames).
  ///
  /// Layers: root, table, 7 cells of 5 (cell, contentView, title, footer, separator): 37.
  /// No pass and no rasterization: 0 hits, 0 misses, 0 evictions.
  ///
  /// The scroll: 8,000 pt in 1 s at a steady speed, offset(k) = 8000 k / 60 = 133.33 k pt, on the
  /// screen's pixel grid (half points at @2x): 133.5, 266.5, 400, 533.5, ... 7866.5 at k = 59 (well
  /// inside the 100 x 106 = 10,600 pt of content; no offset but 0 is a multiple of 106). A cell is
  /// handed the next story each time floor(offset / 106) grows. Each frame moves 1.258 rows, so
  /// the offset crosses one multiple of 106 in every frame, and a second one where its fraction of
  /// a row, growing 0.258 a frame, wraps (every 3.88 frames): in frames 4, 8, 12, 16, 20, 24, 28,
  /// 32, 35, 39, 43, 47, 51, 55 and 59. 44 + 2 x 15 = 74 reuses, floor(7866.5 / 106) = 74. Each
  /// replaces the title's and the footer's contents: 2 content changes per reuse.
  ///
  /// Backing stores: every pool cell is on screen at some frame, so 7 titles of 345 x 61 pt =
  /// 690 x 122 px x 4 = 336,720 B and 7 footers of 250 x 15 = 500 x 30 x 4 = 60,000:
  /// 14 layers, 2,357,040 + 420,000 = 2,777,040 B, drawn on the main thread.
  @Test func feedListFastScroll() throws {
    let report = try Report("feed-list-fast-scroll")
    #expect(report.layers == 37)
    #expect(report.frameCount == 60)
    #expect(report.passesPerFrameMax == 0)
    #expect(report.byReason.isEmpty)
    #expect(report.hits == 0 && report.misses == 0 && report.evictions == 0)
    let twoReuses: Set = [4, 8, 12, 16, 20, 24, 28, 32, 35, 39, 43, 47, 51, 55, 59]
    let expected = Dictionary(uniqueKeysWithValues: (1...59).map { ($0, twoReuses.contains($0) ? 4 : 2) })
    #expect(report.nonZeroFrames("contentChanges") == expected)
    #expect(report.backingStoreLayers == 14)
    #expect(report.backingStoreBytes == 2_777_040)
    #expect(report.storesByID["title"]! == (7, 336_720))
    #expect(report.storesByID["footer"]! == (7, 60_000))
    #expect(report.drawnOn == ["main"])
  }
}
