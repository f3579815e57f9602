import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `render`: the picture must say what the report says. Every expected figure below is worked
/// out by hand from the scene beside it (DOMAIN.md section 2), then checked against the SVG as
/// parsed by FoundationXML, and against the report where the report counts the same thing.
@Suite("render: frame pictures")
struct RenderTests {
  /// On an iPhone 7 (iOS 17):
  /// - `a`: cornerRadius 10 + masksToBounds over a background and a label: rounded-clip, renders
  ///   into the screen (depth 0);
  /// - `b`: opacity 0.5 over three drawing layers (`back`, `chip`, `chip/text`): group-opacity,
  ///   depth 0;
  /// - `b/chip`: rounded clip over a background and a label, inside `b`'s pass: depth 1;
  /// - `c`: a shadow with a shadowPath: no pass; `d`: hidden: culled, its clip costs nothing.
  /// So 3 layers take 3 passes; two tints in the depth-0 yellow, one in the depth-1 yellow.
  static let offscreenScene = """
    {"version": 1, "name": "offscreen test", "device": "iphone-7", "root": {"id": "root", "backgroundColor": "#FFFFFF", "sublayers": [
      {"id": "a", "frame": [16, 80, 343, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE",
       "sublayers": [{"id": "label", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]},
      {"id": "b", "frame": [16, 200, 343, 120], "opacity": 0.5, "sublayers": [
        {"id": "back", "frame": [0, 0, 343, 120], "backgroundColor": "#DDDDDD"},
        {"id": "chip", "frame": [10, 10, 80, 30], "cornerRadius": 15, "masksToBounds": true, "backgroundColor": "#F2F3F5",
         "sublayers": [{"id": "text", "frame": [10, 7, 60, 16], "contents": {"type": "text", "characters": 5}}]}]},
      {"id": "c", "frame": [16, 340, 100, 44], "backgroundColor": "#FFFFFF", "cornerRadius": 8, "shadowOpacity": 0.2, "shadowPath": "bounds"},
      {"id": "d", "frame": [16, 400, 100, 100], "isHidden": true, "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE",
       "sublayers": [{"id": "x", "frame": [0, 0, 10, 10], "backgroundColor": "#000000"}]}
    ]}}
    """

  /// Two rasterized cards (bitmaps at scale 2) for 0.5 s at 60 Hz. `still` never changes: its
  /// first draw misses, then it hits. `live`'s clock label changes every frame from frame 1 on,
  /// so its bitmap is stale every frame: a miss each time (as in the time tests).
  /// Frame 0: 2 misses, 0 hits. Frame 5: `still` hits, `live` misses.
  static let rasterScene = """
    {"version": 1, "name": "raster test", "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "still", "frame": [20, 100, 335, 100], "shouldRasterize": true, "rasterizationScale": 2, "backgroundColor": "#FFFFFF",
       "sublayers": [{"id": "label", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 10}}]},
      {"id": "live", "frame": [20, 300, 335, 100], "shouldRasterize": true, "rasterizationScale": 2, "backgroundColor": "#FFFFFF",
       "sublayers": [{"id": "clock", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 8}}]}
    ]}, "timeline": {"duration": 0.5, "contentChanges": [{"target": "live/clock", "rate": 60, "beginTime": 0.01}]}}
    """

  /// Overdraw per layer (layers drawn before it that overlap it):
  /// - `root` fills the screen: nothing below, no tint;
  /// - `a` over root: 1x (blue); `a/label` over root and `a`: 2x (green);
  /// - `e` over root only: 1x;
  /// - `s0` > `s1` > `s2` > `s3`, one square stacked four deep over root: 1x, 2x, 3x (pink),
  ///   4x (red);
  /// - `h` hidden: draws nothing.
  /// So 7 tints: 1x three, 2x two, 3x one, 4x and more one.
  static let blendedScene = """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "backgroundColor": "#FFFFFF", "sublayers": [
      {"id": "a", "frame": [0, 100, 200, 100], "backgroundColor": "#EEEEEE",
       "sublayers": [{"id": "label", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 10}}]},
      {"id": "e", "frame": [250, 400, 50, 50], "backgroundColor": "#FF0000"},
      {"id": "s0", "frame": [0, 500, 100, 100], "backgroundColor": "#00FF0080", "sublayers": [
        {"id": "s1", "frame": [0, 0, 100, 100], "backgroundColor": "#00FF0080", "sublayers": [
          {"id": "s2", "frame": [0, 0, 100, 100], "backgroundColor": "#00FF0080", "sublayers": [
            {"id": "s3", "frame": [0, 0, 100, 100], "backgroundColor": "#00FF0080"}]}]}]},
      {"id": "h", "frame": [0, 0, 375, 667], "isHidden": true, "backgroundColor": "#000000"}
    ]}}
    """

  /// Images on an iPhone 7 (@2x): `f` at x = 100.25 pt = 200.5 px is off the pixel grid;
  /// `g` is 150 x 150 px in a 50 x 50 pt (100 x 100 px) layer: scaled; `ok` is 100 x 100 px in
  /// 50 x 50 pt at whole pixels: neither. Two magenta tints.
  static let imageScene = """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "f", "frame": [100.25, 300, 50, 50], "contents": {"type": "image", "pixelSize": [100, 100]}},
      {"id": "g", "frame": [0, 400, 50, 50], "contents": {"type": "image", "pixelSize": [150, 150]}},
      {"id": "ok", "frame": [0, 500, 50, 50], "contents": {"type": "image", "pixelSize": [100, 100]}}
    ]}}
    """

  /// Renders `scene` (JSON text) to a temporary file with `arguments` and parses the SVG.
  static func render(_ scene: String, _ arguments: String...) throws -> (ParsedMarkup, String, ToolRun) {
    let folder = try temporaryFolder()
    let path = folder + "/scene.json"
    try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
    let output = folder + "/out.svg"
    let run = ToolRun.callAsFunction(["render", path, "-o", output] + arguments)
    #expect(run.status == 0, "\(run.stderr)")
    let text = try readText(output)
    return (try ParsedMarkup(text), text, run)
  }

  static func report(_ scene: String) throws -> SimulationReport {
    let decoded = try SceneDecoder.decode(Array(scene.utf8), options: .init(devices: DeviceCatalogue.screens))
    return Simulator.run(decoded, on: DeviceCatalogue.device(id: decoded.device)!)
  }

  @Test func offscreenOverlayTintsEveryLayerWithAPassByDepth() throws {
    let (svg, _, run) = try Self.render(Self.offscreenScene)
    let tints = try svg.tints("offscreen")
    #expect(tints.count == 3)
    let byLayer = Dictionary(uniqueKeysWithValues: tints.map { ($0.attribute("data-layer") ?? "", $0) })
    #expect(byLayer.keys.sorted() == ["root/a", "root/b", "root/b/chip"])
    #expect(byLayer["root/a"]?.attribute("data-depth") == "0")
    #expect(byLayer["root/b"]?.attribute("data-depth") == "0")
    #expect(byLayer["root/b/chip"]?.attribute("data-depth") == "1")
    // Darker when nested: the tint's colour is the legend's swatch for its depth.
    let swatches = try svg.elements("//*[@class='swatch' and @data-overlay='offscreen']").map { $0.attribute("fill") }
    #expect(swatches.count == 4)
    #expect(try byLayer["root/a"]?.tintFill() == swatches[0])
    #expect(try byLayer["root/b"]?.tintFill() == swatches[0])
    #expect(try byLayer["root/b/chip"]?.tintFill() == swatches[1])
    #expect(swatches[0] != swatches[1])
    // The caption counts what the report counts.
    let report = try Self.report(Self.offscreenScene)
    #expect(report.frames[0].offscreenPasses == 3)
    let caption = try svg.elements("//*[@class='caption']").map { $0.stringValue ?? "" }
    #expect(caption.contains("offscreen: 3 passes on 3 layers; raster cache: 0 hits, 0 misses"))
    #expect(caption[0].hasPrefix("offscreen test: frame 0 of 1"))
    #expect(caption[0].contains("iPhone 7"))
    #expect(run.stdout.contains("3 offscreen passes on 3 layers"))
  }

  @Test func everyVisibleLayerIsDrawnAtItsPlaceWithItsCornerRadius() throws {
    let (svg, _, _) = try Self.render(Self.offscreenScene)
    let layers = try svg.elements("//*[@class='layer']")
    // Drawing layers on screen: root, a, a/label, b/back, b/chip, b/chip/text, c (d is hidden).
    #expect(
      layers.compactMap { $0.attribute("data-layer") }
        == ["root", "root/a", "root/a/label", "root/b/back", "root/b/chip", "root/b/chip/text", "root/c"])
    let card = try #require(layers.first { $0.attribute("data-layer") == "root/a" })
    let placed = try #require(try card.nodes(forXPath: "*[local-name()='g']").first as? XMLElement)
    #expect(placed.attribute("transform") == "translate(16.00 80.00)")
    let background = try #require(try placed.nodes(forXPath: "*[@class='background']").first as? XMLElement)
    #expect(background.number("width") == 343)
    #expect(background.number("height") == 100)
    #expect(background.number("rx") == 10)
    // The label is text: grey bars, no characters.
    let label = try #require(layers.first { $0.attribute("data-layer") == "root/a/label" })
    #expect(try label.nodes(forXPath: ".//*[@class='text']").count == 1)
    // The group fades as a whole: its layers are drawn at half opacity.
    let back = try #require(layers.first { $0.attribute("data-layer") == "root/b/back" })
    #expect(back.attribute("opacity") == "0.500")
    // The card clips its sublayers to its rounded bounds.
    let clips = try svg.elements("//*[@class='clip' and @data-clip='masksToBounds']")
    #expect(clips.count == 2)  // a and b/chip; d is culled
  }

  @Test func rasterOverlayPaintsHitsGreenAndMissesRed() throws {
    let report = try Self.report(Self.rasterScene)
    #expect(report.frames[0].rasterCache.misses == 2)
    #expect(report.frames[5].rasterCache.hits == 1)
    #expect(report.frames[5].rasterCache.misses == 1)

    let (first, _, _) = try Self.render(Self.rasterScene, "--overlay", "raster", "--frame", "0")
    let firstTints = try first.tints("raster")
    #expect(firstTints.filter { $0.attribute("data-raster") == "miss" }.count == 2)
    #expect(firstTints.filter { $0.attribute("data-raster") == "hit" }.isEmpty)

    let (fifth, _, _) = try Self.render(Self.rasterScene, "--overlay", "raster", "--frame", "5")
    let tints = try fifth.tints("raster")
    let hits = tints.filter { $0.attribute("data-raster") == "hit" }
    let misses = tints.filter { $0.attribute("data-raster") == "miss" }
    #expect(hits.map { $0.attribute("data-layer") } == ["root/still"])
    #expect(misses.map { $0.attribute("data-layer") } == ["root/live"])
    #expect(try hits[0].tintFill() == FramePictureFormatter.rasterHitColor)
    #expect(try misses[0].tintFill() == FramePictureFormatter.rasterMissColor)
    // Green and red, as Instruments paints them.
    #expect(FramePictureFormatter.rasterHitColor == "#22C55E")
    #expect(FramePictureFormatter.rasterMissColor == "#EF4444")
    let caption = try fifth.elements("//*[@class='caption']").map { $0.stringValue ?? "" }
    #expect(caption[0].hasPrefix("raster test: frame 5 of 30 (t = 0.083 s)"))
  }

  @Test func blendedOverlayUsesAndroidsOverdrawScale() throws {
    let (svg, _, _) = try Self.render(Self.blendedScene, "--overlay", "blended")
    let tints = try svg.tints("blended")
    let depths = Dictionary(uniqueKeysWithValues: tints.map { ($0.attribute("data-layer") ?? "", $0.attribute("data-overdraw") ?? "") })
    #expect(
      depths == [
        "root/a": "1", "root/a/label": "2", "root/e": "1", "root/s0": "1", "root/s0/s1": "2", "root/s0/s1/s2": "3", "root/s0/s1/s2/s3": "4",
      ])
    let swatches = try svg.elements("//*[@class='swatch' and @data-overlay='blended']")
    #expect(swatches.count == 4)
    let colors = swatches.map { $0.attribute("fill") ?? "" }
    #expect(colors == FramePictureFormatter.overdrawColors)
    for tint in tints {
      let depth = Int(tint.attribute("data-overdraw") ?? "") ?? 0
      #expect(try tint.tintFill() == colors[min(depth, 4) - 1])
    }
    let legend = try svg.elements("//*[@class='legend']/*[local-name()='text']").map { $0.stringValue ?? "" }
    #expect(legend.contains("1x: 3 layers"))
    #expect(legend.contains("2x: 2 layers"))
    #expect(legend.contains("3x: 1 layer"))
    #expect(legend.contains("4x and more: 1 layer"))
  }

  @Test func misalignedOverlayPaintsScaledAndMisalignedImagesMagenta() throws {
    let report = try Self.report(Self.imageScene)
    #expect(report.summary.images.scaled == 1)
    #expect(report.summary.images.misaligned == 1)
    let (svg, _, _) = try Self.render(Self.imageScene, "--overlay", "misaligned")
    let tints = try svg.tints("misaligned")
    #expect(tints.compactMap { $0.attribute("data-layer") } == ["root/f", "root/g"])
    #expect(tints.map { $0.attribute("data-images") } == ["misaligned-image", "scaled-image"])
    for tint in tints { #expect(try tint.tintFill() == "#FF00FF") }
  }

  @Test func allOverlaysAtOnce() throws {
    let (svg, _, _) = try Self.render(Self.offscreenScene, "--overlay", "all")
    let overlays = try svg.elements("//*[@class='overlay']").compactMap { $0.attribute("data-overlay") }
    #expect(overlays == ["blended", "offscreen", "raster", "misaligned"])
    #expect(try svg.tints("offscreen").count == 3)
    let (listed, _, _) = try Self.render(Self.offscreenScene, "--overlay", "raster,offscreen")
    #expect(try listed.elements("//*[@class='overlay']").compactMap { $0.attribute("data-overlay") } == ["offscreen", "raster"])
  }

  @Test func worstFrameIsTheOneWithTheMostPasses() throws {
    // `group` fades from 1 to 0.5 from 0.1 s: frame 6 (t = 0.1) is still at opacity 1, frame 7
    // is the first below 1 with two drawing sublayers: a group-opacity pass. No frame has more,
    // and the frames after it cost the GPU the same: the earliest is the worst.
    let scene = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "group", "frame": [0, 100, 200, 100], "sublayers": [
          {"id": "one", "frame": [0, 0, 200, 50], "backgroundColor": "#FF0000"},
          {"id": "two", "frame": [0, 50, 200, 50], "backgroundColor": "#00FF00"}]}
      ]}, "timeline": {"duration": 0.5, "animations": [
        {"target": "group", "keyPath": "opacity", "fromValue": 1, "toValue": 0.5, "beginTime": 0.1, "duration": 0.2}]}}
      """
    let report = try Self.report(scene)
    #expect(report.frames[6].offscreenPasses == 0)
    #expect(report.frames[7].offscreenPasses == 1)
    #expect(SimulatedScene.worstFrame(report) == 7)
    let (svg, _, run) = try Self.render(scene, "--frame", "worst")
    #expect(try svg.tints("offscreen").compactMap { $0.attribute("data-layer") } == ["root/group"])
    #expect(run.stdout.contains("frame 7 of 30"))
  }

  @Test func sameInputSameBytes() throws {
    let (_, first, _) = try Self.render(Self.offscreenScene, "--overlay", "all")
    let (_, second, _) = try Self.render(Self.offscreenScene, "--overlay", "all")
    #expect(first == second)
    let bundled = packageRoot.appendingPathComponent("scenes/qqmusic-home-v1.json").path
    let a = ToolRun.run("render", bundled, "-o", "-", "--overlay", "all")
    let b = ToolRun.run("render", bundled, "-o", "-", "--overlay", "all")
    #expect(a.status == 0)
    #expect(a.stdout == b.stdout)
    _ = try ParsedMarkup(a.stdout)
  }

  /// Names and ids come from the scene: every one is escaped, and characters XML cannot hold
  /// are shown as escapes (`\u{7}`, as ``Markup/escape(_:)`` documents).
  @Test func textFromTheSceneIsEscaped() throws {
    let scene = """
      {"version": 1, "name": "Cards <&> \\"quoted\\" 'single' \\u0007", "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "x&<y>'\\"", "frame": [16, 80, 343, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE",
         "sublayers": [{"id": "label", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]}
      ]}}
      """
    let (svg, text, _) = try Self.render(scene)
    #expect(!text.contains("\u{7}"))
    let title = try svg.elements("/*/*[local-name()='title']").first?.stringValue
    #expect(title == "Cards <&> \"quoted\" 'single' \\u{7}: frame 0 on iPhone 7")
    #expect(try svg.tints("offscreen").first?.attribute("data-layer") == "root/x&<y>'\"")
  }

  /// Every bundled scene, every overlay, its worst frame: a picture that parses, with as many
  /// offscreen tints as layers with passes in that frame.
  @Test func bundledScenesRenderWithEveryOverlay() throws {
    let folder = Repository.scenesFolder
    let files = BundledScenes.names
    for file in files {
      let path = folder.appendingPathComponent(file).path
      let run = ToolRun.run("render", path, "--overlay", "all", "--frame", "worst", "-o", "-")
      #expect(run.status == 0, "\(file): \(run.stderr)")
      let svg = try ParsedMarkup(run.stdout)
      let scene = try SceneDecoder.decode(
        Array(try Data(contentsOf: URL(fileURLWithPath: path))), options: .init(devices: DeviceCatalogue.screens))
      let device = DeviceCatalogue.device(id: scene.device)!
      let report = Simulator.run(scene, on: device)
      let worst = SimulatedScene.worstFrame(report)
      let snapshot = Simulator.snapshot(scene, on: device, frame: worst)
      #expect(try svg.tints("offscreen").count == snapshot.plan.nodes.filter { !$0.offscreen.isEmpty }.count, "\(file)")
      let passes = try svg.tints("offscreen").compactMap { $0.attribute("data-passes").flatMap(Int.init) }.reduce(0, +)
      #expect(passes == report.frames[worst].offscreenPasses, "\(file)")
      #expect(
        try svg.tints("raster").filter { $0.attribute("data-raster") == "miss" }.count == report.frames[worst].rasterCache.misses, "\(file)"
      )
      #expect(
        try svg.tints("raster").filter { $0.attribute("data-raster") == "hit" }.count == report.frames[worst].rasterCache.hits, "\(file)")
    }
  }

  @Test func standardOutputWithDash() throws {
    let run = ToolRun.run("render", "-", "-o", "-", stdin: Self.offscreenScene)
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(try ParsedMarkup(run.stdout).tints("offscreen").count == 3)
  }
}
