import LayerTree
import TestSupport
import Testing

@testable import Compositor

/// A scene prepared once (tree flattened, timeline resolved, indexes built) and run is the same
/// simulation as a plain run, however many times it is run: the benchmark times the preparation
/// apart from the frames, and must time the simulation the tool runs.
@Suite("Prepared simulation")
struct PreparedSimulationTests {
  @Test(arguments: BundledScenes.names)
  func aPreparedSceneRunsAsAPlainRun(_ name: String) throws {
    let scene = try SceneDecoder.decode(BundledScenes.bytes(name), options: TestDevices.options)
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    let plain = Simulator.run(scene, on: device)
    let prepared = Simulator.prepare(scene, on: device)
    // Run twice: the first run must leave nothing behind in the prepared value.
    for run in 1...2 {
      let report = Simulator.run(prepared)
      #expect(report.summary == plain.summary, "\(name), run \(run)")
      #expect(report.frames == plain.frames, "\(name), run \(run)")
      #expect(report.findings == plain.findings, "\(name), run \(run)")
      #expect(report.backingStores == plain.backingStores, "\(name), run \(run)")
    }
  }

  /// The generated feed scrolls past cells skipped by the sorted-sublayer index, which the
  /// preparation builds ahead of the first frame.
  @Test func aGeneratedFeedRunsAsAPlainRun() throws {
    let bytes = Array(SceneGenerator(kind: .feed, layers: 2_000, frames: 30, seed: 5).json().utf8)
    let scene = try SceneDecoder.decode(bytes, options: TestDevices.options)
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    let plain = Simulator.run(scene, on: device)
    let report = Simulator.run(Simulator.prepare(scene, on: device))
    #expect(report.summary == plain.summary)
    #expect(report.frames == plain.frames)
    #expect(report.findings == plain.findings)
    // Derived from the scene: 30 frames, and far fewer layers on screen than in the feed.
    #expect(report.frames.count == 30)
    #expect(report.summary.visibleLayerFrames < 30 * 200)
  }

  /// Hidden-surface removal with its grid reused across frames: worked by hand on a 100 x 100 pt
  /// screen. Layer 0 (0, 0, 100, 100) is under two opaque layers drawn after it into the same
  /// target, 1 at (50, 0, 50, 100) and 2 at (0, 0, 50, 50): hidden 5,000 + 2,500 = 7,500 points.
  /// Layer 1 is under nothing opaque drawn after it that overlaps it: 0. A layer drawn into another
  /// target is hidden by nothing.
  @Test func occlusionReusesItsGrid() {
    let bounds = Rect(0, 0, 100, 100)
    let first: [Occlusion.Entry] = [
      .init(rect: Rect(0, 0, 100, 100), opaque: true, target: -1),
      .init(rect: Rect(50, 0, 50, 100), opaque: true, target: -1),
      .init(rect: Rect(0, 0, 50, 50), opaque: true, target: -1),
    ]
    let second: [Occlusion.Entry] = [
      .init(rect: Rect(0, 0, 100, 100), opaque: false, target: 7),
      .init(rect: Rect(0, 0, 100, 100), opaque: true, target: -1),
    ]
    var scratch = Occlusion.Scratch()
    var hidden: [Double] = [42]
    for _ in 1...2 {
      Occlusion.hiddenAreas(first, bounds: bounds, into: &hidden, scratch: &scratch)
      #expect(hidden == [7_500, 0, 0])
      Occlusion.hiddenAreas(second, bounds: bounds, into: &hidden, scratch: &scratch)
      #expect(hidden == [0, 0])
    }
  }

  /// The cost table files milliseconds by item as a dictionary per phase would: items never
  /// added are absent, additions to one item sum, an item added 0 ms is present, and the same name
  /// in two phases ("layers": GPU and render server) is two items. Phase totals are the sums of
  /// their items: GPU 1.5 + 2 + 0.25 = 3.75, render server 4 + 0 = 4, main thread 0.
  @Test func theCostTableActsAsADictionaryPerPhase() {
    var table = CostTable()
    table.add(CostItem.positions.gpuLayers, 1.5)
    table.add(CostItem.positions.gpuFramebuffer, 0.25)
    table.add(CostItem.positions.gpuLayers, 2)
    table.add(CostItem.positions.serverLayers, 4)
    table.add(CostItem.positions.serverShapes, 0)
    #expect(table.dictionary(.gpu) == ["layers": 3.5, "framebuffer": 0.25])
    #expect(table.dictionary(.renderServer) == ["layers": 4, "shapes": 0])
    #expect(table.dictionary(.mainThread).isEmpty)
    #expect(table.sum(.gpu) == 3.75)
    #expect(table.sum(.renderServer) == 4)
    #expect(table.sum(.mainThread) == 0)
  }

  /// Every phase's items fit the table's inline places (32, each with its bit of "added" in 64),
  /// and each name is one item of its phase.
  @Test func everyCostItemHasAPlaceInTheTable() {
    #expect(CostItem.all.count <= CostTable.capacity)
    #expect(CostTable.capacity <= 64)
    // The inline storage holds exactly the capacity: 32 doubles of 8 bytes.
    #expect(InlineDoubles.count == CostTable.capacity)
    #expect(MemoryLayout<InlineDoubles>.size == 32 * 8)
    for (phase, names) in [
      (CostItem.Phase.gpu, CostItem.gpu), (.renderServer, CostItem.renderServer), (.mainThread, CostItem.mainThread),
      (.background, CostItem.background),
    ] {
      #expect(Set(names).count == names.count)
      #expect(names.map { CostItem.all[CostItem.position(phase, $0)].name } == names)
    }
  }

  /// A frame's cost items are looked at one by one for a figure that is not finite, by phase and
  /// item name.
  @Test func aNonFiniteCostItemIsFound() throws {
    let bytes = Array(SceneGenerator(kind: .feed, layers: 40, frames: 2, seed: 3).json().utf8)
    let scene = try SceneDecoder.decode(bytes, options: TestDevices.options)
    var report = Simulator.run(scene, on: try #require(DeviceCatalogue.device(id: "iphone-7")))
    #expect(report.firstNonFiniteFigure == nil)
    report.frames[1].cost.table.add(CostItem.positions.mainCommit, .infinity)
    #expect(report.firstNonFiniteFigure?.path == "frames[1].cost.mainThread.commit")
  }

  /// The paths of every stored `Double` in `value`, found by reflection.
  /// The `Double`s reflection finds in `value`, in its order.
  static func doubleValues(_ value: Any) -> [Double] {
    if let number = value as? Double { return [number] }
    return Mirror(reflecting: value).children.flatMap { doubleValues($0.value) }
  }

  static func doublePaths(_ value: Any, _ path: String = "") -> [String] {
    if value is Double { return [path] }
    return Mirror(reflecting: value).children.flatMap { child in
      let label = child.label.map { $0 == "some" ? path : (path.isEmpty ? $0 : "\(path).\($0)") } ?? path
      return doublePaths(child.value, label)
    }
  }

  /// A finding's, a backing store's, the summary's and the scene's figures are checked from
  /// lists, not by reflection: each list holds every `Double` the type stores (what reflection
  /// finds), so a figure added to the type and not to its list fails here.
  @Test func theFigureListsNameEveryStoredDouble() {
    let finding = Finding(
      rule: "rounded-clip", category: .offscreen, layer: "root/a", message: "m", fix: "f", passes: 1, pixelArea: 2, depth: 0,
      source: nil, frames: 1, gpuMs: 3)
    #expect(Set(finding.figures.map(\.name)) == Set(Self.doublePaths(finding)))
    let store = BackingStore(layer: "root/a", contents: "image", pixelSize: Size(4, 5), bytes: 80, drawnOn: .main)
    #expect(Set(store.figures.map(\.name)) == Set(Self.doublePaths(store)))
    // The summary's and the scene's lists hold their Doubles in the order reflection finds them,
    // on reports of a still scene and a scrolling one (whose breakdowns hold more items).
    for name in ["mail-cell-composite.json", "qqmusic-home-v1.json"] {
      let scene = try! SceneDecoder.decode(BundledScenes.bytes(name), options: TestDevices.options)
      let report = Simulator.run(scene, on: DeviceCatalogue.device(id: scene.device)!)
      #expect(report.summary.figureValues.map(\.bitPattern) == Self.doubleValues(report.summary).map(\.bitPattern), "\(name)")
      #expect(report.scene.figureValues.map(\.bitPattern) == Self.doubleValues(report.scene).map(\.bitPattern), "\(name)")
      var imported = report.scene
      imported.source = SceneSource(tool: "offscreen-sim import lottie", file: "a.json", frames: 3...48, notes: ["n"])
      #expect(imported.figureValues.map(\.bitPattern) == Self.doubleValues(imported).map(\.bitPattern))
      // A figure that is not finite is found, and named by the path reflection gives.
      var broken = report
      broken.summary.performance.gpuMs.p95 = .infinity
      #expect(broken.firstNonFiniteFigure?.path == "summary.performance.gpuMs.p95")
      broken = report
      broken.summary.performance.gpuBreakdown["layers"] = .nan
      #expect(broken.firstNonFiniteFigure?.path == "summary.performance.gpuBreakdown.layers")
      broken = report
      broken.scene.scale = -.infinity
      #expect(broken.firstNonFiniteFigure?.path == "scene.scale")
      #expect(report.firstNonFiniteFigure == nil)
    }
    // A non-finite one is named by its path.
    var report = Simulator.run(
      Scene(device: "iphone-7", root: Layer(id: "root")), on: DeviceCatalogue.device(id: "iphone-7")!)
    report.backingStores = [store]
    report.backingStores[0].bytes = .nan
    #expect(report.firstNonFiniteFigure?.path == "backingStores[0].bytes")
  }

}
