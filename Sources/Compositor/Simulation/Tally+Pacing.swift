import LayerTree

extension Tally {
  /// Paces the frames on the device's display. A scene without a timeline is one frame; its
  /// rendering is repeated for one second as if the screen were animating, with only a frame's
  /// base main-thread work, so the frame rate says what this screen sustains. The repeated frame
  /// is `steady`: the frame after the first, when everything is displayed and every rasterized
  /// layer that fits is in the cache (the `shouldRasterize` reference: the bitmap is reused while
  /// nothing in the subtree changes). Its one-time work (displaying everything for the first
  /// time, filling the raster cache) still shows in the first frame's figures.
  mutating func pace(frameRate: Double, coefficients: CostCoefficients, steady steadyCost: FrameCost?) {
    let hasTimeline = steadyCost == nil
    let pacing = FramePacing(refreshRate: device.refreshRate)
    // Each frame's phases summed from its cost table, read once per frame (a table is a few
    // hundred bytes, copied at each read through a frame's report).
    var stages: [FramePacing.Stage] = []
    var background: [Double] = []
    var frameMain: [Double] = []
    stages.reserveCapacity(frames.count)
    background.reserveCapacity(frames.count)
    frameMain.reserveCapacity(frames.count)
    let phases: [CostItem.Phase] = [.gpu, .mainThread]
    // Each item's mean over the frames, added frame by frame in a fixed table (the items a frame
    // never added are not in the breakdown).
    var means = CostTable()
    let frameCount = Double(frames.count)
    frames.withUnsafeBufferPointer { frames in
      for frame in frames {
        let table = frame.cost.table
        let main = table.sum(.mainThread)
        stages.append(
          FramePacing.Stage(
            mainThreadMs: main, renderServerMs: table.sum(.renderServer), gpuMs: table.sum(.gpu), gpuIdleMs: frame.cost.gpuIdleMs))
        background.append(table.sum(.background))
        frameMain.append(main)
        table.forEachAdded(in: phases) { position, value in means.add(position, value / frameCount) }
      }
    }
    let frameBackground = background
    var times = frames.map { $0.time * 1000 }
    var duration = Double(frames.count) / frameRate * 1000
    if let steadyCost {
      let steadyMain = coefficients.frameBaseTime * 1000 / device.cpuSpeed
      let repeats = Int(device.refreshRate.rounded())
      let steady = FramePacing.Stage(
        mainThreadMs: steadyMain, renderServerMs: steadyCost.renderServerMs, gpuMs: steadyCost.gpuMs, gpuIdleMs: steadyCost.gpuIdleMs)
      stages = Array(repeating: steady, count: max(repeats, 1))
      times = (0..<stages.count).map { Double($0) * pacing.interval }
      duration = Double(stages.count) * pacing.interval
      background = Array(repeating: 0, count: stages.count)
    }
    let result = pacing.run(stages, times: times, durationMs: duration)
    for index in frames.indices where index < result.frames.count { frames[index].outcome = result.frames[index] }
    func distribution(_ values: [Double]) -> Distribution { Distribution(values) }
    let gpu = stages.map(\.gpuMs)
    let main = hasTimeline ? stages.map(\.mainThreadMs) : frameMain
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
    let wall = max(duration, pacing.interval)
    performance = Performance(
      budgetMs: pacing.interval, refreshRate: device.refreshRate, targetFps: targetFps, fps: result.fps,
      hitchTimeRatio: result.hitchTimeRatio,
      hitchBand: HitchBand(ratio: result.hitchTimeRatio), hitches: result.hitches, commitHitches: result.commitHitches,
      renderHitches: result.renderHitches, tripleBuffered: result.tripleBuffered, gpuUtilization: result.gpuUtilization,
      cpuUtilization: result.mainThreadUtilization,
      processCpuUtilization: (stages.map(\.mainThreadMs).reduce(0, +) + background.reduce(0, +)) / wall,
      renderServerUtilization: result.renderServerUtilization,
      gpuMs: gpuMs, renderServerMs: renderServerMs, mainThreadMs: distribution(main),
      backgroundMs: distribution(hasTimeline ? background : frameBackground), gpuBreakdown: gpuItems,
      mainThreadBreakdown: mainItems,
      bottleneck: bottleneck)
  }
}
