import LayerTree

/// `offscreen-sim help [<command>]`: the tool's help, or a command's.
enum HelpCommand: ToolCommand {
  static let declaration = CommandDeclaration(
    name: "help", summary: "Show the tool's help, or a command's (the same as <command> --help).",
    arguments: [ArgumentDeclaration("<command>", kind: .command, count: 0...1, help: "The command to show the help of.")],
    exitCodes: [
      ExitCodeNote(.success, "the help was printed"),
      ExitCodeNote(.usageOrInput, "an unknown command"),
    ],
    examples: ["offscreen-sim help check"])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard let name = parsed.positional.first else {
      io.out(CommandLineTool.usage)
      return .success
    }
    if parsed.positional.count > 1 { throw UsageError("expected at most one command") }
    guard let command = CommandLineTool.command(named: name) else {
      let names = CommandLineTool.commands.map(\.declaration.name)
      var message = "unknown command '\(name)'"
      if let suggestion = nearest(to: name, in: names) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message + " (commands: \(names.joined(separator: ", ")))")
    }
    io.out(Help.text(for: command.declaration))
    return .success
  }
}
