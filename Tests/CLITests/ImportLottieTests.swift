import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@Suite("import lottie")
struct ImportLottieTests {
  static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/lottie")

  /// Issues_issue_2150.json (a lottie-ios sample): a precomp "Pre-comp_Arrow" with one mask, over
  /// two solids with one mask each, parented to "Null 1". By hand from the JSON (see
  /// LottieSampleFactsTests): 21 layers, three masks, each a pass; the two solids' masks have
  /// mode "f", which lottie-ios builds as intersect: one note each, naming the layer.
  @Test func aSampleImportsAndReportsItsMasks() throws {
    let output = try temporaryFolder() + "/arrow.json"
    let input = Self.folder.appendingPathComponent("Issues_issue_2150.json").path
    let run = ToolRun.run("import", "lottie", input, "-o", output)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains(#"note: assets[0].layers[1] "Dark Gray Solid 4": mask mode "f" is not supported by lottie-ios"#))
    #expect(run.stderr.contains("note: The device is iphone-15-pro: a Lottie file names none; choose one with --device."))
    #expect(run.stderr.hasSuffix("wrote \(output): 21 layers on iphone-15-pro\n"))
    let scene = try SceneDecoder.decode(
      Array(try Data(contentsOf: URL(fileURLWithPath: output))), options: .init(devices: DeviceCatalogue.screens))
    #expect(scene.name == "Issues_issue_2150")
    let source = try #require(scene.source)
    #expect(source.tool == "offscreen-sim import lottie")
    #expect(source.file == input)
    // The file's ip 0 and op 85.
    #expect(source.frames == 0...85)

    let report = ToolRun.run("report", output)
    #expect(report.status == 0)
    // Three masks, two passes each (the mask's target and the content's, WWDC14 session 419).
    #expect(report.stdout.contains("offscreen passes  6 in the worst frame on 3 layers: mask 6"))
    // The Lottie layers' names are in the paths.
    #expect(report.stdout.contains("mask  root/view/animation/Pre-comp_Arrow  2 passes"))
    #expect(
      report.stdout.contains(
        "mask  root/view/animation/Pre-comp_Arrow/Dark_Gray_Solid_4_(parent,_Null_1)/Dark_Gray_Solid_4  2 passes"))
  }

  /// `--size`, `--frames` and `--device` reach the importer: the view is the size asked for, the
  /// scene's source holds the frames asked for, the scene is for the device.
  @Test func optionsReachTheImporter() throws {
    let input = Self.folder.appendingPathComponent("Issues_issue_2150.json").path
    let run = ToolRun.run("import", "lottie", input, "--size", "200x100", "--frames", "10-30", "--device", "iphone-x")
    #expect(run.status == 0, "\(run.stderr)")
    let scene = try SceneDecoder.decode(Array(run.stdout.utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(scene.device == "iphone-x")
    #expect(scene.root.sublayers.first?.frame == Rect(0, 0, 200, 100))
    #expect(scene.source?.frames == 10...30)
    #expect(!run.stderr.contains("choose one with --device"))
  }

  /// Bad input and bad values: exit 2, each problem where it is (file:line:column and the JSON
  /// path for the file, the option for a value), no scene written.
  @Test func badInputIsExitTwo() throws {
    let brokenJSON = ToolRun.run("import", "lottie", "-", stdin: #"{"v": "5.7", "fr": 30, "layers": [}"#)
    #expect(brokenJSON.status == 2)
    #expect(brokenJSON.stderr.contains("<stdin>:1:35: error: invalid JSON"))
    #expect(brokenJSON.stdout.isEmpty)
    // `op` is a string: the JSON path names it.
    let wrongType = ToolRun.run(
      "import", "lottie", "-", stdin: #"{"v": "5.7", "fr": 30, "ip": 0, "op": "x", "w": 10, "h": 10, "layers": []}"#)
    #expect(wrongType.status == 2)
    #expect(wrongType.stderr.contains(#"<stdin>:1:39: error: op: expected a number for the end frame `op`, found "x""#))
    // A canvas past the scene format's 10,000,000 pt is refused at its key, not at the layer it
    // would have made ("h"'s value at column 57).
    let huge = ToolRun.run(
      "import", "lottie", "-", stdin: #"{"v": "5.7", "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 1e12, "layers": []}"#)
    #expect(huge.status == 2)
    #expect(
      huge.stderr.contains(
        "<stdin>:1:57: error: h: expected at most 10,000,000 for the height `h` (the scene format's limit), found 1000000000000"),
      "\(huge.stderr)")
    let input = Self.folder.appendingPathComponent("Issues_issue_2150.json").path
    let size = ToolRun.run("import", "lottie", input, "--size", "wide")
    #expect(size.status == 2)
    #expect(size.stderr.contains("--size expects a width and height in points such as 300x300, found 'wide'"))
    // The file's frames are 0-85.
    let frames = ToolRun.run("import", "lottie", input, "--frames", "50-100")
    #expect(frames.status == 2)
    #expect(frames.stderr.contains("frames 50-100 are not within the animation's frames 0-85 (ip-op)"))
    let other = ToolRun.run("import", "recursive-description", input, "--frames", "0-10")
    #expect(other.status == 2)
    #expect(other.stderr.contains("--frames is an option of lottie, not of recursive-description"))
  }

  /// Precomps that multiply the layers past --max-layers: exit 2, the limit and the option named
  /// at the Lottie layer being built, no scene written. The 2-wide, 3-deep fan-out makes 31
  /// layers under the animation (LottieFanOut's formula: 1 + 2 + 4 + 8 + 2 x 8), 34 in all with
  /// the root, the view and the animation layer: the count a reader holds to --max-layers.
  @Test func layersPastTheLimitAreRefused() throws {
    let input = try temporaryFile("fan-out.json", LottieFanOut.file(width: 2, depth: 3))
    let refused = ToolRun.run("import", "lottie", input, "--max-layers", "33")
    #expect(refused.status == 2)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr.contains(
        #"error: assets[3].layers[0] "leaf": the animation expands to more than 33 layers, the layer limit, counted up to this layer"#))
    #expect(
      refused.stderr.contains(
        "note: the limit bounds what an untrusted file can cost; raise it to import an animation this large (--max-layers)"))
    #expect(refused.stderr.contains("\(input): 1 problem found; no scene was written"))
    let output = try temporaryFolder() + "/fan-out-scene.json"
    let accepted = ToolRun.run("import", "lottie", input, "--max-layers", "34", "-o", output)
    #expect(accepted.status == 0, "\(accepted.stderr)")
    #expect(accepted.stderr.hasSuffix("wrote \(output): 34 layers on iphone-15-pro\n"))
    // What was written is read back under the same limit.
    #expect(ToolRun.run("report", output, "--max-layers", "34").status == 0)
  }

  @Test func helpListsTheFormatAndItsOptions() {
    let help = ToolRun.run("import", "--help")
    #expect(help.status == 0)
    #expect(help.stdout.contains("lottie: A Lottie animation (Bodymovin JSON)"))
    #expect(help.stdout.contains("--size <WxH>"))
    #expect(help.stdout.contains("--frames <A-B>"))
    #expect(help.stdout.contains("--max-layers <n>"))
  }
}
