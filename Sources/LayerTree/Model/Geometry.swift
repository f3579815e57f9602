import Foundation

/// A point, size and rectangle in points (or pixels where a name says so), as Core Graphics has them.
///
/// The small members are `@inlinable`: the simulation calls them for every layer in every frame,
/// from another module.
public struct Point: Sendable, Hashable {
  public var x: Double
  public var y: Double
  @inlinable
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
  public static let zero = Point(0, 0)
}

public struct Size: Sendable, Hashable {
  public var width: Double
  public var height: Double
  @inlinable
  public init(_ width: Double, _ height: Double) {
    self.width = width
    self.height = height
  }
  public static let zero = Size(0, 0)
}

public struct Rect: Sendable, Hashable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  @inlinable
  public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public static let zero = Rect(0, 0, 0, 0)

  @inlinable
  public var minX: Double { x }
  @inlinable
  public var minY: Double { y }
  @inlinable
  public var maxX: Double { x + width }
  @inlinable
  public var maxY: Double { y + height }
  @inlinable
  public var midX: Double { x + width / 2 }
  @inlinable
  public var midY: Double { y + height / 2 }
  @inlinable
  public var area: Double { width * height }
  @inlinable
  public var size: Size { Size(width, height) }
  /// True when the rectangle covers no area.
  @inlinable
  public var isEmpty: Bool { !(width > 0) || !(height > 0) }

  @inlinable @inline(__always)
  public func intersection(_ other: Rect) -> Rect {
    let x0 = Swift.max(minX, other.minX)
    let y0 = Swift.max(minY, other.minY)
    let x1 = Swift.min(maxX, other.maxX)
    let y1 = Swift.min(maxY, other.maxY)
    // Not `.zero`: a static property read from another module costs a call.
    if x1 <= x0 || y1 <= y0 { return Rect(0, 0, 0, 0) }
    return Rect(x0, y0, x1 - x0, y1 - y0)
  }

  @inlinable @inline(__always)
  public func union(_ other: Rect) -> Rect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    let x1 = Swift.max(maxX, other.maxX)
    let y1 = Swift.max(maxY, other.maxY)
    return Rect(x0, y0, x1 - x0, y1 - y0)
  }

  @inlinable
  public func offsetBy(_ dx: Double, _ dy: Double) -> Rect { Rect(x + dx, y + dy, width, height) }

  @inlinable
  public func insetBy(_ dx: Double, _ dy: Double) -> Rect {
    Rect(x + dx, y + dy, Swift.max(0, width - 2 * dx), Swift.max(0, height - 2 * dy))
  }

  /// True when `other` lies wholly inside this rectangle.
  @inlinable
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
  }

  public var description: String { "[\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width)), \(formatNumber(height))]" }
}

/// A layer's transform as a scene can state it: a scale, then a rotation, both about the layer's
/// anchor point (its centre unless `anchorPoint` says otherwise), then a translation, as
/// `CATransform3DTranslate(CATransform3DRotate(CATransform3DMakeScale(...)))` composes them for a
/// flat layer.
public struct Transform: Sendable, Hashable {
  /// Rotation in degrees; as with `CGAffineTransform(rotationAngle:)`, a positive angle turns
  /// clockwise on iOS's y-down screen.
  public var rotationDegrees: Double
  public var scaleX: Double
  public var scaleY: Double
  /// A move in points in the superlayer's coordinates, after the scale and rotation.
  public var translationX: Double
  public var translationY: Double

  @inlinable
  public init(rotationDegrees: Double = 0, scaleX: Double = 1, scaleY: Double = 1, translationX: Double = 0, translationY: Double = 0) {
    self.rotationDegrees = rotationDegrees
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.translationX = translationX
    self.translationY = translationY
  }

  public static let identity = Transform()

  @inlinable
  public var isIdentity: Bool { rotationDegrees == 0 && scaleX == 1 && scaleY == 1 && translationX == 0 && translationY == 0 }

  /// True when edges stay parallel to the screen's axes (rotation a multiple of 90 degrees).
  public var isAxisAligned: Bool {
    let remainder = rotationDegrees.truncatingRemainder(dividingBy: 90)
    return abs(remainder) < 1e-9
  }

  /// The axis-aligned bounding box of `rect` after this transform about the rect's centre.
  public func boundingBox(of rect: Rect) -> Rect {
    if isIdentity { return rect }
    if translationX != 0 || translationY != 0 {
      var turned = self
      turned.translationX = 0
      turned.translationY = 0
      return turned.boundingBox(of: rect).offsetBy(translationX, translationY)
    }
    let halfWidth = rect.width * abs(scaleX) / 2
    let halfHeight = rect.height * abs(scaleY) / 2
    let radians = rotationDegrees * Double.pi / 180
    let c = abs(cos(radians))
    let s = abs(sin(radians))
    let extentX = halfWidth * c + halfHeight * s
    let extentY = halfWidth * s + halfHeight * c
    return Rect(rect.midX - extentX, rect.midY - extentY, 2 * extentX, 2 * extentY)
  }
}

/// Prints a number without a trailing ".0" for whole values, and with at most 3 decimals.
public func formatNumber(_ value: Double) -> String {
  if !value.isFinite { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
  if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  // From 1e15 on a double holds at most a few fractional bits: printed as it is, since rounding
  // to thousandths multiplies by 1,000, which overflows to infinity past about 1.8e305.
  if abs(value) >= 1e15 { return String(value) }
  var text = String((value * 1000).rounded() / 1000)
  if text.hasSuffix(".0") { text.removeLast(2) }
  return text
}
