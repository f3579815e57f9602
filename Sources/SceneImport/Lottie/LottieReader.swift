import Foundation
import LayerTree

/// Reads a Lottie document (`JSONValue`) into the model lottie-ios reads, tolerantly: a value of
/// the wrong type in a layer is a warning and its default is used; only a document that is not a
/// Lottie animation at all (not an object, no `layers`, no size or frame rate) is an error.
///
/// Keys and defaults follow lottie-ios' `Model/` types (`LayerModel`, `Transform`, `Mask`,
/// `ShapeItem` and its subclasses, `KeyframeGroup`) and the Lottie schema.
struct LottieReader {
  let log: LottieImportLog

  /// The deepest nesting of shape groups read; deeper groups are left out with a warning.
  static let maxGroupDepth = 64
  /// The most copies one repeater makes, and the most points a polystar has: counts in the file
  /// are held to these before they become whole numbers.
  static let maxRepeaterCopies = 10_000
  static let maxStarPoints = 10_000

  // MARK: Document

  func composition(_ document: JSONValue) -> LottieComposition? {
    guard let members = object(document) else {
      log.error(
        "", at: document.offset, "expected a Lottie animation (a JSON object with `layers`), found \(log.context.describe(document))")
      return nil
    }
    let root = Fields(members)
    var ok = true
    func required(_ key: String, positive: Bool, atMost limit: Double? = nil) -> Double? {
      guard let value = root[key] else {
        log.error("", at: document.offset, "missing `\(key)`: a Lottie animation gives its \(Self.describeKey(key))")
        ok = false
        return nil
      }
      guard case .number(let number) = value.kind, number.isFinite, !positive || number > 0 else {
        log.error(
          key, at: value.offset,
          "expected \(positive ? "a number > 0" : "a number") for the \(Self.describeKey(key)), found \(log.context.describe(value))")
        ok = false
        return nil
      }
      if let limit, number > limit {
        // The scene holds the canvas as a layer's frame, within the format's physical limits.
        log.error(
          key, at: value.offset,
          "expected at most \(NumberRange.grouped(limit)) for the \(Self.describeKey(key)) (the scene format's limit), found \(formatNumber(number))"
        )
        ok = false
        return nil
      }
      return number
    }
    let width = required("w", positive: true, atMost: NumberRange.maxPoints)
    let height = required("h", positive: true, atMost: NumberRange.maxPoints)
    let frameRate = required("fr", positive: true)
    let inPoint = required("ip", positive: false)
    let outPoint = required("op", positive: false)
    var layerValues: [JSONValue] = []
    if let value = root["layers"] {
      if case .array(let items) = value.kind {
        layerValues = items
      } else {
        log.error("layers", at: value.offset, "expected an array of layers, found \(log.context.describe(value))")
        ok = false
      }
    } else {
      log.error("", at: document.offset, "missing `layers`: a Lottie animation lists its layers")
      ok = false
    }
    if let inPoint, let outPoint, outPoint <= inPoint {
      log.error(
        "op", at: root["op"]!.offset,
        "expected the end frame `op` after the first frame `ip` (\(formatNumber(inPoint))), found \(formatNumber(outPoint))")
      ok = false
    }
    guard ok, let width, let height, let frameRate, let inPoint, let outPoint else { return nil }

    var precomps: [String: LottiePrecomp] = [:]
    var images: [String: LottieImageAsset] = [:]
    if let assets = root["assets"] {
      if case .array(let items) = assets.kind {
        for (index, item) in items.enumerated() {
          let path = "assets[\(index)]"
          guard let fields = object(item).map(Fields.init) else {
            log.warning(path, at: item.offset, "expected an asset object, found \(log.context.describe(item)); left out")
            continue
          }
          guard let id = fields.string("id") else {
            log.warning(path, at: item.offset, "an asset without an `id` cannot be used; left out")
            continue
          }
          if let layers = fields["layers"] {
            if case .array(let layerItems) = layers.kind {
              precomps[id] = LottiePrecomp(id: id, layers: self.layers(layerItems, path: path + ".layers"))
            } else {
              log.warning(
                path + ".layers", at: layers.offset,
                "expected an array of layers, found \(log.context.describe(layers)); the precomp is empty")
              precomps[id] = LottiePrecomp(id: id, layers: [])
            }
          } else {
            images[id] = LottieImageAsset(id: id, width: max(0, fields.number("w") ?? 0), height: max(0, fields.number("h") ?? 0))
          }
        }
      } else {
        log.warning("assets", at: assets.offset, "expected an array of assets, found \(log.context.describe(assets)); no assets are read")
      }
    }
    return LottieComposition(
      version: root.string("v") ?? "", name: root.string("nm") ?? "", width: width, height: height, frameRate: frameRate,
      inPoint: inPoint, outPoint: outPoint, layers: layers(layerValues, path: "layers"), precomps: precomps, images: images)
  }

  static func describeKey(_ key: String) -> String {
    switch key {
    case "w": return "width `w`"
    case "h": return "height `h`"
    case "fr": return "frame rate `fr`"
    case "ip": return "first frame `ip`"
    case "op": return "end frame `op`"
    default: return "`\(key)`"
    }
  }

  // MARK: Layers

  func layers(_ items: [JSONValue], path: String) -> [LottieLayer] {
    var result: [LottieLayer] = []
    result.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let layerPath = "\(path)[\(index)]"
      guard let members = object(item) else {
        log.warning(layerPath, at: item.offset, "expected a layer object, found \(log.context.describe(item)); left out")
        continue
      }
      result.append(layer(Fields(members), source: ModelSource(path: layerPath, offset: item.offset)))
    }
    return result
  }

  func layer(_ fields: Fields, source: ModelSource) -> LottieLayer {
    let name = fields.string("nm") ?? "Layer"
    func note(_ message: String) { log.warning(layer: source, name: name, message) }
    let typeNumber = fields.integer("ty") ?? -1
    let type: LottieLayerType
    switch typeNumber {
    case 0: type = .precomp
    case 1: type = .solid
    case 2: type = .image
    case 3: type = .null
    case 4: type = .shape
    case 5: type = .text
    default:
      type = .null
      note(
        "layer type \(fields["ty"].map { log.context.describe($0) } ?? "(missing)") is not one lottie-ios draws; it is read as a null layer, as lottie-ios does"
      )
    }
    var transform = LottieTransform()
    if let ks = fields["ks"] {
      if let members = object(ks) {
        transform = self.transform(Fields(members), note: note)
      } else {
        note("`ks` is \(log.context.describe(ks)), not a transform object; the identity transform is used")
      }
    }
    if transform.hasExpression {
      note("expressions are not evaluated; the layer is taken at its keyframed and static values, as lottie-ios does")
    }
    if transform.hasSkew { note("skew is not modelled; the layer is taken without it") }
    let is3D = (fields.integer("ddd") ?? 0) == 1
    if is3D || transform.has3DRotation {
      note("3D layer: taken in 2D (rotation about z, position and scale in x and y)")
    }
    if (fields.integer("ao") ?? 0) == 1 { note("auto-orient is not supported by lottie-ios; ignored") }
    if fields["tm"] != nil {
      note("time remapping is taken as the precomp's start time and stretch only; its curve is not followed")
    }

    var matte: MatteMode? = nil
    if let tt = fields.integer("tt"), tt != 0 {
      switch tt {
      case 1: matte = .alpha
      case 2: matte = .alphaInverted
      default: matte = .unsupported(tt)
      }
    }

    var masks: [LottieMask] = []
    if let value = fields["masksProperties"], case .array(let items) = value.kind {
      for (index, item) in items.enumerated() {
        guard let members = object(item) else {
          note("masksProperties[\(index)] is \(log.context.describe(item)), not a mask; left out")
          continue
        }
        masks.append(mask(Fields(members), index: index, note: note))
      }
    }

    var shapes: [ShapeItem] = []
    if type == .shape, let value = fields["shapes"] {
      if case .array(let items) = value.kind {
        shapes = shapeItems(items, path: source.path + ".shapes", depth: 0, note: note)
      } else {
        note("`shapes` is \(log.context.describe(value)), not an array; the layer draws nothing")
      }
    }

    var effectsHaveExpressions = false
    let shadow = dropShadow(fields, note: note, expressions: &effectsHaveExpressions)
    if effectsHaveExpressions {
      note("expressions are not evaluated; the layer is taken at its keyframed and static values, as lottie-ios does")
    }

    let blendMode = fields.integer("bm") ?? 0
    if !(0...15).contains(blendMode) {
      note("blend mode \(blendMode) is not one lottie-ios knows; drawn as normal")
    }

    var text: LottieText? = nil
    if type == .text { text = self.text(fields["t"], note: note) }

    var solidColor = Color.black
    if type == .solid, let hex = fields.string("sc") {
      if let color = Color(hex: hex.count == 7 || hex.count == 9 ? hex.uppercased() : hex) {
        solidColor = color
      } else {
        note("solid colour \"\(LottieImportLog.escaped(hex))\" is not #RRGGBB; black is used")
      }
    }

    return LottieLayer(
      source: source, name: name, index: fields.integer("ind"), type: type, typeNumber: typeNumber, parent: fields.integer("parent"),
      inPoint: fields.number("ip") ?? 0, outPoint: fields.number("op") ?? 0, startTime: fields.number("st") ?? 0,
      timeStretch: positiveOr(fields.number("sr"), 1), transform: transform, blendMode: (0...15).contains(blendMode) ? blendMode : 0,
      masks: masks, matte: matte, matteParent: fields.integer("tp"), isMatteSource: (fields.integer("td") ?? 0) != 0,
      hidden: fields.bool("hd") ?? false, shadow: shadow, shapes: shapes, referenceID: fields.string("refId"),
      width: max(0, fields.number("w") ?? 0), height: max(0, fields.number("h") ?? 0),
      solidWidth: max(0, fields.number("sw") ?? 0), solidHeight: max(0, fields.number("sh") ?? 0), solidColor: solidColor, text: text)
  }

  // MARK: Transforms

  func transform(_ fields: Fields, note: (String) -> Void) -> LottieTransform {
    var result = LottieTransform()
    if let value = fields["a"] { result.anchor = vector(value, default: [0, 0]) }
    if let value = fields["p"] {
      // Split position: `{"s": true, "x": {...}, "y": {...}}`, or `px` / `py` beside it.
      if let members = object(value), let split = Fields(members)["s"], case .bool(true) = split.kind {
        let position = Fields(members)
        result.positionX = position["x"].map { scalar($0, default: 0) } ?? Keyframed(0)
        result.positionY = position["y"].map { scalar($0, default: 0) } ?? Keyframed(0)
      } else {
        result.position = vector(value, default: [0, 0])
      }
    }
    if let x = fields["px"], let y = fields["py"] {
      result.positionX = scalar(x, default: 0)
      result.positionY = scalar(y, default: 0)
    }
    if let value = fields["s"] { result.scale = vector(value, default: [100, 100]) }
    if let value = fields["rz"] ?? fields["r"] { result.rotation = scalar(value, default: 0) }
    if let value = fields["o"] { result.opacity = scalar(value, default: 100) }
    if let value = fields["sk"] {
      let skew = scalar(value, default: 0)
      result.hasSkew = skew.keyframes.contains { $0.value != 0 }
    }
    for key in ["rx", "ry"] {
      if let value = fields[key], scalar(value, default: 0).keyframes.contains(where: { $0.value != 0 }) { result.has3DRotation = true }
    }
    return result
  }

  // MARK: Masks

  func mask(_ fields: Fields, index: Int, note: (String) -> Void) -> LottieMask {
    let name = fields.string("nm") ?? "Mask \(index + 1)"
    var mode = LottieMask.Mode.add
    if let text = fields.string("mode") {
      if let known = LottieMask.Mode(rawValue: text) {
        mode = known
      } else {
        note(
          "mask \"\(LottieImportLog.escaped(name))\" has mode \"\(LottieImportLog.escaped(text))\", not one of a s i l d f n; taken as add")
      }
    }
    if mode == .lighten || mode == .darken || mode == .difference {
      note(
        "mask mode \"\(mode.rawValue)\" is not supported by lottie-ios; it builds the mask as \(mode.usable == .add ? "add" : mode.usable == .intersect ? "intersect" : "a nested mask"), and so does the import"
      )
    }
    let path = fields["pt"].map { shapePath($0) } ?? Keyframed(BezierShape.empty)
    if path.hasExpression {
      note("expressions are not evaluated; the layer is taken at its keyframed and static values, as lottie-ios does")
    }
    var expanded = false
    if let value = fields["x"] {
      expanded = scalar(value, default: 0).keyframes.contains { $0.value != 0 }
      if expanded { note("mask expansion is not supported by lottie-ios; the mask is taken at its path") }
    }
    return LottieMask(name: name, mode: mode, inverted: fields.bool("inv") ?? false, path: path, expanded: expanded)
  }

  // MARK: Effects

  /// The Drop Shadow effect (`ef`, `ty` 25), else the drop shadow layer style (`sy`, `ty` 1), as
  /// lottie-ios picks them (`BaseCompositionLayer.setupLayerAnimations`). Other effects are noted.
  func dropShadow(_ fields: Fields, note: (String) -> Void, expressions: inout Bool) -> DropShadow? {
    var effectShadow: DropShadow? = nil
    if let value = fields["ef"], case .array(let effects) = value.kind {
      for effect in effects {
        guard let members = object(effect) else { continue }
        let effectFields = Fields(members)
        let type = effectFields.integer("ty") ?? -1
        let effectName = effectFields.string("nm") ?? "effect"
        guard type == 25 else {
          note(
            "effect \"\(LottieImportLog.escaped(effectName))\" (type \(type)) is not supported by lottie-ios' Core Animation engine; ignored"
          )
          continue
        }
        guard effectShadow == nil else { continue }
        var values: [String: JSONValue] = [:]
        if let list = effectFields["ef"], case .array(let items) = list.kind {
          for item in items {
            guard let itemMembers = object(item) else { continue }
            let itemFields = Fields(itemMembers)
            if let name = itemFields.string("nm"), values[name] == nil, let v = itemFields["v"] { values[name] = v }
          }
        }
        let opacity = values["Opacity"].map { scalar($0, default: 0) } ?? Keyframed(0)
        let softness = values["Softness"].map { scalar($0, default: 0) } ?? Keyframed(0)
        let direction = values["Direction"].map { scalar($0, default: 0) } ?? Keyframed(0)
        let distance = values["Distance"].map { scalar($0, default: 0) } ?? Keyframed(0)
        let color = values["Shadow Color"].map { vector($0, default: [0, 0, 0, 1]) } ?? Keyframed([0, 0, 0, 1])
        expressions = expressions || opacity.hasExpression || softness.hasExpression || direction.hasExpression || distance.hasExpression
        // DropShadowAnimation.swift: opacity 0-255, softness / 5, direction - 90 degrees.
        effectShadow = DropShadow(
          opacity: opacity.map { unit($0 / 255) }, radius: softness.map { max(0, $0 / 5) },
          offset: Self.offset(angle: direction.first - 90, distance: distance.first), color: Self.color(color.first))
      }
    }
    if let effectShadow { return effectShadow }
    if let value = fields["sy"], case .array(let styles) = value.kind {
      for style in styles {
        guard let members = object(style) else { continue }
        let styleFields = Fields(members)
        let type = styleFields.integer("ty") ?? -1
        guard type == 1 else {
          note("layer style type \(type) is not supported by lottie-ios; ignored")
          continue
        }
        let opacity = styleFields["o"].map { scalar($0, default: 0) } ?? Keyframed(0)
        let size = styleFields["s"].map { scalar($0, default: 0) } ?? Keyframed(0)
        let angle = styleFields["a"].map { scalar($0, default: 0) } ?? Keyframed(0)
        let distance = styleFields["d"].map { scalar($0, default: 0) } ?? Keyframed(0)
        let color = styleFields["c"].map { vector($0, default: [0, 0, 0, 1]) } ?? Keyframed([0, 0, 0, 1])
        // DropShadowAnimation.swift: opacity in percent, size / 2.
        return DropShadow(
          opacity: opacity.map { unit($0 / 100) }, radius: size.map { max(0, $0 / 2) },
          offset: Self.offset(angle: angle.first, distance: distance.first), color: Self.color(color.first))
      }
    }
    return nil
  }

  static func offset(angle degrees: Double, distance: Double) -> Size {
    let radians = degrees * Double.pi / 180
    let width = distance * cos(radians)
    let height = distance * sin(radians)
    return Size(width.isFinite ? width : 0, height.isFinite ? height : 0)
  }

  /// A Lottie colour `[r, g, b, a]` in 0...1 (older files write 0...255).
  static func color(_ values: [Double]) -> Color {
    var components = values
    if components.prefix(3).contains(where: { $0 > 1 }) { components = components.map { $0 / 255 } }
    while components.count < 3 { components.append(0) }
    let alpha = components.count > 3 ? unit(components[3]) : 1
    return Color(red: unit(components[0]), green: unit(components[1]), blue: unit(components[2]), alpha: alpha)
  }

  // MARK: Text

  func text(_ value: JSONValue?, note: (String) -> Void) -> LottieText {
    var result = LottieText(
      characters: 0, fontSize: 12, lineHeight: 14.4, boxSize: nil, position: .zero, hasAnimators: false, isAnimated: false)
    guard let value, let members = object(value) else { return result }
    let fields = Fields(members)
    if let animators = fields["a"], case .array(let items) = animators.kind, !items.isEmpty {
      result.hasAnimators = true
      note(
        "text animators are not supported by lottie-ios' Core Animation engine (it falls back to the Main Thread engine); the Core Animation layers are imported"
      )
    }
    guard let document = fields["d"].flatMap(object).map(Fields.init), let keyframes = document["k"],
      case .array(let items) = keyframes.kind,
      let first = items.first.flatMap(object).map(Fields.init), let style = first["s"].flatMap(object).map(Fields.init)
    else { return result }
    if items.count > 1 {
      result.isAnimated = true
      note(
        "text that changes over time is not supported by lottie-ios' Core Animation engine (it falls back to the Main Thread engine); the first text is imported"
      )
    }
    let string = style.string("t") ?? ""
    result.characters = string.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\u{3}" }.count
    result.fontSize = positiveOr(style.number("s"), 12)
    result.lineHeight = positiveOr(style.number("lh"), result.fontSize * 1.2)
    if let size = style.numbers("sz"), size.count >= 2, size[0] > 0, size[1] > 0 { result.boxSize = Size(size[0], size[1]) }
    if let position = style.numbers("ps"), position.count >= 2 { result.position = Point(position[0], position[1]) }
    return result
  }

  // MARK: Shapes

  func shapeItems(_ items: [JSONValue], path: String, depth: Int, note: (String) -> Void) -> [ShapeItem] {
    var result: [ShapeItem] = []
    for (index, item) in items.enumerated() {
      let itemPath = "\(path)[\(index)]"
      guard let members = object(item) else {
        note("\(itemPath) is \(log.context.describe(item)), not a shape item; left out")
        continue
      }
      if let shape = shapeItem(Fields(members), source: ModelSource(path: itemPath, offset: item.offset), depth: depth, note: note) {
        result.append(shape)
      }
    }
    return result
  }

  func shapeItem(_ fields: Fields, source: ModelSource, depth: Int, note: (String) -> Void) -> ShapeItem? {
    let type = fields.string("ty") ?? ""
    let name = fields.string("nm") ?? ""
    let kind: ShapeItem.Kind
    switch type {
    case "gr":
      guard depth < Self.maxGroupDepth else {
        note("shape groups nest deeper than \(Self.maxGroupDepth) at \(source.path); the deeper ones are left out")
        return nil
      }
      var children: [ShapeItem] = []
      if let value = fields["it"], case .array(let items) = value.kind {
        children = shapeItems(items, path: source.path + ".it", depth: depth + 1, note: note)
      }
      kind = .group(children)
    case "tr":
      let transform = self.transform(fields, note: note)
      if transform.hasExpression {
        note("expressions are not evaluated; the layer is taken at its keyframed and static values, as lottie-ios does")
      }
      if transform.hasSkew { note("skew is not modelled; the layer is taken without it") }
      kind = .transform(transform)
    case "sh":
      let path = fields["ks"].map { shapePath($0) } ?? Keyframed(BezierShape.empty)
      if path.hasExpression {
        note("expressions are not evaluated; the layer is taken at its keyframed and static values, as lottie-ios does")
      }
      kind = .path(PathItem(shape: .bezier, path: path, cornerRadius: 0))
    case "rc":
      let position = fields["p"].map { vector($0, default: [0, 0]) } ?? Keyframed([0, 0])
      let size = fields["s"].map { vector($0, default: [0, 0]) } ?? Keyframed([0, 0])
      let radius = fields["r"].map { scalar($0, default: 0) } ?? Keyframed(0)
      let path = sampled([position, size], radius: radius) { values, _ in
        let p = values[0]
        let s = values[1]
        let width = abs(s.count > 0 ? s[0] : 0)
        let height = abs(s.count > 1 ? s[1] : 0)
        let x = (p.count > 0 ? p[0] : 0) - width / 2
        let y = (p.count > 1 ? p[1] : 0) - height / 2
        return BezierShape(bounds: Rect(x, y, width, height), points: 5)
      }
      kind = .path(PathItem(shape: .rectangle, path: path, cornerRadius: max(0, radius.first)))
    case "el":
      let position = fields["p"].map { vector($0, default: [0, 0]) } ?? Keyframed([0, 0])
      let size = fields["s"].map { vector($0, default: [0, 0]) } ?? Keyframed([0, 0])
      let path = sampled([position, size], radius: nil) { values, _ in
        let p = values[0]
        let s = values[1]
        let width = abs(s.count > 0 ? s[0] : 0)
        let height = abs(s.count > 1 ? s[1] : 0)
        return BezierShape(
          bounds: Rect((p.count > 0 ? p[0] : 0) - width / 2, (p.count > 1 ? p[1] : 0) - height / 2, width, height), points: 13)
      }
      kind = .path(PathItem(shape: .ellipse, path: path, cornerRadius: 0))
    case "sr":
      let position = fields["p"].map { vector($0, default: [0, 0]) } ?? Keyframed([0, 0])
      let outer = fields["or"].map { scalar($0, default: 0) } ?? Keyframed(0)
      let pointCount = fields["pt"].map { scalar($0, default: 5) } ?? Keyframed(5)
      let isStar = (fields.integer("sy") ?? 1) == 1
      let rounded = [fields["os"], fields["is"]].contains { value in
        value.map { scalar($0, default: 0).keyframes.contains { $0.value != 0 } } ?? false
      }
      if pointCount.keyframes.contains(where: { !(0...Double(Self.maxStarPoints)).contains($0.value.rounded()) }) {
        note(
          "a polystar's point count past \(Self.maxStarPoints) (or below 0) is taken as \(Self.maxStarPoints) (or 0), the most the import draws"
        )
      }
      let path = sampled([position, outer.map { [$0] }, pointCount.map { [$0] }], radius: nil) { values, _ in
        let p = values[0]
        let radius = abs(values[1].first ?? 0)
        let corners = wholeNumber(values[2].first ?? 5, in: 0...Self.maxStarPoints)
        let vertices = isStar ? 2 * corners : corners
        let center = Point(p.count > 0 ? p[0] : 0, p.count > 1 ? p[1] : 0)
        return BezierShape(
          bounds: Rect(center.x - radius, center.y - radius, 2 * radius, 2 * radius), points: 1 + vertices * (rounded ? 3 : 1))
      }
      kind = .path(PathItem(shape: .star, path: path, cornerRadius: 0))
    case "fl":
      kind = .fill(
        FillItem(
          color: fields["c"].map { vector($0, default: [0, 0, 0, 1]) } ?? Keyframed([0, 0, 0, 1]),
          opacity: fields["o"].map { scalar($0, default: 100) } ?? Keyframed(100)))
    case "st":
      var dashes: [Keyframed<Double>] = []
      if let value = fields["d"], case .array(let items) = value.kind {
        for dash in items {
          guard let members = object(dash), let v = Fields(members)["v"] else { continue }
          dashes.append(scalar(v, default: 0))
        }
      }
      kind = .stroke(
        StrokeItem(
          color: fields["c"].map { vector($0, default: [0, 0, 0, 1]) } ?? Keyframed([0, 0, 0, 1]),
          opacity: fields["o"].map { scalar($0, default: 100) } ?? Keyframed(100),
          width: fields["w"].map { scalar($0, default: 1) } ?? Keyframed(1), dashes: dashes))
    case "gf", "gs":
      var stops = Keyframed<[Double]>([0, 0, 0, 0, 1, 1, 1, 1])
      var colorStops = 2
      if let gradient = fields["g"].flatMap(object).map(Fields.init) {
        colorStops = max(0, min(1000, gradient.integer("p") ?? 2))
        if let k = gradient["k"] { stops = vector(k, default: [0, 0, 0, 0, 1, 1, 1, 1]) }
      }
      let geometry = ["s", "e", "h", "a"].compactMap { key in fields[key].map { vector($0, default: [0]) } }
      let item = GradientItem(
        stops: stops, colorStops: colorStops, opacity: fields["o"].map { scalar($0, default: 100) } ?? Keyframed(100),
        geometry: geometry, width: fields["w"].map { scalar($0, default: 1) } ?? Keyframed(1))
      kind = type == "gf" ? .gradientFill(item) : .gradientStroke(item)
    case "tm":
      let item = TrimItem(
        start: fields["s"].map { scalar($0, default: 0) } ?? Keyframed(0),
        end: fields["e"].map { scalar($0, default: 100) } ?? Keyframed(100),
        offset: fields["o"].map { scalar($0, default: 0) } ?? Keyframed(0))
      if (fields.integer("m") ?? 1) == 2 {
        note(
          "trim paths \"\(LottieImportLog.escaped(name))\" trims all paths at once, which lottie-ios' Core Animation engine does not support; each path is trimmed on its own, as the engine does"
        )
      }
      kind = .trim(item)
    case "rd":
      kind = .roundedCorners(fields["r"].map { scalar($0, default: 0) } ?? Keyframed(0))
    case "mm":
      note("merge paths are not supported by lottie-ios; they are ignored, as lottie-ios does")
      kind = .merge
    case "rp":
      let copies = fields["c"].map { scalar($0, default: 0) } ?? Keyframed(0)
      if !(0...Double(Self.maxRepeaterCopies)).contains(copies.first.rounded()) {
        note(
          "a repeater's copies past \(Self.maxRepeaterCopies) (or below 0) are taken as \(Self.maxRepeaterCopies) (or 0), the most the import makes; the layer limit still holds"
        )
      }
      if copies.isAnimated {
        note(
          "a repeater with animated copies is not supported by lottie-ios' Core Animation engine (it falls back to the Main Thread engine); the first count is imported"
        )
      }
      var item = RepeaterItem(copies: copies, anchor: [0, 0], position: [0, 0], scale: [100, 100], rotation: 0)
      if let transform = fields["tr"].flatMap(object).map(Fields.init) {
        item.anchor = transform["a"].map { vector($0, default: [0, 0]).first } ?? [0, 0]
        item.position = transform["p"].map { vector($0, default: [0, 0]).first } ?? [0, 0]
        item.scale = transform["s"].map { vector($0, default: [100, 100]).first } ?? [100, 100]
        item.rotation = (transform["rz"] ?? transform["r"]).map { scalar($0, default: 0).first } ?? 0
      }
      kind = .repeater(item)
    default:
      note("shape item type \"\(LottieImportLog.escaped(type))\" at \(source.path) is not one lottie-ios draws; ignored")
      kind = .unknown(type)
    }
    return ShapeItem(kind: kind, name: name, hidden: fields.bool("hd") ?? false, source: source)
  }

  /// A path built from other properties (a rectangle from its position and size), keyframed at
  /// every time any of them has a keyframe.
  func sampled(
    _ properties: [Keyframed<[Double]>], radius: Keyframed<Double>?, _ build: ([[Double]], Double) -> BezierShape
  ) -> Keyframed<BezierShape> {
    let animated = properties.contains(where: \.isAnimated) || (radius?.isAnimated ?? false)
    let expression = properties.contains(where: \.hasExpression) || (radius?.hasExpression ?? false)
    guard animated else {
      return Keyframed(
        keyframes: [LottieKeyframe(time: 0, value: build(properties.map(\.first), radius?.first ?? 0))], hasExpression: expression)
    }
    var times = Set<Double>()
    for property in properties { for keyframe in property.keyframes { times.insert(keyframe.time) } }
    for keyframe in radius?.keyframes ?? [] { times.insert(keyframe.time) }
    let sorted = times.sorted()
    let keyframes = sorted.map { time in
      LottieKeyframe(time: time, value: build(properties.map { $0.value(at: time) }, radius?.value(at: time) ?? 0))
    }
    return Keyframed(keyframes: keyframes, hasExpression: expression)
  }

  // MARK: Keyframed values

  /// A number property: `{"a": 0, "k": 5}` or keyframes `{"a": 1, "k": [{"t": 0, "s": [5]}, ...]}`.
  func scalar(_ value: JSONValue, default fallback: Double) -> Keyframed<Double> {
    vector(value, default: [fallback]).map { $0.first ?? fallback }
  }

  /// A vector property (position, scale, colour, gradient stops), static or keyframed; old files'
  /// `e` end values are read too.
  func vector(_ value: JSONValue, default fallback: [Double]) -> Keyframed<[Double]> {
    keyframed(value, default: fallback) { numbers($0) }
  }

  /// A path property (`{"v", "i", "o", "c"}`, or keyframes of one-element arrays of them).
  func shapePath(_ value: JSONValue) -> Keyframed<BezierShape> {
    keyframed(value, default: .empty) { value in
      if case .array(let items) = value.kind, let first = items.first { return Self.bezier(first) }
      return Self.bezier(value)
    }
  }

  func keyframed<Value: Sendable & Equatable>(_ value: JSONValue, default fallback: Value, _ parse: (JSONValue) -> Value?)
    -> Keyframed<Value>
  {
    guard case .object(let members) = value.kind else {
      // Some exporters write a bare value.
      return Keyframed(parse(value) ?? fallback)
    }
    let fields = Fields(members)
    var hasExpression = false
    if let expression = fields.string("x"), !expression.isEmpty { hasExpression = true }
    guard let k = fields["k"] else { return Keyframed(keyframes: [LottieKeyframe(time: 0, value: fallback)], hasExpression: hasExpression) }
    if case .array(let items) = k.kind, let first = items.first, case .object(let firstMembers) = first.kind,
      Fields(firstMembers)["t"] != nil
    {
      var keyframes: [LottieKeyframe<Value>] = []
      keyframes.reserveCapacity(items.count)
      var previousEnd: Value? = nil
      for item in items {
        guard case .object(let itemMembers) = item.kind else { continue }
        let keyframe = Fields(itemMembers)
        guard let time = keyframe.number("t") else { continue }
        var current: Value? = keyframe["s"].flatMap(parse) ?? previousEnd ?? keyframes.last?.value
        if current == nil { current = fallback }
        previousEnd = keyframe["e"].flatMap(parse)
        var entry = LottieKeyframe(time: time, value: current!)
        entry.hold = (keyframe.integer("h") ?? 0) == 1
        if let out = keyframe["o"].flatMap(object).map(Fields.init), let into = keyframe["i"].flatMap(object).map(Fields.init) {
          entry.easing = (
            Self.firstNumber(out["x"]) ?? 0, Self.firstNumber(out["y"]) ?? 0, Self.firstNumber(into["x"]) ?? 1,
            Self.firstNumber(into["y"]) ?? 1
          )
        }
        keyframes.append(entry)
      }
      if keyframes.isEmpty { return Keyframed(keyframes: [LottieKeyframe(time: 0, value: fallback)], hasExpression: hasExpression) }
      if zip(keyframes, keyframes.dropFirst()).contains(where: { $0.time > $1.time }) {
        keyframes.sort { $0.time < $1.time }
      }
      return Keyframed(keyframes: keyframes, hasExpression: hasExpression)
    }
    return Keyframed(keyframes: [LottieKeyframe(time: 0, value: parse(k) ?? fallback)], hasExpression: hasExpression)
  }

  static func firstNumber(_ value: JSONValue?) -> Double? {
    guard let value else { return nil }
    switch value.kind {
    case .number(let number): return number.isFinite ? number : nil
    case .array(let items):
      if let first = items.first, case .number(let number) = first.kind, number.isFinite { return number }
      return nil
    default: return nil
    }
  }

  /// A number or an array of numbers, as an array; nil for anything else.
  func numbers(_ value: JSONValue) -> [Double]? {
    switch value.kind {
    case .number(let number): return number.isFinite ? [number] : nil
    case .array(let items):
      var result: [Double] = []
      result.reserveCapacity(items.count)
      for item in items {
        guard case .number(let number) = item.kind, number.isFinite else { return nil }
        result.append(number)
      }
      return result
    default: return nil
    }
  }

  /// The bounds and `CGPath` point count of a Bézier path `{"v": [[x, y]...], "i": ..., "o": ...,
  /// "c": closed}`: a move, then per segment one point for a line or three for a curve.
  static func bezier(_ value: JSONValue) -> BezierShape? {
    guard case .object(let members) = value.kind else { return nil }
    let fields = Fields(members)
    func points(_ key: String) -> [(Double, Double)] {
      guard let list = fields[key], case .array(let items) = list.kind else { return [] }
      var result: [(Double, Double)] = []
      result.reserveCapacity(items.count)
      for item in items {
        if case .array(let pair) = item.kind, pair.count >= 2, case .number(let x) = pair[0].kind, case .number(let y) = pair[1].kind,
          x.isFinite, y.isFinite
        {
          result.append((x, y))
        } else {
          result.append((0, 0))
        }
      }
      return result
    }
    let vertices = points("v")
    guard !vertices.isEmpty else { return .empty }
    let ins = points("i")
    let outs = points("o")
    var closed = false
    if let c = fields["c"], case .bool(let flag) = c.kind { closed = flag }
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    func include(_ x: Double, _ y: Double) {
      minX = min(minX, x)
      minY = min(minY, y)
      maxX = max(maxX, x)
      maxY = max(maxY, y)
    }
    for (index, vertex) in vertices.enumerated() {
      include(vertex.0, vertex.1)
      if index < ins.count { include(vertex.0 + ins[index].0, vertex.1 + ins[index].1) }
      if index < outs.count { include(vertex.0 + outs[index].0, vertex.1 + outs[index].1) }
    }
    var count = 1
    let segments = closed ? vertices.count : vertices.count - 1
    for segment in 0..<max(0, segments) {
      let next = (segment + 1) % vertices.count
      let out = segment < outs.count ? outs[segment] : (0, 0)
      let into = next < ins.count ? ins[next] : (0, 0)
      let curved = out.0 != 0 || out.1 != 0 || into.0 != 0 || into.1 != 0
      count += curved ? 3 : 1
    }
    return BezierShape(bounds: Rect(minX, minY, maxX - minX, maxY - minY), points: count)
  }

  // MARK: JSON access

  func object(_ value: JSONValue) -> [JSONValue.Member]? {
    if case .object(let members) = value.kind { return members }
    return nil
  }
}

/// An object's members by key, the first of each; typed getters that answer nil for a missing
/// key or a value of another type (the reader then uses lottie-ios' default).
struct Fields {
  let members: [JSONValue.Member]

  init(_ members: [JSONValue.Member]) { self.members = members }

  subscript(_ key: String) -> JSONValue? {
    for member in members where member.key == key { return member.value }
    return nil
  }

  func number(_ key: String) -> Double? {
    guard let value = self[key] else { return nil }
    switch value.kind {
    case .number(let number): return number.isFinite ? number : nil
    case .bool(let flag): return flag ? 1 : 0
    default: return nil
    }
  }

  /// A whole number; files write `1.0` and `true` for 1 as often as `1`.
  func integer(_ key: String) -> Int? {
    guard let number = number(key), abs(number) < 1e9 else { return nil }
    return Int(number.rounded())
  }

  func string(_ key: String) -> String? {
    guard let value = self[key], case .string(let text) = value.kind else { return nil }
    return text
  }

  func bool(_ key: String) -> Bool? {
    guard let value = self[key] else { return nil }
    switch value.kind {
    case .bool(let flag): return flag
    case .number(let number): return number != 0
    default: return nil
    }
  }

  func numbers(_ key: String) -> [Double]? {
    guard let value = self[key], case .array(let items) = value.kind else { return nil }
    var result: [Double] = []
    for item in items {
      guard case .number(let number) = item.kind, number.isFinite else { return nil }
      result.append(number)
    }
    return result
  }
}

func positiveOr(_ value: Double?, _ fallback: Double) -> Double {
  guard let value, value > 0, value.isFinite else { return fallback }
  return value
}
