import LayerTree

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
    BlendModeRule(),
  ]

  public static func rule(id: String) -> (any OffscreenRule)? { all.first { $0.id == id } }

  /// The registered rules deciding their disputed points as `assumptions` say (``DisputedPoint``):
  /// ``all`` itself under the defaults.
  public static func all(assuming assumptions: Assumptions) -> [any OffscreenRule] {
    assumptions.others.isEmpty ? all : all.map { $0.assuming(assumptions) }
  }

  /// Every disputed point the registered rules decide, in the rules' order.
  public static let disputedPoints: [DisputedPoint] = all.flatMap(\.disputes)

  /// The registered rules' ids.
  static let ids = Set(all.map(\.id))

  /// The registered rules' types, for their gates.
  private static let types: [any OffscreenRule.Type] = all.map { type(of: $0) }

  /// The gates of every registered rule on a layer: bit i is set when rule i of ``all`` could
  /// fire on it (``LayerProps/offscreenGates``). A tree keeps 32 of them a layer: the registry
  /// holds at most 32 rules (a test checks it).
  static func gates(on layer: Layer, props: LayerProps) -> UInt64 {
    var gates: UInt64 = 0
    for (position, type) in types.enumerated() where type.mightFire(on: layer, props: props) { gates |= 1 << UInt64(position) }
    return gates
  }
}

/// The registry's gates are those a tree and its layers' render properties are made with.
extension OffscreenRules: OffscreenGates {}

extension LayerProps {
  /// `hasMask` comes from the tree: a transform layer ignores its mask. The gates are the
  /// registry's (``OffscreenRules``).
  public init(_ layer: Layer, hasMask: Bool) {
    self.init(layer, hasMask: hasMask, gates: OffscreenRules.self)
  }
}

extension FlatTree {
  /// The tree of `root`, each layer's render properties made with the registry's gates
  /// (``OffscreenRules``).
  public init(_ root: Layer) {
    self.init(root, gates: OffscreenRules.self)
  }
}
