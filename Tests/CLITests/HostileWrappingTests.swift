import Foundation
import Testing

@testable import offscreen_sim

/// Text wrapped to a width (a terminal's, or `COLUMNS`, which is honoured for pipes too, so a CI
/// job that sets it wraps its log): a wrap starts a new line inside a value, and no value may
/// start a line with a workflow command there either.
@Suite("hostile input: wrapped text")
struct HostileWrappingTests {
  /// Words of every length from 1 to `longest` characters, each followed by a command, so that
  /// some command lands at the start of a wrapped line whatever the width.
  static func commands(_ longest: Int) -> String {
    (1...longest).map {
      String(repeating: "w", count: $0) + " ::error::forged " + String(repeating: "v", count: $0) + " ::stop-commands::tok"
    }
    .joined(separator: " ")
  }

  /// `arguments` run with standard output `width` columns wide, coloured or not.
  static func run(_ arguments: [String], width: Int, colour: Bool) -> String {
    final class Buffer: @unchecked Sendable { var out = "" }
    let buffer = Buffer()
    let io = ToolIO(
      writeOut: { buffer.out += $0 }, writeErr: { _ in }, readStdin: { [] }, environment: [:],
      currentDirectory: FileManager.default.currentDirectoryPath, terminal: Terminal(width: width), colour: colour)
    _ = CommandLineTool.run(arguments, io: io)
    return buffer.out
  }

  /// The scene's name in `report`; the file's name (a pull request names its files) in `check`
  /// and `compare`.
  @Test func noWrappedLineStartsACommand() throws {
    let (_, named) = try hostileFile(named: "scene.json", HostileEscapingTests.scene(name: Self.commands(9)))
    let (_, file) = try hostileFile(named: Self.commands(4) + ".json", HostileEscapingTests.scene(name: "s"))
    var wrappedAtTheCommand = 0
    for width in 40...120 {
      for colour in [false, true] {
        for arguments in [["report", named], ["compare", file, file], ["check", file]] {
          let label = "\(arguments[0]) at \(width) columns\(colour ? ", coloured" : "")"
          let out = Self.run(arguments, width: width, colour: colour)
          #expect(out.contains(":error::forged"), "\(label): the text is shown (a colon escaped where it starts a line)")
          #expect(RunnerModel.commands(in: out).isEmpty, "\(label): \(RunnerModel.commands(in: out))")
          // The escape shows where a wrap put a command's colons at the start of a line.
          if out.contains("\\u{3A}:error::forged") { wrappedAtTheCommand += 1 }
        }
      }
    }
    // The text is long enough to wrap, and its commands do land at the start of lines.
    #expect(wrappedAtTheCommand > 0)
  }
}
