import LayerTree

/// Everything a rule may read about one layer in one frame.
///
/// The decide pass builds it after geometry (what is visible, clipped, culled) and the
/// bottom-up counts (how many drawing layers each subtree holds) are known.
public struct RuleContext {
  let tree: FlatTree
  let plans: NodePlans
  let state: FrameState
  /// The layer's index in the tree.
  public internal(set) var index: Int
  public let iosVersion: OSVersion
  /// Who made the scene's layers, for the words of a fix (``SceneOrigin``); the decide pass
  /// leaves it at ``SceneOrigin/layers``, as ``OffscreenRule/evaluate(_:)`` must not read it.
  public internal(set) var origin: SceneOrigin = .layers
  /// The layer's record's position in the plans, or -1 when the decide pass did not visit it.
  private var position: Int
  /// The fact the rule being asked keeps on the layer (``OffscreenRule/layerFact``), read from its
  /// column by the decide pass; nil when it did not read one.
  var keptFact: UInt16? = nil

  init(tree: FlatTree, plans: NodePlans, state: FrameState, index: Int, iosVersion: OSVersion) {
    self.tree = tree
    self.plans = plans
    self.state = state
    self.index = index
    self.iosVersion = iosVersion
    position = index < plans.slots.count ? Int(plans.slots[index]) : -1
  }

  /// Moves the context to another layer of the same frame, whose record is at `position`: the
  /// layer's record and properties are read where the decide pass wrote them, not copied.
  mutating func move(to index: Int, position: Int) {
    self.index = index
    self.position = position
  }

  /// The fact `rule` keeps on the layer this frame (``OffscreenRule/layerFact``): the decide pass
  /// reads it from the rule's column; elsewhere it is derived from the layer. 0 for a rule that
  /// keeps none.
  public func layerFact<Rule: OffscreenRule>(_ rule: Rule.Type) -> UInt16 {
    if let keptFact { return keptFact }
    return rule.layerFact?.derive(layer) ?? 0
  }

  /// The layer's render properties this frame: cheap to read, for a rule's first checks.
  public var props: LayerProps {
    // Inlined into the rules, so that reading one field reads that field, not a copy of all.
    @inline(__always) get { position >= 0 ? plans.props[position] : state.props(index, in: tree) }
  }

  public var layer: Layer { state.layer(index, in: tree) }
  public var path: String { tree.path(index) }
  public var plan: NodePlan { plans[index] }

  /// The layer draws something itself (background, border, contents, shape, gradient, effect)
  /// that is visible on screen.
  public var drawsSelf: Bool {
    @inline(__always) get { position >= 0 && plans.records[position].draws }
  }

  /// Visible drawing layers in the subtree, this layer included, masks excluded.
  public var drawingLayersInSubtree: Int {
    @inline(__always) get { position >= 0 ? plans.records[position].drawingLayersInSubtree : 0 }
  }

  /// Product of the opacities from the root down to this layer.
  public var effectiveOpacity: Double {
    @inline(__always) get { position >= 0 ? plans.records[position].effectiveOpacity : 1 }
  }

  /// The number of direct sublayers whose subtree draws something visible.
  public var drawingSublayerCount: Int {
    var count = 0
    forEachDrawingSublayer { _ in
      count += 1
      return true
    }
    return count
  }

  /// Direct sublayers whose subtree draws something visible, by id.
  public var drawingSublayers: [String] { drawingSublayers(first: Int.max) }

  /// The first `limit` direct sublayers whose subtree draws something visible, by id.
  public func drawingSublayers(first limit: Int) -> [String] {
    var ids: [String] = []
    forEachDrawingSublayer { child in
      guard ids.count < limit else { return false }
      ids.append(tree.layer(child).id)
      return true
    }
    return ids
  }

  /// Calls `body` with each direct sublayer whose subtree draws, in order, while it returns true.
  private func forEachDrawingSublayer(_ body: (Int) -> Bool) {
    let end = tree.subtreeEnds[index]
    let mask = tree.masks[index]
    var child = mask >= 0 ? tree.subtreeEnds[mask] : index + 1
    while child < end {
      let slot = plans.slots[child]
      if slot >= 0, plans.records[Int(slot)].drawingLayersInSubtree > 0, !body(child) { return }
      child = tree.subtreeEnds[child]
    }
  }

  /// How many things the layer draws itself that a clip would have to clip: its background
  /// colour, its contents, its shape, gradient or effect (the border is not counted: it is drawn
  /// on top, already following the corners).
  public var ownDrawingPartCount: Int {
    @inline(__always) get { drawsSelf ? props.ownDrawingParts : 0 }
  }

  /// The layer's own visible drawing, by property name: `backgroundColor`, `contents`, ...
  /// (the parts ``ownDrawingPartCount`` counts, in words).
  public var ownDrawingParts: [String] {
    guard drawsSelf else { return [] }
    let layer = self.layer
    var parts: [String] = []
    if let color = layer.backgroundColor, !color.isClear { parts.append("backgroundColor") }
    if let contents = layer.contents, LayerDrawing.contentsDraw(contents) { parts.append("\(contents.typeName) contents") }
    switch layer.kind {
    case .plain, .transformLayer, .replicator: break
    case .shape: parts.append("shape path")
    case .gradient: parts.append("gradient")
    case .visualEffect: parts.append("visual effect")
    }
    return parts
  }

  /// True when the layer's transform on screen (its own and its ancestors') is not a multiple of
  /// 90 degrees.
  public var isRotatedOnScreen: Bool {
    @inline(__always) get { position >= 0 && !plans.records[position].axisAligned }
  }
}
