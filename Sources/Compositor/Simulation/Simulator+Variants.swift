import LayerTree

/// What `explain` and `optimize` ask of the simulator for each fix they try: the scene with a
/// few layers edited, prepared from the scene as it is, and run for the figures a fix is judged
/// by alone.
extension Simulator {
  /// `edited`, a copy of the scene `base` was prepared from with the layers at `changed` (tree
  /// indices of `base`) edited, prepared as ``prepare(_:on:rules:coefficients:)`` prepares it,
  /// on the same device with the same rules and coefficients. The flattened tree is made from
  /// `base`'s (``FlatTree/edited(_:changed:)``): only the edited layers' render properties are
  /// computed again. The timeline's targets, the sorted-sublayer indexes and the frames' state
  /// start afresh.
  ///
  /// Nil when `edited` is not such a copy (a layer added, moved or renamed, or one edited that is
  /// not in `changed`): prepare it in full then.
  static func prepare(_ edited: Scene, from base: Prepared, changed: Set<Int>) -> Prepared? {
    guard let tree = base.stepper.tree.edited(edited.root, changed: changed) else { return nil }
    return prepare(edited, tree: tree, on: base.device, rules: base.stepper.rules, coefficients: base.coefficients)
  }

  /// The figures a fix is judged by (``SceneMetrics``), from the frames of the prepared scene:
  /// the same frames as ``run(_:)`` runs (the same plans and costs, paced the same way), without
  /// what only the report needs (findings and their words, image checks, backing stores, the
  /// per-frame records).
  ///
  /// `SceneMetrics(Simulator.run(prepared))` is the same value.
  static func metrics(_ prepared: Prepared) -> SceneMetrics {
    var stepper = prepared.stepper
    let count = stepper.frameCount
    var passes: [Int] = []
    var stages: [FramePacing.Stage] = []
    var times: [Double] = []
    var background: [Double] = []
    passes.reserveCapacity(count)
    stages.reserveCapacity(count)
    times.reserveCapacity(count)
    background.reserveCapacity(count)
    for frame in 0..<count {
      let (state, plan, cost) = stepper.step(frame)
      passes.append(offscreenPasses(plan, tree: stepper.tree))
      stages.append(FramePacing.Stage(mainThreadMs: cost.mainThreadMs, renderServerMs: cost.renderServerMs, gpuMs: cost.gpuMs))
      times.append(state.time * 1000)
      background.append(cost.backgroundMs)
    }
    // As `Tally.pace` paces a run: a still screen is its steady frame (the one after the first)
    // repeated for a second, with a frame's base main-thread work.
    let device = prepared.device
    let pacing = FramePacing(refreshRate: device.refreshRate)
    let frameMain = stages.map(\.mainThreadMs)
    var duration = Double(count) / stepper.frameRate * 1000
    if !prepared.hasTimeline {
      let (_, _, steadyCost) = stepper.step(count)
      let steadyMain = prepared.coefficients.frameBaseTime * 1000 / device.cpuSpeed
      let steady = FramePacing.Stage(mainThreadMs: steadyMain, renderServerMs: steadyCost.renderServerMs, gpuMs: steadyCost.gpuMs)
      stages = Array(repeating: steady, count: max(Int(device.refreshRate.rounded()), 1))
      times = (0..<stages.count).map { Double($0) * pacing.interval }
      duration = Double(stages.count) * pacing.interval
    }
    let paced = pacing.run(stages, times: times, durationMs: duration)
    let gpu = Distribution(stages.map(\.gpuMs))
    let backgroundMs = Distribution(background)
    return SceneMetrics(
      offscreenPassesMax: passes.max() ?? 0,
      offscreenPassesMean: passes.isEmpty ? 0 : Double(passes.reduce(0, +)) / Double(passes.count), gpuMsP95: gpu.p95,
      gpuMsMean: gpu.mean, mainThreadMsP95: Distribution(prepared.hasTimeline ? stages.map(\.mainThreadMs) : frameMain).p95,
      renderServerMsP95: Distribution(stages.map(\.renderServerMs)).p95, backgroundMsP95: backgroundMs.p95,
      backgroundMsMean: backgroundMs.mean, fps: paced.fps, hitchTimeRatio: paced.hitchTimeRatio, frames: count)
  }

  /// The frame's offscreen passes as `Tally` counts them: those of every layer drawn (not in a
  /// mask, not culled, not drawn by a rasterized ancestor's cached bitmap).
  private static func offscreenPasses(_ plan: FramePlan, tree: FlatTree) -> Int {
    let records = plan.nodes.records
    let passes = plan.nodes.passes
    let inMask = tree.inMask
    var count = 0
    for position in plan.visited.indices {
      let record = records[position]
      guard record.hasPasses, !inMask[plan.visited[position]], !record.culled, !record.insideRasterHit else { continue }
      for index in record.passRange { count += passes[index].passes }
    }
    return count
  }
}
