import Foundation

/// Where a test's captured scene is recorded: beside the test file, as swift-snapshot-testing
/// keeps its references, or in a folder of your choosing.
///
/// `Tests/FeedTests/FeedScreenTests.swift`, test `testFeed()` records
/// `Tests/FeedTests/__RenderScenes__/FeedScreenTests/testFeed.json`: a `__RenderScenes__` folder
/// next to the test file (found from `#filePath`), a folder named after the file, and a file
/// named after the test function (`#function`). A named check adds its name
/// (`testFeed.scrolled.json`); a second unnamed check in the same test, its number
/// (`testFeed.2.json`). Names keep letters, digits and `_`; every other run of characters becomes
/// `-`, as snapshot testing's `sanitizePathComponent` does.
///
/// A reference folder given to the check (`referenceFolder:`, a scope's setting or
/// `RENDER_SCENES_FOLDER`) takes the place of `__RenderScenes__`: `<folder>/FeedScreenTests/testFeed.json`.
///
/// Beside each recorded scene, a check that finds a different scene keeps it as
/// `<test>.new.json` (``newScenePath``) until the check passes again. A check name that would
/// make one file read as another's (`new`, `device`, a number) gets a `_` after it: `named: "new"`
/// records `testFeed.new_.json`.
public struct ReferenceFile: Sendable, Hashable {
  /// The folder next to the test file that holds the recorded scenes.
  public static let folderName = "__RenderScenes__"

  /// The recorded scene's absolute path.
  public var path: String
  /// The folder that holds the recorded scenes (`…/__RenderScenes__`, or the reference folder);
  /// messages show paths from it on, its own name first. Nil: found in ``path`` by its name.
  public var folder: String?

  public init(path: String, folder: String? = nil) {
    self.path = path
    self.folder = folder
  }

  /// - Parameters:
  ///   - filePath: the test file (`#filePath`).
  ///   - testName: the test function (`#function`: `testFeed()`).
  ///   - name: the check's name, when a test makes several.
  ///   - index: which unnamed check of the test this is, from 1.
  ///   - folder: the folder for the recorded scenes instead of `__RenderScenes__` beside the test
  ///     file; a relative path is taken from the test file's folder.
  public init(filePath: String, testName: String, name: String? = nil, index: Int = 1, folder: String? = nil) {
    let file = URL(fileURLWithPath: filePath)
    let testFolder = file.deletingLastPathComponent()
    let root: URL
    if let folder, !folder.isEmpty {
      root = folder.hasPrefix("/") ? URL(fileURLWithPath: folder).standardized : testFolder.appendingPathComponent(folder).standardized
    } else {
      root = testFolder.appendingPathComponent(Self.folderName)
    }
    var base = Self.sanitized(testName)
    if let name {
      base += "." + Self.checkName(name)
    } else if index > 1 {
      base += ".\(index)"
    }
    path = root.appendingPathComponent(file.deletingPathExtension().lastPathComponent).appendingPathComponent(base + ".json").path
    self.folder = root.path
  }

  /// Where the scene a failed check found is kept: `<test>.new.json` beside the recorded one.
  public var newScenePath: String { sibling("new") }

  /// Where the profile of a device the catalogue lacks is written: `<test>.device.json`.
  public var deviceProfilePath: String { sibling("device") }

  /// The path from the reference folder on, the folder's name first
  /// (`__RenderScenes__/FeedScreenTests/testFeed.json`): what messages show.
  public var shortPath: String { short(path) }

  /// ``newScenePath`` as ``shortPath`` shows a path.
  public var shortNewScenePath: String { short(newScenePath) }

  func short(_ full: String) -> String {
    if let folder {
      let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
      let prefix = parent.hasSuffix("/") ? parent : parent + "/"
      if full.hasPrefix(prefix) && full.count > prefix.count { return String(full.dropFirst(prefix.count)) }
      return full
    }
    guard let range = full.range(of: "/" + Self.folderName + "/") else { return full }
    return String(full[full.index(after: range.lowerBound)...])
  }

  func sibling(_ kind: String) -> String {
    path.hasSuffix(".json") ? String(path.dropLast(".json".count)) + ".\(kind).json" : path + ".\(kind).json"
  }

  /// A check's name as its file has it: sanitized, with a `_` after a name that would read as a
  /// kept scene (`new`), a device profile (`device`) or an unnamed check's number.
  static func checkName(_ name: String) -> String {
    let sanitized = Self.sanitized(name)
    let reserved = ["new", "device"].contains(sanitized.lowercased()) || sanitized.allSatisfy { $0.isASCII && $0.isNumber }
    return reserved ? sanitized + "_" : sanitized
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
