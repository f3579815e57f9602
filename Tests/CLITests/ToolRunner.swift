import Foundation
import Testing

@testable import offscreen_sim

/// Runs the tool in-process with captured output, as a user would call it from a shell.
struct ToolRun {
  var status: Int32
  var stdout: String
  var stderr: String

  /// Runs `offscreen-sim <arguments>`; `stdin` is what standard input holds, `environment` the
  /// process environment, `currentDirectory` where relative paths start (default: the process's).
  static func callAsFunction(
    _ arguments: [String], stdin: String = "", environment: [String: String] = [:], currentDirectory: String? = nil
  ) -> ToolRun {
    final class Buffer: @unchecked Sendable {
      var out = ""
      var err = ""
    }
    let buffer = Buffer()
    let io = ToolIO(
      writeOut: { buffer.out += $0 }, writeErr: { buffer.err += $0 }, readStdin: { Array(stdin.utf8) },
      environment: environment, currentDirectory: currentDirectory ?? FileManager.default.currentDirectoryPath)
    let status = CommandLineTool.run(arguments, io: io)
    return ToolRun(status: status, stdout: buffer.out, stderr: buffer.err)
  }

  static func run(
    _ arguments: String..., stdin: String = "", environment: [String: String] = [:], currentDirectory: String? = nil
  ) -> ToolRun {
    callAsFunction(arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory)
  }
}

/// The package's folder, for bundled scenes.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// Writes `text` to a new temporary file named `name` and returns its path.
func temporaryFile(_ name: String, _ text: String) throws -> String {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offscreen-sim-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let url = folder.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}
