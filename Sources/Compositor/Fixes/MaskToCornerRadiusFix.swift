import LayerTree

/// `mask-to-corner-radius`: replace a rect, rounded-rect or circle mask with `cornerRadius` and
/// `masksToBounds`, answering `mask`.
///
/// A mask is rendered offscreen with the subtree it masks. When the mask is a `CAShapeLayer`
/// whose path is the layer's bounds as a rectangle, a rounded rectangle or a circle, or a plain
/// layer filling the bounds with an opaque colour and a corner radius, the same shape is the
/// layer's own rounded clip: a scissor for a rectangle, the single-layer fast path for one thing
/// to clip (Xcode 12's optimization opportunities; Apple, tech talk 10857). When nothing the layer
/// draws reaches past the rounded bounds, no clip is needed at all: `cornerRadius` rounds the
/// background, and `masksToBounds` stays off (the talk's tag view).
public struct MaskToCornerRadiusFix: SceneFix {
  public let id = "mask-to-corner-radius"
  public let rules = [MaskRule.ruleID]
  public let title = "Replace a simple mask with cornerRadius and masksToBounds"
  public let words =
    "The layer is masked by a simple shape (a CAShapeLayer with a rect, rounded-rect or ellipse path, or a plain layer with a background colour). Instead, use cornerRadius with masksToBounds on the layer itself and remove the mask; when nothing the layer draws reaches past the rounded bounds, cornerRadius alone does it, with no clip at all."
  public let appearance = FixAppearance.kept(
    condition:
      "the mask fills the layer's bounds with an opaque rectangle, rounded rectangle or circle, the layer has no border and no other corner radius, and the timeline changes neither the mask nor the layer's size"
  )

  public init() {}

  public func check(_ path: String, in context: FixContext) -> FixCheck {
    guard let layer = context.layer(path) else { return .doesNotApply("no layer at \(path)") }
    guard let mask = layer.mask else { return .doesNotApply("the layer has no mask") }
    guard !mask.isHidden, mask.opacity >= 1, mask.transform.isIdentity, mask.sublayers.isEmpty, mask.mask == nil,
      !LayerDrawing.hasShadow(mask), !(mask.borderWidth > 0 && !mask.borderColor.isClear), !mask.shouldRasterize
    else {
      return .doesNotApply("the mask is not one simple shape (it is transformed, translucent, has sublayers, a border or a shadow)")
    }
    var shape: Rect
    let radius: Double
    switch mask.kind {
    case .shape(let shapeLayer):
      guard shapeLayer.fillColor?.isOpaque == true, mask.contents == nil, mask.backgroundColor.map(\.isClear) ?? true else {
        return .doesNotApply("the shape mask is not one opaque fill (translucent fill, contents or a background)")
      }
      if let stroke = shapeLayer.strokeColor, !stroke.isClear, shapeLayer.lineWidth > 0 {
        return .doesNotApply("the shape mask has a stroke, which reaches past its path")
      }
      switch shapeLayer.path {
      case .rect(let rect):
        shape = rect
        radius = 0
      case .roundedRect(let rect, let cornerRadius):
        shape = rect
        radius = FixGeometry.effectiveRadius(cornerRadius, of: rect)
      case .ellipse(let rect):
        guard abs(rect.width - rect.height) < 1e-9 else {
          return .doesNotApply("the mask is an ellipse that is not a circle, which no cornerRadius draws")
        }
        shape = rect
        radius = rect.width / 2
      case .arbitrary(_, let points):
        return .doesNotApply("the mask's path is an arbitrary \(points)-point shape, not a rect, rounded rect or circle")
      }
      shape = shape.offsetBy(mask.frame.x, mask.frame.y)
    case .plain:
      guard mask.backgroundColor?.isOpaque == true, mask.contents == nil else {
        return .doesNotApply("the mask layer is not a plain opaque background colour")
      }
      shape = mask.frame
      radius = FixGeometry.effectiveRadius(mask.cornerRadius, of: mask.frame)
    case .gradient, .visualEffect, .transformLayer, .replicator:
      return .doesNotApply("the mask is a \(mask.kind.className), whose alpha is not one shape")
    }
    let bounds = layer.bounds
    let tolerance = 1e-6
    guard abs(shape.x - bounds.x) < tolerance, abs(shape.y - bounds.y) < tolerance, abs(shape.width - bounds.width) < tolerance,
      abs(shape.height - bounds.height) < tolerance
    else {
      return .doesNotApply("the mask's shape \(shape) is not the layer's bounds \(bounds)")
    }
    if layer.borderWidth > 0 && !layer.borderColor.isClear {
      return .doesNotApply("the layer's border would follow the new corners instead of being cut by the mask")
    }
    if layer.cornerRadius > 0 && abs(layer.cornerRadius - radius) > tolerance {
      return .doesNotApply(
        "the layer already rounds its background with cornerRadius \(formatNumber(layer.cornerRadius)), not the mask's \(formatNumber(radius))"
      )
    }
    let maskPath = LayerPath.child(path, mask.id)
    if context.timelineTargets.contains(where: { $0 == maskPath || $0.hasPrefix(maskPath + "/") }) {
      return .doesNotApply("the timeline changes the mask")
    }
    if context.geometryChanges(under: path).contains(path) {
      return .doesNotApply("the timeline resizes the layer, which the mask does not follow")
    }
    // Apple's demo goes one step further: when nothing the layer draws reaches past the rounded
    // bounds, cornerRadius alone (rounding the background) replaces the mask, with no clip at all.
    let scale = context.scale
    let needsClip =
      LayerDrawing.hasShadow(layer)
      || FixGeometry.ownPartReachingPast(layer, radius: radius, scale: scale) != nil
      || FixGeometry.sublayerReachingPast(layer, path: path, radius: radius, scale: scale, shows: context.opacityAnimated.contains) != nil
      || !context.geometryChanges(under: path).isEmpty
    var changes: [LayerChange] = [.removeMask]
    if layer.cornerRadius != radius { changes.append(.setCornerRadius(radius)) }
    if layer.masksToBounds != needsClip { changes.append(.setMasksToBounds(needsClip)) }
    return .applies([LayerEdit(path: path, changes: changes)])
  }

  public var examples: [FixExample] {
    [
      FixExample(
        "a round avatar masked by a circle", applies: true,
        layers:
          ##"{"id": "subject", "frame": [16, 80, 48, 48], "contents": {"type": "image", "pixelSize": [96, 96], "opaque": true}, "mask": {"class": "CAShapeLayer", "frame": [0, 0, 48, 48], "path": {"type": "ellipse", "rect": [0, 0, 48, 48]}}}"##
      ),
      FixExample(
        "a plain layer with a background colour as a mask", applies: true,
        layers:
          ##"{"id": "subject", "frame": [16, 80, 120, 40], "backgroundColor": "#FF0000", "sublayers": [{"id": "label", "frame": [8, 8, 100, 20], "contents": {"type": "text", "characters": 8}}], "mask": {"frame": [0, 0, 120, 40], "backgroundColor": "#000000", "cornerRadius": 10}}"##
      ),
      FixExample(
        "an oval mask", applies: false,
        layers:
          ##"{"id": "subject", "frame": [16, 80, 96, 48], "contents": {"type": "image", "pixelSize": [192, 96]}, "mask": {"class": "CAShapeLayer", "frame": [0, 0, 96, 48], "path": {"type": "ellipse", "rect": [0, 0, 96, 48]}}}"##
      ),
      FixExample(
        "a mask smaller than the layer", applies: false,
        layers:
          ##"{"id": "subject", "frame": [16, 80, 48, 48], "contents": {"type": "image", "pixelSize": [96, 96]}, "mask": {"class": "CAShapeLayer", "frame": [4, 4, 40, 40], "path": {"type": "ellipse", "rect": [0, 0, 40, 40]}}}"##
      ),
      FixExample(
        "an arbitrary path", applies: false,
        layers:
          ##"{"id": "subject", "frame": [16, 80, 48, 48], "contents": {"type": "image", "pixelSize": [96, 96]}, "mask": {"class": "CAShapeLayer", "frame": [0, 0, 48, 48], "path": {"type": "arbitrary", "rect": [0, 0, 48, 48], "points": 40}}}"##
      ),
    ]
  }
}
