import Foundation

/// Where a command reads and writes: the process's streams, or buffers in tests.
struct ToolIO {
  var writeOut: (String) -> Void
  var writeErr: (String) -> Void
  var readStdin: () -> [UInt8]
  var environment: [String: String]
  var currentDirectory: String

  static var standard: ToolIO {
    ToolIO(
      writeOut: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
      writeErr: { text in FileHandle.standardError.write(Data(text.utf8)) },
      readStdin: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath)
  }

  func out(_ text: String) { writeOut(text) }
  func err(_ text: String) { writeErr(text) }
}

/// A problem with how the tool was called; printed with the command's usage line, exit 2.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
