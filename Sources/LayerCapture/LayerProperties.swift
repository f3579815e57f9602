import LayerTree

/// What the offscreen rules read of one `CALayer` (and of the view it backs), as values.
///
/// Names and defaults are Core Animation's (`CALayer` documentation): a new layer is at the
/// origin with zero bounds, anchor point (0.5, 0.5), identity transform, opacity 1, group
/// opacity on, no clip, no shadow (opacity 0, radius 3, offset (0, -3), black), rasterization
/// scale 1, no edge antialiasing, all four corners masked. Colours are sRGB; a `nil` border or
/// shadow colour draws nothing.
public struct LayerProperties: Sendable, Hashable {
  // MARK: Naming

  /// The class of the view the layer backs, or of the layer: `ListCell`, `CAShapeLayer`.
  public var className: String = "CALayer"
  /// `UIView.accessibilityIdentifier`; preferred over everything else for the layer's id.
  public var accessibilityIdentifier: String? = nil
  /// `CALayer.name`; preferred over the class name.
  public var name: String? = nil

  // MARK: Geometry (CALayer)

  /// `position`: the anchor point's place in the superlayer's coordinates.
  public var position: Point = .zero
  /// `bounds`; its origin is what the layer's sublayers are placed against (a scroll view's
  /// `contentOffset`).
  public var bounds: Rect = .zero
  /// `anchorPoint`, in unit coordinates of the bounds.
  public var anchorPoint = Point(0.5, 0.5)
  public var transform: Transform3D = .identity

  // MARK: Appearance (CALayer)

  public var cornerRadius: Double = 0
  public var maskedCorners: CornerMask = .all
  public var cornerCurve: CornerCurve = .circular
  public var masksToBounds = false
  public var opacity: Double = 1
  public var allowsGroupOpacity = true
  public var isHidden = false
  public var isOpaque = false
  public var backgroundColor: Color? = nil
  public var borderWidth: Double = 0
  public var borderColor: Color? = .black
  public var shadowOpacity: Double = 0
  public var shadowRadius: Double = 3
  public var shadowOffset = Size(0, -3)
  public var shadowColor: Color? = .black
  /// `shadowPath`, when set: its shape.
  public var shadowPath: PathShape? = nil
  public var shouldRasterize = false
  public var rasterizationScale: Double = 1
  public var allowsEdgeAntialiasing = false
  /// What `contents` shows: a `CGImage` (pixel size and alpha), a label's text, a `draw(_:)`
  /// backing store.
  public var contents: Contents? = nil
  public var contentsGravity: ContentsGravity = .resize
  /// `compositingFilter`: nil for none (source-over).
  public var compositingFilter: CapturedCompositingFilter? = nil

  // MARK: Read, and noted where the scene cannot hold them

  /// `sublayerTransform`: the scene format has none; a capture notes one that is not the
  /// identity.
  public var sublayerTransform: Transform3D = .identity
  /// `contentsScale`, when read: a drawing or text whose backing store is at another scale than
  /// the screen's is noted. nil: not known (the scene's scale is taken).
  public var contentsScale: Double? = nil
  /// The type of `contents` when it holds something other than a `CGImage` (an `IOSurface`, a
  /// backing store), which ``contents`` writes as a drawing; nil otherwise.
  public var otherContentsType: String? = nil
  /// `animationKeys()`: animations attached to the layer when it was captured. The properties are
  /// the model layer's (where the animations end); a capture notes them.
  public var animationKeys: [String] = []

  // MARK: Auto Layout (the view)

  /// `UIView.constraints.count`: the Auto Layout constraints the view holds (those added to it,
  /// which relate it or its subviews); 0 for a layer no view backs. Written as the layer's
  /// `constraints`, which the model solves when anything inside the view first comes on screen.
  public var constraints: Int = 0

  // MARK: Class-specific

  public var kind: Kind = .plain
  /// Set on a `UIScrollView`'s layer.
  public var scroll: ScrollInfo? = nil
  /// Set on a table or collection view cell: its item's index in the list (rows of earlier
  /// sections counted first).
  public var cellIndex: Int? = nil

  public init() {}

  /// The layer classes with properties of their own.
  public enum Kind: Sendable, Hashable {
    case plain
    /// `CAShapeLayer`: `path` (nil draws nothing), `fillColor`, `strokeColor`, `lineWidth`.
    case shape(path: PathShape?, fillColor: Color?, strokeColor: Color?, lineWidth: Double)
    /// `CAGradientLayer.colors`.
    case gradient(colors: [Color])
    /// A `UIVisualEffectView`: its effect; its sublayers are its content view's.
    case visualEffect(VisualEffect.Style)
    /// `CATransformLayer`: draws nothing itself; its sublayers keep their 3D placement.
    case transformLayer
    /// `CAReplicatorLayer`: its sublayers drawn `instanceCount` times.
    case replicator(Replicator)
  }

  /// `CAReplicatorLayer`'s properties.
  public struct Replicator: Sendable, Hashable {
    public var instanceCount: Int
    public var instanceTransform: Transform3D
    public var instanceColor: Color?
    public var instanceRedOffset: Double
    public var instanceGreenOffset: Double
    public var instanceBlueOffset: Double
    public var instanceAlphaOffset: Double

    public init(
      instanceCount: Int = 1, instanceTransform: Transform3D = .identity, instanceColor: Color? = .white, instanceRedOffset: Double = 0,
      instanceGreenOffset: Double = 0, instanceBlueOffset: Double = 0, instanceAlphaOffset: Double = 0
    ) {
      self.instanceCount = instanceCount
      self.instanceTransform = instanceTransform
      self.instanceColor = instanceColor
      self.instanceRedOffset = instanceRedOffset
      self.instanceGreenOffset = instanceGreenOffset
      self.instanceBlueOffset = instanceBlueOffset
      self.instanceAlphaOffset = instanceAlphaOffset
    }
  }

  /// A `UIScrollView`'s content, and whether it is a list that reuses cells.
  public struct ScrollInfo: Sendable, Hashable {
    /// `contentSize`.
    public var contentSize: Size
    /// True for `UITableView` and `UICollectionView`: their cells are reused.
    public var reusesCells: Bool
    /// Items in the list (rows of every section), when it is one.
    public var itemCount: Int?

    public init(contentSize: Size, reusesCells: Bool = false, itemCount: Int? = nil) {
      self.contentSize = contentSize
      self.reusesCells = reusesCells
      self.itemCount = itemCount
    }
  }
}

/// A layer's `compositingFilter` as captured: a Core Animation blend mode the scene format names,
/// or something else, kept by its name for the capture's notes.
public enum CapturedCompositingFilter: Sendable, Hashable {
  /// One of Core Animation's blend-mode filters (`"multiplyBlendMode"`), or the Core Image
  /// filter of the same blend (`CIMultiplyBlendMode`).
  case blendMode(CompositingFilter)
  /// Any other filter: a Core Image compositing filter without a Core Animation blend mode
  /// (`CISourceAtopCompositing`), an unknown name, or an object that is not a filter.
  case other(String)

  /// The filter a name stands for: a Core Animation filter name (`"multiplyBlendMode"`, the
  /// names ``CompositingFilter`` lists), or a Core Image filter name made of the same words
  /// (`"CIMultiplyBlendMode"`; `"CISourceOverCompositing"` is source-over, `normalBlendMode`).
  public static func named(_ name: String) -> CapturedCompositingFilter {
    if let filter = CompositingFilter(rawValue: name) { return .blendMode(filter) }
    if name == "CISourceOverCompositing" { return .blendMode(.normalBlendMode) }
    if name.hasPrefix("CI"), let first = name.dropFirst(2).first {
      let coreAnimationName = first.lowercased() + name.dropFirst(3)
      if let filter = CompositingFilter(rawValue: coreAnimationName) { return .blendMode(filter) }
    }
    return .other(name)
  }
}
