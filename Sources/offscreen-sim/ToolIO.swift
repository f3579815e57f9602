import Foundation

/// Where a command reads and writes: the process's streams, or buffers in tests.
///
/// Everything the tool prints goes through one of these doors, each with its output kind's
/// escaping: ``out(_:)`` and ``err(_:)`` for text a person reads (``TerminalText``; styled
/// text's colour codes come from ``StyledText/Style`` only), ``progress(_:)`` for the progress
/// line, ``document(_:_:)`` for a JSON, Markdown or markup document (``DocumentKind``),
/// ``print(_:_:)`` for a reporter's output by its kind, and ``annotate(_:)`` for workflow
/// commands, escaped as they are built (``GitHubAnnotations``).
/// `writeOut` and `writeErr` are the raw streams; commands never call them.
struct ToolIO {
  var writeOut: (String) -> Void
  var writeErr: (String) -> Void
  var readStdin: () -> [UInt8]
  var environment: [String: String]
  var currentDirectory: String
  /// Whether the streams are terminals and how wide: text on standard output wraps to its
  /// width, progress is drawn only on a terminal.
  var terminal: Terminal = .none
  /// True when ``out(_:)`` colours the styled parts of its text (`--color`, `NO_COLOR`).
  var colour = false

  static var standard: ToolIO {
    let environment = ProcessInfo.processInfo.environment
    let terminal = Terminal.current(environment: environment)
    return ToolIO(
      writeOut: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
      writeErr: { text in FileHandle.standardError.write(Data(text.utf8)) },
      readStdin: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
      environment: environment,
      currentDirectory: FileManager.default.currentDirectoryPath, terminal: terminal,
      colour: ColourChoice.auto.enabled(terminal: terminal, environment: environment))
  }

  /// Text for a person on standard output, wrapped to the terminal's width.
  func out(_ text: String) {
    if terminal.width == nil {
      writeOut(TerminalText.escape(text))
    } else {
      out(StyledText(text))
    }
  }

  /// Styled text for a person on standard output: escaped as one text, wrapped to the
  /// terminal's width, coloured when ``colour`` is on. Wrapping starts lines inside a value (a
  /// scene's name), so the lines as printed are guarded again: a `::` a wrap puts at the start of
  /// a line is escaped as ``TerminalText/escape(_:)`` escapes it.
  func out(_ text: StyledText) {
    let rendered = StyledText.render(TerminalText.escape(text), width: terminal.width, colour: colour)
    guard terminal.width != nil else { return writeOut(rendered) }
    writeOut(
      WorkflowCommandGuard.neutralise(rendered, colon: TerminalText.visible(":"), bracket: TerminalText.visible("[")))
  }

  /// A progress line on standard error, drawn over itself (`\r`, then erase to the end of the
  /// line: ECMA-48 EL, `ESC [ K`), only when standard error is a terminal; `nil` clears it.
  /// Logs and pipes get nothing, so the output is the same however the tool is run.
  func progress(_ text: String?) {
    guard terminal.errIsTerminal else { return }
    writeErr("\r" + (text.map { TerminalText.inline($0) } ?? "") + "\u{1B}[K")
  }

  /// Text for a person on standard error: messages, warnings, errors.
  func err(_ text: String) { writeErr(TerminalText.escape(text)) }

  /// A whole document on standard output (`--format json`, `-o -`).
  func document(_ text: String, _ kind: DocumentKind) { writeOut(kind.forLog(text)) }

  /// What a reporter prints, on standard output, escaped as its output kind needs.
  func print(_ reporter: any OutcomeReporter.Type, _ outcomes: Outcomes) {
    let text = reporter.format(outcomes)
    switch reporter.output {
    case .document(let kind): document(text, kind)
    case .lines: writeOut(TerminalText.escape(text))
    case .workflowCommands: writeOut(text)
    }
  }

  /// Workflow commands from ``GitHubAnnotations``, on standard error, as they are.
  func annotate(_ commands: String) {
    if !commands.isEmpty { writeErr(commands) }
  }

  /// True when the tool runs in a GitHub Actions job (`GITHUB_ACTIONS=true`): failures and
  /// input errors are then also printed as workflow annotations.
  var inGitHubActions: Bool { environment["GITHUB_ACTIONS"] == "true" }

  /// An input that cannot be used: its message on standard error, and in a GitHub Actions job
  /// an annotation for each problem.
  /// `annotated`: false when the command's own output already carries the error as workflow
  /// commands (`--format github`), which would otherwise annotate it twice.
  func report(_ error: InputError, annotated: Bool = true) {
    err(error.message + "\n")
    if inGitHubActions && annotated { annotate(GitHubAnnotations.inputError(error)) }
  }
}

/// A problem with how the tool was called; printed with the command's usage line, exit 2.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
