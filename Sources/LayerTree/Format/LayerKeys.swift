/// The keys of a layer object, in the format's order: the one place a layer property is
/// described. Each entry names the key, its type and range, the `CALayer` property it mirrors,
/// the classes it applies to, the key paths that animate it, a one-line doc, and how it is read
/// into the model and written from it. Defaults are the model's (``Layer``'s initial values,
/// which are Core Animation's) and are read from it.
///
/// Adding a property: an entry here, the field in the model, and the rule or cost that reads it
/// (docs/architecture.md, "How to add a scene property").
enum LayerKeys {
  static let layer = ObjectKind(
    name: "layer", what: "a layer",
    doc: "A layer: one CALayer (a UIView is its layer) with the property names and defaults of Core Animation.",
    discriminator: "class", keys: animated(withDefaults(keys)))

  static let keys: [FormatKey] = [
    structural(
      "id", .identifier(maxLength: InputLimits.standard.maxIDLength), property: nil,
      requirement: .requiredUnless("the root (`root`) and a mask (`mask`)"),
      defaultText: "required; `root` for the root, `mask` for a mask",
      doc: "The layer's name in paths and reports, unique among its siblings: no `/ * [ ]` or white space."),
    structural(
      "class", .choice(LayerClass.allCases.map(\.rawValue)), property: "the layer's class", defaultValue: .string("CALayer"),
      doc: "Which kind of layer; it decides which class-only keys apply. See [Classes](#classes)."),
    structural(
      "frame", .rect, property: "frame", defaultValue: .array([.int(0), .int(0), .int(0), .int(0)]),
      defaultText: "`[0, 0, 0, 0]`; the root: the screen",
      doc: "Position and size in the superlayer, in points, before `transform`."),
    pair(
      "anchorPoint", shape: "[x, y] in unit coordinates", .any, property: "anchorPoint",
      get: { $0.anchorPoint }, set: { $0.layer.anchorPoint = $1 },
      doc:
        "The point of the bounds, in unit coordinates (`[0, 0]` the top-left corner, `[1, 1]` the bottom-right), that `transform` turns and scales about and that `position` animations move. `frame` stays the untransformed frame."
    ),
    optionalColor(
      "backgroundColor", property: "backgroundColor", get: { $0.backgroundColor },
      set: { $0.layer.backgroundColor = $1 }, doc: "Fills the bounds (rounded by `cornerRadius`); `null`: none."),
    number(
      "cornerRadius", .length, property: "cornerRadius", get: { $0.cornerRadius },
      set: { $0.layer.cornerRadius = $1 },
      doc: "Rounds the background and border; with `masksToBounds` also clips contents and sublayers."),
    choice(
      "cornerCurve", CornerCurve.self, property: "cornerCurve (iOS 13)", get: { $0.cornerCurve }, set: { $0.layer.cornerCurve = $1 },
      doc: "The shape of the corners. The cost is the same."),
    FormatKey.choiceSet(
      "maskedCorners", names: CornerMask.names.map(\.name), noun: "corners", property: "maskedCorners (`CACornerMask`, iOS 11)",
      get: { layer in CornerMask.names.indices.filter { layer.maskedCorners.contains(CornerMask.names[$0].corner) } },
      set: { draft, indices in draft.layer.maskedCorners = CornerMask(indices.map { CornerMask.names[$0].corner }) },
      doc:
        "The corners `cornerRadius` rounds (min Y is the top). `[]` rounds nothing: `masksToBounds` is then a rectangular scissor and no rounded clip renders offscreen."
    ),
    boolean(
      "masksToBounds", property: "masksToBounds (`UIView.clipsToBounds`)", get: { $0.masksToBounds }, set: { $0.layer.masksToBounds = $1 },
      doc: "Clips contents and sublayers to the bounds, rounded by `cornerRadius`."),
    number(
      "opacity", .unit, property: "opacity (`UIView.alpha`)", get: { $0.opacity }, set: { $0.layer.opacity = $1 },
      doc: "0 hides the layer and its subtree."),
    boolean(
      "allowsGroupOpacity", property: "allowsGroupOpacity", defaultText: "`true` from iOS 7, `false` before",
      get: { $0.allowsGroupOpacity },
      set: { $0.layer.allowsGroupOpacity = $1 }, doc: "With `opacity` < 1, fade the subtree as one picture."),
    choice(
      "compositingFilter", CompositingFilter.self, property: "compositingFilter", get: { .some($0.compositingFilter) },
      set: { $0.layer.compositingFilter = $1 },
      doc: "A Core Animation blend-mode filter the layer composites with instead of source-over; none by default."),
    boolean(
      "isHidden", property: "isHidden (`hidden`)", get: { $0.isHidden }, set: { $0.layer.isHidden = $1 },
      doc: "The layer and its subtree are not drawn."),
    boolean(
      "isOpaque", property: "isOpaque (`opaque`)", get: { $0.isOpaque }, set: { $0.layer.isOpaque = $1 },
      doc: "The app's promise that its `text` or `drawing` contents cover the bounds with opaque pixels (`UIView.isOpaque`): no blending."),
    number(
      "borderWidth", .length, property: "borderWidth", get: { $0.borderWidth }, set: { $0.layer.borderWidth = $1 },
      doc: "Border drawn inside the bounds, above the sublayers."),
    color(
      "borderColor", property: "borderColor", get: { $0.borderColor }, set: { $0.layer.borderColor = $1 },
      doc: "The border's colour; `null` is not accepted."),
    number(
      "shadowOpacity", .unit, property: "shadowOpacity", get: { $0.shadowOpacity },
      set: { $0.layer.shadowOpacity = $1 }, doc: "Above 0 the layer casts a shadow."),
    number(
      "shadowRadius", .length, property: "shadowRadius", get: { $0.shadowRadius },
      set: { $0.layer.shadowRadius = $1 }, doc: "Blur radius of the shadow, in points."),
    pair(
      "shadowOffset", shape: "[width, height]", .coordinate, property: "shadowOffset",
      get: { Point($0.shadowOffset.width, $0.shadowOffset.height) },
      set: { $0.layer.shadowOffset = Size($1.x, $1.y) }, doc: "Offset of the shadow, in points."),
    color(
      "shadowColor", property: "shadowColor", get: { $0.shadowColor }, set: { $0.layer.shadowColor = $1 },
      doc: "The shadow's colour; a `\"clear\"` shadow is no shadow."),
    structural(
      "shadowPath", .oneOf([.constant("bounds"), .object("shadowPath")]), property: "shadowPath",
      doc: "The shape that casts the shadow, known in advance: `\"bounds\"` or a rectangle. See [shadowPath](#shadowpath)."),
    structural(
      "mask", .layer, property: "mask", doc: "A layer whose alpha masks this layer and its sublayers. See [mask](#mask)."),
    boolean(
      "shouldRasterize", property: "shouldRasterize", get: { $0.shouldRasterize }, set: { $0.layer.shouldRasterize = $1 },
      doc: "Render the subtree into a cached bitmap."),
    number(
      "rasterizationScale", .positive, property: "rasterizationScale", get: { $0.rasterizationScale },
      set: { $0.layer.rasterizationScale = $1 }, doc: "Scale of that bitmap; set it to the screen's scale or the bitmap is blurry."),
    boolean(
      "allowsEdgeAntialiasing", property: "allowsEdgeAntialiasing", get: { $0.allowsEdgeAntialiasing },
      set: { $0.layer.allowsEdgeAntialiasing = $1 }, doc: "Antialias the edges of a layer turned off the screen's axes."),
    transform(
      "transform", property: "transform / affineTransform()", get: { $0.transform },
      set: { $0.layer.transform = $1 },
      doc: "Scale, rotation and translation about the anchor point. See [transform](#transform)."),
    structural(
      "contents", .object("contents"), property: "contents",
      doc: "What the layer shows: an image, a label's text, a `draw(_:)` drawing. See [Contents](#contents)."),
    choice(
      "contentsGravity", ContentsGravity.self, property: "contentsGravity", get: { $0.contentsGravity },
      set: { $0.layer.contentsGravity = $1 },
      doc:
        "How contents are placed in the bounds: stretched (`resize`), fitted or filled keeping their aspect (`resizeAspect`, `resizeAspectFill`), or at their own size (the others)."
    ),
    integer(
      "constraints", 0...Layer.maxConstraints, property: "UIView.constraints (how many)", get: { $0.constraints },
      set: { $0.layer.constraints = $1 },
      doc:
        "The Auto Layout constraints the view holds for its subviews (a cell's XIB): solved, and each label they size measured, when anything inside first comes on screen. A reused cell's solve is its reuse pool's `constraints`."
    ),
    structural(
      "sublayers", .layers, property: "sublayers", defaultValue: .array([]), doc: "The layers above this one, back to front."),
    structural(
      "repeat", .object("repeat"), property: nil, defaultText: "none; not on the root or a mask",
      doc: "Make several copies of this layer. See [repeat](#repeat)."),
    structural(
      "path", .object("shapePath"), property: "CAShapeLayer.path", defaultText: "a rect path of the layer's bounds",
      classes: [.CAShapeLayer], doc: "The shape the layer draws. See [Classes](#classes)."),
    optionalColor(
      "fillColor", property: "CAShapeLayer.fillColor", classes: [.CAShapeLayer], get: { $0.shapeLayer.map(\.fillColor) },
      set: { $0.shape.fillColor = $1 }, doc: "The path's fill; `null`: no fill."),
    optionalColor(
      "strokeColor", property: "CAShapeLayer.strokeColor", classes: [.CAShapeLayer], get: { $0.shapeLayer.map(\.strokeColor) },
      set: { $0.shape.strokeColor = $1 }, doc: "The path's stroke; `null`: none."),
    number(
      "lineWidth", .length, property: "CAShapeLayer.lineWidth", classes: [.CAShapeLayer], get: { $0.shapeLayer?.lineWidth },
      set: { $0.shape.lineWidth = $1 }, doc: "The stroke's width in points."),
    FormatKey.colors(
      "colors", property: "CAGradientLayer.colors", classes: [.CAGradientLayer], get: { $0.gradientLayer?.colors },
      set: { $0.gradient.colors = $1 }, doc: "The gradient's colours, at least one; without them the gradient draws nothing."),
    choice(
      "effect", VisualEffect.Style.self, property: "UIVisualEffectView.effect", classes: [.UIVisualEffectView],
      get: { $0.visualEffect.map { .some($0.style) } }, set: { $0.effect.style = $1 },
      doc: "`blur` (`UIBlurEffect`) or `vibrancy` (`UIVibrancyEffect` over a blur)."),
    integer(
      "instanceCount", ReplicatorLayer.instanceCountRange, property: "CAReplicatorLayer.instanceCount", classes: [.CAReplicatorLayer],
      get: { $0.replicatorLayer?.instanceCount }, set: { $0.replicator.instanceCount = $1 },
      doc: "Copies of the sublayers drawn, the sublayers themselves included."),
    transform(
      "instanceTransform", property: "CAReplicatorLayer.instanceTransform", classes: [.CAReplicatorLayer],
      get: { $0.replicatorLayer?.instanceTransform }, set: { $0.replicator.instanceTransform = $1 },
      doc: "Applied to instance k - 1 to make instance k, about the replicator's centre."),
    number(
      "instanceDelay", .nonNegative, property: "CAReplicatorLayer.instanceDelay", classes: [.CAReplicatorLayer],
      get: { $0.replicatorLayer?.instanceDelay }, set: { $0.replicator.instanceDelay = $1 },
      doc: "Seconds between the animations of one instance and the next."),
    color(
      "instanceColor", property: "CAReplicatorLayer.instanceColor", classes: [.CAReplicatorLayer],
      get: { $0.replicatorLayer?.instanceColor },
      set: { $0.replicator.instanceColor = $1 }, doc: "The colour instance 0 is multiplied by; its alpha fades the copies."),
    number(
      "instanceRedOffset", .channelOffset, property: "CAReplicatorLayer.instanceRedOffset", classes: [.CAReplicatorLayer],
      get: { $0.replicatorLayer?.instanceRedOffset }, set: { $0.replicator.instanceRedOffset = $1 },
      doc: "Added to the red channel from one instance to the next."),
    number(
      "instanceGreenOffset", .channelOffset, property: "CAReplicatorLayer.instanceGreenOffset", classes: [.CAReplicatorLayer],
      get: { $0.replicatorLayer?.instanceGreenOffset }, set: { $0.replicator.instanceGreenOffset = $1 },
      doc: "Added to the green channel from one instance to the next."),
    number(
      "instanceBlueOffset", .channelOffset, property: "CAReplicatorLayer.instanceBlueOffset", classes: [.CAReplicatorLayer],
      get: { $0.replicatorLayer?.instanceBlueOffset }, set: { $0.replicator.instanceBlueOffset = $1 },
      doc: "Added to the blue channel from one instance to the next."),
    number(
      "instanceAlphaOffset", .channelOffset, property: "CAReplicatorLayer.instanceAlphaOffset", classes: [.CAReplicatorLayer],
      get: { $0.replicatorLayer?.instanceAlphaOffset }, set: { $0.replicator.instanceAlphaOffset = $1 },
      doc: "Added to the alpha from one instance to the next: each copy fades by it."),
  ]

  // MARK: Defaults

  /// The keys with their defaults read from the model: a layer of the key's (first) class with
  /// nothing set, at the latest iOS version.
  /// `keys` with the key paths that animate each (`animatedBy`), from the timeline's one list of
  /// them (``TimelineKeys/keyPaths``, each naming the layer key it animates).
  static func animated(_ keys: [FormatKey]) -> [FormatKey] {
    keys.map { key in
      var key = key
      key.animatedBy = TimelineKeys.keyPaths.filter { $0.layerKey == key.name }.map(\.name)
      return key
    }
  }

  static func withDefaults(_ keys: [FormatKey]) -> [FormatKey] {
    keys.map { key in
      var key = key
      guard let binding = key.binding, key.defaultValue == nil else { return key }
      let layerClass = key.variants?.first.flatMap(LayerClass.init(rawValue:)) ?? .CALayer
      let layer = LayerDraft.defaultLayer(layerClass, defaults: LayerDefaults(iosVersion: .latest))
      key.defaultValue = LayerKeys.output(binding, key.type, of: layer) ?? nil
      return key
    }
  }

  /// A layer key's value in `layer` as JSON: nil when the key does not apply to its class, `.some(nil)`
  /// when it has no value (an unset optional).
  static func output(_ binding: LayerBinding, _ type: ValueType, of layer: Layer) -> JSONOutput?? {
    func names() -> [String] {
      switch type {
      case .choice(let names): return names
      case .list(.choice(let names), _, _, _): return names
      default: return []
      }
    }
    switch binding {
    case .number(let get, _): return get(layer).map { .some(.number($0)) }
    case .integer(let get, _): return get(layer).map { .some(.int($0)) }
    case .boolean(let get, _): return get(layer).map { .some(.bool($0)) }
    case .choice(let get, _):
      guard let value = get(layer) else { return nil }
      return .some(value.map { .string(names()[$0]) })
    case .color(let get, _): return get(layer).map { .some(.string($0.description)) }
    case .optionalColor(let get, _):
      guard let value = get(layer) else { return nil }
      return .some(value.map { .string($0.description) } ?? .null)
    case .pair(let get, _): return get(layer).map { .some(.array([.number($0.x), .number($0.y)])) }
    case .colors(let get, _):
      guard let colors = get(layer) else { return nil }
      return .some(colors.isEmpty ? nil : .array(colors.map { .string($0.description) }))
    case .choiceSet(let get, _):
      let all = names()
      return get(layer).map { .some(.array($0.map { .string(all[$0]) })) }
    case .transform(let get, _): return get(layer).map { .some(TransformOutput.object($0)) }
    case .structural: return nil
    }
  }

  /// The key's value in `layer` as JSON when it differs from its value in `initial` (a layer of
  /// the same class with every property at its default); nil when it is the same, or the key does
  /// not apply to the layer's class.
  static func changedOutput(_ binding: LayerBinding, _ type: ValueType, of layer: Layer, from initial: Layer) -> JSONOutput? {
    let same: Bool
    switch binding {
    case .number(let get, _): same = get(layer) == get(initial)
    case .integer(let get, _): same = get(layer) == get(initial)
    case .boolean(let get, _): same = get(layer) == get(initial)
    case .choice(let get, _): same = get(layer) == get(initial)
    case .color(let get, _): same = get(layer) == get(initial)
    case .optionalColor(let get, _): same = get(layer) == get(initial)
    case .pair(let get, _): same = get(layer) == get(initial)
    case .colors(let get, _): same = get(layer) == get(initial)
    case .choiceSet(let get, _): same = get(layer) == get(initial)
    case .transform(let get, _): same = get(layer) == get(initial)
    case .structural: same = true
    }
    guard !same, let output = self.output(binding, type, of: layer), let value = output else { return nil }
    return value
  }

  // MARK: Building entries

  static func structural(
    _ name: String, _ type: ValueType, property: String?, requirement: FormatKey.Requirement = .optional, defaultValue: JSONOutput? = nil,
    defaultText: String? = nil, classes: [LayerClass]? = nil, doc: String
  ) -> FormatKey {
    var key = FormatKey(
      name, type, property: property, requirement: requirement, defaultValue: defaultValue, defaultText: defaultText,
      variants: classes?.map(\.rawValue), doc: doc)
    key.binding = .structural
    return key
  }

  static func number(
    _ name: String, _ range: NumberRange, property: String, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> Double?, set: @escaping @Sendable (inout LayerDraft, Double) -> Void, doc: String
  ) -> FormatKey {
    var key = FormatKey(name, .number(range), property: property, variants: classes?.map(\.rawValue), doc: doc)
    key.binding = .number(get: get, set: set)
    return key
  }

  static func integer(
    _ name: String, _ range: ClosedRange<Int>, property: String, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> Int?, set: @escaping @Sendable (inout LayerDraft, Int) -> Void, doc: String
  ) -> FormatKey {
    var key = FormatKey(name, .integer(range), property: property, variants: classes?.map(\.rawValue), doc: doc)
    key.binding = .integer(get: get, set: set)
    return key
  }

  static func boolean(
    _ name: String, property: String, defaultText: String? = nil, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> Bool?, set: @escaping @Sendable (inout LayerDraft, Bool) -> Void, doc: String
  ) -> FormatKey {
    var key = FormatKey(name, .boolean, property: property, defaultText: defaultText, variants: classes?.map(\.rawValue), doc: doc)
    key.binding = .boolean(get: get, set: set)
    return key
  }

  static func choice<T: RawRepresentable & CaseIterable & Hashable & Sendable>(
    _ name: String, _ type: T.Type, property: String, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> T??, set: @escaping @Sendable (inout LayerDraft, T) -> Void, doc: String
  ) -> FormatKey where T.RawValue == String, T.AllCases: Sendable {
    let all = Array(T.allCases)
    var key = FormatKey(name, .choice(all.map(\.rawValue)), property: property, variants: classes?.map(\.rawValue), doc: doc)
    key.binding = .choice(
      get: { layer in get(layer).map { value in value.map { all.firstIndex(of: $0)! } } }, set: { draft, index in set(&draft, all[index]) })
    return key
  }

  static func choice<T: RawRepresentable & CaseIterable & Hashable & Sendable>(
    _ name: String, _ type: T.Type, property: String, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> T, set: @escaping @Sendable (inout LayerDraft, T) -> Void, doc: String
  ) -> FormatKey where T.RawValue == String, T.AllCases: Sendable {
    choice(name, type, property: property, classes: classes, get: { .some(.some(get($0))) }, set: set, doc: doc)
  }

  static func color(
    _ name: String, property: String, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> Color?, set: @escaping @Sendable (inout LayerDraft, Color) -> Void, doc: String
  ) -> FormatKey {
    var key = FormatKey(name, .color(nullable: false), property: property, variants: classes?.map(\.rawValue), doc: doc)
    key.binding = .color(get: get, set: set)
    return key
  }

  static func optionalColor(
    _ name: String, property: String, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> Color??, set: @escaping @Sendable (inout LayerDraft, Color?) -> Void, doc: String
  ) -> FormatKey {
    var key = FormatKey(
      name, .color(nullable: true), property: property, variants: classes?.map(\.rawValue), doc: doc)
    key.binding = .optionalColor(get: get, set: set)
    return key
  }

  static func pair(
    _ name: String, shape: String, _ range: NumberRange, property: String, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> Point?, set: @escaping @Sendable (inout LayerDraft, Point) -> Void, doc: String
  ) -> FormatKey {
    var key = FormatKey(name, .pair(shape: shape, range), property: property, variants: classes?.map(\.rawValue), doc: doc)
    key.binding = .pair(get: get, set: set)
    return key
  }

  static func transform(
    _ name: String, property: String, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> Transform?, set: @escaping @Sendable (inout LayerDraft, Transform) -> Void, doc: String
  ) -> FormatKey {
    var key = FormatKey(
      name, .object("transform"), property: property, defaultText: "identity", variants: classes?.map(\.rawValue),
      doc: doc)
    key.binding = .transform(get: get, set: set)
    return key
  }
}

extension FormatKey {
  static func colors(
    _ name: String, property: String, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> [Color]?, set: @escaping @Sendable (inout LayerDraft, [Color]) -> Void, doc: String
  ) -> FormatKey {
    var key = FormatKey(
      name, .list(.color(nullable: false), minCount: 1, unique: false, noun: "colours"), property: property,
      defaultText: "none (draws nothing)", variants: classes?.map(\.rawValue), doc: doc)
    key.binding = .colors(get: get, set: set)
    return key
  }

  static func choiceSet(
    _ name: String, names: [String], noun: String, property: String, classes: [LayerClass]? = nil,
    get: @escaping @Sendable (Layer) -> [Int]?, set: @escaping @Sendable (inout LayerDraft, [Int]) -> Void, doc: String
  ) -> FormatKey {
    var key = FormatKey(
      name, .list(.choice(names), minCount: 0, unique: true, noun: noun), property: property, variants: classes?.map(\.rawValue),
      doc: doc)
    key.binding = .choiceSet(get: get, set: set)
    return key
  }
}

extension NumberRange {
  /// A replicator's colour offsets: -1 to 1 (beyond, one step saturates the channel).
  static let channelOffset = NumberRange(-1, 1)
}

extension Layer {
  var shapeLayer: ShapeLayer? {
    if case .shape(let shape) = kind { return shape }
    return nil
  }
  var gradientLayer: GradientLayer? {
    if case .gradient(let gradient) = kind { return gradient }
    return nil
  }
  var visualEffect: VisualEffect? {
    if case .visualEffect(let effect) = kind { return effect }
    return nil
  }
  var replicatorLayer: ReplicatorLayer? {
    if case .replicator(let replicator) = kind { return replicator }
    return nil
  }
}
