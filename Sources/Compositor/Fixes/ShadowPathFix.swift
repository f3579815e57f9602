import LayerTree

/// `shadow-path`: set `shadowPath` to the layer's rounded bounds, answering
/// `shadow-without-path`.
///
/// Without a path Core Animation learns the shadow's shape only by rendering the layer and its
/// sublayers offscreen and taking their alpha. When the caster is opaque over its whole rounded
/// bounds and nothing drawn reaches past them, that alpha *is* the rounded bounds, so
/// `"shadowPath": "bounds"` (`UIBezierPath(roundedRect: bounds, cornerRadius: cornerRadius)`)
/// casts the same shadow, drawn and cached without a pass (Apple, tech talk 10857: "for most
/// layers, creating a UIBezierPath by rounding the layer's bounds to its cornerRadius is all that's
/// needed to set a good shadowPath").
public struct ShadowPathFix: SceneFix {
  public let id = "shadow-path"
  public let rules = [ShadowWithoutPathRule.ruleID]
  public let title = "Set shadowPath to the layer's rounded bounds"
  public let words =
    "The layer is using dynamic shadows which are expensive to render. If possible try setting shadowPath, or pre-rendering the shadow into an image and putting it under the layer. Here the caster is opaque over its rounded bounds, so shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: layer.cornerRadius).cgPath casts the same shadow without the offscreen pass."
  public let appearance = FixAppearance.kept(
    condition:
      "the layer draws an opaque background (or opaque contents, with square corners) over its whole rounded bounds, nothing it or its sublayers draw reaches past them, and the timeline does not resize it: the shadow's shape is exactly the rounded bounds"
  )

  public init() {}

  public func check(_ path: String, in context: FixContext) -> FixCheck {
    guard let layer = context.layer(path) else { return .doesNotApply("no layer at \(path)") }
    guard LayerDrawing.hasShadow(layer) else { return .doesNotApply("the layer casts no shadow") }
    guard layer.shadowPath == nil else { return .doesNotApply("the layer already has a shadowPath") }
    guard layer.mask == nil else { return .doesNotApply("a mask shapes the layer and its shadow") }
    let backgroundOpaque = layer.backgroundColor?.isOpaque ?? false
    let contentsOpaque = layer.cornerRadius == 0 && LayerDrawing.coversOpaque(layer)
    guard backgroundOpaque || contentsOpaque else {
      return .doesNotApply(
        "the caster is not opaque over its bounds (no opaque background colour or contents filling them): the shadow follows the alpha of what it draws"
      )
    }
    let scale = context.scale
    if let part = FixGeometry.ownPartReachingPast(layer, radius: layer.cornerRadius, scale: scale) {
      return .doesNotApply("the layer's \(part.name) reaches past its rounded bounds (\(part.extent)) and casts part of the shadow")
    }
    if let reaching = FixGeometry.sublayerReachingPast(
      layer, path: path, radius: layer.cornerRadius, scale: scale, shows: context.opacityAnimated.contains)
    {
      return .doesNotApply(
        "sublayer `\(reaching.id)` reaches past the rounded bounds (\(reaching.extent)) and casts part of the shadow")
    }
    if let moved = context.geometryChanges(under: path).first {
      return .doesNotApply("the timeline moves or resizes \(moved), so the shadow's shape changes")
    }
    if context.scene.timeline?.animations.contains(where: { $0.keyPath == .backgroundColor && $0.targets.contains(path) }) ?? false {
      return .doesNotApply("the timeline animates the background colour, which may stop covering the bounds")
    }
    return .applies([LayerEdit(path: path, changes: [.setShadowPath(.bounds)])])
  }

  public var examples: [FixExample] {
    [
      FixExample(
        "an opaque card with a shadow and a label inside", applies: true,
        layers:
          ##"{"id": "subject", "frame": [20, 100, 200, 80], "backgroundColor": "#FFFFFF", "cornerRadius": 8, "shadowOpacity": 0.3, "sublayers": [{"id": "title", "frame": [12, 10, 150, 20], "contents": {"type": "text", "characters": 12}}]}"##
      ),
      FixExample(
        "a shadow under a translucent background: the alpha is not the bounds", applies: false,
        layers: ##"{"id": "subject", "frame": [20, 100, 200, 80], "backgroundColor": "#FFFFFF80", "shadowOpacity": 0.3}"##),
      FixExample(
        "a badge hanging over the corner casts its own part of the shadow", applies: false,
        layers:
          ##"{"id": "subject", "frame": [20, 100, 200, 80], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3, "sublayers": [{"id": "badge", "frame": [190, -10, 20, 20], "backgroundColor": "#FF0000"}]}"##
      ),
      FixExample(
        "a shadow cast by an image that is not opaque", applies: false,
        layers:
          ##"{"id": "subject", "frame": [20, 100, 60, 60], "shadowOpacity": 0.5, "contents": {"type": "image", "pixelSize": [120, 120]}}"##
      ),
    ]
  }
}
