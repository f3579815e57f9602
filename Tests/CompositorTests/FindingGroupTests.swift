import LayerTree
import Testing

@testable import Compositor

/// Grouping findings by the pattern of their paths, with the ASCII paths read as bytes.
@Suite("Finding groups")
struct FindingGroupTests {
  /// The definitions, character by character, as the grouping states them: `[n]` becomes `[*]`;
  /// components are what lies between `/`s, empty ones left out; two patterns merge component by
  /// component, `*` where they differ.
  private func referencePattern(_ path: String) -> String {
    var result = ""
    var inIndex = false
    for character in path {
      if character == "[" {
        inIndex = true
        result += "[*]"
      } else if character == "]" {
        inIndex = false
      } else if !inIndex {
        result.append(character)
      }
    }
    return result
  }

  private func referenceMerged(_ a: String, _ b: String) -> String {
    let left = a.split(separator: "/")
    let right = b.split(separator: "/")
    guard left.count == right.count else { return a }
    return zip(left, right).map { $0 == $1 ? String($0) : "*" }.joined(separator: "/")
  }

  /// Seeded strings over the characters that matter (separators, brackets, digits) and some that
  /// are not ASCII: an accent, a combining mark that joins the character before it, CR LF (one
  /// character of two bytes).
  private func strings(_ count: Int, seed: UInt64) -> [String] {
    let alphabet = ["/", "/", "[", "]", "a", "b", "c", "0", "7", "-", "é", "\u{301}", "\r\n", "_"]
    var state = seed
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    return (0..<count).map { _ in
      let length = next() % 12
      return (0..<length).map { _ in alphabet[next() % alphabet.count] }.joined()
    }
  }

  @Test func patternsAreTheCharacterByCharacterOnes() {
    for path in strings(20_000, seed: 3) {
      #expect(LayerPath.pattern(path) == referencePattern(path), "\(path.debugDescription)")
      let pattern = referencePattern(path)
      let components = pattern.split(separator: "/")
      let depthAndName = FindingGroup.depthAndName(pattern)
      #expect(depthAndName.count == components.count, "\(pattern.debugDescription)")
      #expect(depthAndName.last == (components.last ?? ""), "\(pattern.debugDescription)")
    }
    // By hand, from the definition.
    #expect(LayerPath.pattern("root/feed/cell[3]/avatar") == "root/feed/cell[*]/avatar")
    #expect(LayerPath.pattern("root/row[12]/photo[2]") == "root/row[*]/photo[*]")
    #expect(FindingGroup.depthAndName("root/feed/cell[*]/avatar") == (4, "avatar"))
    #expect(FindingGroup.depthAndName("/a//b/") == (2, "b"))
    #expect(FindingGroup.depthAndName("") == (0, ""))
  }

  @Test func patternsMergeAsTheDefinitionSays() {
    let samples = strings(4_000, seed: 11)
    for (a, b) in zip(samples, samples.reversed()) {
      #expect(FindingGroup.merged(a, b) == referenceMerged(a, b), "\(a.debugDescription) \(b.debugDescription)")
      #expect(FindingGroup.merged(a, a) == referenceMerged(a, a), "\(a.debugDescription)")
    }
    #expect(FindingGroup.merged("root/a[*]/x", "root/b[*]/x") == "root/*/x")
    #expect(FindingGroup.merged("root//x", "root//x") == "root/x")
  }

  /// Two copies of a cell's card with the same words make one group whose pattern writes `[*]`;
  /// the same card under another parent at the same depth joins it with `*`; a lone finding keeps
  /// its path; another message is another group. Worked out by hand from the definition.
  @Test func findingsGroupByRuleDepthNameAndWords() {
    func finding(_ layer: String, _ message: String = "clips its sublayers") -> Finding {
      Finding(
        rule: "rounded-clip", category: .offscreen, layer: layer, message: message, fix: "", passes: 1, pixelArea: 1, depth: 1,
        source: nil, frames: 1)
    }
    let groups = FindingGroup.groups([
      finding("root/list/cell[0]/card"), finding("root/list/cell[1]/card"), finding("root/grid/tile[4]/card"),
      finding("root/hero", "another"), finding("root/list/cell[2]/card", "another"),
    ])
    #expect(groups.map(\.pattern) == ["root/*/*/card", "root/hero", "root/list/cell[2]/card"])
    #expect(groups.map(\.findings.count) == [3, 1, 1])
  }
}
