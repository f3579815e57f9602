/// What a list's techniques make the user see (docs/cost-model.md, "List techniques"): the rows a
/// fast fling left blank (``CellReuse/skipDrawingOnFling``), and the contents drawn on background
/// threads that showed late because every drawing queue was busy (``DrawingQueues``). Nil in a
/// report when nothing was blank or late: a scene without either reports as it always has.
public struct ListReport: Sendable, Hashable {
  /// The items whose cells came into the list blank, in order.
  public var blankRows: [Int] = []
  /// The first and last frame in which a cell came in blank.
  public var blankFrames: ClosedRange<Int>? = nil
  /// The contents drawn on background threads that showed late, waiting for a drawing queue.
  public var late = DrawingQueues.Late()
  /// The drawing queues the run had (`timeline.drawingQueues`, or the device's CPU cores).
  public var drawingQueues = 0

  public init() {}

  /// True when there is nothing to report.
  public var isEmpty: Bool { blankRows.isEmpty && late.tasks == 0 }

  /// Takes in frame `frame`'s cells set up for an item (a blank one is a skipped reuse).
  mutating func add(_ setUps: [CellSetUp], frame: Int) {
    for setUp in setUps where setUp.blank {
      blankRows.append(setUp.item)
      blankFrames = blankFrames.map { min($0.lowerBound, frame)...max($0.upperBound, frame) } ?? frame...frame
    }
  }

  /// The blank rows as runs of consecutive items: "7-33", "7-9, 12".
  public var blankRowsText: String {
    var runs: [(first: Int, last: Int)] = []
    for row in blankRows.sorted() {
      if let run = runs.last, row <= run.last + 1 {
        runs[runs.count - 1].last = max(run.last, row)
      } else {
        runs.append((row, row))
      }
    }
    return runs.map { $0.first == $0.last ? "\($0.first)" : "\($0.first)-\($0.last)" }.joined(separator: ", ")
  }
}
