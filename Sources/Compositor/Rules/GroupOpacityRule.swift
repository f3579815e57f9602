import LayerTree

/// `group-opacity`: `opacity` below 1 with `allowsGroupOpacity` over two or more drawing layers.
///
/// Group opacity (the default since iOS 7) makes the subtree fade as one picture: it is rendered
/// offscreen, then blended once at the layer's opacity. Over a single drawing layer the alpha is
/// applied directly (Chromium does the same). With `allowsGroupOpacity` false each sublayer
/// blends on its own: no pass, but overlapping sublayers look different.
public struct GroupOpacityRule: OffscreenRule {
  public static let ruleID = "group-opacity"
  public var id: String { Self.ruleID }
  public var title: String { "Group opacity over several drawing layers" }
  public var reason: String { "opacity < 1 with allowsGroupOpacity renders the subtree offscreen so it fades as one picture." }
  public var fix: String {
    "Set opacity on the drawing sublayers instead, or allowsGroupOpacity = false when the sublayers do not overlap, or flatten the subtree into one layer."
  }

  public init() {}

  /// The composite of the subtree, blended once at the layer's opacity.
  public let work = PassWork(target: .content)

  public static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    props.opacity < 1 && props.allowsGroupOpacity
  }

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    let props = context.props
    guard props.opacity < 1, props.allowsGroupOpacity, context.drawingLayersInSubtree >= 2 else { return nil }
    let layer = context.layer
    return RuleHit(
      message:
        "opacity \(formatNumber(layer.opacity)) with allowsGroupOpacity over \(context.drawingLayersInSubtree) drawing layers: the subtree is rendered offscreen to fade as one.",
      fix:
        "Move the opacity to the drawing sublayers, or set \"allowsGroupOpacity\": false if they do not overlap (overlaps would show through)."
    )
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "half-transparent container over two drawing layers", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "opacity": 0.5, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
      RuleExample(
        "group opacity over one drawing layer: alpha applied directly", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "opacity": 0.5, "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
      RuleExample(
        "allowsGroupOpacity false: each sublayer blends on its own", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "opacity": 0.5, "allowsGroupOpacity": false, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
      RuleExample(
        "before iOS 7 group opacity is off by default", passes: 0, iosVersion: "6.1",
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "opacity": 0.5, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
      RuleExample(
        "opacity 1", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "backgroundColor": "#FFFFFF", "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
    ]
  }
}
