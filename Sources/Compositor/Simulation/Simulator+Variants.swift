import LayerTree

/// What `explain` and `optimize` ask of the simulator for each fix they try: the scene with a
/// few layers edited, prepared from the scene as it is, and run for the figures a fix is judged
/// by alone.
extension Simulator {
  /// `edited`, a copy of the scene `base` was prepared from with the layers at `changed` (tree
  /// indices of `base`) edited, prepared as ``prepare(_:on:rules:checks:coefficients:)`` prepares it,
  /// on the same device with the same rules and coefficients. The flattened tree is made from
  /// `base`'s (``FlatTree/edited(_:changed:)``): only the edited layers' render properties are
  /// computed again. The sorted-sublayer indexes are `base`'s when the edits leave every layer
  /// in its place with its extent; the timeline's targets and the frames' state start afresh.
  /// `sources[i]` is `base`'s index of the edited tree's layer i.
  ///
  /// Nil when `edited` is not such a copy (a layer added, moved or renamed, or one edited that is
  /// not in `changed`): prepare it in full then.
  static func prepare(_ edited: Scene, from base: Prepared, changed: Set<Int>) -> (prepared: Prepared, sources: [Int32])? {
    let baseTree = base.stepper.tree
    guard let (tree, sources) = baseTree.edited(edited.root, changed: changed) else { return nil }
    // The same layers, extents and places: the sorted-sublayer indexes are the base's.
    let placed = changed.allSatisfy { index in
      guard index < tree.count else { return true }
      let before = baseTree.layer(index)
      let after = tree.layer(index)
      return before.frame == after.frame && before.transform == after.transform && before.anchorPoint == after.anchorPoint
    }
    let sameIndexes = sources.count == baseTree.count && placed && tree.extents == baseTree.extents
    let prepared = prepare(
      edited, tree: tree, on: base.device, rules: base.stepper.rules, checks: base.checks, coefficients: base.coefficients,
      indexesOf: sameIndexes ? base : nil)
    return (prepared, sources)
  }

  /// The figures a fix is judged by (``SceneMetrics``), from the frames of the prepared scene:
  /// the same frames as ``run(_:)`` runs (the same plans and costs, paced the same way), without
  /// what only the report needs (findings and their words, image checks, backing stores, the
  /// per-frame records).
  ///
  /// `SceneMetrics(Simulator.run(prepared))` is the same value.
  static func metrics(_ prepared: Prepared) -> SceneMetrics {
    var stepper = prepared.stepper
    var frames: [FrameFigures] = []
    frames.reserveCapacity(stepper.frameCount)
    for frame in 0..<stepper.frameCount {
      let (state, plan, cost) = stepper.step(frame)
      frames.append(FrameFigures(state, plan, cost, tree: stepper.tree))
    }
    return metrics(frames, steady: prepared.hasTimeline ? nil : stepper.step(stepper.frameCount, redrawAll: true).2, of: prepared)
  }

  /// What ``SceneMetrics`` needs of one frame.
  struct FrameFigures: Sendable, Hashable {
    /// Offscreen passes as `Tally` counts them: those of every layer drawn (not in a mask, not
    /// culled, not drawn by a rasterized ancestor's cached bitmap).
    var passes: Int
    var stage: FramePacing.Stage
    /// The frame's time, in ms.
    var time: Double
    var backgroundMs: Double

    init(_ state: FrameState, _ plan: FramePlan, _ cost: FrameCost, tree: FlatTree) {
      let records = plan.nodes.records
      let allPasses = plan.nodes.passes
      let inMask = tree.inMask
      var count = 0
      for position in plan.visited.indices {
        let record = records[position]
        guard record.hasPasses, !inMask[plan.visited[position]], !record.culled, !record.insideRasterHit else { continue }
        for index in record.passRange { count += allPasses[index].passes }
      }
      passes = count
      stage = FramePacing.Stage(
        mainThreadMs: cost.mainThreadMs, renderServerMs: cost.renderServerMs, gpuMs: cost.gpuMs, gpuIdleMs: cost.gpuIdleMs)
      time = state.time * 1000
      backgroundMs = cost.backgroundMs
    }
  }

  /// The figures of a run of `prepared` whose frames are `frames`, and whose steady frame, for a
  /// scene without a timeline, cost `steady`: paced as the report paces a run (``RunPacing``: a
  /// still screen is its steady frame repeated for a second, with a frame's base main-thread
  /// work).
  static func metrics(_ frames: [FrameFigures], steady: FrameCost?, of prepared: Prepared) -> SceneMetrics {
    let run = RunPacing(
      frames.map(\.stage), times: frames.map(\.time), frameRate: prepared.stepper.frameRate, device: prepared.device,
      coefficients: prepared.coefficients, steady: steady)
    let count = frames.count
    let stages = run.stages
    let paced = run.result
    let gpu = Distribution(stages.map(\.gpuMs))
    let main = Distribution(frames.map(\.stage.mainThreadMs))
    let background = Distribution(frames.map(\.backgroundMs))
    let passes = frames.map(\.passes)
    return SceneMetrics(
      offscreenPassesMax: passes.max() ?? 0,
      offscreenPassesMean: passes.isEmpty ? 0 : Double(passes.reduce(0, +)) / Double(passes.count), gpuMsP95: gpu.p95,
      gpuMsMean: gpu.mean, mainThreadMsP95: main.p95, renderServerMsP95: Distribution(stages.map(\.renderServerMs)).p95,
      backgroundMsP95: background.p95, backgroundMsMean: background.mean, fps: paced.fps, hitchTimeRatio: paced.hitchTimeRatio,
      frames: count)
  }
}
