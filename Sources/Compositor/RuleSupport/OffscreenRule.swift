import LayerTree

/// A condition that makes Core Animation render a layer (with its subtree) into a separate
/// render target before compositing it: an offscreen pass.
///
/// Each rule is one type in `Sources/Compositor/Rules/`, registered in ``OffscreenRules/all``.
/// A rule only reads the facts the decide pass gathered (``RuleContext``); it never changes them.
public protocol OffscreenRule: Sendable {
  /// A stable id, used in reports, `byReason` and CI baselines: `shadow-without-path`.
  var id: String { get }
  /// A short title: "Shadow without shadowPath".
  var title: String { get }
  /// Why the layer goes offscreen, in words.
  var reason: String { get }
  /// What fixes it, in words.
  var fix: String { get }
  /// Layers that trigger the rule and layers that do not, run by one parameterized test.
  var examples: [RuleExample] { get }
  /// The offscreen passes this rule costs the layer, or nil when it does not apply.
  func evaluate(_ context: RuleContext) -> RuleHit?
}

/// What a rule found on one layer.
public struct RuleHit: Sendable, Hashable {
  /// Offscreen passes the rule costs on this layer (a blur takes several).
  public var passes: Int
  /// The finding's message: which properties, which sublayers.
  public var message: String
  /// The fix in scene terms: the property to change and how.
  public var fix: String

  public init(passes: Int = 1, message: String, fix: String) {
    self.passes = passes
    self.message = message
    self.fix = fix
  }
}

/// A rule's example: one layer (JSON, as a scene file writes it) placed on an iPhone 7 screen
/// under a plain root, and whether the rule fires on the layer with id `subject`.
public struct RuleExample: Sendable {
  public var layerJSON: String
  /// Passes the rule must report on `subject`; 0 for a non-triggering example.
  public var passes: Int
  /// The iOS version the example runs under.
  public var iosVersion: String
  public var note: String

  public init(_ note: String, passes: Int, iosVersion: String = "17.0", layer: String) {
    self.note = note
    self.passes = passes
    self.iosVersion = iosVersion
    self.layerJSON = layer
  }

  /// A whole scene holding the example layer.
  public var sceneJSON: String {
    """
    {"version": 1, "name": "example", "device": "iphone-7", "iosVersion": "\(iosVersion)",
     "root": {"id": "root", "sublayers": [\(layerJSON)]}}
    """
  }
}

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

/// The registry of offscreen rules: adding a rule is one file and one line here.
public enum OffscreenRules {
  public static let all: [any OffscreenRule] = [
    ShadowWithoutPathRule(),
    MaskRule(),
    RoundedClipRule(),
    GroupOpacityRule(),
    RasterizeRule(),
    VisualEffectRule(),
    EdgeAntialiasingRule(),
  ]

  public static func rule(id: String) -> (any OffscreenRule)? { all.first { $0.id == id } }
}
