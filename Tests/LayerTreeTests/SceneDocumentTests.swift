import Foundation
import LayerTree
import TestSupport
import Testing

/// Edits on the parsed scene file: finding a layer's object (through `repeat` and masks),
/// changing keys in place, removing sublayers, and writing the result canonically.
@Suite("Scene document")
struct SceneDocumentTests {
  static let screens = ["iphone-7": DeviceScreen(points: Size(375, 667), scale: 2)]

  static let chips = """
    {"version": 1, "device": "iphone-7", "$schema": "kept",
     "root": {"id": "root", "sublayers": [
       {"id": "row", "frame": [0, 100, 375, 40], "repeat": {"count": 2, "step": [0, 50]}, "sublayers": [
         {"id": "chip", "frame": [16, 0, 96, 30], "repeat": {"count": 3, "step": [106, 0]}, "backgroundColor": "#F2F3F5",
          "cornerRadius": 15, "masksToBounds": true, "sublayers": [
            {"id": "label", "frame": [14, 7, 68, 16], "contents": {"type": "text", "characters": 5}},
            {"id": "dot", "frame": [2, 2, 4, 4], "repeat": {"count": 2, "step": [6, 0]}, "backgroundColor": "#FF0000"}]}]},
       {"id": "chip", "frame": [0, 300, 10, 10]},
       {"id": "avatar", "frame": [16, 400, 48, 48], "contents": {"type": "image", "pixelSize": [96, 96]},
        "mask": {"class": "CAShapeLayer", "frame": [0, 0, 48, 48], "path": {"type": "ellipse", "rect": [0, 0, 48, 48]}}}
     ]},
     "timeline": {"duration": 0.1, "contentChanges": [{"target": "chip[*]", "times": [0.05]}]}}
    """

  static func document(_ text: String = chips) throws -> SceneDocument { try SceneDocument(parsing: Array(text.utf8)) }

  static func decode(_ text: String) throws -> Scene {
    try SceneDecoder.decode(Array(text.utf8), options: .init(devices: screens))
  }

  // MARK: Locating objects

  @Test func theRootAndAPlainLayer() throws {
    let document = try Self.document()
    #expect(document.object(for: "root")?.jsonPath == "root")
    let plain = try #require(document.object(for: "root/chip"))
    #expect(plain.jsonPath == "root.sublayers[1]")
    #expect(plain.pattern == "root/chip")
    #expect(plain.copies == 1)
  }

  /// `row[1]/chip[2]/label` is the `label` object inside the `chip` template inside the `row`
  /// template: one object for 2 x 3 labels.
  @Test func aRepeatedLayerIsItsTemplate() throws {
    let document = try Self.document()
    let label = try #require(document.object(for: "root/row[1]/chip[2]/label"))
    #expect(label.jsonPath == "root.sublayers[0].sublayers[0].sublayers[0]")
    #expect(label.pattern == "root/row[*]/chip[*]/label")
    #expect(label.copies == 6)
    #expect(document.object(for: "root/row[0]/chip[0]/label")?.jsonPath == label.jsonPath)
    // `chip` without an index is the plain sibling, not the template.
    #expect(document.object(for: "root/row[0]/chip")?.jsonPath == nil)
    #expect(document.object(for: "root/row[0]/chip[3]") == nil)
    #expect(document.object(for: "root/row[2]") == nil)
  }

  @Test func aMaskIsItsOwnersMaskObject() throws {
    let document = try Self.document()
    #expect(document.object(for: "root/avatar/mask")?.jsonPath == "root.sublayers[2].mask")
    #expect(document.object(for: "root/nothing") == nil)
    #expect(document.object(for: "other") == nil)
  }

  // MARK: Changing objects

  /// A key set where it stands keeps its place; a key back to its default is removed; a new key
  /// goes after the keys before it in the format's order (above `sublayers`).
  @Test func keysChangeInPlaceOrAreInsertedInOrder() throws {
    var document = try Self.document()
    try document.apply([.setMasksToBounds(false), .setShadowPath(.bounds), .setCornerRadius(12)], to: "root/row[0]/chip[1]")
    let text = document.rendered()
    let scene = try Self.decode(text)
    for row in 0..<2 {
      for chip in 0..<3 {
        let layer = try #require(scene.layer(at: "root/row[\(row)]/chip[\(chip)]"))
        #expect(layer.masksToBounds == false)
        #expect(layer.shadowPath == .bounds)
        #expect(layer.cornerRadius == 12)
      }
    }
    let value = try JSONReader.parse(Array(text.utf8))
    guard case .object(let top) = value.kind, case .object(let root) = top.first(where: { $0.key == "root" })!.value.kind,
      case .array(let rows) = root.first(where: { $0.key == "sublayers" })!.value.kind,
      case .object(let row) = rows[0].kind, case .array(let chips) = row.first(where: { $0.key == "sublayers" })!.value.kind,
      case .object(let chip) = chips[0].kind
    else {
      Issue.record("unexpected document shape")
      return
    }
    #expect(chip.map(\.key) == ["id", "frame", "repeat", "backgroundColor", "cornerRadius", "shadowPath", "sublayers"])
    // Everything else is as it was: the unknown top-level key, the timeline, the other layers.
    #expect(top.map(\.key) == ["version", "device", "$schema", "root", "timeline"])
    #expect(scene.timeline?.contentChanges.first?.targets.count == 6)
  }

  @Test func removingSublayers() throws {
    var document = try Self.document()
    try document.apply([.removeSublayer("label")], to: "root/row[0]/chip[0]")
    #expect(try Self.decode(document.rendered()).layer(at: "root/row[1]/chip[2]/label") == nil)
    // A repeated sublayer goes only with all its copies.
    var partial = try Self.document()
    #expect(throws: SceneEditError.self) { try partial.apply([.removeSublayer("dot[0]")], to: "root/row[0]/chip[0]") }
    try partial.apply([.removeSublayer("dot[0]"), .removeSublayer("dot[1]")], to: "root/row[0]/chip[0]")
    #expect(try Self.decode(partial.rendered()).layer(at: "root/row[0]/chip[0]/dot[0]") == nil)
    #expect(throws: SceneEditError.self) { try partial.apply([.setMasksToBounds(false)], to: "root/nothing") }
  }

  /// The same change on the model and on the file gives the same scene.
  @Test func modelAndFileEditsAgree() throws {
    let edits = [
      LayerEdit(path: "root/avatar", changes: [.removeMask, .setCornerRadius(24), .setMasksToBounds(true)]),
      LayerEdit(
        path: "root/chip",
        changes: [
          .setContents(.image(ImageContents(pixelSize: Size(20, 20), drawnOn: .background))), .setBackgroundColor(Color(hex: "#11223380")),
          .setShouldRasterize(true), .setRasterizationScale(2), .setShadowPath(.rect(Rect(0, 0, 10, 10), cornerRadius: 2)),
        ]),
    ]
    var document = try Self.document()
    for edit in edits { try document.apply(edit.changes, to: edit.path) }
    let fromFile = try Self.decode(document.rendered())
    let fromModel = try Self.decode(Self.chips).applying(edits)
    #expect(Self.strip(fromFile.root) == Self.strip(fromModel.root))
  }

  static func strip(_ layer: Layer) -> Layer {
    var copy = layer
    copy.source = nil
    copy.sublayers = layer.sublayers.map(strip)
    copy.mask = layer.mask.map(strip)
    return copy
  }

  // MARK: Writing

  /// Small objects stay on one line, lists of layers always break, long lines break.
  @Test func theCanonicalLayout() {
    let value = JSONOutput.object([
      ("id", .string("card")),
      ("frame", .array([.int(0), .int(0), .number(10.5), .int(20)])),
      ("sublayers", .array([.object([("id", .string("a")), ("frame", .array([.int(1), .int(2), .int(3), .int(4)]))])])),
      ("description", .string(String(repeating: "x", count: 200))),
    ])
    let text = value.rendered(lineWidth: 140)
    #expect(
      text == """
        {
          "id": "card",
          "frame": [0, 0, 10.5, 20],
          "sublayers": [
            { "id": "a", "frame": [1, 2, 3, 4] }
          ],
          "description": "\(String(repeating: "x", count: 200))"
        }

        """)
    // An object that does not fit breaks, one member per line.
    let wide = JSONOutput.object((0..<20).map { ("key\($0)", .int($0)) })
    #expect(wide.rendered(lineWidth: 140).split(separator: "\n").count == 22)
  }

  /// Writing what was written gives the same bytes, for every bundled scene.
  @Test func writingIsIdempotentOnEveryBundledScene() throws {
    let folder = Repository.scenesFolder
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
    #expect(files.count >= 8)
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      let once = try SceneDocument(parsing: bytes).rendered()
      let twice = try SceneDocument(parsing: Array(once.utf8)).rendered()
      #expect(once == twice, "\(file)")
      // The same value: members and numbers survive.
      #expect(JSONOutput(try JSONReader.parse(bytes)) == JSONOutput(try JSONReader.parse(Array(once.utf8))), "\(file)")
    }
  }

  @Test func numbersAndStringsRoundTrip() throws {
    let text = #"{"a": [0.1, 1e-7, 1e21, -0.0, 63.5, 2.0], "s": "tab\tquote\"slash\\ \u0001 é"}"#
    let once = try SceneDocument(parsing: Array(text.utf8)).rendered()
    #expect(once.contains(#""a": [0.1, 1e-07, 1e+21, 0, 63.5, 2]"#))
    #expect(try SceneDocument(parsing: Array(once.utf8)).rendered() == once)
  }

  @Test func changeSummaries() {
    #expect(LayerChange.setMasksToBounds(false).summary == #"remove "masksToBounds""#)
    #expect(LayerChange.setShadowPath(.bounds).summary == #""shadowPath": "bounds""#)
    #expect(LayerChange.removeSublayer("shade").summary == #"remove sublayer "shade""#)
    #expect(
      LayerChange.setContents(.drawing(DrawingContents(drawnOn: .background, opaque: true))).summary
        == #""contents": { "type": "drawing", "drawnOn": "background", "opaque": true }"#)
    #expect(LayerChange.setCornerRadius(24).summary == #""cornerRadius": 24"#)
  }
}
