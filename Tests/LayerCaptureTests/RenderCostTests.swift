import Compositor
import Foundation
import LayerCapture
import LayerTree
import Testing

@testable import RenderCost

/// Recorded scenes kept in memory, with every write and removal counted.
final class MemoryStore: ReferenceStore, @unchecked Sendable {
  var files: [String: String] = [:]
  var writes = 0
  var removals = 0
  func read(_ path: String) -> String? { files[path] }
  func write(_ text: String, to path: String) throws {
    files[path] = text
    writes += 1
  }
  func remove(_ path: String) throws {
    if files.removeValue(forKey: path) != nil { removals += 1 }
  }
}

@Suite("Render-cost check")
@MainActor
struct RenderCostTests {
  static let device = DeviceCatalogue.device(id: "iphone-13-pro")!
  static let reference = ReferenceFile(path: "/work/App/Tests/FeedTests/__RenderScenes__/FeedScreenTests/testFeed.json")

  // MARK: Where scenes are recorded

  /// swift-snapshot-testing's layout: a folder beside the test file named after the file, a file
  /// named after the test function.
  @Test func referencePaths() {
    let file = "/work/App/Tests/FeedTests/FeedScreenTests.swift"
    #expect(
      ReferenceFile(filePath: file, testName: "testFeed()").path
        == "/work/App/Tests/FeedTests/__RenderScenes__/FeedScreenTests/testFeed.json")
    #expect(
      ReferenceFile(filePath: file, testName: "testFeed()", name: "scrolled").path.hasSuffix("/FeedScreenTests/testFeed.scrolled.json"))
    #expect(ReferenceFile(filePath: file, testName: "testFeed()", index: 2).path.hasSuffix("/FeedScreenTests/testFeed.2.json"))
    // A Swift Testing display name: runs of other characters become one `-`.
    #expect(ReferenceFile(filePath: file, testName: "feed on \"iPhone\" (dark)").path.hasSuffix("/feed-on-iPhone-dark.json"))
    #expect(ReferenceFile(filePath: file, testName: "testFeed()").shortPath == "__RenderScenes__/FeedScreenTests/testFeed.json")
  }

  @Test func recordModeFromTheEnvironment() {
    #expect(RecordMode.requested(by: [:]) == nil)
    #expect(RecordMode.requested(by: ["RENDER_SCENES_RECORD": "failed"]) == .failed)
    #expect(RecordMode.requested(by: ["RENDER_SCENES_RECORD": "NEVER"]) == .never)
    #expect(RecordMode.requested(by: ["RENDER_SCENES_RECORD": "1"]) == .all)
    #expect(RecordMode.requested(by: ["RENDER_SCENES_RECORD": "sometimes"]) == nil)
  }

  /// Every cell of the table in ``ReferenceDecision``'s documentation.
  @Test func recordDecisions() {
    typealias D = ReferenceDecision
    #expect(D.decide(mode: .never, existing: nil, new: "a") == (false, .missing))
    #expect(D.decide(mode: .missing, existing: nil, new: "a") == (true, .recorded(.missing)))
    #expect(D.decide(mode: .failed, existing: nil, new: "a") == (true, .recorded(.missing)))
    #expect(D.decide(mode: .all, existing: nil, new: "a") == (true, .recorded(.missing)))
    #expect(D.decide(mode: .never, existing: "a", new: "a") == (false, .matched))
    #expect(D.decide(mode: .missing, existing: "a", new: "a") == (false, .matched))
    #expect(D.decide(mode: .failed, existing: "a", new: "a") == (false, .matched))
    #expect(D.decide(mode: .all, existing: "a", new: "a") == (true, .recorded(.recordMode)))
    #expect(D.decide(mode: .never, existing: "a", new: "b") == (false, .differs))
    #expect(D.decide(mode: .missing, existing: "a", new: "b") == (false, .differs))
    #expect(D.decide(mode: .failed, existing: "a", new: "b") == (true, .recorded(.changed)))
    #expect(D.decide(mode: .all, existing: "a", new: "b") == (true, .recorded(.recordMode)))
  }

  @Test func budgetsByKindKeepTheFormatsOrder() {
    let budgets = Budgets([.minFps: 110, .maxOffscreenPassesPerFrame: 0])
    #expect(budgets.limits.map(\.kind) == [.maxOffscreenPassesPerFrame, .minFps])
    #expect(budgets.limits.map(\.value) == [0, 110])
  }

  // MARK: A check, run after run

  /// A card whose opacity fades two drawing sublayers as a group when `faded`; its label has
  /// `characters` characters and is called `label` (its class name, which becomes its id).
  static func screen(faded: Bool, characters: Int = 12, label: String = "UILabel") -> FakeLayer {
    let card = FakeLayer(
      "CardView", frame: Rect(16, 100, 358, 120),
      configure: {
        $0.backgroundColor = .white
        $0.opacity = faded ? 0.5 : 1
      },
      sublayers: [
        FakeLayer(label, frame: Rect(12, 12, 200, 20), configure: { $0.contents = .text(TextContents(characters: characters)) })
      ])
    return SceneCaptureTests.screen([card])
  }

  func check(
    _ root: FakeLayer, store: MemoryStore, record: RecordMode = .missing, budgets: [BudgetKind: Double] = [:],
    comparison: SceneComparison? = nil
  ) throws -> RenderCostResult {
    let captured = try SceneCapture.capture(root, options: CaptureOptions(device: "iphone-13-pro", scale: 3, name: "feed"))
    return try RenderCost.check(
      captured, on: Self.device, budgets: Budgets(budgets), reference: Self.reference, record: record, comparison: comparison,
      environment: [:], fileSystem: store)
  }

  func failure(_ body: () throws -> RenderCostResult) -> RenderCostFailure? {
    do {
      _ = try body()
      return nil
    } catch let failure as RenderCostFailure {
      return failure
    } catch {
      return nil
    }
  }

  @Test func firstRunRecordsAndFails() throws {
    let store = MemoryStore()
    let first = failure { try check(Self.screen(faded: false), store: store) }
    #expect(first?.result?.outcome == .recorded(.missing))
    #expect(
      first?.message.contains(
        "no scene was recorded: recorded __RenderScenes__/FeedScreenTests/testFeed.json; check it in and run the test again") == true)
    #expect(store.writes == 1)
    // The recorded file is a scene file that reads back as the captured scene: written again, it
    // is the same text.
    let text = try #require(store.files[Self.reference.path])
    let decoded = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(try SceneEncoder.rendered(decoded) == text)
    #expect(decoded.layerCount == first?.result?.scene.layerCount)
    // The second run finds the same scene: it passes and writes nothing.
    let second = try check(Self.screen(faded: false), store: store)
    #expect(second.passed)
    #expect(second.outcome == .matched)
    #expect(store.writes == 1)
  }

  /// The card fades: 0 passes before, 1 group-opacity pass after (its background and the label
  /// are two drawing layers). The recorded scene is kept and the message names the change.
  @Test func aChangedSceneFailsWithWhatChanged() throws {
    let store = MemoryStore()
    _ = failure { try check(Self.screen(faded: false), store: store) }
    let recorded = store.files[Self.reference.path]
    let changed = try #require(failure { try check(Self.screen(faded: true), store: store) })
    #expect(changed.result?.outcome == .differs)
    #expect(store.files[Self.reference.path] == recorded)
    #expect(
      changed.message.contains(
        """
          the scene differs from __RenderScenes__/FeedScreenTests/testFeed.json (figures within 5%):
            offscreen passes per frame (max): 0 -> 1 (worse)
        """))
    #expect(changed.message.contains("    new findings: group-opacity root/CardView\n"))
    #expect(changed.message.contains("RENDER_SCENES_RECORD=failed"))
    #expect(changed.message.contains("group-opacity  root/CardView"))
    // Recording the change writes it; the run after passes.
    let recording = failure { try check(Self.screen(faded: true), store: store, record: .failed) }
    #expect(recording?.result?.outcome == .recorded(.changed))
    #expect(try check(Self.screen(faded: true), store: store).passed)
  }

  @Test func failedBudgetsAreListed() throws {
    let store = MemoryStore()
    _ = failure { try check(Self.screen(faded: true), store: store) }
    let over = try #require(failure { try check(Self.screen(faded: true), store: store, budgets: [.maxOffscreenPassesPerFrame: 0]) })
    #expect(over.result?.outcome == .matched)
    #expect(over.result?.failedBudgets.map(\.kind) == [.maxOffscreenPassesPerFrame])
    #expect(over.message.contains("budget maxOffscreenPassesPerFrame failed: expected <= 0, found 1"))
    let within = try check(Self.screen(faded: true), store: store, budgets: [.maxOffscreenPassesPerFrame: 1])
    #expect(within.passed)
    #expect(within.budgets.count == 1)
  }

  @Test func neverRecordsNothing() {
    let store = MemoryStore()
    let missing = failure { try check(Self.screen(faded: false), store: store, record: .never) }
    #expect(missing?.result?.outcome == .missing)
    #expect(store.writes == 0)
  }

  /// On disk, the scene lands in `__RenderScenes__/<file>/<test>.json` beside the test file.
  @Test func filesBesideTheTestFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-cost-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let testFile = folder.appendingPathComponent("FeedScreenTests.swift").path
    let first = failure {
      try RenderCost.check(
        Self.screen(faded: false), options: CaptureOptions(device: "iphone-13-pro", scale: 3), on: Self.device, environment: [:],
        filePath: testFile, testName: "testFeed()")
    }
    #expect(first?.result?.outcome == .recorded(.missing))
    let path = folder.appendingPathComponent("__RenderScenes__/FeedScreenTests/testFeed.json").path
    #expect(FileManager.default.fileExists(atPath: path))
    // A second unnamed check in the same test gets its own file.
    _ = failure {
      try RenderCost.check(
        Self.screen(faded: false), options: CaptureOptions(device: "iphone-13-pro", scale: 3), on: Self.device, environment: [:],
        filePath: testFile, testName: "testFeed()")
    }
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("__RenderScenes__/FeedScreenTests/testFeed.2.json").path))
  }
}
