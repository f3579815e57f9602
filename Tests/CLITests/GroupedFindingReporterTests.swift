import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// Findings on repeated layers are one problem in the line-based reporters, as the text report
/// groups them, on the bundled `scenes/timeline-cell.json`: its three-photo card repeats its
/// photo three times (the object at line 42, its `id` on line 43) and each card repeats its
/// toolbar button three times (lines 54 and 103), all six buttons casting a shadow without a
/// path; the one-photo card has a single photo (line 92). Each repeated object opens at column 19
/// (photos) or 23 (buttons), counted in the file. The grid card below the screen is culled, so its
/// layers have no finding (the scene's description).
@Suite("Reporters: findings on repeated layers grouped")
struct GroupedFindingReporterTests {
  static let scene = packageRoot.appendingPathComponent("scenes/timeline-cell.json").path

  /// Four Xcode lines for eight findings: the two three-layer groups and the single photo, in
  /// the order of their objects in the file.
  @Test func xcodeHasOneLinePerPattern() {
    let run = ToolRun.run("report", Self.scene, "--format", "xcode")
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(lines)")
    let places = lines.map { line in line.split(separator: " ").first.map(String.init) ?? "" }
    #expect(places == ["\(Self.scene):42:19:", "\(Self.scene):54:23:", "\(Self.scene):92:19:", "\(Self.scene):103:23:"])
    #expect(lines[1].contains("warning: root/table/threePhotos/card/toolbar/action[*] (3 layers): "))
    #expect(lines[1].hasSuffix("[shadow-without-path]"))
    #expect(lines[2].contains("warning: root/table/onePhoto/card/photo: "))
  }

  /// SARIF: one result per pattern; a group's other layers as related locations with the count.
  @Test func sarifRelatesTheOtherLayers() throws {
    let run = ToolRun.run("report", Self.scene, "--format", "sarif")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    #expect(results.count == 4)
    // The first shadow group is the three-photo card's (line 54); its copies share that place,
    // so they are in path order: action[0] is the result, action[1] and action[2] related.
    let buttons = try #require(results.first { $0["ruleId"] as? String == "shadow-without-path" })
    let related = try #require(buttons["relatedLocations"] as? [[String: Any]])
    #expect(related.count == 2)
    #expect((buttons["properties"] as? [String: Any])?["layers"] as? Int == 3)
    #expect((related.first?["message"] as? [String: Any])?["text"] as? String == "root/table/threePhotos/card/toolbar/action[1]")
  }
}

/// A file name is data, never a place: `--format xcode` writes a name holding `:` with it
/// percent-encoded, so a name that reads like a place cannot move the issue or write its own
/// message.
@Suite("Reporters: file names in Xcode lines")
struct XcodeFileNameTests {
  @Test func aColonInTheNameIsEncoded() throws {
    let folder = try temporaryFolder()
    let name = "a.json:99:7: error: fake"
    _ = try write(CIScenes.card(clip: true), to: name, in: folder)
    let run = ToolRun.run("report", name, "--format", "xcode", currentDirectory: folder)
    #expect(run.status == 0)
    let line = try #require(run.stdout.split(separator: "\n").first)
    // The card's object opens on line 9 of CIScenes.card's text (the document's `{`, version,
    // name, device, the empty extra line, root, its id, sublayers, then the card), at column 7
    // (six spaces of indentation once the literal's own four are taken off).
    #expect(line.hasPrefix("a.json%3A99%3A7%3A error%3A fake:9:7: warning: "), "\(line)")
    #expect(XcodeFormatter.path("plain/scene.json") == "plain/scene.json")
    #expect(XcodeFormatter.path("100%:x") == "100%25%3Ax")
  }
}
