import Foundation
import TestSupport
import Testing

/// Compositor's folders follow a frame's stages (``CompositorStages``): no folder uses a later
/// folder's types, the checker is shown to catch one that does, and docs/architecture.md's picture
/// names the folders in the same order.
@Suite("Folders in pipeline order")
struct FolderOrderTests {
  static let sources = Repository.root.appendingPathComponent("Sources/Compositor")

  @Test func noFolderUsesALaterStagesTypes() throws {
    let found = try FolderDependencies(root: Self.sources, order: CompositorStages.order)
    #expect(found.problems.isEmpty, "\(found.problems.joined(separator: "\n"))")
  }

  /// The checker reads the real sources: it finds the types the stages declare and the uses of
  /// earlier stages, or the test above would pass on nothing. LayerProps (Scene) is used by the
  /// rules' protocol (RuleSupport), and the registry (Rules) extends it.
  @Test func theCheckerSeesTheRealSources() throws {
    let reversed = try FolderDependencies(root: Self.sources, order: CompositorStages.order.reversed())
    let names = Set(reversed.violations.map(\.type))
    #expect(names.contains("LayerProps"))
    #expect(names.contains("FlatTree"))
    #expect(reversed.violations.contains { $0.file == "Rules/OffscreenRules.swift" && $0.type == "LayerProps" })
  }

  /// Writes `files` (path relative to the root: its text) under a new temporary folder.
  static func tree(_ files: [String: String]) throws -> URL {
    let root = URL(fileURLWithPath: try temporaryFolder())
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  /// Two folders, Early before Late: Early's file uses Late's type once in code; the checker names
  /// the file, the type and both folders. Late using Early's type is allowed.
  @Test func anEarlyFolderUsingALaterOnesTypeFails() throws {
    let root = try Self.tree([
      "Early/Tree.swift": "struct Tree {\n  var cache: Cache? = nil\n}\n",
      "Late/Cache.swift": "struct Cache {\n  var tree = Tree()\n}\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let found = try FolderDependencies(root: root, order: ["Early", "Late"])
    #expect(found.misplaced.isEmpty)
    #expect(
      found.violations == [
        .init(file: "Early/Tree.swift", type: "Cache", folder: "Early", laterFolder: "Late", declaredIn: "Late/Cache.swift")
      ])
    let message = found.problems.first ?? ""
    #expect(message.contains("Early/Tree.swift") && message.contains("Cache") && message.contains("Late"))
    // In the other order, the same use is allowed and Late's use of Tree is the one that fails.
    let swapped = try FolderDependencies(root: root, order: ["Late", "Early"])
    #expect(swapped.violations.map(\.type) == ["Tree"])
  }

  /// Names in comments and strings are no uses; a string's interpolation is code. An extension
  /// uses the type it extends; a nested type is used by its qualified name, or by its own name
  /// inside an extension of its outer type; a private type is its file's alone.
  @Test func whatCountsAsAUse() throws {
    let root = try Self.tree([
      "Early/Words.swift": """
      /// Mentions Cache and Late.Limits in a comment. /* Cache */
      let words = "Cache \\(1) Cache.Limits"
      let raw = #"Cache "quoted" Cache"#
      let lines = \"\"\"
        Cache
        \"\"\"
      private struct Entry {}
      """,
      "Early/Extension.swift": "extension Cache {}\n",
      "Early/Nested.swift": "let limits: Cache.Limits? = nil\n",
      "Early/Interpolated.swift": "let text = \"\\(Gauge.self)\"\n",
      "Late/Cache.swift": """
      struct Cache {
        struct Limits {}
        func use(_ entry: Entry) {}
      }
      struct Gauge {}
      private struct Entry {}
      """,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let found = try FolderDependencies(root: root, order: ["Early", "Late"])
    let uses = found.violations.map { "\($0.file) \($0.type)" }.sorted()
    #expect(
      uses == [
        "Early/Extension.swift Cache", "Early/Interpolated.swift Gauge", "Early/Nested.swift Cache", "Early/Nested.swift Cache.Limits",
      ])
  }

  /// A folder the order does not name fails with a message saying to place it; so does a stage
  /// with no folder, and a file outside every folder.
  @Test func aNewFolderMustBePlaced() throws {
    let root = try Self.tree([
      "Early/A.swift": "struct A {}\n",
      "Newcomer/B.swift": "struct B {}\n",
      "Loose.swift": "struct C {}\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let found = try FolderDependencies(root: root, order: ["Early", "Gone"])
    #expect(found.misplaced.count == 3)
    #expect(found.misplaced.contains { $0.contains("Newcomer") && $0.contains("place it in CompositorStages.order") })
    #expect(found.misplaced.contains { $0.contains("Gone") })
    #expect(found.misplaced.contains { $0.contains("Loose.swift") })
  }

  /// docs/architecture.md opens with the picture of the folders (its first fenced block, before
  /// the platforms' section): a line per folder, its name first, in the order of the rule.
  @Test func theArchitecturePictureFollowsTheOrder() throws {
    let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let blocks = text.components(separatedBy: "```")
    #expect(blocks.count > 2)
    let picture = blocks.count > 2 ? blocks[1] : ""
    let stages = Set(CompositorStages.order)
    let named = picture.split(separator: "\n").compactMap { line -> String? in
      let first = line.split(whereSeparator: { !$0.isLetter }).first.map(String.init)
      return first.flatMap { stages.contains($0) ? $0 : nil }
    }
    #expect(named == CompositorStages.order)
    // The picture opens the page: it comes before the platforms' section.
    let picturePosition = text.range(of: "```")?.lowerBound
    let platforms = text.range(of: "\n## Platforms and toolchains")?.lowerBound
    #expect(picturePosition != nil && platforms != nil && picturePosition! < platforms!)
  }
}
