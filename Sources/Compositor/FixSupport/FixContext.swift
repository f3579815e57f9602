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

  public init(scene: Scene, device: DeviceProfile, coefficients: CostCoefficients = .standard) {
    self.scene = scene
    self.device = device
    self.coefficients = coefficients
    tree = FlatTree(scene.root)
    var map: [String: Int] = [:]
    for (index, path) in tree.paths().enumerated() where map[path] == nil { map[path] = index }
    indexOfPath = map
  }

  /// The layer at `path` with its sublayers and mask, as the scene writes it.
  public func layer(_ path: String) -> Layer? { scene.layer(at: path) }

  /// The screen's scale: points to pixels.
  public var scale: Double { device.screen.scale }

  /// True when the scene has a timeline of more than one frame.
  public var hasTimeline: Bool { frames > 1 }

  /// Frames the simulation runs (as ``SceneAnimator`` counts them, without running them).
  public var frames: Int {
    guard let timeline = scene.timeline else { return 1 }
    return max(1, Int((timeline.duration * (timeline.frameRate ?? device.refreshRate)).rounded()))
  }

  /// True once a check asked for ``run``: the scene was stepped frame by frame, a simulation's
  /// work (``WorkBudget`` counts it).
  var hasRun: Bool { cachedRun != nil }

  /// Per-frame facts from stepping the whole scene.
  var run: SceneRun {
    if let cachedRun { return cachedRun }
    let computed = SceneRun(scene: scene, tree: tree, device: device, coefficients: coefficients)
    cachedRun = computed
    return computed
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
    for animation in timeline.animations
    where animation.keyPath != .opacity && animation.keyPath != .backgroundColor
      && animation.keyPath != .shadowOpacity
    {
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
struct SceneRun {
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
  var staleInSomeFrame = Set<Int>()

  init(scene: Scene, tree: FlatTree, device: DeviceProfile, coefficients: CostCoefficients) {
    let count = tree.count
    framesOnScreen = Array(repeating: 0, count: count)
    framesWithSeveralPasses = Array(repeating: 0, count: count)
    maxSubtreePasses = Array(repeating: 0, count: count)
    var stepper = FrameStepper(scene, on: device, rules: OffscreenRules.all, coefficients: coefficients)
    let everyLayer = Set(0..<count)
    frames = stepper.frameCount
    for frame in 0..<stepper.frameCount {
      let (state, plan, _) = stepper.step(frame)
      appearanceChanged.formUnion(state.appearanceChanged)
      placementChanged.formUnion(state.placementChanged)
      staleInSomeFrame.formUnion(Simulator.staleEntries(state, tree: tree, rasterized: everyLayer))
      var subtreePasses = [Int](repeating: 0, count: count)
      var onScreen = [Bool](repeating: false, count: count)
      for index in stride(from: count - 1, through: 0, by: -1) {
        let nodePlan = plan.nodes[index]
        if tree.inMask[index] { continue }
        if nodePlan.rasterHit { rasterHits[index, default: 0] += 1 }
        if nodePlan.rasterMiss { rasterMisses[index, default: 0] += 1 }
        subtreePasses[index] += nodePlan.offscreen.reduce(0) { $0 + $1.passes }
        if !nodePlan.culled && !nodePlan.insideRasterHit && !nodePlan.visibleRect.isEmpty { onScreen[index] = true }
        let parent = tree.parents[index]
        if parent >= 0 {
          subtreePasses[parent] += subtreePasses[index]
          if onScreen[index] { onScreen[parent] = true }
        }
      }
      for index in 0..<count where onScreen[index] {
        framesOnScreen[index] += 1
        if subtreePasses[index] >= 2 { framesWithSeveralPasses[index] += 1 }
        maxSubtreePasses[index] = max(maxSubtreePasses[index], subtreePasses[index])
      }
    }
  }
}
