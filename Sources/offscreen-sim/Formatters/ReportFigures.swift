import Compositor
import LayerTree

/// The figures of one report as every output shows them (text, Markdown, HTML, the chart's
/// caption, explain), worked out and worded once here so that the outputs cannot disagree.
///
/// - Frame rate is against the most the scene can show, `targetFps`: the lower of the screen's
///   refresh rate and the timeline's frame rate (a 30 Hz animation on a 60 Hz screen cannot show
///   more than 30 fps). The pacing model judges smoothness against the same figure.
/// - The offscreen layers are grouped (``FindingGroup``) and ranked by GPU milliseconds a frame,
///   averaged over every frame of the timeline (a group that holds in 10 of 60 frames costs its
///   passes' time in those 10, spread over 60), most first.
struct ReportFigures {
  let report: SimulationReport

  init(_ report: SimulationReport) { self.report = report }

  var performance: Performance { report.summary.performance }

  /// `44 fps of 60`.
  var frameRate: String { "\(Readable.integer(performance.fps)) fps of \(formatNumber(performance.targetFps))" }

  /// `33 hitches (0 commit, 33 render)`.
  var hitches: String {
    "\(Markup.plural(performance.hitches, "hitch", "hitches")) (\(performance.commitHitches) commit, \(performance.renderHitches) render)"
  }

  /// `at 83.3 ms, 3 frames late on the main thread; GPU 3.1, render server 0.4, main thread 60.3 ms`:
  /// the screen's first display, when it reached the screen and the first frame's own times.
  var firstDisplay: String {
    let first = performance.firstFrame
    var text = "at \(Readable.fixed(first.presentedAtMs, 1)) ms, "
    if first.cause != nil, first.lateMs > 0 {
      text += "\(firstDisplayLate) on the " + lateStages.map(\.stage.rawValue).joined(separator: " and the ")
    } else {
      text += "on time"
    }
    return text
      + "; GPU \(Readable.fixed(first.gpuMs, 1)), render server \(Readable.fixed(first.renderServerMs, 1)), main thread \(Readable.fixed(first.mainThreadMs, 1)) ms"
  }

  /// `3 frames late`: the first display's lateness in frame intervals.
  var firstDisplayLate: String {
    let frames = performance.budgetMs > 0 ? Int((performance.firstFrame.lateMs / performance.budgetMs).rounded()) : 0
    return "\(Markup.plural(frames, "frame")) late"
  }

  /// `first display 60.3 ms on the main thread (3 frames late)`: a late first display as the
  /// headline gives it, with the first frame's time on the stage that made it late; nil when it
  /// was on time.
  var lateFirstDisplay: String? {
    let first = performance.firstFrame
    guard first.lateMs > 0, first.cause != nil else { return nil }
    let stages = lateStages.map { "\(Readable.fixed($0.ms, 1)) ms on the \($0.stage.rawValue)" }
    return "first display \(stages.joined(separator: " and ")) (\(firstDisplayLate))"
  }

  /// The stages that made a late first display late, with the first frame's time on each: the
  /// one its lateness is put down to (``FirstFrame/cause``, the main thread when the commit was
  /// late, as Apple classes a hitch); and after a late commit, the slower of the render server
  /// and the GPU as well when the two together took longer than an interval, which made it later
  /// still (a first frame whose commit took 30 ms and whose GPU work 45 ms is three frames late,
  /// not two).
  var lateStages: [(stage: Performance.Stage, ms: Double)] {
    let first = performance.firstFrame
    guard let cause = first.cause else { return [] }
    func ms(_ stage: Performance.Stage) -> Double {
      switch stage {
      case .mainThread: return first.mainThreadMs
      case .renderServer: return first.renderServerMs
      case .gpu: return first.gpuMs
      }
    }
    var stages = [(stage: cause, ms: ms(cause))]
    if cause == .mainThread {
      let render: Performance.Stage = first.renderServerMs > first.gpuMs ? .renderServer : .gpu
      if first.renderServerMs + first.gpuMs > performance.budgetMs { stages.append((render, ms(render))) }
    }
    return stages
  }

  /// `fps 36-46, GPU time 19.1-28.4 ms, main thread 2.9-3.9 ms (the fit's error on this GPU generation's
  /// measured cases; compare and check gate on the point values)`: the absolute figures with the
  /// range the measured cases support (``FigureRanges``); nil without ranges.
  var modelRange: String? {
    guard let ranges = report.summary.ranges else { return nil }
    func span(_ range: ClosedRange<Double>, _ digits: Int) -> String {
      "\(Readable.fixed(range.lowerBound, digits))-\(Readable.fixed(range.upperBound, digits))"
    }
    let basis =
      ranges.measured
      ? "the fit's error on the measured cases of this GPU generation"
      : "the fit's error on every measured case: none on this GPU generation"
    return
      "fps \(span(ranges.fps, 0)), GPU time \(span(ranges.gpuMs, 1)) ms, main thread \(span(ranges.mainThreadMs, 1)) ms (\(basis); compare and check gate on the point values)"
  }

  /// `mean 8.1, p95 9.0, max 9.4 ms`.
  static func milliseconds(_ distribution: Distribution) -> String {
    "mean \(Readable.fixed(distribution.mean, 1)), p95 \(Readable.fixed(distribution.p95, 1)), max \(Readable.fixed(distribution.max, 1)) ms"
  }

  /// `12.3 MB: backing stores ..., offscreen targets ..., raster cache ..., images ...`.
  var memory: String {
    let memory = report.summary.memory
    return
      "\(Readable.bytes(memory.total)): backing stores \(Readable.bytes(memory.backingStores)), offscreen targets \(Readable.bytes(memory.offscreenTargetsPeak)), raster cache \(Readable.bytes(memory.rasterCache)), images \(Readable.bytes(memory.images))"
  }

  /// One group of offscreen findings with its figures.
  struct OffscreenGroup {
    var group: FindingGroup
    /// Passes of all its layers in a frame where they hold.
    var passes: Int
    /// Pixels those passes render.
    var pixels: Double
    /// GPU milliseconds a frame, averaged over the timeline's frames.
    var gpuMsPerFrame: Double
    /// The most frames any of its layers holds in.
    var frames: Int
  }

  /// The offscreen findings' groups, most GPU time a frame first (ties: in report order).
  var offscreenGroups: [OffscreenGroup] {
    let offscreen = report.findings.filter { $0.category == .offscreen }
    let frames = report.frames.count
    return FindingGroup.groups(offscreen).enumerated().map { index, group in
      (
        index,
        OffscreenGroup(
          group: group, passes: group.findings.reduce(0) { $0 + $1.passes }, pixels: group.findings.reduce(0.0) { $0 + $1.pixelArea },
          gpuMsPerFrame: FindingGroup.meanGPUMs(group.findings, frames: frames), frames: group.findings.map(\.frames).max() ?? 0)
      )
    }.sorted { lhs, rhs in
      lhs.1.gpuMsPerFrame != rhs.1.gpuMsPerFrame ? lhs.1.gpuMsPerFrame > rhs.1.gpuMsPerFrame : lhs.0 < rhs.0
    }.map(\.1)
  }

  /// `GPU 8.12 ms/frame on average`.
  static func gpuPerFrame(_ group: OffscreenGroup) -> String { "GPU \(Readable.fixed(group.gpuMsPerFrame, 2)) ms/frame on average" }
}
