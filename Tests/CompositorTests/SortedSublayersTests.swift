import LayerTree
import Testing

@testable import Compositor

/// The decide pass finds a scroll view's cells by binary search over their sorted extents: the
/// same plan as testing every cell, with only the cells near the screen visited.
@Suite("Sublayers found by binary search")
struct SortedSublayersTests {
  /// Eight rows of 100 pt, one under the other. Worked out by hand: a clip from y = 250 to 420
  /// meets rows 2 (200-300), 3 (300-400) and 4 (400-500); rows 0 and 1 end by 200, rows 5 to 7
  /// start at 500 or later.
  @Test func candidatesAreTheRowsTheClipMeets() {
    let rows = SortedSublayers(
      children: Array(1...8), vertical: true, starts: (0..<8).map { Double($0) * 100 },
      endsSoFar: (1...8).map { Double($0) * 100 })
    #expect(rows.candidates(low: 250, high: 420, margin: 0) == 2..<5)
    // Above every row, below every row: none.
    #expect(rows.candidates(low: -300, high: -10, margin: 0).isEmpty)
    #expect(rows.candidates(low: 810, high: 900, margin: 0).isEmpty)
    // A clip that touches row 3's top edge keeps row 3 a candidate (it is then tested by itself).
    #expect(rows.candidates(low: 150, high: 300, margin: 0) == 1..<4)
  }

  /// A generated feed scrolled over 30 frames on an iPhone 7: each frame's plan with the index
  /// equals the plan of the same pass testing each cell, layer by layer; and it visits at most
  /// the root, the list and seven cells with their subtrees. Seven: the screen is 667 pt tall and
  /// the generator's cells 160 pt or more, so at most five whole cells and two partial ones
  /// meet it (a cell within the pass's rounding margin of the edge is tested too).
  @Test func theIndexChangesNoPlanAndVisitsOnlyCellsNearTheScreen() throws {
    let text = SceneGenerator(kind: .feed, layers: 600, frames: 30, seed: 3).json()
    let scene = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: DeviceCatalogue.screens))
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    let tree = FlatTree(scene.root)
    var animator = SceneAnimator(tree: tree, timeline: scene.timeline, frameRate: 60, scale: device.screen.scale)
    let planner = FramePlanner(screen: device.screen, iosVersion: scene.iosVersion)
    var indexed = FramePlanner.PlanBuffer()
    var oneByOne = FramePlanner.PlanBuffer()
    // No layer indexed: every cell tested by itself.
    oneByOne.sortedSlots = [Int32](repeating: -1, count: tree.count)
    let list = try #require(tree.index(ofPath: "root/list"))
    var cells: [Int] = []
    var child = list + 1
    while child < tree.subtreeEnds[list] {
      cells.append(child)
      child = tree.subtreeEnds[child]
    }
    #expect(cells.count >= 8)
    let largestCell = cells.map { tree.subtreeEnds[$0] - $0 }.max()!
    for frame in 0..<animator.frameCount {
      let state = animator.state(frame: frame)
      var noCache: RasterCache? = nil
      let a = planner.plan(tree, state: state, cache: &noCache, buffer: &indexed, staticExtents: animator.staticExtents)
      let b = planner.plan(tree, state: state, cache: &noCache, buffer: &oneByOne, staticExtents: animator.staticExtents)
      for index in 0..<tree.count {
        let (x, y) = (a.nodes[index], b.nodes[index])
        #expect(
          x.culled == y.culled && x.visibleRect == y.visibleRect && x.screenRect == y.screenRect && x.draws == y.draws
            && x.opaque == y.opaque && x.offscreen == y.offscreen && x.offscreenDepth == y.offscreenDepth
            && x.drawingLayersInSubtree == y.drawingLayersInSubtree && x.contentRect == y.contentRect,
          "frame \(frame), \(tree.nodes[index].path)")
      }
      #expect(a.visited.count <= 2 + 7 * largestCell, "frame \(frame)")
      #expect(a.visited.count < b.visited.count, "frame \(frame)")
    }
  }
}
