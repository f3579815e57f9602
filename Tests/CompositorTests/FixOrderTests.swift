import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// The order in which explain shows fixes and optimize applies them: fixes that remove a trigger
/// before those that restructure the layers, before those that rely on the raster cache; and the
/// cache's fix never offered for what the timeline refreshes.
@Suite("Fix order")
struct FixOrderTests {
  static let scenes = Repository.scenesFolder

  /// QQ Music v1 (DOMAIN.md section 5): the engineers precomposed the cards' rounded corners off
  /// the main thread (v2) and dropped masksToBounds on the text-only chips (v1.1); rasterizing
  /// the cards, which they tried, is not what explain shows first for any rounded card.
  @Test func qqMusicCardsGetThePrecomposedCornersFirst() throws {
    let bytes = try [UInt8](Data(contentsOf: Self.scenes.appendingPathComponent("qqmusic-home-v1.json")))
    let scene = try SceneDecoder.decode(bytes, options: .init(devices: DeviceCatalogue.screens))
    let explanation = Explainer.explain(scene, on: DeviceCatalogue.device(id: "iphone-6-plus")!)
    let cards = explanation.findings.filter { $0.pattern.hasSuffix("card[*]") }
    #expect(!cards.isEmpty)
    for group in cards {
      #expect(group.trials.first?.fixID == "precompose-corners", "\(group.pattern): \(group.trials.map(\.fixID))")
    }
    let chips = try #require(explanation.findings.first { $0.pattern.contains("topRowChip") })
    #expect(chips.trials.first?.fixID == "drop-masks-to-bounds")
  }

  /// The cache's fix says what can undo its saving.
  @Test func theCachesFixStatesItsRisk() {
    let fix = RasterizeStaticSubtreeFix()
    #expect(fix.approach == .cachesResult)
    #expect(fix.risk?.contains("100 ms") == true)
    #expect(DropMasksToBoundsFix().approach == .removesTrigger)
    #expect(DropMasksToBoundsFix().risk == nil)
  }

  /// Cells of a reuse pool take new items as the list scrolls: rasterizing one is never offered,
  /// even in a run short enough that no cell takes a new item (DOMAIN.md section 3: never
  /// rasterize reused cells whose content changes). Each cell is a shadowed button row (two
  /// passes a frame), which would otherwise qualify.
  @Test func reusePoolCellsAreNeverRasterized() throws {
    let json = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "table", "frame": [0, 0, 375, 667], "masksToBounds": true, "sublayers": [
          {"id": "cell", "frame": [0, 0, 375, 100], "repeat": {"count": 8, "step": [0, 100]}, "sublayers": [
            {"id": "button", "frame": [10, 10, 100, 40], "repeat": {"count": 2, "step": [120, 0]}, "backgroundColor": "#FFFFFF",
             "shadowOpacity": 0.3, "sublayers": [{"id": "title", "frame": [10, 10, 80, 20], "contents": {"type": "text", "characters": 6}}]}]}]}]},
       "timeline": {"duration": 0.1, "scrolls": [{"target": "table", "velocity": 10, "reuse": {"cell": "cell", "items": 50}}]}}
      """
    let scene = try TestScenes.decode(json)
    let check = RasterizeStaticSubtreeFix().check(
      "root/table/cell[0]/button[0]", in: FixContext(scene: scene, device: DeviceCatalogue.device(id: "iphone-7")!))
    #expect(check.edits == nil)
    #expect(check.reason?.contains("reuse pool") == true, "\(check)")
  }
}
