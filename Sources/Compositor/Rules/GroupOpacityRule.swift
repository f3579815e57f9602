import LayerTree

/// `group-opacity`: `opacity` below 1 with `allowsGroupOpacity` over two or more drawing layers.
///
/// Group opacity (the default since iOS 7) makes the subtree fade as one picture: it is rendered
/// offscreen, then blended once at the layer's opacity. Over a single drawing layer the alpha is
/// applied directly (Chromium does the same). With `allowsGroupOpacity` false each sublayer
/// blends on its own: no pass, but overlapping sublayers look different.
///
/// A rasterized layer takes no group pass either: its subtree is already flattened into the
/// raster cache's bitmap, and "the current opacity of the layer is not rasterized" but applied
/// as the bitmap "is composited to the destination" (`CALayer.shouldRasterize` reference). On a
/// cache miss the rasterize pass is the only pass; on a hit there is none.
public struct GroupOpacityRule: OffscreenRule {
  public static let ruleID = "group-opacity"
  public var id: String { Self.ruleID }
  public var title: String { "Group opacity over several drawing layers" }
  public var reason: String { "opacity < 1 with allowsGroupOpacity renders the subtree offscreen so it fades as one picture." }
  public var fix: String {
    "Set opacity on the drawing sublayers instead, or allowsGroupOpacity = false when the sublayers do not overlap, or flatten the subtree into one layer."
  }

  /// True under the other answer to ``oneLayerTwoPartsPoint``: a layer that is the only drawing
  /// layer of its subtree but draws both a background and contents fades as a group too.
  var ownPartsFormAGroup = false

  public init() {}

  public func assuming(_ assumptions: Assumptions) -> any OffscreenRule {
    var rule = self
    rule.ownPartsFormAGroup = assumptions.takesOther(Self.oneLayerTwoPartsPoint.id)
    return rule
  }

  public var disputes: [DisputedPoint] { [Self.oneLayerTwoPartsPoint] }

  /// Whether group opacity over one layer that draws two parts (a background colour and contents)
  /// takes a pass. Published tests cover a view with a background alone (no pass) and a view
  /// with a drawing subview (a pass); none found tests one layer with both parts, so the sides
  /// argue from what the group is for.
  public static let oneLayerTwoPartsPoint = DisputedPoint(
    id: "one-layer-two-parts", rule: ruleID,
    question: "group opacity over one layer that draws both a background colour and contents (no drawing sublayer)",
    assumed: DisputeAnswer(
      "no pass: a single drawing layer takes its alpha directly",
      sources: [
        DisputeSource(
          "greatytc.com, \"iOS 离屏渲染 - 透明度\"", url: "https://greatytc.com/p/088abcd80d3d",
          says:
            "Color Off-screen Rendered: alpha 0.3 on a view with a background and no drawing subview takes no pass; a subview with a background of its own brings the pass"
        ),
        DisputeSource(
          "yoAlex5, Stack Overflow answer to question 8520434", url: "https://stackoverflow.com/questions/8520434",
          says:
            "opacity flattens the view's content before applying alpha, so a view that holds another subview or sublayer renders offscreen"),
      ]),
    other: DisputeAnswer(
      "one pass: the background and the contents overlap, so the layer fades as a group",
      sources: [
        DisputeSource(
          "Apple, CALayer.allowsGroupOpacity reference",
          url: "https://developer.apple.com/documentation/quartzcore/calayer/allowsgroupopacity",
          says: "group opacity gives correct results when the layer contains multiple opaque components, which need not be sublayers"),
        DisputeSource(
          "React Native, View.needsOffscreenAlphaCompositing", url: "https://reactnative.dev/docs/view#needsoffscreenalphacompositing",
          says: "text and a background in one view are overlapping elements that need an offscreen composite for correct alpha"),
      ]),
    mightDecide: { layer, _, animated in
      guard layer.allowsGroupOpacity, !layer.shouldRasterize, layer.opacity < 1 || animated.contains(.opacity),
        animated.contains(.backgroundColor) || (layer.backgroundColor.map { !$0.isClear } ?? false),
        let contents = layer.contents,
        LayerDrawing.contentsDraw(contents)
      else { return false }
      return true
    })

  public var evidence: RuleEvidence {
    RuleEvidence(
      apple:
        "The CALayer.allowsGroupOpacity reference: the layer composites itself as a group separate from its parent, by default from iOS 7; the CALayer.shouldRasterize reference: a rasterized layer's opacity is applied as its bitmap is composited.",
      undocumented:
        "That a subtree with a single drawing layer takes its alpha directly, with no pass, is observed behaviour (and what Chromium does), not stated by Apple."
    )
  }

  /// The composite of the subtree, blended once at the layer's opacity.
  public let work = PassWork(target: .content)

  public static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    props.opacity < 1 && props.allowsGroupOpacity && !props.shouldRasterize
  }

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    let props = context.props
    guard props.opacity < 1, props.allowsGroupOpacity, !props.shouldRasterize else { return nil }
    let drawing = context.drawingLayersInSubtree
    guard drawing >= 2 || (ownPartsFormAGroup && drawing == 1 && context.ownDrawingPartCount >= 2) else { return nil }
    return RuleHit()
  }

  /// The fix for a layer of an imported Lottie animation (``SceneOrigin/lottie``): lottie-ios
  /// puts a Lottie layer's opacity on its container and a shape group's on the group's layer,
  /// over all their shapes, and a fill's or stroke's on its own shape layer (docs/lottie.md).
  public static let lottieFix =
    "In the animation, this Opacity (the layer's, `ks.o`, or a shape group's transform, `tr.o`) fades all the shapes under it as one picture. Where they do not overlap, set it on each fill and stroke instead (their own Opacity, `fl.o` and `st.o`, which lottie-ios puts on each shape alone), or merge the shapes into one."

  public func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords {
    RuleWords(
      message: context.drawingLayersInSubtree == 1
        ? "opacity \(formatNumber(context.layer.opacity)) with allowsGroupOpacity over one layer drawing \(context.ownDrawingPartCount) parts (\(context.ownDrawingParts.joined(separator: ", "))): taken as a group, it is rendered offscreen to fade as one."
        : "opacity \(formatNumber(context.layer.opacity)) with allowsGroupOpacity over \(context.drawingLayersInSubtree) drawing layers: the subtree is rendered offscreen to fade as one.",
      fix: context.origin == .lottie
        ? Self.lottieFix
        : "Move the opacity to the drawing sublayers, or set \"allowsGroupOpacity\": false if they do not overlap (overlaps would show through)."
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
        "one layer drawing a background and contents: alpha applied directly (the documented answer to one-layer-two-parts)",
        passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "opacity": 0.5, "backgroundColor": "#FFFFFF", "contents": {"type": "image", "pixelSize": [400, 200]}}"##
      ),
      RuleExample(
        "one layer drawing a background and contents, the other answer to one-layer-two-parts: a group", passes: 1,
        assuming: [Self.oneLayerTwoPartsPoint.id],
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "opacity": 0.5, "backgroundColor": "#FFFFFF", "contents": {"type": "image", "pixelSize": [400, 200]}}"##
      ),
      RuleExample(
        "one layer drawing contents alone under the other answer to one-layer-two-parts: one part, no group", passes: 0,
        assuming: [Self.oneLayerTwoPartsPoint.id],
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "opacity": 0.5, "contents": {"type": "image", "pixelSize": [400, 200]}}"##
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
        "opacity on a rasterized layer: applied as its bitmap is composited", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "opacity": 0.5, "shouldRasterize": true, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
      RuleExample(
        "opacity 1", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "backgroundColor": "#FFFFFF", "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
    ]
  }
}
