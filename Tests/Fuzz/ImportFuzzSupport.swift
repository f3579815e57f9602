// What the importer harnesses (LottieImportFuzz.swift, RecursiveDescriptionFuzz.swift) share.
import Compositor
import LayerTree
import SceneImport

/// Writes `scene` as `import` does, reads it back under `limits` and simulates its first frames.
/// Naming the targets past the work budget, or a text past the size bound, is a refusal the
/// command reports (exit 2); any other way the written scene fails to read is a crash.
func readBack(_ scene: Scene, input: Int, limits: InputLimits, device: DeviceProfile) {
  guard let text = try? SceneEncoder.rendered(scene, workBudget: limits.maxLayerFrames) else { return }
  guard text.utf8.count <= ImportSize.maxSceneBytes(inputBytes: input, maxLayers: limits.maxLayers) else { return }
  var read: Scene
  do {
    read = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: DeviceCatalogue.screens, limits: limits))
  } catch {
    // Resolving the written targets may cost a reader more comparisons than the least the
    // importer counts (each different target times the layers): the command reads back and
    // refuses then. Every other problem is the importer's.
    let budget = error.diagnostics.allSatisfy { $0.message.hasPrefix("the timeline has too many different targets to resolve") }
    precondition(budget, "a written import the reader refuses: \(error.diagnostics.first.map(\.message) ?? "")")
    return
  }
  precondition(read.layerCount == scene.layerCount, "read back with \(read.layerCount) layers, written with \(scene.layerCount)")
  // Three frames at most: the simulation's own cost is the simulation harness's to explore.
  if let duration = read.timeline?.duration { read.timeline?.duration = min(duration, 3 / 120) }
  let report = Simulator.run(read, on: device)
  precondition(!report.frames.isEmpty, "a simulation without frames")
  precondition(report.summary.layers == read.layerCount, "a simulation of another number of layers")
}
