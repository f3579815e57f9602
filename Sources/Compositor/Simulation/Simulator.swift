import LayerTree

/// Runs a scene on a device and reports what it costs.
///
/// The pure core of the tool: a ``Scene`` and a ``DeviceProfile`` in, a ``SimulationReport``
/// out; no files, flags or printing. Its stages, each a value in and a value out, in the order
/// a frame goes through them:
///
/// 1. ``FlatTree`` (`Scene/FlatTree.swift`): the scene's layer tree as one array in drawing
///    order, with paths and each layer's render properties (``LayerProps``), built once;
/// 2. ``SceneAnimator`` (`Time/SceneAnimator.swift`): per frame, a ``FrameState``: what the
///    timeline changed (animations, scrolling, cell reuse, content changes);
/// 3. ``RasterCache`` (`Time/RasterCache.swift`): drops the entries whose subtree changed
///    (`staleEntries`, `Simulation/StaleRasterEntries.swift`) and those unused for 100 ms;
/// 4. ``FramePlanner`` (`Planner/FramePlanner.swift`): the decide pass, into a ``FramePlan``:
///    geometry, clipping, culling, cache hits and misses, the offscreen rules
///    (``OffscreenRules``) and their nesting;
/// 5. `CostModel` (`Cost/FrameCost.swift`): the plan priced on the device, into a
///    ``FrameCost``: GPU, render-server, main-thread and background time, itemized;
///
/// Stages 2 to 5 run frame by frame in `FrameStepper` (`Simulation/FrameStepper.swift`). Then,
/// over all frames:
///
/// 6. `Tally` (`Simulation/Tally.swift`): counts over each frame's plan and cost: passes by
///    reason, blending, backing stores (`Simulation/BackingStores.swift`), the image checks
///    (``ImageChecks``), findings merged per rule and layer;
/// 7. pacing (`Simulation/Tally+Pacing.swift`): the frames' times laid on the display's refresh
///    intervals by ``FramePacing``: frame rate, hitches, utilization, the bottleneck (a scene
///    without a timeline is paced on its steady frame: the one after the first, the raster cache
///    filled);
/// 8. summary (`Simulation/Tally+Summary.swift`): findings ranked, the ``Summary`` over all
///    frames, into the ``SimulationReport``.
///
/// ``snapshot(_:on:frame:rules:coefficients:)`` runs stages 1 to 5 up to one frame and keeps
/// that frame whole, for pictures and for explaining a frame layer by layer.
///
/// ```swift
/// let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
/// print(report.summary.offscreenPasses.perFrameMax)
/// ```
public enum Simulator {
  /// Simulates every frame of `scene` on `device` (one frame when the scene has no timeline)
  /// and reports what it costs. `rules` defaults to every registered rule, `checks` to every
  /// registered image check, `coefficients` to the device's own (``DeviceProfile/coefficients``:
  /// the standard ones, or a calibrated profile's).
  public static func run(
    _ scene: Scene, on device: DeviceProfile, rules: [any OffscreenRule] = OffscreenRules.all,
    checks: [any ImageCheck] = ImageChecks.all, coefficients: CostCoefficients? = nil
  ) -> SimulationReport {
    run(scene, on: device, keeping: nil, rules: rules, checks: checks, coefficients: coefficients).report
  }

  /// The frame a run keeps whole, for a picture of it.
  public enum KeptFrame: Sendable, Hashable {
    /// The frame at this index, clamped to the frames there are.
    case index(Int)
    /// The frame with the most offscreen passes; when no frame has any, the one with the most
    /// GPU time; the earliest of equals.
    case worst
  }

  /// Simulates the scene as ``run(_:on:rules:checks:coefficients:)`` does and keeps one frame whole on
  /// the way: the report and the picture's frame from one simulation. The snapshot is the one
  /// ``snapshot(_:on:frame:rules:coefficients:)`` returns for that frame.
  public static func run(
    _ scene: Scene, on device: DeviceProfile, keeping kept: KeptFrame, rules: [any OffscreenRule] = OffscreenRules.all,
    checks: [any ImageCheck] = ImageChecks.all, coefficients: CostCoefficients? = nil
  ) -> (report: SimulationReport, snapshot: FrameSnapshot, frame: Int) {
    let result = run(scene, on: device, keeping: .some(kept), rules: rules, checks: checks, coefficients: coefficients)
    return (result.report, result.snapshot!, result.frame)
  }

  /// A scene made ready to run on a device: the tree flattened, the timeline's targets resolved,
  /// the sorted-sublayer indexes built. What a run does once whatever the number of frames happens
  /// here, so that ``run(_:)`` costs about what the frames cost (and the plan storage, one entry a
  /// layer); the benchmark times the two apart. A prepared scene can be run any number of times.
  public struct Prepared: Sendable {
    var stepper: FrameStepper
    let scene: SceneInfo
    let hasTimeline: Bool
    /// The serial queues the scene's background drawing runs on (``DrawingQueues``).
    let drawingQueues: Int
    let iosVersion: OSVersion
    let device: DeviceProfile
    let coefficients: CostCoefficients
    /// The image checks the run asks.
    let checks: [any ImageCheck]
  }

  /// Prepares `scene` to run on `device` (see ``Prepared``).
  public static func prepare(
    _ scene: Scene, on device: DeviceProfile, rules: [any OffscreenRule] = OffscreenRules.all,
    checks: [any ImageCheck] = ImageChecks.all, coefficients: CostCoefficients? = nil
  ) -> Prepared {
    prepare(scene, tree: FlatTree(scene.root), on: device, rules: rules, checks: checks, coefficients: coefficients)
  }

  /// Prepares `scene`, whose layer tree flattened is `tree`, to run on `device`; with the
  /// sorted-sublayer indexes of `indexes` when given, a prepared scene of the same layers,
  /// timeline, extents and places.
  static func prepare(
    _ scene: Scene, tree: FlatTree, on device: DeviceProfile, rules: [any OffscreenRule] = OffscreenRules.all,
    checks: [any ImageCheck] = ImageChecks.all, coefficients: CostCoefficients? = nil, indexesOf indexes: Prepared? = nil
  ) -> Prepared {
    let info = SceneInfo(
      name: scene.name, description: scene.description, deviceID: device.id, deviceName: device.name,
      scale: device.screen.scale, renderedPixels: device.renderedPixels, refreshRate: device.refreshRate,
      iosVersion: scene.iosVersion, source: scene.source, profile: device.userProfile)
    let coefficients = coefficients ?? device.coefficients
    var stepper = FrameStepper(scene, tree: tree, on: device, rules: rules, coefficients: coefficients)
    if let indexes { stepper.prepare(sharingIndexesWith: indexes.stepper) } else { stepper.prepare() }
    return Prepared(
      stepper: stepper, scene: info, hasTimeline: scene.timeline != nil,
      drawingQueues: scene.timeline?.drawingQueues ?? device.cpuCores, iosVersion: scene.iosVersion, device: device,
      coefficients: coefficients, checks: checks)
  }

  /// Runs a prepared scene: the same report as ``run(_:on:rules:checks:coefficients:)``.
  public static func run(_ prepared: Prepared) -> SimulationReport {
    run(prepared, keeping: nil).report
  }

  private static func run(
    _ scene: Scene, on device: DeviceProfile, keeping kept: KeptFrame?, rules: [any OffscreenRule],
    checks: [any ImageCheck], coefficients: CostCoefficients?
  ) -> (report: SimulationReport, snapshot: FrameSnapshot?, frame: Int) {
    run(prepare(scene, on: device, rules: rules, checks: checks, coefficients: coefficients), keeping: kept)
  }

  /// Runs a prepared scene as ``run(_:)`` does, showing each frame to `observer` on the way.
  static func run(_ prepared: Prepared, observing observer: FrameObserver) -> SimulationReport {
    run(prepared, keeping: nil, observer: observer).report
  }

  private static func run(
    _ prepared: Prepared, keeping kept: KeptFrame?, observer: FrameObserver? = nil
  ) -> (report: SimulationReport, snapshot: FrameSnapshot?, frame: Int) {
    let device = prepared.device
    var tally = Tally(
      device: device, rules: prepared.stepper.rules, checks: prepared.checks, iosVersion: prepared.iosVersion,
      origin: SceneOrigin(source: prepared.scene.source),
      frames: prepared.stepper.frameCount,
      wordsLate: prepared.stepper.alternates)
    // The tree and the indexes are shared with `prepared`, never written; the stepper's own state
    // (the plan storage, made on the first frame, the cache, the timeline's place) starts afresh.
    var stepper = prepared.stepper
    var snapshot: FrameSnapshot? = nil
    var keptFrame = 0
    var keptPasses = 0
    var lists = ListReport()
    var backgroundWork: [(tasks: Int, milliseconds: Double)] = []
    for frame in 0..<stepper.frameCount {
      observer?.willStep(frame, stepper)
      let (state, plan, cost) = stepper.step(frame)
      if !state.cellSetUps.isEmpty { lists.add(state.cellSetUps, frame: frame) }
      if cost.backgroundTasks > 0 {
        if backgroundWork.isEmpty { backgroundWork = Array(repeating: (0, 0), count: stepper.frameCount) }
        backgroundWork[frame] = (cost.backgroundTasks, cost.backgroundMs)
      }
      observer?.didStep(frame, state, plan, cost, tree: stepper.tree)
      tally.add(plan, state: state, tree: stepper.tree, cache: stepper.cache, cost: cost, passGPU: stepper.passGPU)
      guard let kept else { continue }
      let keep: Bool
      switch kept {
      case .index(let wanted): keep = frame == min(max(wanted, 0), stepper.frameCount - 1)
      case .worst:
        let passes = tally.frames[frame].offscreenPasses
        keep = snapshot == nil || passes > keptPasses || (passes == keptPasses && cost.gpuMs > snapshot!.cost.gpuMs)
      }
      if keep {
        snapshot = FrameSnapshot(tree: stepper.tree, state: state, plan: plan, cost: cost, device: device)
        keptFrame = frame
        keptPasses = tally.frames[frame].offscreenPasses
      }
    }
    tally.finishWords()
    // A scene without a timeline is a still screen: its steady state is the frame after the first,
    // with everything displayed and the raster cache filled (a static rasterized layer hits).
    var steady: FrameCost? = nil
    if !prepared.hasTimeline {
      let (_, _, cost) = stepper.step(stepper.frameCount, redrawAll: true)
      steady = cost
      tally.addSteadyCache(stepper.cache.counts)
    }
    tally.pace(frameRate: stepper.frameRate, coefficients: prepared.coefficients, steady: steady)
    var report = tally.report(scene: prepared.scene, layers: stepper.tree.count, frameRate: stepper.frameRate)
    if !backgroundWork.isEmpty {
      lists.drawingQueues = prepared.drawingQueues
      lists.late = DrawingQueues.late(frames: backgroundWork, queues: lists.drawingQueues, intervalMs: 1000 / stepper.frameRate)
    }
    if !lists.isEmpty { report.lists = lists }
    return (report, snapshot, keptFrame)
  }

  /// Runs the scene up to `frame` (clamped to the last frame) and returns that frame's snapshot.
  /// The rasterization cache and the displayed-contents memory carry over from earlier frames,
  /// exactly as in ``run(_:on:rules:checks:coefficients:)``.
  public static func snapshot(
    _ scene: Scene, on device: DeviceProfile, frame wanted: Int, rules: [any OffscreenRule] = OffscreenRules.all,
    coefficients: CostCoefficients? = nil
  ) -> FrameSnapshot {
    var stepper = FrameStepper(scene, on: device, rules: rules, coefficients: coefficients ?? device.coefficients)
    let last = min(max(wanted, 0), stepper.frameCount - 1)
    for frame in 0..<last { _ = stepper.step(frame) }
    let (state, plan, cost) = stepper.step(last)
    return FrameSnapshot(tree: stepper.tree, state: state, plan: plan, cost: cost, device: device)
  }
}

/// Watches a run frame by frame (``Simulator/run(_:observing:)``): the stepper before each frame,
/// and what the frame came to.
protocol FrameObserver: AnyObject {
  func willStep(_ frame: Int, _ stepper: FrameStepper)
  func didStep(_ frame: Int, _ state: FrameState, _ plan: FramePlan, _ cost: FrameCost, tree: FlatTree)
}
