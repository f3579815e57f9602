import LayerTree

/// `stop-rasterizing`: turn `shouldRasterize` off where the cache cannot keep the bitmap,
/// answering `rasterize`.
///
/// A rasterized layer whose subtree changes before its bitmap is reused (content changes, a
/// sublayer animating, a reused cell taking a new item), or that is evicted before it comes back,
/// renders offscreen and stores a bitmap on every miss: strictly worse than drawing the subtree
/// directly (DOMAIN.md, section 3: "never rasterize reused cells whose content changes"). The
/// fix applies when the simulated run misses at least as often as it hits. Where the cache did
/// keep the bitmap for some frames, dropping it costs those frames' subtree rendering: both sides
/// show in the saving.
public struct StopRasterizingFix: SceneFix {
  public let id = "stop-rasterizing"
  public let rules = [RasterizeRule.ruleID]
  public let title = "Turn shouldRasterize off where the cache cannot keep the bitmap"
  public let words =
    "Set shouldRasterize to false: the subtree changes (or leaves the cache) more often than the bitmap is reused, so each frame pays for an offscreen pass and a new bitmap instead of drawing the layers directly."
  public let appearance = FixAppearance.kept(
    condition:
      "the bitmap was drawn at the screen's scale (rasterizationScale = screen scale) and the layer's opacity does not rely on the bitmap to fade its sublayers as one"
  )

  public init() {}

  public func check(_ path: String, in context: FixContext) -> FixCheck {
    guard let layer = context.layer(path), let index = context.indexOfPath[path] else { return .doesNotApply("no layer at \(path)") }
    guard layer.shouldRasterize else { return .doesNotApply("the layer is not rasterized") }
    guard context.hasTimeline else {
      return .doesNotApply(
        "the scene is a single frame, so nothing shows whether the cache keeps the bitmap; add a timeline to judge it")
    }
    let run = context.run
    let hits = run.rasterHits[index] ?? 0
    let misses = run.rasterMisses[index] ?? 0
    guard misses > 0, misses >= hits else {
      return .doesNotApply("the cache keeps the bitmap: \(hits) hits and \(misses) misses over \(run.frames) frames")
    }
    var change: String? = nil
    if abs(layer.rasterizationScale - context.scale) > 1e-9 {
      change =
        "the bitmap is drawn at rasterizationScale \(formatNumber(layer.rasterizationScale)) on a @\(formatNumber(context.scale))x screen; without it the layer is drawn sharp"
    } else if layer.opacity < 1 && !layer.allowsGroupOpacity {
      change = "the bitmap fades the subtree as one picture; without it each sublayer fades on its own (allowsGroupOpacity is false)"
    }
    return .applies([LayerEdit(path: path, changes: [.setShouldRasterize(false)])], changesAppearance: change)
  }

  public var examples: [FixExample] {
    [
      FixExample(
        "a rasterized card whose label changes every frame", applies: true,
        layers:
          ##"{"id": "subject", "frame": [20, 100, 335, 100], "shouldRasterize": true, "rasterizationScale": 2, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "label", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 10}}]}"##,
        timeline: ##"{"duration": 0.5, "contentChanges": [{"target": "label", "rate": 60, "beginTime": 0.01}]}"##
      ),
      FixExample(
        "a rasterized card that stays the same: the cache hits", applies: false,
        layers:
          ##"{"id": "subject", "frame": [20, 100, 335, 100], "shouldRasterize": true, "rasterizationScale": 2, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "label", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 10}}]}"##,
        timeline: ##"{"duration": 0.5}"##
      ),
      FixExample(
        "a single frame says nothing about the cache", applies: false,
        layers:
          ##"{"id": "subject", "frame": [20, 100, 335, 100], "shouldRasterize": true, "rasterizationScale": 2, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "label", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 10}}]}"##
      ),
    ]
  }
}
