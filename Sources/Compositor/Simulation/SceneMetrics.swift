/// The figures a fix is judged by, from one simulation: offscreen passes, GPU, main-thread,
/// render-server and background time, frame rate and hitch time ratio.
public struct SceneMetrics: Sendable, Hashable {
  /// Offscreen passes in the frame with the most.
  public var offscreenPassesMax: Int
  public var offscreenPassesMean: Double
  public var gpuMsP95: Double
  public var gpuMsMean: Double
  public var mainThreadMsP95: Double
  public var renderServerMsP95: Double
  public var backgroundMsP95: Double
  public var backgroundMsMean: Double
  public var fps: Double
  /// Hitch milliseconds per second.
  public var hitchTimeRatio: Double
  public var frames: Int

  init(
    offscreenPassesMax: Int, offscreenPassesMean: Double, gpuMsP95: Double, gpuMsMean: Double, mainThreadMsP95: Double,
    renderServerMsP95: Double, backgroundMsP95: Double, backgroundMsMean: Double, fps: Double, hitchTimeRatio: Double, frames: Int
  ) {
    self.offscreenPassesMax = offscreenPassesMax
    self.offscreenPassesMean = offscreenPassesMean
    self.gpuMsP95 = gpuMsP95
    self.gpuMsMean = gpuMsMean
    self.mainThreadMsP95 = mainThreadMsP95
    self.renderServerMsP95 = renderServerMsP95
    self.backgroundMsP95 = backgroundMsP95
    self.backgroundMsMean = backgroundMsMean
    self.fps = fps
    self.hitchTimeRatio = hitchTimeRatio
    self.frames = frames
  }

  public init(_ report: SimulationReport) {
    let summary = report.summary
    let performance = summary.performance
    offscreenPassesMax = summary.offscreenPasses.perFrameMax
    offscreenPassesMean = summary.offscreenPasses.perFrameMean
    gpuMsP95 = performance.gpuMs.p95
    gpuMsMean = performance.gpuMs.mean
    mainThreadMsP95 = performance.mainThreadMs.p95
    renderServerMsP95 = performance.renderServerMs.p95
    // From the frames themselves, like the main thread: a scene without a timeline is one frame
    // whose background work (drawing shown for the first time) is its only background work.
    let background = Distribution(report.frames.map(\.cost.backgroundMs))
    backgroundMsP95 = background.p95
    backgroundMsMean = background.mean
    fps = performance.fps
    hitchTimeRatio = performance.hitchTimeRatio
    frames = summary.frames
  }

  /// Milliseconds on the paths that make a frame late: GPU, main thread and render server, each
  /// at its 95th percentile. Background threads are left out: they delay no frame.
  public var criticalMs: Double { gpuMsP95 + mainThreadMsP95 + renderServerMsP95 }
}

/// What a change saved, from the figures before and after: positive numbers are savings.
public struct Saving: Sendable, Hashable {
  public var before: SceneMetrics
  public var after: SceneMetrics

  public init(before: SceneMetrics, after: SceneMetrics) {
    self.before = before
    self.after = after
  }

  /// Milliseconds saved on the GPU, main thread and render server (p95 each).
  public var criticalMs: Double { before.criticalMs - after.criticalMs }
  public var offscreenPasses: Int { before.offscreenPassesMax - after.offscreenPassesMax }
  public var offscreenPassesMean: Double { before.offscreenPassesMean - after.offscreenPassesMean }

  /// True when the change takes away passes or time on the frame's critical path.
  public var improves: Bool {
    offscreenPassesMean > 1e-9 || offscreenPasses > 0 || criticalMs > 1e-9
  }

  /// Hitch milliseconds per second saved.
  public var hitchTimeRatio: Double { before.hitchTimeRatio - after.hitchTimeRatio }
  /// Frames per second gained.
  public var fps: Double { after.fps - before.fps }

  /// True when `self` saves more than `other`: what the user feels first (hitch time ratio, then
  /// frame rate, both in whole refresh intervals), then milliseconds on the critical path, then
  /// offscreen passes.
  public func isBetter(than other: Saving) -> Bool {
    if abs(hitchTimeRatio - other.hitchTimeRatio) > 1e-6 { return hitchTimeRatio > other.hitchTimeRatio }
    if abs(fps - other.fps) > 1e-6 { return fps > other.fps }
    if abs(criticalMs - other.criticalMs) > 1e-9 { return criticalMs > other.criticalMs }
    if abs(offscreenPassesMean - other.offscreenPassesMean) > 1e-9 { return offscreenPassesMean > other.offscreenPassesMean }
    return offscreenPasses > other.offscreenPasses
  }
}
