import Foundation

/// A layer as a scene file describes it, mirroring `CALayer` and its defaults.
///
/// Defaults are Core Animation's: opacity 1, not hidden, no clip, no shadow (`shadowOpacity` 0,
/// with radius 3 and offset (0, -3) once it is set), `rasterizationScale` 1,
/// `allowsEdgeAntialiasing` false, `allowsGroupOpacity` true (since iOS 7).
///
/// A layer's `id` is unique among its siblings; its ``LayerPath`` (`root/feed/cell[3]/avatar`)
/// is unique in the scene and names the layer in every message.
///
/// A `Layer` is a value held in one reference to copy-on-write storage, so copying a layer is one
/// retain and any structure can keep a copy of every layer at 8 bytes each. Setting a property of
/// a layer whose storage another copy shares copies the storage first (its own properties; its
/// sublayers and mask stay shared until they are set in turn). The properties nearly every layer
/// sets are stored inline (``LayerFields``); the others (``RareLayerFields``) in a second box that
/// a layer has only once one of them differs from its default, and that copies share. Storage is
/// never changed while two layers share it, which makes a layer safe to send.
public struct Layer: @unchecked Sendable, Hashable {
  private var storage: LayerStorage

  public init(id: String, frame: Rect = .zero) {
    storage = LayerStorage.make { LayerFields(id: id, frame: frame) }
  }

  public var id: String {
    get { fields.pointee.id }
    _modify {
      makeUnique()
      yield &fields.pointee.id
    }
  }
  public var kind: LayerKind {
    get { fields.pointee.rare?.fields.kind ?? RareLayerFields.defaults.kind }
    set {
      if needsRare(newValue, RareLayerFields.defaults.kind) { uniqueRare().fields.kind = newValue }
    }
  }
  /// `[x, y, width, height]` in points, relative to the superlayer's bounds, before `transform`.
  public var frame: Rect {
    get { fields.pointee.frame }
    _modify {
      makeUnique()
      yield &fields.pointee.frame
    }
  }
  /// `anchorPoint`: the point of the bounds, in unit coordinates, that `transform` turns and
  /// scales about and that `position` animations move; `(0.5, 0.5)` is the centre.
  public var anchorPoint: Point {
    get { fields.pointee.rare?.fields.anchorPoint ?? RareLayerFields.defaults.anchorPoint }
    set {
      if needsRare(newValue, RareLayerFields.defaults.anchorPoint) { uniqueRare().fields.anchorPoint = newValue }
    }
  }
  /// Nil by default. Stored in 4 bytes when each channel is a whole number of 255ths, as every
  /// colour a scene file writes is; any other colour is stored whole, with the rare properties.
  public var backgroundColor: Color? {
    get {
      let fields = fields.pointee
      if fields.flags.contains(.packedBackground) { return Color(packed: fields.packedBackground) }
      return fields.rare?.unpacked?.backgroundColor
    }
    set {
      makeUnique()
      let packed = newValue?.packed
      fields.pointee.packedBackground = packed ?? 0
      if packed != nil { fields.pointee.flags.insert(.packedBackground) } else { fields.pointee.flags.remove(.packedBackground) }
      let unpacked = packed == nil ? newValue : nil
      if unpacked != nil || fields.pointee.rare?.unpacked?.backgroundColor != nil {
        let rare = uniqueRare()
        rare.unpacked = UnpackedLayerFields.make(backgroundColor: unpacked, source: rare.unpacked?.source)
      }
    }
  }
  public var cornerRadius: Double {
    get { fields.pointee.cornerRadius }
    _modify {
      makeUnique()
      yield &fields.pointee.cornerRadius
    }
  }
  public var cornerCurve: CornerCurve {
    get { fields.pointee.rare?.fields.cornerCurve ?? RareLayerFields.defaults.cornerCurve }
    set {
      if needsRare(newValue, RareLayerFields.defaults.cornerCurve) { uniqueRare().fields.cornerCurve = newValue }
    }
  }
  /// `maskedCorners`: the corners `cornerRadius` rounds; with none, nothing is rounded.
  public var maskedCorners: CornerMask {
    get { fields.pointee.rare?.fields.maskedCorners ?? RareLayerFields.defaults.maskedCorners }
    set {
      if needsRare(newValue, RareLayerFields.defaults.maskedCorners) { uniqueRare().fields.maskedCorners = newValue }
    }
  }
  public var masksToBounds: Bool {
    get { fields.pointee.flags.contains(.masksToBounds) }
    set { setFlag(.masksToBounds, newValue) }
  }
  public var opacity: Double {
    get { fields.pointee.opacity }
    _modify {
      makeUnique()
      yield &fields.pointee.opacity
    }
  }
  /// `compositingFilter`: a blend mode the layer composites with instead of source-over; nil for
  /// none.
  public var compositingFilter: CompositingFilter? {
    get { fields.pointee.rare?.fields.compositingFilter ?? RareLayerFields.defaults.compositingFilter }
    set {
      if needsRare(newValue, RareLayerFields.defaults.compositingFilter) { uniqueRare().fields.compositingFilter = newValue }
    }
  }
  public var allowsGroupOpacity: Bool {
    get { fields.pointee.flags.contains(.allowsGroupOpacity) }
    set { setFlag(.allowsGroupOpacity, newValue) }
  }
  public var isHidden: Bool {
    get { fields.pointee.flags.contains(.isHidden) }
    set { setFlag(.isHidden, newValue) }
  }
  public var isOpaque: Bool {
    get { fields.pointee.flags.contains(.isOpaque) }
    set { setFlag(.isOpaque, newValue) }
  }
  public var borderWidth: Double {
    get { fields.pointee.rare?.fields.borderWidth ?? RareLayerFields.defaults.borderWidth }
    set {
      if needsRare(newValue, RareLayerFields.defaults.borderWidth) { uniqueRare().fields.borderWidth = newValue }
    }
  }
  public var borderColor: Color {
    get { fields.pointee.rare?.fields.borderColor ?? RareLayerFields.defaults.borderColor }
    set {
      if needsRare(newValue, RareLayerFields.defaults.borderColor) { uniqueRare().fields.borderColor = newValue }
    }
  }
  public var shadowOpacity: Double {
    get { fields.pointee.rare?.fields.shadowOpacity ?? RareLayerFields.defaults.shadowOpacity }
    set {
      if needsRare(newValue, RareLayerFields.defaults.shadowOpacity) { uniqueRare().fields.shadowOpacity = newValue }
    }
  }
  public var shadowRadius: Double {
    get { fields.pointee.rare?.fields.shadowRadius ?? RareLayerFields.defaults.shadowRadius }
    set {
      if needsRare(newValue, RareLayerFields.defaults.shadowRadius) { uniqueRare().fields.shadowRadius = newValue }
    }
  }
  public var shadowOffset: Size {
    get { fields.pointee.rare?.fields.shadowOffset ?? RareLayerFields.defaults.shadowOffset }
    set {
      if needsRare(newValue, RareLayerFields.defaults.shadowOffset) { uniqueRare().fields.shadowOffset = newValue }
    }
  }
  public var shadowColor: Color {
    get { fields.pointee.rare?.fields.shadowColor ?? RareLayerFields.defaults.shadowColor }
    set {
      if needsRare(newValue, RareLayerFields.defaults.shadowColor) { uniqueRare().fields.shadowColor = newValue }
    }
  }
  public var shadowPath: ShadowPath? {
    get { fields.pointee.rare?.fields.shadowPath ?? RareLayerFields.defaults.shadowPath }
    set {
      if needsRare(newValue, RareLayerFields.defaults.shadowPath) { uniqueRare().fields.shadowPath = newValue }
    }
  }
  public var shouldRasterize: Bool {
    get { fields.pointee.flags.contains(.shouldRasterize) }
    set { setFlag(.shouldRasterize, newValue) }
  }
  public var rasterizationScale: Double {
    get { fields.pointee.rare?.fields.rasterizationScale ?? RareLayerFields.defaults.rasterizationScale }
    set {
      if needsRare(newValue, RareLayerFields.defaults.rasterizationScale) { uniqueRare().fields.rasterizationScale = newValue }
    }
  }
  public var allowsEdgeAntialiasing: Bool {
    get { fields.pointee.rare?.fields.allowsEdgeAntialiasing ?? RareLayerFields.defaults.allowsEdgeAntialiasing }
    set {
      if needsRare(newValue, RareLayerFields.defaults.allowsEdgeAntialiasing) { uniqueRare().fields.allowsEdgeAntialiasing = newValue }
    }
  }
  public var transform: Transform {
    get { fields.pointee.rare?.fields.transform ?? RareLayerFields.defaults.transform }
    set {
      if needsRare(newValue, RareLayerFields.defaults.transform) { uniqueRare().fields.transform = newValue }
    }
  }
  public var contents: Contents? {
    get { fields.pointee.contents }
    _modify {
      makeUnique()
      yield &fields.pointee.contents
    }
  }
  public var contentsGravity: ContentsGravity {
    get { fields.pointee.rare?.fields.contentsGravity ?? RareLayerFields.defaults.contentsGravity }
    set {
      if needsRare(newValue, RareLayerFields.defaults.contentsGravity) { uniqueRare().fields.contentsGravity = newValue }
    }
  }
  /// The Auto Layout constraints the view's own layout holds (a cell's XIB, say), solved when the
  /// view first comes on screen; 0: laid out with frames.
  public var constraints: Int {
    get { fields.pointee.rare?.fields.constraints ?? RareLayerFields.defaults.constraints }
    set {
      if needsRare(newValue, RareLayerFields.defaults.constraints) { uniqueRare().fields.constraints = newValue }
    }
  }
  /// The most `constraints` a scene's layer may hold (the `constraints` key's range).
  public static let maxConstraints = 10_000
  public var sublayers: [Layer] {
    get { fields.pointee.sublayers }
    _modify {
      makeUnique()
      yield &fields.pointee.sublayers
    }
  }
  /// Where the layer's object starts in the scene file, when it came from one.
  public var source: SourceLocation? {
    get {
      let fields = fields.pointee
      if fields.sourceLine != 0 { return SourceLocation(line: Int(fields.sourceLine), column: Int(fields.sourceColumn)) }
      return fields.rare?.unpacked?.source
    }
    set {
      makeUnique()
      let (line, column) = LayerFields.packed(newValue) ?? (0, 0)
      fields.pointee.sourceLine = line
      fields.pointee.sourceColumn = column
      let unpacked = line == 0 ? newValue : nil
      if unpacked != nil || fields.pointee.rare?.unpacked?.source != nil {
        let rare = uniqueRare()
        rare.unpacked = UnpackedLayerFields.make(backgroundColor: rare.unpacked?.backgroundColor, source: unpacked)
      }
    }
  }

  /// `mask`: a layer whose alpha masks this layer and its sublayers.
  public var mask: Layer? {
    get { fields.pointee.mask }
    _modify {
      makeUnique()
      yield &fields.pointee.mask
    }
  }

  /// The layer's bounds in its own coordinates: `[0, 0, width, height]`.
  public var bounds: Rect { Rect(0, 0, frame.width, frame.height) }

  /// Total layers in this subtree, masks included.
  public var subtreeCount: Int {
    var count = 1
    if let mask = fields.pointee.mask { count += mask.subtreeCount }
    for sublayer in fields.pointee.sublayers { count += sublayer.subtreeCount }
    return count
  }

  /// A layer with its id, where it starts in a file and its `allowsGroupOpacity`, the rest at
  /// the defaults: how the scene readers start each layer.
  init(id: String, source: SourceLocation, allowsGroupOpacity: Bool) {
    let packed = LayerFields.packed(source)
    storage = LayerStorage.make {
      var fields = LayerFields(id: id, frame: .zero)
      if !allowsGroupOpacity { fields.flags.remove(.allowsGroupOpacity) }
      (fields.sourceLine, fields.sourceColumn) = packed ?? (0, 0)
      return fields
    }
    if packed == nil { self.source = source }
  }

  // MARK: Storage

  /// The inline properties, in place in the storage.
  private var fields: UnsafeMutablePointer<LayerFields> {
    @inline(__always) get { storage.withUnsafeMutablePointerToHeader { $0 } }
  }

  /// Copies the storage when another layer shares it, before a property is set.
  @inline(__always)
  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      let fields = fields.pointee
      storage = LayerStorage.make { fields }
    }
  }

  private mutating func setFlag(_ flag: LayerFields.Flags, _ value: Bool) {
    makeUnique()
    if value { fields.pointee.flags.insert(flag) } else { fields.pointee.flags.remove(flag) }
  }

  /// The layer has a rare box (whose properties may all be at their defaults).
  var hasRareBox: Bool { fields.pointee.rare != nil }

  /// Whether setting a rare property to `value` needs the rare box: it does unless the layer has
  /// none and `value` is the property's `initial` value bit for bit (a -0 set stays a -0).
  @inline(__always)
  private func needsRare<Value: Equatable>(_ value: Value, _ initial: Value) -> Bool {
    guard !hasRareBox, value == initial else { return true }
    return !withUnsafeBytes(of: value) { set in withUnsafeBytes(of: initial) { set.elementsEqual($0) } }
  }

  /// The rare box, to be written: made first when the layer has none, copied first when another
  /// layer shares it.
  private mutating func uniqueRare() -> RareLayerBox {
    makeUnique()
    if !isKnownUniquelyReferenced(&fields.pointee.rare) {
      fields.pointee.rare = fields.pointee.rare.map { RareLayerBox($0.fields, unpacked: $0.unpacked) } ?? RareLayerBox(.defaults)
    }
    return fields.pointee.rare!
  }

  /// Calls `body` with the mask, if any, then each sublayer: the layer's children in tree order,
  /// read in place.
  @inline(__always)
  func forEachChild(_ body: (borrowing Layer) throws -> Void) rethrows {
    let fields = fields
    if let mask = fields.pointee.mask { try body(mask) }
    try fields.pointee.sublayers.withUnsafeBufferPointer { sublayers in
      for index in sublayers.indices { try body(sublayers[index]) }
    }
  }

  /// The layer has a mask or sublayers.
  var hasChildren: Bool { fields.pointee.mask != nil || !fields.pointee.sublayers.isEmpty }

  /// Whether the layer's id is `id`, compared in place.
  @inline(__always)
  func hasID(_ id: String) -> Bool { fields.pointee.id == id }

  /// Replaces the layer's rare box by one of `boxes` that holds the same properties, bit for bit,
  /// or adds the box to them: layers read with the same rare properties (every card's shadow)
  /// share one box, as copies do.
  mutating func shareRareBox(in boxes: inout SharedRareBoxes) {
    guard let rare = fields.pointee.rare, rare.unpacked == nil else { return }
    if let same = boxes.box(holding: rare.fields) {
      guard same !== rare else { return }
      makeUnique()
      fields.pointee.rare = same
    } else {
      boxes.add(rare)
    }
  }

  /// Whether both layers hold the same rare box.
  func sharesRareBox(with other: Layer) -> Bool {
    fields.pointee.rare != nil && fields.pointee.rare === other.fields.pointee.rare
  }

  /// Whether both layers hold the same storage: then they are equal, and neither has been set
  /// since one was copied from the other.
  func sharesStorage(with other: Layer) -> Bool { storage === other.storage }

  // MARK: Equality

  /// Equal when every property is, however each layer stores them: a rare property set back to
  /// its default equals one never set.
  public static func == (a: Layer, b: Layer) -> Bool {
    if a.storage === b.storage { return true }
    let x = a.fields.pointee
    let y = b.fields.pointee
    guard x.id == y.id, x.frame == y.frame, x.opacity == y.opacity, x.cornerRadius == y.cornerRadius,
      x.flags.subtracting(.packedBackground) == y.flags.subtracting(.packedBackground), x.contents == y.contents,
      a.backgroundColor == b.backgroundColor, a.source == b.source
    else { return false }
    if x.rare !== y.rare, (x.rare?.fields ?? .defaults) != (y.rare?.fields ?? .defaults) { return false }
    return x.mask == y.mask && x.sublayers == y.sublayers
  }

  public func hash(into hasher: inout Hasher) {
    let fields = fields.pointee
    hasher.combine(fields.id)
    hasher.combine(fields.frame)
    hasher.combine(fields.opacity)
    hasher.combine(fields.cornerRadius)
    hasher.combine(fields.flags.subtracting(.packedBackground).rawValue)
    hasher.combine(fields.contents)
    hasher.combine(backgroundColor)
    hasher.combine(source)
    hasher.combine(fields.rare?.fields ?? .defaults)
    hasher.combine(fields.mask)
    hasher.combine(fields.sublayers)
  }
}

/// A ``Layer``'s storage: its ``LayerFields`` in one allocation, read and written in place
/// (without the exclusivity checks of a class's stored property). Never changed while two layers
/// share it: ``Layer`` copies it first.
final class LayerStorage: ManagedBuffer<LayerFields, Void> {
  /// Storage holding the fields `make` gives, made in place.
  @inline(__always)
  static func make(_ fields: () -> LayerFields) -> LayerStorage {
    unsafeDowncast(create(minimumCapacity: 0) { _ in fields() }, to: LayerStorage.self)
  }
}

/// The properties nearly every layer sets, stored in the layer itself, ordered so that they pack
/// without gaps (136 bytes) and that what a walk over the tree or its release reads (the id, the
/// children, the rare box) shares the first cache line with the reference count; the other
/// properties are in `rare`.
struct LayerFields {
  var id: String
  var sublayers: [Layer] = []
  var mask: Layer? = nil
  /// The rare properties, once one differs from its default; nil while none does.
  var rare: RareLayerBox? = nil
  var frame: Rect
  var opacity: Double = 1
  var cornerRadius: Double = 0
  /// `source`'s line and column when both fit (line 0: none here, see `rare`).
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

  /// `sourceLine` and `sourceColumn` for `source`, when they hold it.
  @inline(__always)
  static func packed(_ source: SourceLocation?) -> (line: UInt32, column: UInt32)? {
    guard let source, let line = UInt32(exactly: source.line), line != 0, let column = UInt32(exactly: source.column) else { return nil }
    return (line, column)
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
}

/// The properties few layers set; each initial value is the property's default.
struct RareLayerFields: Hashable {
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
  var constraints = 0

  static let defaults = RareLayerFields()
}

/// A layer's rare properties, shared by its copies until one of them sets one.
final class RareLayerBox: @unchecked Sendable {
  var fields: RareLayerFields
  /// A `backgroundColor` or `source` the inline fields cannot hold exactly; nil for none.
  var unpacked: UnpackedLayerFields?

  init(_ fields: RareLayerFields, unpacked: UnpackedLayerFields? = nil) {
    self.fields = fields
    self.unpacked = unpacked
  }
}

/// The rare boxes of the last layers a reader made, for ``Layer/shareRareBox(in:)``.
struct SharedRareBoxes {
  private var boxes: [RareLayerBox] = []
  /// Where the next box goes once `boxes` is full: the oldest is replaced.
  private var next = 0
  private static let capacity = 8

  /// A box whose properties have the same bits as `fields`: the same values exactly (a -0 is not
  /// a 0), sharing the same class payloads.
  func box(holding fields: RareLayerFields) -> RareLayerBox? {
    withUnsafeBytes(of: fields) { wanted in
      boxes.first { box in
        withUnsafeBytes(of: box.fields) { memcmp(wanted.baseAddress!, $0.baseAddress!, wanted.count) == 0 }
      }
    }
  }

  mutating func add(_ box: RareLayerBox) {
    if boxes.count < Self.capacity {
      boxes.append(box)
    } else {
      boxes[next] = box
      next = (next + 1) % Self.capacity
    }
  }
}

/// What a layer's inline fields cannot hold exactly; made whole, never changed.
final class UnpackedLayerFields: Sendable {
  let backgroundColor: Color?
  let source: SourceLocation?

  private init(backgroundColor: Color?, source: SourceLocation?) {
    self.backgroundColor = backgroundColor
    self.source = source
  }

  /// Nil when there is nothing to hold.
  static func make(backgroundColor: Color?, source: SourceLocation?) -> UnpackedLayerFields? {
    backgroundColor == nil && source == nil ? nil : UnpackedLayerFields(backgroundColor: backgroundColor, source: source)
  }
}

extension Color {
  /// The colour as 8-bit RGBA (red in the high byte) when each channel is exactly a whole number
  /// of 255ths, as a colour read from `#RRGGBB`, `#RRGGBBAA` or `clear` is; nil otherwise.
  var packed: UInt32? {
    func byte(_ channel: Double) -> UInt32? {
      let scaled = channel * 255 + 0.5
      // NaN fails the test too.
      guard scaled >= 0, scaled < 256 else { return nil }
      let byte = UInt32(scaled)
      return (Double(byte) / 255).bitPattern == channel.bitPattern ? byte : nil
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
