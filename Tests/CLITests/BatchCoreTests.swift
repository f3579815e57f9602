import Compositor
import Foundation
import LayerTree
import SceneBatch
import Testing

/// The library core of `check` and `compare`: scenes decoded once and put on each device after,
/// files read once each, typed failures.
@Suite("batch core")
struct BatchCoreTests {
  /// Files held in memory, counting how often each is read.
  final class Files: @unchecked Sendable {
    let contents: [String: String]
    /// Reads by path, under `lock` (an NSLock: Synchronization's Mutex needs macOS 15).
    private var readCounts: [String: Int] = [:]
    private let lock = NSLock()
    init(_ contents: [String: String]) { self.contents = contents }

    var reads: [String: Int] {
      lock.lock()
      defer { lock.unlock() }
      return readCounts
    }

    func countRead(_ path: String) {
      lock.lock()
      readCounts[path, default: 0] += 1
      lock.unlock()
    }

    var reader: @Sendable (String) -> Result<[UInt8], FileProblem> {
      { path in
        self.countRead(path)
        guard let text = self.contents[path] else { return .failure(.missing) }
        return .success(Array(text.utf8))
      }
    }
  }

  /// Putting a scene decoded on its own device on another gives what decoding it on that device
  /// gives: the same scene, for every bundled scene and a phone and a tablet.
  @Test func aSceneDecodedOncePlacedOnADeviceEqualsDecodingItThere() throws {
    let runner = SceneRunner()
    for (name, bytes) in SceneStreamReaderTests.bundledScenes {
      let once = try runner.load(bytes, path: name)
      for device in ["iphone-6", "iphone-17-pro-max", "ipad-pro-11-m4"] {
        let direct = try SceneDecoder.decode(bytes, options: .init(devices: DeviceCatalogue.screens, deviceOverride: device))
        let (placed, _) = try runner.run(once, on: device, path: name)
        #expect(placed == direct, "\(name) on \(device)")
      }
    }
  }

  /// A scene whose budgets name three devices is read once and checked on each, in budget order.
  @Test func checkReadsEachFileOnceForAllItsDevices() {
    let budgets = #""budgets": { "maxOffscreenPassesPerFrame": 1, "checkOn": ["iphone-7", "iphone-6", "iphone-13-pro"] },"#
    let files = Files(["a.json": CIScenes.card(extra: budgets), "b.json": CIScenes.card(clip: false, extra: budgets)])
    let run = CheckBatch.run(
      ["a.json", "b.json"], budgets: nil, devices: [], runner: SceneRunner(), jobs: 2, read: files.reader)
    #expect(files.reads == ["a.json": 1, "b.json": 1])
    #expect(run.entries.map(\.file) == ["a.json", "a.json", "a.json", "b.json", "b.json", "b.json"])
    #expect(run.entries.map(\.deviceID) == ["iphone-7", "iphone-6", "iphone-13-pro", "iphone-7", "iphone-6", "iphone-13-pro"])
    // The clipped card takes 1 pass on every device (CIScenes.card), within a budget of 1; the
    // unclipped one none: six budgets, all passed.
    #expect(run.passed == 6 && run.failed == 0)
  }

  /// Failures are values that name their file and what went wrong, in file order.
  @Test func checkFailuresAreTyped() {
    let files = Files([
      "broken.json": "{\n  \"version\": 1,\n  oops\n}",
      "unbudgeted.json": CIScenes.card(),
      "bad-device.json": CIScenes.card(device: "iphone-99"),
    ])
    let run = CheckBatch.run(
      ["missing.json", "broken.json", "unbudgeted.json", "bad-device.json"], budgets: nil, devices: [], runner: SceneRunner(),
      jobs: 1, read: files.reader)
    #expect(run.skipped == ["unbudgeted.json"])
    #expect(run.failures.count == 3)
    guard run.failures.count == 3 else { return }
    guard case .unreadable("missing.json", .missing) = run.failures[0] else {
      Issue.record("expected a missing file, found \(run.failures[0])")
      return
    }
    // The reader stops at `oops`: line 3, column 3 (counted by hand in the text above).
    guard case .invalidJSON("broken.json", let location, _) = run.failures[1] else {
      Issue.record("expected invalid JSON, found \(run.failures[1])")
      return
    }
    #expect(location.line == 3 && location.column == 3)
    guard case .invalidScene("bad-device.json", let errors) = run.failures[2] else {
      Issue.record("expected an invalid scene, found \(run.failures[2])")
      return
    }
    #expect(errors.diagnostics.contains { $0.path == "device" && $0.message.contains("iphone-99") })
  }

  /// A pair of scenes naming different devices fails as such, naming both; a scene without a
  /// device takes the other side's.
  @Test func compareSettlesDevicesFromTheInputs() {
    let files = Files([
      "seven.json": CIScenes.card(device: "iphone-7"),
      "six.json": CIScenes.card(device: "iphone-6"),
      "none.json": CIScenes.card().replacingOccurrences(of: "\"device\": \"iphone-7\",", with: ""),
    ])
    let runner = SceneRunner()
    let disagree = CompareBatch.run(
      [.init(before: "seven.json", after: "six.json", devices: [], gates: ReportMetrics.defaultGates)], tolerance: 0.05,
      runner: runner, toolVersion: "test", jobs: 1, read: files.reader)
    #expect(disagree.results.isEmpty)
    guard case .devicesDisagree(_, _, let first, let other)? = disagree.failures.first else {
      Issue.record("expected devices that disagree, found \(disagree.failures)")
      return
    }
    #expect(first == .init(path: "seven.json", device: "iphone-7") && other == .init(path: "six.json", device: "iphone-6"))

    let borrowed = CompareBatch.run(
      [.init(before: "none.json", after: "seven.json", devices: [], gates: ReportMetrics.defaultGates)], tolerance: 0.05,
      runner: runner, toolVersion: "test", jobs: 1, read: files.reader)
    #expect(borrowed.failures.isEmpty, "\(borrowed.failures)")
    #expect(borrowed.results.map(\.deviceID) == ["iphone-7"])
    // The same card on both sides: nothing got worse.
    #expect(borrowed.failed == false)
  }
}
