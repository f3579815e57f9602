import Foundation
import TestSupport
import Testing

@testable import LayerTree

/// The scene writer: what it writes decodes back to an equal scene (every bundled scene, generated
/// scenes, and hand-built cases for each class, contents type, shadow path, mask, transform,
/// timeline entry and budget), and one small scene is written exactly as expected.
@Suite("Scene encoder")
struct SceneEncoderTests {
  static let devices = BadInputFixtures.devices

  static func decode(_ text: String) throws -> Scene {
    try SceneDecoder.decode(Array(text.utf8), options: .init(devices: devices))
  }

  /// Encodes, decodes the text, and checks the scene is the same but for source locations, which
  /// belong to the file a scene was read from. Returns the text.
  @discardableResult
  static func roundTrip(_ scene: Scene, _ comment: Comment? = nil) throws -> String {
    let text = try SceneEncoder.rendered(scene)
    let again = try decode(text)
    #expect(again.withoutSourceLocations == scene.withoutSourceLocations, comment)
    // Canonical: writing the decoded scene gives the same bytes.
    #expect(try SceneEncoder.rendered(again) == text, comment)
    return text
  }

  static let scenesFolder = Repository.scenesFolder
  static let bundledScenes = BundledScenes.names

  // MARK: Round trips

  @Test func everyBundledSceneRoundTrips() throws {
    #expect(Self.bundledScenes.count >= 12)
    for file in Self.bundledScenes {
      let bytes = try [UInt8](Data(contentsOf: Self.scenesFolder.appendingPathComponent(file)))
      let scene = try SceneDecoder.decode(bytes, options: .init(devices: Self.devices))
      let text = try Self.roundTrip(scene, "\(file)")
      // The writer folds `repeat` copies back: no id it writes carries an index.
      #expect(text.range(of: #""id": "[^"]*\["#, options: .regularExpression) == nil, "\(file)")
    }
  }

  @Test(arguments: SceneGenerator.Kind.allCases)
  func generatedScenesRoundTrip(_ kind: SceneGenerator.Kind) throws {
    for (layers, frames) in [(200, 1), (600, 30)] {
      let json = SceneGenerator(kind: kind, layers: layers, frames: frames, seed: 9).json()
      try Self.roundTrip(try Self.decode(json), "\(kind) \(layers)")
    }
  }

  /// Each class with its own keys away from their defaults, each contents type, both shadow paths,
  /// a mask, transforms, and every layer key changed somewhere.
  @Test func everyClassAndKeyRoundTrips() throws {
    var root = Layer(id: "window", frame: Rect(0, 0, 375, 667))
    var card = Layer(id: "card", frame: Rect(8.5, 20, 359, 120))
    card.backgroundColor = Color(hex: "#FFFFFFF0")
    card.cornerRadius = 12
    card.cornerCurve = .continuous
    card.masksToBounds = true
    card.opacity = 0.75
    card.allowsGroupOpacity = false
    card.isOpaque = true
    card.borderWidth = 0.5
    card.borderColor = Color(hex: "#336699")!
    card.shadowOpacity = 0.2
    card.shadowRadius = 0
    card.shadowOffset = Size(1, 2.25)
    card.shadowColor = .clear
    card.shadowPath = .bounds
    card.shouldRasterize = true
    card.rasterizationScale = 3
    card.allowsEdgeAntialiasing = true
    card.transform = Transform(rotationDegrees: -10, scaleX: 0.9, scaleY: 1.1)
    card.contents = .drawing(DrawingContents(drawnOn: .background, wideColor: true, opaque: true))
    card.contentsGravity = .resizeAspectFill

    var image = Layer(id: "image", frame: Rect(0, 0, 40, 40))
    image.contents = .image(ImageContents(pixelSize: Size(80, 81), opaque: true, wideColor: true, drawnOn: .main))
    image.shadowOpacity = 1
    image.shadowPath = .rect(Rect(1, 2, 3, 4), cornerRadius: 2)
    image.transform = Transform(scaleX: 2, scaleY: 2)
    image.isHidden = true
    var text = Layer(id: "text", frame: Rect(0, 50, 100, 20))
    text.contents = .text(TextContents(characters: 0, drawnOn: .background, wideColor: true))
    text.shadowPath = .rect(Rect(0, 0, 10, 10), cornerRadius: 0)
    text.transform = Transform(rotationDegrees: 90)
    var plainImage = Layer(id: "plainImage")
    plainImage.contents = .image(ImageContents(pixelSize: Size(1, 1)))

    var shape = Layer(id: "shape", frame: Rect(0, 0, 10, 10))
    var shapeLayer = ShapeLayer(path: .arbitrary(bounds: Rect(0, 0, 10, 10), points: 42))
    shapeLayer.fillColor = nil
    shapeLayer.strokeColor = Color(hex: "#FF000080")
    shapeLayer.lineWidth = 2
    shape.kind = .shape(shapeLayer)
    var boundsShape = Layer(id: "boundsShape", frame: Rect(0, 0, 10, 10))
    // A shape layer without a path fills its bounds: the default path is not written.
    boundsShape.kind = .shape(ShapeLayer(path: .rect(Rect(0, 0, 10, 10))))
    var rounded = Layer(id: "rounded", frame: Rect(0, 0, 10, 10))
    rounded.kind = .shape(ShapeLayer(path: .roundedRect(Rect(1, 1, 8, 8), cornerRadius: 3)))
    var ellipse = Layer(id: "ellipse", frame: Rect(0, 0, 10, 10))
    ellipse.kind = .shape(ShapeLayer(path: .ellipse(Rect(0, 0, 10, 5))))
    var gradient = Layer(id: "gradient", frame: Rect(0, 0, 10, 10))
    gradient.kind = .gradient(GradientLayer(colors: [.clear, Color(hex: "#00000099")!]))
    var emptyGradient = Layer(id: "emptyGradient")
    emptyGradient.kind = .gradient(GradientLayer(colors: []))
    var blur = Layer(id: "blur", frame: Rect(0, 0, 10, 10))
    blur.kind = .visualEffect(VisualEffect(style: .blur))
    var vibrancy = Layer(id: "vibrancy", frame: Rect(0, 0, 10, 10))
    vibrancy.kind = .visualEffect(VisualEffect(style: .vibrancy))

    var masked = Layer(id: "masked", frame: Rect(0, 0, 48, 48))
    var mask = Layer(id: "mask", frame: Rect(0, 0, 48, 48))
    mask.kind = .shape(ShapeLayer(path: .ellipse(Rect(0, 0, 48, 48))))
    masked.mask = mask
    var namedMask = Layer(id: "namedMask", frame: Rect(0, 0, 48, 48))
    var other = Layer(id: "shade", frame: Rect(0, 0, 48, 48))
    other.backgroundColor = .black
    other.sublayers = [Layer(id: "inner")]
    namedMask.mask = other

    card.sublayers = [image, text, plainImage, shape, boundsShape, rounded, ellipse, gradient, emptyGradient, blur, vibrancy]
    root.sublayers = [card, masked, namedMask]
    root.backgroundColor = .white
    let scene = Scene(
      name: "every key", description: "line one\nline \"two\"", device: "iphone-7", iosVersion: OSVersion(10, 3), root: root)
    let written = try Self.roundTrip(scene)
    // Keys at their defaults are left out: the plain image is its id and contents only.
    #expect(written.contains(#"{ "id": "plainImage", "contents": { "type": "image", "pixelSize": [1, 1] } }"#))
    #expect(written.contains(#"{ "id": "boundsShape", "class": "CAShapeLayer", "frame": [0, 0, 10, 10] }"#))
  }

  /// Before iOS 7 group opacity is off by default: the writer writes the key where it is on.
  @Test func groupOpacityDefaultFollowsTheIOSVersion() throws {
    var root = Layer(id: "root", frame: Rect(0, 0, 10, 10))
    root.allowsGroupOpacity = false
    var child = Layer(id: "child")
    child.allowsGroupOpacity = true
    root.sublayers = [child]
    let old = try Self.roundTrip(Scene(device: "iphone-6", iosVersion: OSVersion(6, 1), root: root))
    #expect(old.contains(#""allowsGroupOpacity": true"#))
    #expect(!old.contains(#""allowsGroupOpacity": false"#))
    let new = try Self.roundTrip(Scene(device: "iphone-6", iosVersion: OSVersion(7), root: root))
    #expect(new.contains(#""allowsGroupOpacity": false"#))
    #expect(!new.contains(#""allowsGroupOpacity": true"#))
  }

  /// Copies made by `repeat`, nested, and a plain sibling with the template's id, fold back.
  @Test func repeatCopiesFoldBack() throws {
    let text = """
      {"version": 1, "device": "iphone-7", "root": {"frame": [0, 0, 375, 667], "sublayers": [
        {"id": "row", "frame": [0.1, 100, 375, 40], "repeat": {"count": 3, "step": [0.2, 50.3]}, "sublayers": [
          {"id": "chip", "frame": [16, 0, 96, 30], "repeat": {"count": 2, "step": [106, 0]}, "backgroundColor": "#F2F3F5"}]},
        {"id": "row", "frame": [0, 0, 1, 1]},
        {"id": "one", "repeat": {"count": 1}},
        {"id": "none", "repeat": {"count": 0}}]}}
      """
    let scene = try Self.decode(text)
    let written = try Self.roundTrip(scene)
    #expect(written.contains(#""repeat": { "count": 3, "step": [0.2, 50.3] }"#))
    #expect(written.contains(#""repeat": { "count": 2, "step": [106, 0] }"#))
    #expect(written.contains(#"{ "id": "one", "repeat": { "count": 1 } }"#))
    // Zero copies make no layer, so nothing is written for them.
    #expect(!written.contains("none"))
  }

  /// Layers whose ids carry an index but that `repeat` cannot make are refused, with the path.
  @Test func copiesRepeatCannotMakeAreRefused() throws {
    var root = Layer(id: "root")
    root.sublayers = [Layer(id: "dot[1]")]
    #expect(throws: SceneEncodingError.self) { try SceneEncoder.encode(Scene(device: "iphone-7", root: root)) }
    var a = Layer(id: "dot[0]", frame: Rect(0, 0, 4, 4))
    var b = Layer(id: "dot[1]", frame: Rect(6, 0, 4, 4))
    b.backgroundColor = .black
    root.sublayers = [a, b]
    do {
      _ = try SceneEncoder.encode(Scene(device: "iphone-7", root: root))
      Issue.record("copies that differ were written")
    } catch {
      #expect(error.path == "root/dot[1]")
    }
    // Unevenly spaced copies: 0, 6, 13.
    a.backgroundColor = .black
    var c = b
    c.id = "dot[2]"
    c.frame.x = 13
    root.sublayers = [a, b, c]
    #expect(throws: SceneEncodingError.self) { try SceneEncoder.encode(Scene(device: "iphone-7", root: root)) }
    root.sublayers = [Layer(id: "a b")]
    #expect(throws: SceneEncodingError.self) { try SceneEncoder.encode(Scene(device: "iphone-7", root: root)) }
  }

  @Test func nonFiniteNumbersAreRefused() throws {
    var root = Layer(id: "root")
    root.cornerRadius = .infinity
    #expect(throws: SceneEncodingError.self) { try SceneEncoder.encode(Scene(device: "iphone-7", root: root)) }
  }

  /// Every timeline entry and option, with targets that need an id, a pattern, a path's tail and
  /// an anchored path.
  @Test func timelinesRoundTrip() throws {
    let text = """
      {"version": 1, "device": "iphone-7", "root": {"sublayers": [
        {"id": "table", "frame": [0, 0, 375, 600], "sublayers": [
          {"id": "cell", "frame": [0, 0, 375, 100], "repeat": {"count": 8, "step": [0, 100]}, "sublayers": [
            {"id": "title", "frame": [0, 0, 100, 20], "contents": {"type": "text", "characters": 5}},
            {"id": "root", "frame": [0, 0, 10, 10], "sublayers": [{"id": "table", "frame": [0, 0, 5, 5], "sublayers": [{"id": "x"}]}]}]}]},
        {"id": "title", "frame": [0, 0, 1, 1]},
        {"id": "strip", "frame": [0, 600, 375, 60], "sublayers": [{"id": "card", "frame": [0, 0, 100, 60], "repeat": {"count": 5, "step": [110, 0]}}]}]},
       "timeline": {"duration": 2.5, "frameRate": 30,
        "animations": [
          {"target": "cell[*]/title", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "beginTime": 0.1, "duration": 0.3,
           "timingFunction": "easeInEaseOut", "repeatCount": 2.5, "autoreverses": true, "removedOnCompletion": true},
          {"target": "title", "keyPath": "position", "toValue": [10, 20]},
          {"target": "cell[3]/title", "keyPath": "backgroundColor", "toValue": "#11223344"},
          {"target": "root/table", "keyPath": "bounds.size", "fromValue": [1, 2], "toValue": [3, 4]},
          {"target": "root/title", "keyPath": "transform.rotation", "toValue": 45}],
        "contentChanges": [
          {"target": "title", "times": [0.5, 1]},
          {"target": "card[*]", "rate": 2, "beginTime": 0.5, "endTime": 2},
          {"target": "strip/*", "times": []}],
        "scrolls": [
          {"target": "/root/table", "velocity": -3000, "deceleration": "fast", "beginTime": 0.25, "startOffset": 10, "contentLength": 800,
           "reuse": {"cell": "cell", "items": 100}},
          {"target": "strip", "axis": "horizontal", "offsets": [[0, 0], [1, 300], [1, 310]]},
          {"target": "strip", "velocity": 100, "deceleration": 0.95}]}}
      """
    let scene = try Self.decode(text)
    let written = try Self.roundTrip(scene)
    // The nested `root/table` path: the table at the top is named anchored at the root.
    #expect(written.contains(#""target": "/root/table""#))
    #expect(written.contains(#""target": "cell[*]/title""#))
    #expect(written.contains(#""target": "cell[3]/title""#))
  }

  /// A content change or animation over layers that no single pattern names is written as
  /// several entries, one per part a pattern names, each with the entry's other keys; read back,
  /// the same layers change at the same times. The first tree mirrors what the Lottie import
  /// builds for a gradient stroke, `gradient/path/mask` beside `gradient/stroke`. The parts, by
  /// hand from the resolver's rules (a pattern's components match the last components of a path,
  /// `*` any one; docs/scene-format.md): no tail of `*/*/*/*`-like patterns names the two
  /// together without naming other layers, so they split by depth, into `mask` and `stroke`,
  /// each the only layer of its id. `a/x`, `a/y`, `b/c/x`, `b/x`: depth 4 is `b/c/x` alone
  /// (`c/x`); depth 3, `a/x a/y b/x`, has no pattern either (`root/*/*` names `gradient/path`
  /// too), so it splits by id: `x`, which `root/*/x` names (not `b/c/x`, one deeper), and `y`.
  @Test func targetsNoPatternNamesAreSplit() throws {
    let text = """
      {"version": 1, "device": "iphone-7", "root": {"sublayers": [
        {"id": "gradient", "frame": [0, 0, 10, 10], "sublayers": [
          {"id": "path", "frame": [0, 0, 10, 10], "mask": {"id": "mask"}, "sublayers": [{"id": "fill"}]},
          {"id": "stroke", "frame": [0, 0, 10, 10]}]},
        {"id": "a", "sublayers": [{"id": "x"}, {"id": "y"}]},
        {"id": "b", "sublayers": [{"id": "c", "sublayers": [{"id": "x"}]}, {"id": "x"}]}]},
       "timeline": {"duration": 1}}
      """
    var scene = try Self.decode(text)
    let change = ContentChange(
      targets: ["root/gradient/path/mask", "root/gradient/stroke"], rate: 60, beginTime: 0.25, endTime: 0.75)
    let animation = LayerAnimation(
      targets: ["root/a/x", "root/a/y", "root/b/c/x", "root/b/x"], keyPath: .opacity, fromValue: .number(0), toValue: .number(1),
      beginTime: 0.5, duration: 0.25)
    scene.timeline?.contentChanges = [change]
    scene.timeline?.animations = [animation]
    let written = try SceneEncoder.rendered(scene)
    for target in ["mask", "stroke", "root/*/x", "y", "c/x"] {
      #expect(written.contains(#""target": "\#(target)""#), "\(target)")
    }
    let again = try Self.decode(written)
    let changes = try #require(again.timeline?.contentChanges)
    #expect(changes.map(\.targets) == [["root/gradient/path/mask"], ["root/gradient/stroke"]])
    for part in changes {
      var expected = change
      expected.targets = part.targets
      #expect(part == expected)
    }
    let animations = try #require(again.timeline?.animations)
    #expect(animations.map(\.targets) == [["root/a/x", "root/b/x"], ["root/a/y"], ["root/b/c/x"]])
    for part in animations {
      var expected = animation
      expected.targets = part.targets
      #expect(part == expected)
    }
    // Written again, the split scene is canonical: each entry has a pattern of its own now.
    #expect(try SceneEncoder.rendered(again) == written)
  }

  /// A list that a pattern names in one entry is still written as one.
  @Test func targetsOnePatternNamesStayOneEntry() throws {
    var scene = try Self.decode(
      #"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a", "sublayers": [{"id": "x"}, {"id": "y"}]}]}, "timeline": {"duration": 1}}"#
    )
    scene.timeline?.contentChanges = [ContentChange(targets: ["root/a/x", "root/a/y"], times: [0.5])]
    let written = try SceneEncoder.rendered(scene)
    #expect(written.contains(#"{ "target": "a/*", "times": [0.5] }"#))
    #expect(try Self.decode(written).timeline?.contentChanges == scene.timeline?.contentChanges)
  }

  @Test func budgetsRoundTrip() throws {
    let text = """
      {"version": 1, "device": "iphone-7", "root": {},
       "budgets": {"maxOffscreenPassesPerFrame": 2, "minRasterHitRate": 0.5, "maxGpuMsP95": 8.5, "maxMainThreadMsP95": 4,
        "maxHitchTimeRatio": 5, "minFps": 55, "maxMemoryBytes": 100000000,
        "devices": {"iphone-x": {"minFps": 50}, "iphone-6": {"maxGpuMsP95": 12, "minFps": 40}}, "checkOn": ["iphone-6", "iphone-x"]}}
      """
    try Self.roundTrip(try Self.decode(text))
    try Self.roundTrip(try Self.decode(#"{"version": 1, "device": "iphone-7", "root": {}, "budgets": {}}"#))
  }

  // MARK: The exact text

  /// A small scene written by hand as the format's documentation says it should be written:
  /// version first, keys at their defaults left out, the root's frame always written, small
  /// objects on one line, `repeat` folded back, `sublayers` last.
  @Test func aSmallSceneIsWrittenAsExpected() throws {
    var root = Layer(id: "root", frame: Rect(0, 0, 375, 667))
    root.backgroundColor = .white
    var chip = Layer(id: "chip[0]", frame: Rect(16, 100, 80, 30))
    chip.backgroundColor = Color(hex: "#F2F3F5")
    chip.cornerRadius = 15
    chip.masksToBounds = true
    var label = Layer(id: "label", frame: Rect(12, 7, 56, 16))
    label.contents = .text(TextContents(characters: 5))
    chip.sublayers = [label]
    var second = chip
    second.id = "chip[1]"
    second.frame.x = 104
    root.sublayers = [chip, second]
    let scene = Scene(
      name: "chips", device: "iphone-7", root: root,
      timeline: Timeline(duration: 1, animations: [LayerAnimation(targets: ["root/chip[1]"], keyPath: .opacity, toValue: .number(0.5))]))
    let expected = """
      {
        "version": 1,
        "name": "chips",
        "device": "iphone-7",
        "root": {
          "frame": [0, 0, 375, 667],
          "backgroundColor": "#FFFFFF",
          "sublayers": [
            {
              "id": "chip",
              "frame": [16, 100, 80, 30],
              "repeat": { "count": 2, "step": [88, 0] },
              "backgroundColor": "#F2F3F5",
              "cornerRadius": 15,
              "masksToBounds": true,
              "sublayers": [
                { "id": "label", "frame": [12, 7, 56, 16], "contents": { "type": "text", "characters": 5 } }
              ]
            }
          ]
        },
        "timeline": {
          "duration": 1,
          "animations": [
            { "target": "chip[1]", "keyPath": "opacity", "toValue": 0.5 }
          ]
        }
      }

      """
    #expect(try SceneEncoder.rendered(scene) == expected)
  }
}

extension Scene {
  /// The scene without the file positions its layers and budgets were read from.
  var withoutSourceLocations: Scene {
    var scene = self
    scene.root = root.withoutSourceLocations
    if var budgets = scene.budgets {
      budgets.limits = budgets.limits.map { Budgets.Limit(kind: $0.kind, value: $0.value) }
      budgets.deviceLimits = budgets.deviceLimits.mapValues { $0.map { Budgets.Limit(kind: $0.kind, value: $0.value) } }
      scene.budgets = budgets
    }
    return scene
  }
}

extension Layer {
  var withoutSourceLocations: Layer {
    var layer = self
    layer.source = nil
    layer.mask = mask?.withoutSourceLocations
    layer.sublayers = sublayers.map(\.withoutSourceLocations)
    return layer
  }
}
