/// The scene format described once: every object kind of a scene file with its keys, each key's
/// type, range, default, the classes or types it applies to, whether it animates, and a one-line
/// doc.
///
/// Everything else follows from it: ``SceneDecoder`` and the fast ``SceneStreamReader`` take
/// their key lists, ranges, defaults and messages from it (the stream reader builds its key tables
/// and masks from it), ``SceneEncoder`` takes its defaults and key order from it,
/// ``SceneSchema`` generates the JSON Schema (`offscreen-sim schema`, `scenes/scene.schema.json`)
/// and ``FormatTables`` the key tables of docs/scene-format.md. Tests hold the schema file, the
/// docs, the fuzz dictionary and the benchmark's Decodable mirror to it.
///
/// The layer kind is a value (``SceneFormat/layer``) that the readers and the writer are given,
/// so adding a layer property is: its entry in `LayerKeys.swift`, its field in the model, and the
/// rule or cost that reads it.
public struct SceneFormat: Sendable {
  /// The top-level object.
  public var scene: ObjectKind { didSet { isStandard = false } }
  /// A layer object: the root, a sublayer or a mask.
  public var layer: ObjectKind { didSet { isStandard = false } }
  public var contents: ObjectKind { didSet { isStandard = false } }
  public var shapePath: ObjectKind { didSet { isStandard = false } }
  public var shadowPath: ObjectKind { didSet { isStandard = false } }
  public var transform: ObjectKind { didSet { isStandard = false } }
  public var repeatBlock: ObjectKind { didSet { isStandard = false } }
  public var source: ObjectKind
  public var timeline: ObjectKind
  public var animation: ObjectKind
  public var contentChange: ObjectKind
  public var scroll: ObjectKind
  public var reuse: ObjectKind
  public var budgets: ObjectKind
  /// The key paths an animation's `keyPath` names, with the values each takes.
  public var keyPaths: [AnimatedKeyPath]
  /// False once a kind the fast reader builds tables from was changed: its tables are then built
  /// for this format instead of taken ready-made.
  public private(set) var isStandard = true

  /// The format this tool reads and writes, version ``Scene/formatVersion``.
  public static let standard = SceneFormat(
    scene: SceneKeys.scene, layer: LayerKeys.layer, contents: SceneKeys.contents, shapePath: SceneKeys.shapePath,
    shadowPath: SceneKeys.shadowPath, transform: SceneKeys.transform, repeatBlock: SceneKeys.repeatBlock, source: SceneKeys.source,
    timeline: TimelineKeys.timeline, animation: TimelineKeys.animation, contentChange: TimelineKeys.contentChange,
    scroll: TimelineKeys.scroll, reuse: TimelineKeys.reuse, budgets: BudgetKeys.budgets, keyPaths: TimelineKeys.keyPaths)

  /// Every object kind, in the order the docs and the schema list them.
  public var kinds: [ObjectKind] {
    [
      scene, layer, contents, shapePath, shadowPath, transform, repeatBlock, source, timeline, animation, contentChange, scroll, reuse,
      budgets,
    ]
  }

  /// The key path named `name`.
  public func keyPath(_ name: String) -> AnimatedKeyPath? { keyPaths.first { $0.name == name } }
}

/// One kind of object in a scene file: its keys, in the order files write them.
public struct ObjectKind: Sendable {
  /// The kind's name in the schema's `$defs` and in the docs' table markers: `layer`.
  public var name: String
  /// How messages name it: "a layer", "`transform`".
  public var what: String
  /// What an object of this kind is, for the schema.
  public var doc: String
  /// The key whose value picks which other keys apply (`class`, `type`), if any.
  public var discriminator: String?
  public var keys: [FormatKey]
  /// Sets of keys of which an object holds exactly one (`{"value", "tolerance"}` or
  /// `{"min", "max"}`); empty: no such rule. The schema says it with `oneOf`.
  public var exclusiveKeySets: [[String]]

  public init(
    name: String, what: String, doc: String, discriminator: String? = nil, keys: [FormatKey], exclusiveKeySets: [[String]] = []
  ) {
    self.name = name
    self.what = what
    self.doc = doc
    self.discriminator = discriminator
    self.keys = keys
    self.exclusiveKeySets = exclusiveKeySets
  }

  /// The keys' names, in order.
  public var names: [String] { keys.map(\.name) }

  public subscript(name: String) -> FormatKey {
    guard let key = keys.first(where: { $0.name == name }) else { preconditionFailure("no key \(name) in \(self.name)") }
    return key
  }

  /// The index of the key named `name`.
  public func index(of name: String) -> Int? { keys.firstIndex { $0.name == name } }

  /// The keys that apply to the variant `variant` (a class or a type).
  public func keys(for variant: String) -> [FormatKey] { keys.filter { $0.variants?.contains(variant) ?? true } }
}

/// One key of an object kind.
public struct FormatKey: Sendable {
  public var name: String
  public var type: ValueType
  /// The Core Animation or UIKit property the key mirrors, for the docs: `cornerRadius`,
  /// `CAShapeLayer.path`; nil when it has none.
  public var property: String?
  public var requirement: Requirement
  /// The value a missing key stands for, as JSON; nil when there is none (or it depends on the
  /// context, which ``defaultText`` then says).
  public var defaultValue: JSONOutput?
  /// The default as the docs say it, when the value alone does not: "`true` from iOS 7, `false`
  /// before".
  public var defaultText: String?
  /// The classes (of a layer) or types (of contents, a path) the key applies to; nil: all.
  public var variants: [String]?
  /// The animation key paths that animate it (`position.x` for `frame`).
  public var animatedBy: [String]
  /// What the key means, one line.
  public var doc: String
  /// How a layer key is read into and written from the model; nil for other kinds and for the
  /// layer keys the readers handle themselves (`id`, `class`, `sublayers`...).
  var binding: LayerBinding?

  public init(
    _ name: String, _ type: ValueType, property: String? = nil, requirement: Requirement = .optional, defaultValue: JSONOutput? = nil,
    defaultText: String? = nil, variants: [String]? = nil, animatedBy: [String] = [], doc: String
  ) {
    self.name = name
    self.type = type
    self.property = property
    self.requirement = requirement
    self.defaultValue = defaultValue
    self.defaultText = defaultText
    self.variants = variants
    self.animatedBy = animatedBy
    self.doc = doc
  }

  /// Whether the key is required.
  public enum Requirement: Sendable, Hashable {
    case optional
    case required
    /// Required for these variants only (`pixelSize` for `image` contents).
    case requiredFor([String])
    /// Required unless something else provides it; the text says what.
    case requiredUnless(String)
  }

  /// The range of a whole-number key.
  static func integers(_ key: FormatKey) -> ClosedRange<Int> {
    guard case .integer(let range) = key.type else { preconditionFailure("\(key.name) is not a whole number") }
    return range
  }

  /// The key's number range, for a number, a whole number or a pair of numbers.
  public var range: NumberRange? { type.range }
}

/// What a key's value may be.
public indirect enum ValueType: Sendable {
  case number(NumberRange)
  case integer(ClosedRange<Int>)
  case boolean
  /// Any string, at most `maxLength` characters when given.
  case string(maxLength: Int?)
  /// A layer id: not empty, no `/ * [ ]` or white space, at most `maxLength` characters.
  case identifier(maxLength: Int?)
  /// One of these names.
  case choice([String])
  /// A colour (`"#RRGGBB"`, `"#RRGGBBAA"`, `"clear"`), or also `null` when `nullable`.
  case color(nullable: Bool)
  /// `[a, b]`, both in the range, or `b` in `second` when it is given (`[time, offset]`); `shape`
  /// is how messages write it: `[width, height]`.
  case pair(shape: String, NumberRange, second: NumberRange? = nil)
  /// `[x, y, width, height]`: x and y in ``NumberRange/coordinate``, width and height in
  /// ``NumberRange/length``.
  case rect
  /// An array of values, at least `minCount`, each different when `unique`.
  case list(ValueType, minCount: Int, unique: Bool, noun: String)
  /// An object of another kind, by name.
  case object(String)
  /// A layer object, or an array of them.
  case layer
  case layers
  /// Exactly this string.
  case constant(String)
  /// A device id of the tool's catalogue.
  case device
  /// Any one of these.
  case oneOf([ValueType])
  /// A value described in prose; `schema` is its JSON Schema.
  case custom(text: String, schema: JSONOutput)

  /// The type of a list's items; nil for other types.
  public var listItem: ValueType? {
    if case .list(let item, _, _, _) = self { return item }
    return nil
  }

  /// The number range of a number, a whole number or a pair of numbers (its first number's); for
  /// `oneOf`, its first such type's.
  public var range: NumberRange? {
    switch self {
    case .number(let range), .pair(_, let range, _): return range
    case .integer(let range): return NumberRange(Double(range.lowerBound), Double(range.upperBound), whole: true)
    case .oneOf(let types): return types.lazy.compactMap(\.range).first
    default: return nil
    }
  }
}

/// The numbers a key takes: from `lower` (included unless `lowerIsOpen`) to `upper` (included).
///
/// An `upper` marked as a limit bounds what is physical rather than what the property means (no
/// screen is 10^7 points wide): messages then speak of the lower bound alone, and of the limit
/// only when a value passes it (with the reason, for a range with a ``unit``; see
/// `PhysicalRanges.swift`).
public struct NumberRange: Sendable, Hashable {
  public var lower: Double
  public var lowerIsOpen: Bool
  public var upper: Double
  public var upperIsLimit: Bool
  /// Whole numbers only.
  public var whole: Bool
  /// What the numbers measure, when a physical limit bounds them: a message then says why.
  public var unit: Unit

  /// The unit of a range's numbers.
  public enum Unit: UInt8, Sendable, Hashable {
    /// Any other quantity (a time, a count, a fraction), or a number without a physical limit.
    case none
    /// A length or a position in points.
    case points
    /// A bitmap's side in pixels.
    case pixels
  }

  public init(
    _ lower: Double, _ upper: Double, lowerIsOpen: Bool = false, upperIsLimit: Bool = false, whole: Bool = false, unit: Unit = .none
  ) {
    self.lower = lower
    self.upper = upper
    self.lowerIsOpen = lowerIsOpen
    self.upperIsLimit = upperIsLimit
    self.whole = whole
    self.unit = unit
  }

  /// Any finite number.
  public static let any = NumberRange(-.greatestFiniteMagnitude, .greatestFiniteMagnitude, upperIsLimit: true)
  /// `>= 0`.
  public static let nonNegative = NumberRange(0, .greatestFiniteMagnitude, upperIsLimit: true)
  /// `> 0`.
  public static let positive = NumberRange(0, .greatestFiniteMagnitude, lowerIsOpen: true, upperIsLimit: true)
  /// `0 ... 1`.
  public static let unit = NumberRange(0, 1)

  /// `>= lower` with a physical limit.
  public static func atLeast(_ lower: Double, limit: Double, unit: Unit = .none) -> NumberRange {
    NumberRange(lower, limit, upperIsLimit: true, unit: unit)
  }
  /// `> lower` with a physical limit.
  public static func above(_ lower: Double, limit: Double, unit: Unit = .none) -> NumberRange {
    NumberRange(lower, limit, lowerIsOpen: true, upperIsLimit: true, unit: unit)
  }
  /// `-limit ... limit`.
  public static func within(_ limit: Double, unit: Unit = .none) -> NumberRange {
    NumberRange(-limit, limit, upperIsLimit: true, unit: unit)
  }

  @inline(__always)
  public func contains(_ value: Double) -> Bool {
    (lowerIsOpen ? value > lower : value >= lower) && value <= upper
  }

  var hasLower: Bool { lower > -.greatestFiniteMagnitude }
  var hasUpper: Bool { upper < .greatestFiniteMagnitude }

  /// What a message says was expected of a value outside the range: "a number from 0 to 1",
  /// "a number >= 0", "a number > 0", "a number up to 10000000".
  public func expectation(for value: Double) -> String {
    "\(whole ? "a whole number" : "a number") \(bounds(for: value))"
  }

  /// The bounds a value outside the range breaks, as a message says them after what was
  /// expected ("a width and height >= 0"): "from 0 to 1", ">= 0", "> 0", "up to 10000000".
  public func bounds(for value: Double) -> String {
    if !upperIsLimit || whole || (hasLower && lower == -upper) {
      return "from \(formatNumber(lower)) to \(formatNumber(upper))"
    }
    if value > upper || !hasLower { return "up to \(formatNumber(upper))" }
    return "\(lowerIsOpen ? ">" : ">=") \(formatNumber(lower))"
  }

  /// True when `value` is outside the range because it passes a physical limit of a range with a
  /// ``unit``: above `upper`, or, for a range symmetric about 0, below `lower`.
  public func passesLimit(_ value: Double) -> Bool {
    guard upperIsLimit, unit != .none else { return false }
    return value > upper || (lower == -upper && value < lower)
  }

  /// Why a value past the range's physical limit is refused, a message's note; nil for a value
  /// that is not (``passesLimit(_:)``).
  public func limitNote(for value: Double) -> String? {
    guard passesLimit(value) else { return nil }
    switch unit {
    case .points: return Self.pointsReason
    case .pixels: return Self.pixelsReason
    case .none: return nil
    }
  }

  /// The range as the docs write it: "0 to 1", ">= 0", "> 0 (up to 10,000,000)", "any".
  public var text: String {
    if !upperIsLimit { return "\(Self.grouped(lower)) to \(Self.grouped(upper))" }
    var text = ""
    if hasLower {
      text = lower == -upper ? "-\(Self.grouped(upper)) to \(Self.grouped(upper))" : "\(lowerIsOpen ? ">" : ">=") \(Self.grouped(lower))"
      if hasUpper, lower != -upper { text += ", at most \(Self.grouped(upper))" }
    } else {
      text = hasUpper ? "at most \(Self.grouped(upper))" : "any"
    }
    return text
  }

  /// A number with thousands separated by commas, as the docs write them.
  public static func grouped(_ value: Double) -> String {
    let text = formatNumber(value)
    guard value == value.rounded(), abs(value) >= 10_000, !text.contains("e") else { return text }
    var digits = Array(text.hasPrefix("-") ? text.dropFirst() : text[...])
    var result = ""
    while digits.count > 3 {
      result = "," + String(digits.suffix(3)) + result
      digits.removeLast(3)
    }
    return (value < 0 ? "-" : "") + String(digits) + result
  }
}

/// A key path an animation names, with the values it takes.
public struct AnimatedKeyPath: Sendable {
  public var name: String
  /// The value `fromValue` and `toValue` take.
  public var value: ValueType
  /// The layer key it animates.
  public var layerKey: String
  public var doc: String

  public init(_ name: String, _ value: ValueType, layerKey: String, doc: String) {
    self.name = name
    self.value = value
    self.layerKey = layerKey
    self.doc = doc
  }
}
