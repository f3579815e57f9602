import Compositor
import LayerTree
import SceneImport

/// `offscreen-sim import lottie anim.json`: the `lottie` entry of the import command's formats.
extension ImportCommand {
  static let lottieSize = OptionDeclaration(
    "--size", value: "WxH",
    help:
      "lottie: the animation view's size in points, such as 300x300 (default: the composition's size, scaled down to fit the device's screen)."
  )
  static let lottieFrames = OptionDeclaration(
    "--frames", value: "A-B",
    help: "lottie: the composition frames to simulate, from frame A up to frame B, such as 0-60 (default: the file's ip-op).")
  /// The device a Lottie scene is for when `--device` is not given: a Lottie file names none.
  static let lottieDefaultDevice = "iphone-15-pro"

  static let lottie = Format(
    name: "lottie",
    summary:
      "A Lottie animation (Bodymovin JSON) as lottie-ios' Core Animation engine builds its layers, with its keyframes as the timeline.",
    limits:
      "does not evaluate expressions, luma mattes or text animators, as lottie-ios does not; each is a note naming the Lottie layer (docs/lottie.md)",
    options: [lottieSize, lottieFrames],
    read: { bytes, options throws(SceneErrors) in
      let device = options.device ?? lottieDefaultDevice
      guard let profile = DeviceCatalogue.device(id: device) else {
        throw SceneErrors([Diagnostic(path: "", location: nil, message: "unknown device '\(device)'")])
      }
      var viewSize: Size? = nil
      if let text = options.extra[lottieSize.name] {
        guard let size = parseSize(text) else {
          throw SceneErrors([
            Diagnostic(path: "", location: nil, message: "--size expects a width and height in points such as 300x300, found '\(text)'")
          ])
        }
        viewSize = size
      }
      var frames: (first: Double, end: Double)? = nil
      if let text = options.extra[lottieFrames.name] {
        guard let range = parseFrames(text) else {
          throw SceneErrors([
            Diagnostic(path: "", location: nil, message: "--frames expects a first and an end frame such as 0-60, found '\(text)'")
          ])
        }
        frames = range
      }
      var imported = try LottieImporter.importScene(
        bytes,
        options: LottieImportOptions(
          file: options.file, device: device, screen: profile.screen, viewSize: viewSize, frames: frames,
          maxLayers: options.limits.maxLayers, maxLayerFrames: options.limits.maxLayerFrames))
      if !options.name.isEmpty { imported.scene.name = options.name }
      if let version = options.iosVersion { imported.scene.iosVersion = version }
      var notes = imported.notes()
      if options.device == nil {
        notes.append("The device is \(device): a Lottie file names none; choose one with --device.")
      }
      imported.scene.source?.notes = notes
      return ImportedScene(scene: imported.scene, notes: notes)
    })

  /// `300x300` as a size in points: two finite numbers above 0, at most 100,000.
  static func parseSize(_ text: String) -> Size? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
    guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 100_000, height <= 100_000 else { return nil }
    return Size(width, height)
  }

  /// `0-60` as composition frames, first before end; a first frame may be negative (`-10-20`).
  static func parseFrames(_ text: String) -> (first: Double, end: Double)? {
    guard let dash = text.dropFirst().firstIndex(of: "-") else { return nil }
    guard let first = Double(text[..<dash]), let end = Double(text[text.index(after: dash)...]) else { return nil }
    guard first.isFinite, end.isFinite, end > first else { return nil }
    return (first, end)
  }
}
