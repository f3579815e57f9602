import LayerTree

/// A run's frames laid on the device's display, as the report (``Tally/pace(frameRate:coefficients:steady:)``)
/// and the fix trials (``Simulator/metrics(_:steady:of:)``) both pace them.
///
/// The frames are paced at the rate the content runs at (``FramePacing/rate(content:display:)``):
/// a timeline of Core Animation animations at 60 Hz on a 120 Hz ProMotion iPhone is rendered at
/// 60 Hz, with a 16.7 ms budget and deadlines, as Core Animation renders it. A scene without a
/// timeline is one frame; its rendering is repeated for one second at the display's rate as if
/// the screen were animating, with only a frame's base main-thread work, so the frame rate says
/// what this screen sustains. The repeated frame is `steady`: the frame after the first, when
/// everything is displayed and every rasterized layer that fits is in the cache (the
/// `shouldRasterize` reference: the bitmap is reused while nothing in the subtree changes). Its
/// one-time work (displaying everything for the first time, filling the raster cache) still shows
/// in the first frame's figures.
///
/// The first frame is the screen's first display, measured apart (``firstDisplay``): a timeline's
/// frame rate, hitches and utilizations are those of the frames after it
/// (``FramePacing/run(_:times:durationMs:firstDisplayApart:)``); a still screen's one frame is
/// paced alone for it.
struct RunPacing {
  let pacing: FramePacing
  /// The stages paced: the frames', or a still screen's steady frame repeated.
  let stages: [FramePacing.Stage]
  /// The run's length, in ms.
  let durationMs: Double
  let result: FramePacing.Result
  /// The screen's first display: when the first frame reached the screen, and how late.
  let firstDisplay: FramePacing.FirstDisplay

  /// Paces `frames`, whose content times are `times` (ms), of a run at `frameRate` frames a
  /// second on `device`; `steady` is a still screen's steady frame (nil for a timeline).
  init(
    _ frames: [FramePacing.Stage], times: [Double], frameRate: Double, device: DeviceProfile, coefficients: CostCoefficients,
    steady: FrameCost?
  ) {
    let pacing = FramePacing(content: frameRate, display: device.refreshRate)
    var stages = frames
    var times = times
    var duration = Double(frames.count) / frameRate * 1000
    if let steady {
      let steadyMain = coefficients.frameBaseTime * 1000 / device.cpuSpeed
      let stage = FramePacing.Stage(
        mainThreadMs: steadyMain, renderServerMs: steady.renderServerMs, gpuMs: steady.gpuMs, gpuIdleMs: steady.gpuIdleMs)
      stages = Array(repeating: stage, count: max(Int(pacing.refreshRate.rounded()), 1))
      times = (0..<stages.count).map { Double($0) * pacing.interval }
      duration = Double(stages.count) * pacing.interval
    }
    self.pacing = pacing
    self.stages = stages
    durationMs = duration
    result = pacing.run(stages, times: times, durationMs: duration, firstDisplayApart: steady == nil)
    if steady == nil, let first = result.firstDisplay {
      firstDisplay = first
    } else {
      // A still screen's one frame, alone (or a timeline that showed nothing: not reached).
      let first = frames.isEmpty ? [] : [frames[0]]
      firstDisplay =
        pacing.run(first, times: [0], durationMs: pacing.interval, firstDisplayApart: true).firstDisplay
        ?? FramePacing.FirstDisplay(frame: 0, presentedAt: 0, lateMs: 0, late: nil)
    }
  }
}

extension Tally {
  /// Paces the frames on the device's display (``RunPacing``) and sums up the run's performance.
  mutating func pace(frameRate: Double, coefficients: CostCoefficients, steady steadyCost: FrameCost?) {
    let hasTimeline = steadyCost == nil
    // Each frame's phases summed from its cost table, read once per frame (a table is a few
    // hundred bytes, copied at each read through a frame's report).
    var frameStages: [FramePacing.Stage] = []
    var frameBackground: [Double] = []
    frameStages.reserveCapacity(frames.count)
    frameBackground.reserveCapacity(frames.count)
    let phases: [CostItem.Phase] = [.gpu, .mainThread]
    // Each item's mean over the frames, added frame by frame in a fixed table (the items a frame
    // never added are not in the breakdown).
    var means = CostTable()
    let frameCount = Double(frames.count)
    frames.withUnsafeBufferPointer { frames in
      for frame in frames {
        let table = frame.cost.table
        frameStages.append(
          FramePacing.Stage(
            mainThreadMs: table.sum(.mainThread), renderServerMs: table.sum(.renderServer), gpuMs: table.sum(.gpu),
            gpuIdleMs: frame.cost.gpuIdleMs))
        frameBackground.append(table.sum(.background))
        table.forEachAdded(in: phases) { position, value in means.add(position, value / frameCount) }
      }
    }
    let run = RunPacing(
      frameStages, times: frames.map { $0.time * 1000 }, frameRate: frameRate, device: device, coefficients: coefficients,
      steady: steadyCost)
    let pacing = run.pacing
    let stages = run.stages
    let result = run.result
    // A still screen's repeated frame does no background work.
    let background = hasTimeline ? frameBackground : Array(repeating: 0, count: stages.count)
    if hasTimeline {
      for index in frames.indices where index < result.frames.count { frames[index].outcome = result.frames[index] }
    } else if !frames.isEmpty {
      // A still screen's one frame shows when its first display does.
      frames[0].outcome = FramePacing.FrameOutcome(presentedAt: run.firstDisplay.presentedAt, hitchMs: 0, hitch: nil)
    }
    func distribution(_ values: [Double]) -> Distribution { Distribution(values) }
    let gpu = stages.map(\.gpuMs)
    let main = frameStages.map(\.mainThreadMs)
    let server = stages.map(\.renderServerMs)
    var gpuItems = means.dictionary(.gpu)
    let mainItems = means.dictionary(.mainThread)
    // A still screen's GPU items are its steady frame's, as its GPU time is.
    if let steadyCost { gpuItems = steadyCost.gpu }
    // The limiting stage: the main thread when commits hitch most, else the slower of the render
    // server and the GPU; none when the run is smooth (good hitch band, full frame rate).
    let targetFps = min(device.refreshRate, frameRate)
    let smooth = HitchBand(ratio: result.hitchTimeRatio) == .good && result.fps >= targetFps - 0.5
    // Each distribution made once: its percentile sorts the frames' values.
    let gpuMs = distribution(gpu)
    let renderServerMs = distribution(server)
    let renderStage: Performance.Stage = renderServerMs.p95 > gpuMs.p95 ? .renderServer : .gpu
    let bottleneck: Performance.Stage? = smooth ? nil : (result.commitHitches > result.renderHitches ? .mainThread : renderStage)
    // The app's CPU over the frames measured and their time, as the main thread's utilization.
    let measured = min(result.firstMeasuredFrame, stages.count)
    let appBusy = stages[measured...].reduce(0) { $0 + $1.mainThreadMs } + background[measured...].reduce(0, +)
    let wall = max(result.wallMs, pacing.interval)
    // The first display's own figures, and what made it late: the main thread when its commit
    // was late, else the slower of the render server and the GPU on the frame shown.
    let first = run.firstDisplay
    let own = frameStages.first ?? FramePacing.Stage(mainThreadMs: 0, renderServerMs: 0, gpuMs: 0)
    let shownStage = first.frame < frameStages.count ? frameStages[first.frame] : own
    let cause: Performance.Stage?
    switch first.late {
    case .commit?: cause = .mainThread
    case .render?: cause = shownStage.renderServerMs > shownStage.gpuMs ? .renderServer : .gpu
    case nil: cause = nil
    }
    let firstFrame = FirstFrame(
      presentedAtMs: first.presentedAt, lateMs: first.lateMs, cause: cause, mainThreadMs: own.mainThreadMs,
      renderServerMs: own.renderServerMs, gpuMs: own.gpuMs)
    performance = Performance(
      budgetMs: pacing.interval, refreshRate: device.refreshRate, contentRate: pacing.refreshRate, targetFps: targetFps,
      fps: result.fps, hitchTimeRatio: result.hitchTimeRatio,
      hitchBand: HitchBand(ratio: result.hitchTimeRatio), hitches: result.hitches, commitHitches: result.commitHitches,
      renderHitches: result.renderHitches, tripleBuffered: result.tripleBuffered, gpuUtilization: result.gpuUtilization,
      cpuUtilization: result.mainThreadUtilization,
      processCpuUtilization: appBusy / wall,
      renderServerUtilization: result.renderServerUtilization,
      gpuMs: gpuMs, renderServerMs: renderServerMs, mainThreadMs: distribution(main),
      backgroundMs: distribution(frameBackground), gpuBreakdown: gpuItems,
      mainThreadBreakdown: mainItems,
      bottleneck: bottleneck, firstFrame: firstFrame)
  }
}
