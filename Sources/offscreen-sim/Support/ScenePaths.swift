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
  ///
  /// A folder's files may come from the pull request being checked, so the search reads a
  /// symbolic link only when the file it leads to is inside the folder searched: one leading
  /// outside (or nowhere) is skipped, with a note naming it (at most ``shownSkippedLinks``
  /// notes, then one counting the rest). Links to folders are not followed (no loops). A file
  /// named on the command line is read wherever it leads: that is the user's choice.
  static func expand(_ paths: [String], currentDirectory: String) -> (files: [String], errors: [String], notes: [String]) {
    var files: [String] = []
    var errors: [String] = []
    var skipped: [SkippedLink] = []
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
      guard let root = real(resolve(path, in: currentDirectory)) else { continue }
      var found: [String] = []
      let searched = SearchRoot(real: root, shown: path)
      collect(path, root: searched, currentDirectory: currentDirectory, depth: 0, into: &found, skipped: &skipped)
      for file in found.sorted() { add(file) }
    }
    return (files, errors, notes(skipped))
  }

  /// The most skipped links noted one by one; one more line counts the others.
  static let shownSkippedLinks = 10

  /// A folder searched: its path with every link resolved, and as the user wrote it.
  struct SearchRoot {
    var real: String
    var shown: String

    /// Whether `path` (with its links resolved) is inside the folder.
    func contains(_ path: String) -> Bool {
      path.hasPrefix(real == "/" ? "/" : real + "/")
    }
  }

  /// A symbolic link a folder search did not follow: the link as found, and the folder searched.
  struct SkippedLink {
    var path: String
    var root: String
    /// True when the link leads nowhere (or cannot be resolved); else it leads outside `root`.
    var dangling: Bool
  }

  /// One note a skipped link, the first ``shownSkippedLinks``, then one counting the others.
  static func notes(_ skipped: [SkippedLink]) -> [String] {
    // The names come from the folder: each kept to its line.
    var notes = skipped.prefix(shownSkippedLinks).map { link in
      let place = link.dangling ? "that leads to no file" : "to a file outside \(TerminalText.inline(link.root))"
      return "\(TerminalText.inline(link.path)): note: skipped: a symbolic link \(place); "
        + "a folder search reads links to files inside the folder only (name the file to read it)"
    }
    if skipped.count > shownSkippedLinks {
      let more = skipped.count - shownSkippedLinks
      notes.append("note: \(Markup.plural(more, "more symbolic link")) skipped")
    }
    return notes
  }

  /// `path` with every symbolic link resolved (realpath(3)); nil when it leads to nothing.
  static func real(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What a folder search needs to know of an entry: a folder, a symbolic link, or anything else.
  enum EntryKind {
    case folder
    case link
    case other
  }

  /// The kind of the entry at `path` itself, not of what a link leads to (lstat(2)); nil when it
  /// cannot be read. One system call: FileManager's `attributesOfItem` also looks up the owner's
  /// and group's names, about 30,000 instructions an entry, paid again by every shard that
  /// searches the same folder.
  static func entryKind(_ path: String) -> EntryKind? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFLNK: return .link
    default: return .other
    }
  }

  /// Whether the entry at `full` may be read by a search of `root`: anything but a symbolic
  /// link, or a link whose file is inside `root`; a link that is not is added to `skipped`.
  static func followable(_ full: String, shown path: String, kind: EntryKind?, root: SearchRoot, skipped: inout [SkippedLink]) -> Bool {
    guard kind == .link else { return true }
    guard let target = real(full) else {
      skipped.append(SkippedLink(path: path, root: root.shown, dangling: true))
      return false
    }
    guard root.contains(target) else {
      skipped.append(SkippedLink(path: path, root: root.shown, dangling: false))
      return false
    }
    return true
  }

  /// Scene files under `folder`; symbolic links to folders are not followed (no loops), links to
  /// files only when they lead inside `root`.
  private static func collect(
    _ folder: String, root: SearchRoot, currentDirectory: String, depth: Int, into found: inout [String], skipped: inout [SkippedLink]
  ) {
    guard depth < 64 else { return }
    let resolved = resolve(folder, in: currentDirectory)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: resolved) else { return }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      let full = resolved + "/" + name
      // The entry itself, not what a link leads to.
      let kind = entryKind(full)
      if kind == .folder {
        collect(path, root: root, currentDirectory: currentDirectory, depth: depth + 1, into: &found, skipped: &skipped)
      } else if name.hasSuffix(".json") && !name.hasSuffix(".schema.json") {
        if followable(full, shown: path, kind: kind, root: root, skipped: &skipped) { found.append(path) }
      }
    }
  }
}
