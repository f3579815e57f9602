import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// Runs the tool in-process with captured output, as a user would call it from a shell. It calls
/// the executable target's `CommandLineTool.run`, which only a test target may import, so it
/// lives here; what the other test targets share (the repository's folders, temporary files,
/// the built executable, the record switch and the comparison of a held file) is in TestSupport.
struct ToolRun {
  var status: Int32
  var stdout: String
  var stderr: String

  /// Runs `offscreen-sim <arguments>`; `stdin` is what standard input holds, `environment` the
  /// process environment, `currentDirectory` where relative paths start (default: the process's).
  static func callAsFunction(
    _ arguments: [String], stdin: String = "", environment: [String: String] = [:], currentDirectory: String? = nil
  ) -> ToolRun {
    callAsFunction(arguments, stdinBytes: Array(stdin.utf8), environment: environment, currentDirectory: currentDirectory)
  }

  /// Runs `offscreen-sim <arguments>` with any bytes, valid UTF-8 or not, on standard input.
  static func callAsFunction(
    _ arguments: [String], stdinBytes: [UInt8], environment: [String: String] = [:], currentDirectory: String? = nil
  ) -> ToolRun {
    final class Buffer: @unchecked Sendable {
      var out = ""
      var err = ""
    }
    let buffer = Buffer()
    let io = ToolIO(
      writeOut: { buffer.out += $0 }, writeErr: { buffer.err += $0 }, readStdin: { stdinBytes },
      environment: environment, currentDirectory: currentDirectory ?? FileManager.default.currentDirectoryPath)
    let status = CommandLineTool.run(arguments, io: io)
    return ToolRun(status: status, stdout: buffer.out, stderr: buffer.err)
  }

  static func run(
    _ arguments: String..., stdin: String = "", environment: [String: String] = [:], currentDirectory: String? = nil
  ) -> ToolRun {
    callAsFunction(arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory)
  }

  static func run(_ arguments: String..., stdinBytes: [UInt8]) -> ToolRun { callAsFunction(arguments, stdinBytes: stdinBytes) }
}

/// The package's folder, for bundled scenes.
let packageRoot = Repository.root
