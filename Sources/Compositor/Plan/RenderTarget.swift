import LayerTree

/// The area an offscreen pass renders into, as a rule declares it (``PassWork/target``): the
/// decide pass sizes each pass by it, the cost model prices the bytes of that target.
public enum RenderTarget: String, Sendable, Hashable, CaseIterable {
  /// What the subtree draws on screen: the union of the visible rectangles of its drawing
  /// layers (``NodePlan/contentRect``). A mask, a rounded clip or group opacity renders the
  /// composite of those layers, nothing more.
  case content
  /// The content and its shadow: the content offset by `shadowOffset` and spread by
  /// `shadowRadius`, as far as the superlayer's clip lets it show. A shadow whose shape is known
  /// only once the content is drawn.
  case shadowedContent
  /// The rasterized layer's bitmap: its bounds and what its sublayers draw, at
  /// `rasterizationScale` pixels per point, in whole pixels. What the raster cache keeps: a pass
  /// into it is a cache miss (``NodePlan/rasterMiss``).
  case rasterBitmap
  /// The layer's own visible rectangle on screen: the backdrop a visual effect captures.
  case visibleRect

  /// Pixels of one pass into this target for the layer at `index`, once the decide pass has its
  /// geometry and content (passes 1 and 2 of ``FramePlanner``).
  func pixelArea(index: Int, props: LayerProps, tree: FlatTree, plans: NodePlans, screen: DeviceScreen) -> Double {
    let plan = plans.record(index) ?? PlanRecord()
    let pixelsPerPoint = screen.scale * screen.scale
    switch self {
    case .content:
      return plan.contentRect.area * pixelsPerPoint
    case .shadowedContent:
      // The shadow's render target covers the content and the blurred, offset copy of it.
      let spread = props.shadowRadius
      let shadow = plan.contentRect.offsetBy(props.shadowOffset.width, props.shadowOffset.height).insetBy(-spread, -spread)
      let parent = tree.parents[index]
      let parentClip = parent >= 0 ? (plans.record(parent)?.childClip ?? .zero) : screen.bounds
      return plan.contentRect.union(shadow.intersection(parentClip)).area * pixelsPerPoint
    case .rasterBitmap:
      return Self.rasterBitmapArea(index: index, props: props, tree: tree)
    case .visibleRect:
      return plan.visibleRect.area * pixelsPerPoint
    }
  }

  /// Pixels of a rasterized layer's bitmap, as the `shouldRasterize` reference has it: the layer
  /// "is rendered as a bitmap in its local coordinate space and then composited to the
  /// destination". So the bitmap covers the layer's bounds, its shadow and what its sublayers draw
  /// (clipped only by `masksToBounds` inside the subtree), in the layer's own coordinates, at
  /// `rasterizationScale` pixels per point, in whole pixels. Its size does not depend on where the
  /// layer is on screen, how it is scaled or turned (applied when the bitmap is composited), or
  /// what the screen and the ancestors' clips hide of it: a layer that moves, turns, scales or is
  /// partly clipped away keeps the same bitmap.
  ///
  /// The sublayers' extent is the scene's (``FlatTree/extents``); the layer's own bounds and
  /// shadow are this frame's. A change inside the subtree invalidates the bitmap anyway.
  static func rasterBitmapArea(index: Int, props: LayerProps, tree: FlatTree) -> Double {
    var extent = tree.extents[index].union(props.bounds)
    if props.hasShadow {
      extent = extent.union(
        props.bounds.offsetBy(props.shadowOffset.width, props.shadowOffset.height).insetBy(-props.shadowRadius, -props.shadowRadius))
    }
    let scale = props.rasterizationScale
    return max(0, (extent.width * scale - 1e-6).rounded(.up)) * max(0, (extent.height * scale - 1e-6).rounded(.up))
  }
}
