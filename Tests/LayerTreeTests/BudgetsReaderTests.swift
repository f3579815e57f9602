import LayerTree
import TestSupport
import Testing

@Suite("Budgets files")
struct BudgetsReaderTests {
  static let devices = TestDevices.screens

  /// A scene on an iPhone 7 with `budgets` (a JSON object's text) after its `device` line.
  static func scene(budgets: String) -> [UInt8] {
    Array(
      """
      {
        "version": 1,
        "device": "iphone-7",
        "budgets": \(budgets),
        "root": { "id": "root" }
      }
      """.utf8)
  }

  static func decode(budgets: String) throws(SceneErrors) -> Scene {
    try SceneDecoder.decode(scene(budgets: budgets), options: .init(devices: devices))
  }

  static func problems(budgets: String) -> [Diagnostic] {
    do {
      _ = try decode(budgets: budgets)
      return []
    } catch {
      return error.diagnostics
    }
  }

  @Test func aSceneWithoutBudgetsHasNone() throws {
    let scene = try SceneDecoder.decode(
      Array(#"{"version": 1, "device": "iphone-7", "root": {"id": "root"}}"#.utf8), options: .init(devices: Self.devices))
    #expect(scene.budgets == nil)
  }

  @Test func limitsComeInKindOrderWithTheirLines() throws {
    let scene = try Self.decode(budgets: #"{ "minFps": 55, "maxOffscreenPassesPerFrame": 0 }"#)
    let budgets = try #require(scene.budgets)
    #expect(budgets.limits.map(\.kind) == [.maxOffscreenPassesPerFrame, .minFps])
    #expect(budgets.limits.map(\.value) == [0, 55])
    // Both keys are on line 4, where the budgets object is written.
    #expect(budgets.limits.allSatisfy { $0.location?.line == 4 })
    #expect(budgets.devices(sceneDevice: scene.device) == ["iphone-7"])
  }

  @Test func aDeviceOverridesAndAddsLimits() throws {
    let scene = try Self.decode(
      budgets: """
        { "minFps": 55, "maxGpuMsP95": 8,
          "devices": { "iphone-13-pro": { "minFps": 110, "maxMemoryBytes": 1000 } },
          "checkOn": ["iphone-7", "iphone-13-pro"] }
        """)
    let budgets = try #require(scene.budgets)
    #expect(budgets.devices(sceneDevice: "iphone-7") == ["iphone-7", "iphone-13-pro"])
    #expect(budgets.limits(on: "iphone-7").map(\.kind) == [.maxGpuMsP95, .minFps])
    let pro = budgets.limits(on: "iphone-13-pro")
    #expect(pro.map(\.kind) == [.maxGpuMsP95, .minFps, .maxMemoryBytes])
    #expect(pro.map(\.value) == [8, 110, 1000])
  }

  @Test func anUnknownBudgetNamesItsPathAndTheNearestName() {
    let problems = Self.problems(budgets: #"{ "maxGpuMs": 8 }"#)
    #expect(problems.count == 1)
    #expect(problems.first?.path == "budgets.maxGpuMs")
    #expect(problems.first?.location == SourceLocation(line: 4, column: 16))
    #expect(problems.first?.notes == ["did you mean `maxGpuMsP95`?"])
  }

  @Test func anUnknownDeviceNamesItsPathAndTheNearestId() {
    let inDevices = Self.problems(budgets: #"{ "devices": { "iphone7": { "minFps": 50 } } }"#)
    #expect(inDevices.map(\.path) == ["budgets.devices.iphone7"])
    #expect(inDevices.first?.message == "unknown device \"iphone7\"")
    #expect(inDevices.first?.notes.first == "did you mean \"iphone-7\"?")
    // "iphone-6-plu" is one edit from iphone-6-plus alone.
    let inCheckOn = Self.problems(budgets: #"{ "minFps": 50, "checkOn": ["iphone-7", "iphone-6-plu"] }"#)
    #expect(inCheckOn.map(\.path) == ["budgets.checkOn[1]"])
    #expect(inCheckOn.first?.notes.first == "did you mean \"iphone-6-plus\"?")
  }

  @Test func anUnknownBudgetInsideADevice() {
    let problems = Self.problems(budgets: #"{ "devices": { "iphone-7": { "minFPS": 50 } } }"#)
    #expect(problems.map(\.path) == ["budgets.devices.iphone-7.minFPS"])
    #expect(problems.first?.notes == ["did you mean `minFps`?"])
  }

  @Test func valuesOutOfRange() {
    let problems = Self.problems(
      budgets: #"{ "maxOffscreenPassesPerFrame": 1.5, "minRasterHitRate": 90, "maxGpuMsP95": -1, "minFps": "60" }"#)
    #expect(
      problems.map(\.path)
        == ["budgets.maxOffscreenPassesPerFrame", "budgets.minRasterHitRate", "budgets.maxGpuMsP95", "budgets.minFps"])
  }

  @Test func anOverrideForADeviceNeverCheckedIsAnError() {
    // Without checkOn only the scene's device (iphone-7) is checked.
    let problems = Self.problems(budgets: #"{ "devices": { "iphone-6": { "minFps": 50 } } }"#)
    #expect(problems.map(\.path) == ["budgets.devices.iphone-6"])
    #expect(problems.first?.message.contains("never checked") == true)
    let listed = Self.problems(budgets: #"{ "devices": { "iphone-6": { "minFps": 50 } }, "checkOn": ["iphone-6"] }"#)
    #expect(listed.isEmpty)
  }

  @Test func checkOnMustBeANonEmptyListOfDistinctDevices() {
    #expect(Self.problems(budgets: #"{ "checkOn": [] }"#).map(\.path) == ["budgets.checkOn"])
    #expect(Self.problems(budgets: #"{ "checkOn": ["iphone-7", "iphone-7"] }"#).map(\.path) == ["budgets.checkOn[1]"])
  }

  @Test func budgetsThatAreNotAnObject() {
    #expect(Self.problems(budgets: "[]").map(\.path) == ["budgets"])
  }

  @Test func aBudgetsFileIsOneBudgetsObject() throws {
    let budgets = try BudgetsDecoder.decode(
      Array(#"{ "maxOffscreenPassesPerFrame": 2, "devices": { "iphone-6": { "minFps": 50 } } }"#.utf8),
      devices: Array(Self.devices.keys))
    #expect(budgets.limits.map(\.kind) == [.maxOffscreenPassesPerFrame])
    // No scene device to hold the override against: it applies to scenes on iphone-6.
    #expect(budgets.limits(on: "iphone-6").map(\.kind) == [.maxOffscreenPassesPerFrame, .minFps])
    #expect(throws: SceneErrors.self) { try BudgetsDecoder.decode(Array("{ \"maxFps\": 1 }".utf8), devices: ["iphone-6"]) }
    #expect(throws: SceneErrors.self) { try BudgetsDecoder.decode(Array("{".utf8), devices: ["iphone-6"]) }
  }
}

@Suite("Budgets beside other problems")
struct BudgetsWithOtherProblemsTests {
  @Test func budgetProblemsAreReportedEvenWhenTheRootIsMissing() {
    do {
      _ = try SceneDecoder.decode(
        Array(#"{"version": 1, "device": "iphone-7", "budgets": {"minFPS": 1}}"#.utf8),
        options: .init(devices: BudgetsReaderTests.devices))
      Issue.record("expected problems")
    } catch {
      #expect(error.diagnostics.map(\.path).sorted() == ["budgets.minFPS", "root"])
    }
  }
}
