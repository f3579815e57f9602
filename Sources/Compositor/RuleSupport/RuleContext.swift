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
  public let index: Int
  public let iosVersion: OSVersion
  /// The layer's render properties this frame: cheap to read, for a rule's first checks.
  public let props: LayerProps

  public var layer: Layer { state.layer(index, in: tree) }
  public var path: String { tree.nodes[index].path }
  public var plan: NodePlan { plans[index] }

  /// The layer draws something itself (background, border, contents, shape, gradient, effect)
  /// that is visible on screen.
  public var drawsSelf: Bool { plans[index].draws }

  /// Visible drawing layers in the subtree, this layer included, masks excluded.
  public var drawingLayersInSubtree: Int { plans[index].drawingLayersInSubtree }

  /// Direct sublayers whose subtree draws something visible.
  public var drawingSublayers: [String] {
    var ids: [String] = []
    let node = tree.nodes[index]
    var child = node.mask.map { tree.nodes[$0].subtreeEnd } ?? index + 1
    while child < node.subtreeEnd {
      if plans[child].drawingLayersInSubtree > 0 { ids.append(tree.nodes[child].layer.id) }
      child = tree.nodes[child].subtreeEnd
    }
    return ids
  }

  /// The layer's own visible drawing, by property name: `backgroundColor`, `contents`, ...
  /// (the border is not counted: it is drawn on top, already following the corners).
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
  public var isRotatedOnScreen: Bool { !plans[index].axisAligned }
}
