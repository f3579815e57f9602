import Compositor
import LayerTree
import Testing

/// Generated scenes simulate: every kind, with offscreen work in it (the feed's shadows without
/// paths and clipped photos, the grid's rounded tiles, the nested rows' clipped cards).
@Suite("Generated scenes")
struct GeneratedSceneTests {
  @Test(arguments: SceneGenerator.Kind.allCases)
  func generatedScenesSimulate(_ kind: SceneGenerator.Kind) throws {
    let json = SceneGenerator(kind: kind, layers: 600, frames: 30, seed: 9).json()
    let scene = try TestScenes.decode(json)
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
    #expect(report.frames.count == 30)
    #expect(report.summary.offscreenPasses.perFrameMax > 0)
    #expect(report.summary.performance.fps > 0)
  }
}
