import Foundation
import Testing

/// The docs' examples are the tool's real output: every `console` block of the checked documents
/// is run, command by command, and what each command prints (standard output, then standard
/// error) must be the lines shown under it, so that the docs cannot go stale.
///
/// A block runs in a fresh folder that sees the repository's `Tests/` and `scenes/`, so commands
/// name the repository's files as a user in its folder would; files a command writes stay in that
/// folder for the next command of the block. A block that is not runnable is fenced as `text`
/// (or any other language), never as `console`.
@Suite("docs examples")
struct DocsExamplesTests {
  /// The documents whose `console` blocks are checked.
  static let documents = ["docs/lottie.md"]

  /// One `$ offscreen-sim ...` line and the lines shown under it.
  struct Example: CustomTestStringConvertible, Sendable {
    var document: String
    var block: Int
    var commands: [(arguments: [String], output: String)]
    var testDescription: String { "\(document) block \(block)" }
  }

  static func examples() throws -> [Example] {
    var examples: [Example] = []
    for document in documents {
      let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
      var inBlock = false
      var block = 0
      var commands: [(arguments: [String], output: String)] = []
      for line in text.components(separatedBy: "\n") {
        if !inBlock, line == "```console" {
          inBlock = true
          block += 1
          commands = []
        } else if inBlock, line == "```" {
          inBlock = false
          examples.append(Example(document: document, block: block, commands: commands))
        } else if inBlock, line.hasPrefix("$ offscreen-sim ") {
          // Arguments are separated by spaces; the docs' commands quote nothing.
          let arguments = line.dropFirst("$ offscreen-sim ".count).split(separator: " ").map(String.init)
          commands.append((arguments, ""))
        } else if inBlock, !commands.isEmpty {
          commands[commands.count - 1].output += line + "\n"
        }
      }
    }
    return examples
  }

  @Test func everyDocumentHasARunnableExample() throws {
    let examples = try Self.examples()
    for document in Self.documents {
      #expect(examples.contains { $0.document == document && !$0.commands.isEmpty }, "\(document) has no console block")
    }
  }

  @Test func examplesPrintWhatTheDocsShow() throws {
    for example in try Self.examples() {
      let folder = try temporaryFolder()
      for shared in ["Tests", "scenes"] {
        try FileManager.default.createSymbolicLink(
          atPath: folder + "/" + shared, withDestinationPath: packageRoot.appendingPathComponent(shared).path)
      }
      for command in example.commands {
        let run = ToolRun.callAsFunction(command.arguments, currentDirectory: folder)
        var printed = run.stdout + run.stderr
        if !printed.hasSuffix("\n") { printed += "\n" }
        #expect(
          printed == command.output,
          "\(example.testDescription): `offscreen-sim \(command.arguments.joined(separator: " "))` printed:\n\(printed)")
      }
    }
  }
}
