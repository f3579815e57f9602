import Compositor
import LayerTree
import Testing

@testable import LayerCapture

/// What the capture reads that the scene format holds only in part: `compositingFilter`, and the
/// notes for `sublayerTransform`, `contentsScale`, contents that are not a `CGImage` and
/// animations in flight. Each expected value comes from the Core Animation or Core Image fact its
/// test names, or from the scene format's `compositingFilter` names (`CompositingFilter`).
@Suite("Capture notes")
@MainActor
struct CaptureNotesTests {
  static let options = CaptureOptions(device: "iphone-13-pro", scale: 3)

  /// A 390 x 844 screen holding one layer configured by `configure`, captured at scale 3.
  func capture(_ configure: (inout LayerProperties) -> Void, sublayers: [FakeLayer] = []) throws -> CapturedScene {
    let subject = FakeLayer("Subject", frame: Rect(10, 10, 200, 100), configure: configure, sublayers: sublayers)
    return try SceneCapture.capture(FakeLayer("UIWindow", frame: Rect(0, 0, 390, 844), sublayers: [subject]), options: Self.options)
  }

  // MARK: compositingFilter

  /// Core Animation's filter names are the scene format's names as they are; Core Image's
  /// compositing filters (CICategoryCompositeOperation in Apple's Core Image Filter Reference) are
  /// the same blends with a `CI` prefix and a capital, and `CISourceOverCompositing` is
  /// source-over. A Core Image compositing filter with no Core Animation blend mode, a bare
  /// prefix and an empty name are other filters.
  @Test func filterNames() {
    #expect(CapturedCompositingFilter.named("multiplyBlendMode") == .blendMode(.multiplyBlendMode))
    #expect(CapturedCompositingFilter.named("CIScreenBlendMode") == .blendMode(.screenBlendMode))
    #expect(CapturedCompositingFilter.named("CIColorDodgeBlendMode") == .blendMode(.colorDodgeBlendMode))
    #expect(CapturedCompositingFilter.named("CISourceOverCompositing") == .blendMode(.normalBlendMode))
    #expect(CapturedCompositingFilter.named("CISourceAtopCompositing") == .other("CISourceAtopCompositing"))
    #expect(CapturedCompositingFilter.named("CI") == .other("CI"))
    #expect(CapturedCompositingFilter.named("") == .other(""))
    #expect(CapturedCompositingFilter.named("MultiplyBlendMode") == .other("MultiplyBlendMode"))
  }

  /// A blend mode is written as the layer's `compositingFilter`; over two drawing sublayers the
  /// blend-mode rule then finds one offscreen pass (the rule's own example, "multiply over a
  /// container and its label", has the same shape).
  @Test func blendModeIsWrittenAndCosted() throws {
    let label = FakeLayer("UILabel", frame: Rect(10, 10, 100, 20)) { $0.contents = .text(TextContents(characters: 10)) }
    let captured = try capture(
      {
        $0.compositingFilter = .blendMode(.multiplyBlendMode)
        $0.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
      }, sublayers: [label])
    #expect(captured.scene.root.sublayers[0].compositingFilter == .multiplyBlendMode)
    #expect(captured.notes.isEmpty)
    let report = Simulator.run(captured.scene, on: try #require(DeviceCatalogue.device(id: "iphone-13-pro")))
    #expect(report.findings.filter { $0.category == .offscreen }.map(\.rule) == [BlendModeRule.ruleID])
  }

  /// Another filter is left out (the layer composites source-over) and named in a note.
  @Test func otherFilterIsNoted() throws {
    let captured = try capture { $0.compositingFilter = .other("CISourceAtopCompositing") }
    #expect(captured.scene.root.sublayers[0].compositingFilter == nil)
    #expect(
      captured.notes == [
        "root/Subject: its compositingFilter (CISourceAtopCompositing) is not a Core Animation blend mode the scene format names; it is left out, so the layer is composited source-over and any offscreen pass the filter takes is not counted."
      ])
  }

  // MARK: sublayerTransform

  /// The scene format has no sublayerTransform: one that is not the identity is noted, the
  /// identity (Core Animation's default) is not.
  @Test func sublayerTransformIsNoted() throws {
    let scaled = try capture { $0.sublayerTransform = Transform3D(a: 2, b: 0, c: 0, d: 2) }
    #expect(
      scaled.notes == ["root/Subject: its sublayerTransform is left out (the scene format has none); its sublayers are placed without it."])
    let identity = try capture { $0.sublayerTransform = .identity }
    #expect(identity.notes.isEmpty)
  }

  // MARK: contentsScale

  /// A backing store is `contentsScale` pixels a point each way (the `CALayer.contentsScale`
  /// reference): at 1 on a 3x screen the layer has 1 pixel where the scene, sizing it at the
  /// screen's scale, counts 3 x 3 = 9.
  @Test func drawingAtAnotherScaleIsNoted() throws {
    let captured = try capture {
      $0.contents = .drawing(DrawingContents())
      $0.contentsScale = 1
    }
    #expect(
      captured.notes == [
        "root/Subject: its contentsScale is 1 where the screen's scale is 3: the scene sizes its backing store at the screen's scale, 9 times the pixels the layer has."
      ])
  }

  /// At 2 on a 3x screen: (3 / 2)^2 = 2.25 times; text is a backing store too.
  @Test func textAtTwiceIsNoted() throws {
    let captured = try capture {
      $0.contents = .text(TextContents(characters: 5))
      $0.contentsScale = 2
    }
    #expect(captured.notes.count == 1)
    #expect(
      captured.notes.first?.hasSuffix(
        "scale is 3: the scene sizes its backing store at the screen's scale, 2.25 times the pixels the layer has.") == true)
  }

  /// No note when the scale is the screen's, when it is unknown, or for an image (a `CGImage`'s
  /// pixels are its own `width` x `height`, which the capture reads whatever the scale).
  @Test func matchingScaleOrImageIsNotNoted() throws {
    let same = try capture {
      $0.contents = .drawing(DrawingContents())
      $0.contentsScale = 3
    }
    let unknown = try capture { $0.contents = .drawing(DrawingContents()) }
    let image = try capture {
      $0.contents = .image(ImageContents(pixelSize: Size(200, 100)))
      $0.contentsScale = 1
    }
    #expect(same.notes.isEmpty)
    #expect(unknown.notes.isEmpty)
    #expect(image.notes.isEmpty)
  }

  // MARK: Contents and animations

  /// Contents that are not a `CGImage` stay a drawing, and their type is named.
  @Test func otherContentsAreNamed() throws {
    let captured = try capture {
      $0.contents = .drawing(DrawingContents())
      $0.otherContentsType = "IOSurface"
    }
    guard case .drawing? = captured.scene.root.sublayers[0].contents else {
      Issue.record("expected a drawing, found \(String(describing: captured.scene.root.sublayers[0].contents))")
      return
    }
    #expect(
      captured.notes == [
        "root/Subject: its contents are a IOSurface, not a CGImage: written as a drawing the layer's size (a backing store)."
      ])
  }

  /// Animations in flight are listed by key, in `animationKeys()`'s order; the model values are
  /// kept (the opacity written is the layer's own 0.5).
  @Test func animationsAreNoted() throws {
    let two = try capture {
      $0.opacity = 0.5
      $0.animationKeys = ["opacity", "position"]
    }
    #expect(two.scene.root.sublayers[0].opacity == 0.5)
    #expect(
      two.notes == [
        "root/Subject: 2 animations in flight (opacity, position): captured at the model values, where they end, not as the screen shows the layer now."
      ])
    let one = try capture { $0.animationKeys = ["bounds"] }
    #expect(
      one.notes == [
        "root/Subject: 1 animation in flight (bounds): captured at the model values, where it ends, not as the screen shows the layer now."
      ])
  }
}
