import Compositor
import Foundation
import LayerTree
import SceneImport
import Testing

/// The Lottie samples of `Tests/Fixtures/lottie/` (from lottie-ios' tests, Apache-2.0).
enum LottieSamples {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/lottie")

  static let files: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  static let device = DeviceCatalogue.device(id: "iphone-15-pro")!

  static func options(_ file: String, frames: (first: Double, end: Double)? = nil, size: Size? = nil) -> LottieImportOptions {
    LottieImportOptions(file: file, device: device.id, screen: device.screen, viewSize: size, frames: frames)
  }

  static func bytes(_ file: String) throws -> [UInt8] {
    Array(try Data(contentsOf: folder.appendingPathComponent(file)))
  }

  static func load(_ file: String, frames: (first: Double, end: Double)? = nil) throws -> LottieImport {
    try LottieImporter.importScene(bytes(file), options: options(file, frames: frames))
  }
}

@Suite("Lottie samples")
struct LottieSampleTests {
  @Test func theSamplesAreThere() {
    // 124 files copied from lottie-ios' Tests/Samples (see the folder's README).
    #expect(LottieSamples.files.count == 124)
  }

  /// Every sample imports whole (warnings allowed), its scene is written by the scene writer and
  /// read back by the scene reader under the standard limits (InputLimits.standard, the same
  /// limits `offscreen-sim report` reads with), and the scene read simulates on a device: the
  /// first 30 frames of the composition, so that the debug build's test run stays short (the
  /// benchmark simulates every frame of every sample). Each sample is imported once: about 6 s
  /// for the 124 in a debug build on two cores.
  @Test(arguments: LottieSamples.files)
  func importsWritesReadsAndSimulates(_ file: String) throws {
    let imported = try LottieSamples.load(file)
    #expect(imported.scene.layerCount > 3, "the view, the animation layer and at least one Lottie layer")
    let text = try SceneEncoder.rendered(imported.scene)
    var scene = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(scene.layerCount == imported.scene.layerCount)
    // Entries may be split on the way (SceneEncoder), never lose or gain a layer.
    func named(_ timeline: Timeline?) -> [String] {
      ((timeline?.animations.flatMap(\.targets) ?? []) + (timeline?.contentChanges.flatMap(\.targets) ?? [])).sorted()
    }
    #expect(named(scene.timeline) == named(imported.scene.timeline))
    // 30 frames or fewer of the composition at its frame rate, stepped at the simulation's rate.
    let seconds = min(imported.frames.end - imported.frames.first, 30) / imported.frameRate
    if let duration = scene.timeline?.duration { scene.timeline?.duration = min(duration, seconds) }
    let report = Simulator.run(scene, on: LottieSamples.device)
    #expect(report.summary.layers == imported.scene.layerCount)
    let expectedFrames = scene.timeline == nil ? 1 : Int((seconds * report.summary.frameRate).rounded())
    #expect(report.summary.frames == max(1, expectedFrames))
  }
}
