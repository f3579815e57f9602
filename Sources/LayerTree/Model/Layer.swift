/// A layer as a scene file describes it, mirroring `CALayer` and its defaults.
///
/// Defaults are Core Animation's: opacity 1, not hidden, no clip, no shadow (`shadowOpacity` 0,
/// with radius 3 and offset (0, -3) once it is set), `rasterizationScale` 1,
/// `allowsEdgeAntialiasing` false, `allowsGroupOpacity` true (since iOS 7).
///
/// A layer's `id` is unique among its siblings; its ``LayerPath`` (`root/feed/cell[3]/avatar`)
/// is unique in the scene and names the layer in every message.
///
/// A `Layer` is a value with copy-on-write storage: it holds one reference, so copying a layer
/// is one retain and any structure can keep a copy of every layer at 8 bytes each. Setting any
/// property of a layer whose storage another copy shares copies the storage first (its
/// properties, not its sublayers, which stay shared until they are changed in turn). The
/// properties nearly every layer sets are stored inline; the rest (``LayerStorage/Rare``) in a
/// second box that a layer has only once one of them differs from its default.
public struct Layer: Sendable, Hashable {
  private var storage: LayerStorage

  public init(id: String, frame: Rect = .zero) {
    storage = LayerStorage(LayerStorage.Fields(id: id, frame: frame))
  }

  public var id: String {
    get { storage.fields.id }
    _modify {
      makeUnique()
      yield &storage.fields.id
    }
  }
  public var kind: LayerKind {
    get { storage.rare?.fields.kind ?? LayerStorage.RareFields.defaults.kind }
    _modify { yield &self[rare: \.kind] }
  }
  /// `[x, y, width, height]` in points, relative to the superlayer's bounds, before `transform`.
  public var frame: Rect {
    get { storage.fields.frame }
    _modify {
      makeUnique()
      yield &storage.fields.frame
    }
  }
  /// `anchorPoint`: the point of the bounds, in unit coordinates, that `transform` turns and
  /// scales about and that `position` animations move; `(0.5, 0.5)` is the centre.
  public var anchorPoint: Point {
    get { storage.rare?.fields.anchorPoint ?? LayerStorage.RareFields.defaults.anchorPoint }
    _modify { yield &self[rare: \.anchorPoint] }
  }
  /// Nil by default. Stored as 8-bit channels when it is exactly one (as every colour a scene file
  /// writes is); any other colour is stored whole, in the rare box.
  public var backgroundColor: Color? {
    get {
      if storage.fields.flags.contains(.packedBackground) { return Color(packed: storage.fields.packedBackground) }
      return storage.rare?.unpacked?.backgroundColor
    }
    set {
      makeUnique()
      if let packed = newValue?.packed {
        storage.fields.packedBackground = packed
        storage.fields.flags.insert(.packedBackground)
        if storage.rare?.unpacked?.backgroundColor != nil { setUnpacked(backgroundColor: nil) }
      } else {
        storage.fields.packedBackground = 0
        storage.fields.flags.remove(.packedBackground)
        if newValue != nil || storage.rare?.unpacked?.backgroundColor != nil { setUnpacked(backgroundColor: newValue) }
      }
    }
  }
  public var cornerRadius: Double {
    get { storage.fields.cornerRadius }
    _modify {
      makeUnique()
      yield &storage.fields.cornerRadius
    }
  }
  public var cornerCurve: CornerCurve {
    get { storage.rare?.fields.cornerCurve ?? LayerStorage.RareFields.defaults.cornerCurve }
    _modify { yield &self[rare: \.cornerCurve] }
  }
  /// `maskedCorners`: the corners `cornerRadius` rounds; with none, nothing is rounded.
  public var maskedCorners: CornerMask {
    get { storage.rare?.fields.maskedCorners ?? LayerStorage.RareFields.defaults.maskedCorners }
    _modify { yield &self[rare: \.maskedCorners] }
  }
  /// False by default.
  public var masksToBounds: Bool {
    get { storage.fields.flags.contains(.masksToBounds) }
    set { setFlag(.masksToBounds, newValue) }
  }
  public var opacity: Double {
    get { storage.fields.opacity }
    _modify {
      makeUnique()
      yield &storage.fields.opacity
    }
  }
  /// `compositingFilter`: a blend mode the layer composites with instead of source-over; nil for
  /// none.
  public var compositingFilter: CompositingFilter? {
    get { storage.rare?.fields.compositingFilter ?? LayerStorage.RareFields.defaults.compositingFilter }
    _modify { yield &self[rare: \.compositingFilter] }
  }
  /// True by default.
  public var allowsGroupOpacity: Bool {
    get { storage.fields.flags.contains(.allowsGroupOpacity) }
    set { setFlag(.allowsGroupOpacity, newValue) }
  }
  /// False by default.
  public var isHidden: Bool {
    get { storage.fields.flags.contains(.isHidden) }
    set { setFlag(.isHidden, newValue) }
  }
  /// False by default.
  public var isOpaque: Bool {
    get { storage.fields.flags.contains(.isOpaque) }
    set { setFlag(.isOpaque, newValue) }
  }
  public var borderWidth: Double {
    get { storage.rare?.fields.borderWidth ?? LayerStorage.RareFields.defaults.borderWidth }
    _modify { yield &self[rare: \.borderWidth] }
  }
  public var borderColor: Color {
    get { storage.rare?.fields.borderColor ?? LayerStorage.RareFields.defaults.borderColor }
    _modify { yield &self[rare: \.borderColor] }
  }
  public var shadowOpacity: Double {
    get { storage.rare?.fields.shadowOpacity ?? LayerStorage.RareFields.defaults.shadowOpacity }
    _modify { yield &self[rare: \.shadowOpacity] }
  }
  public var shadowRadius: Double {
    get { storage.rare?.fields.shadowRadius ?? LayerStorage.RareFields.defaults.shadowRadius }
    _modify { yield &self[rare: \.shadowRadius] }
  }
  public var shadowOffset: Size {
    get { storage.rare?.fields.shadowOffset ?? LayerStorage.RareFields.defaults.shadowOffset }
    _modify { yield &self[rare: \.shadowOffset] }
  }
  public var shadowColor: Color {
    get { storage.rare?.fields.shadowColor ?? LayerStorage.RareFields.defaults.shadowColor }
    _modify { yield &self[rare: \.shadowColor] }
  }
  public var shadowPath: ShadowPath? {
    get { storage.rare?.fields.shadowPath ?? LayerStorage.RareFields.defaults.shadowPath }
    _modify { yield &self[rare: \.shadowPath] }
  }
  /// False by default.
  public var shouldRasterize: Bool {
    get { storage.fields.flags.contains(.shouldRasterize) }
    set { setFlag(.shouldRasterize, newValue) }
  }
  public var rasterizationScale: Double {
    get { storage.rare?.fields.rasterizationScale ?? LayerStorage.RareFields.defaults.rasterizationScale }
    _modify { yield &self[rare: \.rasterizationScale] }
  }
  public var allowsEdgeAntialiasing: Bool {
    get { storage.rare?.fields.allowsEdgeAntialiasing ?? LayerStorage.RareFields.defaults.allowsEdgeAntialiasing }
    _modify { yield &self[rare: \.allowsEdgeAntialiasing] }
  }
  public var transform: Transform {
    get { storage.rare?.fields.transform ?? LayerStorage.RareFields.defaults.transform }
    _modify { yield &self[rare: \.transform] }
  }
  public var contents: Contents? {
    get { storage.fields.contents }
    _modify {
      makeUnique()
      yield &storage.fields.contents
    }
  }
  public var contentsGravity: ContentsGravity {
    get { storage.rare?.fields.contentsGravity ?? LayerStorage.RareFields.defaults.contentsGravity }
    _modify { yield &self[rare: \.contentsGravity] }
  }
  /// Empty by default.
  public var sublayers: [Layer] {
    get { storage.fields.sublayers }
    _modify {
      makeUnique()
      yield &storage.fields.sublayers
    }
  }
  /// Where the layer's object starts in the scene file, when it came from one; nil by default.
  public var source: SourceLocation? {
    get {
      let fields = storage.fields
      if fields.sourceLine != 0 { return SourceLocation(line: Int(fields.sourceLine), column: Int(fields.sourceColumn)) }
      return storage.rare?.unpacked?.source
    }
    set {
      makeUnique()
      if let newValue, let line = UInt32(exactly: newValue.line), line != 0, let column = UInt32(exactly: newValue.column) {
        storage.fields.sourceLine = line
        storage.fields.sourceColumn = column
        if storage.rare?.unpacked?.source != nil { setUnpacked(source: nil) }
      } else {
        storage.fields.sourceLine = 0
        storage.fields.sourceColumn = 0
        if newValue != nil || storage.rare?.unpacked?.source != nil { setUnpacked(source: newValue) }
      }
    }
  }

  /// `mask`: a layer whose alpha masks this layer and its sublayers; nil by default.
  public var mask: Layer? {
    get { storage.fields.mask }
    _modify {
      makeUnique()
      yield &storage.fields.mask
    }
  }

  /// The layer's bounds in its own coordinates: `[0, 0, width, height]`.
  public var bounds: Rect { Rect(0, 0, frame.width, frame.height) }

  /// Total layers in this subtree, masks included.
  public var subtreeCount: Int {
    1 + (mask?.subtreeCount ?? 0) + sublayers.reduce(0) { $0 + $1.subtreeCount }
  }

  // MARK: Storage

  /// Copies the storage when another layer shares it, before a property is set.
  @inline(__always)
  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { storage = LayerStorage(storage.fields, rare: storage.rare) }
  }

  private mutating func setFlag(_ flag: LayerStorage.Flags, _ value: Bool) {
    makeUnique()
    if value { storage.fields.flags.insert(flag) } else { storage.fields.flags.remove(flag) }
  }

  /// The rare box, made or copied first when the layer has none or shares it.
  private mutating func uniqueRare() -> LayerStorage.Rare {
    makeUnique()
    if !isKnownUniquelyReferenced(&storage.rare) {
      storage.rare = storage.rare.map { LayerStorage.Rare($0.fields, unpacked: $0.unpacked) } ?? LayerStorage.Rare(.defaults, unpacked: nil)
    }
    return storage.rare!
  }

  /// A rare property: read from the box, or its default without one; written into the box, which
  /// is made only when the value written differs from the default.
  private subscript<Value: Equatable>(rare field: WritableKeyPath<LayerStorage.RareFields, Value>) -> Value {
    get { storage.rare?.fields[keyPath: field] ?? LayerStorage.RareFields.defaults[keyPath: field] }
    _modify {
      if storage.rare == nil {
        let initial = LayerStorage.RareFields.defaults[keyPath: field]
        var value = initial
        yield &value
        if value != initial { uniqueRare().fields[keyPath: field] = value }
      } else {
        yield &uniqueRare().fields[keyPath: field]
      }
    }
  }

  private mutating func setUnpacked(backgroundColor: Color?) {
    let rare = uniqueRare()
    rare.unpacked = LayerStorage.Unpacked.make(backgroundColor: backgroundColor, source: rare.unpacked?.source)
  }

  private mutating func setUnpacked(source: SourceLocation?) {
    let rare = uniqueRare()
    rare.unpacked = LayerStorage.Unpacked.make(backgroundColor: rare.unpacked?.backgroundColor, source: source)
  }

  /// Whether both layers hold the same storage: then they are equal, and neither has been set
  /// since one was copied from the other.
  func sharesStorage(with other: Layer) -> Bool { storage === other.storage }

  // MARK: Equality

  /// Equal when every property is: a rare property set back to its default equals one never set.
  public static func == (a: Layer, b: Layer) -> Bool {
    let x = a.storage
    let y = b.storage
    if x === y { return true }
    guard x.fields.id == y.fields.id, x.fields.frame == y.fields.frame, x.fields.opacity == y.fields.opacity,
      x.fields.cornerRadius == y.fields.cornerRadius,
      x.fields.flags.subtracting(.packedBackground) == y.fields.flags.subtracting(.packedBackground),
      x.fields.contents == y.fields.contents, a.backgroundColor == b.backgroundColor, a.source == b.source
    else { return false }
    if x.rare !== y.rare, (x.rare?.fields ?? .defaults) != (y.rare?.fields ?? .defaults) { return false }
    return x.fields.mask == y.fields.mask && x.fields.sublayers == y.fields.sublayers
  }

  public func hash(into hasher: inout Hasher) {
    let fields = storage.fields
    hasher.combine(fields.id)
    hasher.combine(fields.frame)
    hasher.combine(fields.opacity)
    hasher.combine(fields.cornerRadius)
    hasher.combine(fields.flags.subtracting(.packedBackground).rawValue)
    hasher.combine(fields.contents)
    hasher.combine(backgroundColor)
    hasher.combine(source)
    hasher.combine(storage.rare?.fields ?? .defaults)
    hasher.combine(fields.mask)
    hasher.combine(fields.sublayers)
  }
}

/// A ``Layer``'s storage: the properties nearly every layer sets inline, the others in a rare
/// box that exists only once one of them differs from its default. Never changed while two
/// layers share it (``Layer`` copies it first), so it is safe to share across threads.
final class LayerStorage: @unchecked Sendable {
  var fields: Fields
  var rare: Rare?

  init(_ fields: Fields, rare: Rare? = nil) {
    self.fields = fields
    self.rare = rare
  }

  /// The inline properties, ordered so that they pack without gaps.
  struct Fields {
    var id: String
    var frame: Rect
    var opacity: Double = 1
    var cornerRadius: Double = 0
    var sublayers: [Layer] = []
    var mask: Layer? = nil
    /// `source`'s line and column when both fit (line 0: none here, see `Rare.unpacked`).
    var sourceLine: UInt32 = 0
    var sourceColumn: UInt32 = 0
    var contents: Contents? = nil
    var flags: Flags = [.allowsGroupOpacity]
    /// `backgroundColor` as 8-bit RGBA (red in the high byte) when `flags` has `packedBackground`.
    var packedBackground: UInt32 = 0

    init(id: String, frame: Rect) {
      self.id = id
      self.frame = frame
    }
  }

  /// The Boolean properties, and how `backgroundColor` is stored.
  struct Flags: OptionSet {
    let rawValue: UInt8
    static let masksToBounds = Flags(rawValue: 1)
    static let allowsGroupOpacity = Flags(rawValue: 2)
    static let isHidden = Flags(rawValue: 4)
    static let isOpaque = Flags(rawValue: 8)
    static let shouldRasterize = Flags(rawValue: 16)
    /// `backgroundColor` is `packedBackground`.
    static let packedBackground = Flags(rawValue: 32)
  }

  /// The properties few layers set, with their defaults.
  final class Rare: @unchecked Sendable {
    var fields: RareFields
    /// A `backgroundColor` or `source` the inline fields cannot hold exactly; nil for none.
    var unpacked: Unpacked?

    init(_ fields: RareFields, unpacked: Unpacked?) {
      self.fields = fields
      self.unpacked = unpacked
    }
  }

  /// The rare properties' values; each initial value is the property's default.
  struct RareFields: Hashable {
    var kind: LayerKind = .plain
    var anchorPoint = Point(0.5, 0.5)
    var borderWidth: Double = 0
    var borderColor: Color = .black
    var shadowOpacity: Double = 0
    var shadowRadius: Double = 3
    var shadowOffset = Size(0, -3)
    var shadowColor: Color = .black
    var rasterizationScale: Double = 1
    var transform: Transform = .identity
    var shadowPath: ShadowPath? = nil
    var cornerCurve: CornerCurve = .circular
    var maskedCorners: CornerMask = .all
    var compositingFilter: CompositingFilter? = nil
    var allowsEdgeAntialiasing = false
    var contentsGravity: ContentsGravity = .resize

    static let defaults = RareFields()
  }

  /// What a layer's inline fields cannot hold exactly; made whole, never changed.
  final class Unpacked: Sendable {
    let backgroundColor: Color?
    let source: SourceLocation?

    private init(backgroundColor: Color?, source: SourceLocation?) {
      self.backgroundColor = backgroundColor
      self.source = source
    }

    /// Nil when there is nothing to hold.
    static func make(backgroundColor: Color?, source: SourceLocation?) -> Unpacked? {
      backgroundColor == nil && source == nil ? nil : Unpacked(backgroundColor: backgroundColor, source: source)
    }
  }
}

extension Color {
  /// The colour as 8-bit RGBA (red in the high byte) when each channel is exactly n / 255, as a
  /// colour read from `#RRGGBB`, `#RRGGBBAA` or `clear` is; nil otherwise.
  var packed: UInt32? {
    func byte(_ channel: Double) -> UInt32? {
      let scaled = (channel * 255).rounded()
      guard scaled >= 0, scaled <= 255 else { return nil }
      let byte = UInt8(scaled)
      return (Double(byte) / 255).bitPattern == channel.bitPattern ? UInt32(byte) : nil
    }
    guard let red = byte(red), let green = byte(green), let blue = byte(blue), let alpha = byte(alpha) else { return nil }
    return red << 24 | green << 16 | blue << 8 | alpha
  }

  /// The colour of ``packed``.
  init(packed: UInt32) {
    self.init(
      red: Double(packed >> 24) / 255, green: Double(packed >> 16 & 0xFF) / 255, blue: Double(packed >> 8 & 0xFF) / 255,
      alpha: Double(packed & 0xFF) / 255)
  }
}

/// The layer classes a scene can use, with what only they carry.
public enum LayerKind: Sendable, Hashable {
  /// `CALayer`.
  case plain
  /// `CAShapeLayer`: a path rasterized by the render server on the CPU.
  // Boxed, as `replicator` is: a kind is no larger than a reference.
  indirect case shape(ShapeLayer)
  /// `CAGradientLayer`.
  case gradient(GradientLayer)
  /// `UIVisualEffectView`'s backdrop: blurs what is behind it.
  case visualEffect(VisualEffect)
  /// `CATransformLayer`: draws nothing itself; only its sublayers are rendered, each with its own
  /// opacity (no group), and it neither clips nor masks nor casts a shadow.
  case transformLayer
  /// `CAReplicatorLayer`: draws its sublayers `instanceCount` times.
  indirect case replicator(ReplicatorLayer)

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
