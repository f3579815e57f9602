/// When each frame reaches the screen, given each frame's main-thread, render-server and GPU
/// time: the render loop of Apple's "Understanding hitches in your app" (tech talks 10855-10857).
///
/// - Frame k's commit starts at its content time or when the main thread is free, whichever is
///   later, and must finish by the next vsync (the commit deadline); a late commit is picked up
///   at the first vsync after it finishes.
/// - A frame in which the app changed nothing (only Core Animation animations run) needs no
///   commit: the render server animates the layer tree it already has, whatever the main thread
///   is doing (WWDC14 session 419: once committed, an animation is rendered frame by frame by the
///   render server without the app). Its commit is "ready" at its deadline.
/// - The render server takes the newest commit at a vsync when it is free; render prepare runs
///   on its CPU, then render execute on the GPU, which may still be finishing the previous frame.
///   The frame shows at the first vsync after the GPU is done.
/// - A hitch is a frame shown later than expected; it lasts a whole number of refresh intervals.
///   It is a **commit hitch** when the app caused it: the shown frame's commit, or that of a frame
///   it replaced since the previous one shown, missed its deadline (the main thread stalled). It
///   is a **render hitch** otherwise: every commit was on time and the render server or the GPU
///   took too long. A main-thread stall is never a render hitch (Apple, tech talk 10856).
/// - After a render hitch the system falls back to triple buffering: frames are expected three
///   intervals after their start, trading latency for smoothness, for the rest of the run.
/// - Commits superseded before the render server took them are never shown: they are dropped
///   frames, counted in the frame rate. The frame shown in their place renders what they changed
///   as well: its render-server and GPU time are at least theirs (``absorb(_:into:)``). A frame
///   passed over while its commit was still on the main thread (an animation-only frame shown
///   meanwhile) hands its work to the first frame shown after its commit lands.
/// - The interval is the one the content is rendered at (``rate(content:display:)``): on a
///   ProMotion display, the rate Core Animation renders the content at is the display's refresh
///   rate as the app sees it, and a frame's deadline (a display link's `targetTimestamp`) is the
///   end of that interval (Apple, "Optimizing iPhone and iPad apps to support ProMotion
///   displays").
/// - Measured with the first display apart (``run(_:times:durationMs:firstDisplayApart:)``), the
///   first frame shown is the screen's first display: its lateness is given on its own
///   (``FirstDisplay``), and the frame rate, hitches and utilizations are those of the frames
///   after it, as XCTest's scroll metrics and Instruments' scroll measurements leave out the
///   screen's appearance.
public struct FramePacing: Sendable {
  public struct Stage: Sendable, Hashable {
    public var mainThreadMs: Double
    public var renderServerMs: Double
    public var gpuMs: Double
    /// The part of `gpuMs` in which the GPU idles at render-target switches (WWDC14 session 419:
    /// a GPU-bound app with many switches shows less than 100% GPU utilization in Instruments).
    /// The frame still takes `gpuMs` on the GPU; only the utilization leaves this part out.
    public var gpuIdleMs: Double
    /// The app changed something this frame, so the frame waits for its commit. False for a
    /// frame that only Core Animation animations change: the render server draws it alone.
    public var needsCommit: Bool
    /// `needsCommit` defaults to whether the app did any main-thread work for the frame.
    public init(mainThreadMs: Double, renderServerMs: Double, gpuMs: Double, gpuIdleMs: Double = 0, needsCommit: Bool? = nil) {
      self.mainThreadMs = mainThreadMs
      self.renderServerMs = renderServerMs
      self.gpuMs = gpuMs
      self.gpuIdleMs = gpuIdleMs
      self.needsCommit = needsCommit ?? (mainThreadMs > 0)
    }
  }

  public enum HitchKind: String, Sendable, Hashable {
    case commit
    case render
  }

  /// What happened to one frame.
  public struct FrameOutcome: Sendable, Hashable {
    /// When it reached the screen (ms), or nil when a newer frame replaced it first.
    public var presentedAt: Double?
    /// How late it was, in ms (a whole number of intervals), and why.
    public var hitchMs: Double
    public var hitch: HitchKind?
  }

  /// The screen's first display: the first frame shown, measured apart from the frames after it.
  public struct FirstDisplay: Sendable, Hashable {
    /// The frame that reached the screen first: the first frame, or a newer one that replaced it
    /// while its commit was late (it shows the first frame's changes as well).
    public var frame: Int
    /// When it reached the screen, in ms from the first frame's content time.
    public var presentedAt: Double
    /// How late it was against one interval after the first frame's commit deadline (double
    /// buffered), in ms: a whole number of intervals, 0 when on time.
    public var lateMs: Double
    /// Why it was late: `commit` when the first frame's commit (or that of a frame it replaced)
    /// missed its deadline, `render` when the render server or the GPU did; nil when on time.
    public var late: HitchKind?
  }

  public struct Result: Sendable, Hashable {
    /// Every frame's outcome. Measured with the first display apart, the first display's outcome
    /// has its time but no hitch: its lateness is ``firstDisplay``'s.
    public var frames: [FrameOutcome]
    /// The first display, when measured apart and a frame was shown.
    public var firstDisplay: FirstDisplay?
    /// Frames shown per second of simulated time (after the first display, when it is apart).
    public var fps: Double
    public var hitchTimeMs: Double
    /// Hitch milliseconds per second of animation.
    public var hitchTimeRatio: Double
    public var hitches: Int
    public var commitHitches: Int
    public var renderHitches: Int
    public var tripleBuffered: Bool
    /// The first frame measured (the frame after the first display when it is apart, else 0), and
    /// the wall time the rates are over, in ms: a caller's own per-frame figures (background
    /// threads' work) are measured over the same frames and time.
    public var firstMeasuredFrame: Int
    public var wallMs: Double
    /// Busy time over wall time, each 0...1. The GPU's busy time leaves out ``Stage/gpuIdleMs``:
    /// the GPU is occupied for the whole of ``Stage/gpuMs`` (the next frame waits for it), but
    /// idle at the switches.
    public var gpuUtilization: Double
    public var mainThreadUtilization: Double
    public var renderServerUtilization: Double
  }

  /// The time between two frames the content can show, in ms: the budget of each stage.
  public let interval: Double
  /// The rate frames are paced at: the display's refresh rate, or the slower rate Core Animation
  /// renders the content at (``rate(content:display:)``).
  public let refreshRate: Double

  public init(refreshRate: Double) {
    self.refreshRate = refreshRate
    interval = 1000 / refreshRate
  }

  /// Paces content that runs at `content` frames per second on a display that refreshes at
  /// `display` Hz, at ``rate(content:display:)``.
  public init(content: Double, display: Double) {
    self.init(refreshRate: Self.rate(content: content, display: display))
  }

  /// The rate content running at `content` frames per second is rendered at on a display of
  /// `display` Hz: `display / n` when the content's rate is that, a whole fraction of the
  /// display's (60 Hz animations on a 120 Hz ProMotion iPhone, 30 Hz on a 60 Hz display), else
  /// the display's own rate.
  ///
  /// From the app's point of view a ProMotion display's refresh rate is the rate Core Animation
  /// renders the content at, and a frame's deadline is the end of that interval (Apple,
  /// "Optimizing iPhone and iPad apps to support ProMotion displays": a display link's
  /// `targetTimestamp`); the rates it lists for a ProMotion iPhone include 120, 60, 40, 30, 24,
  /// 20, 15, 12 and 10 Hz (120 / n), for an iPad Pro 120, 60, 40, 30 and 24. A fixed 60 Hz
  /// display shows content evenly at 60 / n (WWDC21 session 10147, "Optimize for variable refresh
  /// rate displays"), and the frame rate a display link actually runs at is usually a factor of
  /// the display's maximum (Apple, TN2460). Content at a rate that is no whole fraction of the
  /// display's (45 Hz on a 60 Hz display) is paced on the display's own intervals: it shows a
  /// new frame every one or two of them, as the frame gap in ``run(_:times:durationMs:firstDisplayApart:)``
  /// expects. Content faster than the display runs at the display's rate.
  public static func rate(content: Double, display: Double) -> Double {
    guard content.isFinite, content > 0, display.isFinite, display > 0, content < display else { return display }
    let ratio = display / content
    let whole = ratio.rounded()
    return abs(ratio - whole) < 1e-6 ? display / whole : display
  }

  /// `shown`'s work as the frame shown in place of `dropped` (a frame the render server dropped,
  /// whose commit had landed, without rendering it): each stage's time at least the dropped
  /// frame's. The layer tree it renders holds the dropped frames' changes too, and the model
  /// priced each frame as if the one before it had been rendered: a dropped frame's one-off work
  /// (a raster cache filled, shapes rasterized, the screen's first display drawn) falls to the
  /// frame shown, or that frame would be priced with caches that were never filled. The longest,
  /// not the sum: the work every frame repeats (the screen redrawn while it scrolls) is done once.
  static func absorb(_ dropped: Stage, into shown: inout Stage) {
    shown.renderServerMs = max(shown.renderServerMs, dropped.renderServerMs)
    if dropped.gpuMs > shown.gpuMs {
      shown.gpuMs = dropped.gpuMs
      shown.gpuIdleMs = dropped.gpuIdleMs
    }
  }

  /// The first vsync at or after `time` (a small tolerance keeps exact multiples exact).
  func vsync(atOrAfter time: Double) -> Double {
    (time / interval - 1e-9).rounded(.up) * interval
  }

  /// The longest a stage may take, in ms; longer (or not finite, after an overflow in an absurd
  /// scene) counts as this long, so the run always ends.
  static let maxStageMs = 1e9

  /// Paces `stages`, whose content times are `times` (ms), over `durationMs` of animation.
  ///
  /// `firstDisplayApart`: the first frame shown is the screen's first display (``FirstDisplay``),
  /// not a hitch however late it is, and the frame rate, hitches, hitch time ratio and
  /// utilizations are measured over the frames shown after it, per second from its presentation
  /// to the last frame's. A run that shows nothing after its first display is measured whole.
  /// False: the whole run is measured, its first frame shown included.
  public func run(_ stages: [Stage], times: [Double], durationMs: Double, firstDisplayApart: Bool = false) -> Result {
    func bounded(_ ms: Double) -> Double { ms.isNaN ? Self.maxStageMs : min(max(ms, 0), Self.maxStageMs) }
    let stages = stages.map {
      let gpu = bounded($0.gpuMs)
      return Stage(
        mainThreadMs: bounded($0.mainThreadMs), renderServerMs: bounded($0.renderServerMs), gpuMs: gpu,
        gpuIdleMs: min(bounded($0.gpuIdleMs), gpu), needsCommit: $0.needsCommit)
    }
    var outcomes = [FrameOutcome](repeating: FrameOutcome(presentedAt: nil, hitchMs: 0, hitch: nil), count: stages.count)
    guard !stages.isEmpty else {
      return Result(
        frames: [], firstDisplay: nil, fps: 0, hitchTimeMs: 0, hitchTimeRatio: 0, hitches: 0, commitHitches: 0, renderHitches: 0,
        tripleBuffered: false, firstMeasuredFrame: 0, wallMs: 0, gpuUtilization: 0, mainThreadUtilization: 0,
        renderServerUtilization: 0)
    }
    // 1. Commits.
    var mainFree = 0.0
    var commitReady = [Double](repeating: 0, count: stages.count)
    var commitLate = [Bool](repeating: false, count: stages.count)
    var deadlines = [Double](repeating: 0, count: stages.count)
    for (k, stage) in stages.enumerated() {
      let deadline = vsync(atOrAfter: times[k] + interval * 0.5)
      deadlines[k] = deadline
      guard stage.needsCommit else {
        // Only Core Animation animations changed: the render server has everything it needs.
        commitReady[k] = deadline
        continue
      }
      let start = max(times[k], mainFree)
      let end = start + stage.mainThreadMs
      mainFree = end
      commitLate[k] = end > deadline + 1e-9
      commitReady[k] = commitLate[k] ? vsync(atOrAfter: end) : deadline
    }

    // The earliest commit ready from each frame on (an animation-only frame may be ready before
    // an earlier frame whose commit is stuck).
    var earliestReady = commitReady
    for k in stride(from: stages.count - 2, through: 0, by: -1) { earliestReady[k] = min(earliestReady[k], earliestReady[k + 1]) }

    // A timeline slower than the display (frameRate below the refresh rate) shows a new frame
    // every few refreshes by design: the gap it expects is its frame interval on the vsync grid.
    let contentInterval = times.count > 1 ? (times[times.count - 1] - times[0]) / Double(times.count - 1) : interval
    let frameGap = max(interval, (contentInterval / interval - 1e-9).rounded(.up) * interval)

    // 2. Render server and GPU, one vsync at a time.
    var rsFree = 0.0
    var gpuFree = 0.0
    var lastPresent: Double? = nil
    var next = 0  // first commit not yet taken
    var triple = false
    // The frames shown, in order: which, and the render server's and the GPU's busy time on each.
    var shown: [(frame: Int, renderServerMs: Double, gpuBusyMs: Double)] = []
    var tick = commitReady[0]
    // Frames passed over while their commits were still on the main thread: their work falls to
    // the first frame shown once their commit has landed (the tree it renders holds their changes).
    var landing: [Int] = []
    while next < stages.count {
      // The newest commit ready by this vsync; older ones are dropped when it is taken.
      // An animation-only frame is ready at its deadline even while an earlier commit is stuck
      // on the main thread: the render server shows it, and the stuck frame is dropped.
      var newest = -1
      var scan = next
      while scan < stages.count && times[scan] <= tick + 1e-9 {
        if commitReady[scan] <= tick + 1e-9 { newest = scan }
        scan += 1
      }
      // Back-pressure: the render server starts a frame only when it is free and the GPU will be
      // free by this vsync (double buffering) or the next (triple buffering).
      let gpuSlack = triple ? interval : 0
      guard newest >= 0, rsFree <= tick + 1e-9, gpuFree <= tick + gpuSlack + 1e-9 else {
        // Nothing changes until the next commit is ready and the render server and GPU are free:
        // go straight to the first vsync where all three hold, rather than one interval at a
        // time (as many steps as intervals in a very long frame).
        let ready = max(earliestReady[next], rsFree, gpuFree - gpuSlack)
        tick = max(tick + interval, vsync(atOrAfter: ready))
        continue
      }
      // The app caused this frame's lateness when its commit, or that of a frame it replaces,
      // missed its deadline.
      let appLate = commitLate[next...newest].contains(true)
      let oldest = next
      next = newest + 1
      // The frames whose work this one does: those it replaces whose commits have landed, and
      // those passed over earlier whose commits landed since; the others wait for theirs.
      var stage = stages[newest]
      var waiting = 0
      for frame in landing {
        if commitReady[frame] <= tick + 1e-9 {
          Self.absorb(stages[frame], into: &stage)
        } else {
          landing[waiting] = frame
          waiting += 1
        }
      }
      landing.removeLast(landing.count - waiting)
      for frame in oldest..<newest {
        if commitReady[frame] <= tick + 1e-9 { Self.absorb(stages[frame], into: &stage) } else { landing.append(frame) }
      }
      let rsEnd = tick + stage.renderServerMs
      rsFree = rsEnd
      let gpuStart = max(rsEnd, gpuFree)
      let gpuEnd = gpuStart + stage.gpuMs
      gpuFree = gpuEnd
      var present = vsync(atOrAfter: gpuEnd)
      if let lastPresent { present = max(present, lastPresent + interval) }
      // Late by the gap since the previous frame beyond one interval; the first frame shown
      // against the first frame's expected time: one interval after its commit deadline (double
      // buffered). A first frame whose commit was late and that a newer frame replaced still
      // left the screen without a new frame when it was due: late.
      let expected = lastPresent.map { $0 + frameGap } ?? (deadlines[oldest] + interval)
      let late = max(0, ((present - expected) / interval - 1e-9).rounded(.up)) * interval
      let kind: HitchKind? = late > 0 ? (appLate ? .commit : .render) : nil
      // A render hitch makes the system fall back to triple buffering; a late first display
      // does as well, measured apart or not.
      if kind == .render { triple = true }
      outcomes[newest] = FrameOutcome(presentedAt: present, hitchMs: late, hitch: kind)
      shown.append((newest, stage.renderServerMs, stage.gpuMs - stage.gpuIdleMs))
      lastPresent = present
      tick += interval
    }

    // The first display, apart: its lateness is its own, not a hitch.
    var firstDisplay: FirstDisplay? = nil
    if firstDisplayApart, let first = shown.first, let presentedAt = outcomes[first.frame].presentedAt {
      let outcome = outcomes[first.frame]
      firstDisplay = FirstDisplay(frame: first.frame, presentedAt: presentedAt, lateMs: outcome.hitchMs, late: outcome.hitch)
      outcomes[first.frame] = FrameOutcome(presentedAt: presentedAt, hitchMs: 0, hitch: nil)
    }
    // The frames measured: those after the first display when it is apart and a frame follows
    // it, else all.
    let apart = firstDisplay != nil && shown.count > 1
    let measured = apart ? shown[1...] : shown[...]
    var hitchTime = 0.0
    var commitHitches = 0
    var renderHitches = 0
    for entry in measured {
      let outcome = outcomes[entry.frame]
      hitchTime += outcome.hitchMs
      if outcome.hitch == .commit { commitHitches += 1 }
      if outcome.hitch == .render { renderHitches += 1 }
    }
    let firstPresent = outcomes[shown[0].frame].presentedAt ?? 0
    let lastShown = lastPresent ?? 0
    let wall: Double
    let mainBusy: Double
    let firstMeasured = apart ? shown[0].frame + 1 : 0
    if apart {
      // From the first display on: each frame after it shown in the interval before its time.
      // Frames the first display's late commit made the render server drop before it showed
      // (their commits waited behind it) are the first display's, not the frames' after it.
      wall = max(lastShown - firstPresent, interval)
      mainBusy = stages[firstMeasured...].reduce(0) { $0 + $1.mainThreadMs }
    } else {
      // The run lasts its animation, or longer when frames reach the screen later than that: the
      // rates are per second of that time.
      wall = max(durationMs, lastShown - firstPresent + interval, interval)
      mainBusy = stages.reduce(0) { $0 + $1.mainThreadMs }
    }
    let seconds = wall / 1000
    let gpuBusy = measured.reduce(0) { $0 + $1.gpuBusyMs }
    let rsBusy = measured.reduce(0) { $0 + $1.renderServerMs }
    return Result(
      frames: outcomes, firstDisplay: firstDisplay, fps: min(Double(measured.count) / seconds, refreshRate),
      hitchTimeMs: hitchTime, hitchTimeRatio: hitchTime / seconds, hitches: commitHitches + renderHitches,
      commitHitches: commitHitches, renderHitches: renderHitches, tripleBuffered: triple, firstMeasuredFrame: firstMeasured,
      wallMs: wall, gpuUtilization: min(1, gpuBusy / wall), mainThreadUtilization: min(1, mainBusy / wall),
      renderServerUtilization: min(1, rsBusy / wall))
  }
}
