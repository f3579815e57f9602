// libFuzzer harness for `offscreen-sim import recursive-description`: import, write, read back,
// simulate. Not part of the package build: Tests/Fuzz/run links it against the package's modules,
// built with -sanitize=fuzzer,address, with ImportFuzzSupport.swift's `readBack`.
import Compositor
import LayerTree
import SceneImport

/// Imports the input as a recursiveDescription dump, without a device (the top-level view's size
/// picks one) and on an iPhone 7, under small limits; each scene returned is held to them,
/// written, read back with the same layers and simulated (`readBack`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecursiveDescription(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let limits = InputLimits(maxLayers: 2_000, maxLayerFrames: 20_000)
  for device in [nil, "iphone-7"] {
    let options = RecursiveDescriptionImporter.Options(
      device: device, screens: DeviceCatalogue.screens, name: "fuzz", file: "fuzz.txt", limits: limits)
    guard let imported = try? RecursiveDescriptionImporter.importScene(bytes, options: options) else { continue }
    guard let profile = DeviceCatalogue.device(id: imported.scene.device) else {
      preconditionFailure("an imported scene on a device the catalogue does not have")
    }
    precondition(imported.scene.firstLimitProblem(limits) == nil, "an import past the readers' limits")
    readBack(imported.scene, input: bytes.count, limits: limits, device: profile)
  }
  return 0
}
