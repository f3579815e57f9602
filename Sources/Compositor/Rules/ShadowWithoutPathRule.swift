import LayerTree

/// `shadow-without-path`: a shadow with no `shadowPath` over a layer that draws something.
///
/// Core Animation knows the shadow's shape only after the layer and its sublayers are drawn:
/// it renders them offscreen, takes the alpha, blurs it and composites the shadow below them.
/// With `shadowPath` the shape is known up front and the shadow is drawn (and cached) directly
/// (Apple, tech talk 10857; Xcode's optimization opportunities). A shadow on a layer that clips
/// to its bounds is clipped away with its content, so it is not rendered.
public struct ShadowWithoutPathRule: OffscreenRule {
  public static let ruleID = "shadow-without-path"
  public var id: String { Self.ruleID }
  public var title: String { "Shadow without shadowPath" }
  public var reason: String {
    "The shadow's shape is known only after the layer and its sublayers are drawn, so they are rendered offscreen first."
  }
  public var fix: String {
    "Set shadowPath to the shape that casts the shadow (\"shadowPath\": \"bounds\" for the layer's rounded bounds)."
  }

  /// The fix for a layer of an imported Lottie animation (``SceneOrigin/lottie``): lottie-ios
  /// makes the shadow of a Drop Shadow effect or layer style, and never sets its path.
  public static let lottieFix =
    "In the animation, remove the Drop Shadow from this layer (the effect, `ef` type 25, or the layer style, `sy` type 1): lottie-ios sets no shadowPath, so the layer and its shapes are rendered offscreen in every frame to find the shadow's outline. Draw the shadow into the artwork instead, as a blurred shape or an image under the layer."

  public init() {}

  public var evidence: RuleEvidence {
    RuleEvidence(
      apple:
        "The CALayer.shadowPath reference (\"specifying an explicit path usually improves rendering performance\"); Apple's tech talk 10857 names shadows among the causes of offscreen passes; Xcode 12's optimization opportunities flag dynamic shadows.",
      undocumented:
        "That masksToBounds clips the shadow away, so the layer takes no shadow pass, is observed behaviour, not stated in the reference.")
  }

  /// The content and its blurred, offset copy, then the shadow's blur.
  public let work = PassWork(target: .shadowedContent, extra: .shadowBlur)

  public var xcode: XcodeCount {
    XcodeCount(
      count: 5,
      source:
        "Tech talk 10857's star layer: its dynamic shadow took five offscreens, and setting a shadowPath removed all five. It is the one dynamic shadow whose count Apple shows.",
      difference:
        "The tool counts one pass, the shadow's shape rendered offscreen (the pass Apple's talk describes), and prices the blur as work of its own (gpuBreakdownMs.shadowBlur); Xcode also counts the blur's targets, which Apple does not itemize."
    )
  }

  public static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    props.hasShadow && !props.hasShadowPath && !props.masksToBounds
  }

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    let props = context.props
    guard props.hasShadow, !props.hasShadowPath, !props.masksToBounds, context.drawingLayersInSubtree > 0 else { return nil }
    return RuleHit()
  }

  public func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords {
    let layer = context.layer
    return RuleWords(
      message:
        "The layer is using dynamic shadows which are expensive to render (shadowOpacity \(formatNumber(layer.shadowOpacity)), shadowRadius \(formatNumber(layer.shadowRadius)), no shadowPath): the shadow's shape is known only after \(context.drawingLayersInSubtree) drawing layer(s) are rendered offscreen.",
      fix: context.origin == .lottie
        ? Self.lottieFix
        : "If possible try setting shadowPath (\"shadowPath\": \"bounds\" when the layer's rounded bounds cast the shadow), or pre-rendering the shadow into an image and putting it under the layer."
    )
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "shadow on an opaque card, no path", passes: 1,
        layer: ##"{"id": "subject", "frame": [10, 10, 200, 100], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3}"##),
      RuleExample(
        "shadow on a container whose sublayer draws", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "shadowOpacity": 0.5, "sublayers": [{"id": "image", "frame": [0, 0, 200, 100], "contents": {"type": "image", "pixelSize": [400, 200]}}]}"##
      ),
      RuleExample(
        "shadowPath set: drawn from the path, not offscreen", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3, "shadowPath": "bounds"}"##
      ),
      RuleExample(
        "shadowOpacity 0 (the default): no shadow", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 200, 100], "backgroundColor": "#FFFFFF", "shadowRadius": 8}"##),
      RuleExample(
        "nothing drawn casts no shadow", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 200, 100], "shadowOpacity": 0.3}"##),
      RuleExample(
        "masksToBounds clips the shadow away", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "backgroundColor": "#FFFFFF", "masksToBounds": true, "shadowOpacity": 0.3}"##
      ),
    ]
  }
}
