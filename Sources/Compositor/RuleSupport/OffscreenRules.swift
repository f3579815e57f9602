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

  /// The registered rules' ids.
  static let ids = Set(all.map(\.id))

  /// The registered rules' types, for their gates.
  private static let types: [any OffscreenRule.Type] = all.map { type(of: $0) }

  /// True when some registered rule's gate passes on the layer: what
  /// ``LayerProps/mightGoOffscreen`` holds.
  static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    for type in types where type.mightFire(on: layer, props: props) { return true }
    return false
  }
}
