import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

@Suite("import")
struct ImportCommandTests {
  static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/recursive-description")

  static func fixture(_ suffix: String) throws -> String {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    return folder.appendingPathComponent(try #require(names.first { $0.hasSuffix(suffix) })).path
  }

  @Test func aDumpBecomesASceneFile() throws {
    let output = try temporaryFolder() + "/scene.json"
    let run = ToolRun.run("import", "recursive-description", try Self.fixture("a843c45c.txt"), "-o", output)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.contains(
        "note: A recursiveDescription has no corner radius, shadow, mask, rasterization, image size or layer without a view"))
    #expect(run.stderr.hasSuffix("wrote \(output): 51 layers on iphone-12\n"))
    let scene = try SceneDecoder.decode(
      Array(try Data(contentsOf: URL(fileURLWithPath: output))), options: .init(devices: DeviceCatalogue.screens))
    #expect(scene.layerCount == 51)
    // The scene's name is the dump's file name; its source names the importer and the file and
    // keeps the notes.
    #expect(scene.name.hasSuffix("loading_first_cell-a843c45c"))
    let source = try #require(scene.source)
    #expect(source.tool == "offscreen-sim import recursive-description")
    let input = try Self.fixture("a843c45c.txt")
    #expect(source.file == input)
    #expect(source.notes.first?.hasPrefix("A recursiveDescription has no corner radius") == true)
    // The scene reads and reports like any other.
    let report = ToolRun.run("report", output)
    #expect(report.status == 0)
    #expect(report.stdout.contains("offscreen passes  2 per frame on 2 layers: group-opacity 2"))
  }

  @Test func withoutOutputTheSceneGoesToStandardOutput() throws {
    let run = ToolRun.run(
      "import", "recursive-description", "-", "--device", "iphone-x", "--ios-version", "15.4", "--name", "pasted",
      stdin:
        "<UIView: 0x1; frame = (0 0; 375 812); layer = <CALayer: 0x2>>\n   | <UILabel: 0x3; frame = (16 40; 200 20); text = 'Hi'; layer = <_UILabelLayer: 0x4>>\n"
    )
    #expect(run.status == 0, "\(run.stderr)")
    let scene = try SceneDecoder.decode(Array(run.stdout.utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(scene.device == "iphone-x")
    #expect(scene.iosVersion == OSVersion(15, 4))
    #expect(scene.name == "pasted")
    #expect(scene.root.sublayers.first?.contents == .text(TextContents(characters: 2)))
    #expect(!run.stderr.contains("iOS 17.0 is assumed"))
  }

  /// Two dumps of the same screen, before and after two cells fade: `compare` fails on the
  /// passes the fade adds, as a CI job on recorded scenes would.
  @Test func importedScenesCompare() throws {
    let folder = try temporaryFolder()
    let before = folder + "/before.json"
    let after = folder + "/after.json"
    #expect(ToolRun.run("import", "recursive-description", try Self.fixture("initial_state-c04bee68.txt"), "-o", before).status == 0)
    #expect(ToolRun.run("import", "recursive-description", try Self.fixture("loading_first_cell-cfbc3f04.txt"), "-o", after).status == 0)
    let compare = ToolRun.run("compare", before, after)
    #expect(compare.status == 1)
    #expect(compare.stdout.contains("+ group-opacity  root/UITableView/ListCell"))
  }

  @Test func badInputNamesLineAndColumn() throws {
    let file = try temporaryFile(
      "dump.txt",
      "<UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>\n   | <UIView: 0x3; frame = (0 0; 10); layer = <CALayer: 0x4>>\n")
    let run = ToolRun.run("import", "recursive-description", file)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("\(file):2:28: error: `frame`: expected `frame = (x y; width height)` (4 numbers), found `(0 0; 10)`"))
    #expect(run.stderr.contains("\(file): 1 problem found; no scene was written"))
  }

  /// A top view without a frame, with no --device, is an input error (exit 2) at its line, not a trap.
  @Test func topViewWithoutAFrameIsAnInputError() throws {
    let file = try temporaryFile("dump.txt", "<UIWindow; layer = <CALayer>>\n")
    let run = ToolRun.run("import", "recursive-description", file)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.contains(
        "\(file):1:1: error: the top-level view `UIWindow` has no `frame = (x y; width height)` to choose the device by; give it one, or choose the device with --device"
      ))
    #expect(run.stderr.contains("\(file): 1 problem found; no scene was written"))
    let huge = try temporaryFile("huge.txt", "<UIWindow; frame = (0 0; 1e300 1e300); layer = <CALayer>>\n")
    let hugeRun = ToolRun.run("import", "recursive-description", huge)
    #expect(hugeRun.status == 2)
    #expect(hugeRun.stderr.contains("\(huge):1:20: error: `frame`: expected finite numbers within a million points, found `1e300`"))
  }

  @Test func usageErrors() {
    let misspelt = ToolRun.run("import", "recursive-descriptoin", "x.txt")
    #expect(misspelt.status == 2)
    #expect(
      misspelt.stderr.contains(
        "unknown input format 'recursive-descriptoin'; expected recursive-description, lottie; did you mean 'recursive-description'?"))
    #expect(ToolRun.run("import").status == 2)
    #expect(ToolRun.run("import", "recursive-description").stderr.contains("missing the file to import"))
    #expect(ToolRun.run("import", "recursive-description", "a", "b").status == 2)
    let device = ToolRun.run("import", "recursive-description", "x.txt", "--device", "iphone7")
    #expect(device.status == 2)
    #expect(device.stderr.contains("did you mean 'iphone-7'?"))
    #expect(ToolRun.run("import", "recursive-description", "x.txt", "--ios-version", "seventeen").status == 2)
    let missing = ToolRun.run("import", "recursive-description", "/no/such/dump.txt")
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("/no/such/dump.txt: error: no such file"))
  }

  @Test func helpListsTheFormats() {
    let help = ToolRun.run("import", "--help")
    #expect(help.status == 0)
    #expect(help.stdout.contains("recursive-description"))
    #expect(help.stdout.contains("It has no corner radius, shadow, mask,"))
    #expect(help.stdout.contains("USAGE: offscreen-sim import <format> <input | -> [-o <file>] [--device <id>]"))
    #expect(ToolRun.run("--help").stdout.contains("import"))
  }
}
