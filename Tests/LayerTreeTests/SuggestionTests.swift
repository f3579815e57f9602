import TestSupport
import Testing

@testable import LayerTree

/// "Did you mean" suggestions: the same choice as the plain search, at a cost that does not grow
/// with a hostile word's length or with the number of problems in a file.
@Suite("Suggestions")
struct SuggestionTests {
  /// The search as first written, every candidate compared: the reference the faster one must
  /// agree with.
  static func plainNearest(to word: String, in candidates: [String]) -> String? {
    var best: (String, Int)? = nil
    for candidate in candidates {
      let distance = editDistance(word, candidate)
      if best == nil || distance < best!.1 { best = (candidate, distance) }
    }
    guard let (candidate, distance) = best else { return nil }
    return distance <= max(2, min(word.count, candidate.count) / 3) ? candidate : nil
  }

  /// By hand: `cornerRadus` is one insertion from `cornerRadius` (allowed: a third of 11
  /// characters, 3); `shadowColour` one deletion from `shadowColor`; case is ignored; 20 `z`s
  /// are at least 20 edits from every key (no key holds a `z`), past the 6 the longest allow.
  @Test func choosesTheNearestName() {
    let keys = LayerKeys.layer.names
    #expect(nearest(to: "cornerRadus", in: keys) == "cornerRadius")
    #expect(nearest(to: "shadowColour", in: keys) == "shadowColor")
    #expect(nearest(to: "CORNERRADIUS", in: keys) == "cornerRadius")
    #expect(nearest(to: "zzzzzzzzzzzzzzzzzzzz", in: keys) == nil)
    #expect(nearest(to: "", in: [String]()) == nil)
  }

  /// Seeded words and name lists, long and short, agree with the plain search.
  @Test func agreesWithThePlainSearch() {
    var random = TestSupport.SplitMix64(seed: 11)
    let letters = Array("abcdeABC[]*/é")
    func word(_ length: Int) -> String { String((0..<length).map { _ in random.pick(letters) }) }
    for _ in 0..<2_000 {
      let names = (0..<random.int(0...12)).map { _ in word(random.int(0...9)) }
      let base = names.isEmpty || random.chance(30) ? word(random.int(0...14)) : random.pick(names)
      // Some edits of a name, some words far longer than every name.
      var text = Array(base)
      for _ in 0..<random.int(0...3) where !text.isEmpty { text[random.int(0...(text.count - 1))] = random.pick(letters) }
      let query = random.chance(10) ? String(text) + word(random.int(10...40)) : String(text)
      #expect(nearest(to: query, in: names) == Self.plainNearest(to: query, in: names), "\(query) in \(names)")
    }
  }

  /// A key of 900,000 characters is farther in length from every key of a layer than any of
  /// them allows: no comparison is made, and there is no suggestion (the plain search would
  /// compare 900,000 characters with each name).
  @Test func aHugeWordIsComparedWithNone() {
    #expect(nearest(to: String(repeating: "x", count: 900_000), in: LayerKeys.layer.names) == nil)
  }

  /// The resolver compares each different missing target with the tree's ids once: asked again,
  /// it answers from what it found, even once its budget is spent.
  @Test func targetSuggestionsAreCachedAndBudgeted() {
    var root = Layer(id: "root")
    root.sublayers = ["title", "subtitle", "badge"].map { Layer(id: $0) }
    let resolver = TargetResolver(root: root)
    // Four different ids: each new target costs 4 comparisons; a budget of 8 pays for two.
    resolver.suggestionBudget = 8
    #expect(resolver.suggestion(for: "titel") == "title")
    #expect(resolver.suggestion(for: "cell[*]/badg") == "badge")
    // A third different target is past the budget, though `subtitle` is one edit away.
    #expect(resolver.suggestion(for: "subtitel") == nil)
    // The first two again, by their last component: from the cache, not compared again.
    #expect(resolver.suggestion(for: "root/titel") == "title")
    #expect(resolver.suggestion(for: "badg") == "badge")
  }

  /// In one file, the first `SceneErrors.shownLimit` problems (the ones printed) carry their
  /// suggestion; the ones after list the known keys instead, without the search. 150 unknown
  /// keys `opacityaa`, `opacityab`, ..., each two insertions from `opacity` (allowed: a third
  /// of 7 characters, at least 2).
  @Test func suggestionsForTheProblemsShown() throws {
    let letters = Array("abcdefghijklm")
    var keys: [String] = []
    for first in letters { for second in letters { keys.append("opacity\(first)\(second)") } }
    keys = Array(keys.prefix(150))
    let members = keys.map { "\"\($0)\": 1" }.joined(separator: ", ")
    let json = #"{"version": 1, "device": "iphone-7", "root": {"id": "root", \#(members)}}"#
    let errors = caughtError(SceneErrors.self) {
      try SceneDecoder.decode(Array(json.utf8), options: TestDevices.options)
    }
    let diagnostics = try #require(errors?.diagnostics)
    #expect(diagnostics.count == 150)
    #expect(SceneErrors.shownLimit == 100)
    #expect(diagnostics.prefix(100).allSatisfy { $0.notes == ["did you mean `opacity`?"] })
    #expect(diagnostics.dropFirst(100).allSatisfy { $0.notes.first?.hasPrefix("known keys of a layer: ") == true })
  }
}
