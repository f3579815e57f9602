import Compositor
import Foundation
import LayerTree

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
      let (paths, notes) = try ScenePatterns.expand(scenes, in: folder, currentDirectory: io.currentDirectory, file: path)
      for note in notes { io.err(note + "\n") }
      parsed.positional = paths
    }
  }
}

/// The scenes of a configuration: paths and globs, relative to its folder.
enum ScenePatterns {
  /// Each pattern's files or folders, as paths from the working folder, in pattern order, each
  /// pattern's matches sorted. `*` and `?` match within a name, `**` any number of folders;
  /// hidden files and folders (`.build`, `.git`) are not searched. A pattern that matches nothing is an
  /// error: a misspelt glob would otherwise check nothing and pass.
  ///
  /// Symbolic links are searched as `check` searches a folder (``ScenePaths/expand(_:currentDirectory:)``):
  /// a link matches only when it leads inside the folder before the pattern's first wildcard, and
  /// links to folders are not searched through; the notes name the links skipped.
  static func expand(_ patterns: [String], in folder: String, currentDirectory: String, file: String) throws(InputError)
    -> (paths: [String], notes: [String])
  {
    var paths: [String] = []
    var skipped: [ScenePaths.SkippedLink] = []
    for pattern in patterns {
      guard pattern.contains(where: { "*?[".contains($0) }) else {
        paths.append(ScenePaths.join(folder, pattern))
        continue
      }
      let parts = pattern.split(separator: "/").map(String.init)
      let fixed = parts.prefix { !$0.contains(where: { "*?[".contains($0) }) }
      let base = ScenePaths.join(folder, fixed.joined(separator: "/"))
      let resolved = ScenePaths.resolve(base, in: currentDirectory)
      var matches: [String] = []
      if let real = ScenePaths.real(resolved) {
        let root = ScenePaths.SearchRoot(real: real, shown: base)
        matches = walk(resolved, shown: base, Array(parts.dropFirst(fixed.count)), root: root, skipped: &skipped)
      }
      guard !matches.isEmpty else {
        throw InputError(
          "\(file): error: scenes: \"\(pattern)\" matches no file (relative to \(folder == "." ? "the file's folder" : folder)), so check has no scene to run; nothing was checked\n"
            + "  note: add scene files it matches (RenderCost.check records scenes under __RenderScenes__ when unit tests run), change \"scenes\" in \(file), or give check the scene files or folders"
        )
      }
      paths += matches.sorted().map { ScenePaths.join(base, $0) }
    }
    return (paths, ScenePaths.notes(skipped))
  }

  /// The paths below `folder` (`shown` as the user's paths name it) that match `pattern`'s
  /// components, relative to `folder`; links as ``expand(_:in:currentDirectory:file:)`` says.
  private static func walk(
    _ folder: String, shown: String, _ pattern: [String], root: ScenePaths.SearchRoot, skipped: inout [ScenePaths.SkippedLink]
  ) -> [String] {
    guard let first = pattern.first else { return [""] }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    // The entry itself, not what a link leads to: a link is never searched through.
    func isFolder(_ name: String) -> Bool { ScenePaths.entryKind(folder + "/" + name) == .folder }
    var found: [String] = []
    if first == "**" {
      // `**` matches no folder, or one folder and then `**` again.
      found += walk(folder, shown: shown, Array(pattern.dropFirst()), root: root, skipped: &skipped)
      for name in names where isFolder(name) {
        found += walk(folder + "/" + name, shown: shown + "/" + name, pattern, root: root, skipped: &skipped).map { name + "/" + $0 }
      }
    } else {
      for name in names where fnmatch(first, name, 0) == 0 {
        if pattern.count == 1 {
          let full = folder + "/" + name
          if ScenePaths.followable(full, shown: shown + "/" + name, kind: ScenePaths.entryKind(full), root: root, skipped: &skipped) {
            found.append(name)
          }
        } else if isFolder(name) {
          found += walk(folder + "/" + name, shown: shown + "/" + name, Array(pattern.dropFirst()), root: root, skipped: &skipped).map {
            name + "/" + $0
          }
        }
      }
    }
    return Array(Set(found.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }))
  }
}
