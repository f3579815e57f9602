// A stand-in for Apple's QuartzCore (Core Animation): only what the UIKit side of LayerCapture
// uses, shaped as Apple declares it, each declaration with the documentation page it was taken
// from. `CALayer` and its subclasses are neither main-actor isolated nor `Sendable`, as in Apple's
// SDK (https://developer.apple.com/documentation/quartzcore/calayer: `class CALayer`).
//
// The bodies are in-memory fakes: properties are stored with the defaults the `CALayer`
// reference gives; there is no render tree, so nothing is drawn and `presentation()` is nil.

@_exported import CoreGraphics
@_exported import Foundation

/// https://developer.apple.com/documentation/quartzcore/catransform3d
public struct CATransform3D: Sendable {
  /// https://developer.apple.com/documentation/quartzcore/catransform3d/m11 (and the fifteen
  /// other members, each a `CGFloat`)
  public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
  public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
  public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
  public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

  /// https://developer.apple.com/documentation/quartzcore/catransform3d/init()
  /// All sixteen members zero, as for any imported C structure.
  public init() {
    (m11, m12, m13, m14, m21, m22, m23, m24) = (0, 0, 0, 0, 0, 0, 0, 0)
    (m31, m32, m33, m34, m41, m42, m43, m44) = (0, 0, 0, 0, 0, 0, 0, 0)
  }
}

/// https://developer.apple.com/documentation/quartzcore/catransform3didentity
public let CATransform3DIdentity: CATransform3D = {
  var t = CATransform3D()
  (t.m11, t.m22, t.m33, t.m44) = (1, 1, 1, 1)
  return t
}()

/// https://developer.apple.com/documentation/quartzcore/catransform3dmakescale(_:_:_:)
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  var t = CATransform3DIdentity
  (t.m11, t.m22, t.m33) = (sx, sy, sz)
  return t
}

/// https://developer.apple.com/documentation/quartzcore/cacornermask
public struct CACornerMask: OptionSet, Sendable {
  /// https://developer.apple.com/documentation/quartzcore/cacornermask/rawvalue
  public let rawValue: UInt
  /// https://developer.apple.com/documentation/quartzcore/cacornermask/init(rawvalue:)
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// https://developer.apple.com/documentation/quartzcore/cacornermask/layerminxminycorner
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
  /// https://developer.apple.com/documentation/quartzcore/cacornermask/layermaxxminycorner
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
  /// https://developer.apple.com/documentation/quartzcore/cacornermask/layerminxmaxycorner
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
  /// https://developer.apple.com/documentation/quartzcore/cacornermask/layermaxxmaxycorner
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// https://developer.apple.com/documentation/quartzcore/calayercornercurve
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
  /// https://developer.apple.com/documentation/quartzcore/calayercornercurve/rawvalue
  public let rawValue: String
  /// https://developer.apple.com/documentation/quartzcore/calayercornercurve/init(rawvalue:)
  public init(rawValue: String) { self.rawValue = rawValue }
  /// https://developer.apple.com/documentation/quartzcore/calayercornercurve/circular
  public static let circular = CALayerCornerCurve(rawValue: "circular")
  /// https://developer.apple.com/documentation/quartzcore/calayercornercurve/continuous
  public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// https://developer.apple.com/documentation/quartzcore/calayercontentsgravity
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsgravity/rawvalue
  public let rawValue: String
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsgravity/init(rawvalue:)
  public init(rawValue: String) { self.rawValue = rawValue }
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsgravity/center
  public static let center = CALayerContentsGravity(rawValue: "center")
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsgravity/resize
  public static let resize = CALayerContentsGravity(rawValue: "resize")
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsgravity/resizeaspect
  public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsgravity/resizeaspectfill
  public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// https://developer.apple.com/documentation/quartzcore/calayercontentsformat
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsformat/rawvalue
  public let rawValue: String
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsformat/init(rawvalue:)
  public init(rawValue: String) { self.rawValue = rawValue }
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsformat/rgba8uint
  public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsformat/rgba16float
  public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
  /// https://developer.apple.com/documentation/quartzcore/calayercontentsformat/gray8uint
  public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// https://developer.apple.com/documentation/quartzcore/calayerdelegate
/// `protocol CALayerDelegate : NSObjectProtocol`. Every method of Apple's protocol is optional;
/// none is used, so none is declared.
public protocol CALayerDelegate: NSObjectProtocol {}

/// https://developer.apple.com/documentation/quartzcore/caanimation
open class CAAnimation: NSObject {}

/// https://developer.apple.com/documentation/quartzcore/capropertyanimation
open class CAPropertyAnimation: CAAnimation {
  /// https://developer.apple.com/documentation/quartzcore/capropertyanimation/keypath
  open var keyPath: String?
  /// https://developer.apple.com/documentation/quartzcore/capropertyanimation/init(keypath:)
  public convenience init(keyPath path: String?) {
    self.init()
    keyPath = path
  }
}

/// https://developer.apple.com/documentation/quartzcore/cabasicanimation
open class CABasicAnimation: CAPropertyAnimation {}

/// https://developer.apple.com/documentation/quartzcore/calayer
open class CALayer: NSObject {
  /// https://developer.apple.com/documentation/quartzcore/calayer/init()
  public override init() { super.init() }

  // MARK: Geometry

  /// https://developer.apple.com/documentation/quartzcore/calayer/position
  open var position: CGPoint = .zero
  /// https://developer.apple.com/documentation/quartzcore/calayer/bounds
  open var bounds: CGRect = .zero
  /// https://developer.apple.com/documentation/quartzcore/calayer/anchorpoint
  open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
  /// https://developer.apple.com/documentation/quartzcore/calayer/transform
  open var transform: CATransform3D = CATransform3DIdentity
  /// https://developer.apple.com/documentation/quartzcore/calayer/sublayertransform
  open var sublayerTransform: CATransform3D = CATransform3DIdentity
  /// https://developer.apple.com/documentation/quartzcore/calayer/frame
  /// Fake: the untransformed frame (Core Animation's is the transformed bounding box).
  open var frame: CGRect {
    get {
      CGRect(
        x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height, width: bounds.width,
        height: bounds.height)
    }
    set {
      bounds.size = newValue.size
      position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
    }
  }

  // MARK: Appearance

  /// https://developer.apple.com/documentation/quartzcore/calayer/cornerradius
  open var cornerRadius: CGFloat = 0
  /// https://developer.apple.com/documentation/quartzcore/calayer/maskedcorners
  open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
  /// https://developer.apple.com/documentation/quartzcore/calayer/cornercurve
  open var cornerCurve: CALayerCornerCurve = .circular
  /// https://developer.apple.com/documentation/quartzcore/calayer/maskstobounds
  open var masksToBounds = false
  /// https://developer.apple.com/documentation/quartzcore/calayer/opacity
  open var opacity: Float = 1
  /// https://developer.apple.com/documentation/quartzcore/calayer/allowsgroupopacity
  open var allowsGroupOpacity = true
  /// https://developer.apple.com/documentation/quartzcore/calayer/ishidden
  open var isHidden = false
  /// https://developer.apple.com/documentation/quartzcore/calayer/isopaque
  open var isOpaque = false
  /// https://developer.apple.com/documentation/quartzcore/calayer/backgroundcolor
  open var backgroundColor: CGColor?
  /// https://developer.apple.com/documentation/quartzcore/calayer/borderwidth
  open var borderWidth: CGFloat = 0
  /// https://developer.apple.com/documentation/quartzcore/calayer/bordercolor
  open var borderColor: CGColor? = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
  /// https://developer.apple.com/documentation/quartzcore/calayer/shadowopacity
  open var shadowOpacity: Float = 0
  /// https://developer.apple.com/documentation/quartzcore/calayer/shadowradius
  open var shadowRadius: CGFloat = 3
  /// https://developer.apple.com/documentation/quartzcore/calayer/shadowoffset
  open var shadowOffset = CGSize(width: 0, height: -3)
  /// https://developer.apple.com/documentation/quartzcore/calayer/shadowcolor
  open var shadowColor: CGColor? = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
  /// https://developer.apple.com/documentation/quartzcore/calayer/shadowpath
  open var shadowPath: CGPath?
  /// https://developer.apple.com/documentation/quartzcore/calayer/shouldrasterize
  open var shouldRasterize = false
  /// https://developer.apple.com/documentation/quartzcore/calayer/rasterizationscale
  open var rasterizationScale: CGFloat = 1
  /// https://developer.apple.com/documentation/quartzcore/calayer/allowsedgeantialiasing
  open var allowsEdgeAntialiasing = false
  /// https://developer.apple.com/documentation/quartzcore/calayer/compositingfilter
  open var compositingFilter: Any?

  // MARK: Contents

  /// https://developer.apple.com/documentation/quartzcore/calayer/contents
  open var contents: Any?
  /// https://developer.apple.com/documentation/quartzcore/calayer/contentsformat
  open var contentsFormat: CALayerContentsFormat = .RGBA8Uint
  /// https://developer.apple.com/documentation/quartzcore/calayer/contentsgravity
  open var contentsGravity: CALayerContentsGravity = .resize
  /// https://developer.apple.com/documentation/quartzcore/calayer/contentsscale
  open var contentsScale: CGFloat = 1
  /// https://developer.apple.com/documentation/quartzcore/calayer/displayifneeded()
  /// Fake: draws nothing (no backing store is ever made).
  open func displayIfNeeded() {}

  // MARK: Tree

  /// https://developer.apple.com/documentation/quartzcore/calayer/name
  open var name: String?
  /// https://developer.apple.com/documentation/quartzcore/calayer/delegate
  open weak var delegate: (any CALayerDelegate)?
  /// https://developer.apple.com/documentation/quartzcore/calayer/superlayer
  open private(set) weak var superlayer: CALayer?
  /// https://developer.apple.com/documentation/quartzcore/calayer/mask
  open var mask: CALayer?
  /// https://developer.apple.com/documentation/quartzcore/calayer/sublayers
  open var sublayers: [CALayer]? {
    get { children.isEmpty ? nil : children }
    set {
      for child in children { child.superlayer = nil }
      children = []
      for child in newValue ?? [] { addSublayer(child) }
    }
  }
  private var children: [CALayer] = []

  /// https://developer.apple.com/documentation/quartzcore/calayer/addsublayer(_:)
  open func addSublayer(_ layer: CALayer) {
    layer.removeFromSuperlayer()
    children.append(layer)
    layer.superlayer = self
  }

  /// https://developer.apple.com/documentation/quartzcore/calayer/removefromsuperlayer()
  open func removeFromSuperlayer() {
    guard let parent = superlayer else { return }
    parent.children.removeAll { $0 === self }
    superlayer = nil
  }

  // MARK: Animations

  private var animations: [(key: String, animation: CAAnimation)] = []

  /// https://developer.apple.com/documentation/quartzcore/calayer/add(_:forkey:)
  /// Fake: kept by key (a nil key gets a made-up one); nothing runs.
  open func add(_ anim: CAAnimation, forKey key: String?) {
    let key = key ?? "animation-\(animations.count)"
    animations.removeAll { $0.key == key }
    animations.append((key, anim))
  }

  /// https://developer.apple.com/documentation/quartzcore/calayer/animationkeys()
  open func animationKeys() -> [String]? { animations.isEmpty ? nil : animations.map(\.key) }

  /// https://developer.apple.com/documentation/quartzcore/calayer/removeallanimations()
  open func removeAllAnimations() { animations = [] }

  /// https://developer.apple.com/documentation/quartzcore/calayer/presentation()
  /// Fake: nil, as for a layer never committed to the render tree (there is none here).
  open func presentation() -> Self? { nil }
}

/// https://developer.apple.com/documentation/quartzcore/cashapelayer
open class CAShapeLayer: CALayer {
  /// https://developer.apple.com/documentation/quartzcore/cashapelayer/path
  open var path: CGPath?
  /// https://developer.apple.com/documentation/quartzcore/cashapelayer/fillcolor
  open var fillColor: CGColor? = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
  /// https://developer.apple.com/documentation/quartzcore/cashapelayer/strokecolor
  open var strokeColor: CGColor?
  /// https://developer.apple.com/documentation/quartzcore/cashapelayer/linewidth
  open var lineWidth: CGFloat = 1
}

/// https://developer.apple.com/documentation/quartzcore/cagradientlayer
open class CAGradientLayer: CALayer {
  /// https://developer.apple.com/documentation/quartzcore/cagradientlayer/colors
  open var colors: [Any]?
}

/// https://developer.apple.com/documentation/quartzcore/catransformlayer
open class CATransformLayer: CALayer {}

/// https://developer.apple.com/documentation/quartzcore/careplicatorlayer
open class CAReplicatorLayer: CALayer {
  /// https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancecount
  open var instanceCount = 1
  /// https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancetransform
  open var instanceTransform: CATransform3D = CATransform3DIdentity
  /// https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancecolor
  open var instanceColor: CGColor? = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
  /// https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instanceredoffset
  open var instanceRedOffset: Float = 0
  /// https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancegreenoffset
  open var instanceGreenOffset: Float = 0
  /// https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instanceblueoffset
  open var instanceBlueOffset: Float = 0
  /// https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancealphaoffset
  open var instanceAlphaOffset: Float = 0
}
