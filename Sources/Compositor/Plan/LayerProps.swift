import LayerTree

/// The properties of a layer that the decide pass and the cost model read every frame, as plain
/// values: copying one costs no reference counting, unlike a ``Layer`` with its strings and
/// arrays. Derived once per layer, and again only for layers the timeline changes.
public struct LayerProps: Sendable, Hashable {
  public var frame: Rect
  /// The point of the bounds, in unit coordinates, the transform turns about.
  public var anchorPoint: Point
  public var transform: Transform
  public var opacity: Double
  /// The radius that rounds something: 0 when `maskedCorners` names no corner.
  public var cornerRadius: Double
  public var shadowOpacity: Double
  public var shadowRadius: Double
  public var shadowOffset: Size
  public var rasterizationScale: Double
  public var isHidden: Bool
  public var masksToBounds: Bool
  public var shouldRasterize: Bool
  public var allowsGroupOpacity: Bool
  public var allowsEdgeAntialiasing: Bool
  public var hasShadowPath: Bool
  /// The layer has a `mask` layer.
  public var hasMask: Bool
  /// A visible shadow: opacity above 0 and a colour that is not clear.
  public var hasShadow: Bool
  /// The layer draws something itself (see ``LayerDrawing/drawsSelf(_:)``).
  public var drawsSelf: Bool
  /// Its own drawing covers its bounds with opaque pixels (before its opacity).
  public var coversOpaque: Bool
  public var isVisualEffect: Bool
  /// It has contents or a kind that samples a texture (image, text, drawing, gradient, effect).
  public var isTextured: Bool
  /// How the contents are fitted to the bounds.
  public var contentsGravity: ContentsGravity
  /// It has `contents`, and they are an image.
  public var hasContents: Bool
  public var hasImage: Bool
  /// A `CAShapeLayer`.
  public var isShape: Bool
  /// A blend mode other than source-over on a layer that can group its sublayers
  /// (``BlendModeRule``).
  public var blends: Bool
  /// The things the layer draws itself that a clip would have to clip, when it draws: its
  /// background colour, its contents, its shape, gradient or effect (the border is drawn on top,
  /// already following the corners).
  public var ownDrawingParts: Int
  /// The registered offscreen rules that could fire on it, a bit per rule in the order of
  /// ``OffscreenRules/all``: their gates (``OffscreenRule/mightFire(on:props:)``), run once here.
  /// The decide pass asks a layer only of the rules whose bit is set.
  public var offscreenGates: UInt64
  /// Some registered offscreen rule could fire on it. Layers no gate passes skip the rules.
  public var mightGoOffscreen: Bool { offscreenGates != 0 }

  /// `hasMask` comes from the tree: a flattened node's layer no longer holds its mask.
  public init(_ layer: Layer, hasMask: Bool) {
    frame = layer.frame
    anchorPoint = layer.anchorPoint
    transform = layer.transform
    opacity = layer.opacity
    cornerRadius = layer.maskedCorners.isEmpty ? 0 : layer.cornerRadius
    shadowOpacity = layer.shadowOpacity
    shadowRadius = layer.shadowRadius
    shadowOffset = layer.shadowOffset
    rasterizationScale = layer.rasterizationScale
    isHidden = layer.isHidden
    // A transform layer does not clip, and fades each sublayer on its own (Apple, `CATransformLayer`).
    let isTransformLayer = layer.kind.isTransformLayer
    masksToBounds = layer.masksToBounds && !isTransformLayer
    shouldRasterize = layer.shouldRasterize
    allowsGroupOpacity = layer.allowsGroupOpacity && !isTransformLayer
    allowsEdgeAntialiasing = layer.allowsEdgeAntialiasing
    hasShadowPath = layer.shadowPath != nil
    self.hasMask = hasMask
    hasShadow = LayerDrawing.hasShadow(layer)
    drawsSelf = LayerDrawing.drawsSelf(layer)
    coversOpaque = LayerDrawing.coversOpaque(layer)
    if case .visualEffect = layer.kind { isVisualEffect = true } else { isVisualEffect = false }
    switch layer.kind {
    case .gradient, .visualEffect: isTextured = true
    case .plain, .shape, .replicator: isTextured = layer.contents != nil
    case .transformLayer: isTextured = false
    }
    blends = BlendModeRule.isBlending(layer)
    var parts = 0
    if let color = layer.backgroundColor, !color.isClear { parts += 1 }
    if let contents = layer.contents, LayerDrawing.contentsDraw(contents) { parts += 1 }
    switch layer.kind {
    case .plain, .transformLayer, .replicator: break
    case .shape, .gradient, .visualEffect: parts += 1
    }
    ownDrawingParts = parts
    contentsGravity = layer.contentsGravity
    hasContents = layer.contents != nil
    if case .image = layer.contents { hasImage = true } else { hasImage = false }
    if case .shape = layer.kind { isShape = true } else { isShape = false }
    offscreenGates = 0
    offscreenGates = OffscreenRules.gates(on: layer, props: self)
  }

  public var bounds: Rect { Rect(0, 0, frame.width, frame.height) }

  /// The properties of a plain layer with Core Animation's defaults: a placeholder.
  static let none = LayerProps(Layer(id: ""), hasMask: false)
}
