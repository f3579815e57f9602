import Compositor
import Foundation
import LayerCapture
import LayerTree

/// A render-cost check for unit tests: capture a view, simulate it, hold it to budgets, and keep
/// the captured scene beside the test, as swift-snapshot-testing keeps its references.
///
/// ```swift
/// func testFeed() throws {
///   let feed = FeedViewController()
///   feed.loadViewIfNeeded()
///   try RenderCost.check(feed.view, on: "iphone-13-pro", budgets: [.maxOffscreenPassesPerFrame: 0])
/// }
/// ```
///
/// A check, in order:
/// 1. captures the view (``SceneCapture``) and simulates the scene on the device (Compositor);
/// 2. holds the report to the budgets (`BudgetCheck`);
/// 3. compares the scene, as a scene file, with the one recorded for this test
///    (``ReferenceFile``: `__RenderScenes__/<TestFile>/<test>.json`), and records it as the
///    ``RecordMode`` says;
/// 4. throws ``RenderCostFailure`` when a budget failed, the scene was recorded, or it differs
///    from the recorded one; returns the ``RenderCostResult`` otherwise.
///
/// The recorded scenes are committed with the code: CI on any machine then compares a pull
/// request's scenes with the main branch's (`offscreen-sim compare`, docs/capture.md).
///
/// Everything but the capture of a `UIView` is here and runs on any platform;
/// `RenderCost+UIKit.swift` adds the `UIView` entry point where UIKit exists.
public enum RenderCost {
  /// Checks a scene already captured. `device` is the profile to simulate on; `reference` the
  /// file the scene is recorded in; `record` when to write it; `fileSystem` reads and writes it.
  public static func check(
    _ captured: CapturedScene, on device: DeviceProfile, budgets: Budgets = Budgets(), reference: ReferenceFile,
    record: RecordMode = .missing, fileSystem: some ReferenceStore = FileReferenceStore()
  ) throws -> RenderCostResult {
    var scene = captured.scene
    scene.device = device.id
    // The scene is simulated as the recorded file reads: what CI compares is what was checked
    // (and reading makes a replicator's copies).
    let text: String
    do {
      text = try SceneEncoder.rendered(scene)
      scene = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: screens(with: device)))
    } catch {
      throw RenderCostFailure(message: "the captured scene cannot be written as a scene file: \(error)", result: nil)
    }
    let report = Simulator.run(scene, on: device)
    let results = BudgetCheck.evaluate(budgets, device: device.id, snapshot: MetricSnapshot(report))
    let existing = fileSystem.read(reference.path)
    let decision = ReferenceDecision.decide(mode: record, existing: existing, new: text)
    if decision.write {
      do {
        try fileSystem.write(text, to: reference.path)
      } catch {
        throw RenderCostFailure(message: "cannot write \(reference.path): \(error)", result: nil)
      }
    }
    var change: Comparison? = nil
    if case .differs = decision.outcome, let existing {
      change = recordedComparison(existing, with: report, device: device)
    }
    let result = RenderCostResult(
      scene: scene, notes: captured.notes, report: report, budgets: results, reference: reference, outcome: decision.outcome,
      change: change)
    if let message = result.failureMessage { throw RenderCostFailure(message: message, result: result) }
    return result
  }

  /// Captures `layer` and checks it: the entry point for a tree of any ``CapturableLayer``.
  @MainActor
  public static func check(
    _ layer: any CapturableLayer, options: CaptureOptions, on device: DeviceProfile, budgets: [BudgetKind: Double] = [:],
    named name: String? = nil, record: RecordMode? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
    filePath: String = #filePath, testName: String = #function
  ) throws -> RenderCostResult {
    let captured = try SceneCapture.capture(layer, options: options)
    let reference = ReferenceFile(
      filePath: filePath, testName: testName, name: name, index: name == nil ? checkIndex(filePath, testName) : 1)
    return try check(
      captured, on: device, budgets: Budgets(budgets), reference: reference,
      record: record ?? RecordMode.requested(by: environment) ?? .missing)
  }

  /// The recorded scene's figures against the new ones: what changed, for the failure message.
  static func recordedComparison(_ recorded: String, with report: SimulationReport, device: DeviceProfile) -> Comparison? {
    guard let scene = try? SceneDecoder.decode(Array(recorded.utf8), options: .init(devices: screens(with: device))) else { return nil }
    let before = Simulator.run(scene, on: device)
    return Comparison(before: MetricSnapshot(before), after: MetricSnapshot(report))
  }

  /// The catalogue's screens and the device's own, which may be a user's profile.
  static func screens(with device: DeviceProfile) -> [String: DeviceScreen] {
    var screens = DeviceCatalogue.screens
    screens[device.id] = device.screen
    return screens
  }

  // MARK: Unnamed checks in one test

  nonisolated(unsafe) private static var counts: [String: Int] = [:]
  private static let countsLock = NSLock()

  /// 1 for a test's first unnamed check, 2 for its second, ...: each gets its own file.
  static func checkIndex(_ filePath: String, _ testName: String) -> Int {
    countsLock.lock()
    defer { countsLock.unlock() }
    let key = filePath + "\u{0}" + testName
    counts[key, default: 0] += 1
    return counts[key]!
  }
}

extension Budgets {
  /// Budgets on every device, from limits by kind: `[.maxOffscreenPassesPerFrame: 0, .minFps: 55]`.
  public init(_ limits: [BudgetKind: Double]) {
    self.init(limits: BudgetKind.allCases.compactMap { kind in limits[kind].map { Budgets.Limit(kind: kind, value: $0) } })
  }
}

/// Reads and writes recorded scenes: files, or anything a test puts in their place.
public protocol ReferenceStore {
  /// The text at `path`, nil when there is no file.
  func read(_ path: String) -> String?
  /// Writes `text` to `path`, creating its folders.
  func write(_ text: String, to path: String) throws
}

/// Recorded scenes as files.
public struct FileReferenceStore: ReferenceStore {
  public init() {}

  public func read(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  public func write(_ text: String, to path: String) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }
}
