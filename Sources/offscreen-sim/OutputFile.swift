import Foundation

/// Where a command writes a picture or a page: a file (`-o out.svg`), or standard output (`-o -`).
struct OutputFile {
  var io: ToolIO

  /// The path given with `-o` (required, so given); a usage error when it is empty.
  static func path(_ given: String?) throws(UsageError) -> String {
    guard let path = given, !path.isEmpty else { throw UsageError("-o needs a file name (- for standard output)") }
    return path
  }

  /// Writes `text` to `path` whole, or to standard output for `-`. A folder that does not
  /// exist, a path that is a folder, or a file that cannot be written is an input error (exit 2)
  /// that names the path and the reason.
  func write(_ text: String, to path: String, kind: DocumentKind = .markup) throws(InputError) {
    if path == "-" {
      io.document(text, kind)
      return
    }
    let resolved = ScenePaths.resolve(path, in: io.currentDirectory)
    let url = URL(fileURLWithPath: resolved)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue {
      throw InputError("\(path): error: is a directory; give a file name to write")
    }
    if FileManager.default.fileExists(atPath: resolved), !FileManager.default.isWritableFile(atPath: resolved) {
      throw InputError("\(path): error: cannot write the file: permission denied")
    }
    let folder = url.deletingLastPathComponent().path
    if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
      throw InputError("\(path): error: cannot write the file: the folder \(folder) does not exist")
    }
    do {
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      let reason = FileManager.default.isWritableFile(atPath: folder) ? "\(error.localizedDescription)" : "permission denied"
      throw InputError("\(path): error: cannot write the file: \(reason)")
    }
  }
}
