import TestSupport
import Testing

@testable import LayerTree

/// `Scene.applying(_:)` walks the tree once along the edited paths; its result must be the same
/// as applying each edit in order, found from the root (``Layer/modify(_:_:)``), which is what
/// its documentation promises.
@Suite("Scene editing")
struct SceneEditingTests {
  /// The reference: each edit in order, its layer found from the root.
  static func oneByOne(_ scene: Scene, _ edits: [LayerEdit]) -> Scene {
    var scene = scene
    for edit in edits {
      let components = edit.path.split(separator: "/", omittingEmptySubsequences: false)
      guard components.first.map(String.init) == scene.root.id else { continue }
      _ = scene.root.modify(components.dropFirst()) { layer in
        for change in edit.changes { change.apply(to: &layer) }
      }
    }
    return scene
  }

  /// A random tree whose ids repeat among cousins and sometimes among siblings and between a
  /// mask and a sublayer, so that "the first of an id" and "a mask before a sublayer" matter.
  static func tree(_ g: inout TestSupport.SplitMix64, id: String, depth: Int, paths: inout [String], path: String) -> Layer {
    var layer = Layer(id: id)
    layer.frame = Rect(0, 0, Double(g.int(1...100)), Double(g.int(1...100)))
    paths.append(path)
    guard depth < 4 else { return layer }
    if g.chance(20) {
      let maskID = g.pick(["a", "b", "m"])
      layer.mask = tree(&g, id: maskID, depth: depth + 1, paths: &paths, path: path + "/" + maskID)
    }
    for _ in 0..<g.int(0...4) {
      let child = g.pick(["a", "b", "c", "d"])
      layer.sublayers.append(tree(&g, id: child, depth: depth + 1, paths: &paths, path: path + "/" + child))
    }
    return layer
  }

  static func change(_ g: inout TestSupport.SplitMix64, removals: Bool) -> LayerChange {
    switch g.int(0...(removals ? 5 : 3)) {
    case 0: .setCornerRadius(Double(g.int(1...20)))
    case 1: .setMasksToBounds(g.chance(50))
    case 2: .setBackgroundColor(g.chance(50) ? nil : Color(red: 1, green: 0, blue: 0, alpha: 1))
    case 3: .setShouldRasterize(true)
    case 4: .removeMask
    default: .removeSublayer(g.pick(["a", "b", "c", "d"]))
    }
  }

  @Test("one walk equals applying each edit from the root, in order", arguments: [false, true])
  func oneWalkEqualsOneByOne(removals: Bool) {
    var g = TestSupport.SplitMix64(seed: removals ? 7 : 3)
    for _ in 0..<300 {
      var paths: [String] = []
      let root = Self.tree(&g, id: "root", depth: 0, paths: &paths, path: "root")
      let scene = Scene(name: "edits", device: "iphone-7", root: root)
      // Paths of the tree, a path naming no layer, and one not under the root.
      let candidates = paths + ["root/z", "other/a"]
      let edits = (0..<g.int(1...8)).map { _ in
        LayerEdit(path: g.pick(candidates), changes: (0..<g.int(1...2)).map { _ in Self.change(&g, removals: removals) })
      }
      #expect(scene.applying(edits).root == Self.oneByOne(scene, edits).root, "\(edits)")
    }
  }

  @Test("the first sublayer of a repeated id is the one edited, and a mask comes before a sublayer")
  func firstOfAnID() {
    // Worked by hand: root has mask "m" and sublayers "m" and "m"; the path root/m names the mask.
    var root = Layer(id: "root")
    root.mask = Layer(id: "m")
    root.sublayers = [Layer(id: "m"), Layer(id: "m")]
    let scene = Scene(name: "ids", device: "iphone-7", root: root)
    let edited = scene.applying([LayerEdit(path: "root/m", changes: [.setCornerRadius(4)])])
    #expect(edited.root.mask?.cornerRadius == 4)
    #expect(edited.root.sublayers.map(\.cornerRadius) == [0, 0])
    // Without the mask, the first sublayer.
    var bare = scene
    bare.root.mask = nil
    let second = bare.applying([LayerEdit(path: "root/m", changes: [.setCornerRadius(4)])])
    #expect(second.root.sublayers.map(\.cornerRadius) == [4, 0])
  }
}
