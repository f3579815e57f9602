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

  /// By the rule (the name, else `name-n` for the least n >= 2 not taken), worked out call by
  /// call: `cell-3` written before the third `cell` makes it skip to `cell-4`; names differing in
  /// case are different ids; an empty name is `layer`, and `a/b` is `a_b`, numbered as itself.
  @Test func numberingSkipsTakenIds() {
    var ids = LayerIDs()
    let names = ["cell", "cell", "cell-3", "cell", "cell", "Cell", "", "", "a/b", "a_b", "cell-3", "cell-2"]
    let expected = ["cell", "cell-2", "cell-3", "cell-4", "cell-5", "Cell", "layer", "layer-2", "a_b", "a_b-2", "cell-3-2", "cell-2-2"]
    #expect(names.map { ids.unique($0) } == expected)
  }

  /// The numbered ids `row-10`, `row-20`, ..., `row-1000` (100 of them), then 200,000 copies of
  /// `row`: all ids differ. By hand: copy 1 is `row`; copy k >= 2 is `row-m` for the (k - 1)th
  /// number >= 2 that is not one of the 100 taken, so copy 10 is `row-11`, copy 19 `row-21`, and
  /// the last, 199,999 numbers on from 2 with 100 passed over, `row-200100`.
  @Test func manyCopiesOfOneNameStayUnique() {
    var ids = LayerIDs()
    var made = (1...100).map { ids.unique("row-\($0 * 10)") }
    #expect(made.first == "row-10" && made.last == "row-1000")
    let copies = (0..<200_000).map { _ in ids.unique("row") }
    made += copies
    #expect(Set(made).count == 200_100)
    #expect(copies[0] == "row")
    #expect(copies[1] == "row-2" && copies[8] == "row-9" && copies[9] == "row-11")
    #expect(copies[17] == "row-19" && copies[18] == "row-21")
    #expect(copies.last == "row-200100")
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
