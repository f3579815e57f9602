import Compositor
import Foundation
import LayerCapture
import LayerTree

/// A render-cost check for unit tests: capture a view, simulate it, hold it to budgets, and keep
/// the captured scene beside the test, as swift-snapshot-testing keeps its references.
///
/// ```swift
/// func testFeed() {
///   let feed = FeedViewController()
///   feed.loadViewIfNeeded()
///   assertRenderCost(of: feed.view, on: "iphone-13-pro", budgets: [.maxOffscreenPassesPerFrame: 0])
/// }
/// ```
///
/// A check, in order:
/// 1. captures the view (``SceneCapture``) and simulates the scene on the device (Compositor);
/// 2. holds the report to the budgets (`BudgetCheck`);
/// 3. compares the scene with the one recorded for this test (``ReferenceFile``:
///    `__RenderScenes__/<TestFile>/<test>.json`): the same file passes, another file is simulated
///    and compared by its figures (``SceneComparison``); records it as the ``RecordMode`` says,
///    and keeps a scene that fails beside the recorded one (`<test>.new.json`);
/// 4. fails when a budget failed, the scene was recorded, or it fails the comparison.
///
/// `assertRenderCost` records the failure on the line of the call (Swift Testing's
/// `Issue.record`, or XCTest's `XCTFail`); `RenderCost.check` throws it as ``RenderCostFailure``.
///
/// The recorded scenes are committed with the code: CI on any machine then compares a pull
/// request's scenes with the main branch's (`offscreen-sim compare`, docs/capture.md).
///
/// Everything but the capture of a `UIView` is here and runs on any platform;
/// `RenderCost+UIKit.swift` adds the `UIView` entry points where UIKit exists.
public enum RenderCost {
  /// Checks a scene already captured, recorded at `reference`.
  ///
  /// - Parameters:
  ///   - device: the profile to simulate on.
  ///   - record: when to write the scene; nil: the scope's (``withRenderCostConfiguration(record:referenceFolder:comparison:reporter:operation:)``),
  ///     else `RENDER_SCENES_RECORD` in `environment`, else `.missing`.
  ///   - comparison: how to compare it with the recorded one; nil: the scope's, else
  ///     ``SceneComparison/default``.
  ///   - fileSystem: reads and writes the recorded scenes.
  public static func check(
    _ captured: CapturedScene, on device: DeviceProfile, budgets: Budgets = Budgets(), reference: ReferenceFile,
    record: RecordMode? = nil, comparison: SceneComparison? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
    fileSystem: some ReferenceStore = FileReferenceStore()
  ) throws(RenderCostFailure) -> RenderCostResult {
    let settings = try ResolvedSettings.resolve(record: record, referenceFolder: nil, comparison: comparison, environment: environment)
    return try run(captured, on: device, budgets: budgets, reference: reference, settings: settings, fileSystem: fileSystem)
  }

  /// Captures `layer` and checks it: the entry point for a tree of any ``CapturableLayer``.
  ///
  /// The scene is recorded at `__RenderScenes__/<TestFile>/<test>.json` beside `filePath`, or in
  /// the reference folder (`referenceFolder:`, the scope's, or `RENDER_SCENES_FOLDER`).
  @MainActor
  @discardableResult
  public static func check(
    _ layer: any CapturableLayer, options: CaptureOptions, on device: DeviceProfile, budgets: [BudgetKind: Double] = [:],
    named name: String? = nil, record: RecordMode? = nil, referenceFolder: String? = nil, comparison: SceneComparison? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, fileSystem: some ReferenceStore = FileReferenceStore(),
    filePath: String = #filePath, testName: String = #function
  ) throws(RenderCostFailure) -> RenderCostResult {
    let settings = try ResolvedSettings.resolve(
      record: record, referenceFolder: referenceFolder, comparison: comparison, environment: environment)
    let reference = Self.reference(filePath: filePath, testName: testName, name: name, folder: settings.referenceFolder)
    let captured: CapturedScene
    do {
      captured = try SceneCapture.capture(layer, options: options)
    } catch {
      throw RenderCostFailure(message: "the view cannot be captured: \(error)", result: nil, underlying: error)
    }
    return try run(captured, on: device, budgets: Budgets(budgets), reference: reference, settings: settings, fileSystem: fileSystem)
  }

  /// The file for a check: named, or numbered among the test's unnamed checks (``CheckNumbering``).
  static func reference(filePath: String, testName: String, name: String?, folder: String?) -> ReferenceFile {
    if let name { return ReferenceFile(filePath: filePath, testName: testName, name: name, folder: folder) }
    let first = ReferenceFile(filePath: filePath, testName: testName, folder: folder)
    let index = CheckNumbering.next(for: first.path)
    return index == 1 ? first : ReferenceFile(filePath: filePath, testName: testName, index: index, folder: folder)
  }

  /// Records `failure` with the reporter in force, at the call's place.
  static func report(_ failure: RenderCostFailure, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    let reporter = RenderCostConfiguration.current.reporter ?? .testFramework
    reporter.record(RenderCostIssue(message: failure.message, fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The check itself, with its settings resolved. `deviceProfile` is the JSON of a profile the
  /// catalogue lacks, written beside the recorded scene.
  static func run(
    _ captured: CapturedScene, on device: DeviceProfile, budgets: Budgets, reference: ReferenceFile, settings: ResolvedSettings,
    deviceProfile: String? = nil, fileSystem: some ReferenceStore
  ) throws(RenderCostFailure) -> RenderCostResult {
    var scene = captured.scene
    scene.device = device.id
    // The scene is simulated as the recorded file reads: what CI compares is what was checked
    // (and reading makes a replicator's copies).
    let text: String
    do {
      text = try SceneEncoder.rendered(scene)
      scene = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: screens(with: device)))
    } catch {
      throw RenderCostFailure(message: "the captured scene cannot be written as a scene file: \(error)", result: nil, underlying: error)
    }
    let report = Simulator.run(scene, on: device)
    let results = BudgetCheck.evaluate(budgets, device: device.id, snapshot: MetricSnapshot(report))

    var change: Comparison? = nil
    var problem: String? = nil
    var match: ReferenceDecision.Match? = nil
    if let existing = fileSystem.read(reference.path) {
      if existing == text {
        match = .identical
      } else {
        (change, problem) = recordedComparison(existing, with: report, device: device, tolerance: settings.comparison.tolerance)
        let passes =
          settings.comparison != .exact && problem == nil && change.map { settings.comparison.failingMetrics($0).isEmpty } == true
        match = passes ? .withinComparison : .differs
      }
    }
    let decision = ReferenceDecision.decide(mode: settings.record, match: match)

    // In record mode never, nothing is written (no scene, no kept scene, no profile) or removed.
    var kept: String? = nil
    if settings.record != .never {
      if let deviceProfile, fileSystem.read(reference.deviceProfilePath) != deviceProfile {
        do {
          try fileSystem.write(deviceProfile, to: reference.deviceProfilePath)
        } catch {
          throw RenderCostFailure(message: "cannot write \(reference.deviceProfilePath): \(error)", result: nil, underlying: error)
        }
      }
      if decision.write {
        do {
          try fileSystem.write(text, to: reference.path)
        } catch {
          throw RenderCostFailure(message: "cannot write \(reference.path): \(error)", result: nil, underlying: error)
        }
      }
      if decision.outcome == .differs {
        do {
          try fileSystem.write(text, to: reference.newScenePath)
          kept = reference.newScenePath
        } catch {
          problem = [problem, "the new scene could not be kept at \(reference.newScenePath): \(error)"].compactMap { $0 }.joined(
            separator: "; ")
        }
      } else {
        // The recorded scene is the one to go by again: a scene kept by an earlier failure is stale.
        try? fileSystem.remove(reference.newScenePath)
      }
    }

    let deviceArguments =
      deviceProfile != nil && DeviceCatalogue.device(id: device.id) == nil
      ? ["--device-file", reference.deviceProfilePath] : ["--device", device.id]
    let result = RenderCostResult(
      scene: scene, notes: captured.notes, report: report, budgets: results, reference: reference, outcome: decision.outcome,
      change: change, comparison: settings.comparison, record: settings.record, keptScene: kept, comparisonProblem: problem,
      deviceArguments: deviceArguments)
    if let message = result.failureMessage { throw RenderCostFailure(message: message, result: result) }
    return result
  }

  /// The recorded scene's figures against the new ones, and why they cannot be compared when
  /// they cannot: the recorded file does not read as a scene, or runs another timeline.
  static func recordedComparison(
    _ recorded: String, with report: SimulationReport, device: DeviceProfile, tolerance: Double = Comparison.defaultTolerance
  ) -> (Comparison?, String?) {
    let scene: Scene
    do {
      scene = try SceneDecoder.decode(Array(recorded.utf8), options: .init(devices: screens(with: device)))
    } catch {
      return (nil, "the recorded scene cannot be read, so its figures cannot be compared: \(error)")
    }
    let before = MetricSnapshot(Simulator.run(scene, on: device))
    let after = MetricSnapshot(report)
    let comparison = Comparison(before: before, after: after, tolerance: tolerance, gates: ReportMetrics.all.map(\.id))
    guard before.sameTimeline(as: after) else {
      return (
        comparison,
        "the recorded scene runs \(formatNumber(before.frames)) frames at \(formatNumber(before.frameRate)) fps and the new one \(formatNumber(after.frames)) at \(formatNumber(after.frameRate)): their figures do not compare"
      )
    }
    return (comparison, nil)
  }

  /// The catalogue's screens and the device's own, which may be a user's profile.
  static func screens(with device: DeviceProfile) -> [String: DeviceScreen] {
    var screens = DeviceCatalogue.screens
    screens[device.id] = device.screen
    return screens
  }
}

/// Captures `layer`, simulates it on `device`, holds it to `budgets` and compares it with the
/// scene recorded for this test; a failure is recorded as a failure of the running test, on the
/// line of the call (``RenderCostReporter``), as swift-snapshot-testing's `assertSnapshot` does.
///
/// ```swift
/// assertRenderCost(of: cardLayer, options: CaptureOptions(device: "iphone-13-pro", scale: 3), on: profile,
///                  budgets: [.maxOffscreenPassesPerFrame: 0])
/// ```
///
/// - Parameters:
///   - name: the check's name, when the test makes several (`<test>.<name>.json`); unnamed checks
///     are numbered from 1 in each run of a test (`<test>.json`, `<test>.2.json`).
///   - record: when to write the scene; nil: the scope's, else `RENDER_SCENES_RECORD`, else `.missing`.
///   - referenceFolder: the folder for the recorded scenes instead of `__RenderScenes__` beside the
///     test file (relative to the test file's folder); nil: the scope's, else `RENDER_SCENES_FOLDER`.
///   - comparison: how to compare the scene with the recorded one; nil: the scope's, else
///     ``SceneComparison/default``.
///   - environment: where `RENDER_SCENES_RECORD` and `RENDER_SCENES_FOLDER` are read.
///   - fileSystem: reads and writes the recorded scenes.
/// - Returns: the result, failed or not; nil when the check stopped before simulating (the view
///   could not be captured, a setting is wrong).
@MainActor
@discardableResult
public func assertRenderCost(
  of layer: any CapturableLayer, options: CaptureOptions, on device: DeviceProfile, budgets: [BudgetKind: Double] = [:],
  named name: String? = nil, record: RecordMode? = nil, referenceFolder: String? = nil, comparison: SceneComparison? = nil,
  environment: [String: String] = ProcessInfo.processInfo.environment, fileSystem: some ReferenceStore = FileReferenceStore(),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line,
  column: UInt = #column
) -> RenderCostResult? {
  do throws(RenderCostFailure) {
    return try RenderCost.check(
      layer, options: options, on: device, budgets: budgets, named: name, record: record, referenceFolder: referenceFolder,
      comparison: comparison, environment: environment, fileSystem: fileSystem, filePath: "\(filePath)", testName: testName)
  } catch {
    RenderCost.report(error, fileID: fileID, filePath: filePath, line: line, column: column)
    return error.result
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
  /// Removes the file at `path`; nothing when there is none.
  func remove(_ path: String) throws
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

  public func remove(_ path: String) throws {
    guard FileManager.default.fileExists(atPath: path) else { return }
    try FileManager.default.removeItem(atPath: path)
  }
}
