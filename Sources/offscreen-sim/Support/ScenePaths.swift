import Foundation

/// Paths as the user wrote them: joined, tidied, and folders expanded into the scene files they
/// hold.
enum ScenePaths {
  /// `base/relative`, tidied (`scenes/./a.json`, `.ci/../scenes/a.json` -> `scenes/a.json`); an
  /// absolute `relative` stands alone.
  static func join(_ base: String, _ relative: String) -> String {
    if relative.hasPrefix("/") || base.isEmpty || base == "." { return normalize(relative) }
    return normalize(base.hasSuffix("/") ? base + relative : base + "/" + relative)
  }

  /// The folder part of a path: `scenes/pairs.json` -> `scenes`, `pairs.json` -> `.`.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// Drops `.` components and folds `name/..`; a leading `..` is kept.
  static func normalize(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", absolute, parts.isEmpty { continue }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    if absolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }

  /// A path the file system can open: relative paths from `currentDirectory`.
  static func resolve(_ path: String, in currentDirectory: String) -> String {
    path.hasPrefix("/") ? path : currentDirectory + "/" + path
  }

  /// The scene files behind `paths`: a file as given; a folder's `*.json` files, searched
  /// recursively in path order, except `*.schema.json` and hidden files and folders. A path that
  /// does not exist is an error naming it; a folder with no scene yields nothing.
  static func expand(_ paths: [String], currentDirectory: String) -> (files: [String], errors: [String]) {
    var files: [String] = []
    var errors: [String] = []
    var seen = Set<String>()
    func add(_ file: String) {
      if seen.insert(file).inserted { files.append(file) }
    }
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: resolve(path, in: currentDirectory), isDirectory: &isDirectory) else {
        errors.append("\(path): error: no such file or folder")
        continue
      }
      if !isDirectory.boolValue {
        add(path)
        continue
      }
      var found: [String] = []
      collect(path, currentDirectory: currentDirectory, depth: 0, into: &found)
      for file in found.sorted() { add(file) }
    }
    return (files, errors)
  }

  /// Scene files under `folder`; symbolic links to folders are not followed (no loops).
  private static func collect(_ folder: String, currentDirectory: String, depth: Int, into found: inout [String]) {
    guard depth < 64 else { return }
    let resolved = resolve(folder, in: currentDirectory)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: resolved) else { return }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      let full = resolved + "/" + name
      let type = (try? FileManager.default.attributesOfItem(atPath: full))?[.type] as? FileAttributeType
      if type == .typeDirectory {
        collect(path, currentDirectory: currentDirectory, depth: depth + 1, into: &found)
      } else if name.hasSuffix(".json") && !name.hasSuffix(".schema.json") {
        found.append(path)
      }
    }
  }
}
