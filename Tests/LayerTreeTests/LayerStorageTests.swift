import Testing

@testable import LayerTree

/// `Layer` is a value held in one reference to copy-on-write storage: copies are independent,
/// equality is by value whatever the storage holds, and the defaults are Core Animation's.
@Suite("Layer storage")
struct LayerStorageTests {
  @Test func aLayerIsOneReference() {
    #expect(MemoryLayout<Layer>.size == 8)
    #expect(MemoryLayout<Layer>.stride == 8)
  }

  /// A layer with a subtree, a mask and inline and rare properties set.
  static func original() -> Layer {
    var layer = Layer(id: "cell", frame: Rect(0, 10, 375, 120))
    layer.cornerRadius = 8
    layer.backgroundColor = .white
    layer.shadowOpacity = 0.5
    layer.shadowPath = .bounds
    layer.kind = .gradient(GradientLayer(colors: [.black, .white]))
    layer.mask = Layer(id: "mask", frame: Rect(0, 0, 375, 120))
    layer.sublayers = [Layer(id: "avatar", frame: Rect(16, 16, 40, 40)), Layer(id: "name")]
    layer.sublayers[0].contents = .image(ImageContents(pixelSize: Size(80, 80)))
    return layer
  }

  @Test func changingACopyLeavesTheOriginal() {
    let original = Self.original()
    var copy = original
    copy.id = "other"
    copy.frame.x = 5
    copy.cornerRadius = 0
    copy.backgroundColor = nil
    copy.masksToBounds = true
    copy.shadowOpacity = 1
    copy.shadowPath = nil
    copy.transform.scaleX = 2
    copy.kind = .plain
    copy.mask?.frame.width = 10
    copy.sublayers[0].frame.x = 99
    copy.sublayers[0].contents = nil
    copy.sublayers[1].shadowRadius = 12
    copy.sublayers.append(Layer(id: "photo"))

    #expect(original.id == "cell")
    #expect(original.frame == Rect(0, 10, 375, 120))
    #expect(original.cornerRadius == 8)
    #expect(original.backgroundColor == .white)
    #expect(!original.masksToBounds)
    #expect(original.shadowOpacity == 0.5)
    #expect(original.shadowPath == .bounds)
    #expect(original.transform == .identity)
    #expect(original.kind == .gradient(GradientLayer(colors: [.black, .white])))
    #expect(original.mask?.frame.width == 375)
    #expect(original.sublayers.map(\.id) == ["avatar", "name"])
    #expect(original.sublayers[0].frame.x == 16)
    #expect(original.sublayers[0].contents == .image(ImageContents(pixelSize: Size(80, 80))))
    #expect(original.sublayers[1].shadowRadius == 3)
    #expect(original == Self.original())

    #expect(copy.id == "other")
    #expect(copy.frame.x == 5)
    #expect(copy.backgroundColor == nil)
    #expect(copy.masksToBounds)
    #expect(copy.shadowOpacity == 1)
    #expect(copy.shadowPath == nil)
    #expect(copy.transform.scaleX == 2)
    #expect(copy.kind == .plain)
    #expect(copy.mask?.frame.width == 10)
    #expect(copy.sublayers.map(\.id) == ["avatar", "name", "photo"])
    #expect(copy.sublayers[0].frame.x == 99)
    #expect(copy.sublayers[1].shadowRadius == 12)
    #expect(copy != original)
  }

  @Test func changingTheOriginalLeavesACopy() {
    var original = Self.original()
    let copy = original
    original.shadowOpacity = 0
    original.opacity = 0.5
    original.sublayers.removeAll()
    original.mask = nil
    #expect(copy == Self.original())
    #expect(copy.shadowOpacity == 0.5)
    #expect(copy.opacity == 1)
    #expect(copy.sublayers.count == 2)
    #expect(copy.mask != nil)
  }

  /// Core Animation's defaults, as the model's documentation states them.
  @Test func aNewLayerHasCoreAnimationsDefaults() {
    let layer = Layer(id: "a")
    #expect(layer.kind == .plain)
    #expect(layer.frame == .zero)
    #expect(layer.anchorPoint == Point(0.5, 0.5))
    #expect(layer.backgroundColor == nil)
    #expect(layer.cornerRadius == 0)
    #expect(layer.cornerCurve == .circular)
    #expect(layer.maskedCorners == .all)
    #expect(!layer.masksToBounds)
    #expect(layer.opacity == 1)
    #expect(layer.compositingFilter == nil)
    #expect(layer.allowsGroupOpacity)
    #expect(!layer.isHidden)
    #expect(!layer.isOpaque)
    #expect(layer.borderWidth == 0)
    #expect(layer.borderColor == .black)
    #expect(layer.shadowOpacity == 0)
    #expect(layer.shadowRadius == 3)
    #expect(layer.shadowOffset == Size(0, -3))
    #expect(layer.shadowColor == .black)
    #expect(layer.shadowPath == nil)
    #expect(!layer.shouldRasterize)
    #expect(layer.rasterizationScale == 1)
    #expect(!layer.allowsEdgeAntialiasing)
    #expect(layer.transform == .identity)
    #expect(layer.contents == nil)
    #expect(layer.contentsGravity == .resize)
    #expect(layer.sublayers.isEmpty)
    #expect(layer.source == nil)
    #expect(layer.mask == nil)
  }

  /// A layer whose rare properties were set and set back equals one that never had them, and
  /// hashes the same.
  @Test func rarePropertiesSetBackToTheirDefaultsAreEqual() {
    var changed = Layer(id: "a", frame: Rect(0, 0, 10, 10))
    changed.shadowRadius = 10
    changed.kind = .shape(ShapeLayer(path: .ellipse(Rect(0, 0, 10, 10))))
    changed.transform.rotationDegrees = 45
    changed.borderColor = .white
    changed.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.3)
    changed.source = SourceLocation(line: Int.max, column: 1)
    changed.shadowRadius = 3
    changed.kind = .plain
    changed.transform.rotationDegrees = 0
    changed.borderColor = .black
    changed.backgroundColor = nil
    changed.source = nil
    let plain = Layer(id: "a", frame: Rect(0, 0, 10, 10))
    #expect(changed == plain)
    #expect(changed.hashValue == plain.hashValue)
    #expect(Set([changed, plain]).count == 1)
  }

  /// Setting a rare property to its default does not give a layer the rare box, but a value
  /// equal to the default and not the same (a -0 for a 0) is kept as set.
  @Test func theRareBoxIsMadeOnlyForAValueOtherThanTheDefault() {
    var layer = Layer(id: "a")
    layer.kind = .plain
    layer.anchorPoint = Point(0.5, 0.5)
    layer.cornerCurve = .circular
    layer.maskedCorners = .all
    layer.compositingFilter = nil
    layer.borderWidth = 0
    layer.borderColor = .black
    layer.shadowOpacity = 0
    layer.shadowRadius = 3
    layer.shadowOffset = Size(0, -3)
    layer.shadowColor = .black
    layer.shadowPath = nil
    layer.rasterizationScale = 1
    layer.allowsEdgeAntialiasing = false
    layer.transform = .identity
    layer.contentsGravity = .resize
    #expect(!layer.hasRareBox)

    layer.borderWidth = -0.0
    #expect(layer.hasRareBox)
    #expect(layer.borderWidth.sign == .minus)
    #expect(layer == Layer(id: "a"))
  }

  @Test func layersDifferingInOneRarePropertyDiffer() {
    let plain = Layer(id: "a")
    var rare = plain
    rare.contentsGravity = .center
    #expect(rare != plain)
    var inline = plain
    inline.isHidden = true
    #expect(inline != plain)
  }

  /// Colours of 8-bit channels (every colour a scene file writes) are stored in 4 bytes; any
  /// other colour keeps its exact value, a negative zero included.
  @Test func backgroundColoursKeepTheirExactValue() {
    var layer = Layer(id: "a")
    let fileColour = Color(hex: "#12345678")!
    layer.backgroundColor = fileColour
    #expect(layer.backgroundColor == fileColour)
    let other = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
    layer.backgroundColor = other
    #expect(layer.backgroundColor == other)
    layer.backgroundColor = Color(red: -0.0, green: 1, blue: 1)
    #expect(layer.backgroundColor?.red.sign == .minus)
    layer.backgroundColor = .clear
    #expect(layer.backgroundColor == .clear)
    #expect(layer.backgroundColor?.red.sign == .plus)

    // The same colour, reached through either storage, is the same layer.
    var a = Layer(id: "a")
    a.backgroundColor = other
    a.backgroundColor = fileColour
    var b = Layer(id: "a")
    b.backgroundColor = fileColour
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
  }

  @Test func sourceLocationsKeepTheirExactValue() {
    var layer = Layer(id: "a")
    for location in [
      SourceLocation(line: 1, column: 1), SourceLocation(line: 0, column: 0), SourceLocation(line: Int.max, column: Int.min),
      SourceLocation(line: 70_000, column: Int(UInt32.max)),
    ] {
      layer.source = location
      #expect(layer.source == location)
    }
    layer.source = nil
    #expect(layer.source == nil)
  }

  /// A layer and its copy are equal; the copy's own sublayers and rare box stay the original's
  /// until it changes them.
  @Test func aCopyIsEqualAndSharesItsStorage() {
    let original = Self.original()
    var copy = original
    #expect(copy == original)
    #expect(copy.sharesStorage(with: original))
    copy.opacity = 1
    #expect(!copy.sharesStorage(with: original))
    #expect(copy == original)
  }

  /// Both readers give layers read with the same rare properties one shared box, compared bit
  /// for bit (a shadow radius of -0 is not one of 0); changing one of them leaves the others.
  @Test(arguments: [false, true])
  func layersReadWithTheSameRarePropertiesShareOneBox(treeReader: Bool) throws {
    let json = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "a", "shadowOpacity": 0.5, "shadowRadius": 0},
        {"id": "b", "shadowOpacity": 0.5, "shadowRadius": 0, "frame": [0, 10, 20, 20]},
        {"id": "c", "shadowOpacity": 0.5, "shadowRadius": -0},
        {"id": "d", "shadowOpacity": 0.5, "shadowRadius": 0, "shadowPath": "bounds"}
      ]}}
      """
    let options = SceneDecoder.Options(devices: ["iphone-7": DeviceScreen(points: Size(375, 667), scale: 2)])
    let bytes = Array(json.utf8)
    // The fast reader on its own: a file it gave up on would be read by the tree reader.
    let scene =
      treeReader
      ? try SceneDecoder.decodeTree(bytes, options: options) : try #require(SceneStreamReader.read(bytes, options: options))
    let layers = scene.root.sublayers
    #expect(layers.map(\.id) == ["a", "b", "c", "d"])
    #expect(layers[0].sharesRareBox(with: layers[1]))
    #expect(!layers[0].sharesRareBox(with: layers[2]))
    #expect(layers[2].shadowRadius.sign == .minus)
    #expect(!layers[0].sharesRareBox(with: layers[3]))
    #expect(layers[0].shadowRadius.sign == .plus)

    var changed = layers[1]
    changed.shadowOpacity = 1
    #expect(layers[1].shadowOpacity == 0.5)
    #expect(layers[0].shadowOpacity == 0.5)
    #expect(changed.shadowOpacity == 1)
    #expect(!changed.sharesRareBox(with: layers[0]))
  }
}
