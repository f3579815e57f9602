import Testing

@testable import offscreen_sim

/// Text for a terminal: wrapping to its width, the width's sources, progress lines only on a
/// terminal. Expected values worked out by hand from the rules in ``LineWrap`` and ``Terminal``.
@Suite("Terminal output")
struct TerminalOutputTests {
  @Test func longLinesWrapUnderTheirLastColumn() {
    // "  abc  one two three four five" is 30 characters; at 20 the last space that fits is at
    // index 20 (after "three"); the last column starts after the two-space gap, at 7.
    #expect(LineWrap.wrap("  abc  one two three four five", width: 20) == "  abc  one two three\n       four five")
    // Lines that fit and line breaks are kept as they are.
    #expect(LineWrap.wrap("short\n  also short\n", width: 20) == "short\n  also short\n")
    // No two-space gap: continuation two columns in from the line's indent.
    #expect(LineWrap.wrap("one two three four five six", width: 10) == "one two\n  three\n  four\n  five six")
    // A word longer than the line is cut.
    #expect(LineWrap.wrap("abcdefghijkl", width: 5) == "abcde\n  fgh\n  ijk\n  l")
  }

  @Test func theWidthComesFromColumnsThenTheTerminal() {
    #expect(Terminal.width(columns: "100", isTerminal: false, measured: nil) == 100)
    #expect(Terminal.width(columns: nil, isTerminal: false, measured: nil) == nil)
    #expect(Terminal.width(columns: nil, isTerminal: true, measured: 120) == 120)
    #expect(Terminal.width(columns: nil, isTerminal: true, measured: nil) == Terminal.defaultWidth)
    #expect(Terminal.width(columns: "10", isTerminal: true, measured: 120) == Terminal.minimumWidth)
    #expect(Terminal.width(columns: "wide", isTerminal: true, measured: 90) == 90)
  }

  final class Buffer: @unchecked Sendable {
    var out = ""
    var err = ""
  }

  func io(_ terminal: Terminal, _ buffer: Buffer) -> ToolIO {
    ToolIO(
      writeOut: { buffer.out += $0 }, writeErr: { buffer.err += $0 }, readStdin: { [] }, environment: [:], currentDirectory: "/",
      terminal: terminal)
  }

  @Test func outputWrapsOnlyWhenTheWidthIsKnown() {
    let line = "  abc  one two three four five\n"
    let wide = Buffer()
    io(.none, wide).out(line)
    #expect(wide.out == line)
    let narrow = Buffer()
    io(Terminal(outIsTerminal: true, width: 20), narrow).out(line)
    #expect(narrow.out == "  abc  one two three\n       four five\n")
  }

  @Test func progressIsDrawnOnlyOnATerminal() {
    let log = Buffer()
    io(.none, log).progress("checked 1 of 2 scenes")
    #expect(log.err.isEmpty)
    let terminal = Buffer()
    let tty = io(Terminal(errIsTerminal: true), terminal)
    tty.progress("checked 1 of 2\u{1B} scenes")
    tty.progress(nil)
    // Carriage return, the line (its ESC shown, never sent), erase to end of line (ESC [ K).
    #expect(terminal.err == "\rchecked 1 of 2\\u{1B} scenes\u{1B}[K\r\u{1B}[K")
  }

  /// `check --quiet`: the failed lines and the total, nothing else, and the same exit code.
  @Test func quietCheckKeepsTheFailuresAndTheTotal() {
    let budgets = ReferenceTests.inputs + "/budgets"
    let full = ToolRun.run("check", budgets, currentDirectory: ReferenceTests.inputs)
    let quiet = ToolRun.run("check", budgets, "--quiet", currentDirectory: ReferenceTests.inputs)
    #expect(quiet.status == full.status)
    #expect(full.status == 1)
    let fullLines = full.stdout.split(separator: "\n")
    let expected = fullLines.filter { $0.hasPrefix("failed") } + [fullLines.last!]
    #expect(
      quiet.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: " ", with: "") }
        == expected.map { $0.replacingOccurrences(of: " ", with: "") })
    #expect(quiet.stdout.split(separator: "\n").count < fullLines.count)
  }
}
