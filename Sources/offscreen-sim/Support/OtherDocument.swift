import Compositor
import Foundation
import LayerTree
import SceneBatch

/// What a JSON file that a folder search found is, when it is not a scene: a budgets file, a
/// pairs file, a project configuration, a measurements file or one of the tool's JSON documents
/// kept beside the scenes.
/// `check scenes/` skips such a file with a note instead of reading it as a broken scene.
///
/// Only the top-level keys are looked at (of the object, or of the objects of a top-level
/// array), in at most the first ``peekLimit`` bytes, with a scanner that does no more than track
/// strings and nesting: a scene names `root` near its start, after a few small keys, and the files
/// it is told apart from are small. A file the scanner cannot place (not JSON, cut off, empty, or with
/// a key of a scene's) is left to the scene reader, which says what is wrong with it.
enum OtherDocument {
  /// The most bytes read from a file to tell what it is.
  static let peekLimit = 64 * 1024

  /// What `bytes` (the start of a file) look like, as a note names it, or nil for a scene or
  /// anything else the scene reader should judge.
  static func kind(of bytes: [UInt8]) -> String? {
    guard let shape = TopLevel.scan(bytes) else { return nil }
    switch shape {
    case .object(let all):
      let keys = Set(all.filter { !$0.hasPrefix("//") && $0 != "$comment" })
      // A measurements file has a `version` too, and its `cases`; a scene has no `cases`.
      if keys.contains("version") && keys.contains("cases") && !keys.contains("root")
        && keys.isSubset(of: Set(MeasurementsFormat.file.names))
      {
        return "a measurements file (offscreen-sim calibrate, validate)"
      }
      if keys.isEmpty || keys.contains("version") || keys.contains("root") { return nil }
      if keys.contains("reportVersion") { return "a JSON report (offscreen-sim report --format json)" }
      if keys.contains("checkVersion") { return "a check result (offscreen-sim check --format json)" }
      if keys.contains("compareVersion") { return "a comparison (offscreen-sim compare --format json)" }
      if keys.contains("explainVersion") { return "an explanation (offscreen-sim explain --format json)" }
      let budgetKeys = Set(BudgetKind.allCases.map(\.rawValue) + ["devices", "checkOn"])
      if keys.isSubset(of: budgetKeys), !keys.isSubset(of: ["devices"]) { return "a budgets file (check --budgets)" }
      if keys.isSubset(of: Set(ProjectConfig.keys)) { return "a project configuration (.offscreen-sim.json)" }
      return nil
    case .array(let elements):
      guard !elements.isEmpty else { return nil }
      let pairKeys = Set(PairsDecoder.pairKeys)
      let allPairs = elements.allSatisfy { element in
        guard let element else { return false }
        let keys = Set(element.filter { !$0.hasPrefix("//") })
        return keys.contains("before") && keys.contains("after") && keys.isSubset(of: pairKeys)
      }
      return allPairs ? "a pairs file (compare --pairs)" : nil
    }
  }

  /// The files a folder search found that are not scenes, each with a note naming what it looks
  /// like; `named` are the paths given on the command line, always read as scenes (an error there
  /// says what is wrong with the file the user chose).
  static func split(_ files: [String], named: [String], currentDirectory: String) -> (scenes: [String], notes: [String]) {
    let named = Set(named)
    var scenes: [String] = []
    var notes: [String] = []
    for file in files {
      if !named.contains(file), let kind = kind(of: peek(ScenePaths.resolve(file, in: currentDirectory))) {
        notes.append(
          "\(file): note: skipped: it looks like \(kind), not a scene (no `version` or `root`); name it on the command line to read it as a scene, or keep it outside the folder"
        )
      } else {
        scenes.append(file)
      }
    }
    return (scenes, notes)
  }

  /// The error for a scene that could not be read; when it looks like another kind of file (one
  /// named on the command line), a last note says which.
  static func hinted(_ failure: BatchFailure, currentDirectory: String) -> InputError {
    var error = InputError(failure)
    if case .invalidScene(let path, _) = failure, let kind = kind(of: peek(ScenePaths.resolve(path, in: currentDirectory))) {
      error.message += "\n  note: \(SceneLoader.displayName(path)) looks like \(kind), not a scene"
    }
    return error
  }

  // MARK: Files that are not scenes

  /// Whether `bytes` (the start of a file) start as a scene does: a JSON object with `version`
  /// or `root` among its top-level keys (comments allowed), also when the object is cut off or
  /// broken after them (a truncated or malformed scene: its reader's own error, at its place,
  /// says so). A file that does not is not a
  /// scene, and the problems found reading it as one do not quote it.
  static func startsAsScene(_ bytes: [UInt8]) -> Bool {
    guard case .object(let keys) = TopLevel.scan(Array(bytes.prefix(peekLimit)), partial: true) else { return false }
    return keys.contains("version") || keys.contains("root")
  }

  /// The problems a scene reader found in a file, or, when the file is not a scene at all, one
  /// problem that shows nothing of it: its first problem's place and why it is no scene.
  ///
  /// A path a configuration or a pairs file names, or a link in a folder, may lead to any file
  /// the tool can read (`/proc/self/environ`, a key): read as a scene, its first bytes would be
  /// quoted in the error (`found 'GITHUB_ACTIONS'`), in a job's log. The place and the reason
  /// are enough to mend a real scene whose start is broken.
  static func withoutContent(_ errors: SceneErrors, bytes: [UInt8]) -> SceneErrors {
    guard !startsAsScene(bytes) else { return errors }
    let reason: String
    switch TopLevel.scan(Array(bytes.prefix(peekLimit))) {
    case .object: reason = "its top level has no \"version\" or \"root\""
    case .array: reason = "its top level is an array"
    case nil:
      // Said without quoting it: empty, an object broken before its keys, or something else.
      let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
      switch first {
      case nil: reason = "it is empty"
      case UInt8(ascii: "{")?: reason = "its JSON breaks before any \"version\" or \"root\" key"
      default: reason = "it does not start as a JSON object with \"version\" and \"root\""
      }
    }
    let location = errors.diagnostics.first?.location
    return SceneErrors([
      Diagnostic(
        path: "", location: location,
        message: "not a scene: \(reason); nothing of the file is shown, as it may not be a scene at all",
        notes: ["a scene file is a JSON object with \"version\" and \"root\" (docs/scene-format.md)"])
    ])
  }

  /// ``withoutContent(_:bytes:)`` for a batch's failure, the file read again (its start) by
  /// its path; standard input, given by the command line, is left as it is.
  static func withoutContent(_ failure: BatchFailure, currentDirectory: String) -> BatchFailure {
    switch failure {
    case .invalidScene(let path, let errors) where path != "-":
      return .invalidScene(path: path, withoutContent(errors, bytes: peek(ScenePaths.resolve(path, in: currentDirectory))))
    case .invalidJSON(let path, let location, let message) where path != "-":
      let bytes = peek(ScenePaths.resolve(path, in: currentDirectory))
      guard !startsAsScene(bytes) else { return failure }
      let errors = SceneErrors([Diagnostic(path: "", location: location, message: "invalid JSON: \(message)")])
      return .invalidScene(path: path, withoutContent(errors, bytes: bytes))
    default:
      return failure
    }
  }

  /// The first ``peekLimit`` bytes of the file at `path`; none when it cannot be read (the
  /// scene reader then says why).
  static func peek(_ path: String) -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: peekLimit) else { return [] }
    return Array(data)
  }

  /// The top level of a JSON text: an object's keys, or each element of an array as an object's
  /// keys (nil for an element that is not an object).
  enum TopLevel: Equatable {
    case object([String])
    case array([[String]?])

    /// The top level of `bytes`, or nil when it is neither, or does not end within them.
    /// `partial`: a top-level object cut off by the end of `bytes` or broken gives the keys found
    /// before that (a truncated or malformed scene still starts as one); otherwise nil.
    static func scan(_ bytes: [UInt8], partial: Bool = false) -> TopLevel? {
      var index = 0
      // White space, and comments (which JSON has not, but a scene written by hand may, and the
      // scene reader then says so): the keys around them are still found.
      func skipSpace() {
        while index < bytes.count {
          switch bytes[index] {
          case 0x20, 0x09, 0x0A, 0x0D: index += 1
          case 0x2F where index + 1 < bytes.count && bytes[index + 1] == 0x2F:
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
          case 0x2F where index + 1 < bytes.count && bytes[index + 1] == 0x2A:
            index += 2
            while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) { index += 1 }
            index += 2
          default: return
          }
        }
      }
      // A string starting at `index` (a quote); its text, with `index` after the closing quote.
      func string() -> String? {
        guard index < bytes.count, bytes[index] == 0x22 else { return nil }
        index += 1
        let start = index
        while index < bytes.count {
          switch bytes[index] {
          case 0x5C: index += 2
          case 0x22:
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            return text
          default: index += 1
          }
        }
        return nil
      }
      // Skips one value of any kind; false when the text ends first or is not JSON enough.
      func skipValue() -> Bool {
        skipSpace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case 0x22: return string() != nil
        case 0x7B, 0x5B:
          var depth = 0
          while index < bytes.count {
            switch bytes[index] {
            case 0x22:
              if string() == nil { return false }
              continue
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
              depth -= 1
              if depth == 0 {
                index += 1
                return true
              }
            default: break
            }
            index += 1
          }
          return false
        default:
          while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
          return index < bytes.count
        }
      }
      // An object's keys, `index` at its `{`; nil when it is cut off or malformed. A scene's `root`
      // at the top level ends the scan there: the file is a scene, and the rest of it (its layer
      // tree) need not be skipped through. (`version` does not: a measurements file has one.)
      func objectKeys(topLevel: Bool = false) -> [String]? {
        guard index < bytes.count, bytes[index] == 0x7B else { return nil }
        index += 1
        var keys: [String] = []
        skipSpace()
        if index < bytes.count, bytes[index] == 0x7D {
          index += 1
          return keys
        }
        // A top level cut off or broken gives the keys found before (`partial`).
        while true {
          skipSpace()
          guard let key = string() else { return topLevel && partial ? keys : nil }
          keys.append(key)
          if topLevel && key == "root" { return keys }
          skipSpace()
          guard index < bytes.count, bytes[index] == 0x3A else { return topLevel && partial ? keys : nil }
          index += 1
          guard skipValue() else { return topLevel && partial ? keys : nil }
          skipSpace()
          guard index < bytes.count else { return topLevel && partial ? keys : nil }
          if bytes[index] == 0x2C {
            index += 1
            continue
          }
          guard bytes[index] == 0x7D else { return topLevel && partial ? keys : nil }
          index += 1
          return keys
        }
      }
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
      skipSpace()
      guard index < bytes.count else { return nil }
      if bytes[index] == 0x7B {
        return objectKeys(topLevel: true).map { .object($0) }
      }
      guard bytes[index] == 0x5B else { return nil }
      index += 1
      var elements: [[String]?] = []
      skipSpace()
      if index < bytes.count, bytes[index] == 0x5D { return .array([]) }
      while true {
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == 0x7B {
          guard let keys = objectKeys() else { return nil }
          elements.append(keys)
        } else {
          guard skipValue() else { return nil }
          elements.append(nil)
        }
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == 0x2C {
          index += 1
          continue
        }
        return bytes[index] == 0x5D ? .array(elements) : nil
      }
    }
  }
}
