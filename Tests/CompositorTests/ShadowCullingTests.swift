import Compositor
import LayerTree
import Testing

/// A layer is culled only when nothing it draws can show: its shadow counts. Core Animation draws
/// a shadow offset by `shadowOffset` and blurred by `shadowRadius` outside the layer's bounds (the
/// `CALayer` reference: shadowOffset, shadowRadius), so a card just off the screen whose shadow
/// falls on it is still rendered, and with no `shadowPath` it takes its shadow pass. Extents and
/// target sizes below are worked out by hand on an iPhone 7 (375 x 667 pt, @2x).
@Suite("Shadow culling")
struct ShadowCullingTests {
  /// An opaque card whose shadow is cast upwards (offset [0, -10], radius 8), its top at `top`.
  static func card(top: Double, shadowPath: Bool = false) throws -> Scene {
    try TestScenes.decode(
      """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "frame": [0, 0, 375, 667], "sublayers": [
        {"id": "card", "frame": [20, \(top), 335, 100], "backgroundColor": "#FFFFFF",
         "shadowOpacity": 0.5, "shadowRadius": 8, "shadowOffset": [0, -10]\(shadowPath ? #", "shadowPath": "bounds""# : "")}]}}
      """)
  }

  /// The card starts 2 pt below the screen (y 669). Its shadow is its drawing moved up 10 pt and
  /// spread 8 pt: y 651-685, so y 651-667 of it is on screen. What casts that part is the card's
  /// drawing within 8 pt of the screen moved down 10 pt (y up to 667 + 10 + 8 = 685): the strip
  /// y 669-685, 335 x 16 pt, rendered offscreen for its shadow. The pass's target is that strip
  /// and its shadow on screen: the strip's shadow is x 12-363, y 651-683, clipped by the screen
  /// to y 651-667; with the strip, x 12-363 by y 651-685: 351 x 34 pt = 11,934 pt^2, x 4 pixels a
  /// point = 47,736 px. One pass (shadow-without-path).
  @Test func cardJustOffScreenCastsItsShadowOnIt() throws {
    let planned = TestScenes.plan(try Self.card(top: 669))
    let card = try #require(planned.node("root/card"))
    #expect(!card.culled)
    #expect(card.visibleRect == Rect(20, 669, 335, 16))
    #expect(card.drawingLayersInSubtree == 1)
    #expect(planned.rules("root/card") == [ShadowWithoutPathRule.ruleID])
    #expect(planned.passes("root/card") == 1)
    #expect(card.offscreen.first?.pixelArea == 47_736)
  }

  /// The same through a whole simulation (which skips subtrees whose extent is off the screen):
  /// one pass a frame.
  @Test func simulationKeepsTheShadowPass() throws {
    let scene = try Self.card(top: 669)
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
    #expect(report.summary.offscreenPasses.perFrameMax == 1)
    #expect(report.findings.contains { $0.layer == "root/card" && $0.rule == ShadowWithoutPathRule.ruleID })
  }

  /// At y 686 the shadow's top is 686 - 10 - 8 = 668, below the screen's 667: nothing the card
  /// draws shows, so it is culled as before: no pass, nothing drawn.
  @Test func cardWhoseShadowMissesTheScreenIsCulled() throws {
    let planned = TestScenes.plan(try Self.card(top: 686))
    let card = try #require(planned.node("root/card"))
    #expect(card.visibleRect.isEmpty)
    #expect(!card.draws)
    #expect(planned.passes("root/card") == 0)
    let report = Simulator.run(try Self.card(top: 686), on: DeviceCatalogue.device(id: "iphone-7")!)
    #expect(report.summary.offscreenPasses.perFrameMax == 0)
  }

  /// With a shadowPath the shadow is drawn from the path, not from the rendered card: no pass.
  @Test func shadowPathNeedsNoOffscreenCard() throws {
    let planned = TestScenes.plan(try Self.card(top: 669, shadowPath: true))
    #expect(planned.node("root/card")?.culled == false)
    #expect(planned.passes("root/card") == 0)
  }

  /// A shadow with no path is cast by everything the subtree draws, so a layer's extent covers the
  /// shadow of its sublayers too. A 100 x 100 container (no clip) holds a 50 x 50 sublayer at
  /// x 150; its shadow (offset [0, 20], radius 5) is cast by x 0-200, y 0-100: moved down 20 and
  /// spread 5, x -5-205, y 15-125. The extent: x -5-205, y 0-125.
  @Test func extentCoversTheShadowOfSublayers() throws {
    let scene = try TestScenes.scene(
      #"""
      {"id": "box", "frame": [0, 0, 100, 100], "shadowOpacity": 0.5, "shadowRadius": 5, "shadowOffset": [0, 20],
       "sublayers": [{"id": "chip", "frame": [150, 0, 50, 50], "backgroundColor": "#FF0000"}]}
      """#)
    let tree = FlatTree(scene.root)
    let box = try #require(tree.index(ofPath: "root/box"))
    #expect(tree.extents[box] == Rect(-5, 0, 210, 125))
  }
}
