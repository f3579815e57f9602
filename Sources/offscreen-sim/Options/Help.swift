/// `--help` for the tool and for each command, made from the declarations: what a command's help
/// lists is what it accepts.
enum Help {
  /// Help text is wrapped to this many columns.
  static let width = 100

  /// The project's repository, as the README clones it: where every docs link points.
  static let repository = "https://github.com/offscreen-sim/offscreen-sim"

  /// Where the `docs/...` files that help names are, for a tool installed without the
  /// repository: the repository's docs folder (on the branch the README installs from).
  static let docsLocation = repository + "/tree/main/docs"

  /// The web address of `docs/<name>` (`ci.md#project-configuration`), for text that leaves the
  /// tool (a file it writes) and so cannot say where a bare `docs/...` path is.
  static func doc(_ name: String) -> String { repository + "/blob/main/docs/" + name }

  /// The line that says where `docs/...` names are, under help that names any.
  static var docsLine: String { "DOCUMENTATION: the docs/... files named above are in\n  \(docsLocation)\n" }

  /// A command's help: overview, discussion, usage, arguments, options, exit codes, examples.
  static func text(for command: CommandDeclaration) -> String {
    var text = wrap(command.summary, first: "OVERVIEW: ", rest: "          ") + "\n"
    if !command.discussion.isEmpty { text += paragraphs(command.discussion, indent: "") + "\n" }
    text += usage(command.usageLine, lead: "USAGE: ")
    for other in command.otherUsage { text += "       offscreen-sim \(command.name) \(other)\n" }

    let optionRows = command.allOptions.map { option in
      (option.displayNames + (option.valueName.map { " <\($0)>" } ?? ""), optionHelp(option))
    }
    let argumentRows = command.arguments.map { ($0.name, $0.help) }
    let column = min(30, max(20, (optionRows + argumentRows).map { $0.0.count + 4 }.max() ?? 0))
    if !argumentRows.isEmpty { text += "\nARGUMENTS:\n" + table(argumentRows, column: column) }
    text += "\nOPTIONS:\n" + table(optionRows, column: column)
    if !command.exitCodes.isEmpty {
      text += "\nEXIT CODES:\n"
      for note in command.exitCodes {
        text += wrap(note.meaning, first: "  \(note.code.rawValue)  ", rest: "     ")
      }
    }
    if !command.examples.isEmpty {
      text += "\n\(command.examples.count == 1 ? "EXAMPLE" : "EXAMPLES"):\n"
      for example in command.examples { text += "  \(example)\n" }
    }
    if text.contains("docs/") { text += "\n" + docsLine }
    return text
  }

  /// The tool's own help: every command in `commands`, with its summary.
  static func tool(commands: [CommandDeclaration]) -> String {
    let column = (commands.map(\.name.count).max() ?? 0) + 4
    let list = commands.map { "  " + $0.name.padding(toLength: column - 2, withPad: " ", startingAt: 0) + $0.summary }
    return """
      offscreen-sim: predicts what a Core Animation layer tree costs to render, from a JSON scene file.

      USAGE: offscreen-sim <command> [options]

      COMMANDS:
      \(list.joined(separator: "\n"))

      OPTIONS:
        -h, --help      Show help; `offscreen-sim <command> --help` for a command's options.
        --version       Print the tool's version.

      EXIT CODES:
        0  success (findings alone do not fail a report)
        1  a budget or regression check failed
        2  usage error, or an input that cannot be read (the message names file:line:column and JSON path)

      Scene format: docs/scene-format.md; compare, check and CI: docs/ci.md. Examples:
        offscreen-sim report scenes/qqmusic-home-v1.json
        offscreen-sim compare scenes/qqmusic-home-v1.json scenes/qqmusic-home-v2.json
        offscreen-sim check scenes/

      \(docsLine.dropLast())
      """
  }

  /// A usage line after `lead`, wrapped at its options: each wrapped line starts under the
  /// command's first argument.
  static func usage(_ line: String, lead: String) -> String {
    let words = line.split(separator: " ")
    let indent = String(repeating: " ", count: lead.count + (words.count >= 2 ? words[0].count + words[1].count + 2 : 0))
    var lines: [String] = []
    var current = lead + words.prefix(2).joined(separator: " ")
    // Brackets hold one option: wrap between them, never inside.
    var pieces: [String] = []
    for word in words.dropFirst(2) {
      if let last = pieces.last, last.hasPrefix("["), !last.hasSuffix("]") && !last.hasSuffix("]...") {
        pieces[pieces.count - 1] += " " + word
      } else {
        pieces.append(String(word))
      }
    }
    for piece in pieces {
      if current.count + 1 + piece.count > width && current.count > indent.count {
        lines.append(current)
        current = indent + piece
      } else {
        current += " " + piece
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n") + "\n"
  }

  /// An option's help: its sentences, what each allowed value means, and its default.
  static func optionHelp(_ option: OptionDeclaration) -> String {
    var text = option.help
    if case .integer(let range) = option.kind { text += " A whole number from \(range.lowerBound) to \(range.upperBound)." }
    if let value = option.defaultValue { text += " Default: \(value)." }
    if case .oneOf(let choices) = option.kind, choices.contains(where: { !$0.help.isEmpty }) {
      for choice in choices { text += "\n  \(choice.value)" + (choice.help.isEmpty ? "" : ": \(choice.help)") }
    }
    return text
  }

  /// Rows of a name and its help: the names from column 2, the help from `column`, wrapped.
  /// A name too long for its column puts the help on the next line. A help line that begins
  /// with spaces keeps them, and its wrapped lines are indented as far.
  static func table(_ rows: [(String, String)], column: Int) -> String {
    var text = ""
    for (name, help) in rows {
      let lead = "  " + name
      var first = lead.count + 2 <= column ? lead.padding(toLength: column, withPad: " ", startingAt: 0) : nil
      if first == nil { text += lead + "\n" }
      for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
        let indent = String(repeating: " ", count: line.prefix { $0 == " " }.count)
        let start = first ?? String(repeating: " ", count: column)
        text += wrap(String(line.drop { $0 == " " }), first: start + indent, rest: String(repeating: " ", count: column) + indent + "  ")
        first = nil
      }
    }
    return text
  }

  /// Blank-line separated paragraphs, each wrapped.
  static func paragraphs(_ text: String, indent: String) -> String {
    text.split(separator: "\n\n", omittingEmptySubsequences: true).map { paragraph in
      wrap(paragraph.split(separator: "\n").joined(separator: " "), first: indent, rest: indent)
    }.joined(separator: "\n")
  }

  /// `text` as lines of at most ``width`` columns (a longer word stands alone), the first line
  /// starting with `first`, the others with `rest`; each line ends with a newline.
  static func wrap(_ text: String, first: String, rest: String) -> String {
    var lines: [String] = []
    var line = first
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if lineHasWord && line.count + 1 + word.count > width {
        lines.append(line)
        line = rest
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n") + "\n"
  }
}
