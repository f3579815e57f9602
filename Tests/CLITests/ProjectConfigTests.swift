import Foundation
import LayerTree
import SceneBatch
import TestSupport
import Testing

@testable import offscreen_sim

/// The project configuration (`.offscreen-sim.json`): found upward, validated like a scene,
/// filling in what the command line leaves out, levels that warn, and `init`.
///
/// The expected results are derived by hand from the scenes: ``CIScenes/card(clip:device:extra:)``
/// with its clip has one offscreen pass (`rounded-clip` on `root/card`), without it none.
@Suite("project configuration")
struct ProjectConfigTests {
  static let gates = ["default", "all", "none", "findings", "offscreenPasses.perFrameMax", "gpuMs.p95"]

  @Test func everyKeyIsReadAndThePresetFillsWhatTheFileLeavesOut() throws {
    let text = """
      {
        "//": "a comment",
        "// scenes": "another",
        "$comment": "and another",
        "extends": "recommended",
        "scenes": ["scenes/**/*.json", "more/a.json"],
        "devices": ["iphone-7", "iphone-13-pro"],
        "budgets": { "maxOffscreenPassesPerFrame": 2 },
        "tolerance": 2.5,
        "levels": { "maxOffscreenPassesPerFrame": "warning", "findings": "error" }
      }
      """
    let config = try ProjectConfigDecoder.decode(Array(text.utf8), devices: ["iphone-7", "iphone-13-pro"], gates: Self.gates)
    #expect(config.extends == "recommended")
    #expect(config.scenes == ["scenes/**/*.json", "more/a.json"])
    #expect(config.devices == ["iphone-7", "iphone-13-pro"])
    #expect(config.budgets?.limits.map(\.kind) == [.maxOffscreenPassesPerFrame])
    #expect(config.budgets?.limits.map(\.value) == [2])
    #expect(config.tolerance == 2.5)
    // From the preset: its gates (the file has none); its levels, the file's winning key by key.
    #expect(config.gates == ["default", "findings"])
    #expect(config.level(of: "findings") == .error)
    #expect(config.level(of: "maxOffscreenPassesPerFrame") == .warning)
    #expect(config.level(of: "maxHitchTimeRatio") == .warning)
    #expect(config.level(of: "gpuMs.p95") == .error)
  }

  @Test func everyProblemIsReportedWithItsPlace() throws {
    let folder = try temporaryFolder()
    // Lines and columns counted by hand on the text below (a value's column is its first character).
    try write(
      """
      {
        "scene": ["a.json"],
        "devices": ["iphone7"],
        "tolerance": "5",
        "levels": { "gpuMs.p95": "warn" },
        "extends": "strict"
      }
      """, to: ".offscreen-sim.json", in: folder)
    let run = ToolRun.run("check", currentDirectory: folder)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains(".offscreen-sim.json:2:3: error: scene: unknown key `scene` in the project configuration"))
    #expect(run.stderr.contains("did you mean `scenes`?"))
    #expect(run.stderr.contains(".offscreen-sim.json:3:15: error: devices[0]: unknown device \"iphone7\""))
    #expect(run.stderr.contains("did you mean \"iphone-7\"?"))
    #expect(run.stderr.contains(".offscreen-sim.json:4:16: error: tolerance: expected"))
    #expect(run.stderr.contains(".offscreen-sim.json:5:28: error: levels"))
    #expect(run.stderr.contains(".offscreen-sim.json:6:14: error: extends: unknown preset \"strict\""))
  }

  /// One clipped card (1 pass) and one plain card (0 passes), checked from a folder below the
  /// configuration, with no path on the command line.
  func project(_ config: String) throws -> (folder: String, below: String) {
    let folder = try temporaryFolder()
    try write(config, to: ".offscreen-sim.json", in: folder)
    try write(CIScenes.card(clip: true), to: "scenes/clipped.json", in: folder)
    try write(CIScenes.card(clip: false), to: "scenes/deep/plain.json", in: folder)
    try write("not a scene", to: "scenes/notes.txt", in: folder)
    let below = folder + "/app/tests"
    try FileManager.default.createDirectory(atPath: below, withIntermediateDirectories: true)
    return (folder, below)
  }

  @Test func checkFindsTheConfigurationUpwardAndItsScenesAndBudgets() throws {
    let (_, below) = try project(#"{ "scenes": ["scenes/**/*.json"], "budgets": { "maxOffscreenPassesPerFrame": 0 } }"#)
    let run = ToolRun.run("check", currentDirectory: below)
    // The clipped card's one pass is over the budget of 0: exit 1.
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stdout == """
        failed  ../../scenes/clipped.json     iphone-7  maxOffscreenPassesPerFrame  expected <= 0  found 1
        passed  ../../scenes/deep/plain.json  iphone-7  maxOffscreenPassesPerFrame  expected <= 0  found 0
        1 passed, 1 failed

        """)
  }

  /// A configuration's globs search folders as `check` does: a link leading outside the folder
  /// before the first wildcard is skipped with a note, and a link to a folder is not searched
  /// through (`scenes/loop` -> `scenes` would otherwise repeat without end under `**`).
  @Test func globsSkipLinksLeadingOutside() throws {
    let (folder, below) = try project(#"{ "scenes": ["scenes/**/*.json"], "budgets": { "maxOffscreenPassesPerFrame": 1 } }"#)
    try write("SECRET-TOKEN=abc123", to: "secret.json", in: folder)
    #expect(symlink("../secret.json", folder + "/scenes/leak.json") == 0)
    #expect(symlink(".", folder + "/scenes/loop") == 0)
    let run = ToolRun.run("check", currentDirectory: below)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("SECRET"))
    #expect(
      run.stderr
        == "../../scenes/leak.json: note: skipped: a symbolic link to a file outside ../../scenes; a folder search reads links to files inside the folder only (name the file to read it)\n"
    )
    #expect(run.stdout.hasSuffix("2 passed, 0 failed\n"))
  }

  @Test func aBudgetAtWarningLevelPrintsAndExitsZero() throws {
    let (_, below) = try project(
      #"{ "scenes": ["scenes/**/*.json"], "budgets": { "maxOffscreenPassesPerFrame": 0 }, "levels": { "maxOffscreenPassesPerFrame": "warning" } }"#
    )
    let run = ToolRun.run("check", environment: ["GITHUB_ACTIONS": "true"], currentDirectory: below)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("warning  ../../scenes/clipped.json"))
    #expect(run.stdout.hasSuffix("1 passed, 0 failed, 1 warning\n"))
    #expect(run.stderr.hasPrefix("::warning file=../../scenes/clipped.json,"))
    let json = ToolRun.run("check", "--format", "json", currentDirectory: below)
    #expect(json.stdout.contains(#""failed": 0"#) && json.stdout.contains(#""warnings": 1"#))
    #expect(json.stdout.contains(#""level": "warning""#))
  }

  @Test func aSceneWithBudgetsOfItsOwnKeepsThem() throws {
    let (folder, below) = try project(#"{ "scenes": ["scenes"], "budgets": { "maxOffscreenPassesPerFrame": 0 } }"#)
    // Its own budget allows the one pass: passed, where the configuration's would fail it.
    try write(
      CIScenes.card(clip: true, extra: #""budgets": { "maxOffscreenPassesPerFrame": 1 },"#), to: "scenes/clipped.json", in: folder)
    let run = ToolRun.run("check", currentDirectory: below)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasSuffix("2 passed, 0 failed\n"))
    #expect(run.stdout.contains("passed  ../../scenes/clipped.json"))
  }

  @Test func theCommandLineOverridesTheConfiguration() throws {
    let (folder, _) = try project(
      #"{ "scenes": ["scenes/**/*.json"], "devices": ["iphone-13-pro"], "budgets": { "maxOffscreenPassesPerFrame": 0 } }"#)
    // Paths given: the configuration's scenes are not read; --device wins over its devices.
    let run = ToolRun.run("check", "scenes/deep/plain.json", "--device", "iphone-6", currentDirectory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == "passed  scenes/deep/plain.json  iphone-6  maxOffscreenPassesPerFrame  expected <= 0  found 0\n1 passed, 0 failed\n")
    let devices = ToolRun.run("check", "scenes/deep/plain.json", currentDirectory: folder)
    #expect(devices.stdout.contains("  iphone-13-pro  "))
    // --config names another file: its budget of 5 passes the clipped card.
    try write(#"{ "budgets": { "maxOffscreenPassesPerFrame": 5 } }"#, to: "other.json", in: folder)
    let other = ToolRun.run("check", "scenes/clipped.json", "--config", "other.json", currentDirectory: folder)
    #expect(other.status == 0, "\(other.stderr)")
    #expect(other.stdout.contains("expected <= 5  found 1"))
  }

  @Test func aGlobThatMatchesNothingIsAnError() throws {
    let (_, below) = try project(#"{ "scenes": ["scene/*.json"] }"#)
    let run = ToolRun.run("check", currentDirectory: below)
    #expect(run.status == 2)
    #expect(run.stderr.contains(#"../../.offscreen-sim.json: error: scenes: "scene/*.json" matches no file"#))
  }

  @Test func aGateAtWarningLevelDoesNotFailTheComparison() throws {
    let folder = try temporaryFolder()
    try write(CIScenes.card(clip: false), to: "before.json", in: folder)
    try write(CIScenes.card(clip: true), to: "after.json", in: folder)
    // The clip adds one pass: with the pass count as the only gate, the comparison fails...
    try write(#"{ "gates": ["offscreenPasses.perFrameMax"] }"#, to: ".offscreen-sim.json", in: folder)
    let failing = ToolRun.run("compare", "before.json", "after.json", currentDirectory: folder)
    #expect(failing.status == 1, "\(failing.stderr)")
    // ...and at warning level it says so and passes.
    try write(
      #"{ "gates": ["offscreenPasses.perFrameMax"], "levels": { "offscreenPasses.perFrameMax": "warning" } }"#, to: ".offscreen-sim.json",
      in: folder)
    let warned = ToolRun.run("compare", "before.json", "after.json", currentDirectory: folder)
    #expect(warned.status == 0, "\(warned.stderr)")
    #expect(warned.stdout.contains("warning: offscreen passes per frame (max) 0 -> 1 (+1) got worse"))
    // The command line's gate wins over the file's: with none, nothing fails.
    #expect(ToolRun.run("compare", "before.json", "after.json", "--gate", "none", currentDirectory: folder).status == 0)
  }

  @Test func initWritesAStarterThatReadsBackAndKeepsAnExistingFile() throws {
    let folder = try temporaryFolder()
    let run = ToolRun.run("init", currentDirectory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/.offscreen-sim.json"))
    let config = try ProjectConfigDecoder.decode(
      Array(bytes), devices: ["iphone-7"], gates: Self.gates)
    // What the starter states, over the recommended preset (derived from the two by hand).
    #expect(config.extends == "recommended")
    #expect(config.scenes == ["**/__RenderScenes__/**/*.json"])
    #expect(config.gates == ["default", "findings"])
    #expect(config.tolerance == 5)
    #expect(config.level(of: "findings") == .warning)
    #expect(config.budgets == ProjectConfig.presets["recommended"]?.budgets)
    try write("{}", to: ".offscreen-sim.json", in: folder)
    let again = ToolRun.run("init", currentDirectory: folder)
    #expect(again.status == 2)
    #expect(again.stderr.contains(".offscreen-sim.json: error: the file exists; --force replaces it"))
    #expect(try String(contentsOfFile: folder + "/.offscreen-sim.json", encoding: .utf8) == "{}")
    #expect(ToolRun.run("init", "--force", currentDirectory: folder).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/.offscreen-sim.json")) == bytes)
  }
}
