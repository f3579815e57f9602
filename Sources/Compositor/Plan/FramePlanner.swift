import LayerTree

/// The decide pass: for one frame of a layer tree, works out what each layer costs the render
/// server before any cost is counted, as Flutter's Preroll does.
///
/// Three loops over the flat tree:
/// 1. top-down: screen geometry, clipping by the screen, by `masksToBounds` ancestors and by
///    masks; culling of hidden, transparent and masked-away subtrees; effective opacity;
/// 2. bottom-up: how many visible drawing layers each subtree holds, and their union on screen;
/// 3. top-down: the offscreen rules on every layer that is not culled, and the nesting depth of
///    each pass. Below a rasterized layer whose cache entry hits, nothing is evaluated: the
///    cached bitmap stands for the whole subtree.
///
/// - Complexity: O(n x r) for n layers and r rules.
public struct FramePlanner: Sendable {
  public var screen: DeviceScreen
  public var iosVersion: OSVersion
  public var rules: [any OffscreenRule]

  public init(screen: DeviceScreen, iosVersion: OSVersion, rules: [any OffscreenRule] = OffscreenRules.all) {
    self.screen = screen
    self.iosVersion = iosVersion
    self.rules = rules
  }

  /// Plans one frame with no rasterization cache: every rasterized layer is a miss.
  public func plan(_ tree: FlatTree, state: FrameState = FrameState()) -> FramePlan {
    var cache: RasterCache? = nil
    return plan(tree, state: state, cache: &cache)
  }

  /// Plans one frame of `tree` as `state` has it. Each rasterized layer that is drawn asks
  /// `cache`: on a hit its bitmap stands for its subtree.
  public func plan(_ tree: FlatTree, state: FrameState, cache: inout RasterCache) -> FramePlan {
    var optional: RasterCache? = cache
    let result = plan(tree, state: state, cache: &optional)
    if let optional { cache = optional }
    return result
  }

  func plan(_ tree: FlatTree, state: FrameState, cache: inout RasterCache?) -> FramePlan {
    var plans = [NodePlan](repeating: NodePlan(), count: tree.count)
    var affines = [Affine](repeating: .identity, count: tree.count)
    let nodes = tree.nodes
    let screenRect = screen.bounds

    // 1. Top-down: geometry, clips, culling.
    for index in 0..<nodes.count {
      let node = nodes[index]
      let layer = state.layer(index, in: tree)
      let parentAffine: Affine
      var clip: Rect
      var parentOpacity = 1.0
      var parentCulled = false
      if node.parent >= 0 {
        parentAffine = state.boundsOrigins[node.parent].map { affines[node.parent].concatenating(.translation(-$0.x, -$0.y)) }
          ?? affines[node.parent]
        let parent = plans[node.parent]
        // A mask lives in its owner's coordinates and is not clipped by the owner's bounds.
        clip = node.inMask && nodes[node.parent].mask == index ? plans[node.parent].incomingClip : parent.childClip
        parentOpacity = parent.effectiveOpacity
        parentCulled = parent.culled
      } else {
        parentAffine = .identity
        clip = screenRect
      }
      let affine = parentAffine.concatenating(.layer(frame: layer.frame, transform: layer.transform))
      affines[index] = affine
      var plan = NodePlan()
      plan.screenRect = affine.boundingBox(of: layer.bounds)
      plan.axisAligned = affine.isAxisAligned
      plan.effectiveOpacity = parentOpacity * layer.opacity
      if let maskIndex = node.mask {
        let maskLayer = state.layer(maskIndex, in: tree)
        let maskAffine = affine.concatenating(.layer(frame: maskLayer.frame, transform: maskLayer.transform))
        clip = clip.intersection(maskAffine.boundingBox(of: maskLayer.bounds))
        if !maskDrawsAnything(tree, maskIndex, state) { clip = .zero }
      }
      plan.culled = parentCulled || layer.isHidden || layer.opacity <= 0
      plan.visibleRect = plan.culled ? .zero : plan.screenRect.intersection(clip)
      plan.childClip = layer.masksToBounds ? plan.visibleRect : (plan.culled ? .zero : clip)
      plan.incomingClip = clip
      if !node.inMask {
        plan.draws = !plan.visibleRect.isEmpty && LayerDrawing.drawsSelf(layer)
        plan.opaque = plan.draws && plan.effectiveOpacity >= 1 && LayerDrawing.coversOpaque(layer)
      }
      plans[index] = plan
    }

    // 2. Bottom-up: drawing layers per subtree and their extent.
    for index in stride(from: nodes.count - 1, through: 0, by: -1) {
      let node = nodes[index]
      if node.inMask { continue }
      if plans[index].draws {
        plans[index].drawingLayersInSubtree += 1
        plans[index].contentRect = plans[index].contentRect.union(plans[index].visibleRect)
      }
      if node.parent >= 0 && !(nodes[node.parent].mask == index) {
        plans[node.parent].drawingLayersInSubtree += plans[index].drawingLayersInSubtree
        plans[node.parent].contentRect = plans[node.parent].contentRect.union(plans[index].contentRect)
      }
    }

    // 3. Top-down: offscreen rules and nesting depth.
    var index = 0
    while index < nodes.count {
      let node = nodes[index]
      if plans[index].culled || node.inMask {
        index += 1
        continue
      }
      if node.parent >= 0 {
        let parent = plans[node.parent]
        plans[index].offscreenDepth = parent.offscreenDepth + (parent.offscreen.isEmpty ? 0 : 1)
      }
      let layer = state.layer(index, in: tree)
      var rasterHit = false
      if layer.shouldRasterize, cache != nil, plans[index].drawingLayersInSubtree > 0 || LayerDrawing.hasShadow(layer) {
        let bytes = rasterArea(index: index, layer: layer, plans: plans) * 4
        rasterHit = cache!.draw(index, bytes: bytes, time: state.time)
      }
      if rasterHit {
        // The cached bitmap is drawn instead of the subtree. Its shadow, mask and clip are baked
        // into it; its own opacity is applied as the texture is drawn: no pass at all.
        plans[index].rasterHit = true
        for inner in (index + 1)..<node.subtreeEnd { plans[inner].insideRasterHit = true }
        index = node.subtreeEnd
        continue
      }
      let context = RuleContext(tree: tree, plans: plans, state: state, index: index, iosVersion: iosVersion)
      var passes: [OffscreenPass] = []
      for rule in rules {
        guard let hit = rule.evaluate(context) else { continue }
        passes.append(
          OffscreenPass(
            rule: rule.id, passes: hit.passes,
            pixelArea: passArea(rule: rule.id, index: index, layer: layer, tree: tree, plans: plans) * Double(hit.passes),
            message: hit.message, fix: hit.fix))
      }
      plans[index].offscreen = passes
      index += 1
    }
    return FramePlan(nodes: plans)
  }

  /// Pixels one pass of a rule renders on this layer.
  private func passArea(rule: String, index: Int, layer: Layer, tree: FlatTree, plans: [NodePlan]) -> Double {
    let plan = plans[index]
    let pixelsPerPoint = screen.scale * screen.scale
    switch rule {
    case ShadowWithoutPathRule.ruleID:
      // The shadow's render target covers the content and the blurred, offset copy of it.
      let spread = layer.shadowRadius
      let shadow = plan.contentRect.offsetBy(layer.shadowOffset.width, layer.shadowOffset.height).insetBy(-spread, -spread)
      let parentClip = tree.nodes[index].parent >= 0 ? plans[tree.nodes[index].parent].childClip : screen.bounds
      return plan.contentRect.union(shadow.intersection(parentClip)).area * pixelsPerPoint
    case RasterizeRule.ruleID:
      return rasterArea(index: index, layer: layer, plans: plans)
    case VisualEffectRule.ruleID:
      return plan.visibleRect.area * pixelsPerPoint
    default:
      return plan.contentRect.area * pixelsPerPoint
    }
  }

  /// Pixels of a rasterized layer's bitmap: its bounds and what its sublayers draw, at
  /// `rasterizationScale` pixels per point, in whole pixels (so a layer that only moves keeps
  /// the same size whatever rounding its position brings).
  private func rasterArea(index: Int, layer: Layer, plans: [NodePlan]) -> Double {
    let plan = plans[index]
    let extent = plan.screenRect.union(plan.contentRect)
    let scale = layer.rasterizationScale
    return (extent.width * scale - 1e-6).rounded(.up) * (extent.height * scale - 1e-6).rounded(.up)
  }

  /// True when some layer in the mask's subtree would put alpha down: a mask that draws nothing
  /// hides everything it masks.
  private func maskDrawsAnything(_ tree: FlatTree, _ maskIndex: Int, _ state: FrameState) -> Bool {
    let end = tree.nodes[maskIndex].subtreeEnd
    for index in maskIndex..<end {
      let layer = state.layer(index, in: tree)
      if layer.isHidden || layer.opacity <= 0 { continue }
      if LayerDrawing.drawsSelf(layer) || LayerDrawing.hasShadow(layer) { return true }
    }
    return false
  }
}
