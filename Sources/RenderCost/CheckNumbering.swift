import Foundation

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Numbers a test's unnamed checks from 1 (`testFeed.json`, `testFeed.2.json`, ...), again in
/// every run of the test.
///
/// - Under Swift Testing, numbers are kept apart for each test (`Test.current`'s id), and for each
///   run of it inside the `.renderCost` trait (Swift 6.1 and later), which starts them again.
/// - Under XCTest, an observer registered at the first check (`XCTestObservationCenter`) starts
///   them again as each test case starts, so a test run again in the same process (Xcode's test
///   repetitions) records the same files.
enum CheckNumbering {
  struct Key: Hashable {
    /// The Swift Testing test; nil under XCTest or no test framework.
    var test: AnyHashable?
    /// The run of the test, inside a scope that counts afresh.
    var run: UUID?
    /// The test's first recorded scene: the test file, folder and test.
    var reference: String
  }

  nonisolated(unsafe) private static var counts: [Key: Int] = [:]
  nonisolated(unsafe) private static var observing = false
  private static let lock = NSLock()

  /// A scope whose checks are numbered afresh (a run of a test inside the `.renderCost` trait).
  @TaskLocal static var run: UUID?

  /// The number of the next unnamed check of the current test whose first scene is `reference`.
  static func next(for reference: String) -> Int {
    let key = Key(test: currentTest(), run: run, reference: reference)
    lock.lock()
    defer { lock.unlock() }
    let count = (counts[key] ?? 0) + 1
    counts[key] = count
    return count
  }

  /// Forgets the numbers of checks made outside Swift Testing: a new XCTest test case starts.
  static func testCaseWillStart() {
    lock.lock()
    defer { lock.unlock() }
    counts = counts.filter { $0.key.test != nil }
  }

  /// The running Swift Testing test's id; nil otherwise, after making sure XCTest's test cases
  /// start the numbers again.
  static func currentTest() -> AnyHashable? {
    #if canImport(Testing)
      if let test = Test.current { return AnyHashable(test.id) }
    #endif
    #if canImport(XCTest)
      observeTestCases()
    #endif
    return nil
  }

  #if canImport(XCTest)
    /// Registers the observer once; on the main thread, where XCTest runs its observers.
    static func observeTestCases() {
      lock.lock()
      let registered = observing
      observing = true
      lock.unlock()
      guard !registered else { return }
      // On the main actor whether or not the SDK says so, so that either way it compiles.
      if Thread.isMainThread {
        MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(TestCaseObserver()) }
      } else {
        DispatchQueue.main.async { MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(TestCaseObserver()) } }
      }
    }

    /// Starts the numbers again as each XCTest test case starts.
    final class TestCaseObserver: NSObject, XCTestObservation {
      func testCaseWillStart(_ testCase: XCTestCase) { CheckNumbering.testCaseWillStart() }
    }
  #endif
}
