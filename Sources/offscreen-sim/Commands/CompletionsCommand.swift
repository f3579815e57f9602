import LayerTree

/// `offscreen-sim completions bash|zsh|fish`: a completion script for the shell, made from the
/// commands' declarations.
enum CompletionsCommand: ToolCommand {
  static let declaration = CommandDeclaration(
    name: "completions", summary: "Print a shell completion script for bash, zsh or fish.",
    discussion: """
      The script completes the commands, each command's options, the values an option takes (formats, device ids, \
      rule ids...) and file names where a file is expected. Install it where your shell looks for completions:

      bash: offscreen-sim completions bash > ~/.local/share/bash-completion/completions/offscreen-sim

      zsh: offscreen-sim completions zsh > ~/.zfunc/_offscreen-sim (with fpath=(~/.zfunc $fpath) before compinit \
      in ~/.zshrc)

      fish: offscreen-sim completions fish > ~/.config/fish/completions/offscreen-sim.fish
      """,
    arguments: [
      ArgumentDeclaration(
        "<shell>", kind: .suggested(Shell.allCases.map(\.rawValue)), help: "bash, zsh or fish.")
    ],
    exitCodes: [
      ExitCodeNote(.success, "the script was printed"),
      ExitCodeNote(.usageOrInput, "usage error, or a shell this tool writes no script for"),
    ],
    examples: ["offscreen-sim completions zsh > ~/.zfunc/_offscreen-sim"])

  enum Shell: String, CaseIterable {
    case bash
    case zsh
    case fish
  }

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard parsed.positional.count == 1 else {
      throw UsageError(parsed.positional.isEmpty ? "missing the shell: bash, zsh or fish" : "expected one shell")
    }
    let name = parsed.positional[0]
    guard let shell = Shell(rawValue: name) else {
      let names = Shell.allCases.map(\.rawValue)
      var message = "unknown shell '\(name)'; expected one of: \(names.joined(separator: ", "))"
      if let suggestion = nearest(to: name, in: names) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message)
    }
    let commands = CommandLineTool.commands.map(\.declaration)
    switch shell {
    case .bash: io.out(Completions.bash(commands))
    case .zsh: io.out(Completions.zsh(commands))
    case .fish: io.out(Completions.fish(commands))
    }
    return .success
  }
}
