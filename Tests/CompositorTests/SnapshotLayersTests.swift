import Compositor
import LayerTree
import Testing

/// The per-layer facts pictures read from a frame: screen transforms, overdraw depths and
/// image findings.
@Suite("Snapshot layers")
struct SnapshotLayersTests {
  static let iphone7 = DeviceCatalogue.device(id: "iphone-7")!

  /// A layer turned by 90 degrees about its centre: frame [10, 20, 100, 50] in a parent at
  /// (5, 5). Its centre is at (65, 50); turned clockwise its top-left corner (0, 0) lands at the
  /// top-right of the turned box: x = 65 + 25 = 90, y = 50 - 50 = 0. So the transform is
  /// a = 0, b = 1, c = -1, d = 0, tx = 90, ty = 0.
  @Test func screenTransformOfATurnedLayer() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "parent", "frame": [5, 5, 300, 300], "sublayers": [{"id": "turned", "frame": [10, 20, 100, 50], "backgroundColor": "#FFFFFF", "transform": {"rotation": 90}}]}"##
    )
    let snapshot = Simulator.snapshot(scene, on: Self.iphone7, frame: 0)
    let index = try #require(snapshot.tree.index(ofPath: "root/parent/turned"))
    let t = snapshot.screenTransforms()[index]
    #expect(abs(t.a) < 1e-12 && abs(t.b - 1) < 1e-12 && abs(t.c + 1) < 1e-12 && abs(t.d) < 1e-12)
    #expect(abs(t.tx - 90) < 1e-9 && abs(t.ty) < 1e-9)
    #expect(!t.isTranslation)
  }

  /// Scrolled content moves with the scroll view's offset, as the decide pass has it: at frame 6
  /// (t = 0.1 s) the table has scrolled 6 pt, so the cell written at y = 100 is at y = 94.
  @Test func screenTransformsFollowTheScrollOffset() throws {
    let scene = try TestScenes.decode(
      """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "table", "frame": [0, 0, 375, 667], "sublayers": [{"id": "cell", "frame": [0, 100, 375, 80], "backgroundColor": "#FFFFFF"}]}
      ]}, "timeline": {"duration": 0.2, "scrolls": [{"target": "table", "offsets": [[0, 0], [1, 60]]}]}}
      """)
    let snapshot = Simulator.snapshot(scene, on: Self.iphone7, frame: 6)
    let transforms = snapshot.screenTransforms()
    let index = try #require(snapshot.tree.index(ofPath: "root/table/cell"))
    #expect(abs(transforms[index].ty - 94) < 1e-9)
    // Every layer that only moves starts where the decide pass put its bounds.
    for (i, t) in transforms.enumerated() where t.isTranslation {
      #expect(abs(t.tx - snapshot.plan.nodes[i].screenRect.x) < 1e-9)
      #expect(abs(t.ty - snapshot.plan.nodes[i].screenRect.y) < 1e-9)
    }
  }

  /// Edge cases first: a layer alone on screen is drawn over nothing; layers that only touch
  /// are not drawn over; hidden layers, containers and layers in a mask draw nothing.
  @Test func overdrawDepths() throws {
    let scene = try TestScenes.scene(
      """
      {"id": "a", "frame": [0, 0, 100, 100], "backgroundColor": "#FF0000"},
      {"id": "touching", "frame": [100, 0, 100, 100], "backgroundColor": "#FF0000"},
      {"id": "over", "frame": [50, 50, 100, 100], "backgroundColor": "#00FF00"},
      {"id": "hidden", "frame": [0, 0, 375, 667], "isHidden": true, "backgroundColor": "#000000"},
      {"id": "container", "frame": [0, 0, 375, 667], "sublayers": [{"id": "top", "frame": [60, 60, 10, 10], "backgroundColor": "#0000FF"}]},
      {"id": "masked", "frame": [300, 300, 50, 50], "backgroundColor": "#FF0000",
       "mask": {"frame": [0, 0, 50, 50], "backgroundColor": "#000000"}}
      """)
    let snapshot = Simulator.snapshot(scene, on: Self.iphone7, frame: 0)
    let depths = snapshot.overdraw()
    func depth(_ path: String) -> Int?? { snapshot.tree.index(ofPath: path).map { depths[$0] } }
    #expect(depth("root") == .some(nil))  // the root draws nothing here
    #expect(depth("root/a") == 0)
    #expect(depth("root/touching") == 0)
    #expect(depth("root/over") == 2)  // over a and touching
    #expect(depth("root/hidden") == .some(nil))
    #expect(depth("root/container") == .some(nil))
    #expect(depth("root/container/top") == 2)  // over a and over, not touching
    #expect(depth("root/masked") == 0)
    #expect(depth("root/masked/mask") == .some(nil))
  }

  /// Many small layers far apart: the grid keeps the count exact.
  @Test func overdrawOfAGridOfTiles() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "tile", "frame": [0, 0, 10, 10], "backgroundColor": "#FF0000", "repeat": {"count": 30, "step": [12, 20]}}, {"id": "band", "frame": [0, 95, 375, 20], "backgroundColor": "#00FF00"}"##
    )
    let snapshot = Simulator.snapshot(scene, on: Self.iphone7, frame: 0)
    let depths = snapshot.overdraw()
    let tiles = (0..<30).compactMap { snapshot.tree.index(ofPath: "root/tile[\($0)]") }
    #expect(tiles.allSatisfy { depths[$0] == 0 })
    // Tiles at y = 20 i cover [20 i, 20 i + 10): the band [95, 115) overlaps tile 5 only
    // ([100, 110)); tile 4 ends at 90.
    let band = try #require(snapshot.tree.index(ofPath: "root/band"))
    #expect(depths[band] == 1)
  }

  /// Counting stops at the limit: the 150th of 150 identical layers is drawn over 149, and
  /// reported as 100 (100 or more).
  @Test func overdrawStopsCountingAtTheLimit() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "same", "frame": [10, 10, 40, 40], "backgroundColor": "#FF000080", "repeat": {"count": 150}}"##)
    let snapshot = Simulator.snapshot(scene, on: Self.iphone7, frame: 0)
    let depths = snapshot.overdraw()
    func depth(_ i: Int) -> Int? { snapshot.tree.index(ofPath: "root/same[\(i)]").flatMap { depths[$0] } }
    #expect(depth(0) == 0)
    #expect(depth(99) == 99)
    #expect(depth(100) == Overdraw.standardLimit)
    #expect(depth(149) == Overdraw.standardLimit)
    let exact = Overdraw.depths(tree: snapshot.tree, plan: snapshot.plan, limit: .max)
    #expect(snapshot.tree.index(ofPath: "root/same[149]").flatMap { exact[$0] } == 149)
  }

  /// A stack of 2,000 identical layers far past the comparison cap: each layer meets an overlap
  /// at every comparison, so the overlap limit (100) stops it long before the cap, as in
  /// ``overdrawStopsCountingAtTheLimit()``; the last layer reads 100.
  @Test func aStackStopsAtTheOverlapLimitBeforeTheCap() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "same", "frame": [10, 10, 40, 40], "backgroundColor": "#FF000080", "repeat": {"count": 2000}}"##)
    let snapshot = Simulator.snapshot(scene, on: Self.iphone7, frame: 0)
    let depths = snapshot.overdraw()
    #expect(snapshot.tree.index(ofPath: "root/same[1999]").flatMap { depths[$0] } == Overdraw.standardLimit)
    // Counting without an overlap limit stops at the comparison cap instead: 1,999 layers before
    // it, all overlapping it, of which the first 1,000 compared are counted.
    let exact = Overdraw.depths(tree: snapshot.tree, plan: snapshot.plan, limit: .max)
    #expect(snapshot.tree.index(ofPath: "root/same[1999]").flatMap { exact[$0] } == Overdraw.maxCompared)
  }

  /// The frame's image findings are the report's: one misaligned, one scaled.
  @Test func imageFindingsMatchTheReport() throws {
    let scene = try TestScenes.scene(
      """
      {"id": "f", "frame": [100.25, 300, 50, 50], "contents": {"type": "image", "pixelSize": [100, 100]}},
      {"id": "g", "frame": [0, 400, 50, 50], "contents": {"type": "image", "pixelSize": [150, 150]}}
      """)
    let snapshot = Simulator.snapshot(scene, on: Self.iphone7, frame: 0)
    let findings = snapshot.imageFindings().flatMap { $0 }
    let report = Simulator.run(scene, on: Self.iphone7)
    #expect(findings.map(\.layer) == ["root/f", "root/g"])
    #expect(findings.map(\.rule) == report.findings.filter { $0.category == .image }.sorted { $0.layer < $1.layer }.map(\.rule))
  }
}
