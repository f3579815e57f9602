import Foundation
import TestSupport
import Testing

@testable import LayerTree

/// The shortest target pattern for one layer, found from the layers that share its id
/// (`TargetResolver.shortestPattern(naming:limit:)`), against the search it replaces: every tail
/// of the path resolved in turn, then the path anchored at the root. And the budget both the
/// scene writer and the readers hold naming and resolving to.
@Suite("Target naming")
struct TargetNamingTests {
  /// A tree of ids drawn from three letters, so that paths share their tails; a sibling may
  /// repeat an id, so that some paths name two layers.
  static func randomTree(seed: UInt64) -> Layer {
    var random = TestSupport.SplitMix64(seed: seed)
    func make(_ id: String, depth: Int) -> Layer {
      var layer = Layer(id: id)
      guard depth < 6 else { return layer }
      for _ in 0..<random.int(0...3) {
        layer.sublayers.append(make(["a", "b", "c"][random.int(0...2)], depth: depth + 1))
      }
      if random.int(0...9) == 0 { layer.mask = make("m", depth: depth + 1) }
      return layer
    }
    return make("root", depth: 0)
  }

  /// Every layer's path, masks included.
  static func paths(_ layer: Layer, _ parent: String = "") -> [String] {
    let path = parent.isEmpty ? layer.id : parent + "/" + layer.id
    return [path] + (layer.mask.map { paths($0, path) } ?? []) + layer.sublayers.flatMap { paths($0, path) }
  }

  /// The search over every tail, as the scene writer did it for any list of layers.
  static func searched(_ path: String, _ resolver: TargetResolver) -> String? {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    for depth in 1...components.count {
      let tail = components.suffix(depth).joined(separator: "/")
      if resolver.resolve(tail) == [path] { return tail }
    }
    return resolver.resolve("/" + path) == [path] ? "/" + path : nil
  }

  /// By hand: `root/a/b` and `root/b` both end in `b`, so `a/b` names the first alone. `root`
  /// holds two `c`s, only the second of which holds a `d`: `root/c/d` is one layer, named `d`.
  /// `root/c` is two: no pattern names either alone.
  @Test func handBuiltTree() {
    var root = Layer(id: "root")
    var a = Layer(id: "a")
    a.sublayers = [Layer(id: "b")]
    var secondC = Layer(id: "c")
    secondC.sublayers = [Layer(id: "d")]
    root.sublayers = [a, Layer(id: "b"), Layer(id: "c"), secondC]
    let resolver = TargetResolver(root: root)
    #expect(resolver.shortestPattern(naming: "root/a/b", limit: .max) == "a/b")
    #expect(resolver.shortestPattern(naming: "root/b", limit: .max) == "root/b")
    #expect(resolver.shortestPattern(naming: "root/c/d", limit: .max) == "d")
    #expect(resolver.shortestPattern(naming: "root/c", limit: .max) == nil)
  }

  @Test(arguments: 1...40)
  func theShortestPatternIsTheOneTheSearchFinds(seed: Int) {
    let root = Self.randomTree(seed: UInt64(seed))
    let resolver = TargetResolver(root: root)
    for path in Set(Self.paths(root)) {
      #expect(resolver.shortestPattern(naming: path, limit: .max) == Self.searched(path, resolver), "\(path)")
    }
    #expect(resolver.shortestPattern(naming: "root/nowhere", limit: .max) == nil)
  }

  /// A chain of 50 layers with one id: the deepest layer's path agrees with the 49 others' up to
  /// 49 components each: 1 + 2 + ... + 49 = 1,225 ids compared, plus its 50 steps down from the
  /// root (2 each: the one layer found and the step) and the 51 ids indexed. A limit below that
  /// stops the search with no pattern.
  @Test func theSearchStopsAtItsLimit() {
    var layer = Layer(id: "l")
    for _ in 0..<49 {
      var parent = Layer(id: "l")
      parent.sublayers = [layer]
      layer = parent
    }
    var root = Layer(id: "root")
    root.sublayers = [layer]
    let path = (["root"] + Array(repeating: "l", count: 50)).joined(separator: "/")
    let unbounded = TargetResolver(root: root)
    // The `l` at depth k agrees with it over k components, 49 at most: the 50 `l`s name it alone.
    #expect(unbounded.shortestPattern(naming: path, limit: .max) == Array(repeating: "l", count: 50).joined(separator: "/"))
    #expect(unbounded.compared == 51 + 2 * 50 + 1_225)
    let bounded = TargetResolver(root: root)
    #expect(bounded.shortestPattern(naming: path, limit: 1_000) == nil)
    #expect(bounded.compared > 1_000)
  }

  /// The scene writer holds naming to its work budget: the chain above, each layer animated, is
  /// written under the default (no budget) and refused under 1,000 ids compared.
  @Test func theWriterHoldsNamingToItsBudget() throws {
    var layer = Layer(id: "l", frame: Rect(0, 0, 1, 1))
    var targets: [String] = []
    for _ in 0..<49 {
      var parent = Layer(id: "l", frame: Rect(0, 0, 1, 1))
      parent.sublayers = [layer]
      layer = parent
    }
    var root = Layer(id: "root", frame: Rect(0, 0, 10, 10))
    root.sublayers = [layer]
    for depth in 1...50 { targets.append((["root"] + Array(repeating: "l", count: depth)).joined(separator: "/")) }
    let animations = targets.map {
      LayerAnimation(targets: [$0], keyPath: .opacity, fromValue: .number(0), toValue: .number(1), beginTime: 0, duration: 0.5)
    }
    let scene = Scene(device: "iphone-7", root: root, timeline: Timeline(duration: 1, animations: animations))
    #expect(throws: Never.self) { try SceneEncoder.rendered(scene) }
    let refused = caughtError(SceneEncodingError.self) { try SceneEncoder.rendered(scene, workBudget: 1_000) }
    #expect(refused?.message.hasPrefix("naming the timeline's targets compares more than 1000 layer ids, the work budget") == true)
  }
}
