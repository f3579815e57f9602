// libFuzzer harness for SceneDecoder's fast path (SceneStreamReader) against the tree-based
// reader; not part of the package build. From the package root:
//   swiftc -sanitize=fuzzer,address -parse-as-library -g $(find Sources/LayerTree -name '*.swift') Tests/Fuzz/SceneStreamFuzz.swift -o /tmp/scene-fuzz
//   mkdir -p /tmp/scene-corpus && cp scenes/*.json Tests/Fixtures/bad-input/*.json /tmp/scene-corpus/
//   for kind in feed grid nested; do swift run offscreen-sim generate --kind $kind --layers 60 --frames 30 -o /tmp/scene-corpus/$kind.json; done
//   /tmp/scene-fuzz -max_total_time=300 -max_len=65536 -dict=Tests/Fuzz/scene.dict /tmp/scene-corpus
// Without -O, every read of the input is bounds-checked; add -O to fuzz faster.

/// Devices as the tool's catalogue names them.
private let devices: [String: DeviceScreen] = [
  "iphone-6": DeviceScreen(points: Size(375, 667), scale: 2),
  "iphone-6-plus": DeviceScreen(points: Size(414, 736), scale: 3),
  "iphone-7": DeviceScreen(points: Size(375, 667), scale: 2),
  "iphone-x": DeviceScreen(points: Size(375, 812), scale: 3),
]

/// Decodes the input with the fast path and with the tree: whenever the fast path returns a
/// scene, the tree must return the same one. A failed check or a trap is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneStreamReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  // A small layer limit keeps a mutated `repeat` count from taking the run's memory.
  let options = SceneDecoder.Options(devices: devices, maxLayers: 20_000)
  let fast = SceneStreamReader.read(bytes, options: options)
  let tree: Scene?
  do {
    tree = try SceneDecoder.decodeTree(bytes, options: options)
  } catch {
    precondition(!error.diagnostics.isEmpty, "the tree refused the scene without a problem")
    tree = nil
  }
  if let fast {
    guard let tree else { preconditionFailure("the fast path took a scene the tree refuses") }
    precondition(fast == tree, "the fast path and the tree read different scenes")
  }
  return 0
}
