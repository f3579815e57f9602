import Compositor
import LayerTree
import TestSupport
import Testing

/// Each offscreen finding's count as Xcode's view debugger shows it, on the layers of Apple's tech
/// talk 10857 demo (the Meal Planner cell): the star layer's dynamic shadow took 5 offscreens,
/// the tag view's colour mask 2, the same view clipped by cornerRadius and masksToBounds over its
/// image view and label 1, the image view's rounded-rect shape mask 2. Where Apple published no
/// count, none is given.
@Suite("Xcode's offscreen count")
struct XcodeCountTests {
  static func findings(_ layers: String) throws -> [Finding] {
    let scene = try TestScenes.scene(layers)
    return Simulator.run(scene, on: DeviceCatalogue.device(id: scene.device)!).findings.filter { $0.category == .offscreen }
  }

  static let tagContent =
    ##""sublayers": [{"id": "image", "frame": [4, 4, 16, 16], "contents": {"type": "image", "pixelSize": [32, 32]}}, {"id": "label", "frame": [24, 4, 50, 16], "contents": {"type": "text", "characters": 6}}]"##

  @Test func theStarLayersDynamicShadow() throws {
    let found = try Self.findings(
      ##"{"id": "star", "class": "CAShapeLayer", "frame": [20, 20, 40, 40], "path": {"type": "arbitrary", "rect": [0, 0, 40, 40], "points": 10}, "fillColor": "#FFCC00", "shadowOpacity": 0.5, "shadowRadius": 3}"##
    )
    let shadow = try #require(found.first { $0.rule == ShadowWithoutPathRule.ruleID })
    #expect(shadow.xcodeCount == 5)
    #expect(shadow.passes != shadow.xcodeCount)
  }

  @Test func theTagViewsColourMaskThenItsRoundedClip() throws {
    let masked = try Self.findings(
      ##"{"id": "tag", "frame": [20, 100, 80, 24], "backgroundColor": "#FF3B30", "mask": {"id": "m", "frame": [0, 0, 80, 24], "backgroundColor": "#000000", "cornerRadius": 10}, \##(Self.tagContent)}"##
    )
    #expect(masked.first { $0.rule == MaskRule.ruleID }?.xcodeCount == 2)
    // The mask replaced by cornerRadius and masksToBounds: one offscreen left, for the sublayers.
    let clipped = try Self.findings(
      ##"{"id": "tag", "frame": [20, 100, 80, 24], "backgroundColor": "#FF3B30", "cornerRadius": 10, "masksToBounds": true, \##(Self.tagContent)}"##
    )
    let clip = try #require(clipped.first { $0.rule == RoundedClipRule.ruleID })
    #expect(clip.xcodeCount == 1 && clip.passes == 1)
    // masksToBounds dropped as well: nothing.
    let plain = try Self.findings(
      ##"{"id": "tag", "frame": [20, 100, 80, 24], "backgroundColor": "#FF3B30", "cornerRadius": 10, \##(Self.tagContent)}"##)
    #expect(plain.isEmpty)
  }

  @Test func theImageViewsRoundedRectShapeMask() throws {
    let found = try Self.findings(
      ##"{"id": "photo", "frame": [20, 200, 120, 120], "contents": {"type": "image", "pixelSize": [240, 240]}, "mask": {"id": "m", "class": "CAShapeLayer", "frame": [0, 0, 120, 120], "path": {"type": "roundedRect", "rect": [0, 0, 120, 120], "cornerRadius": 20}}}"##
    )
    #expect(found.first { $0.rule == MaskRule.ruleID }?.xcodeCount == 2)
  }

  /// No published count: group opacity, and a rounded clip of a layer's own contents plus a
  /// background (Apple's example clips sublayers).
  @Test func unpublishedCountsAreNil() throws {
    let faded = try Self.findings(
      ##"{"id": "f", "frame": [10, 10, 100, 100], "opacity": 0.5, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "t", "frame": [0, 0, 100, 20], "contents": {"type": "text", "characters": 8}}]}"##
    )
    let group = try #require(faded.first { $0.rule == GroupOpacityRule.ruleID })
    #expect(group.xcodeCount == nil)
    let own = try Self.findings(
      ##"{"id": "c", "frame": [10, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": {"type": "image", "pixelSize": [200, 200]}}"##
    )
    let clip = try #require(own.first { $0.rule == RoundedClipRule.ruleID })
    #expect(clip.xcodeCount == nil)
  }
}
