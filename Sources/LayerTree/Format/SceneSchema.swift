/// The JSON Schema (draft 2020-12) of the scene format, generated from its description: what
/// `offscreen-sim schema` writes and `scenes/scene.schema.json` holds, for editors' completion
/// and checks. The tool itself reads files with its own readers, which check more than a schema
/// can (ids unique among siblings, the layer count after `repeat`, targets that name layers).
public enum SceneSchema {
  /// The schema document; `devices` are the device ids a scene may name.
  public static func document(_ format: SceneFormat = .standard, devices: [String]) -> JSONOutput {
    var generator = SchemaGenerator(format: format, devices: devices)
    return generator.document()
  }

  /// The schema as the text of `scenes/scene.schema.json`, with a trailing newline.
  public static func rendered(_ format: SceneFormat = .standard, devices: [String]) -> String {
    document(format, devices: devices).rendered(lineWidth: SceneDocument.lineWidth)
  }

  /// The schema of another file described the same way as scenes are (``ObjectKind``s): `root`
  /// is the top-level object, `definitions` the kinds its keys name by ``ValueType/object(_:)``.
  /// What `offscreen-sim schema measurements` writes.
  public static func document(
    root: ObjectKind, definitions: [ObjectKind], id: String, title: String, devices: [String], docSuffix: String = ""
  ) -> JSONOutput {
    let generator = SchemaGenerator(devices: devices)
    var members: [(String, JSONOutput)] = [
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")), ("$id", .string(id)), ("title", .string(title)),
    ]
    members += generator.object(root, docSuffix: docSuffix)
    members.append(("$defs", .object(definitions.map { ($0.name, .object(generator.object($0))) })))
    return .object(members)
  }

  /// ``document(root:definitions:id:title:devices:docSuffix:)`` as a file's text, with a trailing
  /// newline.
  public static func rendered(
    root: ObjectKind, definitions: [ObjectKind], id: String, title: String, devices: [String], docSuffix: String = ""
  ) -> String {
    document(root: root, definitions: definitions, id: id, title: title, devices: devices, docSuffix: docSuffix)
      .rendered(lineWidth: SceneDocument.lineWidth)
  }
}

private struct SchemaGenerator {
  /// The scene format, for a scene's schema; nil for another file's.
  let format: SceneFormat?
  let devices: [String]

  init(format: SceneFormat, devices: [String]) {
    self.format = format
    self.devices = devices
  }

  init(devices: [String]) {
    self.format = nil
    self.devices = devices
  }

  mutating func document() -> JSONOutput {
    guard let format else { return .object([]) }
    var members: [(String, JSONOutput)] = [
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("$id", .string("https://github.com/offscreen-sim/offscreen-sim/scenes/scene.schema.json")),
      ("title", .string("offscreen-sim scene, format version \(Scene.formatVersion)")),
    ]
    members += object(format.scene, docSuffix: " Reference: docs/scene-format.md.")
    var definitions: [(String, JSONOutput)] = [
      ("color", color),
      ("rect", rect),
    ]
    for kind in format.kinds where kind.name != format.scene.name {
      definitions.append((kind.name, .object(object(kind))))
    }
    // A sublayer needs an id; the root and a mask have one by default and cannot repeat.
    definitions.append(("sublayer", .object([("$ref", .string("#/$defs/layer")), ("required", .array([.string("id")]))])))
    definitions.append(
      ("rootLayer", .object([("$ref", .string("#/$defs/layer")), ("properties", .object([("repeat", .bool(false))]))])))
    members.append(("$defs", .object(definitions)))
    return .object(members)
  }

  /// The members of an object kind's schema: its keys, which are required, which apply to which
  /// variant, and the values an animation's key path takes.
  func object(_ kind: ObjectKind, docSuffix: String = "") -> [(String, JSONOutput)] {
    var members: [(String, JSONOutput)] = [("description", .string(kind.doc + docSuffix)), ("type", .string("object"))]
    members.append(("properties", .object(kind.keys.map { ($0.name, property($0, in: kind)) })))
    let required = kind.keys.filter { $0.requirement == .required }.map { JSONOutput.string($0.name) }
    if !required.isEmpty { members.append(("required", .array(required))) }
    members.append(("additionalProperties", .bool(false)))

    var conditions: [JSONOutput] = []
    if let discriminator = kind.discriminator {
      let variants = self.variants(of: kind, discriminator: discriminator)
      for variant in variants {
        var then: [(String, JSONOutput)] = []
        let needs = kind.keys.filter {
          if case .requiredFor(let those) = $0.requirement { return those.contains(variant) }
          return false
        }
        if !needs.isEmpty { then.append(("required", .array(needs.map { .string($0.name) }))) }
        let refused = kind.keys.filter { !($0.variants?.contains(variant) ?? true) }
        if !refused.isEmpty { then.append(("properties", .object(refused.map { ($0.name, .bool(false)) }))) }
        guard !then.isEmpty else { continue }
        // A layer without `class` is a CALayer; contents and paths must say their type.
        let isDefault = kind[discriminator].defaultValue == .string(variant)
        var condition: [(String, JSONOutput)] = [
          ("properties", .object([(discriminator, .object([("const", .string(variant))]))]))
        ]
        if !isDefault { condition.append(("required", .array([.string(discriminator)]))) }
        conditions.append(.object([("if", .object(condition)), ("then", .object(then))]))
      }
    }
    if let format, kind.name == format.animation.name {
      for keyPath in format.keyPaths {
        let value = schema(keyPath.value)
        conditions.append(
          .object([
            ("if", .object([("properties", .object([("keyPath", .object([("const", .string(keyPath.name))]))]))])),
            ("then", .object([("properties", .object([("fromValue", value), ("toValue", value)]))])),
          ]))
      }
    }
    if !conditions.isEmpty { members.append(("allOf", .array(conditions))) }
    if !kind.exclusiveKeySets.isEmpty {
      // Exactly one set of keys: each alternative requires its own and refuses the others'.
      let alternatives = kind.exclusiveKeySets.map { set -> JSONOutput in
        let others = kind.exclusiveKeySets.flatMap { $0 }.filter { !set.contains($0) }
        var alternative: [(String, JSONOutput)] = [("required", .array(set.map { .string($0) }))]
        if !others.isEmpty { alternative.append(("properties", .object(others.map { ($0, .bool(false)) }))) }
        return .object(alternative)
      }
      members.append(("oneOf", .array(alternatives)))
    }
    return members
  }

  /// The values of the discriminator: a layer's classes, a contents or path type.
  func variants(of kind: ObjectKind, discriminator: String) -> [String] {
    if case .choice(let names) = kind[discriminator].type { return names }
    return []
  }

  func property(_ key: FormatKey, in kind: ObjectKind) -> JSONOutput {
    var doc = key.doc
    if let variants = key.variants { doc = variants.joined(separator: ", ") + " only. " + doc }
    if let text = key.defaultText { doc += " Default: \(FormatTables.plain(text))." }
    if !key.animatedBy.isEmpty { doc += " Animated by \(key.animatedBy.joined(separator: ", "))." }
    var members: [(String, JSONOutput)] = [("description", .string(FormatTables.plain(doc)))]
    if case .object(let fields) = schema(key.type) { members += fields }
    if let value = key.defaultValue { members.append(("default", value)) }
    return .object(members)
  }

  func schema(_ type: ValueType) -> JSONOutput {
    switch type {
    case .number(let range): return .object([("type", .string("number"))] + bounds(range))
    case .integer(let range):
      return .object([("type", .string("integer")), ("minimum", .int(range.lowerBound)), ("maximum", .int(range.upperBound))])
    case .boolean: return .object([("type", .string("boolean"))])
    case .string(let maxLength):
      return .object([("type", .string("string"))] + (maxLength.map { [("maxLength", .int($0))] } ?? []))
    case .identifier(let maxLength):
      return .object(
        [("type", .string("string")), ("minLength", .int(1))] + (maxLength.map { [("maxLength", .int($0))] } ?? [])
          + [("pattern", .string(#"^[^/*\[\]\s]+$"#))])
    case .choice(let names): return .object([("enum", .array(names.map { .string($0) }))])
    case .color(let nullable):
      let reference = JSONOutput.object([("$ref", .string("#/$defs/color"))])
      return nullable ? .object([("anyOf", .array([reference, .object([("type", .string("null"))])]))]) : reference
    case .pair(_, let range, let second):
      let item = JSONOutput.object([("type", .string("number"))] + bounds(range))
      let secondItem = second.map { JSONOutput.object([("type", .string("number"))] + bounds($0)) } ?? item
      return .object([
        ("type", .string("array")), ("prefixItems", .array([item, secondItem])), ("minItems", .int(2)), ("items", .bool(false)),
      ])
    case .rect: return .object([("$ref", .string("#/$defs/rect"))])
    case .list(let item, let minCount, let unique, _):
      var members: [(String, JSONOutput)] = [("type", .string("array")), ("items", schema(item))]
      if minCount > 0 { members.append(("minItems", .int(minCount))) }
      if unique { members.append(("uniqueItems", .bool(true))) }
      return .object(members)
    case .object(let name): return .object([("$ref", .string("#/$defs/\(name)"))])
    case .layer: return .object([("$ref", .string("#/$defs/layer"))])
    case .layers: return .object([("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/sublayer"))]))])
    case .constant(let text): return .object([("const", .string(text))])
    case .device: return .object([("enum", .array(devices.map { .string($0) }))])
    case .oneOf(let types): return .object([("anyOf", .array(types.map(schema)))])
    case .custom(_, let schema): return schema
    }
  }

  func bounds(_ range: NumberRange) -> [(String, JSONOutput)] {
    var members: [(String, JSONOutput)] = []
    if range.hasLower { members.append((range.lowerIsOpen ? "exclusiveMinimum" : "minimum", number(range.lower))) }
    if range.hasUpper { members.append(("maximum", number(range.upper))) }
    return members
  }

  func number(_ value: Double) -> JSONOutput {
    value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .number(value)
  }

  var color: JSONOutput {
    .object([
      ("description", .string("A colour: \"#RRGGBB\", \"#RRGGBBAA\" (hex, either case; AA is alpha) or \"clear\".")),
      ("type", .string("string")), ("pattern", .string("^(#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?|clear)$")),
    ])
  }

  var rect: JSONOutput {
    let coordinate = JSONOutput.object([("type", .string("number"))] + bounds(.coordinate))
    let length = JSONOutput.object([("type", .string("number"))] + bounds(.length))
    let limit = NumberRange.grouped(NumberRange.maxPoints)
    return .object([
      (
        "description",
        .string(
          "[x, y, width, height] in points; x and y from -\(limit) to \(limit), width and height from 0 to \(limit) (the physical limit of lengths: docs/scene-format.md, Limits)."
        )
      ), ("type", .string("array")),
      ("prefixItems", .array([coordinate, coordinate, length, length])), ("minItems", .int(4)), ("items", .bool(false)),
    ])
  }
}
