import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// The list techniques of a reuse pool (docs/scene-format.md, "List techniques"; docs/cost-model.md,
/// "List techniques"): each key's main-thread cost derived by hand from the coefficients' documented
/// values, on one frame in which one cell takes a new item.
@Suite("List techniques")
struct ListTechniquesTests {
  static let iphone6 = DeviceCatalogue.device(id: "iphone-6")!
  static let c = CostCoefficients.standard

  /// A 603 pt table of 7 cells 106 pt apart, each a content view holding a 60-character title and a
  /// 20-character footer (4 layers a cell). The offset jumps by one row (106 pt) between frame 0 and
  /// frame 1 (1/60 s), so in frame 1 exactly one cell (cell[0]) takes a new item (item 7).
  static func oneRow(reuse extra: String, drawnOn: String = "main") -> String {
    """
    {"version": 1, "device": "iphone-6", "iosVersion": "9.3", "root": {"id": "root", "sublayers": [
      {"id": "table", "frame": [0, 64, 375, 603], "masksToBounds": true, "sublayers": [
        {"id": "cell", "frame": [0, 0, 375, 106], "repeat": {"count": 7, "step": [0, 106]}, "sublayers": [
          {"id": "contentView", "frame": [0, 0, 375, 105.5], "sublayers": [
            {"id": "title", "frame": [15, 12, 345, 61], "contents": {"type": "text", "characters": 60, "drawnOn": "\(drawnOn)"}},
            {"id": "footer", "frame": [15, 79, 250, 15], "contents": {"type": "text", "characters": 20, "drawnOn": "\(drawnOn)"}}]}]}]}]},
     "timeline": {"duration": 0.05, "scrolls": [
       {"target": "table", "offsets": [[0, 0], [0.01, 106]], "contentLength": 10600, "reuse": {"cell": "cell", "items": 100\(extra)}}]}}
    """
  }

  /// Frame 1's main-thread milliseconds, by item.
  static func frame1(_ json: String) throws -> [String: Double] {
    let scene = try SceneDecoder.decode(Array(json.utf8), options: .init(devices: DeviceCatalogue.screens))
    let report = Simulator.run(scene, on: iphone6)
    return try #require(report.frames.dropFirst().first).cost.mainThread
  }

  static func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

  /// Without the keys the pool costs what it always did: a pool that names `"layout": "frames"`
  /// and cached heights adds nothing to it (frames are the model's flat `layoutTime` per view).
  @Test func framesAndCachedHeightsAddNothing() throws {
    let plain = try Self.frame1(Self.oneRow(reuse: ""))
    let frames = try Self.frame1(Self.oneRow(reuse: #", "layout": "frames", "rowHeights": "cached""#))
    #expect(plain == frames)
    // The frame itself, by hand, on the A8 (cpuSpeed 1): the table and cell[0]'s 4 layers set up
    // for item 7 (5 x layoutTime) with its 2 labels' text (2 x textLayoutTime); and cell[6]
    // (item 6, at 636 pt below the 603 pt viewport in frame 0, at 530 pt in frame 1) shows its 2
    // labels for the first time: 2 x layoutTime + 2 x textLayoutTime.
    #expect(Self.close(plain["layout"], (7 * Self.c.layoutTime + 4 * Self.c.textLayoutTime) * 1000))
  }

  /// The 2 labels measured for their size: each one's set-up (textLayoutTime) and its glyphs, 60 +
  /// 20 characters x glyphTime.
  static var measuring: Double { 2 * c.textLayoutTime + 80 * c.glyphTime }

  /// Auto Layout with 10 constraints: a cell's solve, 10 x constraintTime, and its 2 labels
  /// measured in the solve, on top of the views' layout; in frame 1 twice: cell[0], reused for
  /// item 7, and cell[6], on screen for the first time (the table makes and lays it out for item 6).
  @Test func autoLayoutSolvesTheConstraintsAndMeasuresTheLabels() throws {
    let frames = try Self.frame1(Self.oneRow(reuse: #", "layout": "frames""#))
    let auto = try Self.frame1(Self.oneRow(reuse: #", "layout": "autoLayout", "constraints": 10"#))
    let expected = 2 * (10 * Self.c.constraintTime + Self.measuring) * 1000
    #expect(Self.close(auto["layout"].map { $0 - frames["layout"]! }, expected))
    // Without a count, 4 constraints for each of the 3 layers below the cell (contentView, title,
    // footer): 12.
    let counted = try Self.frame1(Self.oneRow(reuse: #", "layout": "autoLayout""#))
    let twelve = 2 * (12 * Self.c.constraintTime + Self.measuring) * 1000
    #expect(Self.close(counted["layout"].map { $0 - frames["layout"]! }, twelve))
  }

  /// The first display lays out and sizes every visible row's cell as a reuse does: at offset 0
  /// the 603 pt table shows the cells at 0, 106, ..., 530 pt (6; cell[6], at 636 pt, waits below),
  /// so frame 0 solves 6 cells with Auto Layout where frames solve none. A list of 3 items has 3
  /// rows: the other visible slots hold no row and solve nothing.
  @Test func theFirstDisplayLaysOutEachVisibleRow() throws {
    func frame0(_ json: String) throws -> [String: Double] {
      let scene = try SceneDecoder.decode(Array(json.utf8), options: .init(devices: DeviceCatalogue.screens))
      return try #require(Simulator.run(scene, on: Self.iphone6).frames.first).cost.mainThread
    }
    let solve = (10 * Self.c.constraintTime + Self.measuring) * 1000
    for items in [100, 3] {
      let row = Self.oneRow(reuse: "").replacingOccurrences(of: #""items": 100"#, with: #""items": \#(items)"#)
      #expect(row.contains(#""items": \#(items)"#))
      let frames = try frame0(row.replacingOccurrences(of: #""items": \#(items)"#, with: #""items": \#(items), "layout": "frames""#))
      let auto = try frame0(
        row.replacingOccurrences(of: #""items": \#(items)"#, with: #""items": \#(items), "layout": "autoLayout", "constraints": 10"#))
      let rows = Double(min(items, 6))
      #expect(Self.close(auto["layout"].map { $0 - frames["layout"]! }, rows * solve), "\(items) items")
    }
  }

  /// Heights computed while scrolling: each row that comes into view is sized again (in frame 1
  /// two: item 7 in the reused cell[0] and item 6 in cell[6], on screen for the first time): with
  /// frames its 2 labels measured; with Auto Layout a second solve (the template cell's) with its
  /// labels.
  @Test func computedHeightsSizeEachRowThatComesIntoView() throws {
    let cached = try Self.frame1(Self.oneRow(reuse: #", "layout": "frames", "rowHeights": "cached""#))
    let computed = try Self.frame1(Self.oneRow(reuse: #", "layout": "frames", "rowHeights": "computed""#))
    #expect(Self.close(computed["layout"].map { $0 - cached["layout"]! }, 2 * Self.measuring * 1000))
    let autoCached = try Self.frame1(Self.oneRow(reuse: #", "layout": "autoLayout", "constraints": 10, "rowHeights": "cached""#))
    let autoComputed = try Self.frame1(Self.oneRow(reuse: #", "layout": "autoLayout", "constraints": 10, "rowHeights": "computed""#))
    let automatic = try Self.frame1(Self.oneRow(reuse: #", "layout": "autoLayout", "constraints": 10, "rowHeights": "automatic""#))
    let solve = (10 * Self.c.constraintTime + Self.measuring) * 1000
    #expect(Self.close(autoComputed["layout"].map { $0 - autoCached["layout"]! }, 2 * solve))
    // Self-sizing cells are sized as often: each time a row comes into view.
    #expect(automatic == autoComputed)
  }

  /// Cached text layouts: the labels' text set-up is not made again, on the main thread for labels
  /// drawn there, on the background thread for asynchronous ones; a height computed with frames
  /// reads the cached layout and measures nothing.
  @Test func cachedTextLayoutsAreNotMadeAgain() throws {
    let perDisplay = try Self.frame1(Self.oneRow(reuse: #", "layout": "frames", "rowHeights": "computed""#))
    let cached = try Self.frame1(Self.oneRow(reuse: #", "layout": "frames", "rowHeights": "computed", "textLayouts": "cached""#))
    // cell[0]'s 2 labels' set-up on display, and the 2 labels measured for each of the two heights
    // (cell[0]'s item 7, cell[6]'s item 6). cell[6]'s labels, shown for the first time, are set up
    // as they show.
    #expect(Self.close(cached["layout"].map { perDisplay["layout"]! - $0 }, (2 * Self.c.textLayoutTime + 2 * Self.measuring) * 1000))
    let scene = try SceneDecoder.decode(
      Array(Self.oneRow(reuse: #", "textLayouts": "cached""#, drawnOn: "background").utf8), options: .init(devices: DeviceCatalogue.screens)
    )
    let asyncPlain = try SceneDecoder.decode(
      Array(Self.oneRow(reuse: "", drawnOn: "background").utf8), options: .init(devices: DeviceCatalogue.screens))
    let withCache = try #require(Simulator.run(scene, on: Self.iphone6).frames.dropFirst().first).cost.background["display"] ?? 0
    let without = try #require(Simulator.run(asyncPlain, on: Self.iphone6).frames.dropFirst().first).cost.background["display"] ?? 0
    #expect(Self.close(without - withCache, 2 * Self.c.textLayoutTime * 1000))
  }

  /// Each key is read with its place, and the combinations that mean nothing are errors naming it.
  @Test func theKeysAreCheckedWithTheirPlace() throws {
    func problems(_ extra: String, offsets: Bool = true) -> String {
      var json = Self.oneRow(reuse: extra)
      if !offsets { json = json.replacingOccurrences(of: #""offsets": [[0, 0], [0.01, 106]]"#, with: #""velocity": 8000"#) }
      do {
        _ = try SceneDecoder.decode(Array(json.utf8), options: .init(devices: DeviceCatalogue.screens))
        return ""
      } catch {
        return error.formatted(file: nil)
      }
    }
    #expect(problems(#", "layout": "autoLayout", "constraints": 10, "rowHeights": "automatic", "textLayouts": "cached""#) == "")
    #expect(problems(#", "skipDrawingOnFling": 8, "rowsDrawnBeforeStop": 3"#, offsets: false) == "")
    let constraints = problems(#", "layout": "frames", "constraints": 10"#)
    #expect(constraints.contains("timeline.scrolls[0].reuse.constraints"), "\(constraints)")
    #expect(constraints.contains("needs `\"layout\": \"autoLayout\"`"), "\(constraints)")
    let past = problems(#", "rowsDrawnBeforeStop": 3"#, offsets: false)
    #expect(past.contains("reuse.rowsDrawnBeforeStop"), "\(past)")
    let curve = problems(#", "skipDrawingOnFling": 8"#)
    #expect(curve.contains("reuse.skipDrawingOnFling") && curve.contains("needs a fling"), "\(curve)")
    let typo = problems(#", "rowHeights": "cache""#)
    #expect(typo.contains("did you mean \"cached\"?"), "\(typo)")
    let negative = problems(#", "layout": "autoLayout", "constraints": -1"#)
    #expect(negative.contains("reuse.constraints"), "\(negative)")
  }

  /// A scene with every key written out and read back is the same scene.
  @Test func theKeysRoundTrip() throws {
    let json = Self.oneRow(reuse: #", "layout": "autoLayout", "constraints": 10, "rowHeights": "computed", "textLayouts": "cached""#)
    let scene = try SceneDecoder.decode(Array(json.utf8), options: .init(devices: DeviceCatalogue.screens))
    let written = try SceneEncoder.encode(scene).rendered()
    let again = try SceneDecoder.decode(Array(written.utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(again.timeline == scene.timeline)
    #expect(scene.timeline?.scrolls.first?.reuse?.rowHeights == .computed)
  }
}
