import LayerTree

/// `rasterize-static-subtree`: rasterize the smallest subtree around a finding that takes two or
/// more offscreen passes in every frame it is on screen and never changes, answering the passes
/// inside it.
///
/// The first frame renders the subtree (its passes and one more, the bitmap's) and stores the
/// bitmap; every later frame draws the bitmap as one texture, as long as nothing inside changes
/// and it is not evicted (DOMAIN.md, section 3: "rasterize only content that stays unchanged over
/// many frames, and a whole cell rather than several of its sublayers"). `rasterizationScale` is
/// set to the screen's scale, or the bitmap would be blurry. A scene of one frame never reuses the
/// bitmap, so the fix needs a timeline.
public struct RasterizeStaticSubtreeFix: SceneFix {
  public let id = "rasterize-static-subtree"
  public let rules = [
    ShadowWithoutPathRule.ruleID, MaskRule.ruleID, RoundedClipRule.ruleID, GroupOpacityRule.ruleID, EdgeAntialiasingRule.ruleID,
  ]
  public let title = "Rasterize the whole static subtree that takes several passes"
  public let words =
    "Set shouldRasterize to true with rasterizationScale at the screen's scale on the smallest layer around these passes that takes two or more every frame and never changes: the first frame renders it once into a cached bitmap, later frames draw the bitmap."
  public let appearance = FixAppearance.kept(
    condition:
      "nothing in the subtree changes during the timeline, the bitmap is drawn at the screen's scale, unscaled and unturned, and the layer's opacity does not depend on its sublayers fading separately"
  )

  /// It hides the passes behind the raster cache rather than removing them.
  public let approach = FixApproach.cachesResult
  public let risk: String? =
    "The saving holds only while the cache keeps the bitmap: any change inside the subtree (new contents, a reused cell given another item, an animation), more than 100 ms off screen, or a cache fuller than 2.5 screens renders it offscreen again, which costs more than not rasterizing. Measure on the device with Color Hits Green and Misses Red."

  public init() {}

  public func check(_ path: String, in context: FixContext) -> FixCheck {
    guard let start = context.indexOfPath[path] else { return .doesNotApply("no layer at \(path)") }
    guard context.hasTimeline else {
      return .doesNotApply(
        "the scene is a single frame: a rasterized layer only renders its bitmap there; the cache pays off over a timeline")
    }
    let run = context.run
    let tree = context.tree
    var candidate: Int? = nil
    var index = start
    while index > 0 {  // the root (the window) is never rasterized
      if run.framesOnScreen[index] >= 2 && run.framesWithSeveralPasses[index] == run.framesOnScreen[index] {
        candidate = index
        break
      }
      index = tree.parents[index]
    }
    guard let candidate else {
      return .doesNotApply("no layer around it (below the root) takes two or more offscreen passes in every frame it is on screen")
    }
    let target = tree.path(candidate)
    guard let layer = context.layer(target) else { return .doesNotApply("no layer at \(target)") }
    if run.staleInSomeFrame.contains(candidate) {
      return .doesNotApply("the subtree at \(target) changes during the timeline, so its bitmap would be drawn again")
    }
    // A reuse pool's cells take new items as the list scrolls: each one renders the bitmap again
    // (DOMAIN.md section 3: never rasterize reused cells whose content changes).
    for scroll in context.scene.timeline?.scrolls ?? [] {
      guard let reuse = scroll.reuse else { continue }
      let cells = scroll.target + "/" + reuse.cell + "["
      if target.hasPrefix(cells) || cells.hasPrefix(target + "/") {
        return .doesNotApply("\(target) holds or is a cell of the reuse pool of \(scroll.target), whose cells take new items as it scrolls")
      }
    }
    if let changes = context.scene.timeline?.contentChanges,
      let refreshed = changes.flatMap(\.targets).first(where: { $0 == target || $0.hasPrefix(target + "/") })
    {
      return .doesNotApply("the timeline replaces the contents of \(refreshed) inside \(target)")
    }
    for inner in candidate..<tree.subtreeEnds[candidate] {
      let layer = tree.layer(inner)
      if case .visualEffect = layer.kind {
        return .doesNotApply("\(tree.path(inner)) is a visual effect, which blurs what is behind it as that changes")
      }
      if layer.shouldRasterize {
        return .doesNotApply("\(tree.path(inner)) is rasterized already")
      }
    }
    let scale = context.scale
    if let extent = FixGeometry.extent(layer, path: target, scale: scale) {
      let bytes = (extent.width * scale).rounded(.up) * (extent.height * scale).rounded(.up) * 4
      let capacity = context.device.screenPixelArea * context.device.rasterCache.screenAreaFactor * 4
      guard bytes <= capacity else {
        return .doesNotApply("the bitmap of \(target) would not fit in the rasterization cache")
      }
    }
    var change: String? = nil
    var ancestor = candidate
    while ancestor >= 0 {
      if !tree.layer(ancestor).transform.isIdentity {
        change = "\(tree.path(ancestor)) is scaled or turned, so the bitmap is resampled"
        break
      }
      ancestor = tree.parents[ancestor]
    }
    if change == nil, layer.opacity < 1, !layer.allowsGroupOpacity {
      change = "the bitmap fades the subtree as one picture, where now each sublayer fades on its own"
    }
    return .applies(
      [LayerEdit(path: target, changes: [.setShouldRasterize(true), .setRasterizationScale(scale)])], changesAppearance: change)
  }

  public var examples: [FixExample] {
    [
      FixExample(
        "a static toolbar of two shadowed buttons over a timeline", applies: true, layer: "root/subject/button[0]",
        layers:
          ##"{"id": "subject", "frame": [0, 300, 375, 44], "sublayers": [{"id": "button", "frame": [10, 4, 100, 36], "repeat": {"count": 2, "step": [120, 0]}, "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3, "sublayers": [{"id": "title", "frame": [10, 8, 80, 20], "contents": {"type": "text", "characters": 6}}]}]}"##,
        timeline: ##"{"duration": 0.5}"##
      ),
      FixExample(
        "the same toolbar in a single frame", applies: false, layer: "root/subject/button[0]",
        layers:
          ##"{"id": "subject", "frame": [0, 300, 375, 44], "sublayers": [{"id": "button", "frame": [10, 4, 100, 36], "repeat": {"count": 2, "step": [120, 0]}, "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3, "sublayers": [{"id": "title", "frame": [10, 8, 80, 20], "contents": {"type": "text", "characters": 6}}]}]}"##
      ),
      FixExample(
        "a toolbar whose titles change every frame", applies: false, layer: "root/subject/button[0]",
        layers:
          ##"{"id": "subject", "frame": [0, 300, 375, 44], "sublayers": [{"id": "button", "frame": [10, 4, 100, 36], "repeat": {"count": 2, "step": [120, 0]}, "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3, "sublayers": [{"id": "title", "frame": [10, 8, 80, 20], "contents": {"type": "text", "characters": 6}}]}]}"##,
        timeline: ##"{"duration": 0.5, "contentChanges": [{"target": "button[*]/title", "rate": 60, "beginTime": 0.01}]}"##
      ),
    ]
  }
}
