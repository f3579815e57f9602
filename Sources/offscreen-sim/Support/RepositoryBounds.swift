import Foundation
import LayerTree

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the paths a file lists may lead: inside the repository that holds the file.
///
/// A project configuration's `scenes` and a pairs file's `before` and `after` come with the pull
/// request being checked. Read as they are, they could name any file the tool can read
/// (`/proc/self/environ`, `../../.ssh/id_rsa`, a link in the repository to either), and the
/// first bytes of a file that is not a scene would reach the job's log. So each path, resolved
/// against the file's folder with every symbolic link followed (`realpath(3)`), must stay inside
/// the repository's top: the nearest folder holding `.git` above the file (a folder, or the
/// file a worktree or submodule has), or the file's own folder when there is none. A path that
/// leaves it is an error naming the path and the folder, unless the command line (written by
/// the workflow's author, and trusted) gives ``option``.
struct RepositoryBounds {
  static let option = OptionDeclaration(
    "--allow-outside-repository",
    help:
      "Let the project configuration's scenes and a pairs file's paths lead outside the repository that holds the file (the folder with .git above it, or its own folder); by default such a path is an error, since those files come with a pull request."
  )

  /// The repository's top, every link resolved.
  let root: String
  /// The file whose paths are held, as messages name it.
  let file: String
  /// True when the command line allows paths outside.
  let allowsOutside: Bool

  /// The bounds of the paths `file` lists (a path from `currentDirectory`, `-` for standard
  /// input: then the working folder's repository).
  init(file: String, currentDirectory: String, allowsOutside: Bool) {
    self.file = SceneLoader.displayName(file)
    self.allowsOutside = allowsOutside
    let folder = file == "-" ? currentDirectory : ScenePaths.folder(of: ScenePaths.resolve(file, in: currentDirectory))
    let real = ScenePaths.real(folder) ?? ScenePaths.normalize(folder)
    root = Self.repositoryTop(above: real) ?? real
  }

  /// The nearest folder from `folder` up that holds `.git`, or nil.
  static func repositoryTop(above folder: String) -> String? {
    var current = folder
    while true {
      var status = stat()
      if lstat(current == "/" ? "/.git" : current + "/.git", &status) == 0 { return current }
      let parent = ScenePaths.folder(of: current)
      if parent == current || current == "/" { return nil }
      current = parent
    }
  }

  /// Whether `path` (as the command opens it, relative to `currentDirectory`) leads inside
  /// ``root`` once its links are followed; a path that does not exist yet is judged by its
  /// deepest folder that does, and the rest of it (`..` folded first).
  func contains(_ path: String, currentDirectory: String) -> Bool {
    var rest: [String] = []
    var existing = ScenePaths.normalize(ScenePaths.resolve(path, in: currentDirectory))
    var real = ScenePaths.real(existing)
    while real == nil, existing != "/" {
      rest.insert(String(existing.split(separator: "/").last ?? ""), at: 0)
      existing = ScenePaths.folder(of: existing)
      real = ScenePaths.real(existing)
    }
    let whole = ScenePaths.normalize(([real ?? "/"] + rest).joined(separator: "/"))
    return whole == root || whole.hasPrefix(root == "/" ? "/" : root + "/")
  }

  /// Throws unless `path` (the file's entry `written`, at `key`) leads inside, or the command
  /// line allows it; `outcome` says what was not done.
  func check(_ path: String, written: String, key: String, location: SourceLocation? = nil, currentDirectory: String, outcome: String)
    throws(InputError)
  {
    guard !allowsOutside, !contains(path, currentDirectory: currentDirectory) else { return }
    let place = location.map { ":\($0)" } ?? ""
    throw InputError(
      "\(file)\(place): error: \(key): \"\(TerminalText.inline(written))\" leads outside the repository (\(TerminalText.inline(root))); \(outcome)\n"
        + "  note: the paths a file lists are read from its folder and must stay in the repository that holds it (the folder with .git above it, or its own folder), so that a pull request cannot make the tool read other files of the machine; \(Self.option.name) allows them",
      file: file)
  }
}
