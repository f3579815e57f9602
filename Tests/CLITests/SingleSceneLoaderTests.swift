import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

/// The commands that take one scene read it with one loader (``LoadedScene``): the same file
/// gives the same scene, device and messages in each.
@Suite("One loader for single-scene commands")
struct SingleSceneLoaderTests {
  /// An opacity of 2, past the format's range of 0 to 1.
  static let broken = #"{"version": 1, "device": "iphone-7", "root": {"id": "root", "opacity": 2}}"#

  /// Each command stops at the loader's message, word for word the same, and exits 2.
  @Test func everyCommandReportsABrokenSceneAlike() throws {
    let folder = try temporaryFolder()
    let path = try write(Self.broken, to: "broken.json", in: folder)
    let expected = """
      broken.json:1:72: error: root.opacity: expected a number from 0 to 1, found 2
      broken.json: 1 problem found; the scene was not simulated

      """
    let runs = [["report"], ["explain"], ["optimize", "--dry-run"], ["render", "-o", "-"], ["chart", "-o", "-"]].map { command in
      (command, ToolRun.callAsFunction(command + ["broken.json"], currentDirectory: folder))
    }
    for (command, run) in runs {
      #expect(run.status == 2, "\(command)")
      #expect(run.stdout.isEmpty, "\(command)")
      #expect(run.stderr == expected, "\(command): \(run.stderr)")
    }
    // compare --html reads its two scenes with the same loader.
    let compared = ToolRun.callAsFunction(["compare", path, path, "--html", "-"], currentDirectory: folder)
    #expect(compared.status == 2)
    #expect(compared.stderr.contains("broken.json:1:72: error: root.opacity: expected a number from 0 to 1, found 2\n"))
  }

  /// The loader gives the scene, its device's profile, its name in messages and the bytes read;
  /// `--device` replaces the scene's device.
  @Test func theLoaderPlacesTheSceneOnItsDevice() throws {
    let text = #"{"version": 1, "device": "iphone-7", "root": {"id": "root", "frame": [0, 0, 10, 10]}}"#
    let path = try write(text, to: "plain.json", in: try temporaryFolder())
    let loaded = try LoadedScene.load(path, devices: .standard, io: ToolIO.standard)
    #expect(loaded.scene.device == "iphone-7")
    #expect(loaded.profile.id == "iphone-7")
    #expect(loaded.file == path)
    #expect(loaded.bytes == Array(text.utf8))

    let moved = try LoadedScene.load(
      path, devices: DeviceSelection(devices: DeviceCatalogue.all, requested: ["iphone-6"]), io: ToolIO.standard)
    #expect(moved.profile.id == "iphone-6")
  }
}
