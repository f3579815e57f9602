import LayerTree

/// `rasterize`: a layer with `shouldRasterize` drawn without a rasterization-cache hit.
///
/// On a miss the subtree is rendered offscreen into a bitmap at `rasterizationScale` and the
/// bitmap is cached; on a hit the bitmap is drawn as a texture and nothing below is rendered.
/// Rasterizing content that changes is a miss every frame: strictly worse than not rasterizing.
public struct RasterizeRule: OffscreenRule {
  public static let ruleID = "rasterize"
  public var id: String { Self.ruleID }
  public var title: String { "Rasterization without a cache hit" }
  public var reason: String { "shouldRasterize renders the subtree offscreen into a cached bitmap whenever the cache has no valid entry." }
  public var fix: String {
    "Rasterize only content that stays unchanged on screen over many frames, with rasterizationScale set to the screen's scale; otherwise turn shouldRasterize off."
  }

  public init() {}

  public var evidence: RuleEvidence {
    RuleEvidence(
      apple:
        "The CALayer.shouldRasterize reference: the layer is rendered as a bitmap in its local coordinate space and composited, shadows and filters included, its opacity not.",
      undocumented:
        "The cache's limits (an entry unused for more than 100 ms is evicted; the cache holds 2.5 x the screen's pixels) are not in the reference: they come from WWDC14 session 419 as write-ups of it report them (objc.io says about two times the screen)."
    )
  }

  /// The bitmap the raster cache keeps: a pass into it is a miss.
  public let work = PassWork(target: .rasterBitmap)

  public static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    props.shouldRasterize
  }

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    guard context.props.shouldRasterize, context.drawingLayersInSubtree > 0 || context.props.hasShadow else { return nil }
    return RuleHit()
  }

  public func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords {
    RuleWords(
      message:
        "shouldRasterize without a valid cache entry: \(context.drawingLayersInSubtree) drawing layer(s) are rendered offscreen into a bitmap at rasterizationScale \(formatNumber(context.layer.rasterizationScale)).",
      fix: "Keep shouldRasterize only if this subtree stays unchanged for many frames; otherwise set \"shouldRasterize\": false."
    )
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "a rasterized card, first frame (no cache entry yet)", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 200, 100], "shouldRasterize": true, "rasterizationScale": 2, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "title", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
      RuleExample(
        "rasterizing a layer that draws nothing", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 200, 100], "shouldRasterize": true}"##),
      RuleExample(
        "shouldRasterize false (the default)", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 200, 100], "backgroundColor": "#FFFFFF"}"##),
    ]
  }
}
