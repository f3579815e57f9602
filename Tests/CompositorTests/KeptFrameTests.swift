import Compositor
import LayerTree
import TestSupport
import Testing

/// A run that keeps one frame whole gives the report of a plain run and the snapshot a second
/// simulation up to that frame would: pictures need one simulation, not two.
@Suite("One simulation for the report and the picture")
struct KeptFrameTests {
  /// The worst frame by the pictures' rule, worked out from the report alone: the most offscreen
  /// passes; when no frame has any, the most GPU time; the earliest of equals.
  static func worstFrame(_ report: SimulationReport) -> Int {
    var best = 0
    for frame in report.frames.dropFirst() {
      let current = report.frames[best]
      if frame.offscreenPasses > current.offscreenPasses
        || (frame.offscreenPasses == current.offscreenPasses && frame.cost.gpuMs > current.cost.gpuMs)
      {
        best = frame.index
      }
    }
    return best
  }

  static func expectSameFrame(_ kept: FrameSnapshot, _ again: FrameSnapshot, _ comment: Comment) {
    #expect(kept.cost == again.cost, comment)
    #expect(kept.state.frame == again.state.frame, comment)
    #expect(kept.plan.visited == again.plan.visited, comment)
    #expect(Array(kept.plan.nodes) == Array(again.plan.nodes), comment)
  }

  @Test(arguments: BundledScenes.names)
  func theWorstFrameIsKeptOnTheWay(_ name: String) throws {
    let scene = try SceneDecoder.decode(BundledScenes.bytes(name), options: TestDevices.options)
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    let plain = Simulator.run(scene, on: device)
    let kept = Simulator.run(scene, on: device, keeping: .worst)
    #expect(kept.report.summary == plain.summary)
    #expect(kept.report.frames == plain.frames)
    #expect(kept.report.findings == plain.findings)
    #expect(kept.frame == Self.worstFrame(plain))
    Self.expectSameFrame(kept.snapshot, Simulator.snapshot(scene, on: device, frame: kept.frame), "\(name)")
  }

  /// A frame asked for by number, past the end clamped to the last, as `snapshot` does.
  @Test func aFrameByNumberIsKept() throws {
    let scene = try SceneDecoder.decode(BundledScenes.bytes("rasterized-card-scrolling.json"), options: TestDevices.options)
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    let frames = Simulator.run(scene, on: device).frames.count
    #expect(frames > 3)
    for wanted in [0, 3, frames + 5] {
      let kept = Simulator.run(scene, on: device, keeping: .index(wanted))
      #expect(kept.frame == min(wanted, frames - 1))
      Self.expectSameFrame(kept.snapshot, Simulator.snapshot(scene, on: device, frame: wanted), "frame \(wanted)")
    }
  }
}
