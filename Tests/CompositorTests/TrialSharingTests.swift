import Foundation
import LayerTree
import TestSupport
import Testing

@testable import Compositor

/// explain and optimize measure each fix by simulating the scene with the fix's edits; a trial
/// starts from the scene prepared once (its tree made from the scene's, ``FlatTree/edited(_:changed:)``)
/// and, on a timeline, takes the frames its edits cannot change from the scene's one run
/// (``FrameRecord``). Whatever it shares, a trial's figures are those of a full simulation of
/// the edited scene: `SceneMetrics(Simulator.run(scene.applying(edits)))`.
@Suite("Trials shared with the scene's run")
struct TrialSharingTests {
  /// Every trial explain runs on the scene, each checked against a full simulation of the edited
  /// scene; and the figures before, against the scene's own report. Returns the frames the
  /// trials stepped and the frames a full simulation of each would have stepped.
  @discardableResult
  static func expectTrialsAreFullSimulations(_ scene: Scene, _ name: String) -> (stepped: Int, full: Int) {
    let device = DeviceCatalogue.device(id: scene.device)!
    let baseline = Explainer.baseline(scene, on: device)
    let explanation = Explainer.explain(scene, on: device, baseline: baseline)
    #expect(explanation.before == SceneMetrics(Simulator.run(scene, on: device)), "\(name)")
    let shared = Explainer.Trials(
      base: baseline.prepared!, record: baseline.record,
      timelineLayers: FixContext(scene: scene, device: device).timelineLayers)
    var stepped = 0
    var full = 0
    for group in explanation.findings {
      for trial in group.trials {
        let edited = scene.applying(trial.edits)
        let expected = SceneMetrics(Simulator.run(edited, on: device))
        #expect(trial.saving.after == expected, "\(name): \(trial.fixID) on \(group.pattern)")
        let outcome = Explainer.trial(scene, trial.edits, shared: shared, on: device, coefficients: .standard)
        #expect(outcome.metrics == expected, "\(name): \(trial.fixID) on \(group.pattern)")
        stepped += outcome.stepped
        full += expected.frames
      }
    }
    return (stepped, full)
  }

  @Test(arguments: BundledScenes.names)
  func bundledScenes(_ name: String) throws {
    let scene = try SceneDecoder.decode(BundledScenes.bytes(name), options: TestDevices.options)
    Self.expectTrialsAreFullSimulations(scene, name)
  }

  /// Scrolling feeds, grids and nested collections: groups on screen in every frame, and groups
  /// of one layer on screen for a few frames at the start or the end.
  @Test(arguments: [SceneGenerator.Kind.feed, .grid, .nested])
  func generatedScenes(_ kind: SceneGenerator.Kind) throws {
    let scene = try TestScenes.decode(SceneGenerator(kind: kind, layers: 600, frames: 90, seed: 5).json())
    let (stepped, full) = Self.expectTrialsAreFullSimulations(scene, kind.rawValue)
    // Each kind has a group that shows in only part of the scroll.
    #expect(stepped < full, "\(kind)")
  }

  /// Random scenes with masks, transforms, rasterized layers, animations and content changes.
  @Test func randomScenes() throws {
    for seed in RandomSceneTests.seeds {
      guard let scene = try? TestScenes.decode(RandomSceneTests.scene(seed: seed)) else { continue }
      Self.expectTrialsAreFullSimulations(scene, "random scene \(seed)")
    }
  }

  /// A list scrolled 1,000 pt in 1 s at 60 Hz (16.7 pt a frame): its first row, 100 pt tall with
  /// a shadow of radius 4 offset 3 pt down (`shadowOffset` [0, 3]), reaches y = 107 at most, so it
  /// leaves the 667 pt screen once the list has scrolled 107 pt: from frame 7 on. Setting its
  /// shadowPath (which keeps its extent: it has no sublayers) changes frames 0 to 6, and maybe
  /// the frame at the edge: with a checkpoint before every frame (60 frames, 240 checkpoints at
  /// most), the trial steps those 7 frames, or 8, before the rest is taken from the scene's run.
  /// The row far below (y = 3,000) never shows.
  @Test func aTrialStepsTheFramesItsEditsChange() throws {
    let row = { (id: String, y: Int) in
      ##"{"id": "\##(id)", "frame": [0, \##(y), 375, 100], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3, "shadowRadius": 4, "shadowOffset": [0, 3]}"##
    }
    let list = #"{"id": "list", "frame": [0, 0, 375, 667], "sublayers": ["# + row("first", 0) + ", " + row("far", 3_000) + "]}"
    let timeline = #"{"duration": 1, "frameRate": 60, "scrolls": [{"target": "list", "offsets": [[0, 0], [1, 1000]]}]}"#
    let scene = try TestScenes.decode(
      #"{"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": ["# + list + #"]}, "timeline": "# + timeline + "}")
    let device = DeviceCatalogue.device(id: "iphone-7")!
    let baseline = Explainer.baseline(scene, on: device)
    let record = try #require(baseline.record)
    #expect(record.interval == 1)
    let shared = Explainer.Trials(base: baseline.prepared!, record: record, timelineLayers: [])
    let edits = [LayerEdit(path: "root/list/first", changes: [.setShadowPath(.bounds)])]
    let outcome = Explainer.trial(scene, edits, shared: shared, on: device, coefficients: .standard)
    #expect(outcome.metrics == SceneMetrics(Simulator.run(scene.applying(edits), on: device)))
    #expect(outcome.stepped >= 7)
    #expect(outcome.stepped <= 8)
    // The row that never shows: no frame reads it, so no frame is stepped, and the figures are
    // the scene's own.
    let far = [LayerEdit(path: "root/list/far", changes: [.setShadowPath(.bounds)])]
    let unseen = Explainer.trial(scene, far, shared: shared, on: device, coefficients: .standard)
    #expect(unseen.stepped == 0)
    #expect(unseen.metrics == SceneMetrics(baseline.report))
  }

  /// The tree of an edited scene made from the scene's tree is the tree ``FlatTree/init(_:)``
  /// makes of the edited scene: a property set, a sublayer removed with its subtree, a mask
  /// removed; the sources say where each layer came from.
  @Test func anEditedTreeIsTheTreeOfTheEditedScene() throws {
    let scene = try TestScenes.decode(
      ##"""
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "card", "frame": [10, 10, 200, 100], "cornerRadius": 8, "masksToBounds": true, "sublayers": [
          {"id": "cover", "frame": [0, 0, 200, 100], "contents": {"type": "image", "pixelSize": [400, 200]}},
          {"id": "shade", "frame": [0, 50, 200, 50], "backgroundColor": "#00000080", "sublayers": [{"id": "dot", "frame": [0, 0, 4, 4], "backgroundColor": "#FFFFFF"}]},
          {"id": "title", "frame": [8, 70, 100, 20], "contents": {"type": "text", "characters": 8}}]},
        {"id": "badge", "frame": [220, 10, 40, 40], "backgroundColor": "#FF0000",
         "mask": {"id": "round", "frame": [0, 0, 40, 40], "backgroundColor": "#000000", "cornerRadius": 20}},
        {"id": "after", "frame": [0, 200, 375, 50], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.2}]}}
      """##)
    let tree = FlatTree(scene.root)
    let cases: [[LayerEdit]] = [
      [LayerEdit(path: "root/after", changes: [.setShadowPath(.bounds)])],
      [LayerEdit(path: "root/card", changes: [.setMasksToBounds(false), .removeSublayer("shade")])],
      [LayerEdit(path: "root/badge", changes: [.removeMask, .setCornerRadius(20), .setMasksToBounds(true)])],
      [
        LayerEdit(path: "root/card/cover", changes: [.setContents(nil)]),
        LayerEdit(path: "root/card", changes: [.removeSublayer("title")]),
      ],
    ]
    for edits in cases {
      let edited = scene.applying(edits)
      let expected = FlatTree(edited.root)
      let changed = tree.allIndices(ofPaths: edits.map(\.path))
      let (made, sources) = try #require(tree.edited(edited.root, changed: changed))
      #expect(made.layers == expected.layers, "\(edits)")
      #expect((0..<made.count).map(made.props) == (0..<expected.count).map(expected.props), "\(edits)")
      #expect(Array(made.parents) == Array(expected.parents), "\(edits)")
      #expect(Array(made.subtreeEnds) == Array(expected.subtreeEnds), "\(edits)")
      #expect(Array(made.masks) == Array(expected.masks), "\(edits)")
      #expect(made.inMask == expected.inMask, "\(edits)")
      #expect(made.extents == expected.extents, "\(edits)")
      #expect(sources.map { tree.path(Int($0)) } == expected.paths(), "\(edits)")
    }
    // An edited layer whose sublayers are not this tree's in order, less some, is refused: the
    // card's three sublayers in reverse order.
    var reordered = scene.root
    reordered.sublayers[0].sublayers.reverse()
    let card = try #require(tree.index(ofPath: "root/card"))
    #expect(tree.edited(reordered, changed: [card]).map(\.sources) == nil)
    // So is a sublayer removed from a layer not named as changed, when it is read: the card's
    // sublayer is removed, the card's sublayer `cover` is named.
    let removed = scene.applying([LayerEdit(path: "root/card", changes: [.removeSublayer("shade")])])
    let cover = try #require(tree.index(ofPath: "root/card/cover"))
    #expect(tree.edited(removed.root, changed: [cover]).map(\.sources) == nil)
  }
}
