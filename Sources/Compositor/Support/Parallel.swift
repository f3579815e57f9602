import Dispatch
import Foundation
import LayerTree

/// Runs independent pieces of work (scenes, devices, the fixes `explain` measures) on several
/// threads and hands the results back in input order, so what a command prints is the same
/// whatever the number of cores.
///
/// The threads have the stack of ``LargeStack``: the work recurses once per layer level (building
/// a tree, freeing one), and a scene may nest layers 1,000 deep, far past what the 512 KiB of a
/// Dispatch worker thread holds.
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
    withoutActuallyEscaping(work) { work in
      let lane = Lane(work: work, state: state)
      onThreads(lanes) { lane.run() }
    }
    return state.results()
  }

  /// Runs `body` on `count` threads with large stacks at once (the calling thread is one of
  /// them) and returns when every one is done: no thread keeps `body` past the call.
  ///
  /// Foundation's `Thread`, whose `stackSize` is honoured on Linux and on Apple's platforms alike
  /// (POSIX threads made by hand differ: `pthread_t` is an integer on Linux and a non-optional
  /// pointer on Darwin).
  private static func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
    let others = max(count, 1) - 1
    let done = DispatchSemaphore(value: 0)
    // A `Thread` keeps its block until the thread object goes, which may be after this call
    // returns: the block holds `body` through a handoff emptied once every thread is done.
    let handoff = Handoff(body)
    for _ in 0..<others {
      let thread = Thread {
        handoff.run()
        done.signal()
      }
      thread.stackSize = LargeStack.size
      thread.start()
    }
    body()
    for _ in 0..<others { done.wait() }
    handoff.empty()
  }

  /// The work a thread runs, let go of by ``empty()`` when no thread runs it any more.
  private final class Handoff: @unchecked Sendable {
    private let lock = NSLock()
    private var body: (@Sendable () -> Void)?

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    func run() {
      lock.lock()
      let work = body
      lock.unlock()
      work?()
    }

    func empty() {
      lock.lock()
      body = nil
      lock.unlock()
    }
  }

  /// What each thread runs: the next index until none is left.
  private struct Lane<T: Sendable>: @unchecked Sendable {
    let work: @Sendable (Int) -> T
    let state: Slots<T>

    func run() {
      while let index = state.take() { state.store(work(index), at: index) }
    }
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
