import Compositor
import LayerTree

/// The tool's entry point: picks the command, runs it, and returns the exit code.
/// Everything it prints goes through `io`, so tests run it in-process.
enum CommandLineTool {
  static let commands: [CommandSpec] = [
    CommandSpec(ReportCommand.self), CommandSpec(ExplainCommand.self), CommandSpec(OptimizeCommand.self),
    CommandSpec(CompareCommand.self), CommandSpec(CheckCommand.self), CommandSpec(RenderCommand.self),
    CommandSpec(ChartCommand.self), CommandSpec(RulesCommand.self), CommandSpec(DevicesCommand.self),
    CommandSpec(GenerateCommand.self),
  ]

  static let usage = """
    offscreen-sim: predicts what a Core Animation layer tree costs to render, from a JSON scene file.

    USAGE: offscreen-sim <command> [options]

    COMMANDS:
    \(commands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

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

    """

  static func run(_ arguments: [String], io: ToolIO) -> Int32 {
    guard let first = arguments.first else {
      io.err(usage)
      return ExitCode.usageOrInput.rawValue
    }
    switch first {
    case "-h", "--help", "help":
      if first == "help", arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
        io.out(command.help)
      } else {
        io.out(usage)
      }
      return ExitCode.success.rawValue
    case "--version":
      io.out("offscreen-sim \(toolVersion)\n")
      return ExitCode.success.rawValue
    default:
      break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      var message = "offscreen-sim: error: unknown command '\(first)'"
      if first.hasPrefix("-") { message = "offscreen-sim: error: unknown option '\(first)'" }
      if let suggestion = closest(first, in: commands.map(\.name)) { message += "; did you mean '\(suggestion)'?" }
      io.err(message + "\nRun 'offscreen-sim --help' for the commands.\n")
      return ExitCode.usageOrInput.rawValue
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      io.out(command.help)
      return ExitCode.success.rawValue
    }
    if rest.contains("--version") {
      io.out("offscreen-sim \(toolVersion)\n")
      return ExitCode.success.rawValue
    }
    do {
      return try command.run(rest, io).rawValue
    } catch let error as UsageError {
      io.err("offscreen-sim \(command.name): error: \(error.message)\nUsage: \(command.usageLine)\n")
      return ExitCode.usageOrInput.rawValue
    } catch let error as InputError {
      io.report(error)
      return ExitCode.usageOrInput.rawValue
    } catch {
      io.err("offscreen-sim \(command.name): error: \(error)\n")
      return ExitCode.usageOrInput.rawValue
    }
  }
}

/// A registered subcommand, as a value.
struct CommandSpec: Sendable {
  let name: String
  let summary: String
  let usageLine: String
  let help: String
  let run: @Sendable ([String], ToolIO) throws -> ExitCode

  init<Command: ToolCommand>(_ command: Command.Type) {
    name = Command.name
    summary = Command.summary
    usageLine = Command.usageLine
    help = Command.help
    run = { arguments, io in try Command.run(arguments, io: io) }
  }
}

/// One subcommand: its name, help, and what it does.
protocol ToolCommand: SendableMetatype {
  static var name: String { get }
  static var summary: String { get }
  static var usageLine: String { get }
  static var help: String { get }
  static func run(_ arguments: [String], io: ToolIO) throws -> ExitCode
}
