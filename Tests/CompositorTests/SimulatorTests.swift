import Compositor
import LayerTree
import Testing

@Suite("Simulator summary")
struct SimulatorTests {
  /// Figures worked out by hand on an iPhone 7 (375 x 667 pt at @2x: 750 x 1334 = 1,000,500 px):
  /// - `a` 375 x 100 pt, opaque white: draws 150,000 px, not blended;
  /// - `a/b` 100 x 50 pt label on a clear background: 20,000 px blended, backing store
  ///   200 x 100 px x 1 B = 20,000 B (iOS 12 and later: a single-colour label's store takes
  ///   one byte a pixel, WWDC18 session 219);
  /// - `c` 100 x 100 pt opaque background at opacity 0.5: 40,000 px blended (one drawing layer:
  ///   no group-opacity pass);
  /// - `d` hidden, `e` below the screen: culled;
  /// - `f` 50 x 50 pt image of 100 x 100 px at x = 100.25 pt (200.5 px): misaligned, 10,000 px
  ///   blended (the image is not opaque);
  /// - `g` 50 x 50 pt image of 150 x 150 px (100 x 100 expected): scaled, 10,000 px blended.
  @Test func summaryCountsMatchHandWorkedFigures() throws {
    let scene = try TestScenes.scene(
      """
      {"id": "a", "frame": [0, 0, 375, 100], "backgroundColor": "#FFFFFF",
       "sublayers": [{"id": "b", "frame": [10, 10, 100, 50], "contents": {"type": "text", "characters": 10}}]},
      {"id": "c", "frame": [0, 200, 100, 100], "opacity": 0.5, "backgroundColor": "#FF0000"},
      {"id": "d", "isHidden": true, "frame": [0, 0, 100, 100], "backgroundColor": "#FF0000"},
      {"id": "e", "frame": [0, 700, 100, 100], "backgroundColor": "#FF0000"},
      {"id": "f", "frame": [100.25, 300, 50, 50], "contents": {"type": "image", "pixelSize": [100, 100]}},
      {"id": "g", "frame": [0, 400, 50, 50], "contents": {"type": "image", "pixelSize": [150, 150]}}
      """)
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
    let summary = report.summary
    #expect(summary.layers == 8)
    #expect(summary.visibleLayers == 6)  // root, a, a/b, c, f, g
    #expect(summary.drawingLayers == 5)
    #expect(summary.offscreenPasses.perFrameMax == 0)
    #expect(summary.blending.screenPixels == 1_000_500)
    #expect(summary.blending.drawnPixels == 230_000)
    #expect(summary.blending.blendedPixels == 80_000)
    #expect(summary.blending.blendedLayers == 4)
    #expect(summary.backingStores.layers == 1)
    #expect(summary.backingStores.bytes == 20_000)
    #expect(summary.images.misaligned == 1)
    #expect(summary.images.scaled == 1)
    #expect(report.findings.map(\.layer).sorted() == ["root/f", "root/g"])
    #expect(report.findings.first { $0.layer == "root/f" }?.rule == MisalignedImageCheck.checkID)
    #expect(report.findings.first { $0.layer == "root/g" }?.rule == ScaledImageCheck.checkID)
  }

  /// The scaled-image check is asked again whenever the layer's size on screen changes, and its
  /// answer kept while it does not (a run of frames remembers it per layer). Worked by hand: a
  /// 50 x 50 pt layer at @2x with a 100 x 100 px image is not scaled; the timeline (0.5 s at the
  /// iPhone 7's 60 Hz: 30 frames) widens it linearly from 50 to 60 pt from 0.25 s to 0.5 s. Frames
  /// 0 to 15 (t <= 0.25 s) draw it 100 px wide; frame k from 16 on draws it 100 + 20 (k - 15) / 15
  /// px wide, 101.33 px and more, rounded to 101 and more: scaled in frames 16 to 29, 14 frames.
  @Test func scaledImageFindingFollowsTheSizeFrameByFrame() throws {
    let scene = try TestScenes.decode(
      """
      {"version": 1, "device": "iphone-7", "iosVersion": "17.0",
       "root": {"id": "root", "sublayers": [
         {"id": "image", "frame": [10, 10, 50, 50], "contents": {"type": "image", "pixelSize": [100, 100]}}]},
       "timeline": {"duration": 0.5, "animations": [
         {"target": "image", "keyPath": "bounds.size.width", "fromValue": 50, "toValue": 60, "beginTime": 0.25,
          "duration": 0.25, "timingFunction": "linear", "removedOnCompletion": false}]}}
      """)
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
    #expect(report.summary.frames == 30)
    let scaled = report.findings.first { $0.rule == ScaledImageCheck.checkID }
    #expect(scaled?.layer == "root/image")
    #expect(scaled?.frames == 14)
  }

  /// Backing-store element sizes (WWDC18 session 219: the element "grows to accommodate color
  /// range used by drawing" from iOS 12; before, `draw(_:)` on a P3 screen always took 8 bytes a
  /// pixel). A 10 x 10 pt store at @2x is 400 px. Wide colour takes 8 bytes a pixel; an empty
  /// draw(_:) still allocates one.
  @Test func wideColorBackingStoreTakesEightBytes() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "d", "frame": [0, 0, 10, 10], "contents": {"type": "drawing", "wideColor": true}}"##)
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
    #expect(report.summary.backingStores.bytes == 20 * 20 * 8)
  }

  /// The same store by screen and iOS version: sRGB drawing 4 bytes on iOS 17; a single-colour
  /// label 1 byte on iOS 17; on iOS 11 every store on the iPhone 7's P3 screen 8 bytes, and on
  /// the iPhone 6's sRGB screen 4 bytes.
  @Test func backingStoreElementFollowsGamutAndIOSVersion() throws {
    func bytes(_ contents: String, ios: String, device: String) throws -> Double {
      let scene = try TestScenes.scene(
        ##"{"id": "d", "frame": [0, 0, 10, 10], "contents": \##(contents)}"##, iosVersion: ios, device: device)
      return Simulator.run(scene, on: DeviceCatalogue.device(id: device)!).summary.backingStores.bytes
    }
    let drawing = ##"{"type": "drawing"}"##
    let text = ##"{"type": "text", "characters": 3}"##
    #expect(try bytes(drawing, ios: "17.0", device: "iphone-7") == 400 * 4)
    #expect(try bytes(text, ios: "17.0", device: "iphone-7") == 400 * 1)
    #expect(try bytes(drawing, ios: "11.0", device: "iphone-7") == 400 * 8)
    #expect(try bytes(text, ios: "11.0", device: "iphone-7") == 400 * 8)
    #expect(try bytes(drawing, ios: "11.0", device: "iphone-6") == 400 * 4)
  }

  /// On the 6 Plus (@3x) the same 100 x 100 pt clip renders 300 x 300 = 90,000 px.
  @Test func passAreaFollowsTheDeviceScale() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "s", "frame": [10, 10, 100, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": {"type": "image", "pixelSize": [300, 300]}}"##,
      device: "iphone-6-plus")
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-6-plus")!)
    #expect(report.summary.offscreenPixelsMax == 90_000)
    #expect(report.summary.offscreenPasses.byReason == [RoundedClipRule.ruleID: 1])
  }

  /// The same scene gives the same report, finding for finding.
  @Test func deterministic() throws {
    let json =
      ##"{"id": "s", "frame": [10, 10, 100, 100], "shadowOpacity": 0.5, "backgroundColor": "#EEEEEE", "repeat": {"count": 5, "step": [0, 110]}}"##
    let first = Simulator.run(try TestScenes.scene(json), on: DeviceCatalogue.device(id: "iphone-7")!)
    let second = Simulator.run(try TestScenes.scene(json), on: DeviceCatalogue.device(id: "iphone-7")!)
    #expect(first.findings == second.findings)
    #expect(first.summary == second.summary)
    #expect(first.findings.count == 5)
  }
}
