// libFuzzer harness for the importers `offscreen-sim import` runs: UIKit's recursiveDescription
// and Lottie. Not part of the package build: Tests/Fuzz/run compiles LayerTree, Compositor (for
// the device catalogue) and SceneImport with it as one module, with -sanitize=fuzzer,address.

/// Imports the input as a recursiveDescription dump (without a device, so the dump's size picks
/// one, and on an iPhone 7) and as a Lottie animation, as the command does. A dump or an
/// animation refused with problems is not a crash; a trap, a failed check or a memory error is,
/// and so is an input that takes longer than libFuzzer's -timeout or more memory than its
/// -rss_limit_mb (an importer's output is not held to the scene reader's limits).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let screens = DeviceCatalogue.screens
  for device in [nil, "iphone-7"] {
    let options = RecursiveDescriptionImporter.Options(device: device, screens: screens, name: "fuzz", file: "fuzz.txt")
    if let imported = try? RecursiveDescriptionImporter.importScene(bytes, options: options) {
      precondition(screens[imported.scene.device] != nil, "an imported scene on a device the catalogue does not have")
    }
  }
  guard let screen = screens["iphone-7"] else { preconditionFailure("the catalogue has no iphone-7") }
  let options = LottieImportOptions(file: "fuzz.json", device: "iphone-7", screen: screen)
  if let imported = try? LottieImporter.importScene(bytes, options: options) {
    precondition(imported.scene.device == "iphone-7", "a Lottie import on another device than the one asked")
  }
  return 0
}
