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
  /// `[x, y, width, height]` in points, relative to the superlayer's bounds.
  public var frame: Rect = .zero
  public var backgroundColor: Color? = nil
  public var cornerRadius: Double = 0
  public var cornerCurve: CornerCurve = .circular
  public var masksToBounds = false
  public var opacity: Double = 1
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

  /// The class name a scene file uses.
  public var className: String {
    switch self {
    case .plain: return "CALayer"
    case .shape: return "CAShapeLayer"
    case .gradient: return "CAGradientLayer"
    case .visualEffect: return "UIVisualEffectView"
    }
  }
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
