import Compositor
import LayerTree
import Testing

/// `anchorPoint`, `maskedCorners`, `CATransformLayer` and `CAReplicatorLayer` in the simulation.
/// Every expected value follows from Apple's documentation of the property, worked by hand.
@Suite("Core Animation classes and keys")
struct CoreAnimationClassesTests {
  // MARK: anchorPoint

  /// `CALayer.transform`: "Any transformations you apply to the layer occur relative to the
  /// layer's anchor point." A 100 x 50 layer at (100, 100) turned 90 degrees (clockwise on iOS's
  /// y-down screen: x' = px - (y - py), y' = py + (x - px)) about its top-left corner
  /// (anchorPoint [0, 0]) covers x 50...100, y 100...200; about its centre (150, 125) it covers
  /// x 125...175, y 75...175.
  @Test func aTransformTurnsAboutTheAnchorPoint() throws {
    let corner = try TestScenes.scene(
      ##"{"id": "bar", "frame": [100, 100, 100, 50], "anchorPoint": [0, 0], "backgroundColor": "#FF0000", "transform": {"rotation": 90}}"##)
    let rect = try #require(TestScenes.plan(corner).node("root/bar")).screenRect
    #expect(abs(rect.x - 50) < 1e-9 && abs(rect.y - 100) < 1e-9 && abs(rect.width - 50) < 1e-9 && abs(rect.height - 100) < 1e-9)
    let centre = try TestScenes.scene(
      ##"{"id": "bar", "frame": [100, 100, 100, 50], "backgroundColor": "#FF0000", "transform": {"rotation": 90}}"##)
    let centred = try #require(TestScenes.plan(centre).node("root/bar")).screenRect
    #expect(abs(centred.x - 125) < 1e-9 && abs(centred.y - 75) < 1e-9)
  }

  /// `position` is where the anchor point sits in the superlayer: animating `position.x` to 200
  /// puts the anchor there. With anchorPoint [0, 0] the frame starts at x 200; with the default
  /// centre, at 200 - 100 / 2 = 150.
  @Test func positionAnimationsMoveTheAnchorPoint() throws {
    for (anchor, expectedX) in [("[0, 0]", 200.0), ("[0.5, 0.5]", 150.0), ("[1, 0]", 100.0)] {
      let scene = try TestScenes.decode(
        """
        {"version": 1, "device": "iphone-7", "root": {"sublayers": [
          {"id": "bar", "frame": [0, 0, 100, 50], "anchorPoint": \(anchor), "backgroundColor": "#FF0000"}]},
         "timeline": {"duration": 1, "frameRate": 10,
          "animations": [{"target": "bar", "keyPath": "position.x", "toValue": 200, "duration": 0.5}]}}
        """)
      let tree = FlatTree(scene.root)
      var animator = SceneAnimator(tree: tree, timeline: scene.timeline, frameRate: 10)
      var state = animator.state(frame: 0)
      for frame in 1...9 { state = animator.state(frame: frame) }
      let index = try #require(tree.index(ofPath: "root/bar"))
      #expect((state.layers[index] ?? tree.nodes[index].layer).frame.x == expectedX, "anchorPoint \(anchor)")
    }
  }

  // MARK: maskedCorners

  /// `cornerRadius` rounds only the corners in `maskedCorners`: with none of them, nothing is
  /// rounded and `masksToBounds` is a rectangular scissor, so the background plus a drawing
  /// sublayer need no offscreen pass; one rounded corner is enough for the rounded clip's pass.
  @Test func maskedCornersDecideTheRoundedClip() throws {
    func passes(_ corners: String?) throws -> Int {
      let key = corners.map { ##", "maskedCorners": \##($0)"## } ?? ""
      let scene = try TestScenes.scene(
        ##"{"id": "card", "frame": [10, 10, 200, 100], "cornerRadius": 12, "masksToBounds": true, "backgroundColor": "#FFFFFF"\##(key), "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 8}}]}"##
      )
      return TestScenes.plan(scene).passes("root/card")
    }
    #expect(try passes(nil) == 1)
    #expect(try passes(##"["minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"]"##) == 1)
    #expect(try passes(##"["minXMinY"]"##) == 1)
    #expect(try passes("[]") == 0)
  }

  // MARK: CATransformLayer

  /// Apple, `CATransformLayer`: "Only the sublayers of a transform layer are rendered" (its
  /// backgroundColor is ignored); `mask`, `masksToBounds` and shadows are ignored; "the opacity
  /// property is applied to each sublayer individually, the transform layer does not form a
  /// compositing group". The same properties on a CALayer cost a pass each.
  @Test func aTransformLayerDrawsNothingAndGroupsNothing() throws {
    let sublayers =
      ##"[{"id": "a", "frame": [0, 0, 50, 50], "backgroundColor": "#FF0000"}, {"id": "b", "frame": [20, 20, 50, 50], "backgroundColor": "#00FF00"}]"##
    for (properties, rule) in [
      (##""opacity": 0.5"##, "group-opacity"),
      (##""cornerRadius": 10, "masksToBounds": true"##, "rounded-clip"),
      (##""shadowOpacity": 0.5"##, "shadow-without-path"),
      (##""mask": {"frame": [0, 0, 40, 40], "backgroundColor": "#000000"}"##, "mask"),
    ] {
      let plain = try TestScenes.scene(##"{"id": "group", "frame": [10, 10, 100, 100], \##(properties), "sublayers": \##(sublayers)}"##)
      #expect(TestScenes.plan(plain).rules("root/group") == [rule], "CALayer with \(properties)")
      let transform = try TestScenes.scene(
        ##"{"id": "group", "class": "CATransformLayer", "frame": [10, 10, 100, 100], \##(properties), "sublayers": \##(sublayers)}"##)
      #expect(TestScenes.plan(transform).rules("root/group") == [], "CATransformLayer with \(properties)")
    }
    let coloured = try TestScenes.scene(
      ##"{"id": "group", "class": "CATransformLayer", "frame": [10, 10, 100, 100], "backgroundColor": "#FF0000", "opacity": 0.5, "sublayers": \##(sublayers)}"##
    )
    let planned = TestScenes.plan(coloured)
    #expect(planned.node("root/group")?.draws == false)
    // Each sublayer still fades: 0.5 reaches them one by one.
    #expect(planned.node("root/group/a")?.effectiveOpacity == 0.5)
  }

  // MARK: CAReplicatorLayer

  /// Apple, `CAReplicatorLayer`: `instanceCount` copies of the sublayers, the source included. A
  /// dot with a shadow and no shadowPath costs one pass; five instances cost five, at the paths
  /// `dot`, `dot[r1]` ... `dot[r4]`.
  @Test func aReplicatorDrawsItsSublayersInstanceCountTimes() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "spinner", "class": "CAReplicatorLayer", "frame": [0, 100, 375, 100], "instanceCount": 5, "instanceTransform": {"translation": [20, 0]}, "sublayers": [{"id": "dot", "frame": [10, 10, 10, 10], "backgroundColor": "#000000", "shadowOpacity": 0.3}]}"##
    )
    let planned = TestScenes.plan(scene)
    let paths = ["root/spinner/dot"] + (1...4).map { "root/spinner/dot[r\($0)]" }
    #expect(paths.map { planned.passes($0) } == [1, 1, 1, 1, 1])
    #expect(planned.tree.count == 7)
    // instanceTransform is applied k times: instance k is 20 k points to the right.
    let dots = try paths.map { try #require(scene.layer(at: $0)) }
    #expect(dots.map(\.frame.x) == [10, 30, 50, 70, 90])
  }

  /// `instanceTransform` "is applied relative to the center of this layer": a 90 degree turn of
  /// a 100 x 100 replicator moves a 10 x 10 dot centred at (50, 5) to centre (95, 50) for
  /// instance 1 (x' = 50 - (y - 50), y' = 50 + (x - 50)) and to (50, 95) for instance 2, each
  /// turned with it.
  @Test func instanceTransformsTurnAboutTheReplicatorsCentre() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "clock", "class": "CAReplicatorLayer", "frame": [0, 0, 100, 100], "instanceCount": 3, "instanceTransform": {"rotation": 90}, "sublayers": [{"id": "tick", "frame": [45, 0, 10, 10], "backgroundColor": "#000000"}]}"##
    )
    let first = try #require(scene.layer(at: "root/clock/tick[r1]"))
    #expect(abs(first.frame.midX - 95) < 1e-9 && abs(first.frame.midY - 50) < 1e-9)
    #expect(abs(first.transform.rotationDegrees - 90) < 1e-9)
    let second = try #require(scene.layer(at: "root/clock/tick[r2]"))
    #expect(abs(second.frame.midX - 50) < 1e-9 && abs(second.frame.midY - 95) < 1e-9)
    #expect(abs(abs(second.transform.rotationDegrees) - 180) < 1e-9)
  }

  /// `instanceAlphaOffset` "is added to the alpha color component of instance k-1": from opaque
  /// white with -0.25, instance 2 is at alpha 0.5 and instance 4 at 0, which draws nothing.
  @Test func instanceAlphaFadesTheCopies() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "fade", "class": "CAReplicatorLayer", "frame": [0, 0, 300, 100], "instanceCount": 5, "instanceAlphaOffset": -0.25, "instanceTransform": {"translation": [50, 0]}, "sublayers": [{"id": "dot", "frame": [0, 0, 40, 40], "backgroundColor": "#000000"}]}"##
    )
    let planned = TestScenes.plan(scene)
    #expect(planned.node("root/fade/dot[r2]")?.effectiveOpacity == 0.5)
    #expect(planned.node("root/fade/dot[r4]")?.culled == true)
    #expect(planned.node("root/fade/dot[r3]")?.draws == true)
  }
}
