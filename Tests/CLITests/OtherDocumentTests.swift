import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// `check <folder>` skips a budgets file, pairs file, project configuration or saved JSON
/// document kept among the scenes, with a note naming what it looks like.
@Suite("check: other JSON files in a scenes folder")
struct OtherDocumentTests {
  static func kind(_ text: String) -> String? { OtherDocument.kind(of: Array(text.utf8)) }

  @Test func aFolderWithABudgetsFilePairsFileAndConfigurationChecksItsScene() throws {
    let folder = try temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder + "/scenes", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: packageRoot.appendingPathComponent("scenes/timeline-cell.json").path, toPath: folder + "/scenes/timeline-cell.json")
    try Data(#"{ "maxGpuMsP95": 8, "devices": { "iphone-6": { "minFps": 50 } } }"#.utf8).write(
      to: URL(fileURLWithPath: folder + "/scenes/budgets.json"))
    try Data(#"[{ "before": "a.json", "after": "b.json", "note": "n" }]"#.utf8).write(
      to: URL(fileURLWithPath: folder + "/scenes/pairs.json"))
    try Data(#"{ "//": "settings", "extends": "recommended", "gates": ["default"] }"#.utf8).write(
      to: URL(fileURLWithPath: folder + "/scenes/settings.json"))
    let run = ToolRun.run("check", "scenes/", currentDirectory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    // timeline-cell.json holds four budgets, all met on its device (its own check in the docs).
    #expect(run.stdout.contains("4 passed, 0 failed"), "\(run.stdout)")
    #expect(!run.stdout.contains("unusable"))
    #expect(run.stderr.contains("scenes/budgets.json: note: skipped: it looks like a budgets file (check --budgets)"), "\(run.stderr)")
    #expect(run.stderr.contains("scenes/pairs.json: note: skipped: it looks like a pairs file (compare --pairs)"))
    #expect(run.stderr.contains("scenes/settings.json: note: skipped: it looks like a project configuration"))
    #expect(!run.stderr.contains("unknown key"))
    // Named on the command line, the file is read as a scene: an error, which names what it
    // looks like and quotes nothing of it (not being a scene; docs/security.md).
    let named = ToolRun.run("check", "scenes/budgets.json", currentDirectory: folder)
    #expect(named.status == 2)
    #expect(named.stderr.contains("scenes/budgets.json:1:1: error: not a scene: its top level has no \"version\" or \"root\""))
    #expect(!named.stderr.contains("maxGpuMsP95"))
    #expect(named.stderr.contains("note: scenes/budgets.json looks like a budgets file (check --budgets), not a scene"), "\(named.stderr)")
  }

  /// A file read as a scene that is not one is named for what it is, without quoting it: empty,
  /// a JSON object broken before any scene key, or not an object at all.
  @Test func whyAFileIsNoSceneQuotesNothing() throws {
    let folder = try temporaryFolder()
    for (name, text, reason) in [
      ("empty.json", "", "it is empty"),
      ("cut.json", "{", "its JSON breaks before any \"version\" or \"root\" key"),
      ("broken.json", #"{"token-ghp_x": [}"#, "its JSON breaks before any \"version\" or \"root\" key"),
      ("text.json", "ghp_secret", "it does not start as a JSON object with \"version\" and \"root\""),
    ] {
      let file = try write(text, to: name, in: folder)
      let run = ToolRun.run("report", file)
      #expect(run.status == 2)
      #expect(run.stderr.contains("error: not a scene: \(reason); nothing of the file is shown"), "\(name): \(run.stderr)")
      #expect(!run.stderr.contains("ghp_"), "\(name)")
    }
  }

  @Test func whatEachFileLooksLike() {
    #expect(Self.kind(#"{"maxOffscreenPassesPerFrame": 2, "checkOn": ["iphone-7"]}"#) == "a budgets file (check --budgets)")
    #expect(
      Self.kind(#"  [ {"before": "a", "after": "b"}, {"after": "d", "before": "c", "devices": []} ]"#) == "a pairs file (compare --pairs)")
    #expect(Self.kind(#"{"scenes": ["**/*.json"], "tolerance": 5}"#) == "a project configuration (.offscreen-sim.json)")
    #expect(Self.kind(#"{"reportVersion": 1, "summary": {}}"#)?.hasPrefix("a JSON report") == true)
    #expect(
      Self.kind(#"{"$schema": "m.schema.json", "version": 1, "cases": [{"id": "a", "measured": {}}]}"#)
        == "a measurements file (offscreen-sim calibrate, validate)")
    // A scene that names its version first is still a scene, its root ending the scan.
    #expect(Self.kind(#"{"version": 1, "device": "iphone-7", "root": {"id": "r"}, "cases": 1}"#) == nil)
    // Scenes, broken scenes and anything unclear are the scene reader's to judge.
    #expect(Self.kind(#"{"version": 1, "maxGpuMsP95": 8}"#) == nil)
    #expect(Self.kind(#"{"root": {"id": "r"}}"#) == nil)
    #expect(Self.kind(#"{"name": "a scene without its version"}"#) == nil)
    #expect(Self.kind(#"{"maxGpuMsP95": 8, "name": "x"}"#) == nil)
    #expect(Self.kind(#"{"devices": ["iphone-7"]}"#) == "a project configuration (.offscreen-sim.json)")
    #expect(Self.kind("{}") == nil)
    #expect(Self.kind("[]") == nil)
    #expect(Self.kind(#"[{"before": "a"}]"#) == nil)
    #expect(Self.kind(#"{"maxGpuMsP95": 8"#) == nil)  // cut off
    #expect(Self.kind(#"{"maxGpuMsP95": "\"#) == nil)  // cut inside a string
    #expect(Self.kind("") == nil)
    #expect(Self.kind("not json") == nil)
    // Deep nesting is walked without recursion.
    #expect(Self.kind(#"{"maxGpuMsP95": "# + String(repeating: "[", count: 100_000)) == nil)
    #expect(Self.kind(String(repeating: "[", count: 100_000)) == nil)
  }
}
