// A stand-in for Apple's UIKit: only what the UIKit side of LayerCapture and RenderCost uses, what
// Examples/FeedExample's screen uses (Sources/FeedScreen, compiled here as the FeedScreen target)
// and what a test needs to build a screen, shaped as Apple's iOS 18 SDK declares it, each
// declaration with the documentation page it was taken from. The view and controller classes
// here are `@MainActor`, as Apple's are (`@MainActor class UIView`, `UIViewController`,
// `UIResponder`, `UIScreen`, `UIDevice`, `UIVisualEffect`); `UITraitCollection`, `UIImage`,
// `UIColor`, `UIFont`, `UIBezierPath` and the graphics renderers are nonisolated, as Apple leaves
// them (their pages declare `class UIColor`, `class UIGraphicsImageRenderer`, ...).
//
// The bodies are small in-memory fakes: a view keeps its layer's sublayers in step with its
// subviews, as UIKit does; a view controller makes its view on first use; a table view asks its
// data source for the cells its bounds show and reuses the ones scrolled away; an image view
// shows its image as its layer's contents; an image renderer makes an image of the right pixel
// size without drawing it. Where a fake is simpler than UIKit its comment says how.

@_exported import CoreGraphics
@_exported import Foundation
@_exported import QuartzCore

// MARK: Index paths (UIKit's additions to Foundation's IndexPath)

extension IndexPath {
  /// https://developer.apple.com/documentation/foundation/indexpath/init(row:section:)
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
  /// https://developer.apple.com/documentation/foundation/indexpath/init(item:section:)
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  /// https://developer.apple.com/documentation/foundation/indexpath/section
  public var section: Int { count > 0 ? self[0] : 0 }
  /// https://developer.apple.com/documentation/foundation/indexpath/row
  public var row: Int { count > 1 ? self[1] : 0 }
  /// https://developer.apple.com/documentation/foundation/indexpath/item
  public var item: Int { count > 1 ? self[1] : 0 }
}

// MARK: Responders and views

/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor open class UIResponder: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiaccessibilityidentification
/// `protocol UIAccessibilityIdentification : NSObjectProtocol`. The page shows no isolation;
/// UIKit's newer headers make it main-thread only: modelled `@MainActor` (the stricter).
@MainActor public protocol UIAccessibilityIdentification: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uiaccessibilityidentification/accessibilityidentifier
  var accessibilityIdentifier: String? { get set }
}

/// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: UIResponder, CALayerDelegate, UIAccessibilityIdentification {
  /// https://developer.apple.com/documentation/uikit/uiview/layer
  /// Fake: always a plain `CALayer` (`layerClass` is not modelled); its `delegate` is the view,
  /// and its `contentsScale` the main screen's scale (the `contentsScale` reference: a view sets
  /// its layer's to the scale of its screen; here, always the main one).
  public let layer: CALayer

  /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
  public init(frame: CGRect) {
    layer = CALayer()
    super.init()
    layer.delegate = self
    layer.contentsScale = UIScreen.main.scale
    self.frame = frame
  }

  /// `required init?(coder: NSCoder)`, required of every subclass that declares an initializer of
  /// its own, as `NSCoding` makes it in Apple's SDK. The page of `UIView`'s `init(coder:)` was not
  /// in the documentation the stubs were checked against; the pages of UIView subclasses show it
  /// as `@MainActor @preconcurrency required dynamic init?(coder: NSCoder)`, e.g.
  /// https://developer.apple.com/documentation/roomplan/roomcaptureview/init(coder:) ("inherits
  /// from UIView"). Fake: nothing is decoded: an empty view with a zero frame.
  public required init?(coder: NSCoder) {
    layer = CALayer()
    super.init()
    layer.delegate = self
    layer.contentsScale = UIScreen.main.scale
  }

  /// `UIView()`: NSObject's `init()`, which UIKit answers as `init(frame:)` with a zero
  /// rectangle (https://developer.apple.com/documentation/uikit/uiview/init(frame:)). A subclass
  /// that overrides every designated initializer (`init(frame:)` and `init(coder:)`) inherits it,
  /// as `UIImageView` does here.
  public override convenience init() { self.init(frame: .zero) }

  /// https://developer.apple.com/documentation/uikit/uiview/frame
  /// Fake: the layer's untransformed frame; a change of size resizes the subviews by their
  /// `autoresizingMask`.
  open var frame: CGRect {
    get { layer.frame }
    set {
      let old = layer.bounds.size
      layer.frame = newValue
      resizeSubviews(from: old)
    }
  }

  /// https://developer.apple.com/documentation/uikit/uiview/bounds
  /// Fake: a change of size resizes the subviews by their `autoresizingMask`.
  open var bounds: CGRect {
    get { layer.bounds }
    set {
      let old = layer.bounds.size
      layer.bounds = newValue
      resizeSubviews(from: old)
    }
  }

  /// https://developer.apple.com/documentation/uikit/uiview/backgroundcolor
  /// `@NSCopying var backgroundColor: UIColor? { get set }`. Fake: kept, and set as the layer's
  /// `backgroundColor` (its `cgColor`), as UIKit does.
  open var backgroundColor: UIColor? {
    didSet { layer.backgroundColor = backgroundColor?.cgColor }
  }

  /// https://developer.apple.com/documentation/uikit/uiview/ishidden
  /// Fake: the layer's `isHidden`, as UIKit's is.
  open var isHidden: Bool {
    get { layer.isHidden }
    set { layer.isHidden = newValue }
  }

  /// https://developer.apple.com/documentation/uikit/uiview/clipstobounds
  /// Fake: the layer's `masksToBounds`, as UIKit's is. (The page notes that some subclasses,
  /// `UIScrollView` among them, make it true by default; the fake scroll view does not.)
  open var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }

  /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct
  /// Only the two options the stubs' users set.
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblewidth
    /// (UIKit's header: `UIViewAutoresizingFlexibleWidth = 1 << 1`)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibleheight
    /// (UIKit's header: `UIViewAutoresizingFlexibleHeight = 1 << 4`)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  }

  /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.property
  /// Fake: when the superview's size changes, a flexible width or height takes the whole change
  /// (UIKit shares it with flexible margins, which are not modelled).
  open var autoresizingMask: UIView.AutoresizingMask = []

  private func resizeSubviews(from old: CGSize) {
    let new = layer.bounds.size
    guard new != old else { return }
    for view in subviews where !view.autoresizingMask.isEmpty {
      var frame = view.frame
      if view.autoresizingMask.contains(.flexibleWidth) { frame.size.width += new.width - old.width }
      if view.autoresizingMask.contains(.flexibleHeight) { frame.size.height += new.height - old.height }
      view.frame = frame
    }
  }

  /// https://developer.apple.com/documentation/uikit/uiaccessibilityidentification/accessibilityidentifier
  open var accessibilityIdentifier: String?

  /// https://developer.apple.com/documentation/uikit/uiview/superview
  open private(set) weak var superview: UIView?

  /// https://developer.apple.com/documentation/uikit/uiview/subviews
  open private(set) var subviews: [UIView] = []

  /// https://developer.apple.com/documentation/uikit/uiview/window
  /// Fake: the nearest `UIWindow` among the superviews.
  open var window: UIWindow? {
    var current = superview
    while let view = current {
      if let window = view as? UIWindow { return window }
      current = view.superview
    }
    return nil
  }

  /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
  /// As UIKit: the view leaves its old superview, goes in front, and its layer becomes the last
  /// sublayer of this view's layer.
  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
    layer.addSublayer(view.layer)
  }

  /// https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()
  open func removeFromSuperview() {
    guard let parent = superview else { return }
    parent.subviews.removeAll { $0 === self }
    superview = nil
    layer.removeFromSuperlayer()
  }

  /// https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()
  open func layoutSubviews() {}

  /// https://developer.apple.com/documentation/uikit/uiview/setneedslayout()
  /// Fake: nothing to note: `layoutIfNeeded` lays out every view each time.
  open func setNeedsLayout() {}

  /// https://developer.apple.com/documentation/uikit/uiview/layoutifneeded()
  /// Fake: lays out this view and every view under it, each time (UIKit lays out only views
  /// marked as needing it).
  open func layoutIfNeeded() {
    layoutSubviews()
    for view in subviews { view.layoutIfNeeded() }
  }

  /// https://developer.apple.com/documentation/uikit/uiview/draw(_:)
  open func draw(_ rect: CGRect) {}

  /// https://developer.apple.com/documentation/uikit/uiview/constraints
  /// `var constraints: [NSLayoutConstraint] { get }` (iOS 6.0): the constraints held by the view.
  /// Fake: those added with `addConstraint(_:)`; nothing is solved.
  open private(set) var constraints: [NSLayoutConstraint] = []

  /// https://developer.apple.com/documentation/uikit/uiview/addconstraint(_:)
  /// `func addConstraint(_ constraint: NSLayoutConstraint)` (iOS 6.0). Fake: the view holds it;
  /// that it relates only the view and its subviews is not checked.
  open func addConstraint(_ constraint: NSLayoutConstraint) { constraints.append(constraint) }

  /// https://developer.apple.com/documentation/uikit/uitraitenvironment/traitcollection
  /// Fake: only the display scale, of the window's screen or else the main screen.
  open var traitCollection: UITraitCollection {
    UITraitCollection(displayScale: window?.screen.scale ?? UIScreen.main.scale)
  }
}

/// https://developer.apple.com/documentation/uikit/nslayoutconstraint
/// `@MainActor class NSLayoutConstraint` (iOS 6.0). Fake: keeps nothing of what it relates; views
/// only count the constraints they hold.
@MainActor open class NSLayoutConstraint: NSObject {
  /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/attribute
  /// Only the cases the stubs' users name, with the raw values of UIKit's header
  /// (`NSLayoutAttributeTop = 3`, `Leading = 5`, `Width = 7`, `Height = 8`,
  /// `NotAnAttribute = 0`).
  public enum Attribute: Int, Sendable {
    case notAnAttribute = 0
    case top = 3
    case leading = 5
    case width = 7
    case height = 8
  }

  /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/relation-swift.enum
  /// UIKit's header: `NSLayoutRelationLessThanOrEqual = -1`, `Equal = 0`,
  /// `GreaterThanOrEqual = 1`.
  public enum Relation: Int, Sendable {
    case lessThanOrEqual = -1
    case equal = 0
    case greaterThanOrEqual = 1
  }

  /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/init(item:attribute:relatedby:toitem:attribute:multiplier:constant:)
  /// `convenience init(item view1: Any, attribute attr1: NSLayoutConstraint.Attribute, relatedBy
  /// relation: NSLayoutConstraint.Relation, toItem view2: Any?, attribute attr2:
  /// NSLayoutConstraint.Attribute, multiplier: CGFloat, constant c: CGFloat)`.
  public convenience init(
    item view1: Any, attribute attr1: NSLayoutConstraint.Attribute, relatedBy relation: NSLayoutConstraint.Relation, toItem view2: Any?,
    attribute attr2: NSLayoutConstraint.Attribute, multiplier: CGFloat, constant c: CGFloat
  ) {
    self.init()
  }
}

/// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {
  /// https://developer.apple.com/documentation/uikit/uiwindow/screen
  open var screen: UIScreen = UIScreen.main

  /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
  /// As the page says: the controller's view (made now if it was not) replaces the old one as
  /// the window's content view, the window's size, and tracks the window's size.
  open var rootViewController: UIViewController? {
    didSet {
      if oldValue !== rootViewController { oldValue?.viewIfLoaded?.removeFromSuperview() }
      guard let view = rootViewController?.view else { return }
      view.frame = CGRect(origin: .zero, size: bounds.size)
      view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      addSubview(view)
    }
  }

  /// https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible()
  /// Fake: nothing to show it on; windows are neither key nor hidden here.
  open func makeKeyAndVisible() {}
}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
/// `@MainActor class UIViewController`. Fake: no nib is ever loaded; `loadView()` makes a plain
/// view.
@MainActor open class UIViewController: UIResponder {
  private var loadedView: UIView?

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
  /// The designated initializer. Fake: the nib name and bundle are not kept.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

  /// `required init?(coder: NSCoder)`: its page was not in the documentation the stubs were
  /// checked against; subclasses' pages show it required, e.g.
  /// https://developer.apple.com/documentation/swiftui/uihostingcontroller/init(coder:). Fake:
  /// nothing is decoded.
  public required init?(coder: NSCoder) { super.init() }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
  /// `var view: UIView! { get set }`. As the page says: read while nil, it is loaded
  /// (`loadView()`, then `viewDidLoad()`).
  open var view: UIView! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set { loadedView = newValue }
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewifloaded
  open var viewIfLoaded: UIView? { loadedView }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/loadview()
  /// Without a nib, a plain view, as the page says. Fake: the main screen's size (UIKit sizes it
  /// to where it is shown; a window's `rootViewController` resizes it to the window).
  open func loadView() { view = UIView(frame: UIScreen.main.bounds) }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
  open func viewDidLoad() {}

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/loadviewifneeded()
  open func loadViewIfNeeded() {
    guard loadedView == nil else { return }
    loadView()
    viewDidLoad()
  }
}

/// https://developer.apple.com/documentation/uikit/uiscreen
@MainActor open class UIScreen: NSObject {
  /// https://developer.apple.com/documentation/uikit/uiscreen/main
  /// `class var main: UIScreen { get }`. The iOS 16 to 18 SDKs mark it to be deprecated (no
  /// warning yet); the iOS 26 SDK deprecates it at 26.0, which is modelled (the stricter). Fake:
  /// an iPhone 13 Pro's screen (390 x 844 pt @3x, 120 Hz).
  @available(iOS, deprecated: 26.0)
  open class var main: UIScreen { mainScreen }
  private static let mainScreen = UIScreen(
    bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: mainScreenScale, maximumFramesPerSecond: 120)

  /// https://developer.apple.com/documentation/uikit/uiscreen/bounds
  public let bounds: CGRect
  /// https://developer.apple.com/documentation/uikit/uiscreen/scale
  public let scale: CGFloat
  /// https://developer.apple.com/documentation/uikit/uiscreen/maximumframespersecond
  public let maximumFramesPerSecond: Int

  init(bounds: CGRect, scale: CGFloat, maximumFramesPerSecond: Int) {
    self.bounds = bounds
    self.scale = scale
    self.maximumFramesPerSecond = maximumFramesPerSecond
  }
}

/// The main screen's scale, readable off the main actor: the image renderer's default format
/// takes it (https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat/scale).
let mainScreenScale: CGFloat = 3

/// https://developer.apple.com/documentation/uikit/uidevice
@MainActor open class UIDevice: NSObject {
  /// https://developer.apple.com/documentation/uikit/uidevice/current
  open class var current: UIDevice { currentDevice }
  private static let currentDevice = UIDevice()
  /// https://developer.apple.com/documentation/uikit/uidevice/systemversion
  /// Fake: "18.0".
  open var systemVersion: String { "18.0" }
}

/// https://developer.apple.com/documentation/uikit/uitraitcollection
/// `class UITraitCollection`: not main-actor isolated. Not marked `Sendable` here (the stricter
/// reading). Fake: the display scale alone.
open class UITraitCollection: NSObject {
  /// https://developer.apple.com/documentation/uikit/uitraitcollection/displayscale
  public let displayScale: CGFloat
  /// https://developer.apple.com/documentation/uikit/uitraitcollection/init(displayscale:)
  public init(displayScale scale: CGFloat) {
    displayScale = scale
    super.init()
  }
}

// MARK: Images and text

/// https://developer.apple.com/documentation/uikit/uiimage
/// Nonisolated, as in Apple's SDK; not marked `Sendable` here (the stricter reading).
open class UIImage: NSObject {
  /// https://developer.apple.com/documentation/uikit/uiimage/cgimage
  public let cgImage: CGImage?
  /// https://developer.apple.com/documentation/uikit/uiimage/scale
  public let scale: CGFloat
  /// https://developer.apple.com/documentation/uikit/uiimage/init(cgimage:)
  public init(cgImage: CGImage) {
    self.cgImage = cgImage
    scale = 1
  }

  /// An image of `scale` pixels a point, as an image renderer makes it.
  init(cgImage: CGImage, scale: CGFloat) {
    self.cgImage = cgImage
    self.scale = scale
  }
  /// https://developer.apple.com/documentation/uikit/uiimage/size
  open var size: CGSize {
    guard let cgImage else { return .zero }
    return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
  }
}

/// https://developer.apple.com/documentation/uikit/uiimageview
@MainActor open class UIImageView: UIView {
  /// https://developer.apple.com/documentation/uikit/uiimageview/init(image:)
  /// As UIKit: the view takes the image's size.
  public init(image: UIImage?) {
    self.image = image
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    layer.contents = image?.cgImage
  }

  /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
  /// No image. Overriding it (and `init(coder:)`) gives `UIImageView()`, as in Apple's SDK.
  public override init(frame: CGRect) { super.init(frame: frame) }

  /// See `UIView.init(coder:)`.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// https://developer.apple.com/documentation/uikit/uiimageview/image
  /// Fake: shown as the layer's `contents` (the image's `CGImage`).
  open var image: UIImage? {
    didSet { layer.contents = image?.cgImage }
  }
}

/// https://developer.apple.com/documentation/uikit/uilabel
@MainActor open class UILabel: UIView {
  /// https://developer.apple.com/documentation/uikit/uilabel/text
  /// Fake: setting it sets `attributedText` to the same characters, as UIKit does.
  open var text: String? {
    get { storedText }
    set {
      storedText = newValue
      storedAttributedText = newValue.map { NSAttributedString(string: $0) }
    }
  }

  /// https://developer.apple.com/documentation/uikit/uilabel/attributedtext
  open var attributedText: NSAttributedString? {
    get { storedAttributedText }
    set {
      storedAttributedText = newValue
      storedText = newValue?.string
    }
  }

  /// https://developer.apple.com/documentation/uikit/uilabel/font
  /// `var font: UIFont! { get set }`: the system font of 17 points by default, and again when set
  /// to nil, as the page says. Fake: the capture reads characters, not the font.
  open var font: UIFont! {
    get { storedFont ?? .systemFont(ofSize: 17) }
    set { storedFont = newValue }
  }

  private var storedText: String?
  private var storedAttributedText: NSAttributedString?
  private var storedFont: UIFont?
}

// MARK: Visual effects

/// https://developer.apple.com/documentation/uikit/uivisualeffect
@MainActor open class UIVisualEffect: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiblureffect
@MainActor open class UIBlurEffect: UIVisualEffect {
  /// https://developer.apple.com/documentation/uikit/uiblureffect/style
  public enum Style: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uiblureffect/style/regular
    case regular = 4
    /// https://developer.apple.com/documentation/uikit/uiblureffect/style/systemmaterial
    case systemMaterial = 8
    /// https://developer.apple.com/documentation/uikit/uiblureffect/style/systemthinmaterial
    case systemThinMaterial = 7
  }
  /// https://developer.apple.com/documentation/uikit/uiblureffect/style
  public let style: Style
  /// https://developer.apple.com/documentation/uikit/uiblureffect/init(style:)
  public init(style: UIBlurEffect.Style) {
    self.style = style
    super.init()
  }
}

/// https://developer.apple.com/documentation/uikit/uivibrancyeffect
@MainActor open class UIVibrancyEffect: UIVisualEffect {
  /// https://developer.apple.com/documentation/uikit/uivibrancyeffect/init(blureffect:)
  public init(blurEffect: UIBlurEffect) { super.init() }
}

/// https://developer.apple.com/documentation/uikit/uivisualeffectview
@MainActor open class UIVisualEffectView: UIView {
  /// https://developer.apple.com/documentation/uikit/uivisualeffectview/effect
  open var effect: UIVisualEffect?
  /// https://developer.apple.com/documentation/uikit/uivisualeffectview/contentview
  public let contentView = UIView(frame: .zero)
  /// Not Apple API: stands for the private backdrop and filter views UIKit puts behind the
  /// content view, which a capture must not read as content.
  public let stubBackdropView = UIView(frame: .zero)

  /// https://developer.apple.com/documentation/uikit/uivisualeffectview/init(effect:)
  public init(effect: UIVisualEffect?) {
    self.effect = effect
    super.init(frame: .zero)
    stubBackdropView.layer.backgroundColor = CGColor(srgbRed: 0.5, green: 0.5, blue: 0.5, alpha: 0.8)
    addSubview(stubBackdropView)
    addSubview(contentView)
  }

  /// See `UIView.init(coder:)`. Fake: no effect.
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    addSubview(stubBackdropView)
    addSubview(contentView)
  }

  /// https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()
  /// Fake: the backdrop and the content view fill the bounds.
  open override func layoutSubviews() {
    stubBackdropView.frame = CGRect(origin: .zero, size: bounds.size)
    contentView.frame = CGRect(origin: .zero, size: bounds.size)
  }
}

// MARK: Scroll views and lists

/// https://developer.apple.com/documentation/uikit/uiscrollview
@MainActor open class UIScrollView: UIView {
  /// https://developer.apple.com/documentation/uikit/uiscrollview/contentsize
  open var contentSize: CGSize = .zero
  /// https://developer.apple.com/documentation/uikit/uiscrollview/contentoffset
  /// As UIKit: the bounds' origin.
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set { bounds.origin = newValue }
  }
}

/// https://developer.apple.com/documentation/uikit/uitableviewcell
@MainActor open class UITableViewCell: UIView {
  /// https://developer.apple.com/documentation/uikit/uitableviewcell/cellstyle
  public enum CellStyle: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/cellstyle/default
    case `default` = 0
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/cellstyle/subtitle
    case subtitle = 3
  }
  /// https://developer.apple.com/documentation/uikit/uitableviewcell/selectionstyle-swift.enum
  /// (raw values as UIKit's `UITableViewCellSelectionStyle`)
  public enum SelectionStyle: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/selectionstyle-swift.enum/none
    case none = 0
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/selectionstyle-swift.enum/default
    case `default` = 3
  }
  /// https://developer.apple.com/documentation/uikit/uitableviewcell/separatorstyle
  /// (raw values as UIKit's `UITableViewCellSeparatorStyle`)
  public enum SeparatorStyle: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/separatorstyle/none
    case none = 0
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/separatorstyle (listed
    /// there as `UITableViewCellSeparatorStyleSingleLine`)
    case singleLine = 1
  }
  /// https://developer.apple.com/documentation/uikit/uitableviewcell/reuseidentifier
  public let reuseIdentifier: String?
  /// https://developer.apple.com/documentation/uikit/uitableviewcell/contentview
  public let contentView = UIView(frame: .zero)
  /// https://developer.apple.com/documentation/uikit/uitableviewcell/selectionstyle-swift.property
  /// `.default` by default, as the page says. Fake: nothing is ever selected.
  open var selectionStyle: UITableViewCell.SelectionStyle = .default

  /// https://developer.apple.com/documentation/uikit/uitableviewcell/init(style:reuseidentifier:)
  public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
    addSubview(contentView)
  }

  /// See `UIView.init(coder:)`. Fake: no reuse identifier.
  public required init?(coder: NSCoder) {
    reuseIdentifier = nil
    super.init(coder: coder)
    addSubview(contentView)
  }

  /// Not Apple API: how the fake table view makes a cell of a registered class, which UIKit does
  /// with `init(style: .default, reuseIdentifier:)` through the Objective-C runtime. Swift can
  /// call an initializer on a class value only when it is `required`; this one is a convenience
  /// initializer, which every subclass that overrides `init(style:reuseIdentifier:)` and
  /// `init(coder:)` inherits. (A subclass that declares other initializers only, and inherits
  /// neither, compiles with Apple's SDK but not with this stub: the stricter side.)
  public required convenience init(stubRegisteredWithReuseIdentifier identifier: String) {
    self.init(style: .default, reuseIdentifier: identifier)
  }

  /// https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()
  /// Fake: the content view fills the bounds.
  open override func layoutSubviews() { contentView.frame = CGRect(origin: .zero, size: bounds.size) }
}

/// https://developer.apple.com/documentation/uikit/uitableviewdatasource
/// `numberOfSections(in:)` is optional in Apple's protocol (one section when it is left out);
/// here it has that default.
@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:numberofrowsinsection:)
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:cellforrowat:)
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/numberofsections(in:)
  func numberOfSections(in tableView: UITableView) -> Int
}

extension UITableViewDataSource {
  /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/numberofsections(in:)
  /// One section, UIKit's answer when the data source does not implement it.
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
}

/// https://developer.apple.com/documentation/uikit/uitableview
/// Fake: rows of one height (`rowHeight`) in a plain list, sections one after the other without
/// headers; `layoutSubviews` asks the data source for the cells the bounds show and puts the cells
/// scrolled out of view in the reuse queue, as UIKit does.
@MainActor open class UITableView: UIScrollView {
  /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum
  public enum Style: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum/plain
    case plain = 0
    /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum/grouped
    case grouped = 1
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.property
  public let style: UITableView.Style
  /// https://developer.apple.com/documentation/uikit/uitableview/datasource
  open weak var dataSource: (any UITableViewDataSource)?
  /// https://developer.apple.com/documentation/uikit/uitableview/rowheight
  /// Fake: a fixed height, 44 pt by default (UIKit's default is automatic).
  open var rowHeight: CGFloat = 44
  /// https://developer.apple.com/documentation/uikit/uitableview/separatorstyle
  /// Fake: kept; no separator is drawn (UIKit's default draws a single line).
  open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine

  private var visible: [IndexPath: UITableViewCell] = [:]
  private var reuseQueue: [UITableViewCell] = []
  private var registered: [String: UITableViewCell.Type] = [:]

  /// https://developer.apple.com/documentation/uikit/uitableview/init(frame:style:)
  public init(frame: CGRect, style: UITableView.Style) {
    self.style = style
    super.init(frame: frame)
  }

  /// See `UIView.init(coder:)`. Fake: a plain table.
  public required init?(coder: NSCoder) {
    style = .plain
    super.init(coder: coder)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/register(_:forcellreuseidentifier:)-3l3ct
  /// `cellClass` must be a `UITableViewCell` subclass, as the page says; nil unregisters.
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    registered[identifier] = cellClass.flatMap { $0 as? UITableViewCell.Type }
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:for:)
  /// A queued cell of that identifier, or a new cell of the registered class; "always returns a
  /// valid cell", as the page says (UIKit raises an exception when nothing is registered: here,
  /// a precondition failure).
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
    if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
    guard let cellClass = registered[identifier] else {
      preconditionFailure("no class registered for the reuse identifier \(identifier)")
    }
    return cellClass.init(stubRegisteredWithReuseIdentifier: identifier)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/numberofsections
  open var numberOfSections: Int { dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0 }

  /// https://developer.apple.com/documentation/uikit/uitableview/numberofrows(insection:)
  open func numberOfRows(inSection section: Int) -> Int {
    guard let dataSource, section >= 0, section < numberOfSections else { return 0 }
    return max(0, dataSource.tableView(self, numberOfRowsInSection: section))
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/indexpath(for:)
  open func indexPath(for cell: UITableViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }

  /// https://developer.apple.com/documentation/uikit/uitableview/visiblecells
  open var visibleCells: [UITableViewCell] { visible.sorted { $0.key < $1.key }.map(\.value) }

  /// https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:)
  open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
    guard let index = reuseQueue.firstIndex(where: { $0.reuseIdentifier == identifier }) else { return nil }
    return reuseQueue.remove(at: index)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/reloaddata()
  open func reloadData() {
    for cell in visible.values {
      cell.removeFromSuperview()
      reuseQueue.append(cell)
    }
    visible = [:]
    layoutSubviews()
  }

  /// https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()
  /// Fake: asks the data source for the rows the bounds show; cells scrolled out go in the reuse
  /// queue.
  open override func layoutSubviews() {
    var paths: [IndexPath] = []
    for section in 0..<numberOfSections {
      for row in 0..<numberOfRows(inSection: section) { paths.append(IndexPath(row: row, section: section)) }
    }
    contentSize = CGSize(width: bounds.width, height: CGFloat(paths.count) * rowHeight)
    var shown: [IndexPath: CGRect] = [:]
    for (index, path) in paths.enumerated() {
      let frame = CGRect(x: 0, y: CGFloat(index) * rowHeight, width: bounds.width, height: rowHeight)
      if frame.maxY > bounds.minY && frame.minY < bounds.maxY { shown[path] = frame }
    }
    for (path, cell) in visible where shown[path] == nil {
      cell.removeFromSuperview()
      visible[path] = nil
      reuseQueue.append(cell)
    }
    for path in shown.keys.sorted() where visible[path] == nil {
      guard let cell = dataSource?.tableView(self, cellForRowAt: path) else { continue }
      visible[path] = cell
      addSubview(cell)
    }
    for (path, cell) in visible {
      cell.frame = shown[path] ?? cell.frame
      cell.layoutIfNeeded()
    }
  }
}

// MARK: Colours, fonts, paths and image renderers (nonisolated, as in Apple's SDK)

/// https://developer.apple.com/documentation/uikit/uicolor
/// `class UIColor`: not main-actor isolated; not marked `Sendable` here (the stricter reading).
/// Fake: a fixed sRGB `CGColor` (dynamic colours are their light-appearance values; no exact
/// value is claimed for the system colours, nothing here draws them).
open class UIColor: NSObject {
  /// https://developer.apple.com/documentation/uikit/uicolor/cgcolor
  public let cgColor: CGColor

  init(stubRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    cgColor = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
    super.init()
  }

  /// https://developer.apple.com/documentation/uikit/uicolor/black
  /// "A color object in the sRGB color space with a grayscale value of 0.0 and an alpha value of
  /// 1.0."
  open class var black: UIColor { UIColor(stubRed: 0, green: 0, blue: 0, alpha: 1) }

  /// `class var white: UIColor { get }`: grayscale 1.0, alpha 1.0. The page
  /// (https://developer.apple.com/documentation/uikit/uicolor/white, by the path of its sibling
  /// `uicolor/black`) was not in the documentation the stubs were checked against; the
  /// declaration is as `UIColor`'s member list gives it.
  open class var white: UIColor { UIColor(stubRed: 1, green: 1, blue: 1, alpha: 1) }

  /// https://developer.apple.com/documentation/uikit/uicolor/systembackground
  /// `class var systemBackground: UIColor { get }`: white in a light environment, as the page
  /// says.
  open class var systemBackground: UIColor { UIColor(stubRed: 1, green: 1, blue: 1, alpha: 1) }

  /// `class var systemTeal: UIColor { get }`, a system colour like
  /// https://developer.apple.com/documentation/uikit/uicolor/systemblue (its page,
  /// https://developer.apple.com/documentation/uikit/uicolor/systemteal by the same path, was
  /// not in the documentation the stubs were checked against). Fake: an opaque teal.
  open class var systemTeal: UIColor { UIColor(stubRed: 0.2, green: 0.7, blue: 0.8, alpha: 1) }

  /// https://developer.apple.com/documentation/uikit/uicolor/setfill()
  /// Fake: nothing is drawn, so there is no fill colour to set.
  open func setFill() {}
}

/// https://developer.apple.com/documentation/uikit/uifont
/// `class UIFont`: not main-actor isolated; not marked `Sendable` here (the stricter reading).
/// Fake: its point size only.
open class UIFont: NSObject {
  let stubPointSize: CGFloat
  let stubBold: Bool

  init(stubPointSize: CGFloat, bold: Bool) {
    self.stubPointSize = stubPointSize
    stubBold = bold
    super.init()
  }

  /// https://developer.apple.com/documentation/uikit/uifont/systemfont(ofsize:)
  open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(stubPointSize: fontSize, bold: false) }

  /// `class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont`, as `UIFont`'s member list
  /// gives it (its page, https://developer.apple.com/documentation/uikit/uifont/boldsystemfont(ofsize:)
  /// by the path of `systemFont(ofSize:)`'s, was not in the documentation the stubs were checked
  /// against).
  open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(stubPointSize: fontSize, bold: true) }
}

/// https://developer.apple.com/documentation/uikit/uibezierpath
/// `class UIBezierPath`: not main-actor isolated. Fake: its `CGPath` only.
open class UIBezierPath: NSObject {
  /// https://developer.apple.com/documentation/uikit/uibezierpath/cgpath
  open var cgPath: CGPath = CGMutablePath()

  /// An empty path (`UIBezierPath()`), which the convenience initializers fill.
  public override init() { super.init() }

  /// https://developer.apple.com/documentation/uikit/uibezierpath/init(roundedrect:cornerradius:)
  /// A radius above half the width or height is clamped to it, as the page says. Fake: circular
  /// corners (`CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`), where UIKit draws
  /// continuous ones with more curves; either is a shape the capture records by its bounds.
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init()
    cgPath = CGPath(roundedRect: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius, transform: nil)
  }

  /// https://developer.apple.com/documentation/uikit/uibezierpath/init(ovalin:)
  public convenience init(ovalIn rect: CGRect) {
    self.init()
    cgPath = CGPath(ellipseIn: rect, transform: nil)
  }

  /// https://developer.apple.com/documentation/uikit/uibezierpath/addclip()
  /// Fake: nothing is drawn, so there is no clipping path to intersect.
  open func addClip() {}
}

/// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext
/// `class UIGraphicsRendererContext`: not main-actor isolated.
open class UIGraphicsRendererContext: NSObject {
  /// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext/fill(_:)
  /// Fake: no pixels are kept, so nothing is painted.
  open func fill(_ rect: CGRect) {}
}

/// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderercontext
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {}

/// https://developer.apple.com/documentation/uikit/uigraphicsrenderer (linked from
/// https://developer.apple.com/documentation/uikit/uigraphicsrendererformat)
/// `class UIGraphicsRenderer`: the abstract superclass of the image renderer.
open class UIGraphicsRenderer: NSObject {}

/// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer
/// `class UIGraphicsImageRenderer`: not main-actor isolated, as its page declares it.
/// Fake: the default format only: the main screen's scale
/// (https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat/scale) and an
/// alpha channel (`opaque` is false by default:
/// https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat/opaque).
open class UIGraphicsImageRenderer: UIGraphicsRenderer {
  let stubSize: CGSize
  let stubScale: CGFloat

  init(stubSize: CGSize, scale: CGFloat) {
    self.stubSize = stubSize
    stubScale = scale
    super.init()
  }

  /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/init(size:)
  /// `size` in points.
  public convenience init(size: CGSize) { self.init(stubSize: size, scale: mainScreenScale) }

  /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/image(actions:)
  /// `actions` is `UIGraphicsImageRenderer.DrawingActions`,
  /// `(UIGraphicsImageRendererContext) -> Void`
  /// (https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/drawingactions).
  /// Fake: runs the actions, which draw nothing, and returns an image of the renderer's size at
  /// its scale: a `CGImage` of size x scale pixels (rounded up) with a premultiplied alpha
  /// channel, 8 bits a component.
  open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
    actions(UIGraphicsImageRendererContext())
    let width = Int((stubSize.width * stubScale).rounded(.up))
    let height = Int((stubSize.height * stubScale).rounded(.up))
    return UIImage(cgImage: CGImage(stubWidth: width, height: height, alphaInfo: .premultipliedFirst), scale: stubScale)
  }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewcell
@MainActor open class UICollectionViewCell: UIView {}

/// https://developer.apple.com/documentation/uikit/uicollectionview
/// Fake: no layout or data source: no sections, no cells.
@MainActor open class UICollectionView: UIScrollView {
  /// https://developer.apple.com/documentation/uikit/uicollectionview/numberofsections
  open var numberOfSections: Int { 0 }
  /// https://developer.apple.com/documentation/uikit/uicollectionview/numberofitems(insection:)
  open func numberOfItems(inSection section: Int) -> Int { 0 }
  /// https://developer.apple.com/documentation/uikit/uicollectionview/indexpath(for:)
  open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { nil }
}
