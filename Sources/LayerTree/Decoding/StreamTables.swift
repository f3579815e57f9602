/// The fast reader's tables, built once from a format's description: the key tables it looks
/// keys up in, what each layer key is and which classes take it, and the masks of the keys each
/// contents type and path type takes or requires. Nothing in them is written by hand.
final class StreamTables: Sendable {
  let sceneKeys: KeyTable
  /// The scene's keys, in `sceneKeys` order, and the bit of `version` among them.
  let sceneNames: [String]
  let versionBit: UInt64
  let layerKeys: KeyTable
  /// Each layer key, in `layerKeys` order: what the reader checks and reads, as plain values
  /// (copied per key read, they hold no reference).
  let layerFields: [StreamLayerKey]
  /// Each layer key's setter, in `layerKeys` order; looked at only when the key is read.
  let layerSetters: [LayerSetter]
  /// The names of each choice key, in `layerKeys` order; nil for other keys.
  let layerChoices: [KeyTable?]
  /// The bits of `id` and `frame` in a set of seen layer keys.
  let idBit: UInt64
  let frameBit: UInt64
  let classNames: KeyTable
  /// The bit of `CALayer`, the class of a layer that names none.
  let plainClassBit = LayerClass.CALayer.bit
  /// `LayerClass.allCases` and `DrawingThread.allCases`, made once.
  let layerClasses = LayerClass.allCases
  let drawingThreadCases = DrawingThread.allCases

  let contentsKeys: KeyTable
  let contentsFields: [ContentsField]
  let contentsTypes: KeyTable
  /// What each contents type makes, in `contentsTypes` order.
  let contentsTypeKinds: [ContentsTypeKind]
  /// By contents type: the keys it takes, and the keys it requires (bits in `contentsKeys` order).
  let contentsApplies: [UInt64]
  let contentsRequired: [UInt64]
  let drawingThreads: KeyTable

  let shapePathKeys: KeyTable
  let shapePathFields: [ShapePathField]
  let shapeTypes: KeyTable
  /// What each path type makes, in `shapeTypes` order.
  let shapeTypeKinds: [ShapeTypeKind]
  let shapeApplies: [UInt64]
  let shapeRequired: [UInt64]

  let shadowPathKeys: KeyTable
  let shadowPathFields: [ShadowPathField]
  let transformKeys: KeyTable
  let transformFields: [TransformField]
  let repeatKeys: KeyTable
  let repeatFields: [RepeatField]
  let shapePathRadius: StreamRange
  let shapePathPoints: ClosedRange<Int>
  let shadowPathRadius: StreamRange
  let pixelSize: StreamRange
  let characters: ClosedRange<Int>
  let emoji: ClosedRange<Int>
  let repeatCount: ClosedRange<Int>
  let repeatStep: StreamRange
  let translation: StreamRange
  /// A rect's x and y, and its width and height (``ValueType/rect``).
  let rectOrigin = StreamRange(.coordinate)
  let rectSize = StreamRange(.length)
  /// The key tables above, freed with them.
  private let keyTables: [KeyTable]

  /// The tables of the standard format, built once.
  static let standard = StreamTables(.standard)

  /// The tables for `format`: the standard ones, or new ones for a format a test changed.
  static func tables(for format: SceneFormat) -> StreamTables { format.isStandard ? standard : StreamTables(format) }

  init(_ format: SceneFormat) {
    // Every key table made here, freed with the tables.
    var made: [KeyTable] = []
    func table(_ names: [String]) -> KeyTable {
      let table = KeyTable(names)
      made.append(table)
      return table
    }
    sceneKeys = table(format.scene.names)
    sceneNames = format.scene.names
    versionBit = 1 << UInt64(format.scene.index(of: "version")!)
    let layer = format.layer
    layerKeys = table(layer.names)
    layerFields = layer.keys.map(StreamLayerKey.init)
    layerSetters = layer.keys.map { LayerSetter($0.binding ?? .structural) }
    layerChoices = layer.keys.map { key in
      switch key.type {
      case .choice(let names), .list(.choice(let names), _, _, _): return table(names)
      default: return nil
      }
    }
    idBit = 1 << UInt64(layer.index(of: "id")!)
    frameBit = 1 << UInt64(layer.index(of: "frame")!)
    classNames = table(LayerClass.allCases.map(\.rawValue))

    contentsKeys = table(format.contents.names)
    contentsFields = format.contents.names.map { ContentsField(rawValue: $0)! }
    contentsTypes = table(SceneKeys.contentTypes)
    contentsTypeKinds = SceneKeys.contentTypes.map { ContentsTypeKind(rawValue: $0)! }
    (contentsApplies, contentsRequired) = Self.masks(format.contents, variants: SceneKeys.contentTypes)
    drawingThreads = table(DrawingThread.allCases.map(\.rawValue))

    shapePathKeys = table(format.shapePath.names)
    shapePathFields = format.shapePath.names.map { ShapePathField(rawValue: $0)! }
    shapeTypes = table(SceneKeys.shapeTypes)
    shapeTypeKinds = SceneKeys.shapeTypes.map { ShapeTypeKind(rawValue: $0)! }
    (shapeApplies, shapeRequired) = Self.masks(format.shapePath, variants: SceneKeys.shapeTypes)

    shadowPathKeys = table(format.shadowPath.names)
    shadowPathFields = format.shadowPath.names.map { ShadowPathField(rawValue: $0)! }
    transformKeys = table(format.transform.names)
    transformFields = format.transform.names.map { TransformField(rawValue: $0)! }
    repeatKeys = table(format.repeatBlock.names)
    repeatFields = format.repeatBlock.names.map { RepeatField(rawValue: $0)! }
    shapePathRadius = StreamRange(format.shapePath["cornerRadius"].range ?? .nonNegative)
    shapePathPoints = Self.integerRange(format.shapePath["points"])
    shadowPathRadius = StreamRange(format.shadowPath["cornerRadius"].range ?? .nonNegative)
    pixelSize = StreamRange(format.contents["pixelSize"].range ?? .positive)
    characters = Self.integerRange(format.contents["characters"])
    emoji = Self.integerRange(format.contents["emoji"])
    repeatCount = Self.integerRange(format.repeatBlock["count"])
    repeatStep = StreamRange(format.repeatBlock["step"].range ?? .coordinate)
    translation = StreamRange(format.transform["translation"].range ?? .coordinate)
    keyTables = made
  }

  deinit {
    for table in keyTables { table.deallocate() }
  }

  /// For each variant, the bits of the keys that apply to it and of those it requires.
  static func masks(_ kind: ObjectKind, variants: [String]) -> (applies: [UInt64], required: [UInt64]) {
    precondition(kind.keys.count <= 64)
    var applies: [UInt64] = []
    var required: [UInt64] = []
    for variant in variants {
      var take: UInt64 = 0
      var need: UInt64 = 0
      for (index, key) in kind.keys.enumerated() {
        let bit: UInt64 = 1 << UInt64(index)
        if key.variants?.contains(variant) ?? true { take |= bit }
        switch key.requirement {
        case .required: need |= bit
        case .requiredFor(let those) where those.contains(variant): need |= bit
        default: break
        }
      }
      applies.append(take)
      required.append(need)
    }
    return (applies, required)
  }

  static func integerRange(_ key: FormatKey) -> ClosedRange<Int> { FormatKey.integers(key) }
}

/// One layer key as the fast reader uses it: plain values only, so reading a key copies no
/// reference.
struct StreamLayerKey: Sendable {
  /// How the value is read: by its kind, or by the reader itself for a structural key.
  var read: Read
  /// The range of a number or pair.
  var range: StreamRange
  var integers: ClosedRange<Int>
  /// Bit `i` set: the key applies to the class `LayerClass.allCases[i]`.
  var classMask: UInt8

  /// The kinds of ``LayerBinding``, without their closures, and the structural keys: one switch
  /// picks how a key is read.
  enum Read: UInt8, Sendable {
    case number, integer, boolean, choice, color, optionalColor, pair, colors, choiceSet, transform
    case id, `class`, frame, shadowPath, mask, contents, sublayers, `repeat`, path
    /// A structural key the reader does not know: left to the tree-based reader.
    case unknown
  }

  init(_ key: FormatKey) {
    switch key.binding ?? .structural {
    case .number: read = .number
    case .integer: read = .integer
    case .boolean: read = .boolean
    case .choice: read = .choice
    case .color: read = .color
    case .optionalColor: read = .optionalColor
    case .pair: read = .pair
    case .colors: read = .colors
    case .choiceSet: read = .choiceSet
    case .transform: read = .transform
    case .structural: read = Read(StructuralLayerKey(rawValue: key.name))
    }
    range = StreamRange(key.range ?? .any)
    if case .integer(let range) = key.type { integers = range } else { integers = 0...0 }
    var mask: UInt8 = 0
    for (index, layerClass) in LayerClass.allCases.enumerated() where key.variants?.contains(layerClass.rawValue) ?? true {
      mask |= 1 << UInt8(index)
    }
    classMask = mask
  }
}

extension StreamLayerKey.Read {
  init(_ key: StructuralLayerKey?) {
    switch key {
    case .id: self = .id
    case .class: self = .class
    case .frame: self = .frame
    case .shadowPath: self = .shadowPath
    case .mask: self = .mask
    case .contents: self = .contents
    case .sublayers: self = .sublayers
    case .repeat: self = .repeat
    case .path: self = .path
    case nil: self = .unknown
    }
  }
}

/// A layer key's setter alone, without the getter the writer uses.
enum LayerSetter: Sendable {
  case number(@Sendable (inout LayerDraft, Double) -> Void)
  case integer(@Sendable (inout LayerDraft, Int) -> Void)
  case boolean(@Sendable (inout LayerDraft, Bool) -> Void)
  case choice(@Sendable (inout LayerDraft, Int) -> Void)
  case color(@Sendable (inout LayerDraft, Color) -> Void)
  case optionalColor(@Sendable (inout LayerDraft, Color?) -> Void)
  case pair(@Sendable (inout LayerDraft, Point) -> Void)
  case colors(@Sendable (inout LayerDraft, [Color]) -> Void)
  case choiceSet(@Sendable (inout LayerDraft, [Int]) -> Void)
  case transform(@Sendable (inout LayerDraft, Transform) -> Void)
  case structural

  init(_ binding: LayerBinding) {
    switch binding {
    case .number(_, let set): self = .number(set)
    case .integer(_, let set): self = .integer(set)
    case .boolean(_, let set): self = .boolean(set)
    case .choice(_, let set): self = .choice(set)
    case .color(_, let set): self = .color(set)
    case .optionalColor(_, let set): self = .optionalColor(set)
    case .pair(_, let set): self = .pair(set)
    case .colors(_, let set): self = .colors(set)
    case .choiceSet(_, let set): self = .choiceSet(set)
    case .transform(_, let set): self = .transform(set)
    case .structural: self = .structural
    }
  }
}

/// What a contents type makes.
enum ContentsTypeKind: String, Sendable {
  case image, text, drawing
}

/// What a path type makes.
enum ShapeTypeKind: String, Sendable {
  case rect, roundedRect, ellipse, arbitrary
}

/// The layer keys the readers handle themselves.
enum StructuralLayerKey: String, Sendable {
  case id, `class`, frame, shadowPath, mask, contents, sublayers, `repeat`, path
}

/// The keys of the small objects, as the readers' code knows them.
enum ContentsField: String, Sendable {
  case type, pixelSize, opaque, wideColor, characters, emoji, drawnOn
}

enum ShapePathField: String, Sendable {
  case type, rect, cornerRadius, points
}

enum ShadowPathField: String, Sendable {
  case rect, cornerRadius
}

enum TransformField: String, Sendable {
  case rotation, scale, translation
}

enum RepeatField: String, Sendable {
  case count, step
}

extension LayerClass {
  /// The class's bit in ``StreamLayerKey/classMask``: bit `i` for `LayerClass.allCases[i]`.
  var bit: UInt8 { 1 << UInt8(LayerClass.allCases.firstIndex(of: self)!) }
}

/// A ``NumberRange`` as the fast reader checks a number against it: two compares, an open lower
/// bound taken as the next double above it (`x > a` is `x >= a.nextUp` for every double), with
/// no branch on which kind of bound it is.
struct StreamRange: Sendable {
  /// The least number in the range, and the greatest.
  let low: Double
  let high: Double

  init(_ range: NumberRange) {
    low = range.lowerIsOpen ? range.lower.nextUp : range.lower
    high = range.upper
  }

  /// Whether `value` is in the range; false for NaN.
  @inline(__always)
  func contains(_ value: Double) -> Bool { value >= low && value <= high }
}
