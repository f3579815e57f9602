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
}
