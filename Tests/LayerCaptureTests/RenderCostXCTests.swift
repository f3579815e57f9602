#if canImport(XCTest)
  import Compositor
  import Foundation
  import LayerCapture
  import LayerTree
  import XCTest

  @testable import RenderCost

  /// The check under XCTest: unnamed checks numbered from 1 as each test case starts, and
  /// failures recorded by `XCTFail` at the call.
  final class RenderCostXCTests: XCTestCase {
    static let file = "/numbering/XCTestShared.swift"

    /// Both tests take the next number for the same test file and name. Without the observer
    /// that starts the numbers again at each test case, whichever runs second would get 2.
    func testFirstCheckOfATestIsNumberOne() {
      let reference = RenderCost.reference(filePath: Self.file, testName: "shared()", name: nil, folder: nil)
      XCTAssertEqual(reference.path, "/numbering/__RenderScenes__/XCTestShared/shared.json")
      let second = RenderCost.reference(filePath: Self.file, testName: "shared()", name: nil, folder: nil)
      XCTAssertEqual(second.path, "/numbering/__RenderScenes__/XCTestShared/shared.2.json")
    }

    func testFirstCheckOfAnotherTestIsNumberOneToo() {
      testFirstCheckOfATestIsNumberOne()
    }

    /// A test case starting (what the observer hears from XCTest) starts the numbers again.
    func testTheObserverStartsTheNumbersAgain() {
      XCTAssertTrue(RenderCost.reference(filePath: Self.file, testName: "again()", name: nil, folder: nil).path.hasSuffix("/again.json"))
      XCTAssertTrue(RenderCost.reference(filePath: Self.file, testName: "again()", name: nil, folder: nil).path.hasSuffix("/again.2.json"))
      CheckNumbering.testCaseWillStart()
      XCTAssertTrue(RenderCost.reference(filePath: Self.file, testName: "again()", name: nil, folder: nil).path.hasSuffix("/again.json"))
    }

    #if !canImport(ObjectiveC)
      /// What `XCTFail` hands the running test case (swift-corelibs-xctest), kept instead of
      /// failing while `keeping` is on.
      final class FailureLog: @unchecked Sendable {
        let lock = NSLock()
        var keeping = false
        var failures: [(description: String, file: String, line: Int)] = []
      }
      static let log = FailureLog()

      override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        let log = Self.log
        log.lock.lock()
        let keep = log.keeping
        if keep { log.failures.append((description, filePath, lineNumber)) }
        log.lock.unlock()
        if !keep { super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected) }
      }

      /// Outside Swift Testing, the default reporter calls `XCTFail` with the whole message at the
      /// file and line of the call (the line before the one that reads `#line`).
      func testTheDefaultReporterCallsXCTFailAtTheCall() throws {
        // XCTest on Linux runs its tests on the main thread, and cannot call a @MainActor test.
        let (outcome, line) = MainActor.assumeIsolated { Self.failingCheck() }
        let log = Self.log
        log.lock.lock()
        let failures = log.failures
        log.lock.unlock()
        XCTAssertEqual(outcome, .recorded(.missing))
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertEqual(failures.first?.description.contains("render cost of the view on iphone-13-pro:\n  no scene was recorded"), true)
      }

      /// A first check, which records its scene and fails, with `XCTFail`'s failures kept.
      @MainActor
      static func failingCheck() -> (ReferenceOutcome?, Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-cost-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (screen, options, device) = (RenderCostTests.screen(faded: false), RenderCostAssertTests.options, RenderCostAssertTests.device)
        log.lock.lock()
        log.keeping = true
        log.lock.unlock()
        let result = assertRenderCost(of: screen, options: options, on: device, referenceFolder: folder, environment: [:])
        let line = #line - 1
        log.lock.lock()
        log.keeping = false
        log.lock.unlock()
        return (result?.outcome, line)
      }
    #endif
  }
#endif
