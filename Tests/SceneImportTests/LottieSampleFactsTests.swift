import Compositor
import LayerTree
import SceneImport
import Testing

/// Facts about a handful of the lottie-ios samples, derived by reading their JSON by hand and
/// following lottie-ios' Core Animation engine (docs/lottie.md): how many layers it builds, which
/// masks (`masksProperties`) and mattes (`tt`) become `CALayer.mask`s, which drop shadows have
/// no `shadowPath`. Each test says how its numbers were reached.
@Suite("Lottie sample facts")
struct LottieSampleFactsTests {
  static func firstFrame(_ file: String) throws -> (imported: LottieImport, passes: [String: Int]) {
    let imported = try LottieSamples.load(file)
    let report = Simulator.run(imported.scene, on: LottieSamples.device)
    return (imported, report.frames.first?.byReason ?? [:])
  }

  /// Issues_issue_1169_shadow_effect.json: one shape layer "Shape Layer 1" with one group
  /// ("Rectangle 1": `rc`, `fl`, `tr`) and a Drop Shadow effect (`ef` type 25, Opacity 255,
  /// Softness 10, Distance 5, Direction 180).
  /// Layers: root, view, animation, the layer, its group, the rectangle's `ShapeItemLayer`, its
  /// `CAShapeLayer`: 7. The shadow has no path: one shadow-without-path pass, radius 10 / 5 = 2.
  @Test func dropShadowEffect() throws {
    let (imported, passes) = try Self.firstFrame("Issues_issue_1169_shadow_effect.json")
    #expect(imported.scene.layerCount == 7)
    #expect(passes == ["shadow-without-path": 1])
    let layer = try #require(TinyLottie.layer(imported.scene, "root/view/animation/Shape_Layer_1"))
    #expect(layer.shadowOpacity == 1 && layer.shadowRadius == 2)
  }

  /// Issues_issue_1169_shadow_style_animated.json: the same rectangle with a drop shadow layer
  /// style instead (`sy` type 1, opacity keyframed from 100 at frame 0, size 12): a shadow of
  /// opacity 1 and radius 12 / 2 = 6, without a path: one pass.
  @Test func dropShadowStyle() throws {
    let (imported, passes) = try Self.firstFrame("Issues_issue_1169_shadow_style_animated.json")
    #expect(imported.scene.layerCount == 7)
    #expect(passes == ["shadow-without-path": 1])
    let layer = try #require(TinyLottie.layer(imported.scene, "root/view/animation/Shape_Layer_1"))
    #expect(layer.shadowOpacity == 1 && layer.shadowRadius == 6)
  }

  /// Issues_issue_2150.json: a precomp layer "Pre-comp_Arrow" with one mask (mode "a"); its asset
  /// holds two solids, each with one mask (mode "f", built as intersect: the first mask of a layer
  /// goes in its `MaskCompositionLayer` whatever its mode), each parented to a null "Null 1".
  /// Masks: the precomp's and each solid's: 3, two passes each (the mask's target and the
  /// content's, WWDC14 session 419): 6.
  /// Layers: root, view, animation; the precomp and its mask (mask, masks, Mask 1): 4; per solid:
  /// its parent's transform layer, the solid's container, its mask (3), its `CAShapeLayer`: 6,
  /// twice; the two nulls: 2. 3 + 4 + 12 + 2 = 21.
  @Test func precompAndSolidMasks() throws {
    let (imported, passes) = try Self.firstFrame("Issues_issue_2150.json")
    #expect(imported.scene.layerCount == 21)
    #expect(passes["mask"] == 6)
    let base = "root/view/animation/Pre-comp_Arrow"
    #expect(TinyLottie.layer(imported.scene, base + "/Dark_Gray_Solid_4_(parent,_Null_1)/Dark_Gray_Solid_4/mask") != nil)
    #expect(TinyLottie.layer(imported.scene, base + "/Dark_Gray_Solid_5_(parent,_Null_1)/Dark_Gray_Solid_5/mask") != nil)
  }

  /// Issues_issue_1603.json: a precomp holding one shape layer whose only mask has mode "n":
  /// lottie-ios drops mode-none masks, so there is no mask at all. Layers: root, view, animation,
  /// the precomp, the shape layer, its group "Rectangle 1", the rectangle's `ShapeItemLayer`, its
  /// `CAShapeLayer`: 8.
  @Test func modeNoneMaskIsNoMask() throws {
    let (imported, passes) = try Self.firstFrame("Issues_issue_1603.json")
    #expect(imported.scene.layerCount == 8)
    #expect(passes["mask"] == nil)
  }

  /// Issues_issue_1683.json: at the top, "Pre-comp 1" (`td` 1) is the inverted matte (`tt` 2) of
  /// "logo copy 3 Outlines 2", listed below it: one `(parent, masked)` container whose mask holds
  /// a black layer with the precomp `xor`-ed over it. Inside the precomp, "Shape Layer 1"
  /// (`td` 1) is the alpha matte (`tt` 1) of the layer below it: a second masked container,
  /// inside the first mask. On the device both masks render offscreen; the simulator counts
  /// passes of layers that draw to the screen, so it reports the outer one (two passes per frame:
  /// the mask's target and the content's).
  @Test func invertedMatteOverAMattedPrecomp() throws {
    let (imported, passes) = try Self.firstFrame("Issues_issue_1683.json")
    let container = "root/view/animation/logo_copy_3_Outlines_2_(parent,_masked)"
    let base = try #require(TinyLottie.layer(imported.scene, container + "/mask/inverted"))
    #expect(base.sublayers.map(\.id) == ["padding", "Pre-comp_1"])
    let inner = try #require(TinyLottie.layer(imported.scene, container + "/mask/inverted/Pre-comp_1"))
    #expect(inner.sublayers.map(\.id) == ["logo_copy_3_Outlines_2_(parent,_masked)"])
    #expect(inner.sublayers.first?.mask?.sublayers.map(\.id) == ["Shape_Layer_1"])
    #expect(passes["mask"] == 2)
  }

  /// The import marks its scenes (`source.tool`), so a report on them words each fix in the
  /// animation's terms, the rule's own Lottie wording: the drop shadow of
  /// Issues_issue_1169_shadow_effect.json (above), and in Issues_issue_2150.json the precomp
  /// "Pre-comp_Arrow" with one mask (`masksProperties`), docs/lottie.md's worked example.
  @Test func fixesSpeakOfTheAnimation() throws {
    let shadow = try LottieSamples.load("Issues_issue_1169_shadow_effect.json")
    #expect(shadow.scene.source?.tool == SceneSource.lottieImportTool)
    let shadowFindings = Simulator.run(shadow.scene, on: LottieSamples.device).findings
    #expect(shadowFindings.filter { $0.rule == ShadowWithoutPathRule.ruleID }.map(\.fix) == [ShadowWithoutPathRule.lottieFix])
    let arrow = try LottieSamples.load("Issues_issue_2150.json")
    let masks = Simulator.run(arrow.scene, on: LottieSamples.device).findings.filter { $0.rule == MaskRule.ruleID }
    let precomp = try #require(masks.first { $0.layer == "root/view/animation/Pre-comp_Arrow" })
    #expect(precomp.fix == MaskRule.LottieCause.layerMasks.fix)
  }
}
