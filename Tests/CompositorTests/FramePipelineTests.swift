import LayerTree
import TestSupport
import Testing

@testable import Compositor

/// A run whose frames go over two threads (``FramePipeline``: the timeline and the decide pass's
/// geometry and rules on one, the raster cache, the cost and the tally on the other) is the run on
/// one thread, to the bit: each frame is made whole by the same code in the same order, only on
/// two threads.
@Suite("Frames on two threads")
struct FramePipelineTests {
  /// A scene to run both ways.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var testDescription: String { name }
  }

  /// Every bundled scene with a timeline (the rasterized cells that are reused hit and miss the
  /// raster cache, QQ Music's cards clip), and generated scenes of each kind long enough for the
  /// ring of slots to go round several times (16 slots at most, 90 frames).
  static let cases: [Case] =
    BundledScenes.names.map { Case(name: $0, bytes: BundledScenes.bytes($0)) }
    + [SceneGenerator.Kind.feed, .grid, .nested].enumerated().map { offset, kind in
      Case(
        name: "generated \(kind)",
        bytes: Array(SceneGenerator(kind: kind, layers: 1_500, frames: 90, seed: UInt64(11 + offset)).json().utf8))
    }

  static func expectSameReport(_ one: SimulationReport, _ two: SimulationReport, _ label: String) {
    #expect(one.summary == two.summary, "\(label)")
    #expect(one.frames == two.frames, "\(label)")
    #expect(one.findings == two.findings, "\(label)")
    #expect(one.backingStores == two.backingStores, "\(label)")
  }

  @Test(arguments: cases)
  func twoThreadsMakeTheReportOfOne(_ test: Case) throws {
    let scene = try SceneDecoder.decode(test.bytes, options: TestDevices.options)
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    let prepared = Simulator.prepare(scene, on: device)
    for kept: Simulator.KeptFrame? in [nil, .worst, .index(20)] {
      let one = Simulator.run(prepared, keeping: kept, pipelined: false)
      let two = Simulator.run(prepared, keeping: kept, pipelined: true)
      Self.expectSameReport(one.report, two.report, "\(test.name), keeping \(String(describing: kept))")
      #expect(one.frame == two.frame)
      #expect((one.snapshot == nil) == (kept == nil))
      if let first = one.snapshot, let second = two.snapshot {
        #expect(first.cost == second.cost)
        #expect(first.plan.visited == second.plan.visited)
        #expect(first.plan.nodes.passes == second.plan.nodes.passes)
        for index in first.plan.visited { #expect(first.plan.nodes[index] == second.plan.nodes[index]) }
      }
    }
    // A prepared scene keeps nothing from a run: run again on two threads, the same report.
    Self.expectSameReport(
      Simulator.run(prepared, keeping: nil, pipelined: true).report, Simulator.run(prepared, keeping: nil, pipelined: false).report,
      "\(test.name), again")
  }

  /// A run shown to an observer (``FrameRecord``'s recorder, which `explain` uses) shows it the
  /// same frames and the same carried state (raster cache, what each layer displayed) before each
  /// on two threads as on one.
  @Test(arguments: cases.filter { $0.name.hasPrefix("generated") || $0.name.hasPrefix("rasterized") })
  func anObserverSeesTheSameFrames(_ test: Case) throws {
    let scene = try SceneDecoder.decode(test.bytes, options: TestDevices.options)
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    let prepared = Simulator.prepare(scene, on: device)
    let one = FrameRecord.Recorder(tree: prepared.stepper.tree, frames: prepared.stepper.frameCount)
    let two = FrameRecord.Recorder(tree: prepared.stepper.tree, frames: prepared.stepper.frameCount)
    Self.expectSameReport(
      Simulator.run(prepared, keeping: nil, observer: one, pipelined: false).report,
      Simulator.run(prepared, keeping: nil, observer: two, pipelined: true).report, test.name)
    let first = one.record
    let second = two.record
    #expect(first.frames == second.frames)
    #expect(first.firstRead == second.firstRead)
    #expect(first.lastRead == second.lastRead)
    #expect(first.checkpoints.count == second.checkpoints.count)
    for (a, b) in zip(first.checkpoints, second.checkpoints) {
      #expect(a.displayed == b.displayed && a.shapesRasterized == b.shapesRasterized && a.configured == b.configured)
      #expect(a.cache.isEquivalent(to: b.cache, map: nil))
    }
  }

  /// Two threads pay only for runs of 32 frames or more (starting a thread costs about what a
  /// few frames of a small screen do), and not on a lane of `Parallel`, whose lanes take the cores.
  @Test func twoThreadsOnlyWhereTheyPay() {
    #expect(!FramePipeline.pays(frames: 1))
    #expect(!FramePipeline.pays(frames: 31))
    let inLanes = Parallel.map(count: 4, jobs: 2) { _ in FramePipeline.pays(frames: 600) }
    #expect(inLanes == [false, false, false, false])
    let lanes = Parallel.map(count: 4, jobs: 2) { _ in Parallel.isInsideLanes }
    #expect(lanes == [true, true, true, true])
    // One job runs on the calling thread, as if there were no lanes; after the lanes, neither is
    // this thread marked.
    #expect(Parallel.map(count: 2, jobs: 1) { _ in Parallel.isInsideLanes } == [false, false])
    #expect(!Parallel.isInsideLanes)
  }

  /// The ring: at least 4 slots and at most 16, fewer for a tree whose plans' slot columns (4
  /// bytes a layer) would pass 64 MiB over the ring: 16 for 1,000,000 layers (4 MB each), 4 for
  /// 5,000,000 (20 MB each: 3 would do, the floor is 4).
  @Test func theRingIsBoundedByTheTreesSize() {
    #expect(FramePipeline(frames: 100, layers: 100).slotCount == 16)
    #expect(FramePipeline(frames: 100, layers: 1_000_000).slotCount == 16)
    #expect(FramePipeline(frames: 100, layers: 2_000_000).slotCount == 8)
    #expect(FramePipeline(frames: 100, layers: 5_000_000).slotCount == 4)
  }
}
