import Foundation
import TestSupport
import Testing

/// The docs' examples are the tool's real output: every `console` block of README.md and of
/// every docs/*.md is run, command by command, and what each command prints (standard output,
/// then standard error) must be the lines shown under it, so that the docs cannot go stale.
///
/// In a `console` block, a line `$ offscreen-sim ...` is a command (the bare name stands for the
/// tool as built); the lines up to the next command or the end of the block are what it prints.
/// A line `...` alone stands for lines left out (none or more), so a long output can be shown in
/// part. Arguments are separated by spaces and quote nothing; `> file` at the end writes standard
/// output to that file, as a shell does, and `# ...` ends the command. A block runs in a fresh
/// folder that sees the repository's `Tests/` and `scenes/`, so commands name the repository's
/// files as a user in its folder would; files a command writes stay in that folder for the next
/// command of the block.
///
/// A block that cannot run here (installing, a CI job, lldb) is fenced as another language
/// (`sh`, `yaml`, `text`...) on purpose, and is not checked.
///
/// `OFFSCREEN_SIM_RECORD=1 swift test --filter DocsExamplesTests` (``Recording``) writes every
/// command's output into its block instead, where the block shows all of it (no `...` line under
/// the command); a block that leaves lines out is reported when it differs, to be edited by hand.
@Suite("docs examples")
struct DocsExamplesTests {
  /// README.md, then every Markdown file of docs/, by name.
  static var documents: [String] {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// One `$ offscreen-sim ...` line and the lines shown under it.
  struct Command: Sendable {
    var line: Int
    var arguments: [String]
    /// Where `> file` sends standard output; nil: it is shown.
    var redirect: String?
    var output: [String]
  }

  struct Example: CustomTestStringConvertible, Sendable {
    var document: String
    var line: Int
    var commands: [Command]
    /// Lines starting with `$ ` that do not run offscreen-sim: a mistake in the docs.
    var otherCommands: [String]
    var testDescription: String { "\(document):\(line)" }
  }

  static func text(_ document: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
  }

  static func examples(in document: String) throws -> [Example] {
    try examples(in: text(document), document: document)
  }

  /// The examples of `text`, the text of `document`.
  static func examples(in text: String, document: String) throws -> [Example] {
    var examples: [Example] = []
    var current: Example? = nil
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if current == nil {
        if line == "```console" { current = Example(document: document, line: index + 1, commands: [], otherCommands: []) }
        continue
      }
      if line == "```" {
        examples.append(current!)
        current = nil
      } else if line.hasPrefix("$ offscreen-sim ") {
        current!.commands.append(command(String(line.dropFirst("$ offscreen-sim ".count)), line: index + 1))
      } else if line.hasPrefix("$ ") {
        current!.otherCommands.append(line)
      } else if !current!.commands.isEmpty {
        current!.commands[current!.commands.count - 1].output.append(line)
      }
    }
    return examples
  }

  /// The arguments of a command line, its `> file` and no `# comment`.
  static func command(_ text: String, line: Int) -> Command {
    var words = text.split(separator: " ").map(String.init)
    if let comment = words.firstIndex(where: { $0.hasPrefix("#") }) { words.removeSubrange(comment...) }
    var redirect: String? = nil
    if words.count >= 2, words[words.count - 2] == ">" {
      redirect = words.removeLast()
      words.removeLast()
    }
    return Command(line: line, arguments: words, redirect: redirect, output: [])
  }

  /// True when `printed` is `shown`, where a `...` line of `shown` stands for any lines.
  static func matches(_ printed: ArraySlice<String>, _ shown: ArraySlice<String>) -> Bool {
    guard let first = shown.first else { return printed.isEmpty }
    if first == "..." {
      let rest = shown.dropFirst()
      return (printed.startIndex...printed.endIndex).contains { matches(printed[$0...], rest) }
    }
    guard let line = printed.first, line == first else { return false }
    return matches(printed.dropFirst(), shown.dropFirst())
  }

  @Test func theDocsWithExamplesRunThem() throws {
    // Each of these shows commands with their output; each must show them in a checked block.
    for document in ["README.md", "docs/ci.md", "docs/explain-and-optimize.md", "docs/lottie.md", "docs/capture.md"] {
      #expect(try Self.examples(in: document).contains { !$0.commands.isEmpty }, "\(document) has no console block")
    }
    for document in Self.documents {
      for example in try Self.examples(in: document) {
        #expect(
          example.otherCommands.isEmpty, "\(example.testDescription): a console block runs offscreen-sim only: \(example.otherCommands)")
        #expect(!example.commands.isEmpty, "\(example.testDescription): a console block without a `$ offscreen-sim` line")
      }
    }
  }

  /// A doc that names a bare `offscreen-sim` command (in a code block, or as inline code in its
  /// text) says how to get the tool by then: a link to the README's install section, before the
  /// block or within the paragraph. The README itself has the section before its first such block.
  @Test func theFirstBareCommandOfEachDocSaysHowToGetTheTool() throws {
    for document in Self.documents {
      let lines = try Self.text(document).components(separatedBy: "\n")
      var inBlock = false
      var firstUse: (line: Int, inline: Bool)? = nil
      for (index, line) in lines.enumerated() {
        if line.hasPrefix("```") {
          inBlock.toggle()
        } else if inBlock, line.hasPrefix("offscreen-sim ") || line.hasPrefix("$ offscreen-sim ") {
          firstUse = (index, false)
        } else if !inBlock, document != "README.md", line.contains("`offscreen-sim ") {
          firstUse = (index, true)
        }
        if firstUse != nil { break }
      }
      guard let firstUse else { continue }
      var end = firstUse.line
      if firstUse.inline {
        while end + 1 < lines.count, !lines[end + 1].isEmpty { end += 1 }
      } else {
        end -= 1
      }
      let before = lines[...max(0, end)].joined(separator: "\n")
      if document == "README.md" {
        #expect(before.contains("\n## Install\n"), "README.md runs offscreen-sim at line \(firstUse.line + 1) before its Install section")
      } else {
        #expect(
          before.contains("../README.md#install"),
          "\(document):\(firstUse.line + 1) names an offscreen-sim command without a link to ../README.md#install before it")
      }
    }
  }

  @Test func matchingLeavesOutLinesOnlyWhereTheDocsSaySo() {
    // Derived by hand from the rule: `...` stands for none or more lines, nothing else does.
    #expect(Self.matches(["a", "b", "c"], ["a", "...", "c"]))
    #expect(Self.matches(["a", "c"], ["a", "...", "c"]))
    #expect(Self.matches(["a", "b"], ["a", "..."]))
    #expect(!Self.matches(["a", "b", "c"], ["a", "c"]))
    #expect(!Self.matches(["a", "b"], ["a", "...", "c"]))
    #expect(!Self.matches(["a"], ["a", "b"]))
  }

  /// What each command of `example` prints, line by line (standard output, then standard error;
  /// standard error alone when `> file` takes standard output), without trailing empty lines. The
  /// block runs in a fresh folder that sees the repository's `Tests/` and `scenes/`.
  static func printed(_ example: Example) throws -> [[String]] {
    let folder = try temporaryFolder()
    for shared in ["Tests", "scenes"] {
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/" + shared, withDestinationPath: packageRoot.appendingPathComponent(shared).path)
    }
    var outputs: [[String]] = []
    for command in example.commands {
      let run = ToolRun.callAsFunction(command.arguments, currentDirectory: folder)
      var printed = run.stderr
      if let redirect = command.redirect {
        try Data(run.stdout.utf8).write(to: URL(fileURLWithPath: folder + "/" + redirect))
      } else {
        printed = run.stdout + run.stderr
      }
      outputs.append(trimmed(printed.components(separatedBy: "\n")))
    }
    return outputs
  }

  /// `lines` without its trailing empty lines.
  static func trimmed(_ lines: [String]) -> [String] {
    var lines = lines
    while lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The document's text with the output shown under each command replaced by what it printed,
  /// where the block shows the whole output (no `...` line); `printed` holds each example's
  /// outputs, in the examples' order. The commands whose shown output leaves lines out and does
  /// not match are returned as `document:line`.
  static func rewritten(_ text: String, document: String, examples: [Example], printed: [[[String]]]) -> (
    text: String, unrecorded: [String]
  ) {
    var lines = text.components(separatedBy: "\n")
    var unrecorded: [String] = []
    let commands = zip(examples, printed).flatMap { zip($0.commands, $1) }
    for (command, output) in commands.reversed() {
      let shown = trimmed(command.output)
      if matches(output[...], shown[...]) { continue }
      if shown.contains("...") {
        unrecorded.append("\(document):\(command.line)")
        continue
      }
      // The command is on line `command.line` (from 1): its output starts on the next.
      lines.replaceSubrange(command.line..<(command.line + shown.count), with: output)
    }
    return (lines.joined(separator: "\n"), unrecorded.reversed())
  }

  @Test func rewritingReplacesTheWholeOutputsOnly() {
    // Worked out by hand: the first command's output (one line, "old") becomes the two lines
    // printed; the second shows `...` and is left as it is, and named.
    let text = "# Doc\n```console\n$ offscreen-sim a\nold\n\n$ offscreen-sim b\nfirst\n...\n```\n"
    let examples = (try? Self.examples(in: text, document: "doc.md")) ?? []
    #expect(examples.count == 1 && examples.first?.commands.count == 2)
    let result = Self.rewritten(text, document: "doc.md", examples: examples, printed: [[["new", "lines"], ["other"]]])
    #expect(result.text == "# Doc\n```console\n$ offscreen-sim a\nnew\nlines\n\n$ offscreen-sim b\nfirst\n...\n```\n")
    #expect(result.unrecorded == ["doc.md:6"])
    // Nothing differs: the text is kept byte for byte.
    let same = Self.rewritten(text, document: "doc.md", examples: examples, printed: [[["old"], ["first", "x"]]])
    #expect(same.text == text && same.unrecorded.isEmpty)
  }

  /// With ``Recording`` on, writes every document's examples again (``rewritten``); otherwise
  /// `examplesPrintWhatTheDocsShow` checks them.
  @Test func recordTheExamples() throws {
    guard Recording.isOn else { return }
    for document in Self.documents {
      let text = try Self.text(document)
      let examples = try Self.examples(in: text, document: document)
      let result = Self.rewritten(text, document: document, examples: examples, printed: try examples.map(Self.printed))
      for place in result.unrecorded {
        Issue.record("\(place): the output differs and the block leaves lines out (`...`): edit it by hand")
      }
      if let failure = HeldFile.check(
        result.text, file: packageRoot.appendingPathComponent(document), name: document, filter: "DocsExamplesTests")
      {
        Issue.record(Comment(rawValue: failure))
      }
    }
  }

  @Test(arguments: try documents.flatMap { try examples(in: $0) })
  func examplesPrintWhatTheDocsShow(_ example: Example) throws {
    // Recording rewrites the documents (recordTheExamples): nothing to compare against then.
    guard !Recording.isOn else { return }
    let printed = try Self.printed(example)
    for (command, lines) in zip(example.commands, printed) {
      let shown = Self.trimmed(command.output)
      #expect(
        Self.matches(lines[...], shown[...]),
        "\(example.document):\(command.line): `offscreen-sim \(command.arguments.joined(separator: " "))` printed:\n\(lines.joined(separator: "\n"))"
      )
    }
  }
}
