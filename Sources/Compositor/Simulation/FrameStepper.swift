import LayerTree

/// Steps a scene frame by frame: the timeline's state, the cache's housekeeping, the decide
/// pass and the cost, in that order. Frames must be stepped in order from 0.
struct FrameStepper: Sendable {
  let tree: FlatTree
  let frameRate: Double
  private let planner: FramePlanner
  private let rasterized: Set<Int>
  private var animator: SceneAnimator
  private(set) var cache: RasterCache
  private var costModel: CostModel
  private var buffer = FramePlanner.PlanBuffer()

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
    costModel = CostModel(device: device, coefficients: coefficients)
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

  /// The rate the timeline's frames come at when it names none: the display's refresh rate while
  /// the app scrolls (UIKit drives scrolling at the display's rate), but at most 60 Hz for a
  /// timeline of Core Animation animations and content changes on a ProMotion iPhone, unless the
  /// app sets `CADisableMinimumFrameDurationOnPhone` (Apple, "Optimizing iPhone and iPad apps to
  /// support ProMotion displays"; the key's reference: without it "frame rates higher than the
  /// system default are unavailable"). An iPad's ProMotion display needs no key.
  static func frameRate(_ timeline: Timeline?, on device: DeviceProfile) -> Double {
    if let rate = timeline?.frameRate { return rate }
    guard let timeline, device.limitsAnimationsTo60Hz, timeline.scrolls.isEmpty, !timeline.disablesMinimumFrameDuration else {
      return device.refreshRate
    }
    return min(device.refreshRate, 60)
  }

  mutating func step(_ frame: Int) -> (FrameState, FramePlan, FrameCost) {
    let (state, plan) = plan(frame)
    let cost = costModel.cost(plan, state: state, tree: tree)
    return (state, plan, cost)
  }

  /// Steps frame `frame` as ``step(_:)`` does but stops at the decide pass: the frame's cost is
  /// not counted (its plan, and the plans of the frames after it, are the same).
  mutating func plan(_ frame: Int) -> (FrameState, FramePlan) {
    let state = animator.state(frame: frame)
    cache.beginFrame(time: state.time, stale: Simulator.staleEntries(state, tree: tree, rasterized: rasterized))
    var optionalCache: RasterCache? = cache
    let plan = planner.plan(tree, state: state, cache: &optionalCache, buffer: &buffer, staticExtents: animator.staticExtents)
    if let optionalCache { cache = optionalCache }
    return (state, plan)
  }
}
