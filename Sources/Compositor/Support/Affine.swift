import Foundation
import LayerTree

/// A 2D affine transform, `x' = a x + c y + tx`, `y' = b x + d y + ty`, as `CGAffineTransform`.
struct Affine: Sendable, Hashable {
  var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

  static let identity = Affine()

  static func translation(_ x: Double, _ y: Double) -> Affine { Affine(tx: x, ty: y) }

  /// `self` applied after `other`: maps a point through `other`, then through `self`.
  @inline(__always)
  func concatenating(_ other: Affine) -> Affine {
    Affine(
      a: a * other.a + c * other.b, b: b * other.a + d * other.b,
      c: a * other.c + c * other.d, d: b * other.c + d * other.d,
      tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
  }

  /// The transform from a layer's bounds to its superlayer's: the frame's origin, and the
  /// layer's transform about its anchor point (`anchor` in unit coordinates; the centre by
  /// default), as `CALayer.transform` applies "relative to the layer's anchor point" (Apple).
  @inline(__always)
  static func layer(frame: Rect, transform: Transform, anchor: Point) -> Affine {
    if transform.isIdentity { return Affine(tx: frame.x, ty: frame.y) }
    return transformedLayer(frame: frame, transform: transform, anchor: anchor)
  }

  /// ``layer(frame:transform:anchor:)`` for a transform that is not the identity.
  @inline(never)
  private static func transformedLayer(frame: Rect, transform: Transform, anchor: Point) -> Affine {
    let radians = transform.rotationDegrees * Double.pi / 180
    let cosine = cos(radians)
    let sine = sin(radians)
    let anchorX = frame.width * anchor.x
    let anchorY = frame.height * anchor.y
    // translate(anchor's position) * rotate * scale * translate(-anchor): scaled first, then
    // rotated, then moved by the translation; on iOS's y-down screen a positive angle turns
    // clockwise.
    let linear = Affine(
      a: cosine * transform.scaleX, b: sine * transform.scaleX,
      c: -sine * transform.scaleY, d: cosine * transform.scaleY)
    let pivot = Affine.translation(frame.x + anchorX + transform.translationX, frame.y + anchorY + transform.translationY)
    return pivot.concatenating(linear).concatenating(.translation(-anchorX, -anchorY))
  }

  /// The axis-aligned bounding box of `rect` mapped through this transform.
  @inline(__always)
  func boundingBox(of rect: Rect) -> Rect {
    if b == 0 && c == 0 {
      let x0 = a * rect.minX + tx
      let x1 = a * rect.maxX + tx
      let y0 = d * rect.minY + ty
      let y1 = d * rect.maxY + ty
      return Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
    }
    return turnedBoundingBox(of: rect)
  }

  /// ``boundingBox(of:)`` for a transform that turns or shears: the four corners mapped.
  @inline(never)
  private func turnedBoundingBox(of rect: Rect) -> Rect {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
      let px = a * x + c * y + tx
      let py = b * x + d * y + ty
      minX = min(minX, px)
      maxX = max(maxX, px)
      minY = min(minY, py)
      maxY = max(maxY, py)
    }
    return Rect(minX, minY, maxX - minX, maxY - minY)
  }

  /// True when the transform keeps edges parallel to the screen's axes. Inlined: the decide pass
  /// asks it of every visited layer, and a call costs more than the test.
  var isAxisAligned: Bool {
    @inline(__always) get {
      let tolerance = 1e-9
      return (abs(b) < tolerance && abs(c) < tolerance) || (abs(a) < tolerance && abs(d) < tolerance)
    }
  }

  /// The scale along x and y (lengths of the mapped unit vectors).
  var scale: (x: Double, y: Double) { ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot()) }
}
