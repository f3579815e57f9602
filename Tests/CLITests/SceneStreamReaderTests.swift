import Compositor
import Foundation
import TestSupport
import Testing

@testable import LayerTree

/// The scene decoder's fast path (`SceneStreamReader`) against the tree-based reader it stands in
/// for: whenever the fast path returns a scene, the tree-based reader returns the same scene, and
/// `SceneDecoder.decode` always ends as the tree-based reader does: the same scene, or the same
/// problems in the same order. The fast path must also take every bundled and generated scene,
/// or loading is no faster. (Here rather than in LayerTreeTests to share the mutations of
/// `MutationFuzzTests`.)
@Suite("Scene decoder: fast path and tree agree")
struct SceneStreamReaderTests {
  enum Outcome: Equatable {
    case scene(Scene)
    case problems([Diagnostic])
  }

  static let options = SceneDecoder.Options(devices: DeviceCatalogue.screens)

  static func tree(_ bytes: [UInt8], _ options: SceneDecoder.Options = options) -> Outcome {
    do {
      return .scene(try SceneDecoder.decodeTree(bytes, options: options))
    } catch {
      return .problems(error.diagnostics)
    }
  }

  static func decoded(_ bytes: [UInt8], _ options: SceneDecoder.Options = options) -> Outcome {
    do {
      return .scene(try SceneDecoder.decode(bytes, options: options))
    } catch {
      return .problems(error.diagnostics)
    }
  }

  /// Checks the two readers agree on `bytes`; returns whether the fast path took them.
  @discardableResult
  static func agree(_ bytes: [UInt8], options: SceneDecoder.Options = options, _ comment: Comment) -> Bool {
    let fast = SceneStreamReader.read(bytes, options: options)
    let tree = tree(bytes, options)
    if let fast, tree != .scene(fast) {
      switch tree {
      case .scene(let scene): Issue.record("\(comment): \(difference(fast, scene))")
      case .problems(let problems): Issue.record("\(comment): the fast path took a scene the tree refuses: \(problems.first!)")
      }
    }
    #expect(decoded(bytes, options) == tree, comment)
    return fast != nil
  }

  /// Where two scenes first differ, briefly.
  static func difference(_ fast: Scene, _ tree: Scene) -> String {
    func differingLayer(_ a: Layer, _ b: Layer, _ path: String) -> String? {
      var shallowA = a
      var shallowB = b
      shallowA.sublayers = []
      shallowB.sublayers = []
      shallowA.mask = nil
      shallowB.mask = nil
      if shallowA != shallowB { return "layer \(path): fast path \(shallowA), tree \(shallowB)" }
      if (a.mask == nil) != (b.mask == nil) { return "layer \(path): mask" }
      if let maskA = a.mask, let maskB = b.mask, let found = differingLayer(maskA, maskB, path + "/" + maskA.id) { return found }
      if a.sublayers.count != b.sublayers.count { return "layer \(path): \(a.sublayers.count) sublayers, tree \(b.sublayers.count)" }
      for (x, y) in zip(a.sublayers, b.sublayers) {
        if let found = differingLayer(x, y, path + "/" + x.id) { return found }
      }
      return nil
    }
    if let found = differingLayer(fast.root, tree.root, fast.root.id) { return found }
    var a = fast
    var b = tree
    a.root = Layer(id: "")
    b.root = Layer(id: "")
    return "scene: fast path \(a), tree \(b)"
  }

  static let bundledScenes: [(name: String, bytes: [UInt8])] = BundledScenes.names.map { ($0, BundledScenes.bytes($0)) }

  // MARK: Scenes the fast path must take

  @Test func everyBundledSceneTakesTheFastPath() {
    #expect(Self.bundledScenes.count >= 10)
    for (name, bytes) in Self.bundledScenes {
      #expect(Self.agree(bytes, "\(name)"), "\(name) left the fast path")
      // With another device, whose screen becomes the root's frame where the file sets none.
      let other = SceneDecoder.Options(devices: DeviceCatalogue.screens, deviceOverride: "iphone-x")
      #expect(Self.agree(bytes, options: other, "\(name) on iphone-x"), "\(name) on iphone-x left the fast path")
    }
  }

  @Test(arguments: SceneGenerator.Kind.allCases)
  func everyGeneratedSceneTakesTheFastPath(_ kind: SceneGenerator.Kind) {
    for seed: UInt64 in 1...4 {
      for (layers, frames) in [(4, 1), (60, 1), (600, 60), (2_000, 1)] {
        let bytes = Array(SceneGenerator(kind: kind, layers: layers, frames: frames, seed: seed).json().utf8)
        #expect(Self.agree(bytes, "\(kind) \(layers) \(frames) \(seed)"), "\(kind) \(layers) \(frames) \(seed) left the fast path")
      }
    }
  }

  // MARK: Scenes with problems

  @Test func badInputIsLeftToTheTree() throws {
    let folder = packageRoot.appendingPathComponent("Tests/Fixtures/bad-input")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    #expect(names.count >= 17)
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
      #expect(!Self.agree(bytes, "\(name)"), "\(name) was taken by the fast path")
    }
  }

  /// A scene on an iPhone 7 whose root object holds `members` (JSON text, without braces).
  static func root(_ members: String) -> String { ##"{"version": 1, "device": "iphone-7", "root": {"## + members + "}}" }

  /// Corner cases of the format, each with whether the fast path takes it.
  static let cornerCases: [(fastPath: Bool, json: String)] = [
    // White space of every kind, a byte order mark and CRLF line ends: the layers' lines and
    // columns must come out as the tree's.
    (
      true,
      "\u{FEFF}{\r\n\t\"version\": 1,\r\n \"device\": \"iphone-7\",\r\n \"root\": {\r\n\r\n   \"sublayers\": [ {\"id\":\"a\"},\n\n  {\"id\" : \"b\" , \"frame\" :[ 1 ,2,3 , 4 ] } ] } }\r\n"
    ),
    // iOS 6 turns allowsGroupOpacity's default off: known before root, or only after it.
    (true, ##"{"version": 1, "device": "iphone-7", "iosVersion": "6.1", "root": {"sublayers": [{"id": "a"}]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a"}]}, "iosVersion": "6.1"}"##),
    (true, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a"}]}, "iosVersion": "16.1"}"##),
    (true, ##"{"version": 1.0, "device": "iphone-7", "iosVersion": 9, "root": {}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "iosVersion": 9.5, "root": {}}"##),
    (false, ##"{"version": 2, "device": "iphone-7", "root": {}}"##),
    (false, ##"{"device": "iphone-7", "root": {}}"##),
    (false, ##"{"version": 1, "root": {}}"##),
    (false, ##"{"version": 1, "device": "iphone-7"}"##),
    (false, ##"{"version": 1, "device": "iphone-0", "root": {}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {}} x"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {}, "root": {}}"##),
    (
      true,
      ##"{"$schema": "../scenes/scene.schema.json", "version": 1, "name": "caf\u00e9 \"quoted\"", "description": "日本語", "device": "iphone-7", "root": {"id": "window"}}"##
    ),
    // A class-only key before `class` is left to the tree, which reads `class` first.
    (true, ##"{"version": 1, "device": "iphone-7", "root": {"class": "CAShapeLayer", "path": {"type": "rect", "rect": [0, 0, 1, 1]}}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"path": {"type": "rect", "rect": [0, 0, 1, 1]}, "class": "CAShapeLayer"}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"path": {"type": "rect", "rect": [0, 0, 1, 1]}}}"##),
    (
      true,
      ##"{"version": 1, "device": "iphone-7", "root": {"frame": [0, 0, 10, 10], "class": "CAShapeLayer", "fillColor": null, "strokeColor": "#FF000080", "lineWidth": 2}}"##
    ),
    (
      true,
      ##"{"version": 1, "device": "iphone-7", "root": {"class": "CAShapeLayer", "path": {"type": "arbitrary", "rect": [0, 0, 5, 5], "points": 40}}}"##
    ),
    (
      false,
      ##"{"version": 1, "device": "iphone-7", "root": {"class": "CAShapeLayer", "path": {"type": "rect", "rect": [0, 0, 5, 5], "points": 40}}}"##
    ),
    (
      false,
      ##"{"version": 1, "device": "iphone-7", "root": {"class": "CAShapeLayer", "path": {"type": "arbitrary", "rect": [0, 0, 5, 5]}}}"##
    ),
    (true, ##"{"version": 1, "device": "iphone-7", "root": {"class": "CAGradientLayer", "colors": ["#000000", "clear", "#ffffff80"]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"class": "CAGradientLayer", "colors": []}}"##),
    (true, ##"{"version": 1, "device": "iphone-7", "root": {"class": "UIVisualEffectView", "effect": "vibrancy"}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"class": "UIView"}}"##),
    // Ids: escaped, non-ASCII, canonically equal, duplicated through `repeat`.
    (true, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a\u0062"}, {"id": "ação"}, {"id": "ab\\c"}]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a\u0062"}, {"id": "ab"}]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "\u00e9"}, {"id": "e\u0301"}]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a/b"}]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a\u0020b"}]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": ""}]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"frame": [0, 0, 1, 1]}]}}"##),
    (
      false,
      ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "c", "repeat": {"count": 2}}, {"id": "c", "repeat": {"count": 1}}]}}"##
    ),
    (
      true,
      ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "c", "repeat": {"count": 2, "step": [0, 10]}}, {"id": "c"}]}}"##
    ),
    (true, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "c", "repeat": {"count": 0}}, {"id": "c"}]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"repeat": {"count": 2}}}"##),
    (
      false,
      ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "c", "repeat": {"count": 2000000}, "sublayers": [{"id": "d"}, {"id": "e"}]}]}}"##
    ),
    // Masks: an id of their own by default, no `repeat`.
    (true, ##"{"version": 1, "device": "iphone-7", "root": {"mask": {"frame": [0, 0, 5, 5], "sublayers": [{"id": "m"}], "mask": {}}}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"mask": {"repeat": {"count": 1}}}}"##),
    // Contents keys in any order; keys of another type.
    (
      true,
      ##"{"version": 1, "device": "iphone-7", "root": {"contents": {"pixelSize": [2, 2], "drawnOn": "background", "type": "image"}}}"##
    ),
    (true, ##"{"version": 1, "device": "iphone-7", "root": {"contents": {"characters": 0, "type": "text", "wideColor": true}}}"##),
    (true, ##"{"version": 1, "device": "iphone-7", "root": {"contents": {"type": "drawing", "opaque": true}}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"contents": {"type": "text", "characters": 3, "pixelSize": [2, 2]}}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"contents": {"type": "image"}}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"contents": {"type": "image", "pixelSize": [0, 2]}}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"contents": {"characters": 3}}}"##),
    // Every other layer key, at the edges of its range.
    (
      true,
      ##"{"version": 1, "device": "iphone-7", "root": {"backgroundColor": null, "cornerRadius": 0, "cornerCurve": "continuous", "masksToBounds": false, "opacity": 0, "allowsGroupOpacity": false, "isHidden": true, "isOpaque": true, "borderWidth": 1e1, "borderColor": "#0A0B0C", "shadowOpacity": 1, "shadowRadius": -0, "shadowOffset": [-1.5, 2E-3], "shadowColor": "clear", "shadowPath": {"cornerRadius": 3, "rect": [1, 1, 0, 0]}, "shouldRasterize": true, "rasterizationScale": 3, "allowsEdgeAntialiasing": true, "transform": {"scale": 2, "rotation": -45}, "contentsGravity": "resizeAspectFill"}}"##
    ),
    (
      true,
      ##"{"version": 1, "device": "iphone-7", "root": {"shadowPath": "bounds", "transform": {"scale": [1, -1]}, "frame": [0.1, 1e-7, 1234567.89012345678901234567890, 0]}}"##
    ),
    // The physical limits of lengths and bitmaps (10,000,000): at them, and just past them.
    (
      true,
      root(
        ##""frame": [10000000, -10000000, 10000000, 1e7], "cornerRadius": 1e7, "borderWidth": 10000000, "shadowRadius": 1e7, "##
          + ##""shadowOffset": [-1e7, 1e7], "shadowPath": {"rect": [-1e7, 1e7, 1e7, 1e7], "cornerRadius": 1e7}, "##
          + ##""transform": {"translation": [1e7, -1e7]}, "contents": {"type": "image", "pixelSize": [1e7, 10000000]}, "sublayers": ["##
          + ##"{"id": "s", "class": "CAShapeLayer", "lineWidth": 1e7, "##
          + ##""path": {"type": "roundedRect", "rect": [1e7, 0, 1e7, 0], "cornerRadius": 1e7}}, "##
          + ##"{"id": "r", "frame": [0, 0, 1, 1], "repeat": {"count": 3, "step": [5e6, -5e6]}}]"##)
    ),
    (false, root(##""frame": [1e9, 0, 10, 10]"##)),
    (false, root(##""frame": [0, -10000001, 10, 10]"##)),
    (false, root(##""frame": [0, 0, 10000001, 10]"##)),
    (false, root(##""frame": [0.1, 1e-7, 123456789012345678901234567890, 0]"##)),
    (false, root(##""cornerRadius": 10000001"##)),
    (false, root(##""shadowRadius": 1e8"##)),
    (false, root(##""shadowOffset": [0, -10000001]"##)),
    (false, root(##""shadowPath": {"rect": [0, 0, 1e8, 1]}"##)),
    (false, root(##""transform": {"translation": [1e8, 0]}"##)),
    (false, root(##""contents": {"type": "image", "pixelSize": [10000001, 1]}"##)),
    (false, root(##""sublayers": [{"id": "s", "class": "CAShapeLayer", "path": {"type": "rect", "rect": [0, 0, 1, 1e8]}}]"##)),
    (false, root(##""sublayers": [{"id": "r", "frame": [1, 0, 1, 1], "repeat": {"count": 3, "step": [5e6, 0]}}]"##)),
    (false, root(##""sublayers": [{"id": "r", "repeat": {"count": 1, "step": [1e8, 0]}}]"##)),
    (
      true,
      root(
        ##""sublayers": [{"id": "a"}]}, "timeline": {"duration": 1, "animations": ["##
          + ##"{"target": "a", "keyPath": "position", "fromValue": [-1e7, 1e7], "toValue": [1e7, 0]}, "##
          + ##"{"target": "a", "keyPath": "bounds.size.width", "toValue": 1e7}], "##
          + ##""scrolls": [{"target": "root", "offsets": [[0, -1e7], [1, 1e7]], "contentLength": 1e7}]"##)
    ),
    (
      false,
      root(
        ##""sublayers": [{"id": "a"}]}, "timeline": {"duration": 1, "##
          + ##""animations": [{"target": "a", "keyPath": "position.y", "toValue": 2e7}]"##)
    ),
    (
      false,
      root(
        ##""sublayers": [{"id": "a"}]}, "timeline": {"duration": 1, "##
          + ##""scrolls": [{"target": "root", "offsets": [[0, 0], [1, 10000001]]}]"##)
    ),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"opacity": 1.0000001}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"rasterizationScale": 0}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"frame": [0, 0, 1e999, 1]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"frame": [0, 0, 1]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"isHidden": truex}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"isHidden": 1}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"borderColor": null}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"shadowPath": "bound"}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a"},]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"cornerRadius": 01}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"\u0069d": "x"}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {"cornerradius": 1}}"##),
    // Timeline and budgets, read as the tree reads them.
    (
      true,
      ##"{"version": 1, "device": "iphone-7", "budgets": {"maxOffscreenPassesPerFrame": 2}, "root": {"sublayers": [{"id": "a"}]}, "timeline": {"duration": 0.5, "animations": [{"target": "a", "keyPath": "opacity", "toValue": 0}]}}"##
    ),
    (
      false,
      ##"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a"}]}, "timeline": {"duration": 0.5, "animations": [{"target": "b", "keyPath": "opacity", "toValue": 0}]}}"##
    ),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {}, "timeline": {"duration": 0.5, "x": [[[[[]]]]]}}"##),
    (false, ##"{"version": 1, "device": "iphone-7", "root": {}, "budgets": {"maxGpuMs": 1}}"##),
  ]

  @Test func cornerCasesAgree() {
    for (index, (fastPath, json)) in Self.cornerCases.enumerated() {
      let bytes = Array(json.utf8)
      #expect(Self.agree(bytes, "case \(index)") == fastPath, "case \(index): \(json)")
    }
  }

  /// Deep nesting: layers nested beyond the fast path's limit are left to the tree, which reads
  /// them up to the layer-depth limit; arrays nested deep in a timeline are left to it too.
  @Test func deepNesting() {
    func nested(_ levels: Int) -> [UInt8] {
      let open = String(repeating: #"{"id": "a", "sublayers": ["#, count: levels)
      let close = String(repeating: "]}", count: levels)
      return Array((#"{"version": 1, "device": "iphone-7", "root": {"sublayers": ["# + open + #"{"id": "leaf"}"# + close + "]}}").utf8)
    }
    #expect(Self.agree(nested(10), "10 levels"))
    #expect(!Self.agree(nested(SceneStreamReader.maxLayerNesting + 5), "beyond the fast path's nesting"))
    #expect(!Self.agree(nested(300), "300 levels, left to the tree"))
    for levels in [510, 511] {
      let timeline =
        #"{"version": 1, "device": "iphone-7", "root": {}, "timeline": {"duration": 1, "x": "#
        + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "}}"
      #expect(!Self.agree(Array(timeline.utf8), "a timeline nested \(levels + 2) levels"))
    }
  }

  /// Sibling groups beyond the pairwise check's size, with and without a duplicate.
  @Test func manySiblings() {
    func scene(_ ids: [String]) -> [UInt8] {
      let items = ids.map { #"{"id": "\#($0)"}"# }.joined(separator: ",")
      return Array(#"{"version": 1, "device": "iphone-7", "root": {"sublayers": [\#(items)]}}"#.utf8)
    }
    let unique = (0..<40).map { "layer\($0)" }
    #expect(Self.agree(scene(unique), "40 siblings"))
    #expect(!Self.agree(scene(unique + ["layer7"]), "41 siblings, one twice"))
    #expect(!Self.agree(scene(["x", "y", "x"]), "3 siblings, one twice"))
  }

  // MARK: Mutations

  /// Seeded mutations of the fuzz seed, every bundled scene and generated scenes: whatever the
  /// fast path takes, the tree reads to the same scene, and decoding ends as the tree's does.
  @Test func mutantsAgree() {
    var sources: [(String, [UInt8])] = [("fuzz seed", Array(MutationFuzzTests.seed.utf8))]
    sources += Self.bundledScenes
    for kind in SceneGenerator.Kind.allCases {
      sources.append(("\(kind)", Array(SceneGenerator(kind: kind, layers: 40, frames: 30, seed: 9).json().utf8)))
    }
    var rng = TestSupport.SplitMix64(seed: 77)
    var taken = 0
    var total = 0
    for (name, bytes) in sources {
      let numbers = MutationFuzzTests.numberRanges(bytes)
      let rounds = name == "fuzz seed" ? 400 : 60
      for round in 0..<rounds {
        let mutant = MutationFuzzTests.mutate(bytes, numbers: numbers, &rng)
        if Self.agree(mutant, "\(name) round \(round)") { taken += 1 }
        total += 1
      }
    }
    // Both paths are exercised: many mutants stay valid and are taken, most are not.
    #expect(taken > total / 10)
    #expect(taken < total * 9 / 10)
  }
}
