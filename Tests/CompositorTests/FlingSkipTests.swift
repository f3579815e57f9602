import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// Skipped drawing on fast flings (`skipDrawingOnFling`, VVeboTableView): the rows a fling passes
/// over come in blank and cost the main thread less; the blank rows derived by hand from the fling.
@Suite("Skipped drawing on fast flings")
struct FlingSkipTests {
  /// The feed list of scenes/feed-list-fast-scroll.json (603 pt table, 7 cells 106 pt apart, two
  /// labels drawn on the main thread), flung at 8,000 pt/s from the top at the normal deceleration
  /// (0.998 per ms) for 2 s.
  static func fling(_ extra: String) -> String {
    """
    {"version": 1, "device": "iphone-6", "iosVersion": "9.3", "root": {"id": "root", "sublayers": [
      {"id": "table", "frame": [0, 64, 375, 603], "masksToBounds": true, "sublayers": [
        {"id": "cell", "frame": [0, 0, 375, 106], "repeat": {"count": 7, "step": [0, 106]}, "sublayers": [
          {"id": "contentView", "frame": [0, 0, 375, 105.5], "sublayers": [
            {"id": "title", "frame": [15, 12, 345, 61], "contents": {"type": "text", "characters": 60}},
            {"id": "footer", "frame": [15, 79, 250, 15], "contents": {"type": "text", "characters": 20}}]}]}]}]},
     "timeline": {"duration": 2, "scrolls": [
       {"target": "table", "velocity": 8000, "contentLength": 10600, "reuse": {"cell": "cell", "items": 100\(extra)}}]}}
    """
  }

  static func run(_ json: String) throws -> SimulationReport {
    let scene = try SceneDecoder.decode(Array(json.utf8), options: .init(devices: DeviceCatalogue.screens))
    return Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-6")!)
  }

  /// By hand: the fling stops v / (1000 ln(1/r)) = 8000 / (1000 x 0.0020020) = 3,996 pt down
  /// (docs/scene-format.md, Scrolls). The row at the top there is floor(3996 / 106) = 37, 37 rows
  /// from row 0 at the start: more than the threshold of 8, so drawing is skipped. Rows 0-5 are
  /// visible at the start (row 5 spans 530-636 pt of the 603 pt viewport) and the pool's 7 cells
  /// already hold rows 0-6; the rows drawn are those visible at the stop (37 on) and the 3 before
  /// them (34-36). So rows 7 to 33, the first to come into the pool after the start, come in blank.
  @Test func theRowsTheFlingPassesOverAreBlank() throws {
    let skipped = try Self.run(Self.fling(#", "skipDrawingOnFling": 8, "rowsDrawnBeforeStop": 3"#))
    let lists = try #require(skipped.lists)
    #expect(lists.blankRows == Array(7...33))
    #expect(lists.blankRowsText == "7-33")
    // At 2 s the fling is at 3996 x (1 - 0.998^2000) = 3,923 pt: rows 34 on have come in, drawn.
    let drawn = try Self.run(Self.fling(""))
    #expect(drawn.lists == nil)
    // Each blank row saves its layers' set-up past the cell's own and its labels' set-up and
    // drawing: the fling costs the main thread less.
    #expect(skipped.summary.performance.mainThreadMs.mean < drawn.summary.performance.mainThreadMs.mean)
  }

  /// A fling that stops within the threshold draws every row: 8,000 pt/s at the fast deceleration
  /// (0.99 per ms) stops 8000 / (1000 x ln(1/0.99)) = 796 pt down, at row 7: 7 rows, not more than 8.
  @Test func aShortFlingDrawsEveryRow() throws {
    let json = Self.fling(#", "skipDrawingOnFling": 8"#).replacingOccurrences(
      of: #""velocity": 8000"#, with: #""velocity": 8000, "deceleration": "fast""#)
    #expect(try Self.run(json).lists == nil)
    // Threshold 6: 7 rows is more, so the rows between the start's pool (0-6) and the 3 before the
    // stop's (4-6) are none: nothing is blank either.
    let six = Self.fling(#", "skipDrawingOnFling": 6"#).replacingOccurrences(
      of: #""velocity": 8000"#, with: #""velocity": 8000, "deceleration": "fast""#)
    #expect(try Self.run(six).lists == nil)
  }

  /// The text report says what the user sees.
  @Test func theReportSaysWhichRowsWereBlank() throws {
    let report = try Self.run(Self.fling(#", "skipDrawingOnFling": 8"#))
    let frames = try #require(report.lists?.blankFrames)
    // The first blank row (7) comes in when the pool moves past row 0: the offset passes 106 pt in
    // frame 1 (8000 x (1 - 0.998^16.7) / (1000 x 0.0020020) = 131 pt at 1/60 s).
    #expect(frames.lowerBound == 1)
  }
}
