import LayerTree
import TestSupport
import Testing

@testable import Compositor

/// A rasterized layer's bitmap is stale when its own appearance changed or anything below it
/// changed. The frames find those layers by walking each changed layer's rasterized ancestors
/// only; the result must be exactly the walk over every ancestor, on every frame of every
/// bundled scene, with the scene's rasterized layers and with every layer rasterized (the
/// deepest chains of ancestors).
@Suite("Stale raster entries")
struct StaleRasterEntriesTests {
  @Test(arguments: BundledScenes.names)
  func walkingRasterizedAncestorsFindsWhatWalkingAllAncestorsFinds(_ name: String) throws {
    let scene = try SceneDecoder.decode(BundledScenes.bytes(name), options: TestDevices.options)
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    var stepper = FrameStepper(scene, on: device, rules: OffscreenRules.all, coefficients: .standard)
    let tree = stepper.tree
    let sceneRasterized = Set((0..<tree.count).filter { tree.layer($0).shouldRasterize })
    let everyLayer = Set(0..<tree.count)
    for frame in 0..<stepper.frameCount {
      let (state, _, _) = stepper.step(frame)
      for rasterized in [sceneRasterized, everyLayer] {
        let ancestors = Simulator.rasterizedAncestors(tree, rasterized: rasterized)
        #expect(
          Simulator.staleEntries(state, ancestors: ancestors, rasterized: rasterized)
            == Simulator.staleEntries(state, tree: tree, rasterized: rasterized), "\(name) frame \(frame)")
      }
    }
  }
}
