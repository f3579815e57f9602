import LayerTree

/// What the decide pass concluded about one layer in one frame: the public view of a layer's
/// ``PlanRecord`` and its passes, made when it is asked for (``NodePlans``).
public struct NodePlan: Sendable, Hashable {
  /// The layer's bounds on screen (axis-aligned bounding box), in points, before clipping.
  public var screenRect: Rect = .zero
  /// The part of `screenRect` left after the screen and every clipping ancestor; zero when culled.
  public var visibleRect: Rect = .zero
  /// The clip this layer's sublayers inherit, in screen points.
  var childClip: Rect = .zero
  /// Hidden, transparent, masked away, or an ancestor is: the layer and its subtree cost nothing.
  public var culled = false
  /// The layer draws something itself and part of it is on screen.
  public var draws = false
  /// Its drawing covers its visible area with opaque pixels at full opacity: no blending.
  public var opaque = false
  /// Product of the opacities from the root down to this layer.
  public var effectiveOpacity = 1.0
  /// True when its edges on screen are parallel to the screen's axes.
  public var axisAligned = true
  /// Visible drawing layers in the subtree, this one included, masks excluded.
  public var drawingLayersInSubtree = 0
  /// Union of the visible rectangles of the subtree's drawing layers, in screen points.
  public var contentRect: Rect = .zero
  /// The offscreen passes this layer takes, one entry per rule that fired.
  public var offscreen: [OffscreenPass] = []
  /// How many offscreen passes enclose this layer's (0 when it renders straight to the screen).
  public var offscreenDepth = 0
  /// A rasterized ancestor's cached bitmap draws this layer: it costs nothing of its own.
  public var insideRasterHit = false
  /// This rasterized layer's cached bitmap was valid and drawn as a texture.
  public var rasterHit = false
  /// This rasterized layer's bitmap was rendered again (a cache miss): one of its passes renders
  /// into the raster cache's bitmap (``RenderTarget/rasterBitmap``).
  public var rasterMiss: Bool { offscreen.contains { $0.work.target == .rasterBitmap } }

  /// The plan of a layer the decide pass did not visit: its whole subtree was culled.
  public static let skipped: NodePlan = {
    var plan = NodePlan()
    plan.culled = true
    return plan
  }()
}

/// The decide pass's record of one visited layer: plain values only, so the frame's loops read,
/// copy and write it with no reference counting. The layer's passes are a range of the frame's
/// pass list (``NodePlans/passes``).
struct PlanRecord {
  var screenRect: Rect = Rect(0, 0, 0, 0)
  var visibleRect: Rect = Rect(0, 0, 0, 0)
  var childClip: Rect = Rect(0, 0, 0, 0)
  /// The clip this layer received (its mask's, if any, included); a mask layer is clipped by it.
  var incomingClip: Rect = Rect(0, 0, 0, 0)
  var contentRect: Rect = Rect(0, 0, 0, 0)
  /// The layer's bounds-to-screen transform.
  var affine = Affine.identity
  var effectiveOpacity = 1.0
  var drawingLayersInSubtree = 0
  var offscreenDepth: Int32 = 0
  /// The layer whose render target this layer draws into: itself when it takes a pass, else the
  /// nearest ancestor that does; -1 for the screen.
  var target: Int32 = -1
  /// Its passes: `passes[firstPass ..< firstPass + passCount]`.
  var firstPass: Int32 = 0
  var passCount: Int32 = 0
  /// The Boolean facts below, a bit each: a record is copied as whole words.
  private var flags: UInt32 = 0

  private enum Flag {
    static let culled: UInt32 = 1 << 0
    static let draws: UInt32 = 1 << 1
    static let opaque: UInt32 = 1 << 2
    static let notAxisAligned: UInt32 = 1 << 3
    static let insideRasterHit: UInt32 = 1 << 4
    static let rasterHit: UInt32 = 1 << 5
    static let rasterMiss: UInt32 = 1 << 6
  }

  @inline(__always)
  private mutating func set(_ flag: UInt32, _ value: Bool) { flags = value ? flags | flag : flags & ~flag }

  var culled: Bool {
    get { flags & Flag.culled != 0 }
    set { set(Flag.culled, newValue) }
  }
  var draws: Bool {
    get { flags & Flag.draws != 0 }
    set { set(Flag.draws, newValue) }
  }
  var opaque: Bool {
    get { flags & Flag.opaque != 0 }
    set { set(Flag.opaque, newValue) }
  }
  var axisAligned: Bool {
    get { flags & Flag.notAxisAligned == 0 }
    set { set(Flag.notAxisAligned, !newValue) }
  }
  var insideRasterHit: Bool {
    get { flags & Flag.insideRasterHit != 0 }
    set { set(Flag.insideRasterHit, newValue) }
  }
  var rasterHit: Bool {
    get { flags & Flag.rasterHit != 0 }
    set { set(Flag.rasterHit, newValue) }
  }
  /// One of its passes renders the raster cache's bitmap again.
  var rasterMiss: Bool {
    get { flags & Flag.rasterMiss != 0 }
    set { set(Flag.rasterMiss, newValue) }
  }

  var hasPasses: Bool { passCount > 0 }
  var passRange: Range<Int> {
    // Most layers take no pass: their empty range is made without a range's checks.
    passCount > 0 ? Int(firstPass)..<Int(firstPass) + Int(passCount) : 0..<0
  }
}

/// The plans of every layer in one frame, by tree index.
///
/// Only the layers the decide pass visits have a record (``records``, in visiting order, which is
/// tree order); `slots[i]` is layer i's record, or -1 when the pass skipped it with its culled
/// subtree, which reads as ``NodePlan/skipped``. So a frame costs the layers it visits, not the
/// whole tree, and the storage is kept from frame to frame.
public struct NodePlans: RandomAccessCollection, Sendable {
  var records: [PlanRecord] = []
  /// Per layer, its record's position in ``records``, or -1.
  var slots: [Int32] = []
  /// The frame's offscreen passes, layer by layer in tree order.
  public internal(set) var passes: [OffscreenPass] = []
  /// Each visited layer's render properties this frame, beside its record (the same position):
  /// found once by the decide pass, read in place by the later stages.
  var props: [LayerProps] = []

  public var startIndex: Int { 0 }
  public var endIndex: Int { slots.count }

  /// The record of the layer at `index`, if the decide pass visited it.
  @inline(__always)
  func record(_ index: Int) -> PlanRecord? {
    let slot = slots[index]
    return slot >= 0 ? records[Int(slot)] : nil
  }

  public subscript(index: Int) -> NodePlan {
    guard let record = record(index) else { return .skipped }
    var plan = NodePlan()
    plan.screenRect = record.screenRect
    plan.visibleRect = record.visibleRect
    plan.childClip = record.childClip
    plan.culled = record.culled
    plan.draws = record.draws
    plan.opaque = record.opaque
    plan.effectiveOpacity = record.effectiveOpacity
    plan.axisAligned = record.axisAligned
    plan.drawingLayersInSubtree = record.drawingLayersInSubtree
    plan.contentRect = record.contentRect
    plan.offscreen = record.hasPasses ? Array(passes[record.passRange]) : []
    plan.offscreenDepth = Int(record.offscreenDepth)
    plan.insideRasterHit = record.insideRasterHit
    plan.rasterHit = record.rasterHit
    return plan
  }
}

/// The scene's render properties of the layers a run's frames reach, made from each layer the
/// first time a frame visits it and kept for the run: a frame reads them without making them
/// again, and a tree holds none for the layers no frame reaches (a long list's rows far below
/// the screen).
struct PropsCache {
  /// Per layer, its entry in ``props``, or -1.
  var slots: [Int32] = []
  var props: [LayerProps] = []

  /// The entry of the layer at `index`, made if it has none.
  @inline(__always)
  mutating func slot(_ index: Int, in tree: FlatTree) -> Int32 {
    if slots.count != tree.count { slots = [Int32](repeating: -1, count: tree.count) }
    let slot = slots[index]
    if slot >= 0 { return slot }
    let made = Int32(props.count)
    props.append(tree.props(index))
    slots[index] = made
    return made
  }
}

/// One rule's offscreen work on one layer.
public struct OffscreenPass: Sendable, Hashable {
  public var rule: String
  /// What each pass renders into and adds, as the rule declares it (``OffscreenRule/work``).
  public var work: PassWork
  public var passes: Int
  /// Pixels of the render target, summed over the rule's passes.
  public var pixelArea: Double
  /// The rule's position in the planner's rules.
  var ruleIndex: Int
  /// The layer that takes the pass.
  var layer: Int
}

/// The decide pass's result for one frame: a plan per layer, in ``FlatTree`` order.
public struct FramePlan: Sendable {
  public var nodes: NodePlans
  /// The layers the decide pass visited, in tree order (the order of ``NodePlans``' records);
  /// every other layer is culled with its subtree.
  public var visited: [Int]

  /// Calls `body` with the visited layers and, at the same positions, their records and render
  /// properties (the records and properties may run past the visits: room for later frames).
  @inline(__always)
  func withBuffers<Result>(
    _ body: (
      _ visited: UnsafeBufferPointer<Int>, _ records: UnsafeBufferPointer<PlanRecord>, _ props: UnsafeBufferPointer<LayerProps>
    ) throws -> Result
  ) rethrows -> Result {
    try visited.withUnsafeBufferPointer { visited in
      try nodes.records.withUnsafeBufferPointer { records in
        try nodes.props.withUnsafeBufferPointer { props in try body(visited, records, props) }
      }
    }
  }

  /// Offscreen passes in the frame, all rules.
  public var offscreenPasses: Int { nodes.passes.reduce(0) { $0 + $1.passes } }
}
