import Foundation
import Testing

@testable import LayerTree

@Suite("Pixel grid and layer ids")
struct CaptureSupportTests {
  /// 48.3333 as a recursiveDescription prints 145 / 3 pt: 144.9999 px, 0.0001 px from the grid.
  @Test func printedThirdsSnapToTheGrid() {
    let grid = PixelGrid(scale: 3)
    #expect(grid.snap(48.3333) == 145.0 / 3)
    #expect(grid.snap(0.333333) == 1.0 / 3)
    #expect(grid.snap(203.667) == 611.0 / 3)
  }

  /// 10.25 pt on a 2x screen is 20.5 px: half a pixel off, a real misalignment, kept.
  @Test func realMisalignmentIsKept() {
    let grid = PixelGrid(scale: 2)
    #expect(grid.snap(10.25) == 10.25)
    // 10.2501 pt is 20.5002 px: kept, rounded to 1/64 px (20.5 px).
    #expect(grid.snap(10.2501) == 10.25)
  }

  @Test func rectsSnapEveryComponent() {
    let rect = PixelGrid(scale: 3).snap(Rect(0, 11.3333, 40, 26.0001))
    #expect(rect == Rect(0, 34.0 / 3, 40, 26))
  }

  @Test func invalidScaleFallsBackToOne() {
    #expect(PixelGrid(scale: 0).scale == 1)
    #expect(PixelGrid(scale: .nan).scale == 1)
  }

  @Test func idsAreMadeValid() {
    #expect(LayerIDs.valid("Adyen.ListCell") == "Adyen.ListCell")
    #expect(LayerIDs.valid("a/b*c[1] d") == "a_b_c_1__d")
    #expect(LayerIDs.valid("") == "layer")
    #expect(LayerIDs.valid(String(repeating: "x", count: 100)).count == LayerIDs.maxLength)
    #expect(LayerIDs.valid("red\u{1B}[31m") == "red__31m")
    for name in ["a/b", "x y", "[0]", "tab\there"] {
      #expect(LayerPath.problem(withID: LayerIDs.valid(name)) == nil)
    }
  }

  @Test func siblingsAreNumberedFromTheSecond() {
    var ids = LayerIDs()
    #expect(ids.unique("UIView") == "UIView")
    #expect(ids.unique("UIView") == "UIView-2")
    #expect(ids.unique("UILabel") == "UILabel")
    #expect(ids.unique("UIView") == "UIView-3")
    // A name that is already a numbered form still gets an unused id.
    #expect(ids.unique("UIView-2") == "UIView-2-2")
  }
}

@Suite("Affine decomposition")
struct AffineDecompositionTests {
  /// CGAffineTransform(rotationAngle: θ).scaledBy(x: sx, y: sy) is a = sx cos θ, b = sx sin θ,
  /// c = -sy sin θ, d = sy cos θ (worked out from the two matrices); decomposing gives θ, sx, sy
  /// back and no shear.
  @Test(arguments: [(30.0, 2.0, 0.5), (-45, 1, 1), (90, 1, 3), (135, 0.25, 4), (180, 1, 1)])
  func rotationThenScaleComesBack(_ degrees: Double, _ sx: Double, _ sy: Double) {
    let angle = degrees * Double.pi / 180
    let (transform, shear) = Transform.decomposing(
      a: sx * cos(angle), b: sx * sin(angle), c: -sy * sin(angle), d: sy * cos(angle))
    #expect(abs(transform.rotationDegrees - degrees) < 1e-6)
    #expect(abs(transform.scaleX - sx) < 1e-9)
    #expect(abs(transform.scaleY - sy) < 1e-9)
    #expect(shear == 0)
  }

  @Test func identityIsIdentity() {
    let (transform, shear) = Transform.decomposing(a: 1, b: 0, c: 0, d: 1)
    #expect(transform.isIdentity)
    #expect(shear == 0)
  }

  /// A mirror (a = -1, d = 1) is a half turn with the y axis flipped: (x, y) -> (-x, y) either way.
  @Test func mirrorIsHalfTurnAndFlippedY() {
    let (transform, _) = Transform.decomposing(a: -1, b: 0, c: 0, d: 1)
    #expect(transform.rotationDegrees == 180)
    #expect(transform.scaleX == 1)
    #expect(transform.scaleY == -1)
  }

  /// A shear x' = x + 0.5 y (c = 0.5): no rotation, scales 1, shear 0.5.
  @Test func shearIsReported() {
    let (transform, shear) = Transform.decomposing(a: 1, b: 0, c: 0.5, d: 1)
    #expect(transform.isIdentity)
    #expect(shear == 0.5)
  }
}
