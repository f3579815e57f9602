import LayerTree

/// `drop-masks-to-bounds`: turn `masksToBounds` off where nothing needs clipping, answering
/// `rounded-clip`.
///
/// `cornerRadius` alone rounds the background colour and the border. The clip is needed only for
/// what reaches into the rounded corners or past the bounds: the layer's own contents, or a
/// sublayer. When every sublayer stays inside the bounds (inset by the corner radius where it
/// comes near a corner) and the layer's contents keep inside too, the clip changes nothing on
/// screen and costs a pass (Apple, tech talk 10857: "If content in the subtree will not exceed the
/// bounds, then disable masksToBounds altogether"; the QQ Music topic chips, v1.1).
public struct DropMasksToBoundsFix: SceneFix {
  public let id = "drop-masks-to-bounds"
  public let rules = [RoundedClipRule.ruleID]
  public let title = "Drop masksToBounds where nothing reaches past the rounded bounds"
  public let words =
    "Set masksToBounds to false: nothing the layer draws reaches past its rounded bounds, and cornerRadius alone still rounds its background colour and border."
  public let appearance = FixAppearance.kept(
    condition:
      "the layer casts no shadow (the clip hides it), its own contents stay inside its rounded bounds, every sublayer's drawing stays inside the bounds inset by the corner radius near the corners, and the timeline moves nothing inside it"
  )

  public init() {}

  public func check(_ path: String, in context: FixContext) -> FixCheck {
    guard let layer = context.layer(path) else { return .doesNotApply("no layer at \(path)") }
    guard layer.masksToBounds else { return .doesNotApply("the layer does not clip (masksToBounds is false)") }
    guard !LayerDrawing.hasShadow(layer) else {
      return .doesNotApply("masksToBounds hides the layer's own shadow; without the clip the shadow would show")
    }
    let scale = context.scale
    if let part = FixGeometry.ownPartReachingPast(layer, radius: layer.cornerRadius, scale: scale) {
      return .doesNotApply("the layer's own \(part.name) reach into the rounded corners (\(part.extent))")
    }
    if let reaching = FixGeometry.sublayerReachingPast(
      layer, path: path, radius: layer.cornerRadius, scale: scale, shows: context.opacityAnimated.contains)
    {
      return .doesNotApply(
        "sublayer `\(reaching.id)` reaches past the rounded bounds (\(reaching.extent) in a \(formatNumber(layer.frame.width)) x \(formatNumber(layer.frame.height)) layer with cornerRadius \(formatNumber(layer.cornerRadius)))"
      )
    }
    if let moved = context.geometryChanges(under: path).first {
      return .doesNotApply("the timeline moves or resizes \(moved) inside the clip")
    }
    return .applies([LayerEdit(path: path, changes: [.setMasksToBounds(false)])])
  }

  public var examples: [FixExample] {
    [
      FixExample(
        "a text chip: the label stays inside the rounded background", applies: true,
        layers:
          ##"{"id": "subject", "frame": [16, 100, 96, 30], "backgroundColor": "#F2F3F5", "cornerRadius": 15, "masksToBounds": true, "sublayers": [{"id": "label", "frame": [14, 7, 68, 16], "contents": {"type": "text", "characters": 5}}]}"##
      ),
      FixExample(
        "a card whose cover image fills the corners", applies: false,
        layers:
          ##"{"id": "subject", "frame": [10, 100, 126, 126], "cornerRadius": 10, "masksToBounds": true, "sublayers": [{"id": "cover", "frame": [0, 0, 126, 126], "contents": {"type": "image", "pixelSize": [252, 252], "opaque": true}}, {"id": "title", "frame": [8, 100, 110, 18], "contents": {"type": "text", "characters": 8}}]}"##
      ),
      FixExample(
        "a label that touches a corner", applies: false,
        layers:
          ##"{"id": "subject", "frame": [16, 100, 96, 30], "backgroundColor": "#F2F3F5", "cornerRadius": 15, "masksToBounds": true, "sublayers": [{"id": "label", "frame": [0, 0, 60, 16], "contents": {"type": "text", "characters": 5}}]}"##
      ),
      FixExample(
        "the clip hides the layer's shadow", applies: false,
        layers:
          ##"{"id": "subject", "frame": [16, 100, 96, 30], "backgroundColor": "#F2F3F5", "cornerRadius": 15, "masksToBounds": true, "shadowOpacity": 0.4, "sublayers": [{"id": "label", "frame": [14, 7, 68, 16], "contents": {"type": "text", "characters": 5}}]}"##
      ),
      FixExample(
        "an animation slides the label out of the chip", applies: false,
        layers:
          ##"{"id": "subject", "frame": [16, 100, 96, 30], "backgroundColor": "#F2F3F5", "cornerRadius": 15, "masksToBounds": true, "sublayers": [{"id": "label", "frame": [14, 7, 68, 16], "contents": {"type": "text", "characters": 5}}]}"##,
        timeline:
          ##"{"duration": 0.1, "animations": [{"target": "subject/label", "keyPath": "position.x", "toValue": 200, "duration": 0.1}]}"##
      ),
    ]
  }
}
