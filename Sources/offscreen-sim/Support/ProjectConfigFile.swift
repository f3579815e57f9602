import Compositor
import Foundation
import LayerTree
import SceneBatch

/// The project configuration `check`, `compare` and `merge` read: `--config <file>`, else the
/// first `.offscreen-sim.json` found walking up from the working folder (stopping at the
/// repository's top, the folder holding `.git`). Its settings fill in the options the command
/// line leaves out: the command line always wins.
struct ProjectConfigFile {
  static let name = ".offscreen-sim.json"

  static let option = OptionDeclaration(
    "--config", value: "file", kind: .file,
    help:
      "Read the project configuration from this file (default: the first .offscreen-sim.json found walking up from the working folder; docs/ci.md#project-configuration). Options on the command line override it."
  )

  /// The file as messages name it: relative to the working folder when found upward.
  var path: String
  /// The folder its relative paths start from, as a path from the working folder.
  var folder: String
  var config: ProjectConfig

  /// The configuration `parsed` names or the working folder finds; nil when there is none.
  static func load(_ parsed: ParsedArguments, io: ToolIO) throws(InputError) -> ProjectConfigFile? {
    let path: String
    if let given = parsed.value(option) {
      path = given
    } else if let found = find(from: io.currentDirectory) {
      path = found
    } else {
      return nil
    }
    let bytes = try SceneLoader(io: io).readBytes(path)
    do {
      let config = try ProjectConfigDecoder.decode(
        bytes, devices: DeviceCatalogue.all.map(\.id),
        gates: ["default", "all", "none", ReportMetrics.findingsGate] + ReportMetrics.gateable)
      return ProjectConfigFile(path: path, folder: ScenePaths.folder(of: path), config: config)
    } catch {
      let file = SceneLoader.displayName(path)
      throw InputError(error, file: file, summary: InputError.summary(error, file: file, "nothing was run"))
    }
  }

  /// The configuration `parsed` names or finds, with its settings filled into `parsed`.
  static func apply(to parsed: inout ParsedArguments, scenes: Bool, io: ToolIO) throws(InputError) -> ProjectConfigFile? {
    guard let file = try load(parsed, io: io) else { return nil }
    try file.fill(&parsed, scenes: scenes, io: io)
    return file
  }

  /// `.offscreen-sim.json`, `../.offscreen-sim.json`...: the nearest one from `directory` up to
  /// the repository's top (or the file system's root outside a repository).
  static func find(from directory: String) -> String? {
    var folder = URL(fileURLWithPath: directory).standardizedFileURL
    var up = ""
    while true {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) { return up + name }
      let top = FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path)
      let parent = folder.deletingLastPathComponent()
      if top || parent.path == folder.path { return nil }
      folder = parent
      up += "../"
    }
  }

  /// The options the configuration settles, filled in where the command line gave none:
  /// `--device` (unless `--device` or `--device-file` is given), `--gate`, `--tolerance`, and,
  /// for `check` without paths, the scenes.
  func fill(_ parsed: inout ParsedArguments, scenes takesScenes: Bool, io: ToolIO) throws(InputError) {
    if let devices = config.devices, parsed.declares(SharedOptions.deviceFile), !parsed.has(SharedOptions.deviceFile) {
      parsed.fillIn(optionNamed: "--device", with: devices)
    }
    if let gates = config.gates { parsed.fillIn(optionNamed: "--gate", with: [gates.joined(separator: ",")]) }
    if let tolerance = config.tolerance {
      parsed.fillIn(optionNamed: "--tolerance", with: [tolerance == tolerance.rounded() ? String(Int(tolerance)) : String(tolerance)])
    }
    if let scenes = config.scenes, takesScenes, parsed.positional.isEmpty {
      let bounds = RepositoryBounds(
        file: path, currentDirectory: io.currentDirectory,
        allowsOutside: parsed.declares(RepositoryBounds.option) && parsed.has(RepositoryBounds.option))
      let (paths, notes) = try ScenePatterns.expand(
        scenes, in: folder, currentDirectory: io.currentDirectory, file: path, bounds: bounds)
      for note in notes { io.err(note + "\n") }
      parsed.positional = paths
    }
  }
}

/// The scenes of a configuration: paths and globs, relative to its folder.
enum ScenePatterns {
  /// The most folder entries one pattern may look at: a glob is a search of the repository, and
  /// `**` repeated (`**/**/**/...`) or a pattern over a huge tree must not make `check` run
  /// for hours. A million entries take about a second to list.
  static let maxEntries = 1_000_000

  /// Each pattern's files or folders, as paths from the working folder, in pattern order, each
  /// pattern's matches sorted. `*` and `?` match within a name, `**` any number of folders;
  /// hidden files and folders (`.build`, `.git`) are not searched. A pattern that matches nothing is an
  /// error: a misspelt glob would otherwise check nothing and pass.
  ///
  /// Symbolic links are searched as `check` searches a folder (``ScenePaths/expand(_:currentDirectory:)``):
  /// a link matches only when it leads inside the folder before the pattern's first wildcard, and
  /// links to folders are not searched through; the notes name the links skipped.
  ///
  /// - Complexity: each folder is listed once per component of the pattern at most (a walk that
  ///   reaches a folder at a component already tried there stops), and at most ``maxEntries``
  ///   entries are looked at in all; past that the pattern is an error.
  static func expand(
    _ patterns: [String], in folder: String, currentDirectory: String, file: String, bounds: RepositoryBounds? = nil,
    maxEntries: Int = maxEntries
  ) throws(InputError) -> (paths: [String], notes: [String]) {
    var paths: [String] = []
    var skipped: [ScenePaths.SkippedLink] = []
    // A path, or the folder a glob searches, stays in the repository (RepositoryBounds): what a
    // glob finds below it is held there by the search's own rule for links.
    func checked(_ path: String, _ pattern: String) throws(InputError) -> String {
      try bounds?.check(path, written: pattern, key: "scenes", currentDirectory: currentDirectory, outcome: "nothing was checked")
      return path
    }
    for pattern in patterns {
      guard pattern.contains(where: { "*?[".contains($0) }) else {
        paths.append(try checked(ScenePaths.join(folder, pattern), pattern))
        continue
      }
      var parts: [String] = []
      // `**/**` matches what `**` does.
      for part in pattern.split(separator: "/").map(String.init) where !(part == "**" && parts.last == "**") { parts.append(part) }
      let fixed = parts.prefix { !$0.contains(where: { "*?[".contains($0) }) }
      let base = try checked(ScenePaths.join(folder, fixed.joined(separator: "/")), pattern)
      let resolved = ScenePaths.resolve(base, in: currentDirectory)
      var matches: [String] = []
      if let real = ScenePaths.real(resolved) {
        var walk = Walk(
          folder: resolved, shown: base, pattern: Array(parts.dropFirst(fixed.count)), root: ScenePaths.SearchRoot(real: real, shown: base),
          maxEntries: maxEntries)
        guard walk.run() else {
          throw InputError(
            "\(file): error: scenes: \"\(pattern)\" looks at more than \(NumberRange.grouped(Double(maxEntries))) entries of folders, the most a pattern may; nothing was checked\n"
              + "  note: a pattern is a search of the repository: start it at the folder that holds the scenes (\"scenes/**/*.json\"), or list the scene files"
          )
        }
        matches = walk.found.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        skipped += walk.skipped
      }
      guard !matches.isEmpty else {
        throw InputError(
          "\(file): error: scenes: \"\(pattern)\" matches no file (relative to \(folder == "." ? "the file's folder" : folder)), so check has no scene to run; nothing was checked\n"
            + "  note: add scene files it matches (RenderCost.check records scenes under __RenderScenes__ when unit tests run), change \"scenes\" in \(file), or give check the scene files or folders"
        )
      }
      paths += Set(matches).sorted().map { ScenePaths.join(base, $0) }
    }
    return (paths, ScenePaths.notes(skipped))
  }

  /// The search of one pattern below its fixed folder: a walk over (folder, component) steps,
  /// each taken once, the folders' entries listed once each.
  private struct Walk {
    /// The folder the pattern starts from, as the file system and as the user's paths name it.
    let folder: String
    let shown: String
    let pattern: [String]
    let root: ScenePaths.SearchRoot
    /// Matches, relative to ``folder`` (`""` for the folder itself).
    var found = Set<String>()
    var skipped: [ScenePaths.SkippedLink] = []
    /// Each folder's entries that are not hidden, sorted, with whether each is a folder itself
    /// (not through a link: a link is never searched through).
    private var listings: [String: [(name: String, isFolder: Bool)]] = [:]
    private var entries = 0
    let maxEntries: Int

    init(folder: String, shown: String, pattern: [String], root: ScenePaths.SearchRoot, maxEntries: Int) {
      self.folder = folder
      self.shown = shown
      self.pattern = pattern
      self.root = root
      self.maxEntries = maxEntries
    }

    private struct Step: Hashable {
      var relative: String
      var component: Int
    }

    /// Walks the whole pattern; false when it looked at more than ``maxEntries``.
    mutating func run() -> Bool {
      var taken = Set<Step>()
      var pending = [Step(relative: "", component: 0)]
      while let step = pending.popLast() {
        guard taken.insert(step).inserted else { continue }
        guard step.component < pattern.count else {
          found.insert(step.relative)
          continue
        }
        guard let names = listing(step.relative) else { return false }
        let prefix = step.relative.isEmpty ? "" : step.relative + "/"
        let part = pattern[step.component]
        if part == "**" {
          // `**` matches no folder, or one folder and then `**` again.
          pending.append(Step(relative: step.relative, component: step.component + 1))
          for entry in names where entry.isFolder { pending.append(Step(relative: prefix + entry.name, component: step.component)) }
          continue
        }
        for entry in names where fnmatch(part, entry.name, 0) == 0 {
          if step.component == pattern.count - 1 {
            let full = folder + "/" + prefix + entry.name
            let kind = ScenePaths.entryKind(full)
            if ScenePaths.followable(full, shown: shown + "/" + prefix + entry.name, kind: kind, root: root, skipped: &skipped) {
              found.insert(prefix + entry.name)
            }
          } else if entry.isFolder {
            pending.append(Step(relative: prefix + entry.name, component: step.component + 1))
          }
        }
      }
      return true
    }

    /// The entries of the folder at `relative`, listed once; nil past the budget.
    private mutating func listing(_ relative: String) -> [(name: String, isFolder: Bool)]? {
      if let known = listings[relative] { return known }
      let path = relative.isEmpty ? folder : folder + "/" + relative
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
      entries += names.count
      guard entries <= maxEntries else { return nil }
      let listed = names.map { ($0, ScenePaths.entryKind(path + "/" + $0) == .folder) }
      listings[relative] = listed
      return listed
    }
  }
}
