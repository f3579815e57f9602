import Foundation

extension Transform {
  /// The scene's transform (a scale along the layer's own axes, then a rotation) closest to a 2D
  /// affine transform's linear part, in `CGAffineTransform`'s names: a point (x, y) goes to
  /// (a x + c y, b x + d y).
  ///
  /// `CGAffineTransform(rotationAngle: θ).scaledBy(x: sx, y: sy)` has a = sx cos θ,
  /// b = sx sin θ, c = -sy sin θ, d = sy cos θ; this reads θ and sx from the first column
  /// (`atan2(b, a)`, `hypot(a, b)`) and sy from the second column along the turned y axis, so a
  /// reflection comes out as a negative sy. What the scene cannot state is returned as `shear`:
  /// the second column's part along the turned x axis (c cos θ + d sin θ), 0 for any rotation
  /// and scale. A sheared layer keeps its rotation, x scale and area.
  ///
  /// Angles are rounded to a millionth of a degree and scales to 1e-9, so a transform read
  /// twice gives the same value.
  public static func decomposing(a: Double, b: Double, c: Double, d: Double) -> (transform: Transform, shear: Double) {
    let scaleX = hypot(a, b)
    let angle = scaleX > 0 ? atan2(b, a) : 0
    let cosine = cos(angle)
    let sine = sin(angle)
    let scaleY = d * cosine - c * sine
    let shear = c * cosine + d * sine
    var degrees = angle * 180 / Double.pi
    degrees = (degrees * 1e6).rounded() / 1e6
    if degrees <= -180 { degrees += 360 }
    if degrees == 0 { degrees = 0 }  // no -0 in files
    func rounded(_ value: Double) -> Double {
      let result = (value * 1e9).rounded() / 1e9
      return result == 0 ? 0 : result
    }
    return (Transform(rotationDegrees: degrees, scaleX: rounded(scaleX), scaleY: rounded(scaleY)), rounded(shear))
  }
}
