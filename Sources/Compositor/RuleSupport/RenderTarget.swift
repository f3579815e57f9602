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
    let plan = plans[index]
    let pixelsPerPoint = screen.scale * screen.scale
    switch self {
    case .content:
      return plan.contentRect.area * pixelsPerPoint
    case .shadowedContent:
      // The shadow's render target covers the content and the blurred, offset copy of it.
      let spread = props.shadowRadius
      let shadow = plan.contentRect.offsetBy(props.shadowOffset.width, props.shadowOffset.height).insetBy(-spread, -spread)
      let parent = tree.parents[index]
      let parentClip = parent >= 0 ? plans[parent].childClip : screen.bounds
      return plan.contentRect.union(shadow.intersection(parentClip)).area * pixelsPerPoint
    case .rasterBitmap:
      return Self.rasterBitmapArea(plan, props)
    case .visibleRect:
      return plan.visibleRect.area * pixelsPerPoint
    }
  }

  /// Pixels of a rasterized layer's bitmap: its bounds and what its sublayers draw, at
  /// `rasterizationScale` pixels per point, in whole pixels (so a layer that only moves keeps
  /// the same size whatever rounding its position brings).
  static func rasterBitmapArea(_ plan: NodePlan, _ props: LayerProps) -> Double {
    let extent = plan.screenRect.union(plan.contentRect)
    let scale = props.rasterizationScale
    return (extent.width * scale - 1e-6).rounded(.up) * (extent.height * scale - 1e-6).rounded(.up)
  }
}
