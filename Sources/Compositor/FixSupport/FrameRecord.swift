import LayerTree

/// One stepping of the scene as it is, kept so that a trial (the scene with a fix's edits)
/// simulates only the frames its edits can change.
///
/// A frame reads a layer when the decide pass visits it and does not cull it (it then reads its
/// properties, and those of its mask's subtree) or when the timeline's state for the frame
/// changes it. A layer the decide pass culls is read for its place, size, transform, opacity,
/// visibility and extent alone. A frame that reads none of the edited layers (nor the layers an
/// edit removes), entered with the same carried state (``FrameStepper/Carried``: the raster
/// cache, what each layer displayed), is the same frame in the trial as here, provided the edits
/// leave every layer's extent, and the edited layers' place, size, transform, opacity and
/// visibility, as they are, and remove no layer the timeline names. So a trial
/// - takes the frames before the first one that reads an edited layer from here, and goes on from
///   the carried state recorded at or before it (``checkpoints``);
/// - after the last frame that reads one, takes the rest from here as soon as its carried state
///   is the recorded one, for the cache and every layer a later frame reads.
///
/// The record steps every frame once, plan and cost: about what one simulation costs, the same
/// stepping as the facts some fixes ask for (``SceneRun``, made along).
struct FrameRecord: Sendable {
  /// Each frame's figures, as ``Simulator/metrics(_:)`` counts them.
  let frames: [Simulator.FrameFigures]
  /// The state carried into frames 0, `interval`, 2 x `interval`...
  let checkpoints: [FrameStepper.Carried]
  let interval: Int
  /// Per layer, the first and the last frame that read it; -1 when none does.
  let firstRead: [Int32]
  let lastRead: [Int32]
  /// The facts the fixes' checks ask for, from the same frames.
  let run: SceneRun

  /// Checkpoints kept at most, and the bytes their per-layer memory may take in all: the longer
  /// the interval, the more frames a trial steps again before and after the ones it changes.
  static let maxCheckpoints = 240
  static let maxCheckpointBytes = 16 << 20

  /// Steps the scene whose flattened tree is `tree` for its record.
  init(scene: Scene, tree: FlatTree, device: DeviceProfile, coefficients: CostCoefficients) {
    var stepper = FrameStepper(scene, tree: tree, on: device, rules: OffscreenRules.all, coefficients: coefficients)
    stepper.prepare()
    let recorder = Recorder(tree: tree, frames: stepper.frameCount)
    for frame in 0..<stepper.frameCount {
      recorder.willStep(frame, stepper)
      let (state, plan, cost) = stepper.step(frame)
      recorder.didStep(frame, state, plan, cost, tree: tree)
    }
    self = recorder.record
  }

  fileprivate init(
    frames: [Simulator.FrameFigures], checkpoints: [FrameStepper.Carried], interval: Int, firstRead: [Int32], lastRead: [Int32],
    run: SceneRun
  ) {
    self.frames = frames
    self.checkpoints = checkpoints
    self.interval = interval
    self.firstRead = firstRead
    self.lastRead = lastRead
    self.run = run
  }

  /// Makes a record of the frames it is shown, in order from 0, by a run (its own stepping, or
  /// a simulation's: ``Simulator/run(_:observing:)``).
  final class Recorder: FrameObserver {
    private let interval: Int
    private var first: [Int32]
    private var last: [Int32]
    private var run: SceneRun
    private var frames: [Simulator.FrameFigures] = []
    private var checkpoints: [FrameStepper.Carried] = []

    /// For a run of `frames` frames of `tree`.
    init(tree: FlatTree, frames count: Int) {
      let layers = max(tree.count, 1)
      // Four flags a layer per checkpoint.
      let kept = max(1, min(FrameRecord.maxCheckpoints, count, FrameRecord.maxCheckpointBytes / (4 * layers)))
      interval = max(1, (count + kept - 1) / kept)
      first = Array(repeating: -1, count: tree.count)
      last = Array(repeating: -1, count: tree.count)
      run = SceneRun(tree: tree)
      frames.reserveCapacity(count)
    }

    func willStep(_ frame: Int, _ stepper: FrameStepper) {
      if frame % interval == 0 { checkpoints.append(stepper.carried) }
    }

    func didStep(_ frame: Int, _ state: FrameState, _ plan: FramePlan, _ cost: FrameCost, tree: FlatTree) {
      frames.append(Simulator.FrameFigures(state, plan, cost, tree: tree))
      run.add(state, plan)
      let number = Int32(frame)
      func read(_ index: Int) {
        if first[index] < 0 { first[index] = number }
        last[index] = number
      }
      let records = plan.nodes.records
      for (position, index) in plan.visited.enumerated() where !records[position].culled { read(index) }
      for index in state.contentChanged { read(index) }
      for index in state.appChanged { read(index) }
      // A set-up cell's solve and heights measure every label in it, shown or not.
      for setUp in state.cellSetUps {
        for index in setUp.cell..<tree.subtreeEnds[setUp.cell] { read(index) }
      }
      for index in state.appearanceChanged { read(index) }
      for index in state.placementChanged { read(index) }
      for index in state.animated { read(index) }
      for index in state.layers.keys { read(index) }
      for index in state.boundsOrigins.keys { read(index) }
    }

    /// The record of the frames shown so far.
    var record: FrameRecord {
      FrameRecord(frames: frames, checkpoints: checkpoints, interval: interval, firstRead: first, lastRead: last, run: run)
    }
  }

  /// The figures of the trial prepared in `prepared`: the scene this record stepped, with the
  /// layers at `changed` edited (indices of the record's tree, `tree`), its tree made from the
  /// record's (`sources[i]`: the record's index of the trial's layer i). Only the frames the
  /// edits can change are stepped (`stepped` counts them); nil when the edits change what the
  /// record relies on (an extent, a layer the timeline names): simulate the trial in full then.
  func metrics(
    of prepared: Simulator.Prepared, sources: [Int32], changed: Set<Int>, tree: FlatTree, timelineLayers: [Int]
  ) -> (metrics: SceneMetrics, stepped: Int)? {
    let trialTree = prepared.stepper.tree
    // The record's layer i is the trial's map[i]; nil when the trees have the same layers.
    var map: [Int32]? = nil
    var removed: [Int] = []
    if sources.count != tree.count {
      var table = [Int32](repeating: -1, count: tree.count)
      for (index, source) in sources.enumerated() { table[Int(source)] = Int32(index) }
      removed = table.indices.filter { table[$0] < 0 }
      map = table
    }
    // Every layer's extent as it was, and the edited layers' place and visibility: the decide
    // pass skips and culls the same subtrees.
    for index in 0..<trialTree.count where trialTree.extents[index] != tree.extents[Int(sources[index])] { return nil }
    for index in changed where index < tree.count {
      let mine = map.map { Int($0[index]) } ?? index
      guard mine >= 0 else { continue }
      let before = tree.layer(index)
      let after = trialTree.layer(mine)
      guard
        before.frame == after.frame && before.transform == after.transform && before.anchorPoint == after.anchorPoint
          && before.opacity == after.opacity && before.isHidden == after.isHidden
      else { return nil }
    }
    // No layer the timeline names is removed: the same targets, reuse pools and still subtrees.
    if !removed.isEmpty, let map {
      for index in timelineLayers where map[index] < 0 { return nil }
    }
    // The frames that read an edited or removed layer, or the owner of the mask it is in.
    var firstTouch = Int.max
    var lastTouch = -1
    func touch(_ index: Int) {
      if firstRead[index] >= 0 { firstTouch = min(firstTouch, Int(firstRead[index])) }
      lastTouch = max(lastTouch, Int(lastRead[index]))
    }
    for index in Array(changed) + removed where index < tree.count {
      touch(index)
      var owner = index
      while owner >= 0 && tree.inMask[owner] { owner = tree.parents[owner] }
      if owner >= 0 { touch(owner) }
      // A view's solve measures every label inside it, read or not: the frames that read the views
      // laid out around the layer.
      var view = CostModel.constrainedView(of: index, tree: tree)
      while let found = view {
        touch(found)
        view = CostModel.constrainedView(of: tree.parents[found], tree: tree)
      }
    }
    guard firstTouch <= lastTouch else {
      return (Simulator.metrics(frames, steady: nil, of: prepared), 0)
    }
    var stepper = prepared.stepper
    let start = firstTouch / interval * interval
    guard stepper.resume(checkpoints[start / interval], map: map, at: start) else { return nil }
    var figures = Array(frames[0..<start])
    figures.reserveCapacity(frames.count)
    var frame = start
    var stepped = 0
    while frame < frames.count {
      if frame > lastTouch, frame % interval == 0 {
        let read = lastRead.indices.filter { Int(lastRead[$0]) >= frame }
        if stepper.carries(checkpoints[frame / interval], map: map, read: read) {
          figures += frames[frame...]
          break
        }
      }
      let (state, plan, cost) = stepper.step(frame)
      figures.append(Simulator.FrameFigures(state, plan, cost, tree: trialTree))
      frame += 1
      stepped += 1
    }
    return (Simulator.metrics(figures, steady: nil, of: prepared), stepped)
  }
}
