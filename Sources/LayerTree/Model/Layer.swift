/// A layer as a scene file describes it, mirroring `CALayer` and its defaults.
///
/// Defaults are Core Animation's: opacity 1, not hidden, no clip, no shadow (`shadowOpacity` 0,
/// with radius 3 and offset (0, -3) once it is set), `rasterizationScale` 1,
/// `allowsEdgeAntialiasing` false, `allowsGroupOpacity` true (since iOS 7).
///
/// A layer's `id` is unique among its siblings; its ``LayerPath`` (`root/feed/cell[3]/avatar`)
/// is unique in the scene and names the layer in every message.
public struct Layer: Sendable, Hashable {
  public var id: String
  public var kind: LayerKind = .plain
  /// `[x, y, width, height]` in points, relative to the superlayer's bounds, before `transform`.
  public var frame: Rect = .zero
  /// `anchorPoint`: the point of the bounds, in unit coordinates, that `transform` turns and
  /// scales about and that `position` animations move; `(0.5, 0.5)` is the centre.
  public var anchorPoint = Point(0.5, 0.5)
  public var backgroundColor: Color? = nil
  public var cornerRadius: Double = 0
  public var cornerCurve: CornerCurve = .circular
  /// `maskedCorners`: the corners `cornerRadius` rounds; with none, nothing is rounded.
  public var maskedCorners: CornerMask = .all
  public var masksToBounds = false
  public var opacity: Double = 1
  /// `compositingFilter`: a blend mode the layer composites with instead of source-over; nil for
  /// none.
  public var compositingFilter: CompositingFilter? = nil
  public var allowsGroupOpacity = true
  public var isHidden = false
  public var isOpaque = false
  public var borderWidth: Double = 0
  public var borderColor: Color = .black
  public var shadowOpacity: Double = 0
  public var shadowRadius: Double = 3
  public var shadowOffset = Size(0, -3)
  public var shadowColor: Color = .black
  public var shadowPath: ShadowPath? = nil
  public var shouldRasterize = false
  public var rasterizationScale: Double = 1
  public var allowsEdgeAntialiasing = false
  public var transform: Transform = .identity
  public var contents: Contents? = nil
  public var contentsGravity: ContentsGravity = .resize
  public var sublayers: [Layer] = []
  /// Where the layer's object starts in the scene file, when it came from one.
  public var source: SourceLocation? = nil
  // The mask is stored in an array so that `Layer` can contain a `Layer`.
  private var maskStorage: [Layer] = []

  public init(id: String, frame: Rect = .zero) {
    self.id = id
    self.frame = frame
  }

  /// `mask`: a layer whose alpha masks this layer and its sublayers.
  public var mask: Layer? {
    get { maskStorage.first }
    set { maskStorage = newValue.map { [$0] } ?? [] }
  }

  /// The layer's bounds in its own coordinates: `[0, 0, width, height]`.
  public var bounds: Rect { Rect(0, 0, frame.width, frame.height) }

  /// Total layers in this subtree, masks included.
  public var subtreeCount: Int {
    1 + (mask?.subtreeCount ?? 0) + sublayers.reduce(0) { $0 + $1.subtreeCount }
  }
}

/// The layer classes a scene can use, with what only they carry.
public enum LayerKind: Sendable, Hashable {
  /// `CALayer`.
  case plain
  /// `CAShapeLayer`: a path rasterized by the render server on the CPU.
  case shape(ShapeLayer)
  /// `CAGradientLayer`.
  case gradient(GradientLayer)
  /// `UIVisualEffectView`'s backdrop: blurs what is behind it.
  case visualEffect(VisualEffect)
  /// `CATransformLayer`: draws nothing itself; only its sublayers are rendered, each with its own
  /// opacity (no group), and it neither clips nor masks nor casts a shadow.
  case transformLayer
  /// `CAReplicatorLayer`: draws its sublayers `instanceCount` times.
  case replicator(ReplicatorLayer)

  /// The class name a scene file uses.
  public var className: String {
    switch self {
    case .plain: return "CALayer"
    case .shape: return "CAShapeLayer"
    case .gradient: return "CAGradientLayer"
    case .visualEffect: return "UIVisualEffectView"
    case .transformLayer: return "CATransformLayer"
    case .replicator: return "CAReplicatorLayer"
    }
  }

  /// True for a `CATransformLayer`.
  public var isTransformLayer: Bool {
    if case .transformLayer = self { return true }
    return false
  }
}

/// A `CAReplicatorLayer`'s own properties, with Core Animation's defaults.
///
/// Instance 0 is the sublayers as written; instance k is instance k - 1 with `instanceTransform`
/// applied about the replicator's centre, its colour multiplied by `instanceColor` plus k times
/// the offsets, and its animations `k x instanceDelay` later (Apple, `CAReplicatorLayer`).
public struct ReplicatorLayer: Sendable, Hashable {
  /// Copies drawn, the sublayers themselves included; Core Animation's default is 1.
  public var instanceCount: Int = 1
  /// Applied to instance k - 1 to make instance k, about the replicator's centre; identity by
  /// default.
  public var instanceTransform: Transform = .identity
  /// Seconds between the animations of one instance and the next; 0 by default.
  public var instanceDelay: Double = 0
  /// The colour instance 0 is multiplied by; opaque white by default.
  public var instanceColor: Color = .white
  /// Added to each channel of the colour from one instance to the next; 0 by default.
  public var instanceRedOffset: Double = 0
  public var instanceGreenOffset: Double = 0
  public var instanceBlueOffset: Double = 0
  public var instanceAlphaOffset: Double = 0

  /// The counts a scene file may write: at least one (the sublayers themselves), and no more
  /// copies than an animated replicator in a real screen draws by far.
  public static let instanceCountRange = 1...100_000

  public init(instanceCount: Int = 1, instanceTransform: Transform = .identity) {
    self.instanceCount = instanceCount
    self.instanceTransform = instanceTransform
  }

  /// The alpha instance `k` is multiplied by: `instanceColor`'s alpha plus k offsets, within 0...1.
  public func alpha(ofInstance k: Int) -> Double {
    min(1, max(0, instanceColor.alpha + Double(k) * instanceAlphaOffset))
  }
}

/// `CACornerMask`: which corners `cornerRadius` rounds. The raw values are Core Animation's
/// (`kCALayerMinXMinYCorner` = 1, `kCALayerMaxXMinYCorner` = 2, `kCALayerMinXMaxYCorner` = 4,
/// `kCALayerMaxXMaxYCorner` = 8); min Y is the top on iOS.
public struct CornerMask: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let minXMinY = CornerMask(rawValue: 1)
  public static let maxXMinY = CornerMask(rawValue: 2)
  public static let minXMaxY = CornerMask(rawValue: 4)
  public static let maxXMaxY = CornerMask(rawValue: 8)
  public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

  /// Each corner with the name a scene file writes, in `CACornerMask`'s order.
  public static let names: [(name: String, corner: CornerMask)] = [
    ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
  ]

  /// The corner a name stands for, or nil.
  public init?(name: String) {
    guard let entry = Self.names.first(where: { $0.name == name }) else { return nil }
    self = entry.corner
  }

  /// The names of the corners in the mask, in `CACornerMask`'s order.
  public var cornerNames: [String] { Self.names.filter { contains($0.corner) }.map(\.name) }
}

/// `compositingFilter` names: Core Animation's blend-mode filters, which composite the layer with
/// what is behind it by a blend mode instead of source-over.
public enum CompositingFilter: String, Sendable, Hashable, CaseIterable {
  case normalBlendMode, multiplyBlendMode, screenBlendMode, overlayBlendMode, darkenBlendMode, lightenBlendMode
  case colorDodgeBlendMode, colorBurnBlendMode, softLightBlendMode, hardLightBlendMode, differenceBlendMode
  case exclusionBlendMode, hueBlendMode, saturationBlendMode, colorBlendMode, luminosityBlendMode
}

public struct ShapeLayer: Sendable, Hashable {
  public var path: ShapePath
  /// `fillColor`; Core Animation's default is opaque black.
  public var fillColor: Color? = .black
  public var strokeColor: Color? = nil
  public var lineWidth: Double = 1

  public init(path: ShapePath) { self.path = path }
}

/// A shape layer's path, or a mask's shape.
public enum ShapePath: Sendable, Hashable {
  case rect(Rect)
  case roundedRect(Rect, cornerRadius: Double)
  case ellipse(Rect)
  /// Any other path: its bounding box and its number of points, which drive rasterization cost.
  case arbitrary(bounds: Rect, points: Int)

  public var bounds: Rect {
    switch self {
    case .rect(let rect), .roundedRect(let rect, _), .ellipse(let rect), .arbitrary(let rect, _):
      return rect
    }
  }

  /// True for the shapes Xcode suggests replacing, as a mask, by `cornerRadius` + `masksToBounds`.
  public var isSimpleShape: Bool {
    if case .arbitrary = self { return false }
    return true
  }
}

public struct GradientLayer: Sendable, Hashable {
  public var colors: [Color]
  public init(colors: [Color]) { self.colors = colors }
  public var isOpaque: Bool { !colors.isEmpty && colors.allSatisfy(\.isOpaque) }
}

public struct VisualEffect: Sendable, Hashable {
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// `UIBlurEffect`.
    case blur
    /// `UIVibrancyEffect` over a blur: one more pass than a blur.
    case vibrancy
  }
  public var style: Style
  public init(style: Style = .blur) { self.style = style }
}

/// `cornerCurve`: circular arcs or Apple's continuous "squircle"; the cost is the same.
public enum CornerCurve: String, Sendable, Hashable, CaseIterable {
  case circular
  case continuous
}

/// `shadowPath`: the shape that casts the shadow, known in advance.
public enum ShadowPath: Sendable, Hashable {
  /// The layer's bounds rounded by its `cornerRadius` (what `UIBezierPath(roundedRect: bounds,
  /// cornerRadius:)` gives).
  case bounds
  /// An explicit rectangle in the layer's coordinates, optionally rounded.
  case rect(Rect, cornerRadius: Double)
}
