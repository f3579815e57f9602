import Compositor
import LayerTree

/// The tool's entry point: picks the command, parses its arguments against its declaration,
/// runs it, and returns the exit code. Everything it prints goes through `io`, so tests run it
/// in-process.
enum CommandLineTool {
  /// Every command, in the order the tool's help lists them.
  static let commands: [RegisteredCommand] = [
    RegisteredCommand(ReportCommand.self), RegisteredCommand(ExplainCommand.self), RegisteredCommand(OptimizeCommand.self),
    RegisteredCommand(CompareCommand.self), RegisteredCommand(CheckCommand.self), RegisteredCommand(MergeCommand.self),
    RegisteredCommand(InitCommand.self), RegisteredCommand(CalibrateCommand.self), RegisteredCommand(ValidateCommand.self),
    RegisteredCommand(MeasurementsCommand.self),
    RegisteredCommand(RenderCommand.self),
    RegisteredCommand(ChartCommand.self), RegisteredCommand(RulesCommand.self), RegisteredCommand(DevicesCommand.self),
    RegisteredCommand(GenerateCommand.self), RegisteredCommand(ImportCommand.self), RegisteredCommand(SchemaCommand.self),
    RegisteredCommand(CompletionsCommand.self), RegisteredCommand(HelpCommand.self),
  ]

  /// The tool's help: every command with its summary, the exit codes, examples.
  static var usage: String { Help.tool(commands: commands.map(\.declaration)) }

  static func command(named name: String) -> RegisteredCommand? { commands.first { $0.declaration.name == name } }

  static func run(_ arguments: [String], io: ToolIO) -> Int32 {
    guard let first = arguments.first else {
      io.err(usage)
      return ExitCode.usageOrInput.rawValue
    }
    switch first {
    case "-h", "--help":
      io.out(usage)
      return ExitCode.success.rawValue
    case "--version":
      io.out("offscreen-sim \(toolVersion)\n")
      return ExitCode.success.rawValue
    default:
      break
    }
    guard let command = command(named: first) else {
      var message = "offscreen-sim: error: unknown command '\(first)'"
      if first.hasPrefix("-") { message = "offscreen-sim: error: unknown option '\(first)'" }
      // An option is compared with the tool's own options, a word with the commands.
      let names = first.hasPrefix("-") ? ["--help", "--version"] : commands.map(\.declaration.name)
      if let suggestion = nearest(to: first, in: names) { message += "; did you mean '\(suggestion)'?" }
      io.err(message + "\nRun 'offscreen-sim --help' for the commands.\n")
      return ExitCode.usageOrInput.rawValue
    }
    let declaration = command.declaration
    let rest = Array(arguments.dropFirst())
    // --help and --version win over anything else on the line, before `--`.
    let options = rest.prefix { $0 != "--" }
    if options.contains(where: StandardOptions.help.names.contains) {
      io.out(Help.text(for: declaration))
      return ExitCode.success.rawValue
    }
    if options.contains(where: StandardOptions.version.names.contains) {
      io.out("offscreen-sim \(toolVersion)\n")
      return ExitCode.success.rawValue
    }
    do {
      let parsed = try ParsedArguments(rest, for: declaration)
      return try command.run(parsed, io).rawValue
    } catch let error as UsageError {
      io.err("offscreen-sim \(declaration.name): error: \(error.message)\nUsage: \(declaration.usageLine)\n")
      return ExitCode.usageOrInput.rawValue
    } catch let error as InputError {
      io.report(error)
      return ExitCode.usageOrInput.rawValue
    } catch {
      io.err("offscreen-sim \(declaration.name): error: \(error)\n")
      return ExitCode.usageOrInput.rawValue
    }
  }
}

/// A registered subcommand, as a value: its declaration and what runs it.
struct RegisteredCommand: Sendable {
  let declaration: CommandDeclaration
  let run: @Sendable (ParsedArguments, ToolIO) throws -> ExitCode

  init<Command: ToolCommand>(_ command: Command.Type) {
    declaration = Command.declaration
    run = { arguments, io in try Command.run(arguments, io: io) }
  }
}

/// One subcommand: its declaration (name, summary, arguments, options, exit codes, examples),
/// from which its help, parsing and completions are made, and what it does.
protocol ToolCommand: SendableMetatype {
  static var declaration: CommandDeclaration { get }
  static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> ExitCode
}
