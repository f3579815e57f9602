/// A screen's pixel grid: snaps coordinates in points to whole pixels at the screen's scale.
///
/// Captured and imported frames carry rounding noise: UIKit works in `CGFloat` and lays out on
/// the pixel grid, but a `recursiveDescription` prints 6 significant digits (`48.3333` for
/// 145 / 3 pt on a 3x screen) and a captured `Float` property keeps 7. Left as they are, such
/// values put every image off the grid by a ten-thousandth of a pixel and make two captures of the
/// same screen differ in their last digits. A value within ``tolerance`` of a pixel edge is
/// moved onto it; a value further off is really off the grid (a misaligned image) and is kept,
/// rounded to 1/64 of a pixel so that it reads the same in every capture.
///
/// ```swift
/// PixelGrid(scale: 3).snap(48.3333)  // 145 / 3, on the grid
/// PixelGrid(scale: 2).snap(10.25)    // 10.25: half a pixel off, kept
/// ```
public struct PixelGrid: Sendable, Hashable {
  /// Pixels per point: the screen's scale.
  public var scale: Double

  /// How far from a pixel edge, in pixels, a value may be and still be taken as on it.
  public static let tolerance = 0.01

  public init(scale: Double) {
    self.scale = scale > 0 && scale.isFinite ? scale : 1
  }

  /// `value` in points, on the grid when it is within ``tolerance`` of it.
  public func snap(_ value: Double) -> Double {
    guard value.isFinite else { return value }
    let pixels = value * scale
    let nearest = pixels.rounded()
    if abs(pixels - nearest) <= Self.tolerance { return nearest / scale }
    return (pixels * 64).rounded() / 64 / scale
  }

  public func snap(_ point: Point) -> Point { Point(snap(point.x), snap(point.y)) }

  public func snap(_ size: Size) -> Size { Size(snap(size.width), snap(size.height)) }

  /// The rectangle with its origin and size snapped.
  public func snap(_ rect: Rect) -> Rect { Rect(snap(rect.x), snap(rect.y), snap(rect.width), snap(rect.height)) }
}
