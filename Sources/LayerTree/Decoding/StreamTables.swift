/// The fast reader's tables, built once from a format's description: the key tables it looks
/// keys up in, what each layer key is and which classes take it, and the masks of the keys each
/// contents type and path type takes or requires. Nothing in them is written by hand.
final class StreamTables: Sendable {
  let sceneKeys: KeyTable
  let layerKeys: KeyTable
  /// Each layer key, in `layerKeys` order.
  let layerFields: [StreamLayerKey]
  /// The bits of `id` and `frame` in a set of seen layer keys.
  let idBit: UInt64
  let frameBit: UInt64
  let classNames: KeyTable

  let contentsKeys: KeyTable
  let contentsFields: [ContentsField]
  let contentsTypes: KeyTable
  /// By contents type: the keys it takes, and the keys it requires (bits in `contentsKeys` order).
  let contentsApplies: [UInt64]
  let contentsRequired: [UInt64]
  let drawingThreads: KeyTable

  let shapePathKeys: KeyTable
  let shapePathFields: [ShapePathField]
  let shapeTypes: KeyTable
  let shapeApplies: [UInt64]
  let shapeRequired: [UInt64]

  let shadowPathKeys: KeyTable
  let shadowPathFields: [ShadowPathField]
  let transformKeys: KeyTable
  let transformFields: [TransformField]
  let repeatKeys: KeyTable
  let repeatFields: [RepeatField]
  let shapePathRadius: NumberRange
  let shapePathPoints: ClosedRange<Int>
  let shadowPathRadius: NumberRange
  let pixelSize: NumberRange
  let characters: ClosedRange<Int>
  let repeatCount: ClosedRange<Int>

  /// The tables of the standard format, built once.
  static let standard = StreamTables(.standard)

  /// The tables for `format`: the standard ones, or new ones for a format a test changed.
  static func tables(for format: SceneFormat) -> StreamTables { format.isStandard ? standard : StreamTables(format) }

  init(_ format: SceneFormat) {
    sceneKeys = KeyTable(format.scene.names)
    let layer = format.layer
    layerKeys = KeyTable(layer.names)
    layerFields = layer.keys.map(StreamLayerKey.init)
    idBit = 1 << UInt64(layer.index(of: "id")!)
    frameBit = 1 << UInt64(layer.index(of: "frame")!)
    classNames = KeyTable(LayerClass.allCases.map(\.rawValue))

    contentsKeys = KeyTable(format.contents.names)
    contentsFields = format.contents.names.map { ContentsField(rawValue: $0)! }
    contentsTypes = KeyTable(SceneKeys.contentTypes)
    (contentsApplies, contentsRequired) = Self.masks(format.contents, variants: SceneKeys.contentTypes)
    drawingThreads = KeyTable(DrawingThread.allCases.map(\.rawValue))

    shapePathKeys = KeyTable(format.shapePath.names)
    shapePathFields = format.shapePath.names.map { ShapePathField(rawValue: $0)! }
    shapeTypes = KeyTable(SceneKeys.shapeTypes)
    (shapeApplies, shapeRequired) = Self.masks(format.shapePath, variants: SceneKeys.shapeTypes)

    shadowPathKeys = KeyTable(format.shadowPath.names)
    shadowPathFields = format.shadowPath.names.map { ShadowPathField(rawValue: $0)! }
    transformKeys = KeyTable(format.transform.names)
    transformFields = format.transform.names.map { TransformField(rawValue: $0)! }
    repeatKeys = KeyTable(format.repeatBlock.names)
    repeatFields = format.repeatBlock.names.map { RepeatField(rawValue: $0)! }
    shapePathRadius = format.shapePath["cornerRadius"].range ?? .nonNegative
    shapePathPoints = Self.integerRange(format.shapePath["points"])
    shadowPathRadius = format.shadowPath["cornerRadius"].range ?? .nonNegative
    pixelSize = format.contents["pixelSize"].range ?? .positive
    characters = Self.integerRange(format.contents["characters"])
    repeatCount = Self.integerRange(format.repeatBlock["count"])
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

/// One layer key as the fast reader uses it.
struct StreamLayerKey: Sendable {
  var binding: LayerBinding
  /// The range of a number or pair.
  var range: NumberRange
  var integers: ClosedRange<Int>
  /// Bit `i` set: the key applies to the class `LayerClass.allCases[i]`.
  var classMask: UInt8
  /// The names of a choice or a list of choices, looked up by their bytes.
  var choices: KeyTable?
  var structural: StructuralLayerKey?

  init(_ key: FormatKey) {
    binding = key.binding ?? .structural
    range = key.range ?? .any
    if case .integer(let range) = key.type { integers = range } else { integers = 0...0 }
    var mask: UInt8 = 0
    for (index, layerClass) in LayerClass.allCases.enumerated() where key.variants?.contains(layerClass.rawValue) ?? true {
      mask |= 1 << UInt8(index)
    }
    classMask = mask
    switch key.type {
    case .choice(let names), .list(.choice(let names), _, _, _): choices = KeyTable(names)
    default: choices = nil
    }
    structural = StructuralLayerKey(rawValue: key.name)
  }
}

/// The layer keys the readers handle themselves.
enum StructuralLayerKey: String, Sendable {
  case id, `class`, frame, shadowPath, mask, contents, sublayers, `repeat`, path
}

/// The keys of the small objects, as the readers' code knows them.
enum ContentsField: String, Sendable {
  case type, pixelSize, opaque, wideColor, characters, drawnOn
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
  /// The class's bit in ``StreamLayerKey/classMask``.
  var bit: UInt8 { 1 << UInt8(LayerClass.allCases.firstIndex(of: self)!) }
}
