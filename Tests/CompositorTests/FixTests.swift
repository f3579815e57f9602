import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// One example of one fix, for the parameterized test.
struct FixExampleCase: CustomTestStringConvertible, Sendable {
  var fixID: String
  var example: FixExample
  var testDescription: String { "\(fixID): \(example.note)" }

  static let all: [FixExampleCase] = SceneFixes.all.flatMap { fix in
    fix.examples.map { FixExampleCase(fixID: fix.id, example: $0) }
  }
}

@Suite("Fixes")
struct FixTests {
  static let iphone7 = DeviceCatalogue.device(id: "iphone-7")!

  static func context(_ json: String) throws -> FixContext {
    let scene = try TestScenes.decode(json)
    return FixContext(scene: scene, device: DeviceCatalogue.device(id: scene.device)!)
  }

  // MARK: Examples and metadata

  /// Every fix's own examples: the condition holds where the example says it does; where it does
  /// not, applying the fix leaves the scene as it was; where it does, the same edits written into
  /// the scene file and read back give the scene the model edit gives.
  @Test(arguments: FixExampleCase.all)
  func example(_ testCase: FixExampleCase) throws {
    let fix = try #require(SceneFixes.fix(id: testCase.fixID))
    let context = try Self.context(testCase.example.sceneJSON)
    let check = fix.check(testCase.example.layer, in: context)
    #expect((check.edits != nil) == testCase.example.applies, "\(check)")
    let applied = fix.apply(to: [testCase.example.layer], in: context)
    guard let edits = check.edits else {
      #expect(applied == context.scene, "a fix whose condition fails changes nothing")
      return
    }
    #expect(applied != context.scene)
    var document = try SceneDocument(parsing: Array(testCase.example.sceneJSON.utf8))
    for edit in SceneFixes.merged(edits) where document.object(for: edit.path)?.copies == 1 {
      try document.apply(edit.changes, to: edit.path)
    }
    if SceneFixes.merged(edits).allSatisfy({ document.object(for: $0.path)?.copies == 1 }) {
      let reread = try TestScenes.decode(document.rendered())
      #expect(Self.strip(reread.root) == Self.strip(applied.root))
    }
  }

  @Test func everyFixHasBothKindsOfExample() {
    for fix in SceneFixes.all {
      #expect(fix.examples.contains { $0.applies }, "\(fix.id) needs an example where it applies")
      #expect(fix.examples.contains { !$0.applies }, "\(fix.id) needs an example where it does not")
    }
  }

  @Test func fixIDsAreUniqueAndAnswerKnownRules() {
    let ids = SceneFixes.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(
      Set(ids) == [
        "shadow-path", "drop-masks-to-bounds", "mask-to-corner-radius", "precompose-corners", "stop-rasterizing",
        "rasterize-static-subtree", "flatten-cell",
      ])
    let rules = Set(OffscreenRules.all.map(\.id))
    for fix in SceneFixes.all {
      #expect(!fix.rules.isEmpty && fix.rules.allSatisfy(rules.contains), "\(fix.id)")
      #expect(!fix.title.isEmpty && !fix.words.isEmpty && !fix.appearance.text.isEmpty, "\(fix.id) must say what it does")
    }
    // The fixes that only move work, or draw asynchronously, are marked as changing appearance.
    #expect(SceneFixes.fix(id: "precompose-corners")?.appearance.keepsAppearance == false)
    #expect(SceneFixes.fix(id: "flatten-cell")?.appearance.keepsAppearance == false)
    #expect(SceneFixes.fix(id: "shadow-path")?.words.hasPrefix("The layer is using dynamic shadows which are expensive to render.") == true)
  }

  /// Each file in Sources/Compositor/Fixes but the registry (`SceneFixes.swift`) is one fix type,
  /// and every one is registered: a fix file left out of `SceneFixes.all` fails here.
  @Test func everyFixFileIsRegistered() throws {
    let folder = Repository.root.appendingPathComponent("Sources/Compositor/Fixes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
      .map { String($0.dropLast(".swift".count)) }
      .filter { $0 != "SceneFixes" }
      .sorted()
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("SceneFixes.swift").path), "the registry is in Fixes/")
    let registered = SceneFixes.all.map { String(describing: type(of: $0)) }.sorted()
    #expect(!files.isEmpty)
    #expect(files == registered, "fix files and SceneFixes.all differ")
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file + ".swift"), encoding: .utf8)
      #expect(text.contains("struct \(file): SceneFix"), "\(file).swift must define the fix type \(file)")
    }
  }

  // MARK: Savings worked out by hand

  /// The cost model's terms for one device, from `CostCoefficients` and `DeviceProfile` (see
  /// `CostModel` in Sources/Compositor/Cost/FrameCost.swift), so the expected figures follow the
  /// coefficients wherever they are calibrated.
  struct Hand {
    let device: DeviceProfile
    let c = CostCoefficients.standard
    var scale: Double { device.screen.scale }
    var pixelsPerPoint: Double { scale * scale }
    var screenBytes: Double { device.screenPixelArea * c.targetBytesPerPixel }

    /// Seconds to move `bytes` whose footprint is `footprint` bytes: the share of the footprint
    /// that fits in the GPU's share of the system cache at the cache's speed, the rest at DRAM's;
    /// render targets compressed on GPUs that compress them (`MemorySystem`).
    func memorySeconds(_ bytes: Double, footprint: Double, target: Bool = false) -> Double {
      let ratio = target && device.compressesRenderTargets ? c.targetCompressionRatio : 1
      let cache = device.systemCacheBytes * c.systemCacheGPUShare
      let resident = min(1, cache / (footprint * ratio))
      let bandwidth = device.memoryBandwidth
      return bytes * ratio * (resident / (bandwidth * c.systemCacheSpeedup) + (1 - resident) / bandwidth)
    }

    /// GPU ms of one pass whose target is `area` pixels: the GPU idle at the switch into the
    /// target and back, the screen's render pass interrupted (a share of its tiles stored and
    /// loaded), the target stored and read back overlapped with its compositing as blended pixels.
    /// `passes` chained targets of that size (a mask's: the mask's and the content's) switch
    /// `passes` + 1 times and store and read back each.
    /// `switches` more switches idle within the chain: a dynamic shadow's blur renders into four
    /// more targets (Xcode counts five for one shadow: tech talk 10857; `ExtraWorkCost.swift`).
    func passMs(_ area: Double, passes: Double = 1, switches: Double = 0) -> Double {
      // The idle is a latency, the same on every GPU.
      let idle = (passes + 1 + switches) * c.switchIdleTime
      let screen = device.screenPixelArea * c.targetBytesPerPixel
      let interrupt =
        c.interruptedTileShare
        * (memorySeconds(2 * screen, footprint: screen, target: true) + device.screenPixelArea * c.tileStorePixelTime / device.gpuSpeed)
      let bytes = area * c.targetBytesPerPixel
      let target = memorySeconds(2 * passes * bytes, footprint: bytes, target: true)
      return (idle + interrupt + max(target, passes * area * c.opaquePixelTime * c.blendedPixelFactor / device.gpuSpeed)) * 1000
    }

    /// GPU ms of a shadow pass's blur of a radius below `maxBlurRadiusPixels`: each pixel sampled
    /// twice over a kernel of 2r + 1.
    func blurMs(_ area: Double, radius: Double) -> Double {
      let pixels = radius * scale
      precondition(pixels <= c.maxBlurRadiusPixels)
      return area * 2 * (2 * pixels + 1) * c.texelTime / device.gpuSpeed * 1000
    }

    /// GPU ms of the tiler binning one layer's geometry (`tilerLayerTime`), paid per layer drawn.
    var tilerMs: Double { c.tilerLayerTime / device.gpuSpeed * 1000 }

    /// GPU ms of a layer's own `pixels`, none hidden: its geometry through the tiler, shaded
    /// (blended unless `opaque`), and read from a texture when it has one.
    func layerMs(_ pixels: Double, textured: Bool, opaque: Bool = false) -> Double {
      let shading = pixels * c.opaquePixelTime * (opaque ? 1 : c.blendedPixelFactor) / device.gpuSpeed
      let bytes = pixels * c.textureBytesPerPixel
      // The texture's read overlaps the shading: the larger of the two.
      return tilerMs + (textured ? max(shading, memorySeconds(bytes, footprint: bytes)) : shading) * 1000
    }

    /// GPU ms of a cached bitmap of `pixels` drawn: its quad through the tiler, blended, read as a
    /// render target, the read overlapped with the shading.
    func hitMs(_ pixels: Double) -> Double {
      let bytes = pixels * c.textureBytesPerPixel
      return tilerMs
        + max(pixels * c.opaquePixelTime * c.blendedPixelFactor / device.gpuSpeed, memorySeconds(bytes, footprint: bytes, target: true))
        * 1000
    }

    /// Main- or background-thread ms to draw a text backing store of `storePixels` with
    /// `characters` glyphs.
    func textMs(storePixels: Double, characters: Int) -> Double {
      (storePixels * c.drawPixelTime + Double(characters) * c.glyphTime) / device.cpuSpeed * 1000
    }
  }

  static func metrics(_ scene: Scene, on device: DeviceProfile = iphone7) -> SceneMetrics {
    SceneMetrics(Simulator.run(scene, on: device))
  }

  /// A 200 x 80 pt card with an opaque white rounded background, a label inside and a shadow
  /// (radius 3, offset (0, -3)) on an iPhone 7. Without a path: 1 pass whose target is the
  /// content (the card, 200 x 80 at y 100) and its shadow moved 3 up and spread by 3:
  /// x 17...223, y 94...180 = 206 x 86 pt = 70,864 px. With `"shadowPath": "bounds"`: no pass;
  /// the shadow is drawn from the path, a blended quad over the same 206 x 86 pt under the card
  /// (its rounded corners keep it from hiding what lies under it). The saving is the pass and its
  /// blur (radius 3 pt = 6 px) less that quad on the GPU, and one pass on the render server.
  @Test func shadowPathSaving() throws {
    let context = try Self.context(
      """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "card", "frame": [20, 100, 200, 80], "backgroundColor": "#FFFFFF", "cornerRadius": 8, "shadowOpacity": 0.3,
         "sublayers": [{"id": "title", "frame": [12, 10, 150, 20], "contents": {"type": "text", "characters": 12}}]}]}}
      """)
    let before = Self.metrics(context.scene)
    let after = Self.metrics(ShadowPathFix().apply(to: ["root/card"], in: context))
    let hand = Hand(device: Self.iphone7)
    let area = 206.0 * 86 * hand.pixelsPerPoint
    #expect(area == 70_864)
    #expect(before.offscreenPassesMax == 1)
    #expect(after.offscreenPassesMax == 0)
    let saving = hand.passMs(area, switches: 4) + hand.blurMs(area, radius: 3) - hand.layerMs(area, textured: false)
    #expect(abs((before.gpuMsP95 - after.gpuMsP95) - saving) < 1e-9)
    #expect(abs((before.renderServerMsP95 - after.renderServerMsP95) - hand.c.renderServerPassTime / Self.iphone7.cpuSpeed * 1000) < 1e-9)
    #expect(after.mainThreadMsP95 == before.mainThreadMsP95)
  }

  /// A 96 x 30 pt chip (background, cornerRadius 15, masksToBounds) with a label inside it: one
  /// rounded-clip pass over the chip, 96 x 30 pt = 11,520 px. Without the clip nothing else
  /// changes: the label was inside anyway.
  @Test func dropMasksToBoundsSaving() throws {
    let context = try Self.context(
      """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "chip", "frame": [16, 100, 96, 30], "backgroundColor": "#F2F3F5", "cornerRadius": 15, "masksToBounds": true,
         "sublayers": [{"id": "label", "frame": [14, 7, 68, 16], "contents": {"type": "text", "characters": 5}}]}]}}
      """)
    let before = Self.metrics(context.scene)
    let after = Self.metrics(DropMasksToBoundsFix().apply(to: ["root/chip"], in: context))
    let hand = Hand(device: Self.iphone7)
    #expect(before.offscreenPassesMax == 1)
    #expect(after.offscreenPassesMax == 0)
    #expect(abs((before.gpuMsP95 - after.gpuMsP95) - hand.passMs(96 * 30 * 4)) < 1e-9)
    #expect(after.mainThreadMsP95 == before.mainThreadMsP95)
  }

  /// A 48 x 48 pt avatar masked by a circle: one mask pass over the avatar, 48 x 48 pt = 9,216 px.
  /// As `cornerRadius` 24 with `masksToBounds` a lone image is clipped in place (iOS 9 and
  /// later): no pass.
  @Test func maskToCornerRadiusSaving() throws {
    let context = try Self.context(
      """
      {"version": 1, "device": "iphone-7", "iosVersion": "10.3", "root": {"id": "root", "sublayers": [
        {"id": "avatar", "frame": [16, 80, 48, 48], "contents": {"type": "image", "pixelSize": [96, 96], "opaque": true},
         "mask": {"class": "CAShapeLayer", "frame": [0, 0, 48, 48], "path": {"type": "ellipse", "rect": [0, 0, 48, 48]}}}]}}
      """)
    let fixed = MaskToCornerRadiusFix().apply(to: ["root/avatar"], in: context)
    #expect(fixed.layer(at: "root/avatar")?.cornerRadius == 24)
    #expect(fixed.layer(at: "root/avatar")?.mask == nil)
    let before = Self.metrics(context.scene)
    let after = Self.metrics(fixed)
    let hand = Hand(device: Self.iphone7)
    // The mask's target and the content's (WWDC14 session 419).
    #expect(before.offscreenPassesMax == 2)
    #expect(after.offscreenPassesMax == 0)
    // Clipped in place, the avatar's corners are transparent: its 9,216 pixels now blend.
    let blends = 48 * 48 * 4 * hand.c.opaquePixelTime * (hand.c.blendedPixelFactor - 1) / Self.iphone7.gpuSpeed * 1000
    #expect(abs((before.gpuMsP95 - after.gpuMsP95) - (hand.passMs(48 * 48 * 4, passes: 2) - blends)) < 1e-9)
  }

  /// Apple's tag view (tech talk 10857): a red 120 x 40 pt layer with a label, masked by a plain
  /// black layer with cornerRadius 10. Two mask passes over the tag (the mask's target and the
  /// content's), 120 x 40 pt = 19,200 px each. The
  /// label stays inside the rounded bounds, so cornerRadius 10 alone replaces the mask, without
  /// masksToBounds: no pass at all.
  @Test func plainMaskBecomesCornerRadiusAlone() throws {
    let context = try Self.context(
      """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "tag", "frame": [100, 80, 120, 40], "backgroundColor": "#FF0000",
         "sublayers": [{"id": "label", "frame": [8, 8, 100, 20], "contents": {"type": "text", "characters": 8}}],
         "mask": {"frame": [0, 0, 120, 40], "backgroundColor": "#000000", "cornerRadius": 10}}]}}
      """)
    #expect(
      MaskToCornerRadiusFix().check("root/tag", in: context).edits
        == [LayerEdit(path: "root/tag", changes: [.removeMask, .setCornerRadius(10)])])
    let before = Self.metrics(context.scene)
    let after = Self.metrics(MaskToCornerRadiusFix().apply(to: ["root/tag"], in: context))
    #expect(before.offscreenPassesMax == 2)
    #expect(after.offscreenPassesMax == 0)
    // Rounded by cornerRadius, the red background's corners are transparent: its 19,200 pixels
    // now blend.
    let hand = Hand(device: Self.iphone7)
    let blends = 120 * 40 * 4 * hand.c.opaquePixelTime * (hand.c.blendedPixelFactor - 1) / Self.iphone7.gpuSpeed * 1000
    #expect(abs((before.gpuMsP95 - after.gpuMsP95) - (hand.passMs(120 * 40 * 4, passes: 2) - blends)) < 1e-9)
  }

  /// A 126 x 126 pt card clipping a cover (252 x 252 px image), a gradient (126 x 60 pt) and a
  /// label. Precomposed: the cover becomes a 252 x 252 image drawn on a background thread, the
  /// gradient goes, the clip goes. GPU: the pass (126 x 126 pt = 63,504 px) and the gradient's
  /// 30,240 textured pixels go; the cover's 63,504 pixels now blend (its corners are transparent). Main thread: the cover is no longer decoded there (252 x 252 px x
  /// decodePixelTime). Background: the cover is drawn there (252 x 252 px x imageDrawPixelTime).
  @Test func precomposeCornersSaving() throws {
    let context = try Self.context(
      """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "card", "frame": [10, 100, 126, 126], "cornerRadius": 10, "masksToBounds": true, "sublayers": [
          {"id": "cover", "frame": [0, 0, 126, 126], "contents": {"type": "image", "pixelSize": [252, 252], "opaque": true}},
          {"id": "shade", "class": "CAGradientLayer", "frame": [0, 66, 126, 60], "colors": ["#33333300", "#333333B3"]},
          {"id": "title", "frame": [8, 100, 110, 18], "contents": {"type": "text", "characters": 8}}]}]}}
      """)
    let fixed = PrecomposeCornersFix().apply(to: ["root/card"], in: context)
    #expect(fixed.layer(at: "root/card/shade") == nil)
    #expect(fixed.layer(at: "root/card/title") != nil)
    #expect(
      fixed.layer(at: "root/card/cover")?.contents == .image(ImageContents(pixelSize: Size(252, 252), opaque: false, drawnOn: .background)))
    let before = Self.metrics(context.scene)
    let after = Self.metrics(fixed)
    let hand = Hand(device: Self.iphone7)
    let c = hand.c
    let cpu = Self.iphone7.cpuSpeed
    #expect(before.offscreenPassesMax == 1)
    #expect(after.offscreenPassesMax == 0)
    // The precomposed cover has transparent corners: it blends where the opaque cover did not.
    let coverBlends = 126 * 126 * 4 * c.opaquePixelTime * (c.blendedPixelFactor - 1) / Self.iphone7.gpuSpeed * 1000
    let gpu = hand.passMs(126 * 126 * 4) + hand.layerMs(126 * 60 * 4, textured: true) - coverBlends
    #expect(abs((before.gpuMsP95 - after.gpuMsP95) - gpu) < 1e-9)
    #expect(abs((before.mainThreadMsP95 - after.mainThreadMsP95) - 252 * 252 * c.decodePixelTime / cpu * 1000) < 1e-9)
    #expect(before.backgroundMsP95 == 0)
    #expect(abs(after.backgroundMsP95 - 252 * 252 * c.imageDrawPixelTime / cpu * 1000) < 1e-9)
    let walkedAndPass = (c.renderServerLayerTime + c.renderServerPassTime) / cpu * 1000
    #expect(abs((before.renderServerMsP95 - after.renderServerMsP95) - walkedAndPass) < 1e-9)
  }

  /// The card of TimeTests, rasterized at scale 2, its own text changing 60 times a second: every
  /// one of the 30 frames misses and renders the 670 x 200 px bitmap. Without rasterization no
  /// frame takes a pass; the card's place is redrawn either way (its contents changed: ``Damage``),
  /// so the saving is that pass in every frame.
  @Test func stopRasterizingSaving() throws {
    let context = try Self.context(
      """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "card", "frame": [20, 100, 335, 100], "shouldRasterize": true, "rasterizationScale": 2, "backgroundColor": "#FFFFFF",
         "contents": {"type": "text", "characters": 10},
         "sublayers": [{"id": "label", "frame": [10, 10, 200, 20], "backgroundColor": "#00FF00", "contents": {"type": "text", "characters": 10}}]}]},
       "timeline": {"duration": 0.5, "contentChanges": [{"target": "card", "rate": 60, "beginTime": 0.01}]}}
      """)
    let check = StopRasterizingFix().check("root/card", in: context)
    #expect(check.edits != nil)
    #expect(check.appearanceChange == nil)
    let before = Self.metrics(context.scene)
    let after = Self.metrics(StopRasterizingFix().apply(to: ["root/card"], in: context))
    let hand = Hand(device: Self.iphone7)
    #expect(before.frames == 30)
    #expect(before.offscreenPassesMax == 1 && before.offscreenPassesMean == 1)
    #expect(after.offscreenPassesMax == 0)
    #expect(abs((before.gpuMsP95 - after.gpuMsP95) - hand.passMs(670 * 200)) < 1e-9)
    #expect(abs((before.gpuMsMean - after.gpuMsMean) - hand.passMs(670 * 200)) < 1e-9)
  }

  /// At rasterizationScale 1 on a @2x screen the bitmap is blurry: turning it off sharpens the
  /// layer, so the fix is marked as changing appearance there.
  @Test func stopRasterizingAtTheWrongScaleChangesAppearance() throws {
    let context = try Self.context(
      """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "card", "frame": [20, 100, 335, 100], "shouldRasterize": true, "backgroundColor": "#FFFFFF",
         "sublayers": [{"id": "label", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 10}}]}]},
       "timeline": {"duration": 0.5, "contentChanges": [{"target": "label", "rate": 60, "beginTime": 0.01}]}}
      """)
    #expect(StopRasterizingFix().check("root/card", in: context).appearanceChange?.contains("rasterizationScale 1") == true)
  }

  /// A toolbar (375 x 44 pt at y 300) of two shadowed 100 x 36 pt buttons, each with a label,
  /// sliding down over 30 frames: its contents never change, but its layers move, so their
  /// passes run again in every frame (``Damage``). Before: 2 shadow passes every frame, each over
  /// the button and its shadow (x -3...+103, y -6...+36 around the button: 106 x 42 pt = 17,808
  /// px). Rasterized: frame 0 renders the bitmap (the 2 passes and the bitmap's: 3 in the worst
  /// frame); frames 1-29 draw the 375 x 44 pt bitmap (66,000 px) from the cache instead of the
  /// buttons, their labels and the passes. The p95 frame (29th of 30) is a cache hit.
  @Test func rasterizeStaticSubtreeSaving() throws {
    let context = try Self.context(
      """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "toolbar", "frame": [0, 300, 375, 44], "sublayers": [
          {"id": "button", "frame": [10, 4, 100, 36], "repeat": {"count": 2, "step": [120, 0]}, "backgroundColor": "#FFFFFF",
           "shadowOpacity": 0.3, "sublayers": [{"id": "title", "frame": [10, 8, 80, 20], "contents": {"type": "text", "characters": 6}}]}]}]},
       "timeline": {"duration": 0.5, "animations": [{"target": "toolbar", "keyPath": "position.y", "fromValue": 322, "toValue": 622, "duration": 0.5}]}}
      """)
    let check = RasterizeStaticSubtreeFix().check("root/toolbar/button[1]", in: context)
    #expect(check.edits == [LayerEdit(path: "root/toolbar", changes: [.setShouldRasterize(true), .setRasterizationScale(2)])])
    let before = Self.metrics(context.scene)
    let after = Self.metrics(RasterizeStaticSubtreeFix().apply(to: ["root/toolbar/button[0]", "root/toolbar/button[1]"], in: context))
    let hand = Hand(device: Self.iphone7)
    #expect(before.offscreenPassesMax == 2)
    #expect(after.offscreenPassesMax == 3)
    let shadow = 106.0 * 42 * 4
    // The white buttons are opaque; their labels blend.
    let buttons = 2 * (hand.layerMs(100 * 36 * 4, textured: false, opaque: true) + hand.layerMs(80 * 20 * 4, textured: true))
    let passes = 2 * (hand.passMs(shadow, switches: 4) + hand.blurMs(shadow, radius: 3))
    let hit = hand.hitMs(375.0 * 44 * 4)
    // The frame is stored for the display where it was redrawn (``Damage``): the toolbar moves
    // 10 pt a frame (300 pt in 30 frames, linear), so before, each button's old and new places,
    // 100 x 46 pt; after, the bitmap's, 375 x 54 pt. At 4 px a point and 4 B a pixel, over the A10's
    // 25.6 GB/s.
    let storedPoints: Double = 375 * 54 - 2 * 100 * 46
    let stored: Double = storedPoints * 16 / 25.6e9 * 1000
    #expect(abs((before.gpuMsP95 - after.gpuMsP95) - (buttons + passes - hit - stored)) < 1e-9)
  }

  /// A 375 x 64 pt cell at opacity 0.5: a white background and a 300 x 20 pt label of 30
  /// characters, two drawing layers faded as one: a group-opacity pass over the cell, 96,000 px.
  /// Flattened: one layer with opaque `drawing` contents drawn on a background thread. GPU: the
  /// pass and the label's 24,000 textured pixels go, the cell's 96,000 pixels gain a texture
  /// read. Main thread: the label's drawing (600 x 40 px, 30 glyphs) and set-up go. Background: the cell's
  /// 750 x 128 px drawing comes.
  @Test func flattenCellSaving() throws {
    let context = try Self.context(
      """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "cell", "frame": [0, 100, 375, 64], "opacity": 0.5, "backgroundColor": "#FFFFFF",
         "sublayers": [{"id": "title", "frame": [15, 20, 300, 20], "contents": {"type": "text", "characters": 30}}]}]}}
      """)
    let fixed = FlattenCellFix().apply(to: ["root/cell"], in: context)
    #expect(fixed.layer(at: "root/cell")?.sublayers.isEmpty == true)
    #expect(fixed.layer(at: "root/cell")?.contents == .drawing(DrawingContents(drawnOn: .background, opaque: true)))
    let before = Self.metrics(context.scene)
    let after = Self.metrics(fixed)
    let hand = Hand(device: Self.iphone7)
    let c = hand.c
    #expect(before.offscreenPassesMax == 1)
    #expect(after.offscreenPassesMax == 0)
    // The cell's 96,000 pixels read a texture now, overlapped with their shading.
    let gain = hand.layerMs(96_000, textured: true) - hand.layerMs(96_000, textured: false)
    let gpu = hand.passMs(96_000) + hand.layerMs(24_000, textured: true) - gain
    #expect(abs((before.gpuMsP95 - after.gpuMsP95) - gpu) < 1e-9)
    // The label's drawing, and its text's set-up when the cell is first configured.
    let label = hand.textMs(storePixels: 600 * 40, characters: 30) + c.textLayoutTime / Self.iphone7.cpuSpeed * 1000
    #expect(abs((before.mainThreadMsP95 - after.mainThreadMsP95) - label) < 1e-9)
    #expect(abs(after.backgroundMsP95 - 750 * 128 * c.drawPixelTime / Self.iphone7.cpuSpeed * 1000) < 1e-9)
    // What the drawing contents cannot count: the 30 glyphs it now lays out.
    let uncounted = FlattenCellFix().uncountedWork([LayerEdit(path: "root/cell", changes: [])], in: context)
    #expect(abs((uncounted?.backgroundMs ?? 0) - 30 * c.glyphTime / Self.iphone7.cpuSpeed * 1000) < 1e-12)
  }

  static func strip(_ layer: Layer) -> Layer {
    var copy = layer
    copy.source = nil
    copy.sublayers = layer.sublayers.map(strip)
    copy.mask = layer.mask.map(strip)
    return copy
  }
}
