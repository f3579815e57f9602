import LayerTree

/// The tree's state at one frame: what the timeline changed from the scene as written.
///
/// Only layers the timeline touches appear here; every other layer is as the scene file says.
public struct FrameState: Sendable {
  /// Frame number, from 0.
  public var frame: Int
  /// Seconds from the start.
  public var time: Double

  /// The collections, in one box shared by copies until one of them is written: a frame's state
  /// is copied several times a frame (the rules' context, the tally's last frame), and a copy is
  /// then one retain instead of one for each collection. Copied before a write unless this state
  /// holds it alone, so that a state behaves as the value it is.
  private var storage: CopyOnWriteBox<Collections>

  private struct Collections: Sendable {
    var layers: [Int: Layer] = [:]
    var boundsOrigins: [Int: Point] = [:]
    var contentChanged: Set<Int> = []
    var appearanceChanged: Set<Int> = []
    var placementChanged: Set<Int> = []
    var appChanged: Set<Int> = []
    var animated: Set<Int> = []
    var props: [Int: LayerProps] = [:]
    var mayChange: [Bool] = []
    var scrollViews: [Bool] = []
    var cellSetUps: [CellSetUp] = []
  }

  /// The box of every new state, copied on its first write.
  private static let empty = CopyOnWriteBox(Collections())

  /// The box, copied first when another state shares it.
  @inline(__always)
  private mutating func unique() -> CopyOnWriteBox<Collections> { CopyOnWriteBox.unique(&storage) }

  public init(frame: Int = 0, time: Double = 0) {
    self.frame = frame
    self.time = time
    storage = Self.empty
  }

  /// Layers whose properties differ from the scene this frame (animated, or a reused cell moved
  /// to its item's place), by tree index.
  public var layers: [Int: Layer] {
    @inline(__always) get { storage.value.layers }
    _modify { yield &unique().value.layers }
  }
  /// Scroll views' content offsets (their bounds origin), by tree index.
  public var boundsOrigins: [Int: Point] {
    @inline(__always) get { storage.value.boundsOrigins }
    _modify { yield &unique().value.boundsOrigins }
  }
  /// Layers whose contents were replaced since the previous frame (a content change, or a
  /// reused cell showing a new item).
  public var contentChanged: Set<Int> {
    @inline(__always) get { storage.value.contentChanged }
    _modify { yield &unique().value.contentChanged }
  }
  /// Layers whose own appearance or size changed since the previous frame: a bitmap of them is
  /// stale. Includes `contentChanged`.
  public var appearanceChanged: Set<Int> {
    @inline(__always) get { storage.value.appearanceChanged }
    _modify { yield &unique().value.appearanceChanged }
  }
  /// Layers that moved, faded or turned since the previous frame: a bitmap of their superlayers is
  /// stale, theirs is not.
  public var placementChanged: Set<Int> {
    @inline(__always) get { storage.value.placementChanged }
    _modify { yield &unique().value.placementChanged }
  }
  /// Layers the app itself changed this frame on its main thread: scroll views whose offset
  /// moved, reused cells placed at a new item, layers whose contents were replaced. Core
  /// Animation animations are not here: the render server runs them.
  public var appChanged: Set<Int> {
    @inline(__always) get { storage.value.appChanged }
    _modify { yield &unique().value.appChanged }
  }
  /// Layers a Core Animation animation is running on this frame.
  public var animated: Set<Int> {
    @inline(__always) get { storage.value.animated }
    _modify { yield &unique().value.animated }
  }

  /// Render properties of the layers in `layers`, by tree index.
  public var props: [Int: LayerProps] {
    @inline(__always) get { storage.value.props }
    _modify { yield &unique().value.props }
  }

  /// Per layer, true when the timeline may change it in some frame (an animation's target, a
  /// reused cell); empty when that is not known. The layers it rules out are read from the tree
  /// without looking them up in ``layers`` and ``props``.
  var mayChange: [Bool] {
    @inline(__always) get { storage.value.mayChange }
    _modify { yield &unique().value.mayChange }
  }

  /// Per layer, true for a scroll view the timeline scrolls; empty when that is not known.
  var scrollViews: [Bool] {
    @inline(__always) get { storage.value.scrollViews }
    _modify { yield &unique().value.scrollViews }
  }

  /// The reused cells of pools with list techniques (``CellReuse/usesListTechniques``) that took a
  /// new item this frame, with how their list lays them out and sizes them; empty for every other
  /// pool.
  public var cellSetUps: [CellSetUp] {
    @inline(__always) get { storage.value.cellSetUps }
    _modify { yield &unique().value.cellSetUps }
  }

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

  /// Makes this the empty state of frame `frame` at `time`, keeping the room of each collection
  /// that has some: where nothing else holds a collection, the next frame fills it again without
  /// allocating (a scroll view's new offset makes a set and a dictionary every frame).
  mutating func reset(frame: Int, time: Double) {
    self.frame = frame
    self.time = time
    guard isKnownUniquelyReferenced(&storage) else {
      storage = Self.empty
      return
    }
    let box = storage
    if !box.value.layers.isEmpty { box.value.layers.removeAll(keepingCapacity: true) }
    if !box.value.boundsOrigins.isEmpty { box.value.boundsOrigins.removeAll(keepingCapacity: true) }
    if !box.value.contentChanged.isEmpty { box.value.contentChanged.removeAll(keepingCapacity: true) }
    if !box.value.appearanceChanged.isEmpty { box.value.appearanceChanged.removeAll(keepingCapacity: true) }
    if !box.value.placementChanged.isEmpty { box.value.placementChanged.removeAll(keepingCapacity: true) }
    if !box.value.appChanged.isEmpty { box.value.appChanged.removeAll(keepingCapacity: true) }
    if !box.value.animated.isEmpty { box.value.animated.removeAll(keepingCapacity: true) }
    if !box.value.props.isEmpty { box.value.props.removeAll(keepingCapacity: true) }
    if !box.value.cellSetUps.isEmpty { box.value.cellSetUps.removeAll(keepingCapacity: true) }
    box.value.mayChange = []
    box.value.scrollViews = []
  }

  /// True when nothing changed since the previous frame.
  public var isQuiet: Bool { contentChanged.isEmpty && appearanceChanged.isEmpty && placementChanged.isEmpty }
}

/// A pool cell set up for an item in a frame, in a pool whose list says how it lays out and sizes
/// its cells (``CellReuse``): reused for a new item, or on screen for the first time (the table
/// makes and lays it out for its row, as the first display does for every visible row).
public struct CellSetUp: Sendable, Hashable {
  /// The cell's tree index.
  public var cell: Int
  /// The item it now shows.
  public var item: Int
  /// The constraints its Auto Layout solve follows; nil for a cell laid out with frames, or whose
  /// layout the scene does not say.
  public var constraints: Int?
  public var rowHeights: RowHeights
  /// True when each label's text layout is made once per text, ahead of the scroll.
  public var textLayoutsCached: Bool
  /// True when a fast fling skipped the cell's drawing: it shows blank (``CellReuse/skipDrawingOnFling``).
  public var blank: Bool
  /// True for a cell on screen for the first time, not reused: its labels' set-up is charged as
  /// each label first shows, whatever `textLayoutsCached` says.
  public var firstShow: Bool

  public init(
    cell: Int, item: Int, constraints: Int?, rowHeights: RowHeights, textLayoutsCached: Bool, blank: Bool = false, firstShow: Bool = false
  ) {
    self.cell = cell
    self.item = item
    self.constraints = constraints
    self.rowHeights = rowHeights
    self.textLayoutsCached = textLayoutsCached
    self.blank = blank
    self.firstShow = firstShow
  }
}
