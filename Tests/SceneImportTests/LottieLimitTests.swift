import Compositor
import LayerTree
import SceneImport
import TestSupport
import Testing

/// Precomps used many times over: the import counts the layers it makes and stops at the layer
/// limit, the scene format's by default; a precomp that uses itself is cut. Numbers past the scene
/// format's physical ranges are refused, never written.
@Suite("Lottie limits")
struct LottieLimitTests {
  static func load(_ json: String, maxLayers: Int? = nil) throws -> LottieImport {
    var options = LottieImportOptions(file: "fan-out.json", device: TinyLottie.device.id, screen: TinyLottie.device.screen)
    if let maxLayers { options.maxLayers = maxLayers }
    return try LottieImporter.importScene(Array(json.utf8), options: options)
  }

  /// Width 2, depth 3: 1 + (2 + 4 + 8) + 2 x 8 = 31 layers under the animation (counted by hand
  /// from the file, LottieFanOut), plus root, view and animation: 34, the count a scene reader
  /// holds to its layer limit. A limit of 34 imports it, and the scene written is read back under
  /// it; 33 refuses it.
  @Test func theLimitIsTheLayersMade() throws {
    let file = LottieFanOut.file(width: 2, depth: 3)
    #expect(LottieFanOut.layers(width: 2, depth: 3) == 31)
    let imported = try Self.load(file, maxLayers: 34)
    #expect(imported.scene.layerCount == 34)
    let written = try SceneEncoder.rendered(imported.scene)
    let readBack = SceneDecoder.Options(devices: DeviceCatalogue.screens, limits: InputLimits(maxLayers: 34))
    #expect(throws: Never.self) { try SceneDecoder.decode(Array(written.utf8), options: readBack) }
    let refused = caughtError(SceneErrors.self) { try Self.load(file, maxLayers: 33) }
    let problem = try #require(refused?.diagnostics.first)
    #expect(refused?.diagnostics.count == 1)
    #expect(
      problem.message
        == "the animation expands to more than 33 layers, the layer limit, counted up to this layer; precomps used many times over multiply their layers"
    )
    #expect(
      problem.notes == ["the limit bounds what an untrusted file can cost; raise it to import an animation this large (--max-layers)"])
    // Back to front, depth first: the 33rd layer counted (the 30th under the animation) is the
    // last leaf's container, and the 34th (its `CAShapeLayer`) passes the limit while the leaf,
    // `assets[3].layers[0]`, is built.
    #expect(problem.path == #"assets[3].layers[0] "leaf""#)
    #expect(problem.location != nil)
  }

  /// The fan-out of the QA report: width 8, depth 6, 823,881 layers by the formula, past the
  /// scene format's 200,000 (InputLimits.standard, docs/scene-format.md). Refused by the default
  /// limit with the limit in the message, after at most 200,001 layers are made.
  @Test func aFanOutPastTheDefaultLimitIsRefused() throws {
    #expect(LottieFanOut.layers(width: 8, depth: 6) == 823_881)
    let refused = caughtError(SceneErrors.self) { try Self.load(LottieFanOut.file(width: 8, depth: 6)) }
    #expect(refused?.diagnostics.count == 1)
    #expect(refused?.diagnostics.first?.message.hasPrefix("the animation expands to more than 200,000 layers, the layer limit") == true)
  }

  /// A precomp that uses itself, directly or through another, is cut where it would repeat, with
  /// a warning naming the layer: `a0` holds 8 uses of `a1`, which holds 8 uses of `a0`, left
  /// empty. By hand: `top` (1) + 8 `a1` layers + 64 inner `a0` layers = 73, plus root, view and
  /// animation: 76.
  @Test func aPrecompCycleIsCut() throws {
    func asset(_ id: String, uses other: String) -> String {
      let layers = (1...8).map {
        #"{"ty": 0, "ind": \#($0), "nm": "p\#($0)", "refId": "\#(other)", "w": 100, "h": 100, "ip": 0, "op": 30, "st": 0, "ks": {}}"#
      }
      return #"{"id": "\#(id)", "layers": [\#(layers.joined(separator: ", "))]}"#
    }
    let top = #"{"ty": 0, "ind": 1, "nm": "top", "refId": "a0", "w": 100, "h": 100, "ip": 0, "op": 30, "st": 0, "ks": {}}"#
    let imported = try Self.load(TinyLottie.file(layers: top, assets: "[\(asset("a0", uses: "a1")), \(asset("a1", uses: "a0"))]"))
    #expect(imported.scene.layerCount == 76)
    #expect(imported.warnings.contains { $0.message == #"precomp "a0" contains itself; the inner copy is left out"# })
    // Using itself directly: `top` and 8 empty uses.
    let direct = try Self.load(TinyLottie.file(layers: top, assets: "[\(asset("a0", uses: "a0"))]"))
    #expect(direct.scene.layerCount == 3 + 1 + 8)
  }

  /// A layer placed 10^9 pt away, or moved there by its keyframes, would make a scene file the
  /// readers refuse (lengths and positions are held to 10,000,000 pt): the import stops with the
  /// scene layer and the number named, and the reason. The shape layer `far` at position
  /// (1e9, 0) with anchor (0, 0) has the frame x 1e9 - 0; `moving` goes from (0, 0) to (2e7, 0),
  /// the value of its position animation.
  @Test func numbersPastTheSceneFormatsRangesAreRefused() throws {
    func layer(_ name: String, position: String) -> String {
      #"{"ty": 3, "nm": "\#(name)", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {"p": \#(position), "a": {"a": 0, "k": [0, 0]}}}"#
    }
    let far = caughtError(SceneErrors.self) {
      try Self.load(TinyLottie.file(layers: layer("far", position: #"{"a": 0, "k": [1e9, 0]}"#)))
    }
    let problem = try #require(far?.diagnostics.first)
    #expect(far?.diagnostics.count == 1)
    #expect(
      problem.message
        == "the animation makes a scene the scene format cannot hold: root/view/animation/far: `frame[0]` is 1000000000; the scene format holds a number from -10000000 to 10000000 there"
    )
    #expect(problem.notes == [NumberRange.pointsReason])

    let keyframes = #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "i": {"x": 1, "y": 1}, "o": {"x": 0, "y": 0}}, {"t": 30, "s": [2e7, 0]}]}"#
    let moving = caughtError(SceneErrors.self) { try Self.load(TinyLottie.file(layers: layer("moving", position: keyframes))) }
    let message = try #require(moving?.diagnostics.first?.message)
    #expect(message.hasPrefix("the animation makes a scene the scene format cannot hold: timeline.animations["), "\(message)")
    #expect(message.contains("` is 20000000; the scene format holds a number from -10000000 to 10000000 there"), "\(message)")

    // Within the range the same layer imports, and its scene is written and read back.
    let near = try Self.load(TinyLottie.file(layers: layer("near", position: #"{"a": 0, "k": [1e7, 0]}"#)))
    #expect(near.scene.firstValueOutOfRange() == nil)
    let written = try SceneEncoder.rendered(near.scene)
    #expect(throws: Never.self) { try SceneDecoder.decode(Array(written.utf8), options: .init(devices: DeviceCatalogue.screens)) }
  }

  /// An animation whose frames ask for more than the scene readers' work budget, (layers + the
  /// layers timeline entries name) x frames at 120 Hz (InputLimits, docs/scene-format.md), is
  /// imported over the first frames the budget holds, with a warning, so that the scene written
  /// is read back. By hand: a null layer whose position moves over frames 0-30 of a 30 fps
  /// composition makes root, view, animation and the null's layer (4) and one animation naming
  /// one layer: 5 layer-frames a frame, 1 s at 120 Hz = 120 frames, 600 in all. A budget of 300
  /// holds 60 frames, 0.5 s, composition frames 0-15; a budget of 4 holds no frame.
  @Test func framesPastTheWorkBudgetAreShortened() throws {
    let moving = #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "i": {"x": 1, "y": 1}, "o": {"x": 0, "y": 0}}, {"t": 30, "s": [50, 0]}]}"#
    let file = TinyLottie.file(
      layers: #"{"ty": 3, "nm": "null", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {"p": \#(moving), "a": {"a": 0, "k": [0, 0]}}}"#)
    func load(budget: Int) throws -> LottieImport {
      var options = LottieImportOptions(file: "moving.json", device: TinyLottie.device.id, screen: TinyLottie.device.screen)
      options.maxLayerFrames = budget
      return try LottieImporter.importScene(Array(file.utf8), options: options)
    }
    let whole = try load(budget: 600)
    #expect(whole.frames == (0, 30) && whole.scene.timeline?.duration == 1)
    #expect(whole.warnings.isEmpty)

    let shortened = try load(budget: 300)
    #expect(shortened.frames == (0, 15) && shortened.scene.timeline?.duration == 0.5)
    #expect(shortened.scene.layerCount == 4 && shortened.scene.timeline?.animations.count == 1)
    let warning = try #require(shortened.warnings.last)
    #expect(
      warning.message
        == "the scene asks for 600 layer-frames (4 layers + 1 animated layer x 120 frames at up to 120 Hz); the work budget is 300; frames 0-15 of 0-30 are imported (0.5 s), as many as the budget holds: import later frames with --frames, or raise the budget with --work-budget (the scene readers take the same option)"
    )
    #expect(shortened.scene.source?.notes.last == "op: \(warning.message)")
    #expect(shortened.scene.source?.frames == 0...15)
    // Read back under that budget; the whole animation is not.
    let options = SceneDecoder.Options(devices: DeviceCatalogue.screens, limits: InputLimits(maxLayerFrames: 300))
    #expect(throws: Never.self) { try SceneDecoder.decode(Array(try SceneEncoder.rendered(shortened.scene).utf8), options: options) }
    #expect(throws: SceneErrors.self) { try SceneDecoder.decode(Array(try SceneEncoder.rendered(whole.scene).utf8), options: options) }

    let refused = caughtError(SceneErrors.self) { try load(budget: 4) }
    #expect(refused?.diagnostics.count == 1)
    #expect(
      refused?.diagnostics.first?.message
        == "the animation makes a scene past the scene readers' limits: the scene asks for 600 layer-frames (4 layers + 1 animated layer x 120 frames at up to 120 Hz); the work budget is 4"
    )
    #expect(
      refused?.diagnostics.first?.notes == [
        "the budget bounds what an untrusted file can cost; raise it to import an animation this large (--work-budget)"
      ])
  }
}
