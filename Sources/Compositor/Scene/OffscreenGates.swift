import LayerTree

/// Which offscreen rules could fire on a layer, from its properties alone: bit i set when rule i
/// of a registry could (``LayerProps/offscreenGates``). A tree is built with one
/// (``FlatTree/init(_:gates:)``), and every layer's render properties are made with the tree's.
///
/// The registry of rules (``OffscreenRules``) answers it: it is declared here, where a layer's
/// render properties are made, so that a tree and its layers' properties are made before any
/// rule is known, and the rules, which read those properties, come after them.
protocol OffscreenGates: Sendable {
  /// The gates of the rules on `layer`, whose other properties are `props`.
  static func gates(on layer: Layer, props: LayerProps) -> UInt64
}
