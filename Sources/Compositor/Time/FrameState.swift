import LayerTree

/// The tree's state at one frame: what the timeline changed from the scene as written.
///
/// Only layers the timeline touches appear here; every other layer is as the scene file says.
public struct FrameState: Sendable {
  /// Frame number, from 0.
  public var frame: Int
  /// Seconds from the start.
  public var time: Double
  /// Layers whose properties differ from the scene this frame (animated, or a reused cell moved
  /// to its item's place), by tree index.
  public var layers: [Int: Layer] = [:]
  /// Scroll views' content offsets (their bounds origin), by tree index.
  public var boundsOrigins: [Int: Point] = [:]
  /// Layers whose contents were replaced since the previous frame (a content change, or a
  /// reused cell showing a new item).
  public var contentChanged: Set<Int> = []
  /// Layers whose own appearance or size changed since the previous frame: a bitmap of them is
  /// stale. Includes `contentChanged`.
  public var appearanceChanged: Set<Int> = []
  /// Layers that moved, faded or turned since the previous frame: a bitmap of their superlayers is
  /// stale, theirs is not.
  public var placementChanged: Set<Int> = []
  /// Layers the app itself changed this frame on its main thread: scroll views whose offset
  /// moved, reused cells placed at a new item, layers whose contents were replaced. Core
  /// Animation animations are not here: the render server runs them.
  public var appChanged: Set<Int> = []
  /// Layers a Core Animation animation is running on this frame.
  public var animated: Set<Int> = []

  public init(frame: Int = 0, time: Double = 0) {
    self.frame = frame
    self.time = time
  }

  /// Render properties of the layers in `layers`, by tree index.
  public var props: [Int: LayerProps] = [:]

  /// Per layer, true when the timeline may change it in some frame (an animation's target, a
  /// reused cell); empty when that is not known. The layers it rules out are read from the tree
  /// without looking them up in ``layers`` and ``props``.
  var mayChange: [Bool] = []

  /// Per layer, true for a scroll view the timeline scrolls; empty when that is not known.
  var scrollViews: [Bool] = []

  /// The content offset of the layer at `index` this frame, when it is a scroll view that has
  /// one: looked up only for scroll views.
  @inline(__always)
  func boundsOrigin(_ index: Int) -> Point? {
    if boundsOrigins.isEmpty || (!scrollViews.isEmpty && !scrollViews[index]) { return nil }
    return boundsOrigins[index]
  }

  /// True when the layer at `index` may differ from the scene this frame.
  @inline(__always)
  func mayDiffer(_ index: Int) -> Bool {
    !props.isEmpty && (mayChange.isEmpty || mayChange[index])
  }

  /// The layer's render properties as they are this frame.
  @inline(__always)
  func props(_ index: Int, in tree: FlatTree) -> LayerProps {
    mayDiffer(index) ? (props[index] ?? tree.props(index)) : tree.props(index)
  }

  /// The layer's render properties this frame when the timeline changed them, else nil.
  @inline(__always)
  func changedProps(_ index: Int) -> LayerProps? {
    mayDiffer(index) ? props[index] : nil
  }

  /// The layer as it is this frame.
  @inline(__always)
  func layer(_ index: Int, in tree: FlatTree) -> Layer {
    !layers.isEmpty && (mayChange.isEmpty || mayChange[index]) ? (layers[index] ?? tree.layer(index)) : tree.layer(index)
  }

  /// True when nothing changed since the previous frame.
  public var isQuiet: Bool { contentChanged.isEmpty && appearanceChanged.isEmpty && placementChanged.isEmpty }
}
