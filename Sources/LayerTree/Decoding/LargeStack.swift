import Foundation

/// Runs work that recurses once per layer level on a thread with a stack large enough for the
/// deepest tree the limits allow, whatever thread the caller is on: a scene may nest layers
/// 1,000 deep, and a test's or an app's thread may have far less stack than the main thread.
/// The stack is reserved, not used: only the pages the work touches are mapped.
public enum LargeStack {
  /// The stack each thread gets, reserved rather than used: 1 GiB where address space is
  /// plentiful (macOS, Linux); 64 MiB on iOS and the other devices whose apps, and so their unit
  /// tests' host, get a smaller address space. Reading and simulating a chain of 1,000 rounded,
  /// clipped, faded layers (the nesting limit) ran within a 1 MiB stack in a debug build.
  #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    public static let size = 64 << 20
  #else
    public static let size = 1 << 30
  #endif

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
