import Foundation
import LayerTree
import SceneBatch
import TestSupport
import Testing

@testable import offscreen_sim

/// `init` where nothing is recorded yet: a starter that fits the folder, and a `check` that says
/// why it has nothing to run.
@Suite("init: a starter for a new repository")
struct InitStarterTests {
  /// `init` in a repository with no scene yet writes a starter, exits 0 and says what to do
  /// next; `check` with that starter exits 2 saying why, not a crash and not a pass.
  @Test func initAndCheckInAnEmptyRepository() throws {
    let folder = try temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
    let run = ToolRun.run("init", currentDirectory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("no scene file is here yet"), "\(run.stderr)")
    #expect(run.stderr.contains("RenderCost.check"))
    let check = ToolRun.run("check", currentDirectory: folder)
    #expect(check.status == 2, "\(check.stdout)")
    #expect(check.stderr.contains("matches no file"), "\(check.stderr)")
    #expect(check.stderr.contains("check has no scene to run"))
    #expect(check.stderr.contains("note: add scene files it matches"))
    #expect(!check.stdout.contains("passed"))
  }

  /// With no recorded scene but a `scenes/` folder of scene files, the starter names that folder
  /// and `check` with no paths runs its scenes.
  @Test func initNamesTheScenesFolderWhenThereIsNoRecordedScene() throws {
    let folder = try temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder + "/scenes", withIntermediateDirectories: true)
    for name in ["timeline-cell.json", "timeline-cell-shadow-path.json"] {
      try FileManager.default.copyItem(
        atPath: packageRoot.appendingPathComponent("scenes/" + name).path, toPath: folder + "/scenes/" + name)
    }
    let run = ToolRun.run("init", currentDirectory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("its scenes are the 2 scene files of scenes/"), "\(run.stderr)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/.offscreen-sim.json"))
    let config = try ProjectConfigDecoder.decode(Array(bytes), devices: ["iphone-7"], gates: ["default", "findings"])
    #expect(config.scenes == ["scenes"])
    let check = ToolRun.run("check", "--format", "json", currentDirectory: folder)
    #expect(check.status != 2, "\(check.stderr)")
    // Both scene files were run: each names its path in the document.
    #expect(check.stdout.contains("scenes/timeline-cell.json"))
    #expect(check.stdout.contains("scenes/timeline-cell-shadow-path.json"))
  }
}
