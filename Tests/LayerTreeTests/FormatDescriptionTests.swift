import Foundation
import Testing

@testable import LayerTree

/// The format's description drives both readers and the writer: every range it gives a layer key
/// is enforced by both readers, every key it lists is read by both alike and written back, and a
/// key added to the description alone is read and written with no change to either reader.
@Suite("Format description")
struct FormatDescriptionTests {
  static let devices = BadInputFixtures.devices
  static let format = SceneFormat.standard

  /// A scene with one sublayer carrying `members` (JSON text, without braces).
  static func scene(_ members: String) -> [UInt8] {
    Array(#"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a", "frame": [0, 0, 10, 10], \#(members)}]}}"#.utf8)
  }

  /// The values just outside a range, derived from its bounds: below an open or closed lower
  /// bound, above an upper bound that is the property's own or a physical limit with a unit (the
  /// 10,000,000 of lengths), and below the lower one of a range symmetric about 0.
  static func outside(_ range: NumberRange) -> [Double] {
    var values: [Double] = []
    if range.hasLower { values.append(range.lowerIsOpen ? range.lower : range.lower - 1) }
    if range.hasUpper, !range.upperIsLimit || range.unit != .none { values.append(range.upper + 1) }
    return values
  }

  /// The class a key belongs to, as the `class` member to write before it.
  static func classMember(_ key: FormatKey) -> String {
    key.variants.map { #""class": "\#($0[0])", "# } ?? ""
  }

  @Test func everyLayerNumberRangeIsEnforcedByBothReaders() throws {
    var checked = 0
    for key in Self.format.layer.keys {
      guard case .number(let range) = key.type else { continue }
      for value in Self.outside(range) {
        let bytes = Self.scene(Self.classMember(key) + "\"\(key.name)\": \(formatNumber(value))")
        let options = SceneDecoder.Options(devices: Self.devices)
        #expect(SceneStreamReader.read(bytes, options: options) == nil, "the fast reader took \(key.name) = \(value)")
        do {
          _ = try SceneDecoder.decodeTree(bytes, options: options)
          Issue.record("\(key.name) = \(value) was accepted")
        } catch {
          let message = error.diagnostics.map(\.message).joined(separator: "\n")
          // The message states the range the description gives, and past a physical limit why.
          #expect(message.contains(range.expectation(for: value)), "\(key.name): \(message)")
          #expect(error.diagnostics.contains { $0.path.hasSuffix(key.name) }, "\(key.name)")
          let notes = error.diagnostics.flatMap(\.notes)
          #expect(notes == (range.passesLimit(value) ? [NumberRange.pointsReason] : []), "\(key.name) = \(value): \(notes)")
        }
        checked += 1
      }
    }
    // opacity, shadowOpacity (both ends), cornerRadius, borderWidth, shadowRadius, lineWidth
    // (both ends: below 0 and past 10,000,000 pt), rasterizationScale, instanceDelay and the four
    // colour offsets (both ends): counted by hand from the layer keys.
    #expect(checked == 2 + 2 + 4 * 2 + 1 + 1 + 4 * 2)
  }

  /// Each key read into the model and written back as the description says: a value away from
  /// the default, given per type, is read alike by both readers and is what the writer writes.
  @Test func everyBoundLayerKeyIsReadAndWrittenAlike() throws {
    for key in Self.format.layer.keys where key.binding.map({ if case .structural = $0 { false } else { true } }) ?? false {
      let value: String
      switch key.type {
      case .number(let range): value = formatNumber(range.contains(0.5) && key.name != "opacity" ? 0.5 : 0.25)
      case .integer(let range): value = String(range.lowerBound + 1)
      case .boolean: value = key.defaultValue == .bool(true) ? "false" : "true"
      case .choice(let names): value = "\"\(names.last!)\""
      case .color: value = "\"#12345678\""
      case .pair: value = "[0.25, 0.75]"
      case .list(.choice(let names), _, _, _): value = "[\"\(names[0])\"]"
      case .list: value = "[\"#FF0000\", \"#00FF00\"]"
      case .object("transform"): value = #"{"rotation": 30}"#
      default:
        Issue.record("\(key.name): no test value for its type")
        continue
      }
      let bytes = Self.scene(Self.classMember(key) + "\"\(key.name)\": \(value)")
      let options = SceneDecoder.Options(devices: Self.devices)
      let fast = try #require(SceneStreamReader.read(bytes, options: options), "the fast reader gave up on \(key.name)")
      let tree = try SceneDecoder.decodeTree(bytes, options: options)
      #expect(fast == tree, "\(key.name)")
      let written = try SceneEncoder.rendered(tree)
      // Written back: the key is there, and reading the text again gives the same scene.
      #expect(written.contains("\"\(key.name)\":"), "\(key.name) was not written back")
      #expect(
        try SceneDecoder.decode(Array(written.utf8), options: options).withoutSourceLocations == tree.withoutSourceLocations, "\(key.name)")
    }
  }

  /// A property added to the description alone (here a second name for `opacity`) is read by
  /// both readers, refused out of its range, and written by the writer: neither reader is edited.
  @Test func aKeyAddedToTheDescriptionAloneIsReadAndWritten() throws {
    var format = SceneFormat.standard
    var alpha = FormatKey("alpha", .number(.unit), property: "UIView.alpha", doc: "The view's alpha.")
    alpha.binding = .number(get: { $0.opacity }, set: { $0.layer.opacity = $1 })
    format.layer.keys.removeAll { $0.name == "opacity" }
    format.layer.keys.append(alpha)
    let options = SceneDecoder.Options(devices: Self.devices, format: format)

    let bytes = Self.scene(#""alpha": 0.5"#)
    let fast = try #require(SceneStreamReader.read(bytes, options: options))
    let tree = try SceneDecoder.decodeTree(bytes, options: options)
    #expect(fast == tree)
    #expect(tree.layer(at: "root/a")?.opacity == 0.5)
    #expect(try SceneEncoder.rendered(tree, format: format).contains(#""alpha": 0.5"#))

    // The range the description gives: 0 to 1.
    #expect(throws: SceneErrors.self) { try SceneDecoder.decodeTree(Self.scene(#""alpha": 2"#), options: options) }
    // And the key it no longer lists is unknown to both.
    #expect(SceneStreamReader.read(Self.scene(#""opacity": 0.5"#), options: options) == nil)
    #expect(throws: SceneErrors.self) { try SceneDecoder.decodeTree(Self.scene(#""opacity": 0.5"#), options: options) }
  }

  /// The recipe in docs/architecture.md, "Add a scene property", done once: an entry written as
  /// `LayerKeys.swift` writes its entries (here bound to a field the model has, `rasterizationScale`,
  /// under a second name) reaches both readers, the writer, the JSON Schema, the docs' key table
  /// and the fuzzing dictionary, with its range and its default read from the model.
  @Test func theAddAPropertyRecipe() throws {
    var format = SceneFormat.standard
    let key = LayerKeys.number(
      "contentsScale", .positive, property: "contentsScale", get: { $0.rasterizationScale }, set: { $0.layer.rasterizationScale = $1 },
      doc: "A second name for the rasterization scale, for this test.")
    format.layer.keys += LayerKeys.withDefaults([key])
    let options = SceneDecoder.Options(devices: Self.devices, format: format)

    // Both readers read it; the writer writes it back.
    let bytes = Self.scene(#""contentsScale": 3"#)
    let fast = try #require(SceneStreamReader.read(bytes, options: options))
    #expect(fast == (try SceneDecoder.decodeTree(bytes, options: options)))
    #expect(fast.layer(at: "root/a")?.rasterizationScale == 3)
    #expect(try SceneEncoder.rendered(fast, format: format).contains(#""contentsScale": 3"#))
    // Its range (> 0) holds in both.
    #expect(SceneStreamReader.read(Self.scene(#""contentsScale": 0"#), options: options) == nil)
    #expect(throws: SceneErrors.self) { try SceneDecoder.decodeTree(Self.scene(#""contentsScale": 0"#), options: options) }

    // The files made from the description list it: its default is the model's, 1
    // (`CALayer.rasterizationScale`'s documented default).
    let schema = try JSONReader.parse(Array(SceneSchema.rendered(format, devices: ["iphone-7"]).utf8))
    let entry = try #require(schema.member("$defs")?.member("layer")?.member("properties")?.member("contentsScale"))
    #expect(entry.member("exclusiveMinimum") != nil)
    let table = FormatTables.markdown(format.layer)
    #expect(table.contains("| `contentsScale` | `contentsScale` | number | `1` | > 0"), "\(table)")
    #expect(FuzzDictionary.rendered(format).contains(#""\"contentsScale\":""#))
  }

  /// The defaults the description gives are the model's: a layer with no keys has them.
  @Test func defaultsAreTheModels() throws {
    let tree = try SceneDecoder.decodeTree(Self.scene(#""isHidden": false"#), options: .init(devices: Self.devices))
    let layer = try #require(tree.layer(at: "root/a"))
    // Core Animation's documented defaults (CALayer reference): opacity 1, shadowOpacity 0,
    // shadowRadius 3, shadowOffset (0, -3), anchorPoint (0.5, 0.5), rasterizationScale 1.
    let layerKind = Self.format.layer
    #expect(layerKind["opacity"].defaultValue == .number(1))
    #expect(layerKind["shadowOpacity"].defaultValue == .number(0))
    #expect(layerKind["shadowRadius"].defaultValue == .number(3))
    #expect(layerKind["shadowOffset"].defaultValue == .array([.number(0), .number(-3)]))
    #expect(layerKind["anchorPoint"].defaultValue == .array([.number(0.5), .number(0.5)]))
    #expect(layerKind["rasterizationScale"].defaultValue == .number(1))
    #expect(layer.opacity == 1 && layer.shadowRadius == 3 && layer.anchorPoint == Point(0.5, 0.5))
  }
}

extension JSONValue {
  /// The value of an object's member `key`.
  fileprivate func member(_ key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }
}
