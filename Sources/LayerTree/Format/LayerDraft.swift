/// A layer while its object is read: the layer, and what only one class has until the class is
/// known and the layer's kind can be made.
struct LayerDraft {
  var layer: Layer
  var layerClass = LayerClass.CALayer
  /// `path` was written; without it a shape layer's path is its bounds.
  var shapePathSet = false
  /// What only one class has, boxed and made when a key of it is first read: most layers are
  /// plain, and a draft without it is small to make and to move.
  private var classParts: ClassPartsBox? = nil

  private struct ClassParts {
    var shape = ShapeLayer(path: .rect(.zero))
    var gradient = GradientLayer(colors: [])
    var effect = VisualEffect()
    var replicator = ReplicatorLayer()
  }

  private final class ClassPartsBox {
    var parts: ClassParts
    init(_ parts: ClassParts) { self.parts = parts }
  }

  var shape: ShapeLayer {
    get { classParts?.parts.shape ?? ShapeLayer(path: .rect(.zero)) }
    set { modifyParts { $0.shape = newValue } }
  }
  var gradient: GradientLayer {
    get { classParts?.parts.gradient ?? GradientLayer(colors: []) }
    set { modifyParts { $0.gradient = newValue } }
  }
  var effect: VisualEffect {
    get { classParts?.parts.effect ?? VisualEffect() }
    set { modifyParts { $0.effect = newValue } }
  }
  var replicator: ReplicatorLayer {
    get { classParts?.parts.replicator ?? ReplicatorLayer() }
    set { modifyParts { $0.replicator = newValue } }
  }

  /// Changes the class parts, made first or copied first when another draft shares them.
  private mutating func modifyParts(_ body: (inout ClassParts) -> Void) {
    if classParts == nil {
      classParts = ClassPartsBox(ClassParts())
    } else if !isKnownUniquelyReferenced(&classParts) {
      classParts = ClassPartsBox(classParts!.parts)
    }
    body(&classParts!.parts)
  }

  init(id: String, defaults: LayerDefaults) {
    layer = Layer(id: id)
    layer.allowsGroupOpacity = defaults.allowsGroupOpacity
  }

  /// A draft of a layer whose object starts at `source` in a file.
  init(id: String, defaults: LayerDefaults, source: SourceLocation) {
    layer = Layer(id: id, source: source, allowsGroupOpacity: defaults.allowsGroupOpacity)
  }

  /// The layer with its kind made from its class.
  mutating func finish() {
    switch layerClass {
    case .CALayer: break  // A new layer is plain.
    case .CAShapeLayer:
      // A shape layer without a path draws nothing in Core Animation; the format reads a missing
      // path as the layer's bounds, which is what a scene writer almost always means.
      var shape = self.shape
      if !shapePathSet { shape.path = .rect(layer.bounds) }
      layer.kind = .shape(shape)
    case .CAGradientLayer: layer.kind = .gradient(gradient)
    case .UIVisualEffectView: layer.kind = .visualEffect(effect)
    case .CATransformLayer: layer.kind = .transformLayer
    case .CAReplicatorLayer: layer.kind = .replicator(replicator)
    }
  }

  /// A layer of `layerClass` with every property at its default.
  static func defaultLayer(_ layerClass: LayerClass, defaults: LayerDefaults, frame: Rect = .zero) -> Layer {
    var draft = LayerDraft(id: "", defaults: defaults)
    draft.layerClass = layerClass
    draft.layer.frame = frame
    draft.finish()
    return draft.layer
  }
}

/// The layer classes a scene names in `class`.
enum LayerClass: String, CaseIterable, Sendable {
  case CALayer
  case CAShapeLayer
  case CAGradientLayer
  case UIVisualEffectView
  case CATransformLayer
  case CAReplicatorLayer

  /// The class of a layer's kind.
  init(_ kind: LayerKind) {
    self = LayerClass(rawValue: kind.className)!
  }
}

/// Defaults that depend on the scene's iOS version.
struct LayerDefaults: Sendable {
  /// `allowsGroupOpacity` defaults to true from iOS 7 (`UIViewGroupOpacity`), false before.
  var allowsGroupOpacity: Bool

  init(iosVersion: OSVersion) {
    allowsGroupOpacity = iosVersion >= OSVersion(7)
  }
}

/// How a layer key is read into a layer being built and written from a built layer. The getter
/// gives nil when the key does not apply to the layer's class.
enum LayerBinding: Sendable {
  case number(get: @Sendable (Layer) -> Double?, set: @Sendable (inout LayerDraft, Double) -> Void)
  case integer(get: @Sendable (Layer) -> Int?, set: @Sendable (inout LayerDraft, Int) -> Void)
  case boolean(get: @Sendable (Layer) -> Bool?, set: @Sendable (inout LayerDraft, Bool) -> Void)
  /// The index of a name in the key's `.choice` list; the getter's inner nil: no value (the key is
  /// left out).
  case choice(get: @Sendable (Layer) -> Int??, set: @Sendable (inout LayerDraft, Int) -> Void)
  case color(get: @Sendable (Layer) -> Color?, set: @Sendable (inout LayerDraft, Color) -> Void)
  /// A colour or `null`.
  case optionalColor(get: @Sendable (Layer) -> Color??, set: @Sendable (inout LayerDraft, Color?) -> Void)
  case pair(get: @Sendable (Layer) -> Point?, set: @Sendable (inout LayerDraft, Point) -> Void)
  case colors(get: @Sendable (Layer) -> [Color]?, set: @Sendable (inout LayerDraft, [Color]) -> Void)
  /// Indices of names in the key's list of choices.
  case choiceSet(get: @Sendable (Layer) -> [Int]?, set: @Sendable (inout LayerDraft, [Int]) -> Void)
  /// A `transform` object.
  case transform(get: @Sendable (Layer) -> Transform?, set: @Sendable (inout LayerDraft, Transform) -> Void)
  /// Read by the readers themselves: `id`, `class`, `frame`, `mask`, `sublayers`, `repeat`,
  /// `contents`, `shadowPath`, `path`.
  case structural
}
