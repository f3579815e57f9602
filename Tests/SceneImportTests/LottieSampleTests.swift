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

  /// Every sample imports whole (warnings allowed), and its scene simulates on a device: the
  /// first 30 frames of the composition, so that the debug build's test run stays short (the
  /// benchmark simulates every frame of every sample).
  @Test(arguments: LottieSamples.files)
  func importsAndSimulates(_ file: String) throws {
    let whole = try LottieSamples.load(file)
    #expect(whole.scene.layerCount > 3, "the view, the animation layer and at least one Lottie layer")
    let end = min(whole.frames.end, whole.frames.first + 30)
    let imported = try LottieSamples.load(file, frames: (whole.frames.first, end))
    let report = Simulator.run(imported.scene, on: LottieSamples.device)
    #expect(report.summary.layers == imported.scene.layerCount)
    // 30 frames or fewer of the composition at its frame rate, stepped at the simulation's rate.
    let seconds = (end - whole.frames.first) / whole.frameRate
    let expectedFrames = imported.scene.timeline == nil ? 1 : Int((seconds * report.summary.frameRate).rounded())
    #expect(report.summary.frames == max(1, expectedFrames))
  }
}
