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
  /// The registered offscreen rules that could fire on it, a bit per rule in the order of
  /// ``OffscreenRules/all``: their gates (``OffscreenRule/mightFire(on:props:)``), run once when
  /// the properties are made (``OffscreenGates``).
  /// The decide pass asks a layer only of the rules whose bit is set.
  public var offscreenGates: UInt64
  /// The Boolean properties below, a bit each: the value is copied as a few whole words.
  private var bits: UInt32 = 0
  private var parts: UInt8 = 0
  /// How the contents are fitted to the bounds.
  public var contentsGravity: ContentsGravity

  private enum Bit {
    static let isHidden: UInt32 = 1 << 0
    static let masksToBounds: UInt32 = 1 << 1
    static let shouldRasterize: UInt32 = 1 << 2
    static let allowsGroupOpacity: UInt32 = 1 << 3
    static let allowsEdgeAntialiasing: UInt32 = 1 << 4
    static let hasShadowPath: UInt32 = 1 << 5
    static let hasMask: UInt32 = 1 << 6
    static let hasShadow: UInt32 = 1 << 7
    static let drawsSelf: UInt32 = 1 << 8
    static let coversOpaque: UInt32 = 1 << 9
    static let isVisualEffect: UInt32 = 1 << 10
    static let isTextured: UInt32 = 1 << 11
    static let hasContents: UInt32 = 1 << 12
    static let hasImage: UInt32 = 1 << 13
    static let isShape: UInt32 = 1 << 14
  }

  @inline(__always)
  private func bit(_ mask: UInt32) -> Bool { bits & mask != 0 }
  @inline(__always)
  private mutating func set(_ mask: UInt32, _ value: Bool) { bits = value ? bits | mask : bits & ~mask }

  public var isHidden: Bool {
    get { bit(Bit.isHidden) }
    set { set(Bit.isHidden, newValue) }
  }
  public var masksToBounds: Bool {
    get { bit(Bit.masksToBounds) }
    set { set(Bit.masksToBounds, newValue) }
  }
  public var shouldRasterize: Bool {
    get { bit(Bit.shouldRasterize) }
    set { set(Bit.shouldRasterize, newValue) }
  }
  public var allowsGroupOpacity: Bool {
    get { bit(Bit.allowsGroupOpacity) }
    set { set(Bit.allowsGroupOpacity, newValue) }
  }
  public var allowsEdgeAntialiasing: Bool {
    get { bit(Bit.allowsEdgeAntialiasing) }
    set { set(Bit.allowsEdgeAntialiasing, newValue) }
  }
  public var hasShadowPath: Bool {
    get { bit(Bit.hasShadowPath) }
    set { set(Bit.hasShadowPath, newValue) }
  }
  /// The layer has a `mask` layer.
  public var hasMask: Bool {
    get { bit(Bit.hasMask) }
    set { set(Bit.hasMask, newValue) }
  }
  /// A visible shadow: opacity above 0 and a colour that is not clear.
  public var hasShadow: Bool {
    get { bit(Bit.hasShadow) }
    set { set(Bit.hasShadow, newValue) }
  }
  /// The layer draws something itself (see ``LayerDrawing/drawsSelf(_:)``).
  public var drawsSelf: Bool {
    get { bit(Bit.drawsSelf) }
    set { set(Bit.drawsSelf, newValue) }
  }
  /// Its own drawing covers its bounds with opaque pixels (before its opacity).
  public var coversOpaque: Bool {
    get { bit(Bit.coversOpaque) }
    set { set(Bit.coversOpaque, newValue) }
  }
  public var isVisualEffect: Bool {
    get { bit(Bit.isVisualEffect) }
    set { set(Bit.isVisualEffect, newValue) }
  }
  /// It has contents or a kind that samples a texture (image, text, drawing, gradient, effect).
  public var isTextured: Bool {
    get { bit(Bit.isTextured) }
    set { set(Bit.isTextured, newValue) }
  }
  /// It has `contents`, and they are an image.
  public var hasContents: Bool {
    get { bit(Bit.hasContents) }
    set { set(Bit.hasContents, newValue) }
  }
  public var hasImage: Bool {
    get { bit(Bit.hasImage) }
    set { set(Bit.hasImage, newValue) }
  }
  /// A `CAShapeLayer`.
  public var isShape: Bool {
    get { bit(Bit.isShape) }
    set { set(Bit.isShape, newValue) }
  }
  /// The things the layer draws itself that a clip would have to clip, when it draws: its
  /// background colour, its contents, its shape, gradient or effect (the border is drawn on top,
  /// already following the corners).
  public var ownDrawingParts: Int {
    get { Int(parts) }
    set { parts = UInt8(clamping: newValue) }
  }
  /// Some registered offscreen rule could fire on it. Layers no gate passes skip the rules.
  public var mightGoOffscreen: Bool { offscreenGates != 0 }

  /// What a layer's properties imply that takes work to find (whether it draws itself and covers
  /// its bounds, its shadow, its drawing parts, the rules' gates), in 8 bytes: a tree
  /// keeps it for every layer, so that the rest is copied from the layer when a frame first needs
  /// it (``FlatTree/props(_:)``).
  struct Derived: Sendable {
    var gates: UInt32
    var flags: UInt8
    var parts: UInt8

    static let hasShadow: UInt8 = 1
    static let drawsSelf: UInt8 = 2
    static let coversOpaque: UInt8 = 4
  }

  /// The work-taking part of ``init(_:hasMask:gates:)``, to be given back to
  /// ``init(_:hasMask:derived:)``.
  static func derive(_ layer: Layer, hasMask: Bool, gates: any OffscreenGates.Type) -> Derived {
    let props = LayerProps(layer, hasMask: hasMask, gates: gates)
    var flags: UInt8 = 0
    if props.hasShadow { flags |= Derived.hasShadow }
    if props.drawsSelf { flags |= Derived.drawsSelf }
    if props.coversOpaque { flags |= Derived.coversOpaque }
    return Derived(gates: UInt32(truncatingIfNeeded: props.offscreenGates), flags: flags, parts: UInt8(props.ownDrawingParts))
  }

  /// The properties of `layer` whose work-taking part was found before (``derive(_:hasMask:)``).
  init(_ layer: Layer, hasMask: Bool, derived: Derived) {
    self.init(fields: layer, hasMask: hasMask)
    hasShadow = derived.flags & Derived.hasShadow != 0
    drawsSelf = derived.flags & Derived.drawsSelf != 0
    coversOpaque = derived.flags & Derived.coversOpaque != 0
    ownDrawingParts = Int(derived.parts)
    offscreenGates = UInt64(derived.gates)
  }

  /// `hasMask` comes from the tree: a transform layer ignores its mask. The rules' gates are
  /// `gates`' (the registry's: ``init(_:hasMask:)``).
  init(_ layer: Layer, hasMask: Bool, gates: any OffscreenGates.Type) {
    self.init(fields: layer, hasMask: hasMask)
    hasShadow = LayerDrawing.hasShadow(layer)
    drawsSelf = LayerDrawing.drawsSelf(layer)
    coversOpaque = LayerDrawing.coversOpaque(layer)
    var parts = 0
    if let color = layer.backgroundColor, !color.isClear { parts += 1 }
    if let contents = layer.contents, LayerDrawing.contentsDraw(contents) { parts += 1 }
    switch layer.kind {
    case .plain, .transformLayer, .replicator: break
    case .shape, .gradient, .visualEffect: parts += 1
    }
    ownDrawingParts = parts
    offscreenGates = gates.gates(on: layer, props: self)
  }

  /// The properties read straight from the layer; the derived ones are left false.
  private init(fields layer: Layer, hasMask: Bool) {
    offscreenGates = 0
    contentsGravity = layer.contentsGravity
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
    hasShadow = false
    drawsSelf = false
    coversOpaque = false
    if case .visualEffect = layer.kind { isVisualEffect = true } else { isVisualEffect = false }
    switch layer.kind {
    case .gradient, .visualEffect: isTextured = true
    case .plain, .shape, .replicator: isTextured = layer.contents != nil
    case .transformLayer: isTextured = false
    }
    ownDrawingParts = 0
    hasContents = layer.contents != nil
    if case .image = layer.contents { hasImage = true } else { hasImage = false }
    if case .shape = layer.kind { isShape = true } else { isShape = false }
  }

  public var bounds: Rect { Rect(0, 0, frame.width, frame.height) }

  /// The properties of a plain layer with Core Animation's defaults, which draws nothing and
  /// which no rule's gate lets through: a placeholder.
  static let none = LayerProps(Layer(id: ""), hasMask: false, derived: Derived(gates: 0, flags: 0, parts: 0))
}
