import LayerTree

/// One frame of a simulation, as the decide pass left it: for pictures and for explaining a
/// frame layer by layer.
public struct FrameSnapshot: Sendable {
  public var tree: FlatTree
  public var state: FrameState
  public var plan: FramePlan
  public var cost: FrameCost
  public var device: DeviceProfile

  /// The layer at `index` as it is in this frame (animations applied).
  public func layer(_ index: Int) -> Layer { state.layer(index, in: tree) }
}
