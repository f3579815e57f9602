import Foundation
import TestSupport
import Testing

@testable import LayerTree

/// The scenes of `Tests/Fixtures/bad-input/`, one per kind of bad input the scene format must
/// refuse, each with the lines the tool prints for it in `<name>.expected`.
///
/// An expected line is a diagnostic as `Diagnostic.formatted(file: nil)` prints it
/// (`line:column: error: json.path: message`, then its notes), in file order. Lines starting
/// with `#` are the hand derivation of each line:column from the scene's text; they are not
/// compared. `Tests/CLITests/BadInputExitCodeTests.swift` runs the same files through the tool.
enum BadInputFixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/bad-input")

  /// The case names (file names without `.json`), sorted.
  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }()

  static func scene(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name + ".json")))
  }

  static func expected(_ name: String) throws -> [String] {
    let text = try String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
      .map { $0.replacingOccurrences(of: "{catalogue}", with: TestDevices.screens.keys.sorted().joined(separator: ", ")) }
  }

  /// The device ids of the tool's catalogue, with their screens, so the "known devices" notes
  /// read as the tool prints them.
  static let devices = TestDevices.screens

  /// Decodes `bytes` and returns the printed problems, or nil when the scene decodes.
  static func problems(_ bytes: [UInt8]) -> [String]? {
    do {
      _ = try SceneDecoder.decode(bytes, options: .init(devices: devices))
      return nil
    } catch {
      return error.formatted(file: nil).split(separator: "\n").map(String.init)
    }
  }

  static func problems(_ text: String) -> [String]? { problems(Array(text.utf8)) }
}

@Suite("Bad input: every problem, with its place")
struct BadInputTests {
  /// Every kind of bad input issues 2 and 3 name has a case, and numbers past the physical
  /// limits of lengths and bitmaps ("Untrusted scenes in CI").
  @Test func everyKindOfBadInputHasACase() throws {
    let required = [
      "malformed-json", "wrong-types", "negative-sizes", "opacity-out-of-range", "unknown-device", "unknown-contents-type",
      "duplicate-ids", "non-finite-numbers", "unknown-key", "several-problems", "animation-unknown-layer",
      "animation-unknown-key-path", "animation-wrong-value-type", "negative-durations", "scroll-without-content",
      "pattern-matches-nothing", "reuse-pool-too-small", "past-physical-limits",
    ]
    #expect(Set(required).isSubset(of: BadInputFixtures.names), "missing: \(Set(required).subtracting(BadInputFixtures.names))")
    for name in BadInputFixtures.names {
      #expect(FileManager.default.fileExists(atPath: BadInputFixtures.folder.appendingPathComponent(name + ".expected").path), "\(name)")
    }
  }

  /// The decoder reports exactly the expected lines: each problem's line:column, JSON path and
  /// message, with its notes, in file order.
  @Test(arguments: BadInputFixtures.names)
  func reportsEveryProblemWithItsPlace(_ name: String) throws {
    let expected = try BadInputFixtures.expected(name)
    let problems = try #require(BadInputFixtures.problems(try BadInputFixtures.scene(name)), "\(name) decoded without a problem")
    #expect(problems == expected)
  }

  /// Every problem names its place: a line:column, and a JSON path unless the file is not JSON
  /// at all (a syntax error leaves no value to name).
  @Test(arguments: BadInputFixtures.names)
  func everyProblemNamesLineColumnAndPath(_ name: String) throws {
    let problems = try #require(BadInputFixtures.problems(try BadInputFixtures.scene(name)))
    let headlines = problems.filter { !$0.hasPrefix("  note: ") }
    #expect(!headlines.isEmpty)
    for line in headlines {
      let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
      #expect(parts.count == 4 && Int(parts[0]) != nil && Int(parts[1]) != nil && parts[2] == " error", "\(line)")
      guard parts.count == 4 else { continue }
      let rest = parts[3].dropFirst()
      if rest.hasPrefix("invalid JSON: ") { continue }
      // `json.path: message`: the path is a key, maybe followed by `.key` and `[n]` parts.
      let path = rest.prefix { $0 != " " }
      #expect(path.hasSuffix(":") && path.count > 1, "\(line)")
    }
  }

  /// Problems come out in file order whatever order the decoder found them in.
  @Test func severalProblemsAreAllReportedInFileOrder() throws {
    let problems = try #require(BadInputFixtures.problems(try BadInputFixtures.scene("several-problems")))
    let places = problems.filter { !$0.hasPrefix("  ") }.map { line -> [Int] in
      line.split(separator: ":").prefix(2).compactMap { Int($0) }
    }
    #expect(places == [[3, 28], [4, 13], [7, 7], [7, 44], [8, 34]])
    #expect(places == places.sorted { $0.lexicographicallyPrecedes($1) })
  }

  // MARK: The limits of the new timeline checks

  /// A table of `count` cells 106 pt apart in a 603 pt viewport, scrolled with reuse.
  static func reuseScene(count: Int, items: Int? = nil, axis: String = "vertical") -> String {
    let itemsKey = items.map { ", \"items\": \($0)" } ?? ""
    let (frame, cell, step) =
      axis == "vertical" ? ("[0, 64, 375, 603]", "[0, 0, 375, 106]", "[0, 106]") : ("[0, 64, 603, 200]", "[0, 0, 106, 200]", "[106, 0]")
    return """
      {"version": 1, "device": "iphone-6", "root": {"sublayers": [
        {"id": "table", "frame": \(frame), "sublayers": [
          {"id": "cell", "frame": \(cell), "repeat": {"count": \(count), "step": \(step)}}]}]},
       "timeline": {"duration": 0.1, "scrolls": [
         {"target": "table", "axis": "\(axis)", "velocity": 3000, "reuse": {"cell": "cell"\(itemsKey)}}]}}
      """
  }

  /// 603 / 106 = 5.69: up to 7 cells show at once. A pool of 7 is enough, 6 is not, on either axis.
  @Test func reusePoolMustCoverTheViewport() {
    #expect(BadInputFixtures.problems(Self.reuseScene(count: 7)) == nil)
    #expect(BadInputFixtures.problems(Self.reuseScene(count: 7, axis: "horizontal")) == nil)
    let vertical = BadInputFixtures.problems(Self.reuseScene(count: 6))
    #expect(vertical?.first?.contains("the reuse pool of `cell` has 6 cells but the viewport of root/table can show 7 at once") == true)
    let horizontal = BadInputFixtures.problems(Self.reuseScene(count: 6, axis: "horizontal"))
    #expect(horizontal?.first?.contains("has 6 cells but the viewport of root/table can show 7 at once") == true)
  }

  /// A list shorter than the viewport needs only a cell per item.
  @Test func aShortListNeedsOnlyACellPerItem() {
    #expect(BadInputFixtures.problems(Self.reuseScene(count: 4, items: 4)) == nil)
    let problems = BadInputFixtures.problems(Self.reuseScene(count: 4, items: 5))
    #expect(problems?.first?.contains("has 4 cells but the viewport of root/table can show 5 at once") == true)
  }

  /// A scroll view whose sublayers are not repeated still scrolls; one with a mask but no
  /// sublayers has nothing to scroll.
  @Test func scrollViewContent() {
    let withContent = """
      {"version": 1, "device": "iphone-7", "root": {"sublayers": [
        {"id": "list", "frame": [0, 0, 375, 667], "sublayers": [{"id": "content", "frame": [0, 0, 375, 2000]}]}]},
       "timeline": {"duration": 0.1, "scrolls": [{"target": "list", "velocity": 1000}]}}
      """
    #expect(BadInputFixtures.problems(withContent) == nil)
    let maskOnly = """
      {"version": 1, "device": "iphone-7", "root": {"sublayers": [
        {"id": "list", "frame": [0, 0, 375, 667], "mask": {"frame": [0, 0, 375, 667], "backgroundColor": "#000000"}}]},
       "timeline": {"duration": 0.1, "scrolls": [{"target": "list", "velocity": 1000}]}}
      """
    #expect(
      BadInputFixtures.problems(maskOnly)?.first?.hasSuffix("timeline.scrolls[0]: the scroll view root/list has no sublayers to scroll")
        == true)
  }
}
