// libFuzzer harness for `offscreen-sim import lottie`: import, write, read back, simulate a few
// frames. Not part of the package build: Tests/Fuzz/run builds the package's modules as libraries
// with -sanitize=fuzzer,address and links this file (and ImportFuzzSupport.swift) against them.
import Compositor
import LayerTree
import SceneImport

/// The limits each input is imported under: small, so that an input costs milliseconds without
/// -O and with the address sanitizer, and so that the limits themselves are reached often.
let lottieLimits = InputLimits(maxLayers: 2_000, maxLayerFrames: 20_000)
let lottieDevice = DeviceCatalogue.device(id: "iphone-7")!

/// Imports the input as a Lottie animation. An animation refused with problems is not a crash;
/// a trap, a failed check or a memory error is, and so is an input past libFuzzer's -timeout or
/// -rss_limit_mb. What the importer returns must be held to the limits it was given: written,
/// read back by the scene reader under them with the same layers, and simulated.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottieImport(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let options = LottieImportOptions(
    file: "fuzz.json", device: lottieDevice.id, screen: lottieDevice.screen, maxLayers: lottieLimits.maxLayers,
    maxLayerFrames: lottieLimits.maxLayerFrames)
  guard let imported = try? LottieImporter.importScene(bytes, options: options) else { return 0 }
  precondition(imported.scene.layerCount <= lottieLimits.maxLayers, "an import past its layer limit")
  precondition(imported.scene.firstLimitProblem(lottieLimits) == nil, "an import past the readers' limits")
  precondition(imported.scene.firstValueOutOfRange() == nil, "an import past the format's ranges")
  readBack(imported.scene, input: bytes.count, limits: lottieLimits, device: lottieDevice)
  return 0
}
