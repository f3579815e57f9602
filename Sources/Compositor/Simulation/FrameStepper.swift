import LayerTree

/// Steps a scene frame by frame: the timeline's state, the cache's housekeeping, the decide
/// pass and the cost, in that order. Frames must be stepped in order from 0.
struct FrameStepper: Sendable {
  let tree: FlatTree
  let frameRate: Double
  private let planner: FramePlanner
  private let rasterized: Set<Int>
  /// Each layer's nearest rasterized ancestor, or -1 (empty when nothing is rasterized).
  private let rasterizedAncestors: [Int32]
  private var animator: SceneAnimator
  private(set) var cache: RasterCache
  private var costModel: CostModel
  private var buffer = FramePlanner.PlanBuffer()
  /// The storage of the frame before: a timeline's frames take turns with two, so that a frame's
  /// plan stays whole while the next is planned (the tally makes a finding's words from it one
  /// frame late). A still scene's one frame, and the steady frame after it, need one.
  private var spare: (plans: NodePlans, visited: [Int]) = (NodePlans(), [])
  /// The frames take turns with two storages, and the tally may make words one frame late
  /// (``Tally/init(device:rules:checks:iosVersion:origin:frames:wordsLate:)``): a timeline's frames, in a tree of
  /// at most ``turnsUpToLayers`` layers. Internal and settable so that tests can run a scene both
  /// ways; the words are the same either way.
  var alternates: Bool
  /// The largest tree whose frames take turns with two storages: a second storage costs about
  /// 500 bytes a visited layer (a record and its properties), 33 MB at this size; past it a
  /// finding's words are made in the frame it grows, as a still scene's are.
  static let turnsUpToLayers = 65_536

  init(_ scene: Scene, on device: DeviceProfile, rules: [any OffscreenRule], coefficients: CostCoefficients) {
    self.init(scene, tree: FlatTree(scene.root), on: device, rules: rules, coefficients: coefficients)
  }

  /// Steps `scene`, whose layer tree flattened is `tree` (``FlatTree/init(_:)`` of its root, or
  /// the same built another way).
  init(_ scene: Scene, tree: FlatTree, on device: DeviceProfile, rules: [any OffscreenRule], coefficients: CostCoefficients) {
    self.tree = tree
    frameRate = Self.frameRate(scene.timeline, on: device)
    animator = SceneAnimator(tree: tree, timeline: scene.timeline, frameRate: frameRate, scale: device.screen.scale)
    cache = RasterCache(screenPixelArea: device.screenPixelArea, limits: device.rasterCache)
    planner = FramePlanner(screen: device.screen, iosVersion: scene.iosVersion, rules: rules)
    rasterized = Set((0..<tree.count).filter { tree.layer($0).shouldRasterize })
    rasterizedAncestors = Simulator.rasterizedAncestors(tree, rasterized: rasterized)
    costModel = CostModel(device: device, coefficients: coefficients)
    costModel.cellsSolvedAtSetUp = animator.cellsSolvedAtSetUp
    alternates = animator.frameCount > 1 && tree.count <= Self.turnsUpToLayers
  }

  var frameCount: Int { animator.frameCount }
  /// The rules the decide pass runs, in the order passes name them (``OffscreenPass``).
  var rules: [any OffscreenRule] { planner.rules }
  /// The last frame's GPU milliseconds of each offscreen pass, in its plan's pass order.
  var passGPU: [Double] { costModel.passGPU }

  /// Does ahead of the first frame what the decide pass would do on it: the sorted-sublayer
  /// indexes.
  mutating func prepare() {
    planner.prepare(tree, buffer: &buffer, staticExtents: animator.staticExtents)
  }

  /// ``prepare()`` by taking the sorted-sublayer indexes `other` built, when they are the ones
  /// this tree's would be: the same layers, timeline and extents, each layer placed where it is
  /// in `other` (``SortedSublayers`` reads no more).
  mutating func prepare(sharingIndexesWith other: FrameStepper) {
    guard other.buffer.sortedSlots.count == tree.count, animator.staticExtents == other.animator.staticExtents else {
      return prepare()
    }
    buffer.sortedSlots = other.buffer.sortedSlots
    buffer.sorted = other.buffer.sorted
  }

  /// The rate the timeline's frames come at when it names none: the display's refresh rate while
  /// the app scrolls, but at most 60 Hz for a timeline of Core Animation animations and content
  /// changes on a ProMotion iPhone, unless the app sets `CADisableMinimumFrameDurationOnPhone`.
  /// An iPad's ProMotion display needs no key. The frames are paced at this rate as well
  /// (``RunPacing``): its budget and deadlines are the content's.
  ///
  /// Apple, "Optimizing iPhone and iPad apps to support ProMotion displays": the key unlocks rates
  /// above the system's default of 60 Hz for display-link callbacks and `CAAnimation` animations on
  /// an iPhone (the key's own reference: without it, no rate above the default), while the system
  /// paces UIKit's own animation itself, and Core Animation may raise the rate while UIKit runs the
  /// interface (without the key, other animations or interface operations may drive even a display
  /// link faster). Apple names no rate for `UIScrollView`; the model takes UIKit's scrolling, which
  /// the app does not pace, at the display's rate, key or not.
  static func frameRate(_ timeline: Timeline?, on device: DeviceProfile) -> Double {
    if let rate = timeline?.frameRate { return rate }
    guard let timeline, device.limitsAnimationsTo60Hz, timeline.scrolls.isEmpty, !timeline.disablesMinimumFrameDuration else {
      return device.refreshRate
    }
    return min(device.refreshRate, 60)
  }

  /// `redrawAll` redraws the whole screen whatever changed (``Damage``): a still screen's steady
  /// frame.
  mutating func step(_ frame: Int, redrawAll: Bool = false) -> (FrameState, FramePlan, FrameCost) {
    let (state, plan) = plan(frame)
    let cost = costModel.cost(plan, state: state, tree: tree, redrawAll: redrawAll)
    return (state, plan, cost)
  }

  /// Steps frame `frame` as ``step(_:)`` does but stops at the decide pass: the frame's cost is
  /// not counted (its plan, and the plans of the frames after it, are the same).
  mutating func plan(_ frame: Int) -> (FrameState, FramePlan) {
    let state = animator.state(frame: frame)
    cache.beginFrame(time: state.time, stale: Simulator.staleEntries(state, ancestors: rasterizedAncestors, rasterized: rasterized))
    // Taken out while the decide pass writes it: left in place as well, its entries would be
    // copied before the first write.
    var optionalCache: RasterCache? = cache
    cache = RasterCache(screenPixelArea: 0, limits: cache.limits)
    if alternates {
      swap(&buffer.plans, &spare.plans)
      swap(&buffer.visited, &spare.visited)
    }
    let plan = planner.plan(tree, state: state, cache: &optionalCache, buffer: &buffer, staticExtents: animator.staticExtents)
    if let optionalCache { cache = optionalCache }
    return (state, plan)
  }
}

// MARK: Going on from another run

extension FrameStepper {
  /// What a run carries from one frame to the next besides the timeline's state: the raster cache
  /// and the cost model's memory of each layer (displayed with its current contents, its shape
  /// rasterized, set up before it showed). Arrays are empty before the first frame's cost.
  struct Carried: Sendable {
    var cache: RasterCache
    var displayed: [Bool]
    var shapesRasterized: [Bool]
    var configured: [Bool]
    var solved: [Bool]
    /// What the last frame showed, for the next frame's damage.
    var damage: Damage
  }

  /// What this run carries into its next frame.
  var carried: Carried {
    Carried(
      cache: cache, displayed: costModel.displayed, shapesRasterized: costModel.shapesRasterized,
      configured: costModel.configured, solved: costModel.solved, damage: costModel.damage)
  }

  /// Makes this stepper, new, go on at frame `frame` as if it had stepped the frames before: it
  /// takes over `carried`, another run's at that frame, whose layer `i` is this tree's `map[i]`
  /// (-1: none; nil: the same tree), and steps its timeline to `frame` (a frame's timeline state
  /// depends on the tree and the timeline alone). The decide pass's storage is its own. False,
  /// and the stepper unchanged, when a layer with a cache entry has no place in this tree.
  mutating func resume(_ carried: Carried, map: [Int32]?, at frame: Int) -> Bool {
    guard let map else {
      for earlier in 0..<frame { _ = animator.state(frame: earlier) }
      cache = carried.cache
      costModel.displayed = carried.displayed
      costModel.shapesRasterized = carried.shapesRasterized
      costModel.configured = carried.configured
      costModel.solved = carried.solved
      costModel.damage = carried.damage
      return true
    }
    guard let remappedCache = carried.cache.remapped(map) else { return false }
    for earlier in 0..<frame { _ = animator.state(frame: earlier) }
    cache = remappedCache
    func remapped(_ flags: [Bool]) -> [Bool] {
      guard !flags.isEmpty else { return [] }
      var result = [Bool](repeating: false, count: tree.count)
      for (index, flag) in flags.enumerated() where flag && map[index] >= 0 { result[Int(map[index])] = true }
      return result
    }
    costModel.displayed = remapped(carried.displayed)
    costModel.shapesRasterized = remapped(carried.shapesRasterized)
    costModel.configured = remapped(carried.configured)
    costModel.solved = remapped(carried.solved)
    costModel.damage = carried.damage.remapped(map, count: tree.count)
    return true
  }

  /// True when the next frames of this run go as those of the run that carried `carried` (whose
  /// layer `i` is this tree's `map[i]`; nil: the same tree), as far as the carried state decides
  /// them: the same raster cache, and the same memory (displayed, rasterized, set up, last shown
  /// place for damage) of the layers `read` lists (the layers those frames visit or change; only
  /// they are looked at), and the same views' constraints solved.
  func carries(_ carried: Carried, map: [Int32]?, read: [Int]) -> Bool {
    guard cache.isEquivalent(to: carried.cache, map: map) else { return false }
    let own = (costModel.displayed, costModel.shapesRasterized, costModel.configured, costModel.solved)
    let theirs = (carried.displayed, carried.shapesRasterized, carried.configured, carried.solved)
    // Before any cost, every flag is false.
    func flag(_ flags: [Bool], _ index: Int) -> Bool { flags.isEmpty ? false : flags[index] }
    // A view's constraints are solved once a run, and the view need not be read again for a layer
    // inside it to show: every solved view is compared, read or not (few views have constraints).
    let theirsSolved = theirs.3.indices.filter { theirs.3[$0] }
    guard theirsSolved.count == own.3.reduce(0, { $0 + ($1 ? 1 : 0) }) else { return false }
    for index in theirsSolved {
      let mine = map.map { Int($0[index]) } ?? index
      guard mine >= 0, flag(own.3, mine) else { return false }
    }
    for index in read {
      let mine = map.map { Int($0[index]) } ?? index
      guard mine >= 0 else { return false }
      if flag(own.0, mine) != flag(theirs.0, index) || flag(own.1, mine) != flag(theirs.1, index)
        || flag(own.2, mine) != flag(theirs.2, index) || !costModel.damage.remembersAlike(mine, as: carried.damage, index)
      {
        return false
      }
    }
    return true
  }
}
