/// `CATransform3D` as a value: a 4 x 4 matrix with Core Animation's member names, acting on row
/// vectors (a point (x, y, z, 1) times the matrix), so `m41`, `m42`, `m43` are the translation.
public struct Transform3D: Sendable, Hashable {
  public var m11, m12, m13, m14: Double
  public var m21, m22, m23, m24: Double
  public var m31, m32, m33, m34: Double
  public var m41, m42, m43, m44: Double

  public init(
    m11: Double = 1, m12: Double = 0, m13: Double = 0, m14: Double = 0,
    m21: Double = 0, m22: Double = 1, m23: Double = 0, m24: Double = 0,
    m31: Double = 0, m32: Double = 0, m33: Double = 1, m34: Double = 0,
    m41: Double = 0, m42: Double = 0, m43: Double = 0, m44: Double = 1
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  /// `CATransform3DIdentity`.
  public static let identity = Transform3D()

  /// A 2D affine transform in `CGAffineTransform`'s names, as `CATransform3DMakeAffineTransform`
  /// places it: a, b, c, d in m11, m12, m21, m22; tx, ty in m41, m42.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double = 0, ty: Double = 0) {
    self.init(m11: a, m12: b, m21: c, m22: d, m41: tx, m42: ty)
  }

  /// True when the layer's own points (z = 0) land where a 2D affine transform puts them: no
  /// perspective (m14, m24 zero and m44 one). A rotation about x or y without perspective is
  /// affine on the layer's plane: it only squashes it.
  public var isAffineOnLayerPlane: Bool { m14 == 0 && m24 == 0 && m44 == 1 }
}
