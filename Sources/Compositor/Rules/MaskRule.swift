import LayerTree

/// `mask`: a layer with a `mask` layer, over content that draws.
///
/// The mask applies to the composite of the layer and its sublayers, so they are rendered into
/// an offscreen target first, then multiplied by the mask's alpha (Apple, tech talk 10857). A
/// `CAShapeLayer` mask is no exception. A mask that draws nothing hides everything: the layer is
/// culled and costs nothing.
public struct MaskRule: OffscreenRule {
  public static let ruleID = "mask"
  public var id: String { Self.ruleID }
  public let title = "Mask layer"
  public let reason = "A mask applies to the composite of the layer and its sublayers, which is rendered offscreen first."
  public let fix =
    "Use cornerRadius with masksToBounds instead of a rect, rounded-rect or ellipse mask; or precompose the masked shape into the image."

  public init() {}

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    guard let maskIndex = context.tree.nodes[context.index].mask, context.drawingLayersInSubtree > 0 else { return nil }
    let mask = context.state.layer(maskIndex, in: context.tree)
    var shape = mask.kind.className
    var fix = "Precompose the masked content into an image (drawn off the main thread), or avoid the mask."
    if case .shape(let shapeLayer) = mask.kind {
      switch shapeLayer.path {
      case .rect: shape = "CAShapeLayer with a rect path"
      case .roundedRect(_, let radius):
        shape = "CAShapeLayer with a rounded-rect path"
        fix = "Replace the mask with \"cornerRadius\": \(formatNumber(radius)) and \"masksToBounds\": true."
      case .ellipse: shape = "CAShapeLayer with an ellipse path"
      case .arbitrary(_, let points): shape = "CAShapeLayer with a \(points)-point path"
      }
      if case .rect = shapeLayer.path { fix = "Replace the mask with \"masksToBounds\": true (a rectangular clip is a scissor)." }
      if case .ellipse(let rect) = shapeLayer.path, rect.width == rect.height {
        fix = "Replace the mask with \"cornerRadius\": \(formatNumber(rect.width / 2)) and \"masksToBounds\": true."
      }
    }
    return RuleHit(
      message:
        "A mask (\(shape), `\(mask.id)`) applies to the composite of \(context.drawingLayersInSubtree) drawing layer(s), rendered offscreen first.",
      fix: fix)
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "a rounded-rect shape mask over an image", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 100, 100], "contents": {"type": "image", "pixelSize": [200, 200]}, "mask": {"id": "shape", "class": "CAShapeLayer", "frame": [0, 0, 100, 100], "path": {"type": "roundedRect", "rect": [0, 0, 100, 100], "cornerRadius": 12}}}"##
      ),
      RuleExample(
        "a plain layer with a background as a mask", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 100, 100], "backgroundColor": "#FF0000", "mask": {"id": "m", "frame": [0, 0, 50, 50], "backgroundColor": "#000000"}}"##
      ),
      RuleExample(
        "no mask", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 100, 100], "backgroundColor": "#FF0000"}"##),
      RuleExample(
        "a mask that draws nothing hides the layer: culled", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 100, 100], "backgroundColor": "#FF0000", "mask": {"id": "m", "frame": [0, 0, 100, 100]}}"##
      ),
      RuleExample(
        "a mask over a layer that draws nothing", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 100, 100], "mask": {"id": "m", "frame": [0, 0, 100, 100], "backgroundColor": "#000000"}}"##
      ),
    ]
  }
}
