import Dispatch
import Foundation

/// Runs independent pieces of work (scenes, devices) on several threads and hands the results
/// back in input order, so what a command prints is the same whatever the number of cores.
public enum Parallel {
  /// The default number of jobs: the machine's active cores.
  public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// `work(0) ... work(count - 1)` on up to `jobs` threads at once; the results in index order.
  /// Each thread takes the next index as it becomes free, so long and short items mix well.
  public static func map<T: Sendable>(count: Int, jobs: Int, _ work: @Sendable (Int) -> T) -> [T] {
    guard count > 0 else { return [] }
    let lanes = max(1, min(jobs, count))
    if lanes == 1 { return (0..<count).map { work($0) } }
    let state = Slots<T>(count: count)
    DispatchQueue.concurrentPerform(iterations: lanes) { _ in
      while let index = state.take() { state.store(work(index), at: index) }
    }
    return state.results()
  }

  /// Results written by several threads, each to its own slot, under a lock.
  private final class Slots<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [T?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func take() -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard next < slots.count else { return nil }
      next += 1
      return next - 1
    }

    func store(_ value: T, at index: Int) {
      lock.lock()
      slots[index] = value
      lock.unlock()
    }

    func results() -> [T] {
      lock.lock()
      defer { lock.unlock() }
      return slots.map { $0! }
    }
  }
}
