/// The app's drawing queues (docs/cost-model.md, "Drawing queues"): contents drawn on a
/// background thread (YYText's asynchronous labels, Texture's nodes, a layer drawn with
/// `drawsAsynchronously` by the app's own queue) are tasks on a fixed number of serial queues,
/// one per CPU core unless the scene names another number (`timeline.drawingQueues`), as
/// YYAsyncLayer's pool makes one per active processor so that drawing neither starves nor floods
/// the CPU.
///
/// Each frame's tasks are queued at the frame's commit, in order, each taken by the queue that is
/// free first (the lowest-numbered on a tie), and run one after another on it. A task's contents
/// are set on the main thread when it ends and shown at the next frame's commit: with a queue
/// free at once, one frame after its own (`ceil(duration / interval)` frames for a task longer
/// than a frame). A task that waits for a queue and so shows later than that is late: the user
/// sees its layer blank, or with its old contents, for the frames it waits.
///
/// The tasks of one frame take equal shares of the frame's background-thread time; time is the
/// timeline's, frame k at k intervals.
public enum DrawingQueues {
  /// What the queues made late over a run.
  public struct Late: Sendable, Hashable {
    /// Tasks that showed later than they would have with a queue free at once.
    public var tasks = 0
    /// The first and last frame whose tasks showed late.
    public var frames: ClosedRange<Int>? = nil
    /// The most frames one task showed late.
    public var mostFrames = 0

    public init() {}
  }

  /// The late tasks of a run whose frame `k` queued `frames[k].tasks` tasks taking
  /// `frames[k].milliseconds` between them, on `queues` serial queues, frames `intervalMs` apart.
  public static func late(frames: [(tasks: Int, milliseconds: Double)], queues: Int, intervalMs: Double) -> Late {
    var late = Late()
    guard queues > 0, intervalMs > 0 else { return late }
    var free = [Double](repeating: 0, count: queues)
    // A task that ends exactly at a frame's commit makes that commit (a microsecond's slack for
    // the sums' last digits). Frames are counted in doubles: a hostile scene's drawing may run
    // past any integer, and is never converted whole.
    func shownAt(_ end: Double) -> Double { ((end - 1e-6) / intervalMs).rounded(.up) }
    for (frame, work) in frames.enumerated() where work.tasks > 0 {
      let queued = Double(frame) * intervalMs
      let duration = work.milliseconds / Double(work.tasks)
      let unwaited = max(Double(frame + 1), shownAt(queued + duration))
      for _ in 0..<work.tasks {
        var queue = 0
        for other in 1..<queues where free[other] < free[queue] { queue = other }
        let end = max(queued, free[queue]) + duration
        free[queue] = end
        let shown = max(Double(frame + 1), shownAt(end))
        guard shown > unwaited else { continue }
        late.tasks += 1
        let waited = shown - unwaited
        late.mostFrames = max(late.mostFrames, waited < 1e9 ? Int(waited) : 1_000_000_000)
        late.frames = late.frames.map { min($0.lowerBound, frame)...max($0.upperBound, frame) } ?? frame...frame
      }
    }
    return late
  }
}
