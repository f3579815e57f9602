import LayerTree

/// A scene made from another tool's file, with what the import could not carry over.
///
/// Importers fill ``notes`` with what their input does not say (a `recursiveDescription` has no
/// corner radius, for example) and what they had to assume; the command prints them on standard
/// error, and the scene's `source` keeps them, so a report made from it says where it came from.
public struct ImportedScene: Sendable {
  public var scene: Scene
  /// What the input could not say and what the import assumed, one sentence each.
  public var notes: [String]

  public init(scene: Scene, notes: [String] = []) {
    self.scene = scene
    self.notes = notes
  }
}

/// How large a scene an import may write: a file of a few kilobytes must not become gigabytes.
///
/// An importer writes at most ``bytesPerInputByte`` bytes of scene for each byte of its input,
/// or ``bytesPerLayer`` bytes for each layer the layer limit allows when that is more, so that
/// every scene the layer limit admits can be written (40,000,000 bytes at the default 200,000
/// layers). The 124 Lottie samples of the tests write at most 72 bytes a byte
/// (`LottieFiles_fireworks.json`: 9,299 bytes, 662,824 written, 1,603 layers); the 15
/// recursiveDescription samples write 1.3 to 1.8 bytes a byte. Importers count what they make as they build and stop past the bound, with
/// the input's place; the command checks the text it writes against it too.
public enum ImportSize {
  public static let bytesPerInputByte = 1_000
  public static let bytesPerLayer = 200

  /// The most bytes the scene of an input of `inputBytes` may take, under a layer limit of
  /// `maxLayers`.
  public static func maxSceneBytes(inputBytes: Int, maxLayers: Int) -> Int {
    let (byInput, overflowA) = inputBytes.multipliedReportingOverflow(by: bytesPerInputByte)
    let (byLayers, overflowB) = maxLayers.multipliedReportingOverflow(by: bytesPerLayer)
    return max(overflowA ? Int.max : byInput, overflowB ? Int.max : byLayers)
  }

  /// The sentence that says why a scene of more than `bytes` is not written.
  public static func problem(_ what: String, inputBytes: Int, maxLayers: Int) -> String {
    let bound = maxSceneBytes(inputBytes: inputBytes, maxLayers: maxLayers)
    return
      "\(what) more than \(NumberRange.grouped(Double(bound))) bytes, the most an import writes: \(NumberRange.grouped(Double(bytesPerInputByte))) bytes for each of the input's \(NumberRange.grouped(Double(inputBytes))) bytes, or \(NumberRange.grouped(Double(bytesPerLayer))) for each layer of the layer limit (\(NumberRange.grouped(Double(maxLayers)))) when that is more"
  }
}
