import Foundation
import Testing

@testable import offscreen_sim

/// What `--help` names must exist: a newcomer copies its examples and opens its docs.
@Suite("Help: what it names exists")
struct HelpReferencesTests {
  /// Every help text: the tool's and each command's.
  static var helps: [(String, String)] {
    [("offscreen-sim --help", CommandLineTool.usage)]
      + CommandLineTool.commands.map { ("offscreen-sim \($0.declaration.name) --help", Help.text(for: $0.declaration)) }
  }

  static func matches(_ pattern: String, in text: String) -> [String] {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    return expression.matches(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)).compactMap {
      Range($0.range, in: text).map { String(text[$0]) }
    }
  }

  /// Every bundled scene an example names is in the repository's scenes folder.
  @Test func everyBundledSceneNamedExists() {
    var named = 0
    for (name, help) in Self.helps {
      for path in Self.matches(#"scenes/[A-Za-z0-9._-]+\.json"#, in: help) {
        named += 1
        #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path), "\(name) names \(path)")
      }
    }
    #expect(named > 0)
  }

  /// Every `docs/...` file named exists, and help that names one says where the docs are for a
  /// tool installed without the repository.
  @Test func everyDocNamedExistsAndIsLocated() {
    for (name, help) in Self.helps {
      let docs = Self.matches(#"docs/[A-Za-z0-9._-]+\.md"#, in: help)
      for doc in docs {
        #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(doc).path), "\(name) names \(doc)")
      }
      if !docs.isEmpty { #expect(help.contains(Help.docsLocation), "\(name)") }
    }
    #expect(Help.docsLocation.hasPrefix("https://github.com/offscreen-sim/offscreen-sim/"))
  }

  /// The heading anchors of a Markdown file as GitHub makes them: each heading lowercased, spaces
  /// to `-`, other punctuation than `-` and `_` dropped (`## Project configuration` is
  /// `project-configuration`).
  static func anchors(_ doc: String) -> Set<String> {
    let path = packageRoot.appendingPathComponent(doc).path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var anchors = Set<String>()
    for line in text.split(separator: "\n") where line.hasPrefix("#") {
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
      anchors.insert(
        String(title.compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil }))
    }
    return anchors
  }

  /// Every `docs/file.md#anchor` help names is a heading of that file.
  @Test func everyAnchorNamedIsAHeading() {
    var named = 0
    for (name, help) in Self.helps {
      for reference in Self.matches(#"docs/[A-Za-z0-9._-]+\.md#[A-Za-z0-9_-]+"#, in: help) {
        named += 1
        let parts = reference.split(separator: "#").map(String.init)
        #expect(Self.anchors(parts[0]).contains(parts[1]), "\(name) names \(reference)")
      }
    }
    #expect(named > 0)
    // The slugs as worked out by hand from two headings.
    #expect(Self.anchors("docs/ci.md").contains("project-configuration"))
    #expect(Self.anchors("docs/scene-format.md").contains("budgets"))
  }

  /// The starter `init` writes into a repository names the docs by their web address, one that
  /// works without a clone: each is the repository's blob of a file that exists, at a heading.
  @Test func theStarterNamesTheDocsByAddress() {
    let prefix = "https://github.com/offscreen-sim/offscreen-sim/blob/main/"
    let links = Self.matches(#"https://[^ )"]+"#, in: InitCommand.starter)
    #expect(links.count == 2)
    for link in links {
      #expect(link.hasPrefix(prefix), "\(link)")
      let parts = link.dropFirst(prefix.count).split(separator: "#").map(String.init)
      #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(parts[0]).path), "\(link)")
      if parts.count == 2 { #expect(Self.anchors(parts[0]).contains(parts[1]), "\(link)") }
    }
    // No bare docs/ path, which means nothing in the user's repository.
    #expect(Self.matches(#"[( ]docs/"#, in: InitCommand.starter).isEmpty)
  }
}
