import Foundation
import Testing

@testable import LayerTree

/// The keys `anchorPoint`, `maskedCorners`, `compositingFilter`, the classes `CATransformLayer`
/// and `CAReplicatorLayer`, a transform's `translation` and the top-level `source`: both readers
/// read them alike, problems are reported, the writer writes them back.
@Suite("Core Animation keys")
struct CoreAnimationKeysTests {
  static let devices = BadInputFixtures.devices

  static let scene = """
    {"version": 1, "device": "iphone-7",
     "source": {"tool": "offscreen-sim import lottie", "file": "spinner.json", "frames": [0, 59.5], "notes": ["a matte was left out"]},
     "root": {"sublayers": [
       {"id": "badge", "frame": [10, 10, 40, 20], "anchorPoint": [0, 1], "cornerRadius": 10, "maskedCorners": ["maxXMinY", "minXMinY"],
        "compositingFilter": "multiplyBlendMode", "transform": {"rotation": 5, "translation": [2, -3]}},
       {"id": "stage", "class": "CATransformLayer", "frame": [0, 50, 100, 100], "sublayers": [{"id": "card", "frame": [0, 0, 50, 50]}]},
       {"id": "spinner", "class": "CAReplicatorLayer", "frame": [100, 100, 60, 60], "instanceCount": 4,
        "instanceTransform": {"rotation": 90}, "instanceDelay": 0.1, "instanceColor": "#FFFFFF80", "instanceRedOffset": -0.25,
        "instanceGreenOffset": 0.5, "instanceBlueOffset": -1, "instanceAlphaOffset": -0.125,
        "sublayers": [{"id": "dot", "frame": [25, 0, 10, 10], "backgroundColor": "#000000",
                       "sublayers": [{"id": "shine", "frame": [1, 1, 2, 2], "repeat": {"count": 2, "step": [4, 0]}}]}]}]}}
    """

  static func decode(_ text: String) throws(SceneErrors) -> Scene {
    try SceneDecoder.decode(Array(text.utf8), options: .init(devices: devices))
  }

  static func problems(_ text: String) -> [String] {
    do {
      _ = try decode(text)
      return []
    } catch {
      return error.diagnostics.flatMap { $0.formatted(file: nil).split(separator: "\n").map(String.init) }
    }
  }

  @Test func bothReadersReadTheNewKeysAlike() throws {
    let bytes = Array(Self.scene.utf8)
    let options = SceneDecoder.Options(devices: Self.devices)
    let fast = try #require(SceneStreamReader.read(bytes, options: options), "the fast reader gave up")
    let tree = try SceneDecoder.decodeTree(bytes, options: options)
    #expect(fast == tree)

    let badge = try #require(tree.layer(at: "root/badge"))
    #expect(badge.anchorPoint == Point(0, 1))
    #expect(badge.maskedCorners == [.minXMinY, .maxXMinY])
    #expect(badge.compositingFilter == .multiplyBlendMode)
    #expect(badge.transform == Transform(rotationDegrees: 5, translationX: 2, translationY: -3))
    #expect(tree.layer(at: "root/stage")?.kind == .transformLayer)
    #expect(
      tree.source
        == SceneSource(tool: "offscreen-sim import lottie", file: "spinner.json", frames: 0...59.5, notes: ["a matte was left out"]))

    guard case .replicator(let replicator)? = tree.layer(at: "root/spinner")?.kind else {
      Issue.record("the spinner is not a replicator")
      return
    }
    #expect(replicator.instanceCount == 4)
    #expect(replicator.instanceDelay == 0.1)
    #expect(replicator.instanceGreenOffset == 0.5)
    // Four instances of the dot, each with its two `shine` copies made by `repeat`: the copies of
    // a replicator are `[rk]`, those of `repeat` `[n]`.
    let spinner = try #require(tree.layer(at: "root/spinner"))
    #expect(spinner.sublayers.map(\.id) == ["dot", "dot[r1]", "dot[r2]", "dot[r3]"])
    #expect(spinner.sublayers[3].sublayers.map(\.id) == ["shine[0]", "shine[1]"])
    #expect(tree.layerCount == 1 + 1 + 2 + 1 + 4 * 3)
    // Instance 2 is at alpha 128/255 - 2 x 0.125 of the dot's opacity 1.
    #expect(abs(spinner.sublayers[2].opacity - (128.0 / 255 - 0.25)) < 1e-12)
  }

  @Test func theWriterWritesTheNewKeysBack() throws {
    let scene = try Self.decode(Self.scene)
    let text = try SceneEncoderTests.roundTrip(scene)
    // The instances are made again when the file is read: only the template is written.
    #expect(!text.contains("[r1]"))
    #expect(text.contains(#""maskedCorners": ["minXMinY", "maxXMinY"]"#))
    #expect(text.contains(#""source": {"#))
  }

  /// Each problem names its key and what was expected, with the nearest name where one is close.
  /// Columns count bytes from 1: the layer object starts after the 60 bytes of
  /// `{"version": 1, "device": "iphone-7", "root": {"sublayers": [`, so a value n bytes into it
  /// is at column 61 + n.
  @Test func problemsAreReported() {
    func scene(_ layer: String) -> String {
      #"{"version": 1, "device": "iphone-7", "root": {"sublayers": [\#(layer)]}}"#
    }
    // `"maxXminY"` is 42 bytes into the layer.
    #expect(
      Self.problems(scene(#"{"id": "a", "maskedCorners": ["minXMinY", "maxXminY"]}"#)) == [
        #"1:103: error: root.sublayers[0].maskedCorners[1]: expected one of "minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY", found "maxXminY""#,
        #"  note: did you mean "maxXMinY"?"#,
      ])
    #expect(
      Self.problems(scene(#"{"id": "a", "maskedCorners": ["minXMinY", "minXMinY"]}"#)) == [
        #"1:103: error: root.sublayers[0].maskedCorners[1]: "minXMinY" is listed twice"#
      ])
    // `"multiply"` is 33 bytes in; no name is close enough for a suggestion.
    #expect(
      Self.problems(scene(#"{"id": "a", "compositingFilter": "multiply"}"#)).first
        == #"1:94: error: root.sublayers[0].compositingFilter: expected one of "normalBlendMode", "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode", "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode", "differenceBlendMode", "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode", found "multiply""#
    )
    // The key `"instanceCount"` is 12 bytes in.
    #expect(
      Self.problems(scene(#"{"id": "a", "instanceCount": 3}"#)) == [
        "1:73: error: root.sublayers[0].instanceCount: `instanceCount` applies to CAReplicatorLayer layers only; this layer's class is CALayer",
        #"  note: add "class": "CAReplicatorLayer" to the layer"#,
      ])
    // The value 0 is 59 bytes in.
    #expect(
      Self.problems(scene(#"{"id": "a", "class": "CAReplicatorLayer", "instanceCount": 0}"#)) == [
        "1:120: error: root.sublayers[0].instanceCount: expected a whole number from 1 to 100000, found 0"
      ])
    // The `source` object starts at byte 60 of the file, its key `"frame"` at byte 79.
    #expect(
      Self.problems(#"{"version": 1, "device": "iphone-7", "root": {}, "source": {"file": "a.json", "frame": [0, 1]}}"#) == [
        #"1:60: error: source: missing `tool`: the program that made the scene"#,
        "1:79: error: source.frame: unknown key `frame` in `source`",
        "  note: did you mean `frames`?",
      ])
    // The key `"translate"` is 26 bytes in.
    #expect(
      Self.problems(scene(#"{"id": "a", "transform": {"translate": [1, 2]}}"#)) == [
        "1:87: error: root.sublayers[0].transform.translate: unknown key `translate` in `transform`",
        "  note: did you mean `translation`?",
      ])
  }

  @Test func instanceIDsCannotBeWrittenOrMadeByRepeat() {
    #expect(ReplicatorInstances.isInstanceID("dot[r12]"))
    #expect(!ReplicatorInstances.isInstanceID("dot[12]"))
    #expect(!ReplicatorInstances.isInstanceID("dot[r]"))
    #expect(LayerPath.problem(withID: "dot[r1]") != nil)
  }
}

/// The fast reader's key table finds keys that share their length and first eight bytes.
@Test func keysWithACommonPrefixAreTold() {
  let keys = ["instanceColor", "instanceDelay", "instanceGreenOffset", "instanceAlphaOffset", "id"]
  let table = KeyTable(keys)
  for (index, key) in keys.enumerated() {
    let bytes = Array(key.utf8)
    let found = bytes.withUnsafeBufferPointer { table.index(of: 0..<bytes.count, in: $0) }
    #expect(found == index, "\(key)")
  }
  let other = Array("instanceFrame".utf8)
  #expect(other.withUnsafeBufferPointer { table.index(of: 0..<other.count, in: $0) } == nil)
}
