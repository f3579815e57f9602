// A stand-in for Apple's CoreGraphics: only what the UIKit side of LayerCapture uses, shaped as
// Apple declares it, each declaration with the documentation page it was taken from. The bodies
// are small in-memory fakes, so that a capture runs end to end on Linux; where a fake is simpler
// than Core Graphics, its comment says how.
//
// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` are Foundation's on this toolchain (they have
// Apple's shape: https://developer.apple.com/documentation/corefoundation/cgfloat,
// https://developer.apple.com/documentation/corefoundation/cgrect); they are re-exported here, as
// Apple's CoreGraphics re-exports CoreFoundation's.

@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.CGSize

// MARK: Core Foundation types (Apple declares these in CoreFoundation, which CoreGraphics
// re-exports; this toolchain has a CoreFoundation module of its own, so they are declared here)

/// https://developer.apple.com/documentation/corefoundation/cftypeid
public typealias CFTypeID = UInt

/// https://developer.apple.com/documentation/corefoundation/cfgettypeid(_:)
/// Apple: `func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID`. Fake: the type id of the stub's own
/// Core Foundation-like classes (`CGImage`, `CGColor`, ...); 0 for anything else.
public func CFGetTypeID(_ cf: AnyObject!) -> CFTypeID {
  guard let cf else { return 0 }
  return (cf as? any StubCFType)?.stubTypeID ?? 0
}

/// The fakes' own bookkeeping, not Apple API: the type id `CFGetTypeID` reports for a stub class.
public protocol StubCFType: AnyObject {
  /// Not Apple API: the id `CFGetTypeID` reports.
  var stubTypeID: CFTypeID { get }
}

/// https://developer.apple.com/documentation/corefoundation/cfstring
/// Fake: holds a Swift string.
public final class CFString: @unchecked Sendable {
  /// Not Apple API: the string (Apple bridges `String` and `CFString` with `as`).
  public let stubValue: String
  /// Not Apple API: a `CFString` of `stubValue`.
  public init(stubValue: String) { self.stubValue = stubValue }
}

/// https://developer.apple.com/documentation/corefoundation/cfdictionary
/// Only `nil` is ever passed (`options:` of `CGColor.converted`): no contents.
public final class CFDictionary {}

// MARK: Colours

/// https://developer.apple.com/documentation/coregraphics/cgcolorspace
/// `@unchecked Sendable`, as Apple's SDK marks it (iOS 7 and later).
public final class CGColorSpace: @unchecked Sendable {
  /// https://developer.apple.com/documentation/coregraphics/cgcolorspace/srgb
  public static let sRGB = CFString(stubValue: "kCGColorSpaceSRGB")
  /// https://developer.apple.com/documentation/coregraphics/cgcolorspace/displayp3
  public static let displayP3 = CFString(stubValue: "kCGColorSpaceDisplayP3")

  /// https://developer.apple.com/documentation/coregraphics/cgcolorspace/name
  public let name: CFString?

  /// https://developer.apple.com/documentation/coregraphics/cgcolorspace/init(name:)
  /// Fake: knows sRGB and Display P3 by name; nil for any other.
  public init?(name: CFString) {
    guard name.stubValue == CGColorSpace.sRGB.stubValue || name.stubValue == CGColorSpace.displayP3.stubValue else { return nil }
    self.name = name
  }
}

/// https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent
public enum CGColorRenderingIntent: Int32, Sendable {
  /// https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent/defaultintent
  case defaultIntent = 0
  /// https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent/absolutecolorimetric
  case absoluteColorimetric
  /// https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent/relativecolorimetric
  case relativeColorimetric
  /// https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent/perceptual
  case perceptual
  /// https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent/saturation
  case saturation
}

/// https://developer.apple.com/documentation/coregraphics/cgcolor
/// `@unchecked Sendable`, as Apple's SDK marks it (iOS 7 and later).
/// Fake: an RGBA colour in sRGB, or a pattern (no components convert to sRGB).
public final class CGColor: StubCFType, @unchecked Sendable {
  /// https://developer.apple.com/documentation/coregraphics/cgcolor/typeid
  public class var typeID: CFTypeID { 2 }
  /// Not Apple API: see `StubCFType`.
  public var stubTypeID: CFTypeID { CGColor.typeID }

  let rgba: [CGFloat]?
  /// https://developer.apple.com/documentation/coregraphics/cgcolor/alpha
  public let alpha: CGFloat

  /// https://developer.apple.com/documentation/coregraphics/cgcolor/init(srgbred:green:blue:alpha:)
  public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    rgba = [red, green, blue, alpha]
    self.alpha = alpha
  }

  /// Not Apple API: a pattern colour (Apple makes one with `CGColor(patternSpace:pattern:components:)`),
  /// which has no sRGB components.
  public init(stubPatternWithAlpha alpha: CGFloat) {
    rgba = nil
    self.alpha = alpha
  }

  /// https://developer.apple.com/documentation/coregraphics/cgcolor/components
  public var components: [CGFloat]? { rgba }

  /// https://developer.apple.com/documentation/coregraphics/cgcolor/converted(to:intent:options:)
  /// Fake: an sRGB colour converts to sRGB as itself; a pattern converts to nothing.
  public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent, options: CFDictionary?) -> CGColor? {
    guard rgba != nil, space.name?.stubValue == CGColorSpace.sRGB.stubValue else { return nil }
    return self
  }
}

// MARK: Paths

/// https://developer.apple.com/documentation/coregraphics/cgpathelementtype
public enum CGPathElementType: Int32, Sendable {
  /// https://developer.apple.com/documentation/coregraphics/cgpathelementtype/movetopoint
  case moveToPoint = 0
  /// https://developer.apple.com/documentation/coregraphics/cgpathelementtype/addlinetopoint
  case addLineToPoint
  /// https://developer.apple.com/documentation/coregraphics/cgpathelementtype/addquadcurvetopoint
  case addQuadCurveToPoint
  /// https://developer.apple.com/documentation/coregraphics/cgpathelementtype/addcurvetopoint
  case addCurveToPoint
  /// https://developer.apple.com/documentation/coregraphics/cgpathelementtype/closesubpath
  case closeSubpath
}

/// https://developer.apple.com/documentation/coregraphics/cgpathelement
public struct CGPathElement {
  /// https://developer.apple.com/documentation/coregraphics/cgpathelement/type
  public var type: CGPathElementType
  /// https://developer.apple.com/documentation/coregraphics/cgpathelement/points
  public var points: UnsafeMutablePointer<CGPoint>
}

/// https://developer.apple.com/documentation/coregraphics/cgpath
/// Not marked `Sendable` (the stricter reading). Fake: a list of elements.
public class CGPath: StubCFType {
  /// https://developer.apple.com/documentation/coregraphics/cgpath/typeid
  public class var typeID: CFTypeID { 3 }
  /// Not Apple API: see `StubCFType`.
  public var stubTypeID: CFTypeID { CGPath.typeID }

  var elements: [(CGPathElementType, [CGPoint])] = []

  init(elements: [(CGPathElementType, [CGPoint])]) { self.elements = elements }

  /// https://developer.apple.com/documentation/coregraphics/cgpath/init(rect:transform:)
  /// Fake: no transform is applied (pass nil). Elements as Core Graphics makes them: a move to
  /// the origin corner, three lines, a close.
  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(elements: CGPath.rectElements(rect))
  }

  /// https://developer.apple.com/documentation/coregraphics/cgpath/init(ellipsein:transform:)
  /// Fake: no transform is applied (pass nil). Four cubic curves through the midpoints of the
  /// rectangle's sides, from (maxX, midY), then a close.
  public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(elements: CGPath.ellipseElements(rect))
  }

  /// https://developer.apple.com/documentation/coregraphics/cgpath/init(roundedrect:cornerwidth:cornerheight:transform:)
  /// Fake: no transform is applied (pass nil). Each corner a quarter ellipse of the corner
  /// width and height (one cubic curve), joined by the sides' lines; corners of zero size make
  /// the plain rectangle of `init(rect:transform:)`.
  public convenience init(
    roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?
  ) {
    self.init(elements: CGPath.roundedRectElements(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight))
  }

  static func roundedRectElements(_ r: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) -> [(CGPathElementType, [CGPoint])] {
    let (w, h) = (min(max(cornerWidth, 0), r.width / 2), min(max(cornerHeight, 0), r.height / 2))
    guard w > 0, h > 0 else { return rectElements(r) }
    // The same control distance as the ellipse's quarters.
    let (kw, kh) = (0.5523 * w, 0.5523 * h)
    return [
      (.moveToPoint, [CGPoint(x: r.minX + w, y: r.minY)]),
      (.addLineToPoint, [CGPoint(x: r.maxX - w, y: r.minY)]),
      (
        .addCurveToPoint,
        [CGPoint(x: r.maxX - w + kw, y: r.minY), CGPoint(x: r.maxX, y: r.minY + h - kh), CGPoint(x: r.maxX, y: r.minY + h)]
      ),
      (.addLineToPoint, [CGPoint(x: r.maxX, y: r.maxY - h)]),
      (
        .addCurveToPoint,
        [CGPoint(x: r.maxX, y: r.maxY - h + kh), CGPoint(x: r.maxX - w + kw, y: r.maxY), CGPoint(x: r.maxX - w, y: r.maxY)]
      ),
      (.addLineToPoint, [CGPoint(x: r.minX + w, y: r.maxY)]),
      (
        .addCurveToPoint,
        [CGPoint(x: r.minX + w - kw, y: r.maxY), CGPoint(x: r.minX, y: r.maxY - h + kh), CGPoint(x: r.minX, y: r.maxY - h)]
      ),
      (.addLineToPoint, [CGPoint(x: r.minX, y: r.minY + h)]),
      (
        .addCurveToPoint,
        [CGPoint(x: r.minX, y: r.minY + h - kh), CGPoint(x: r.minX + w - kw, y: r.minY), CGPoint(x: r.minX + w, y: r.minY)]
      ),
      (.closeSubpath, []),
    ]
  }

  static func rectElements(_ r: CGRect) -> [(CGPathElementType, [CGPoint])] {
    [
      (.moveToPoint, [CGPoint(x: r.minX, y: r.minY)]), (.addLineToPoint, [CGPoint(x: r.maxX, y: r.minY)]),
      (.addLineToPoint, [CGPoint(x: r.maxX, y: r.maxY)]), (.addLineToPoint, [CGPoint(x: r.minX, y: r.maxY)]), (.closeSubpath, []),
    ]
  }

  static func ellipseElements(_ r: CGRect) -> [(CGPathElementType, [CGPoint])] {
    // 0.5523 is the usual cubic approximation of a quarter circle's control distance.
    let k: CGFloat = 0.5523
    let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
    return [
      (.moveToPoint, [CGPoint(x: r.maxX, y: cy)]),
      (.addCurveToPoint, [CGPoint(x: r.maxX, y: cy + k * ry), CGPoint(x: cx + k * rx, y: r.maxY), CGPoint(x: cx, y: r.maxY)]),
      (.addCurveToPoint, [CGPoint(x: cx - k * rx, y: r.maxY), CGPoint(x: r.minX, y: cy + k * ry), CGPoint(x: r.minX, y: cy)]),
      (.addCurveToPoint, [CGPoint(x: r.minX, y: cy - k * ry), CGPoint(x: cx - k * rx, y: r.minY), CGPoint(x: cx, y: r.minY)]),
      (.addCurveToPoint, [CGPoint(x: cx + k * rx, y: r.minY), CGPoint(x: r.maxX, y: cy - k * ry), CGPoint(x: r.maxX, y: cy)]),
      (.closeSubpath, []),
    ]
  }

  /// https://developer.apple.com/documentation/coregraphics/cgpath/applywithblock(_:)
  public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
    for (type, points) in elements {
      var storage = points.isEmpty ? [CGPoint.zero] : points
      storage.withUnsafeMutableBufferPointer { buffer in
        var element = CGPathElement(type: type, points: buffer.baseAddress!)
        withUnsafePointer(to: &element) { block($0) }
      }
    }
  }

  /// https://developer.apple.com/documentation/coregraphics/cgpath/boundingboxofpath
  /// Fake: the box of every point, control points included (Core Graphics leaves control points
  /// out; the shapes made here have none outside their box).
  public var boundingBoxOfPath: CGRect {
    let points = elements.flatMap(\.1)
    guard let first = points.first else { return .null }
    var box = CGRect(origin: first, size: .zero)
    for point in points.dropFirst() { box = box.union(CGRect(origin: point, size: .zero)) }
    return box
  }
}

/// https://developer.apple.com/documentation/coregraphics/cgmutablepath
public final class CGMutablePath: CGPath {
  /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/init()
  public init() { super.init(elements: []) }

  /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/move(to:transform:)
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) { elements.append((.moveToPoint, [point])) }

  /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/addline(to:transform:)
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) { elements.append((.addLineToPoint, [point])) }

  /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/closesubpath()
  public func closeSubpath() { elements.append((.closeSubpath, [])) }
}

/// https://developer.apple.com/documentation/corefoundation/cgaffinetransform
/// Only its identity is used (paths' `transform:` arguments).
public struct CGAffineTransform: Sendable, Equatable {
  /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/a (and b, c, d,
  /// tx, ty)
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
  /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/identity
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

// MARK: Images

/// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo
public enum CGImageAlphaInfo: UInt32, Sendable {
  /// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo/none
  case none = 0
  /// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo/premultipliedlast
  case premultipliedLast
  /// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo/premultipliedfirst
  case premultipliedFirst
  /// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo/last
  case last
  /// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo/first
  case first
  /// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo/noneskiplast
  case noneSkipLast
  /// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo/noneskipfirst
  case noneSkipFirst
  /// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo/alphaonly
  case alphaOnly
}

/// https://developer.apple.com/documentation/coregraphics/cgimage
/// `@unchecked Sendable`, as Apple's SDK marks it (iOS 7 and later). Fake: a bitmap's size and
/// format without pixels.
public final class CGImage: StubCFType, @unchecked Sendable {
  /// https://developer.apple.com/documentation/coregraphics/cgimage/typeid
  public class var typeID: CFTypeID { 1 }
  /// Not Apple API: see `StubCFType`.
  public var stubTypeID: CFTypeID { CGImage.typeID }

  /// https://developer.apple.com/documentation/coregraphics/cgimage/width
  public let width: Int
  /// https://developer.apple.com/documentation/coregraphics/cgimage/height
  public let height: Int
  /// https://developer.apple.com/documentation/coregraphics/cgimage/bitspercomponent
  public let bitsPerComponent: Int
  /// https://developer.apple.com/documentation/coregraphics/cgimage/alphainfo
  public let alphaInfo: CGImageAlphaInfo

  /// Not Apple API (Apple makes images with `CGImage(width:height:bitsPerComponent:...)` from
  /// pixel data, or decodes them): an image of this size and format, without pixels.
  public init(stubWidth width: Int, height: Int, bitsPerComponent: Int = 8, alphaInfo: CGImageAlphaInfo) {
    self.width = width
    self.height = height
    self.bitsPerComponent = bitsPerComponent
    self.alphaInfo = alphaInfo
  }
}
