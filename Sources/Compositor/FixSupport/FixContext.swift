import LayerTree

/// What a fix may read about a scene: the model, the device it runs on, the timeline's effect on
/// each layer, and per-layer facts from running the scene frame by frame (computed once, when a
/// fix first asks).
///
/// A context belongs to one scene; build a new one for a changed scene.
public final class FixContext {
  public let scene: Scene
  public let device: DeviceProfile
  public let coefficients: CostCoefficients
  let tree: FlatTree
  let indexOfPath: [String: Int]
  private var cachedRun: SceneRun?

  public convenience init(scene: Scene, device: DeviceProfile, coefficients: CostCoefficients? = nil) {
    self.init(scene: scene, tree: FlatTree(scene.root), device: device, coefficients: coefficients ?? device.coefficients)
  }

  /// A context for `scene`, whose flattened tree is `tree` (``FlatTree/init(_:)`` of its root).
  init(scene: Scene, tree: FlatTree, device: DeviceProfile, coefficients: CostCoefficients) {
    self.scene = scene
    self.device = device
    self.coefficients = coefficients
    self.tree = tree
    var map: [String: Int] = [:]
    for (index, path) in tree.paths().enumerated() where map[path] == nil { map[path] = index }
    indexOfPath = map
  }

  /// The layer at `path` with its sublayers and mask, as the scene writes it (the first in
  /// drawing order where ids repeat).
  public func layer(_ path: String) -> Layer? { indexOfPath[path].map(tree.layer) }

  /// The screen's scale: points to pixels.
  public var scale: Double { device.screen.scale }

  /// True when the scene has a timeline of more than one frame.
  public var hasTimeline: Bool { frames > 1 }

  /// Frames the simulation runs (as ``SceneAnimator`` counts them, without running them).
  public var frames: Int {
    guard let timeline = scene.timeline else { return 1 }
    return max(1, Int((timeline.duration * FrameStepper.frameRate(timeline, on: device)).rounded()))
  }

  /// True once the context stepped the scene frame by frame (for ``run`` or ``record``): a
  /// simulation's work (``WorkBudget`` counts it).
  private(set) var hasRun = false

  /// When true, the stepping ``run`` asks for also keeps the frames for trials (``record``): one
  /// stepping serves both.
  var recordsFrames = false
  private var cachedRecord: FrameRecord?

  /// Takes `record`, made by a run of the scene elsewhere, as ``record`` and ``run``: the context
  /// does not step the scene for them.
  func adopt(_ record: FrameRecord) {
    cachedRecord = record
    cachedRun = record.run
  }

  /// Per-frame facts from stepping the whole scene.
  var run: SceneRun {
    if let cachedRun { return cachedRun }
    if recordsFrames { return record.run }
    let computed = SceneRun(scene: scene, tree: tree, device: device, coefficients: coefficients)
    cachedRun = computed
    hasRun = true
    return computed
  }

  /// The scene stepped frame by frame, plan and cost, for trials to take the frames their edits
  /// leave as they are from (``FrameRecord``).
  var record: FrameRecord {
    if let cachedRecord { return cachedRecord }
    let computed = FrameRecord(scene: scene, tree: tree, device: device, coefficients: coefficients)
    cachedRecord = computed
    if cachedRun == nil { cachedRun = computed.run }
    hasRun = true
    return computed
  }

  /// True once ``record`` is at hand.
  var hasRecord: Bool { cachedRecord != nil }

  /// True when a record of the frames is worth making and can be made: a timeline of more than
  /// one frame, numbered in 32 bits.
  var canRecord: Bool { hasTimeline && frames < Int(Int32.max) }

  /// The layers the timeline names (its animations', content changes' and scrolls' targets) and
  /// the sublayers of a scroll view with a reuse pool (its cells).
  var timelineLayers: [Int] {
    guard let timeline = scene.timeline else { return [] }
    var paths = Set<String>()
    for animation in timeline.animations { paths.formUnion(animation.targets) }
    for change in timeline.contentChanges { paths.formUnion(change.targets) }
    for scroll in timeline.scrolls { paths.insert(scroll.target) }
    let found = tree.indices(ofPaths: paths)
    var layers = Array(found.values)
    for scroll in timeline.scrolls where scroll.reuse != nil {
      guard let view = found[scroll.target] else { continue }
      var child = view + 1
      while child < tree.subtreeEnds[view] {
        layers.append(child)
        child = tree.subtreeEnds[child]
      }
    }
    return layers
  }

  /// The paths of the layers in the subtree at `path` (itself included, masks included).
  func subtree(_ path: String) -> Range<Int>? {
    guard let index = indexOfPath[path] else { return nil }
    return index..<tree.subtreeEnds[index]
  }

  // MARK: The timeline

  /// Layers the timeline moves, resizes, turns or re-rounds (and a scroll view's sublayers):
  /// their geometry on the first frame is not their geometry throughout.
  private(set) lazy var geometryChanging: Set<String> = {
    guard let timeline = scene.timeline else { return [] }
    var paths = Set<String>()
    for animation in timeline.animations where animation.keyPath.changesGeometry {
      paths.formUnion(animation.targets)
    }
    for scroll in timeline.scrolls {
      paths.insert(scroll.target)
      if let reuse = scroll.reuse {
        let prefix = scroll.target + "/" + reuse.cell + "["
        for path in tree.paths() where path.hasPrefix(prefix) && !path.dropFirst(prefix.count).contains("/") {
          paths.insert(path)
        }
      }
    }
    return paths
  }()

  /// Layers an animation or a content change targets.
  private(set) lazy var timelineTargets: Set<String> = {
    guard let timeline = scene.timeline else { return [] }
    var paths = Set<String>()
    for animation in timeline.animations { paths.formUnion(animation.targets) }
    for change in timeline.contentChanges { paths.formUnion(change.targets) }
    for scroll in timeline.scrolls { paths.insert(scroll.target) }
    return paths
  }()

  /// Layers that an opacity animation may show though they start transparent.
  private(set) lazy var opacityAnimated: Set<String> = {
    guard let timeline = scene.timeline else { return [] }
    return Set(timeline.animations.filter { $0.keyPath == .opacity }.flatMap(\.targets))
  }()

  /// Paths in the subtree at `path`, the layer itself excluded, that the timeline moves or
  /// reshapes; the layer itself counts when its size or corners change.
  func geometryChanges(under path: String) -> [String] {
    let changing = geometryChanging
    guard !changing.isEmpty, let range = subtree(path) else { return [] }
    var result: [String] = []
    for index in range {
      let nodePath = tree.path(index)
      guard changing.contains(nodePath) else { continue }
      if index == range.lowerBound {
        // The layer's own move, fade or turn keeps its content where it is relative to it.
        let reshaped =
          scene.timeline?.animations.contains { animation in
            animation.targets.contains(nodePath) && animation.keyPath.changesOwnContent
          } ?? false
        let scrolls = scene.timeline?.scrolls.contains { $0.target == nodePath } ?? false
        if reshaped || scrolls { result.append(nodePath) }
      } else {
        result.append(nodePath)
      }
    }
    return result
  }
}

/// Facts gathered by stepping every frame of a scene once, for the fixes that depend on time:
/// the rasterization cache's hits and misses per layer, how many offscreen passes each subtree
/// takes in the frames it is on screen, and which layers the timeline changed at all.
struct SceneRun: Sendable {
  var frames = 0
  /// Rasterized layers: frames drawn from the cache, and frames that rendered the bitmap again.
  var rasterHits: [Int: Int] = [:]
  var rasterMisses: [Int: Int] = [:]
  /// Frames in which the layer or part of its subtree was on screen (not culled).
  var framesOnScreen: [Int]
  /// Frames on screen in which its subtree (itself included) took two or more offscreen passes.
  var framesWithSeveralPasses: [Int]
  /// The most offscreen passes its subtree took in one frame.
  var maxSubtreePasses: [Int]
  /// Layers whose own appearance or size changed in some frame (content changes included).
  var appearanceChanged = Set<Int>()
  /// Layers that moved, faded or turned in some frame.
  var placementChanged = Set<Int>()
  /// Layers whose bitmap a rasterization would have to redraw in some frame: a change in their
  /// subtree, or of their own appearance.
  var staleInSomeFrame: Layers { Layers(flags: stale) }

  /// A set of layers, one flag per layer of the tree.
  struct Layers: Sendable {
    let flags: [Bool]
    func contains(_ index: Int) -> Bool { flags.indices.contains(index) && flags[index] }
  }

  private let parents: IndexColumn
  private let inMask: [Bool]
  /// Per layer, for the frame at hand: passes in its subtree, and whether part of it is on
  /// screen; cleared after each frame for the layers it visited.
  private var subtreePasses: [Int]
  private var onScreen: [Bool]
  /// Marked with all its ancestors: marking stops at the first marked one.
  private var stale: [Bool]

  /// Steps every frame once, up to the decide pass (the frames' costs are not needed).
  init(scene: Scene, tree: FlatTree, device: DeviceProfile, coefficients: CostCoefficients) {
    self.init(tree: tree)
    var stepper = FrameStepper(scene, tree: tree, on: device, rules: OffscreenRules.all, coefficients: coefficients)
    for frame in 0..<stepper.frameCount {
      let (state, plan) = stepper.plan(frame)
      add(state, plan)
    }
  }

  /// No frame yet, for ``add(_:_:)`` to count the frames of `tree` into.
  init(tree: FlatTree) {
    let count = tree.count
    framesOnScreen = Array(repeating: 0, count: count)
    framesWithSeveralPasses = Array(repeating: 0, count: count)
    maxSubtreePasses = Array(repeating: 0, count: count)
    parents = tree.parents
    inMask = tree.inMask
    subtreePasses = Array(repeating: 0, count: count)
    onScreen = Array(repeating: false, count: count)
    stale = Array(repeating: false, count: count)
  }

  /// Counts the next frame in, from its state and plan: a layer the decide pass did not visit is
  /// off screen with no pass in its subtree, and changes nothing here.
  mutating func add(_ state: FrameState, _ plan: FramePlan) {
    frames += 1
    appearanceChanged.formUnion(state.appearanceChanged)
    placementChanged.formUnion(state.placementChanged)
    // As a rasterization of every layer would have it (`Simulator.staleEntries`): the layer's own
    // appearance, or anything below it, changed.
    for index in state.appearanceChanged { markStale(from: index) }
    for index in state.placementChanged { markStale(from: parents[index]) }
    let visited = plan.visited
    let records = plan.nodes.records
    let passes = plan.nodes.passes
    // Bottom-up over the visited layers (tree order backwards): a visited layer's superlayer was
    // visited before it.
    for position in stride(from: visited.count - 1, through: 0, by: -1) {
      let index = visited[position]
      if inMask[index] { continue }
      let record = records[position]
      if record.rasterHit { rasterHits[index, default: 0] += 1 }
      if record.rasterMiss { rasterMisses[index, default: 0] += 1 }
      for pass in record.passRange { subtreePasses[index] += passes[pass].passes }
      if !record.culled && !record.insideRasterHit && !record.visibleRect.isEmpty { onScreen[index] = true }
      let parent = parents[index]
      if parent >= 0 {
        subtreePasses[parent] += subtreePasses[index]
        if onScreen[index] { onScreen[parent] = true }
      }
    }
    for index in visited {
      if onScreen[index] {
        framesOnScreen[index] += 1
        if subtreePasses[index] >= 2 { framesWithSeveralPasses[index] += 1 }
        maxSubtreePasses[index] = max(maxSubtreePasses[index], subtreePasses[index])
      }
      subtreePasses[index] = 0
      onScreen[index] = false
    }
  }

  private mutating func markStale(from start: Int) {
    var index = start
    while index >= 0 && !stale[index] {
      stale[index] = true
      index = parents[index]
    }
  }
}
