import Compositor
import Foundation
import LayerCapture
import LayerTree
import Testing

@testable import RenderCost

/// Failures collected instead of recorded: the reporter seam.
final class IssueCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [RenderCostIssue] = []

  var issues: [RenderCostIssue] {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }

  var reporter: RenderCostReporter {
    RenderCostReporter { issue in
      self.lock.lock()
      self.collected.append(issue)
      self.lock.unlock()
    }
  }
}

/// The check's settings, its comparisons, the scene it keeps, and failures recorded at the call.
///
/// Every test runs on the fake card of ``RenderCostTests/screen(faded:characters:label:)``: a card
/// whose opacity fades it as a group when `faded` (0 offscreen passes unfaded, 1 faded: the card's
/// background and its label are two drawing layers, so a faded card needs a group).
@Suite("Render-cost check: settings, comparison, reporting")
@MainActor
struct RenderCostAssertTests {
  static let device = RenderCostTests.device
  static let reference = RenderCostTests.reference
  static let options = CaptureOptions(device: "iphone-13-pro", scale: 3, name: "feed")
  static let testFile = "/work/App/Tests/FeedTests/FeedScreenTests.swift"

  /// The scene as the check writes it: captured and written by the scene writer.
  static func text(_ root: FakeLayer) throws -> String {
    var scene = try SceneCapture.capture(root, options: options).scene
    scene.device = device.id
    return try SceneEncoder.rendered(scene)
  }

  func check(
    _ root: FakeLayer, store: MemoryStore, record: RecordMode? = nil, comparison: SceneComparison? = nil,
    environment: [String: String] = [:], budgets: [BudgetKind: Double] = [:]
  ) -> (RenderCostResult?, RenderCostFailure?) {
    do {
      let captured = try SceneCapture.capture(root, options: Self.options)
      let result = try RenderCost.check(
        captured, on: Self.device, budgets: Budgets(budgets), reference: Self.reference, record: record, comparison: comparison,
        environment: environment, fileSystem: store)
      return (result, nil)
    } catch let failure as RenderCostFailure {
      return (failure.result, failure)
    } catch {
      Issue.record("unexpected error \(error)")
      return (nil, nil)
    }
  }

  // MARK: Record modes, through the check

  /// Every cell of the record-mode table (docs/capture.md, ``ReferenceDecision``), made by real
  /// checks: nothing recorded, the same file, another file within the comparison (the label
  /// renamed: a layer's id moves no figure), another file outside it (the card faded: 0 -> 1
  /// offscreen pass, a count, which compares exactly). Expected: the table, row by row.
  @Test(arguments: RecordMode.allCases)
  func everyOutcomeOfTheRecordModeTable(mode: RecordMode) throws {
    let plain = RenderCostTests.screen(faded: false)
    let renamed = RenderCostTests.screen(faded: false, label: "TitleLabel")
    let faded = RenderCostTests.screen(faded: true)
    let recorded = try Self.text(plain)

    // Nothing recorded: never fails and writes nothing; every other mode records and fails.
    let empty = MemoryStore()
    let (first, firstFailure) = check(plain, store: empty, record: mode)
    #expect(firstFailure != nil)
    #expect(first?.outcome == (mode == .never ? .missing : .recorded(.missing)))
    #expect(empty.files[Self.reference.path] == (mode == .never ? nil : recorded))

    // The same file: all records and fails; the others pass and write nothing.
    let same = MemoryStore()
    same.files[Self.reference.path] = recorded
    let (identical, identicalFailure) = check(plain, store: same, record: mode)
    #expect(identical?.outcome == (mode == .all ? .recorded(.recordMode) : .matched))
    #expect((identicalFailure == nil) == (mode != .all))
    #expect(same.writes == (mode == .all ? 1 : 0))

    // Another file with the same figures: all records it; the others pass, leaving the file.
    let close = MemoryStore()
    close.files[Self.reference.path] = recorded
    let (within, withinFailure) = check(renamed, store: close, record: mode)
    #expect(within?.outcome == (mode == .all ? .recorded(.recordMode) : .withinComparison))
    #expect((withinFailure == nil) == (mode != .all))
    #expect(close.files[Self.reference.path] == (mode == .all ? try Self.text(renamed) : recorded))

    // Another file that fails the comparison: failed and all record it; missing keeps the new
    // scene beside the recorded one; never writes nothing.
    let far = MemoryStore()
    far.files[Self.reference.path] = recorded
    let (differs, differsFailure) = check(faded, store: far, record: mode)
    #expect(differsFailure != nil)
    switch mode {
    case .all: #expect(differs?.outcome == .recorded(.recordMode))
    case .failed: #expect(differs?.outcome == .recorded(.changed))
    case .missing, .never: #expect(differs?.outcome == .differs)
    }
    let rewritten = mode == .all || mode == .failed
    #expect(far.files[Self.reference.path] == (rewritten ? try Self.text(faded) : recorded))
    #expect(far.files[Self.reference.newScenePath] == (mode == .missing ? try Self.text(faded) : nil))
    if mode == .never { #expect(far.writes == 0) }
  }

  /// Record mode never never writes: not a missing scene, not a changed one, not the kept
  /// scene, not a device profile; and removes nothing.
  @Test func neverWritesNothingAtAll() throws {
    let store = MemoryStore()
    let settings = try ResolvedSettings.resolve(record: .never, referenceFolder: nil, comparison: nil, environment: [:])
    let captured = try SceneCapture.capture(RenderCostTests.screen(faded: false), options: Self.options)
    let profile = #"{"id": "my-ipad"}"#
    #expect(throws: RenderCostFailure.self) {
      try RenderCost.run(
        captured, on: Self.device, budgets: Budgets(), reference: Self.reference, settings: settings, deviceProfile: profile,
        fileSystem: store)
    }
    store.files[Self.reference.path] = "{}"
    store.files[Self.reference.newScenePath] = "an old kept scene"
    _ = check(RenderCostTests.screen(faded: true), store: store, record: .never)
    #expect(store.writes == 0)
    #expect(store.removals == 0)
    #expect(store.files[Self.reference.newScenePath] == "an old kept scene")
  }

  // MARK: Precedence: parameter > scope > environment > default

  @Test func recordModePrecedence() throws {
    let environment = ["RENDER_SCENES_RECORD": "never"]
    func mode(_ parameter: RecordMode?, _ environment: [String: String]) throws -> RecordMode {
      try ResolvedSettings.resolve(record: parameter, referenceFolder: nil, comparison: nil, environment: environment).record
    }
    #expect(try mode(nil, [:]) == .missing)
    #expect(try mode(nil, environment) == .never)
    try withRenderCostConfiguration(record: .failed) { () throws in
      #expect(try mode(nil, environment) == .failed)
      #expect(try mode(.all, environment) == .all)
      // An inner scope that leaves the mode nil keeps the outer one's.
      try withRenderCostConfiguration(comparison: .exact) { () throws in
        #expect(try mode(nil, environment) == .failed)
      }
      try withRenderCostConfiguration(record: .never) { () throws in
        #expect(try mode(nil, [:]) == .never)
      }
    }
    #expect(RenderCostConfiguration.current.record == nil)
  }

  /// A record mode the variable cannot mean fails the check rather than falling back silently.
  @Test func anUnknownRecordModeInTheEnvironmentFails() {
    let store = MemoryStore()
    let (_, failure) = check(RenderCostTests.screen(faded: false), store: store, environment: ["RENDER_SCENES_RECORD": "sometimes"])
    #expect(
      failure?.message == "RENDER_SCENES_RECORD=sometimes is not a record mode: use all, failed, missing, never (or 1, true, yes for all)")
    #expect(store.writes == 0)
    // Empty is unset.
    #expect(
      check(RenderCostTests.screen(faded: false), store: MemoryStore(), environment: ["RENDER_SCENES_RECORD": ""]).0?.record == .missing)
  }

  @Test func referenceFolderAndComparisonPrecedence() throws {
    let environment = ["RENDER_SCENES_FOLDER": "/env/scenes"]
    func settings(_ folder: String?, _ comparison: SceneComparison?, _ environment: [String: String]) throws -> ResolvedSettings {
      try ResolvedSettings.resolve(record: nil, referenceFolder: folder, comparison: comparison, environment: environment)
    }
    #expect(try settings(nil, nil, [:]).referenceFolder == nil)
    #expect(try settings(nil, nil, [:]).comparison == .figures(tolerance: 0.05, metrics: ReportMetrics.defaultGates))
    #expect(try settings(nil, nil, environment).referenceFolder == "/env/scenes")
    try withRenderCostConfiguration(referenceFolder: "/scope/scenes", comparison: .worseOnly(tolerance: 0.1)) { () throws in
      #expect(try settings(nil, nil, environment).referenceFolder == "/scope/scenes")
      #expect(try settings(nil, nil, environment).comparison == .worseOnly(tolerance: 0.1))
      #expect(try settings("/parameter", .exact, environment).referenceFolder == "/parameter")
      #expect(try settings("/parameter", .exact, environment).comparison == .exact)
    }
  }

  /// The async scope reaches checks made after a suspension and in child tasks.
  @Test func theAsyncScopeReachesChildTasks() async {
    await withRenderCostConfiguration(record: .all) {
      await Task.yield()
      async let inner = RenderCostConfiguration.current.record
      #expect(await inner == .all)
    }
  }

  // MARK: Where scenes go

  /// Absolute and relative (from the test file's folder) reference folders, and the names that
  /// would collide with a kept scene, a device profile or a numbered check.
  @Test func referenceFolders() {
    let moved = ReferenceFile(filePath: Self.testFile, testName: "testFeed()", folder: "/ci/RenderScenes")
    #expect(moved.path == "/ci/RenderScenes/FeedScreenTests/testFeed.json")
    #expect(moved.shortPath == "RenderScenes/FeedScreenTests/testFeed.json")
    let relative = ReferenceFile(filePath: Self.testFile, testName: "testFeed()", folder: "../Scenes")
    #expect(relative.path == "/work/App/Tests/Scenes/FeedScreenTests/testFeed.json")
    #expect(relative.shortNewScenePath == "Scenes/FeedScreenTests/testFeed.new.json")
    let beside = ReferenceFile(filePath: Self.testFile, testName: "testFeed()")
    #expect(beside.newScenePath == "/work/App/Tests/FeedTests/__RenderScenes__/FeedScreenTests/testFeed.new.json")
    #expect(beside.deviceProfilePath == "/work/App/Tests/FeedTests/__RenderScenes__/FeedScreenTests/testFeed.device.json")
    #expect(ReferenceFile(filePath: Self.testFile, testName: "testFeed()", name: "new").path.hasSuffix("/testFeed.new_.json"))
    #expect(ReferenceFile(filePath: Self.testFile, testName: "testFeed()", name: "Device").path.hasSuffix("/testFeed.Device_.json"))
    #expect(ReferenceFile(filePath: Self.testFile, testName: "testFeed()", name: "2").path.hasSuffix("/testFeed.2_.json"))
    #expect(ReferenceFile(filePath: Self.testFile, testName: "testFeed()", name: "newer").path.hasSuffix("/testFeed.newer.json"))
  }

  /// On disk, through the scope: the scene lands in the moved folder, not beside the test.
  @Test func aScopedReferenceFolderOnDisk() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-cost-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let testFile = folder.appendingPathComponent("Tests/FeedScreenTests.swift").path
    let scenes = folder.appendingPathComponent("Scenes").path
    let failure = withRenderCostConfiguration(referenceFolder: scenes) { () -> RenderCostFailure? in
      do throws(RenderCostFailure) {
        try RenderCost.check(
          RenderCostTests.screen(faded: false), options: Self.options, on: Self.device, environment: [:], filePath: testFile,
          testName: "testFeed()")
        return nil
      } catch {
        return error
      }
    }
    #expect(failure?.result?.outcome == .recorded(.missing))
    #expect(FileManager.default.fileExists(atPath: scenes + "/FeedScreenTests/testFeed.json"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tests/__RenderScenes__").path))
    #expect(failure?.message.contains("recorded Scenes/FeedScreenTests/testFeed.json;") == true)
  }

  // MARK: Comparing by figures

  /// The label eight characters longer (12 -> 20): eight more glyphs drawn on the main thread, 8 x
  /// CostCoefficients.glyphTime over the iPhone 13 Pro's CPU speed 4.9, in its one frame; a few
  /// percent of that frame's main-thread work. No count moves (the same layers, passes and
  /// backing stores). So the default comparison (5% on compare's default figures) passes and keeps
  /// the recorded file; held to every figure, the drawing's own share of the main thread (display:
  /// the label's pixels and its twelve glyphs) grows by far more than 5% and fails it.
  @Test func aLabelOneCharacterLongerPassesTheDefaultComparison() throws {
    let store = MemoryStore()
    let recorded = try Self.text(RenderCostTests.screen(faded: false))
    store.files[Self.reference.path] = recorded
    let longer = RenderCostTests.screen(faded: false, characters: 20)
    let (result, failure) = check(longer, store: store)
    #expect(failure == nil)
    #expect(result?.outcome == .withinComparison)
    #expect(store.files[Self.reference.path] == recorded)
    #expect(store.writes == 0)
    let change = try #require(result?.change)
    #expect(change.metrics.filter { $0.exact }.allSatisfy { $0.verdict == .same })
    let mainThread = try #require(change.metrics.first { $0.id == "mainThreadMs.p95" })
    let glyphs = 8 * CostCoefficients.standard.glyphTime / 4.9 * 1000
    #expect(abs((mainThread.change ?? 0) - glyphs) <= 0.001)
    #expect((mainThread.relativeChange ?? 1) < 0.05)

    let (strict, strictFailure) = check(longer, store: store, comparison: .figures(tolerance: 0.05, metrics: SceneComparison.allMetrics))
    #expect(strict?.outcome == .differs)
    let failing = try #require(strict?.change).metrics.filter { $0.verdict != .same }
    #expect(failing.map(\.id) == ["mainThreadBreakdownMs.display"])
    #expect(strictFailure?.message.contains("(figures within 5%, every figure):\n    main-thread time: display (mean): ") == true)
  }

  /// Metric ids that name nothing fail the check instead of comparing nothing.
  @Test func anUnknownMetricFails() {
    let (_, failure) = check(
      RenderCostTests.screen(faded: false), store: MemoryStore(), comparison: .worseOnly(tolerance: 0, metrics: ["gpuMs.p95", "speed"]))
    #expect(failure?.message == "the comparison names metrics that do not exist: speed (offscreen-sim compare --list-metrics lists them)")
  }

  /// The card fades: a count moves (offscreen passes 0 -> 1), and counts compare exactly, so even
  /// a 50% tolerance fails it.
  @Test func aCountOutsideAnyTolerance() throws {
    let store = MemoryStore()
    store.files[Self.reference.path] = try Self.text(RenderCostTests.screen(faded: false))
    let (result, failure) = check(RenderCostTests.screen(faded: true), store: store, comparison: .figures(tolerance: 0.5))
    #expect(result?.outcome == .differs)
    #expect(failure?.message.contains("(figures within 50%):\n    offscreen passes per frame (max): 0 -> 1 (worse)\n") == true)
  }

  /// Byte for byte: the renamed label costs the same, yet fails, and the message says no figure
  /// moved (instead of listing none).
  @Test func exactFailsAChangeThatMovesNoFigure() throws {
    let store = MemoryStore()
    store.files[Self.reference.path] = try Self.text(RenderCostTests.screen(faded: false))
    let renamed = RenderCostTests.screen(faded: false, label: "TitleLabel")
    #expect(check(renamed, store: store).0?.outcome == .withinComparison)
    let (result, failure) = check(renamed, store: store, comparison: .exact)
    #expect(result?.outcome == .differs)
    #expect(failure?.message.contains("(byte for byte):\n    no figure moved\n") == true)
  }

  /// Worse only: the fade taken away (1 -> 0 passes) passes; the fade added fails. The figures
  /// mode fails both, the improvement as `better`.
  @Test func worseOnlyPassesAnImprovementAndFailsARegression() throws {
    let faded = try Self.text(RenderCostTests.screen(faded: true))
    let plain = try Self.text(RenderCostTests.screen(faded: false))
    let worseOnly = SceneComparison.worseOnly(tolerance: 0.05)

    let improving = MemoryStore()
    improving.files[Self.reference.path] = faded
    let (better, betterFailure) = check(RenderCostTests.screen(faded: false), store: improving, comparison: worseOnly)
    #expect(betterFailure == nil)
    #expect(better?.outcome == .withinComparison)
    #expect(better?.change?.metrics.first { $0.id == "offscreenPasses.perFrameMax" }?.verdict == .better)
    #expect(improving.files[Self.reference.path] == faded)
    let (_, figuresFailure) = check(RenderCostTests.screen(faded: false), store: improving)
    #expect(figuresFailure?.message.contains("offscreen passes per frame (max): 1 -> 0 (better)") == true)

    let regressing = MemoryStore()
    regressing.files[Self.reference.path] = plain
    let (worse, worseFailure) = check(RenderCostTests.screen(faded: true), store: regressing, comparison: worseOnly)
    #expect(worse?.outcome == .differs)
    #expect(
      worseFailure?.message.contains(
        "(no figure worse by more than 5%):\n    offscreen passes per frame (max): 0 -> 1 (worse)\n") == true)
  }

  /// A recorded file that is not a scene cannot be compared by its figures: it fails, saying so.
  @Test func anUnreadableRecordedSceneFails() {
    let store = MemoryStore()
    store.files[Self.reference.path] = "not a scene"
    let (result, failure) = check(RenderCostTests.screen(faded: false), store: store)
    #expect(result?.outcome == .differs)
    #expect(result?.change == nil)
    #expect(failure?.message.contains("  the recorded scene cannot be read, so its figures cannot be compared: ") == true)
  }

  @Test func nonsenseTolerancesAreZero() {
    #expect(SceneComparison.figures(tolerance: -1).tolerance == 0)
    #expect(SceneComparison.worseOnly(tolerance: .nan).tolerance == 0)
    #expect(SceneComparison.figures(tolerance: .infinity).tolerance == 0)
    #expect(SceneComparison.exact.tolerance == 0)
    #expect(SceneComparison.default == .figures(tolerance: 0.05, metrics: ReportMetrics.defaultGates))
  }

  // MARK: The kept scene

  /// A failing scene is kept as `<test>.new.json` and the message prints the compare command
  /// with both absolute paths and the device; the check that passes again removes it, and so
  /// does recording the change.
  @Test func theNewSceneIsKeptAndRemoved() throws {
    let store = MemoryStore()
    store.files[Self.reference.path] = try Self.text(RenderCostTests.screen(faded: false))
    let (kept, failure) = check(RenderCostTests.screen(faded: true), store: store)
    let newPath = "/work/App/Tests/FeedTests/__RenderScenes__/FeedScreenTests/testFeed.new.json"
    #expect(kept?.keptScene == newPath)
    #expect(store.files[newPath] == (try Self.text(RenderCostTests.screen(faded: true))))
    #expect(
      failure?.message.contains(
        """
          the new scene is kept at __RenderScenes__/FeedScreenTests/testFeed.new.json; see the difference with:
            offscreen-sim compare /work/App/Tests/FeedTests/__RenderScenes__/FeedScreenTests/testFeed.json \(newPath) --device iphone-13-pro

        """) == true)

    // The screen is put back: the check passes and the kept scene goes.
    #expect(check(RenderCostTests.screen(faded: false), store: store).1 == nil)
    #expect(store.files[newPath] == nil)

    // Kept again, then recorded with record: .failed: the kept scene goes too.
    _ = check(RenderCostTests.screen(faded: true), store: store)
    #expect(store.files[newPath] != nil)
    #expect(check(RenderCostTests.screen(faded: true), store: store, record: .failed).0?.outcome == .recorded(.changed))
    #expect(store.files[newPath] == nil)
  }

  /// A profile the catalogue lacks is named by its file, and paths with spaces are quoted.
  @Test func theCompareCommandForAProfileFileAndSpaces() throws {
    var profile = Self.device
    profile.id = "my-ipad"
    let store = MemoryStore()
    let reference = ReferenceFile(path: "/work/My App/__RenderScenes__/T/test.json")
    let captured = try SceneCapture.capture(RenderCostTests.screen(faded: false), options: Self.options)
    let settings = try ResolvedSettings.resolve(record: nil, referenceFolder: nil, comparison: nil, environment: [:])
    store.files[reference.path] = try Self.text(RenderCostTests.screen(faded: true)).replacingOccurrences(
      of: "iphone-13-pro", with: "my-ipad")
    do throws(RenderCostFailure) {
      _ = try RenderCost.run(
        captured, on: profile, budgets: Budgets(), reference: reference, settings: settings, deviceProfile: "{}", fileSystem: store)
      Issue.record("the check passed")
    } catch {
      #expect(
        error.message.contains(
          "    offscreen-sim compare '/work/My App/__RenderScenes__/T/test.json' '/work/My App/__RenderScenes__/T/test.new.json' --device-file '/work/My App/__RenderScenes__/T/test.device.json'\n"
        ))
      #expect(store.files["/work/My App/__RenderScenes__/T/test.device.json"] == "{}")
    }
    #expect(shellQuoted("it's") == #"'it'\''s'"#)
    #expect(shellQuoted("") == "''")
  }

  // MARK: Budgets

  /// Both budgets fail, each listed with its limit and the figure found: no offscreen pass
  /// allowed, one found (the faded card); at least 1000 fps asked, 120 found (a light scene runs
  /// at the iPhone 13 Pro's 120 Hz).
  @Test func everyFailedBudgetWithExpectedAndFound() throws {
    let store = MemoryStore()
    store.files[Self.reference.path] = try Self.text(RenderCostTests.screen(faded: true))
    let (result, failure) = check(
      RenderCostTests.screen(faded: true), store: store, budgets: [.maxOffscreenPassesPerFrame: 0, .minFps: 1000, .maxGpuMsP95: 1000])
    #expect(result?.outcome == .matched)
    #expect(result?.failedBudgets.map(\.kind) == [.maxOffscreenPassesPerFrame, .minFps])
    let message = try #require(failure?.message)
    #expect(
      message.hasPrefix(
        """
        render cost of the view on iphone-13-pro:
          budget maxOffscreenPassesPerFrame failed: expected <= 0, found 1
          budget minFps failed: expected >= 1000, found 120

        """))
  }

  // MARK: Errors

  /// The failure is a LocalizedError: Foundation's description of it is the whole message, not
  /// "The operation couldn't be completed". A capture error comes wrapped in it.
  @Test func failuresDescribeThemselves() throws {
    let (_, failure) = check(RenderCostTests.screen(faded: false), store: MemoryStore())
    let error: any Error = try #require(failure)
    #expect(error.localizedDescription == failure?.message)
    #expect((error as? LocalizedError)?.errorDescription == failure?.message)

    let scrolling = CaptureOptions(device: "iphone-13-pro", scale: 3, scroll: .fling(3000))
    do throws(RenderCostFailure) {
      try RenderCost.check(RenderCostTests.screen(faded: false), options: scrolling, on: Self.device, environment: [:])
      Issue.record("the capture did not fail")
    } catch {
      #expect(error.message == "the view cannot be captured: no table or collection view to scroll in the captured tree")
      #expect(error.underlying is CaptureError)
      #expect((error as any Error).localizedDescription == error.message)
    }
  }

  // MARK: Failures recorded at the call

  /// The reporter gets the message and the place of the call: this file's `#fileID` and
  /// `#filePath`, the line of the call (the line before the one that reads `#line`), and the
  /// column Swift gives a call's default `#column`: its opening parenthesis (six spaces and
  /// `let result = assertRenderCost` before it: column 36).
  @Test func theReporterGetsThePlaceOfTheCall() throws {
    let collector = IssueCollector()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-cost-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (screen, options, device) = (RenderCostTests.screen(faded: true), Self.options, Self.device)
    try withRenderCostConfiguration(referenceFolder: folder, reporter: collector.reporter) {
      let result = assertRenderCost(of: screen, options: options, on: device, environment: [:])
      let line = UInt(#line - 1)
      let issue = try #require(collector.issues.first)
      #expect(collector.issues.count == 1)
      #expect("\(issue.fileID)" == "LayerCaptureTests/RenderCostAssertTests.swift")
      #expect("\(issue.filePath)".hasSuffix("/Tests/LayerCaptureTests/RenderCostAssertTests.swift"))
      #expect(issue.line == line)
      #expect(issue.column == 36)
      #expect(issue.message.hasPrefix("render cost of the view on iphone-13-pro:\n  no scene was recorded: recorded "))
      #expect(result?.outcome == .recorded(.missing))
      // The scene went to `<folder>/RenderCostAssertTests/<test>.json`.
      #expect(FileManager.default.fileExists(atPath: folder + "/RenderCostAssertTests/theReporterGetsThePlaceOfTheCall.json"))
      // Each failing check records one issue; a check that passes records none.
      assertRenderCost(of: screen, options: options, on: device, named: "again", environment: [:])
      #expect(collector.issues.count == 2)
      let passed = assertRenderCost(of: screen, options: options, on: device, named: "again", environment: [:])
      #expect(passed?.passed == true)
      #expect(collector.issues.count == 2)
    }
  }

  /// Under Swift Testing, the default reporter records an issue of the running test at the call,
  /// with the whole message as its comment.
  @Test func theDefaultReporterRecordsASwiftTestingIssue() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-cost-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let line = #line + 3
    withKnownIssue {
      withRenderCostConfiguration(referenceFolder: folder) {
        _ = assertRenderCost(
          of: RenderCostTests.screen(faded: false), options: Self.options, on: Self.device, environment: [:])
      }
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "RenderCostAssertTests.swift"
        && issue.comments.contains { $0.rawValue.contains("no scene was recorded") }
    }
  }

  /// A place made by hand is brought within Swift Testing's rules (a module in the file ID,
  /// lines and columns from 1) instead of trapping.
  @Test func handMadePlacesAreSanitized() {
    let issue = RenderCostIssue(message: "m", fileID: "", filePath: "/a/B.swift", line: 0, column: 0)
    let place = RenderCostReporter.sanitizedLocation(issue)
    #expect(place.fileID == "RenderCost/B.swift")
    #expect(place.line == 1 && place.column == 1)
    #expect(
      RenderCostReporter.sanitizedLocation(RenderCostIssue(message: "m", fileID: "B.swift", filePath: "", line: 3, column: 4)) == (
        "RenderCost/B.swift", 3, 4
      ))
  }

  // MARK: Unnamed checks in one test

  /// Under Swift Testing, numbers are kept by test: this test's checks count 1, 2 whatever other
  /// tests counted for the same file and test name.
  @Test func unnamedChecksAreNumberedInEachTest() {
    let file = "/numbering/SharedTests.swift"
    let first = RenderCost.reference(filePath: file, testName: "shared()", name: nil, folder: nil)
    let second = RenderCost.reference(filePath: file, testName: "shared()", name: nil, folder: nil)
    let named = RenderCost.reference(filePath: file, testName: "shared()", name: "scrolled", folder: nil)
    #expect(first.path == "/numbering/__RenderScenes__/SharedTests/shared.json")
    #expect(second.path == "/numbering/__RenderScenes__/SharedTests/shared.2.json")
    #expect(named.path == "/numbering/__RenderScenes__/SharedTests/shared.scrolled.json")
  }

  @Test func anotherTestNumbersFromOneToo() {
    let file = "/numbering/SharedTests.swift"
    #expect(RenderCost.reference(filePath: file, testName: "shared()", name: nil, folder: nil).path.hasSuffix("/shared.json"))
  }

  #if compiler(>=6.1)
    /// The trait numbers each run afresh: both cases of this test share its id and its test name,
    /// so without the trait the second case to run would get `.2`.
    @Test(.renderCost(record: .never), arguments: [1, 2])
    func theTraitNumbersEachRunAfresh(case: Int) throws {
      #expect(RenderCost.reference(filePath: "/trait/T.swift", testName: "t()", name: nil, folder: nil).path.hasSuffix("/t.json"))
      #expect(try ResolvedSettings.resolve(record: nil, referenceFolder: nil, comparison: nil, environment: [:]).record == .never)
    }
  #endif
}
