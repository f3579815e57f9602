import Foundation

/// Runs work that recurses once per layer level on a thread with a stack large enough for the
/// deepest tree the limits allow, whatever thread the caller is on: a scene may nest layers
/// 1,000 deep, and a test's or an app's thread may have far less stack than the main thread.
/// The stack is reserved, not used: only the pages the work touches are mapped.
public enum LargeStack {
  /// The stack each thread gets: 1 GiB, reserved rather than used.
  public static let size = 1 << 30

  public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let box = Box<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.value = body()
      done.signal()
    }
    thread.stackSize = size
    thread.start()
    done.wait()
    return box.value!
  }

  /// The result, written by the worker before it signals and read after the wait.
  private final class Box<T>: @unchecked Sendable {
    var value: T?
  }
}
