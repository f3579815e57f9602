import Compositor
import Foundation
import LayerTree
import SceneImport
import TestSupport
import Testing

/// Small Lottie files written for one feature each, and the layers lottie-ios' Core Animation
/// engine makes of them, as its sources (commit 0a409948, docs/lottie.md) build them.
enum TinyLottie {
  /// A 100 x 100 composition at 30 fps, frames 0-30, with these layers (and assets).
  static func file(layers: String, assets: String = "[]", op: Int = 30) -> String {
    #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": \#(op), "w": 100, "h": 100, "nm": "tiny", "assets": \#(assets), "layers": [\#(layers)]}"#
  }

  /// A shape layer named `name` with a 40 x 40 filled rectangle at (50, 50), extra keys spliced in.
  static func shapeLayer(_ name: String, index: Int, extra: String = "", opacity: String = #"{"a": 0, "k": 100}"#) -> String {
    #"""
    {"ty": 4, "nm": "\#(name)", "ind": \#(index), "ip": 0, "op": 30, "st": 0, "ks": {"o": \#(opacity), "p": {"a": 0, "k": [0, 0]}}\#(extra),
     "shapes": [{"ty": "gr", "nm": "Group 1", "it": [
       {"ty": "rc", "nm": "Rect", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}},
       {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
       {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}
    """#
  }

  static let device = DeviceCatalogue.device(id: "iphone-15-pro")!

  static func load(_ json: String, frames: (first: Double, end: Double)? = nil) throws -> LottieImport {
    try LottieImporter.importScene(
      Array(json.utf8), options: LottieImportOptions(file: "tiny.json", device: device.id, screen: device.screen, frames: frames))
  }

  /// Every layer path of the scene, masks included, in drawing order.
  static func paths(_ scene: Scene) -> [String] {
    var result: [String] = []
    func visit(_ layer: Layer, _ path: String) {
      result.append(path)
      if let mask = layer.mask { visit(mask, LayerPath.child(path, mask.id)) }
      for sublayer in layer.sublayers { visit(sublayer, LayerPath.child(path, sublayer.id)) }
    }
    visit(scene.root, scene.root.id)
    return result
  }

  static func layer(_ scene: Scene, _ path: String) -> Layer? {
    var components = path.split(separator: "/").map(String.init)
    guard components.first == scene.root.id else { return nil }
    components.removeFirst()
    var layer = scene.root
    for id in components {
      if let mask = layer.mask, mask.id == id {
        layer = mask
      } else if let next = layer.sublayers.first(where: { $0.id == id }) {
        layer = next
      } else {
        return nil
      }
    }
    return layer
  }

  /// Offscreen passes by rule in the first frame.
  static func passes(_ scene: Scene) -> [String: Int] {
    Simulator.run(scene, on: device).frames.first?.byReason ?? [:]
  }
}

@Suite("Lottie mapping")
struct LottieMappingTests {
  /// `ShapeLayer` > `GroupLayer` > `ShapeItemLayer` > `CAShapeLayer`, inside the animation view and
  /// the animation layer: 7 layers for one filled rectangle.
  @Test func oneShapeLayerIsFourLayers() throws {
    let imported = try TinyLottie.load(TinyLottie.file(layers: TinyLottie.shapeLayer("Box", index: 1)))
    #expect(
      TinyLottie.paths(imported.scene) == [
        "root", "root/view", "root/view/animation", "root/view/animation/Box", "root/view/animation/Box/Group_1",
        "root/view/animation/Box/Group_1/Rect", "root/view/animation/Box/Group_1/Rect/shape",
      ])
    let shape = try #require(TinyLottie.layer(imported.scene, "root/view/animation/Box/Group_1/Rect/shape"))
    guard case .shape(let shapeLayer) = shape.kind else {
      Issue.record("the rectangle is a CAShapeLayer")
      return
    }
    // The rectangle is 40 x 40 centred on (50, 50): its bounding box is [30, 30, 40, 40].
    #expect(shape.frame == Rect(30, 30, 40, 40))
    #expect(shapeLayer.fillColor == Color(red: 1, green: 0, blue: 0))
    #expect(imported.warnings.isEmpty)
  }

  /// A layer's transform applies about the Lottie anchor: bounds of the composition, anchor point
  /// (50, 25) over 100 x 100 = (0.5, 0.25), the anchor placed at the position (20, 30), so the
  /// untransformed frame starts at (20 - 50, 30 - 25).
  @Test func transformAboutTheAnchor() throws {
    let layer = TinyLottie.shapeLayer("Box", index: 1).replacingOccurrences(
      of: #""p": {"a": 0, "k": [0, 0]}}"#,
      with: #""p": {"a": 0, "k": [20, 30]}, "a": {"a": 0, "k": [50, 25]}, "s": {"a": 0, "k": [50, 200]}, "r": {"a": 0, "k": 90}}"#)
    let imported = try TinyLottie.load(TinyLottie.file(layers: layer))
    let box = try #require(TinyLottie.layer(imported.scene, "root/view/animation/Box"))
    #expect(box.frame == Rect(-30, 5, 100, 100))
    #expect(box.anchorPoint == Point(0.5, 0.25))
    #expect(box.transform == Transform(rotationDegrees: 90, scaleX: 0.5, scaleY: 2))
  }

  /// Layers are listed front to back in Lottie and back to front in `sublayers`.
  @Test func layerOrderIsReversed() throws {
    let imported = try TinyLottie.load(
      TinyLottie.file(layers: TinyLottie.shapeLayer("Front", index: 1) + "," + TinyLottie.shapeLayer("Back", index: 2)))
    let animation = try #require(TinyLottie.layer(imported.scene, "root/view/animation"))
    #expect(animation.sublayers.map(\.id) == ["Back", "Front"])
  }

  /// Two add masks share one `MaskCompositionLayer`: one pass. A subtract mask after them wraps
  /// them in a container masked by it (`MaskCompositionLayer.init`).
  @Test func masksNestForModesOtherThanAdd() throws {
    let mask =
      #"{"mode": "%@", "inv": false, "nm": "%@", "pt": {"a": 0, "k": {"v": [[10, 10], [90, 10], [90, 90]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]], "c": true}}, "o": {"a": 0, "k": 100}}"#
    func masks(_ list: [(String, String)]) -> String {
      ", \"hasMask\": true, \"masksProperties\": [" + list.map { String(format: mask, $0.0, $0.1) }.joined(separator: ",") + "]"
    }
    let addOnly = try TinyLottie.load(
      TinyLottie.file(layers: TinyLottie.shapeLayer("Box", index: 1, extra: masks([("a", "A"), ("a", "B")]))))
    let addPaths = TinyLottie.paths(addOnly.scene).filter { $0.contains("/mask") }
    #expect(
      addPaths == [
        "root/view/animation/Box/mask", "root/view/animation/Box/mask/masks", "root/view/animation/Box/mask/masks/A",
        "root/view/animation/Box/mask/masks/B",
      ])
    // One mask: two passes (the mask's target and the content's, WWDC14 session 419).
    #expect(TinyLottie.passes(addOnly.scene)["mask"] == 2)

    let withSubtract = try TinyLottie.load(
      TinyLottie.file(layers: TinyLottie.shapeLayer("Box", index: 1, extra: masks([("a", "A"), ("a", "B"), ("s", "C")]))))
    let subtractPaths = TinyLottie.paths(withSubtract.scene).filter { $0.contains("/mask") }
    #expect(
      subtractPaths == [
        "root/view/animation/Box/mask", "root/view/animation/Box/mask/masks", "root/view/animation/Box/mask/masks/masks",
        "root/view/animation/Box/mask/masks/masks/C", "root/view/animation/Box/mask/masks/masks/A",
        "root/view/animation/Box/mask/masks/masks/B",
      ])
    // Mode "n" masks are left out; with only those there is no mask at all.
    let none = try TinyLottie.load(TinyLottie.file(layers: TinyLottie.shapeLayer("Box", index: 1, extra: masks([("n", "A")]))))
    #expect(TinyLottie.layer(none.scene, "root/view/animation/Box")?.mask == nil)
  }

  /// A track matte: the matted layer in a `(parent, masked)` container whose mask holds the matte
  /// layer; the matte layer (listed above, `td` 1) is not drawn on its own.
  @Test func alphaMatte() throws {
    let json = TinyLottie.file(
      layers: TinyLottie.shapeLayer("Matte", index: 1, extra: #", "td": 1"#) + ","
        + TinyLottie.shapeLayer("Content", index: 2, extra: #", "tt": 1"#))
    let imported = try TinyLottie.load(json)
    let animation = try #require(TinyLottie.layer(imported.scene, "root/view/animation"))
    #expect(animation.sublayers.map(\.id) == ["Content_(parent,_masked)"])
    let container = try #require(animation.sublayers.first)
    #expect(container.sublayers.map(\.id) == ["Content"])
    #expect(container.mask?.sublayers.map(\.id) == ["Matte"])
    // One mask, two passes (its target and the content's).
    #expect(TinyLottie.passes(imported.scene)["mask"] == 2)
  }

  /// An inverted matte: the matte layer drawn with `xor` over an infinite black layer.
  @Test func invertedMatte() throws {
    let json = TinyLottie.file(
      layers: TinyLottie.shapeLayer("Matte", index: 1, extra: #", "td": 1"#) + ","
        + TinyLottie.shapeLayer("Content", index: 2, extra: #", "tt": 2"#))
    let imported = try TinyLottie.load(json)
    let base = try #require(TinyLottie.layer(imported.scene, "root/view/animation/Content_(parent,_masked)/mask/inverted"))
    #expect(base.backgroundColor == .black)
    #expect(base.sublayers.map(\.id) == ["padding", "Matte"])
  }

  /// `tp` names the matte layer by `ind`, wherever it is listed.
  @Test func matteParentNamesTheMatte() throws {
    let json = TinyLottie.file(
      layers: TinyLottie.shapeLayer("Other", index: 1) + "," + TinyLottie.shapeLayer("Content", index: 2, extra: #", "tt": 1, "tp": 3"#)
        + "," + TinyLottie.shapeLayer("Matte", index: 3, extra: #", "td": 1"#))
    let imported = try TinyLottie.load(json)
    let container = try #require(TinyLottie.layer(imported.scene, "root/view/animation/Content_(parent,_masked)"))
    #expect(container.mask?.sublayers.map(\.id) == ["Matte"])
    #expect(TinyLottie.layer(imported.scene, "root/view/animation/Other") != nil, "the layer above is not the matte")
  }

  /// A luma matte is not supported by lottie-ios: the layer is drawn unmasked, its matte not at
  /// all, and a warning names the layer.
  @Test func lumaMatteIsAWarning() throws {
    let json = TinyLottie.file(
      layers: TinyLottie.shapeLayer("Matte", index: 1, extra: #", "td": 1"#) + ","
        + TinyLottie.shapeLayer("Content", index: 2, extra: #", "tt": 3"#))
    let imported = try TinyLottie.load(json)
    let animation = try #require(TinyLottie.layer(imported.scene, "root/view/animation"))
    #expect(animation.sublayers.map(\.id) == ["Content"])
    #expect(imported.warnings.map(\.path) == [#"layers[1] "Content""#])
    #expect(imported.warnings.first?.message.contains("luma matte") == true)
  }

  /// A parented layer sits in a transform-only copy of its parent, named as lottie-ios names it.
  @Test func parentingWrapsInTransformLayers() throws {
    let null = #"{"ty": 3, "nm": "Null", "ind": 5, "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [10, 0]}}}"#
    let json = TinyLottie.file(layers: TinyLottie.shapeLayer("Child", index: 1, extra: #", "parent": 5"#) + "," + null)
    let imported = try TinyLottie.load(json)
    let animation = try #require(TinyLottie.layer(imported.scene, "root/view/animation"))
    #expect(animation.sublayers.map(\.id) == ["Null", "Child_(parent,_Null)"])
    let wrapper = try #require(animation.sublayers.last)
    #expect(wrapper.sublayers.map(\.id) == ["Child"])
    #expect(wrapper.sublayers.first?.sublayers.map(\.id) == ["Group_1"])
  }

  /// A drop shadow effect is a shadow on the layer without a `shadowPath`: opacity 255 / 255,
  /// radius softness / 5, as `DropShadowAnimation.swift` converts them.
  @Test func dropShadow() throws {
    let effect = #"""
      , "ef": [{"ty": 25, "nm": "Drop Shadow", "ef": [
        {"ty": 2, "nm": "Shadow Color", "v": {"a": 0, "k": [0, 0, 0, 1]}},
        {"ty": 0, "nm": "Opacity", "v": {"a": 0, "k": 127.5}},
        {"ty": 0, "nm": "Direction", "v": {"a": 0, "k": 180}},
        {"ty": 0, "nm": "Distance", "v": {"a": 0, "k": 10}},
        {"ty": 0, "nm": "Softness", "v": {"a": 0, "k": 20}}]}]
      """#
    let imported = try TinyLottie.load(TinyLottie.file(layers: TinyLottie.shapeLayer("Box", index: 1, extra: effect)))
    let layer = try #require(TinyLottie.layer(imported.scene, "root/view/animation/Box"))
    #expect(layer.shadowOpacity == 0.5)
    #expect(layer.shadowRadius == 4)
    #expect(layer.shadowPath == nil)
    // Direction 180 - 90 = 90 degrees: the offset points down, 10 points.
    #expect(abs(layer.shadowOffset.width) < 1e-9 && abs(layer.shadowOffset.height - 10) < 1e-9)
    #expect(TinyLottie.passes(imported.scene)["shadow-without-path"] == 1)
  }

  /// A blend mode (`bm` 1, multiply) is the container's `compositingFilter` (lottie-ios
  /// `BlendMode.filterName`, set in `BaseCompositionLayer`). Over one filled rectangle the
  /// container's subtree draws one layer: blended as drawn, no pass. With a second group it draws
  /// two, flattened first: one `blend-mode` pass (the rule's inference, docs/lottie.md).
  @Test func blendModeIsTheCompositingFilter() throws {
    let one = try TinyLottie.load(TinyLottie.file(layers: TinyLottie.shapeLayer("Box", index: 1, extra: #", "bm": 1"#)))
    let box = try #require(TinyLottie.layer(one.scene, "root/view/animation/Box"))
    #expect(box.compositingFilter == .multiplyBlendMode)
    #expect((TinyLottie.passes(one.scene)["blend-mode"] ?? 0) == 0)

    let second = #"""
      {"ty": "gr", "nm": "Group 2", "it": [
        {"ty": "el", "nm": "Dot", "p": {"a": 0, "k": [20, 20]}, "s": {"a": 0, "k": [10, 10]}},
        {"ty": "fl", "nm": "Fill 2", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}},
        {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]},
      """#
    let two = try TinyLottie.load(
      TinyLottie.file(
        layers: TinyLottie.shapeLayer("Box", index: 1, extra: #", "bm": 1"#).replacingOccurrences(
          of: #""shapes": ["#, with: #""shapes": ["# + second)))
    #expect(TinyLottie.passes(two.scene)["blend-mode"] == 1)
    // A blend mode the scene format does not name (`bm` 16, add) is left out.
    let unknown = try TinyLottie.load(TinyLottie.file(layers: TinyLottie.shapeLayer("Box", index: 1, extra: #", "bm": 16"#)))
    #expect(try #require(TinyLottie.layer(unknown.scene, "root/view/animation/Box")).compositingFilter == nil)
  }

  /// The scene says where it came from: the tool, the file as given, the frames imported (the
  /// file's `ip` 0 to `op` 30, or the range asked for) and the notes.
  @Test func sceneSource() throws {
    let whole = try TinyLottie.load(TinyLottie.file(layers: TinyLottie.shapeLayer("Box", index: 1)))
    let source = try #require(whole.scene.source)
    #expect(source.tool == "offscreen-sim import lottie")
    #expect(source.file == "tiny.json")
    #expect(source.frames == 0...30)
    #expect(source.notes.isEmpty)
    let part = try TinyLottie.load(TinyLottie.file(layers: TinyLottie.shapeLayer("Box", index: 1)), frames: (10, 20))
    #expect(part.scene.source?.frames == 10...20)
    // A note, written back by the scene writer and read again.
    let noted = try TinyLottie.load(TinyLottie.file(layers: TinyLottie.shapeLayer("Box", index: 1, extra: #", "ao": 1"#)))
    #expect(noted.scene.source?.notes == noted.notes())
    #expect(!noted.notes().isEmpty)
    let decoded = try SceneDecoder.decode(
      Array(try SceneEncoder.rendered(noted.scene).utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(decoded.source == noted.scene.source)
  }

  /// A gradient fill with a transparent stop: a gradient under a shape mask, with a second
  /// gradient as its mask; two passes.
  @Test func gradientWithAlphaStops() throws {
    let gradient = #"""
      {"ty": 4, "nm": "G", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {},
       "shapes": [{"ty": "gr", "nm": "Group 1", "it": [
         {"ty": "el", "nm": "Ellipse", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [60, 60]}},
         {"ty": "gf", "nm": "Gradient", "t": 1, "o": {"a": 0, "k": 100}, "s": {"a": 0, "k": [20, 50]}, "e": {"a": 0, "k": [80, 50]},
          "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]}}},
         {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}
      """#
    let imported = try TinyLottie.load(TinyLottie.file(layers: gradient))
    let base = "root/view/animation/G/Group_1/Ellipse/gradient"
    #expect(TinyLottie.layer(imported.scene, base + "/path/mask") != nil)
    #expect(TinyLottie.layer(imported.scene, base + "/path/colors/alpha") != nil)
    // Two masks, two passes each (the mask's target and the content's).
    #expect(TinyLottie.passes(imported.scene)["mask"] == 4)
  }

  /// Layer opacity below 100 on a layer whose shapes are two drawing layers: group opacity.
  @Test func layerOpacityIsGroupOpacity() throws {
    let twoRects = #"""
      {"ty": 4, "nm": "Two", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {"o": {"a": 0, "k": 50}},
       "shapes": [
         {"ty": "gr", "nm": "A", "it": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [30, 30]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}}]},
         {"ty": "gr", "nm": "B", "it": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [60, 60]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
      """#
    let imported = try TinyLottie.load(TinyLottie.file(layers: twoRects))
    #expect(TinyLottie.layer(imported.scene, "root/view/animation/Two")?.opacity == 0.5)
    #expect(TinyLottie.passes(imported.scene)["group-opacity"] == 1)
  }

  /// Opacity keyframes become chained segments; in and out points hide the layer outside them.
  @Test func keyframesAndVisibility() throws {
    let opacity = #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 15, "s": [100]}]}"#
    let layer = TinyLottie.shapeLayer("Fade", index: 1, opacity: opacity).replacingOccurrences(
      of: #""ip": 0, "op": 30"#, with: #""ip": 0, "op": 24"#)
    let imported = try TinyLottie.load(TinyLottie.file(layers: layer))
    let animations = try #require(imported.scene.timeline?.animations)
    let fade = animations.filter { $0.targets == ["root/view/animation/Fade"] }
    // 0 to 100 over frames 0-15 at 30 fps: 0.5 s, eased in and out; then hidden from frame 24 (0.8 s).
    #expect(fade.count == 2)
    #expect(fade[0].keyPath == .opacity && fade[0].fromValue == .number(0) && fade[0].toValue == .number(1))
    #expect(fade[0].beginTime == 0 && abs(fade[0].duration - 0.5) < 1e-9 && fade[0].timingFunction == .easeInEaseOut)
    #expect(fade[1].toValue == .number(0) && abs(fade[1].beginTime - 0.8) < 1e-9 && fade[1].removedOnCompletion)
  }

  /// A file that is not JSON stops with its line and column; one that is JSON but not Lottie
  /// names what is missing.
  @Test func badInputIsAnError() {
    let syntax = caughtError(SceneErrors.self) { try TinyLottie.load("{\"w\": 100,\n  \"h\": }") }
    // The value after `"h": ` is missing: line 2, column 8, where `}` is.
    #expect(syntax?.diagnostics.first?.location == SourceLocation(line: 2, column: 8))
    let notLottie = caughtError(SceneErrors.self) {
      try TinyLottie.load(#"{"v": "5", "w": 100, "h": 100, "fr": 30, "ip": 0, "op": 30}"#)
    }
    #expect(notLottie?.diagnostics.contains { $0.message.contains("missing `layers`") } == true)
  }

  /// A layer of the wrong shape is a warning, and the rest of the file is imported.
  @Test func aBrokenLayerIsLeftOut() throws {
    let imported = try TinyLottie.load(TinyLottie.file(layers: #""not a layer", "# + TinyLottie.shapeLayer("Box", index: 1)))
    #expect(TinyLottie.layer(imported.scene, "root/view/animation/Box") != nil)
    #expect(imported.warnings.map(\.path) == ["layers[0]"])
  }
}
