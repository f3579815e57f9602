import Compositor
import LayerTree
import Testing

/// One row of DOMAIN.md section 2's table ("What sends a layer offscreen"): a layer, and the
/// offscreen passes the whole frame must take for it.
struct TableRow: CustomTestStringConvertible, Sendable {
  var row: String
  var layers: String
  var passes: Int
  var iosVersion = "17.0"
  var testDescription: String { "\(row) -> \(passes)" }
}

let image = ##"{"type": "image", "pixelSize": [200, 200]}"##
let label = ##"{"type": "text", "characters": 12}"##

/// Rows in the table's order; each positive row has a negative twin. Pass counts come from the
/// table: one pass per offscreen layer, three for a blur (capture + downscale, horizontal,
/// vertical; WWDC14 419), nothing for culled layers.
let tableRows: [TableRow] = [
  TableRow(
    row: "shadow, no shadowPath, draws something",
    layers: ##"{"id": "s", "frame": [10, 10, 100, 100], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.5}"##,
    passes: 1),
  TableRow(
    row: "shadow with shadowPath",
    layers: ##"{"id": "s", "frame": [10, 10, 100, 100], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.5, "shadowPath": "bounds"}"##,
    passes: 0),
  TableRow(
    row: "shadow with an explicit shadowPath rect",
    layers:
      ##"{"id": "s", "frame": [10, 10, 100, 100], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.5, "shadowPath": {"rect": [0, 0, 100, 100], "cornerRadius": 8}}"##,
    passes: 0),
  TableRow(
    row: "CAShapeLayer mask",
    layers:
      ##"{"id": "s", "frame": [10, 10, 100, 100], "contents": \##(image), "mask": {"id": "m", "class": "CAShapeLayer", "frame": [0, 0, 100, 100], "path": {"type": "ellipse", "rect": [0, 0, 100, 100]}}}"##,
    // The mask's target and the content's (WWDC14 session 419).
    passes: 2),
  TableRow(
    row: "no mask", layers: ##"{"id": "s", "frame": [10, 10, 100, 100], "contents": \##(image)}"##, passes: 0),
  TableRow(
    row: "cornerRadius, masksToBounds false",
    layers:
      ##"{"id": "s", "frame": [10, 10, 100, 100], "cornerRadius": 10, "backgroundColor": "#EEEEEE", "sublayers": [{"id": "t", "frame": [0, 0, 100, 20], "contents": \##(label)}]}"##,
    passes: 0),
  TableRow(
    row: "cornerRadius + masksToBounds, just contents",
    layers: ##"{"id": "s", "frame": [10, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "contents": \##(image)}"##, passes: 0),
  TableRow(
    row: "cornerRadius + masksToBounds, just a background",
    layers: ##"{"id": "s", "frame": [10, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE"}"##,
    passes: 0),
  TableRow(
    row: "cornerRadius + masksToBounds, drawing sublayers",
    layers:
      ##"{"id": "s", "frame": [10, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "sublayers": [{"id": "i", "frame": [0, 0, 100, 100], "contents": \##(image)}, {"id": "t", "frame": [0, 80, 100, 20], "contents": \##(label)}]}"##,
    passes: 1),
  TableRow(
    row: "cornerRadius + masksToBounds, contents plus a background colour",
    layers:
      ##"{"id": "s", "frame": [10, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": \##(image)}"##,
    passes: 1),
  TableRow(
    row: "masksToBounds, cornerRadius 0: a scissor",
    layers:
      ##"{"id": "s", "frame": [10, 10, 100, 100], "masksToBounds": true, "backgroundColor": "#EEEEEE", "sublayers": [{"id": "i", "frame": [0, 0, 100, 100], "contents": \##(image)}, {"id": "t", "frame": [0, 80, 100, 20], "contents": \##(label)}]}"##,
    passes: 0),
  TableRow(
    row: "opacity < 1, group opacity, two drawing layers",
    layers:
      ##"{"id": "s", "frame": [10, 10, 100, 100], "opacity": 0.6, "backgroundColor": "#EEEEEE", "sublayers": [{"id": "t", "frame": [0, 0, 100, 20], "contents": \##(label)}]}"##,
    passes: 1),
  TableRow(
    row: "opacity < 1, group opacity, one drawing layer",
    layers:
      ##"{"id": "s", "frame": [10, 10, 100, 100], "opacity": 0.6, "sublayers": [{"id": "t", "frame": [0, 0, 100, 20], "contents": \##(label)}]}"##,
    passes: 0),
  TableRow(
    row: "opacity < 1, allowsGroupOpacity false",
    layers:
      ##"{"id": "s", "frame": [10, 10, 100, 100], "opacity": 0.6, "allowsGroupOpacity": false, "backgroundColor": "#EEEEEE", "sublayers": [{"id": "t", "frame": [0, 0, 100, 20], "contents": \##(label)}]}"##,
    passes: 0),
  TableRow(
    row: "shouldRasterize, first frame: a miss",
    layers: ##"{"id": "s", "frame": [10, 10, 100, 100], "shouldRasterize": true, "backgroundColor": "#EEEEEE"}"##, passes: 1),
  TableRow(
    row: "UIVisualEffectView blur: several passes",
    layers: ##"{"id": "s", "class": "UIVisualEffectView", "frame": [0, 0, 375, 100]}"##, passes: 3),
  TableRow(
    row: "allowsEdgeAntialiasing, rotated",
    layers:
      ##"{"id": "s", "frame": [50, 50, 100, 100], "backgroundColor": "#EEEEEE", "allowsEdgeAntialiasing": true, "transform": {"rotation": 30}}"##,
    passes: 1),
  TableRow(
    row: "allowsEdgeAntialiasing false (default), rotated",
    layers: ##"{"id": "s", "frame": [50, 50, 100, 100], "backgroundColor": "#EEEEEE", "transform": {"rotation": 30}}"##, passes: 0),
  TableRow(
    row: "draw(_:) implemented: CPU backing store, not offscreen",
    layers: ##"{"id": "s", "frame": [10, 10, 100, 100], "contents": {"type": "drawing"}}"##, passes: 0),
  TableRow(
    row: "hidden layer with a shadow and a rounded clip",
    layers:
      ##"{"id": "s", "isHidden": true, "frame": [10, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": \##(image), "sublayers": [{"id": "c", "frame": [0, 0, 50, 50], "backgroundColor": "#FFFFFF", "shadowOpacity": 1}]}"##,
    passes: 0),
  TableRow(
    row: "opacity 0 subtree",
    layers:
      ##"{"id": "s", "opacity": 0, "frame": [10, 10, 100, 100], "sublayers": [{"id": "c", "frame": [0, 0, 50, 50], "backgroundColor": "#FFFFFF", "shadowOpacity": 1}]}"##,
    passes: 0),
  TableRow(
    row: "zero size with masksToBounds clips its subtree away",
    layers:
      ##"{"id": "s", "masksToBounds": true, "frame": [10, 10, 0, 0], "sublayers": [{"id": "c", "frame": [0, 0, 50, 50], "backgroundColor": "#FFFFFF", "shadowOpacity": 1}]}"##,
    passes: 0),
  TableRow(
    row: "outside the screen",
    layers: ##"{"id": "s", "frame": [10, 700, 100, 100], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.5}"##, passes: 0),
  TableRow(
    row: "clipped away by a masksToBounds ancestor",
    layers:
      ##"{"id": "clip", "frame": [0, 0, 100, 100], "masksToBounds": true, "sublayers": [{"id": "s", "frame": [150, 0, 100, 100], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.5}]}"##,
    passes: 0),
  TableRow(
    row: "nested: a shadowed card inside a group-opacity container costs two",
    layers:
      ##"{"id": "g", "frame": [0, 0, 300, 300], "opacity": 0.5, "backgroundColor": "#EEEEEE", "sublayers": [{"id": "card", "frame": [10, 10, 100, 100], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.5}]}"##,
    passes: 2),
]

@Suite("DOMAIN.md section 2 table")
struct OffscreenTableTests {
  @Test(arguments: tableRows)
  func row(_ row: TableRow) throws {
    let planned = TestScenes.plan(try TestScenes.scene(row.layers, iosVersion: row.iosVersion))
    #expect(planned.plan.offscreenPasses == row.passes)
  }

  /// Nested passes count separately and report their depth: the card's shadow pass is inside the
  /// container's group-opacity pass.
  @Test func nestedPassesReportDepth() throws {
    let planned = TestScenes.plan(try TestScenes.scene(tableRows.last!.layers))
    #expect(planned.rules("root/g") == [GroupOpacityRule.ruleID])
    #expect(planned.node("root/g")?.offscreenDepth == 0)
    #expect(planned.rules("root/g/card") == [ShadowWithoutPathRule.ruleID])
    #expect(planned.node("root/g/card")?.offscreenDepth == 1)
  }

  /// A pass's pixel area is its render target: the content's visible rectangle in pixels. The
  /// card row above: 100 x 100 pt on a @2x screen = 40,000 px.
  @Test func passAreaIsTheContentInPixels() throws {
    let planned = TestScenes.plan(try TestScenes.scene(tableRows[8].layers))
    let pass = try #require(planned.node("root/s")?.offscreen.first)
    #expect(pass.rule == RoundedClipRule.ruleID)
    #expect(pass.pixelArea == 100 * 100 * 4)
  }

  /// Part of a layer off the screen is not rendered: a 100 pt square at x = 325 on a 375 pt
  /// screen shows 50 x 100 pt = 20,000 px at @2x.
  @Test func passAreaIsClippedToTheScreen() throws {
    let planned = TestScenes.plan(
      try TestScenes.scene(
        ##"{"id": "s", "frame": [325, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": \##(image)}"##
      ))
    let area = try #require(planned.node("root/s")?.offscreen.first?.pixelArea)
    #expect(area == 50 * 100 * 4, "\(area.debugDescription)")
  }
}
