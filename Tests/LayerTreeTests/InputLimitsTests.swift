import Foundation
import Testing

@testable import LayerTree

/// The limits on untrusted scenes: each one refuses a scene just past it with a message that
/// names it, accepts one at it, and is raised by the decoder's options. Sizes are derived by hand
/// from the scenes built here.
@Suite("Input limits")
struct InputLimitsTests {
  static let devices = BadInputFixtures.devices

  static func problems(_ text: String, limits: InputLimits = .standard) -> [String] {
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: devices, limits: limits))
      return []
    } catch {
      return error.diagnostics.map(\.message)
    }
  }

  /// A chain of `depth` layers, each the only sublayer of the one above, the root being the first.
  static func nested(_ depth: Int) -> String {
    var text = #"{"version": 1, "device": "iphone-7", "root": {"frame": [0, 0, 10, 10]"#
    for level in 1..<depth { text += #", "sublayers": [{"id": "l\#(level)", "frame": [0, 0, 10, 10]"# }
    text += String(repeating: "}]", count: depth - 1) + "}}"
    return text
  }

  /// `body` on a thread with a large stack, as the command line runs: a deep tree is read,
  /// compared and freed recursively, deeper than a test thread's stack allows.
  static func onLargeStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.value = body()
      done.signal()
    }
    thread.stackSize = 1 << 30
    thread.start()
    done.wait()
    return box.value!
  }

  @Test func layersNestAThousandDeep() throws {
    // The root is depth 1: 1,000 layers in a chain is exactly the limit.
    let depth = Self.onLargeStack { () -> Int in
      guard let scene = try? SceneDecoder.decode(Array(Self.nested(1_000).utf8), options: .init(devices: Self.devices)) else { return 0 }
      var depth = 1
      var layer = scene.root
      while let next = layer.sublayers.first {
        depth += 1
        layer = next
      }
      return depth
    }
    #expect(depth == 1_000)
  }

  @Test func deeperIsRefusedWithItsOwnMessage() {
    let past = Self.onLargeStack { Self.problems(Self.nested(1_001)) }
    #expect(past == ["layers nest more than 1000 deep; this layer is at depth 1001"])
    // Far deeper than the JSON reader goes for a scene: still no "invalid JSON". 2 x 1,000 + 16
    // JSON levels: two a layer, and room for a layer's own values.
    let far = Self.onLargeStack { Self.problems(Self.nested(3_000)) }
    #expect(far == ["the file nests arrays and objects more than 2016 deep; layers may nest at most 1000 deep"])
  }

  @Test func theWorkBudgetCountsLayersTimesFrames() {
    // 1 root + 9 copies = 10 layers; 1 s at 60 Hz = 60 frames: 600 layer-frames; the animation
    // names the 9 copies: (10 + 9) x 60 = 1,140.
    let scene = """
      {"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "dot", "frame": [0, 0, 5, 5], "repeat": {"count": 9, "step": [6, 0]}}]},
       "timeline": {"duration": 1, "frameRate": 60, "animations": [{"target": "dot[*]", "keyPath": "opacity", "toValue": 0}]}}
      """
    #expect(Self.problems(scene, limits: InputLimits(maxLayerFrames: 1_140)).isEmpty)
    let refused = Self.problems(scene, limits: InputLimits(maxLayerFrames: 1_139))
    #expect(
      refused == [
        "the scene asks for 1140 layer-frames (10 layers + 9 animated layers x 60 frames at 60 Hz); the work budget is 1139"
      ])
    // Without a frame rate, the budget counts frames at 120 Hz: 10 x 120 = 1,200 with no target.
    let unrated = """
      {"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "dot", "repeat": {"count": 9}}]}, "timeline": {"duration": 1}}
      """
    #expect(Self.problems(unrated, limits: InputLimits(maxLayerFrames: 1_200)).isEmpty)
    #expect(Self.problems(unrated, limits: InputLimits(maxLayerFrames: 1_199)).first?.contains("at up to 120 Hz") ?? false)
  }

  @Test func theLayerLimit() {
    // The root and 4 copies: 5 layers.
    let scene = #"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a", "repeat": {"count": 4}}]}}"#
    #expect(Self.problems(scene, limits: InputLimits(maxLayers: 5)).isEmpty)
    #expect(!Self.problems(scene, limits: InputLimits(maxLayers: 4)).isEmpty)
  }

  @Test func idsAndStringsAreCapped() {
    let atLimit = String(repeating: "é", count: 1_000)
    let past = atLimit + "x"
    func scene(id: String, name: String = "n") -> String {
      #"{"version": 1, "name": "\#(name)", "device": "iphone-7", "root": {"sublayers": [{"id": "\#(id)"}]}}"#
    }
    // Counted in characters, not bytes: 1,000 two-byte characters is at the limit.
    #expect(Self.problems(scene(id: atLimit)).isEmpty)
    #expect(Self.problems(scene(id: past)) == ["expected an id of at most 1000 characters, found 1001"])
    // "iphone-7" is 8 characters.
    let limits = InputLimits(maxStringLength: 8)
    #expect(Self.problems(scene(id: "a", name: "12345678"), limits: limits).isEmpty)
    #expect(Self.problems(scene(id: "a", name: "123456789"), limits: limits) == ["expected a string of at most 8 characters, found 9"])
  }

  @Test func timelineEntriesAreCapped() {
    let animation = #"{"target": "a", "keyPath": "opacity", "toValue": 0}"#
    func scene(_ count: Int) -> String {
      """
      {"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a"}]},
       "timeline": {"duration": 1, "animations": [\(Array(repeating: animation, count: count).joined(separator: ", "))]}}
      """
    }
    let limits = InputLimits(maxTimelineEntries: 2)
    #expect(Self.problems(scene(2), limits: limits).isEmpty)
    #expect(Self.problems(scene(3), limits: limits) == ["expected at most 2 entries, found 3"])
  }
}

/// A value handed back from another thread, read after it signalled.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}
