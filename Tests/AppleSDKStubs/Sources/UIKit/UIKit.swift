// A stand-in for Apple's UIKit: only what the UIKit side of LayerCapture and RenderCost uses (and
// what a test needs to build a screen), shaped as Apple's iOS 18 SDK declares it, each
// declaration with the documentation page it was taken from. Every UIKit class here is
// `@MainActor`, as Apple's are (`@MainActor class UIView`, `UIResponder`, `UIScreen`, `UIDevice`,
// `UIVisualEffect`), except `UITraitCollection` and `UIImage`, which Apple leaves nonisolated.
//
// The bodies are small in-memory fakes: a view keeps its layer's sublayers in step with its
// subviews, as UIKit does; a table view asks its data source for the cells its bounds show and
// reuses the ones scrolled away; an image view shows its image as its layer's contents. Where a
// fake is simpler than UIKit its comment says how.

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

  /// https://developer.apple.com/documentation/uikit/uiview/frame
  /// Fake: the layer's untransformed frame.
  open var frame: CGRect {
    get { layer.frame }
    set { layer.frame = newValue }
  }

  /// https://developer.apple.com/documentation/uikit/uiview/bounds
  open var bounds: CGRect {
    get { layer.bounds }
    set { layer.bounds = newValue }
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

  /// https://developer.apple.com/documentation/uikit/uiview/layoutifneeded()
  /// Fake: lays out this view and every view under it, each time (UIKit lays out only views
  /// marked as needing it).
  open func layoutIfNeeded() {
    layoutSubviews()
    for view in subviews { view.layoutIfNeeded() }
  }

  /// https://developer.apple.com/documentation/uikit/uiview/draw(_:)
  open func draw(_ rect: CGRect) {}

  /// https://developer.apple.com/documentation/uikit/uitraitenvironment/traitcollection
  /// Fake: only the display scale, of the window's screen or else the main screen.
  open var traitCollection: UITraitCollection {
    UITraitCollection(displayScale: window?.screen.scale ?? UIScreen.main.scale)
  }
}

/// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {
  /// https://developer.apple.com/documentation/uikit/uiwindow/screen
  open var screen: UIScreen = UIScreen.main
}

/// https://developer.apple.com/documentation/uikit/uiscreen
@MainActor open class UIScreen: NSObject {
  /// https://developer.apple.com/documentation/uikit/uiscreen/main
  /// `class var main: UIScreen { get }`. The iOS 16 to 18 SDKs mark it to be deprecated (no
  /// warning yet); the iOS 26 SDK deprecates it at 26.0, which is modelled (the stricter). Fake:
  /// an iPhone 13 Pro's screen (390 x 844 pt @3x, 120 Hz).
  @available(iOS, deprecated: 26.0)
  open class var main: UIScreen { mainScreen }
  private static let mainScreen = UIScreen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 3, maximumFramesPerSecond: 120)

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

  private var storedText: String?
  private var storedAttributedText: NSAttributedString?
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
  /// https://developer.apple.com/documentation/uikit/uitableviewcell/reuseidentifier
  public let reuseIdentifier: String?
  /// https://developer.apple.com/documentation/uikit/uitableviewcell/contentview
  public let contentView = UIView(frame: .zero)

  /// https://developer.apple.com/documentation/uikit/uitableviewcell/init(style:reuseidentifier:)
  public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
    addSubview(contentView)
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

  private var visible: [IndexPath: UITableViewCell] = [:]
  private var reuseQueue: [UITableViewCell] = []

  /// https://developer.apple.com/documentation/uikit/uitableview/init(frame:style:)
  public init(frame: CGRect, style: UITableView.Style) {
    self.style = style
    super.init(frame: frame)
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
