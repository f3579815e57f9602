import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

/// Seeded random mutations of a valid scene's bytes, fed to the decoder and, through the tool run
/// in-process, to the simulator: nothing may trap, and every run ends in exit 0 (the scene
/// decodes) or 2 (it does not), never anything else. The seed is fixed, so every run tries the
/// same inputs and a failure names the one that failed.
@Suite("Mutation fuzzing")
struct MutationFuzzTests {
  /// A scene that touches most of the format: every layer class, contents type, shadow path,
  /// mask, transform, repeat, rasterization, and a timeline with animations, a content change
  /// and a scroll with cell reuse.
  static let seed = #"""
    {
      "version": 1,
      "name": "fuzz seed",
      "device": "iphone-7",
      "iosVersion": "10.3",
      "root": {
        "backgroundColor": "#FFFFFF",
        "sublayers": [
          {
            "id": "table",
            "frame": [0, 20, 375, 647],
            "masksToBounds": true,
            "sublayers": [
              {
                "id": "cell",
                "frame": [0, 0, 375, 100],
                "repeat": { "count": 8, "step": [0, 100] },
                "shouldRasterize": true,
                "rasterizationScale": 2,
                "backgroundColor": "#F2F3F5",
                "sublayers": [
                  { "id": "avatar", "frame": [12, 12, 40, 40], "cornerRadius": 20, "masksToBounds": true,
                    "contents": { "type": "image", "pixelSize": [80, 80], "opaque": true } },
                  { "id": "title", "frame": [60, 12, 300, 20], "contents": { "type": "text", "characters": 30 } },
                  { "id": "card", "frame": [60, 40, 200, 50], "shadowOpacity": 0.3, "shadowPath": "bounds",
                    "contents": { "type": "drawing", "drawnOn": "background" } }
                ]
              }
            ]
          },
          { "id": "badge", "class": "CAShapeLayer", "frame": [300, 30, 20, 20], "path": { "type": "ellipse", "rect": [0, 0, 20, 20] },
            "fillColor": "#FF0000", "shadowOpacity": 0.5, "shadowOffset": [0, 2], "transform": { "rotation": 10, "scale": [1, 1.5] },
            "allowsEdgeAntialiasing": true },
          { "id": "fade", "class": "CAGradientLayer", "frame": [0, 600, 375, 67], "colors": ["#00000000", "#00000080"], "opacity": 0.9 },
          { "id": "bar", "class": "UIVisualEffectView", "effect": "vibrancy", "frame": [0, 0, 375, 64],
            "mask": { "frame": [0, 0, 375, 64], "backgroundColor": "#000000" },
            "sublayers": [{ "id": "label", "frame": [100, 30, 175, 20], "contents": { "type": "text", "characters": 8 } }] }
        ]
      },
      "timeline": {
        "duration": 0.1,
        "frameRate": 60,
        "animations": [
          { "target": "badge", "keyPath": "transform.scale", "fromValue": 1, "toValue": 1.2, "duration": 0.1,
            "autoreverses": true, "repeatCount": 2, "timingFunction": "easeInEaseOut" },
          { "target": "cell[*]/card", "keyPath": "shadowOpacity", "toValue": 0.6, "beginTime": 0.05 },
          { "target": "root/fade", "keyPath": "backgroundColor", "toValue": "#FF000080", "removedOnCompletion": true }
        ],
        "contentChanges": [{ "target": "bar/label", "rate": 20 }, { "target": "title", "times": [0.1] }],
        "scrolls": [{ "target": "table", "velocity": 4000, "deceleration": "fast", "contentLength": 3000,
                      "reuse": { "cell": "cell", "items": 30 } }]
      }
    }
    """#

  /// Values spliced in place of a number of the scene: edge cases of every range check, and
  /// other types.
  static let values: [String] = [
    "1e999", "-1e999", "-1", "0", "0.5", "1", "2", "3", "10", "100", "1e308", "-0", "0.0001", "12.75", "null", "true", "\"\"",
    "\"x\"", "[]", "{}", "[0, 0]", "[1, 2, 3, 4]", "\"cell[*]\"", "\"*\"", "\"#FFFFFF\"", "5000000",
  ]

  /// Where each number literal of the scene starts and ends.
  static func numberRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        inString.toggle()
      } else if !inString, byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        let start = index
        while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
        ranges.append(start..<index)
        continue
      }
      index += 1
    }
    return ranges
  }

  /// One edit (two or three now and then): replace a number with another value, or flip, replace,
  /// insert or delete bytes, copy a slice of the scene somewhere else, or cut the scene short.
  static func mutate(_ bytes: [UInt8], numbers: [Range<Int>], _ rng: inout SplitMix64) -> [UInt8] {
    var result = bytes
    let edits = [1, 1, 1, 1, 1, 2, 3].randomElement(using: &rng)!
    for edit in 0..<edits {
      guard !result.isEmpty else { return result }
      let at = Int.random(in: 0..<result.count, using: &rng)
      switch Int.random(in: 0..<12, using: &rng) {
      case 0..<6 where edit == 0:
        // The number ranges are those of the unedited scene: valid for the first edit only.
        let range = numbers.randomElement(using: &rng)!
        result.replaceSubrange(range, with: Array(values.randomElement(using: &rng)!.utf8))
      case 0..<6, 6: result[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
      case 7: result[at] = UInt8.random(in: 0...255, using: &rng)
      case 8: result.insert(UInt8.random(in: 0...255, using: &rng), at: at)
      case 9: result.removeSubrange(at..<min(result.count, at + Int.random(in: 1...16, using: &rng)))
      case 10:
        let length = Int.random(in: 1...64, using: &rng)
        let slice = Array(result[at..<min(result.count, at + length)])
        result.insert(contentsOf: slice, at: Int.random(in: 0...result.count, using: &rng))
      default: result = Array(result.prefix(at))
      }
    }
    return result
  }

  /// 3,000 mutants. Each is decoded first; a mutant the decoder accepts must make the tool exit 0,
  /// one it refuses must make it exit 2 with the problems on standard error. A mutant that grows
  /// past 10,000 layer-frames (a repeat count or duration pushed up by the edit) is decoded but
  /// not simulated, to keep the test fast; they are counted and must stay a small minority.
  @Test func mutatedScenesNeverTrapAndExitWith0Or2() throws {
    let screens = DeviceCatalogue.screens
    let seedBytes = Array(Self.seed.utf8)
    #expect((try? SceneDecoder.decode(seedBytes, options: .init(devices: screens))) != nil, "the seed itself must decode")
    var rng = SplitMix64(seed: 2024)
    var counts = (accepted: 0, refused: 0, skipped: 0)
    let numbers = Self.numberRanges(seedBytes)
    for round in 0..<3_000 {
      let mutant = Self.mutate(seedBytes, numbers: numbers, &rng)
      let decoded: Scene?
      do {
        decoded = try SceneDecoder.decode(mutant, options: .init(devices: screens))
      } catch {
        #expect(!error.diagnostics.isEmpty, "round \(round)")
        decoded = nil
      }
      if let scene = decoded {
        let rate = scene.timeline?.frameRate ?? DeviceCatalogue.device(id: scene.device)?.refreshRate ?? 60
        let frames = scene.timeline.map { $0.duration * rate } ?? 1
        if Double(scene.layerCount) * frames > 10_000 {
          counts.skipped += 1
          continue
        }
      }
      let run = ToolRun.run("report", "-", "--format", round % 2 == 0 ? "json" : "text", stdinBytes: mutant)
      if decoded != nil {
        // A scene the reader accepts is simulated; one whose figures overflow (a number pushed
        // to 1e300 by the edit) is refused after simulating, with a message.
        let overflowed = run.status == 2 && run.stderr.contains("the scene cannot be simulated")
        #expect(run.status == 0 || overflowed, "round \(round): \(run.stderr)")
        counts.accepted += 1
      } else {
        #expect(run.status == 2, "round \(round)")
        #expect(run.stderr.contains("problem"), "round \(round)")
        counts.refused += 1
      }
    }
    // Both outcomes are exercised, and almost every mutant reaches the tool.
    #expect(counts.accepted > 300)
    #expect(counts.refused > 1_500)
    #expect(counts.skipped < 30)
  }
}
