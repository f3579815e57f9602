import Foundation

/// Where a command reads and writes: the process's streams, or buffers in tests.
///
/// Everything the tool prints goes through one of four doors, each with its output kind's
/// escaping: ``out(_:)`` and ``err(_:)`` for text a person reads (``TerminalText``),
/// ``document(_:_:)`` for a JSON, Markdown or markup document (``DocumentKind``), and
/// ``annotate(_:)`` for workflow commands, escaped as they are built (``GitHubAnnotations``).
/// `writeOut` and `writeErr` are the raw streams; commands never call them.
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

  /// Text for a person on standard output.
  func out(_ text: String) { writeOut(TerminalText.escape(text)) }

  /// Text for a person on standard error: messages, warnings, errors.
  func err(_ text: String) { writeErr(TerminalText.escape(text)) }

  /// A whole document on standard output (`--format json`, `-o -`).
  func document(_ text: String, _ kind: DocumentKind) { writeOut(kind.forLog(text)) }

  /// Workflow commands from ``GitHubAnnotations``, on standard error, as they are.
  func annotate(_ commands: String) {
    if !commands.isEmpty { writeErr(commands) }
  }

  /// True when the tool runs in a GitHub Actions job (`GITHUB_ACTIONS=true`): failures and
  /// input errors are then also printed as workflow annotations.
  var inGitHubActions: Bool { environment["GITHUB_ACTIONS"] == "true" }

  /// An input that cannot be used: its message on standard error, and in a GitHub Actions job
  /// an annotation for each problem.
  func report(_ error: InputError) {
    err(error.message + "\n")
    if inGitHubActions { annotate(GitHubAnnotations.inputError(error)) }
  }
}

/// A problem with how the tool was called; printed with the command's usage line, exit 2.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
