import Compositor
import Foundation
import LayerTree
import Testing

@testable import LayerCapture

/// The capture core on trees of fake layers; every expected scene is worked out by hand from
/// Core Animation's geometry and the scene format's keys.
@Suite("Scene capture")
@MainActor
struct SceneCaptureTests {
  static let options = CaptureOptions(device: "iphone-13-pro", scale: 3)

  func capture(_ root: FakeLayer, options: CaptureOptions = options) throws -> CapturedScene {
    try SceneCapture.capture(root, options: options)
  }

  static func screen(_ sublayers: [FakeLayer]) -> FakeLayer {
    FakeLayer("UIWindow", frame: Rect(0, 0, 390, 844), configure: { $0.backgroundColor = .white }, sublayers: sublayers)
  }

  // MARK: Geometry

  func placement(_ configure: (inout LayerProperties) -> Void, parentOrigin: Point = .zero) -> SceneCapture.Placement {
    var properties = LayerProperties()
    configure(&properties)
    return SceneCapture.placement(of: properties, in: parentOrigin)
  }

  /// Default anchor (0.5, 0.5): the frame is position minus half the size, as UIKit's `frame`.
  @Test func defaultAnchor() {
    let result = placement {
      $0.position = Point(100, 50)
      $0.bounds = Rect(0, 0, 200, 40)
    }
    #expect(result.frame == Rect(0, 30, 200, 40))
    #expect(result.transform.isIdentity)
  }

  /// Anchor (0, 0): position is the top-left corner.
  @Test func topLeftAnchor() {
    let result = placement {
      $0.position = Point(10, 20)
      $0.bounds = Rect(0, 0, 100, 50)
      $0.anchorPoint = Point(0, 0)
    }
    #expect(result.frame == Rect(10, 20, 100, 50))
  }

  /// A table scrolled to y 120 (its bounds origin) draws a cell at content y 150 (position y
  /// 172 for a 44 pt cell) at y 30 in its viewport.
  @Test func superlayerBoundsOriginMovesSublayers() {
    let result = placement(
      {
        $0.position = Point(195, 172)
        $0.bounds = Rect(0, 0, 390, 44)
      }, parentOrigin: Point(0, 120))
    #expect(result.frame == Rect(0, 30, 390, 44))
  }

  /// A 40 x 20 layer with anchor (0, 0) at (100, 100), turned 90 degrees (a = 0, b = 1,
  /// c = -1, d = 0). The scene states it as Core Animation does: the untransformed frame
  /// `position - anchorPoint x size` = (100, 100, 40, 20), the anchor kept, rotation 90 about it.
  /// (Both put the corners at (100, 100), (100, 140), (80, 100), (80, 140).)
  @Test func turnAboutACornerAnchor() {
    let result = placement {
      $0.position = Point(100, 100)
      $0.bounds = Rect(0, 0, 40, 20)
      $0.anchorPoint = Point(0, 0)
      $0.transform = Transform3D(a: 0, b: 1, c: -1, d: 0)
    }
    #expect(result.frame == Rect(100, 100, 40, 20))
    #expect(result.anchorPoint == Point(0, 0))
    #expect(result.transform.rotationDegrees == 90)
    #expect(result.transform.scaleX == 1 && result.transform.scaleY == 1)
  }

  /// A translation is the transform's, not the frame's: a 20 pt square centred on (50, 50) keeps
  /// the frame (40, 40, 20, 20) and moves by (5, -5).
  @Test func translationMovesTheFrame() {
    let result = placement {
      $0.position = Point(50, 50)
      $0.bounds = Rect(0, 0, 20, 20)
      $0.transform = Transform3D(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: -5)
    }
    #expect(result.frame == Rect(40, 40, 20, 20))
    #expect(result.transform.translationX == 5 && result.transform.translationY == -5)
  }

  /// A 10 pt square with anchor (0, 0) at the origin, scaled by 2 about that corner: frame
  /// (0, 0, 10, 10), anchor (0, 0), scale 2, so it covers 0...20 as in Core Animation.
  @Test func scaleAboutACornerAnchor() {
    let result = placement {
      $0.bounds = Rect(0, 0, 10, 10)
      $0.anchorPoint = Point(0, 0)
      $0.transform = Transform3D(a: 2, b: 0, c: 0, d: 2)
    }
    #expect(result.frame == Rect(0, 0, 10, 10))
    #expect(result.anchorPoint == Point(0, 0))
    #expect(result.transform.scaleX == 2 && result.transform.scaleY == 2)
  }

  @Test func perspectiveAndShearAreNoted() throws {
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 500
    perspective.m14 = 0.001
    let tilted = FakeLayer("Tilted", frame: Rect(0, 0, 100, 100), configure: { $0.transform = perspective })
    let sheared = FakeLayer("Sheared", frame: Rect(0, 200, 100, 100), configure: { $0.transform = Transform3D(a: 1, b: 0, c: 0.5, d: 1) })
    let captured = try capture(Self.screen([tilted, sheared]))
    #expect(captured.notes.contains("root/Tilted: its transform's perspective is left out; the layer is drawn flat."))
    #expect(captured.notes.contains("root/Sheared: its transform has a shear (0.5), written as the nearest rotation and scale."))
  }

  /// 20.333334 pt (a Float's 61 / 3) is 61.000002 px at 3x: snapped to 61 / 3.
  @Test func framesAreSnappedToThePixelGrid() throws {
    let label = FakeLayer("UILabel", frame: Rect(100.00001, 12, 246, 20.333334))
    let captured = try capture(Self.screen([label]))
    #expect(captured.scene.root.sublayers[0].frame == Rect(100, 12, 246, 61.0 / 3))
  }

  // MARK: Every property

  /// A card with every `CALayer` property the rules read, and one sublayer of each kind of
  /// contents and class; the expected layer is written key by key from ``LayerProperties``'
  /// documented meaning.
  @Test func everyPropertyBecomesItsKey() throws {
    let blue = Color(hex: "#3366CC")!
    let red = Color(hex: "#FF0000")!
    let halfBlack = Color(hex: "#00000080")!
    let ellipseMask = FakeLayer(
      "CAShapeLayer", frame: Rect(0, 0, 80, 80),
      configure: { $0.kind = .shape(path: .ellipse(Rect(0, 0, 80, 80)), fillColor: .black, strokeColor: nil, lineWidth: 1) })
    let image = FakeLayer(
      "UIImageView", frame: Rect(12, 12, 80, 80),
      configure: {
        $0.contents = .image(ImageContents(pixelSize: Size(240, 240), opaque: true))
        $0.contentsGravity = .resizeAspectFill
      }
    ).masked(by: ellipseMask)
    let label = FakeLayer("UILabel", frame: Rect(100, 12, 246, 20), configure: { $0.contents = .text(TextContents(characters: 14)) })
    let chart = FakeLayer("ChartView", frame: Rect(100, 40, 246, 60), configure: { $0.contents = .drawing(DrawingContents(opaque: true)) })
    let shade = FakeLayer(
      "CAGradientLayer", frame: Rect(0, 60, 358, 60),
      configure: {
        $0.name = "shade"
        $0.kind = .gradient(colors: [.clear, halfBlack])
      })
    let blur = FakeLayer("UIVisualEffectView", frame: Rect(0, 0, 358, 44), configure: { $0.kind = .visualEffect(.vibrancy) })
    let hidden = FakeLayer("UIView", frame: Rect(0, 0, 10, 10), configure: { $0.isHidden = true })
    let outline = FakeLayer(
      "CAShapeLayer", frame: Rect(0, 0, 100, 100),
      configure: { $0.kind = .shape(path: .rect(Rect(0, 0, 100, 100)), fillColor: nil, strokeColor: red, lineWidth: 2) })
    let card = FakeLayer(
      "CardView", frame: Rect(16, 100, 358, 120),
      configure: {
        $0.accessibilityIdentifier = "card"
        $0.cornerRadius = 12
        $0.maskedCorners = [.minXMinY, .maxXMinY]
        $0.cornerCurve = .continuous
        $0.masksToBounds = true
        $0.opacity = Double(Float(0.3))
        $0.allowsGroupOpacity = false
        $0.isOpaque = true
        $0.backgroundColor = blue
        $0.borderWidth = 1
        $0.borderColor = nil
        $0.shadowOpacity = Double(Float(0.25))
        $0.shadowRadius = 6
        $0.shadowOffset = Size(0, 2)
        $0.shadowPath = .roundedRect(Rect(0, 0, 358, 120), cornerRadius: 12)
        $0.shouldRasterize = true
        $0.rasterizationScale = 3
        $0.allowsEdgeAntialiasing = true
      }, sublayers: [image, label, chart, shade, blur, hidden, outline])
    let captured = try capture(Self.screen([card]))

    var expectedCard = Layer(id: "card", frame: Rect(16, 100, 358, 120))
    expectedCard.cornerRadius = 12
    expectedCard.maskedCorners = [.minXMinY, .maxXMinY]
    expectedCard.cornerCurve = .continuous
    expectedCard.masksToBounds = true
    expectedCard.opacity = 0.3  // Float 0.3 is 0.30000001192...: rounded to 1e-6
    expectedCard.allowsGroupOpacity = false
    expectedCard.isOpaque = true
    expectedCard.backgroundColor = blue
    expectedCard.borderWidth = 1
    expectedCard.borderColor = .clear  // a nil borderColor draws nothing
    expectedCard.shadowOpacity = 0.25
    expectedCard.shadowRadius = 6
    expectedCard.shadowOffset = Size(0, 2)
    expectedCard.shadowPath = .bounds  // the bounds rounded by the layer's own cornerRadius
    expectedCard.shouldRasterize = true
    expectedCard.rasterizationScale = 3
    expectedCard.allowsEdgeAntialiasing = true
    var expectedImage = Layer(id: "UIImageView", frame: Rect(12, 12, 80, 80))
    expectedImage.contents = .image(ImageContents(pixelSize: Size(240, 240), opaque: true))
    expectedImage.contentsGravity = .resizeAspectFill
    var expectedMask = Layer(id: "mask", frame: Rect(0, 0, 80, 80))
    expectedMask.kind = .shape(ShapeLayer(path: .ellipse(Rect(0, 0, 80, 80))))
    expectedImage.mask = expectedMask
    var expectedLabel = Layer(id: "UILabel", frame: Rect(100, 12, 246, 20))
    expectedLabel.contents = .text(TextContents(characters: 14))
    var expectedChart = Layer(id: "ChartView", frame: Rect(100, 40, 246, 60))
    expectedChart.contents = .drawing(DrawingContents(opaque: true))
    var expectedShade = Layer(id: "shade", frame: Rect(0, 60, 358, 60))
    expectedShade.kind = .gradient(GradientLayer(colors: [.clear, halfBlack]))
    var expectedBlur = Layer(id: "UIVisualEffectView", frame: Rect(0, 0, 358, 44))
    expectedBlur.kind = .visualEffect(VisualEffect(style: .vibrancy))
    var expectedHidden = Layer(id: "UIView", frame: Rect(0, 0, 10, 10))
    expectedHidden.isHidden = true
    var expectedOutline = Layer(id: "CAShapeLayer", frame: Rect(0, 0, 100, 100))
    var outlineShape = ShapeLayer(path: .rect(Rect(0, 0, 100, 100)))
    outlineShape.fillColor = nil
    outlineShape.strokeColor = red
    outlineShape.lineWidth = 2
    expectedOutline.kind = .shape(outlineShape)
    expectedCard.sublayers = [expectedImage, expectedLabel, expectedChart, expectedShade, expectedBlur, expectedHidden, expectedOutline]
    var expectedRoot = Layer(id: "root", frame: Rect(0, 0, 390, 844))
    expectedRoot.backgroundColor = .white
    expectedRoot.sublayers = [expectedCard]

    #expect(captured.scene.root == expectedRoot)
    #expect(captured.scene.device == "iphone-13-pro")
    #expect(captured.scene.timeline == nil)
    // A scene file that reads back and writes the same text again.
    let text = try SceneEncoder.rendered(captured.scene)
    let decoded = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(try SceneEncoder.rendered(decoded) == text)
  }

  /// No corner masked: the scene keeps the radius and the empty `maskedCorners`, which the format
  /// reads as nothing rounded (so no rounded clip).
  @Test func noMaskedCornerRoundsNothing() throws {
    let layer = FakeLayer(
      "UIView", frame: Rect(0, 0, 10, 10),
      configure: {
        $0.cornerRadius = 5
        $0.maskedCorners = []
      })
    let written = try capture(Self.screen([layer])).scene.root.sublayers[0]
    #expect(written.cornerRadius == 5)
    #expect(written.maskedCorners.isEmpty)
  }

  @Test func shadowPathsTheFormatCannotName() throws {
    func captured(_ path: PathShape) throws -> (ShadowPath?, [String]) {
      let layer = FakeLayer("UIView", frame: Rect(0, 0, 100, 50), configure: { $0.shadowPath = path })
      let result = try capture(Self.screen([layer]))
      return (result.scene.root.sublayers[0].shadowPath, result.notes)
    }
    // The bounds, not rounded, on a layer without cornerRadius: "bounds".
    #expect(try captured(.rect(Rect(0, 0, 100, 50))).0 == .bounds)
    #expect(try captured(.rect(Rect(0, 0, 90, 50))).0 == .rect(Rect(0, 0, 90, 50), cornerRadius: 0))
    // An ellipse: its rectangle rounded by half its shorter side.
    #expect(try captured(.ellipse(Rect(0, 0, 100, 50))).0 == .rect(Rect(0, 0, 100, 50), cornerRadius: 25))
    let (other, notes) = try captured(.other(bounds: Rect(-2, -2, 104, 54), points: 12))
    #expect(other == .rect(Rect(-2, -2, 104, 54), cornerRadius: 0))
    #expect(notes.contains("Shadow paths that are not rectangles or ellipses are written as their bounding box."))
  }

  /// A `CATransformLayer` and a `CAReplicatorLayer` keep their classes; the replicator's
  /// properties are Core Animation's, the instance transform decomposed as a layer's is (a move
  /// of 20 pt right and a turn of 90 degrees: a = 0, b = 1, c = -1, d = 0, tx = 20). Read back, the
  /// file draws the replicator's one sublayer 5 times.
  @Test func transformAndReplicatorLayers() throws {
    let transformLayer = FakeLayer(
      "CATransformLayer", frame: Rect(0, 300, 100, 100),
      configure: {
        $0.kind = .transformLayer
        $0.opacity = 0.5
      })
    var instances = LayerProperties.Replicator(instanceCount: 5)
    instances.instanceTransform = Transform3D(a: 0, b: 1, c: -1, d: 0, tx: 20, ty: 0)
    instances.instanceAlphaOffset = -0.2
    let replicator = FakeLayer(
      "CAReplicatorLayer", frame: Rect(0, 400, 100, 20), configure: { $0.kind = .replicator(instances) },
      sublayers: [FakeLayer("CALayer", frame: Rect(0, 0, 20, 20), configure: { $0.backgroundColor = .black })])
    let captured = try capture(Self.screen([transformLayer, replicator]))
    let written = captured.scene.root.sublayers
    #expect(written[0].kind == .transformLayer)
    #expect(written[0].opacity == 0.5)
    guard case .replicator(let written1) = written[1].kind else {
      Issue.record("expected a replicator, found \(written[1].kind)")
      return
    }
    #expect(written1.instanceCount == 5)
    #expect(written1.instanceTransform.rotationDegrees == 90)
    #expect(written1.instanceTransform.translationX == 20)
    #expect(written1.instanceAlphaOffset == -0.2)
    #expect(written[1].sublayers.count == 1)
    #expect(captured.notes.isEmpty)
    let text = try SceneEncoder.rendered(captured.scene)
    let decoded = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(decoded.root.sublayers[1].sublayers.count == 5)
  }

  // MARK: Ids

  @Test func idsPreferAccessibilityIdentifiersThenNamesThenClasses() throws {
    let captured = try capture(
      Self.screen([
        FakeLayer("UIView", frame: .zero),
        FakeLayer("UIView", frame: .zero),
        FakeLayer("UIView", frame: .zero, configure: { $0.name = "badge" }),
        FakeLayer("UIView", frame: .zero, configure: { $0.accessibilityIdentifier = "buy button" }),
        FakeLayer("Shop.Cell<Item>", frame: .zero),
      ]))
    #expect(captured.scene.root.sublayers.map(\.id) == ["UIView", "UIView-2", "badge", "buy_button", "Shop.Cell<Item>"])
    for layer in captured.scene.root.sublayers { #expect(LayerPath.problem(withID: layer.id) == nil) }
  }

  // MARK: A capture simulates

  /// A shadowed container (no `shadowPath`, no clip) holding a rounded, clipped card with an
  /// image and a label: the shadow's shape is known only after drawing (one pass) and the
  /// rounded clip has two things to clip (one pass): 2 passes (the domain notes' table).
  @Test func aCapturedScreenSimulates() throws {
    let card = FakeLayer(
      "CardView", frame: Rect(0, 0, 358, 120),
      configure: {
        $0.cornerRadius = 12
        $0.masksToBounds = true
      },
      sublayers: [
        FakeLayer(
          "UIImageView", frame: Rect(0, 0, 358, 80), configure: { $0.contents = .image(ImageContents(pixelSize: Size(1074, 240))) }),
        FakeLayer("UILabel", frame: Rect(12, 88, 300, 20), configure: { $0.contents = .text(TextContents(characters: 20)) }),
      ])
    let container = FakeLayer(
      "ShadowView", frame: Rect(16, 100, 358, 120),
      configure: {
        $0.shadowOpacity = 0.2
        $0.shadowRadius = 8
      }, sublayers: [card])
    let scene = try capture(Self.screen([container])).scene
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-13-pro")!)
    #expect(report.summary.offscreenPasses.perFrameMax == 2)
    let rules = Set(report.findings.filter { $0.category == .offscreen }.map(\.rule))
    #expect(rules == ["shadow-without-path", "rounded-clip"])
  }

  // MARK: Physical limits

  /// Numbers past the scene format's physical limits (10,000,000 pt for lengths and positions,
  /// 10,000,000 px for a bitmap's side; docs/scene-format.md, "Limits") are written at the limit,
  /// each with a note, so that a recorded scene is one the readers take: a view parked at x 1e9
  /// with a corner radius of 1e9, a backdrop 3e7 pt wide centred on x 0, an image 2e7 px wide.
  @Test func numbersPastThePhysicalLimitsAreWrittenAtTheLimit() throws {
    let parked = FakeLayer(
      "UIView", frame: Rect(1e9, 0, 10, 10),
      configure: {
        $0.name = "parked"
        $0.backgroundColor = .black
        $0.cornerRadius = 1e9
      })
    let backdrop = FakeLayer("UIView", frame: Rect(-1.5e7, 0, 3e7, 100), configure: { $0.name = "backdrop" })
    let photo = FakeLayer(
      "UIImageView", frame: Rect(0, 0, 10, 10),
      configure: {
        $0.name = "photo"
        $0.contents = .image(ImageContents(pixelSize: Size(2e7, 10)))
      })
    let captured = try capture(Self.screen([parked, backdrop, photo]))
    let root = captured.scene.root
    // x 1e9 at the limit, 10,000,000; the radius too.
    #expect(root.sublayers[0].frame == Rect(10_000_000, 0, 10, 10))
    #expect(root.sublayers[0].cornerRadius == 10_000_000)
    // The edges -15,000,000 and 15,000,000 within -10,000,000 and 10,000,000: 20,000,000 across,
    // past the limit of a width, so the 10,000,000 nearest 0, from -5,000,000: the part a screen
    // near 0 shows.
    #expect(root.sublayers[1].frame == Rect(-5_000_000, 0, 10_000_000, 100))
    #expect(root.sublayers[2].contents == .image(ImageContents(pixelSize: Size(10_000_000, 10))))
    let limit = "past 10,000,000 pt, the scene format's limit"
    #expect(captured.notes.contains("root/parked: its frame reaches \(limit), and is written within it."))
    #expect(captured.notes.contains("root/parked: its cornerRadius reaches \(limit), and is written at the limit."))
    #expect(captured.notes.contains("root/backdrop: its frame reaches \(limit), and is written within it."))
    #expect(
      captured.notes.contains("root/photo: its image reaches past 10,000,000 px, the scene format's limit, and is written at the limit."))
    #expect(captured.scene.firstValueOutOfRange() == nil)
    let written = try SceneEncoder.rendered(captured.scene)
    #expect(throws: Never.self) { try SceneDecoder.decode(Array(written.utf8), options: .init(devices: DeviceCatalogue.screens)) }
  }
}
