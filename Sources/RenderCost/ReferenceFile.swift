import Foundation

/// Where a test's captured scene is recorded: beside the test file, as swift-snapshot-testing
/// keeps its references.
///
/// `Tests/FeedTests/FeedScreenTests.swift`, test `testFeed()` records
/// `Tests/FeedTests/__RenderScenes__/FeedScreenTests/testFeed.json`: a `__RenderScenes__` folder
/// next to the test file (found from `#filePath`), a folder named after the file, and a file
/// named after the test function (`#function`). A named check adds its name
/// (`testFeed.scrolled.json`); a second unnamed check in the same test, its number
/// (`testFeed.2.json`). Names keep letters, digits and `_`; every other run of characters becomes
/// `-`, as snapshot testing's `sanitizePathComponent` does.
public struct ReferenceFile: Sendable, Hashable {
  /// The folder next to the test file that holds the recorded scenes.
  public static let folderName = "__RenderScenes__"

  /// The recorded scene's absolute path.
  public var path: String

  public init(path: String) { self.path = path }

  /// - Parameters:
  ///   - filePath: the test file (`#filePath`).
  ///   - testName: the test function (`#function`: `testFeed()`).
  ///   - name: the check's name, when a test makes several.
  ///   - index: which unnamed check of the test this is, from 1.
  public init(filePath: String, testName: String, name: String? = nil, index: Int = 1) {
    let file = URL(fileURLWithPath: filePath)
    let folder = file.deletingLastPathComponent().appendingPathComponent(Self.folderName).appendingPathComponent(
      file.deletingPathExtension().lastPathComponent)
    var base = Self.sanitized(testName)
    if let name {
      base += "." + Self.sanitized(name)
    } else if index > 1 {
      base += ".\(index)"
    }
    path = folder.appendingPathComponent(base + ".json").path
  }

  /// The path from the folder that holds `__RenderScenes__` on: what messages show.
  public var shortPath: String {
    guard let range = path.range(of: "/" + Self.folderName + "/") else { return path }
    return String(path[path.index(after: range.lowerBound)...])
  }

  /// `testFeed()` -> `testFeed`; `feed on "iPhone"` -> `feed-on-iPhone`.
  static func sanitized(_ name: String) -> String {
    var result = ""
    var pendingDash = false
    for character in name {
      if character.isLetter || character.isNumber || character == "_" {
        if pendingDash && !result.isEmpty { result.append("-") }
        pendingDash = false
        result.append(character)
      } else {
        pendingDash = true
      }
    }
    return result.isEmpty ? "scene" : result
  }
}
