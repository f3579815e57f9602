// libFuzzer harness for the whole pipeline a scene goes through: reading, simulation, explain.
// Not part of the package build: Tests/Fuzz/run compiles LayerTree and Compositor with it as one
// module (their `import LayerTree` is then ignored), with -sanitize=fuzzer,address.

/// Reads the input as a scene; when it is one, and small enough to simulate in a few
/// milliseconds, simulates it on its device and explains it under a small work budget. A trap,
/// a failed check or a memory error is a crash; a scene refused with problems is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSimulation(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let options = SceneDecoder.Options(devices: DeviceCatalogue.screens, maxLayers: 2_000)
  guard let scene = try? SceneDecoder.decode(bytes, options: options) else { return 0 }
  guard let device = DeviceCatalogue.device(id: scene.device) else {
    preconditionFailure("the reader took a scene on a device the catalogue does not have")
  }
  // At most 120 Hz; keep each input to a few thousand layer-frames: without -O and with the
  // address sanitizer, a simulation is a hundred times slower than in a release build.
  let frames = scene.timeline.map { Int(min($0.duration * ($0.frameRate ?? 120), 1e9)) + 1 } ?? 1
  let work = scene.root.subtreeCount * frames
  guard work <= 5_000 else { return 0 }
  let report = Simulator.run(scene, on: device)
  precondition(!report.frames.isEmpty, "a simulation without frames")
  precondition(report.frames.allSatisfy { $0.offscreenPasses >= 0 }, "negative offscreen passes")
  if report.firstNonFiniteFigure == nil, work <= 500 {
    let budget = WorkBudget(limit: 10_000)
    let explanation = Explainer.explain(scene, on: device, budget: budget)
    precondition(budget.exhausted || explanation.findings.count <= report.findings.count, "more groups than findings")
  }
  return 0
}
