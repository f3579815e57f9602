import LayerTree

/// `blend-mode`: a `compositingFilter` blend mode on a layer whose subtree draws two or more
/// layers.
///
/// A blend mode composites a layer with what is behind it instead of drawing it over
/// (source-over). When the layer draws alone, the blend is done as it is drawn: Apple GPUs read
/// the colour already in the render target in the fragment shader (programmable blending, in every
/// Apple GPU family of Apple's Metal feature set tables); Flutter's Impeller reads the backdrop
/// that way for its advanced blends on iOS instead of copying it out (flutter/engine#39567). When the subtree draws several layers, they must be flattened first and
/// the result blended once, as group opacity is: the W3C Compositing and Blending spec makes an
/// element with a blend mode an isolated group (section 3.2), and Chromium gives every layer with
/// a blend mode its own render surface (`RenderSurfaceReason::kBlendMode`). Apple does not say
/// when Core Animation does this; the rule is that inference (docs/lottie.md, "Blend modes").
/// `normalBlendMode` is source-over: no blend. A `CATransformLayer` flattens nothing, so its
/// filter cannot make a group.
public struct BlendModeRule: OffscreenRule {
  public static let ruleID = "blend-mode"
  public var id: String { Self.ruleID }
  public var title: String { "Blend mode over several drawing layers" }
  public var reason: String {
    "A compositingFilter blend mode over a subtree that draws several layers renders the subtree offscreen, so that it blends with what is behind it as one picture."
  }
  public var fix: String {
    "Put the blend mode on the one layer that needs it (a layer drawing alone blends as it is drawn), or flatten the subtree into one image."
  }

  public init() {}

  public var evidence: RuleEvidence {
    RuleEvidence(
      apple:
        "The CALayer.compositingFilter reference names the filter that composites the layer with what is behind it; Apple's Metal feature-set tables list programmable blending (the target's colour read in the fragment shader) on every Apple GPU.",
      undocumented:
        "When Core Animation flattens a subtree to blend it is not documented: the rule follows the W3C Compositing and Blending spec (a blend mode isolates a group) and Chromium (a render surface for every blend mode)."
    )
  }

  /// The composite of the subtree, blended once with what is behind it.
  public let work = PassWork(target: .content)

  public static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    isBlending(layer)
  }

  /// 1 when the layer blends (``isBlending(_:)``), kept per layer: the filter is a string, not
  /// compared every frame.
  public static let layerFact: LayerFact? = LayerFact { isBlending($0) ? 1 : 0 }

  /// The layer blends with what is behind it: a blend mode other than source-over, on a layer
  /// that can group its sublayers.
  static func isBlending(_ layer: Layer) -> Bool {
    guard let filter = layer.compositingFilter, filter != .normalBlendMode else { return false }
    return !layer.kind.isTransformLayer
  }

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    guard context.layerFact(Self.self) != 0, context.drawingLayersInSubtree >= 2 else { return nil }
    return RuleHit()
  }

  /// The fix for a layer of an imported Lottie animation (``SceneOrigin/lottie``): lottie-ios
  /// puts a Lottie layer's blend mode on its container, over all its shapes (docs/lottie.md,
  /// "Blend modes").
  public static let lottieFix =
    "In the animation, this layer's Blend Mode (`bm`) blends all its shapes with what is behind them as one picture. Give the blend mode to layers that hold one shape each (split the layer where its shapes do not overlap), or set it to Normal."

  public func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords {
    RuleWords(
      message:
        "compositingFilter \(context.layer.compositingFilter?.rawValue ?? "") over \(context.drawingLayersInSubtree) drawing layers: the subtree is rendered offscreen, then blended with what is behind it as one picture.",
      fix: context.origin == .lottie
        ? Self.lottieFix
        : "Move \"compositingFilter\" to the one drawing layer that must blend (a layer drawing alone blends as it is drawn), or flatten the subtree into one image."
    )
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "multiply over a container and its label", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "compositingFilter": "multiplyBlendMode", "backgroundColor": "#FF8000", "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
      RuleExample(
        "screen over two sublayers that draw", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "compositingFilter": "screenBlendMode", "sublayers": [{"id": "a", "frame": [0, 0, 100, 100], "backgroundColor": "#FF0000"}, {"id": "b", "frame": [50, 0, 100, 100], "backgroundColor": "#00FF00"}]}"##
      ),
      RuleExample(
        "a layer drawing alone blends as it is drawn", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 200, 100], "compositingFilter": "multiplyBlendMode", "backgroundColor": "#FF8000"}"##
      ),
      RuleExample(
        "a container over one drawing sublayer", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "compositingFilter": "overlayBlendMode", "sublayers": [{"id": "image", "frame": [0, 0, 200, 100], "contents": {"type": "image", "pixelSize": [400, 200]}}]}"##
      ),
      RuleExample(
        "normalBlendMode is source-over", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "compositingFilter": "normalBlendMode", "backgroundColor": "#FF8000", "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
      RuleExample(
        "a transform layer groups nothing", passes: 0,
        layer:
          ##"{"id": "subject", "class": "CATransformLayer", "frame": [10, 10, 200, 100], "compositingFilter": "multiplyBlendMode", "sublayers": [{"id": "a", "frame": [0, 0, 100, 100], "backgroundColor": "#FF0000"}, {"id": "b", "frame": [50, 0, 100, 100], "backgroundColor": "#00FF00"}]}"##
      ),
      RuleExample(
        "a hidden layer costs nothing", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "isHidden": true, "compositingFilter": "multiplyBlendMode", "backgroundColor": "#FF8000", "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
    ]
  }
}
