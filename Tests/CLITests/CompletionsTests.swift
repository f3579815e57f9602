import Compositor
import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// `offscreen-sim completions bash|zsh|fish`: each script names every command and every option
/// of every command (as each command's `--help` lists them); the bash script is run.
@Suite("Shell completions")
struct CompletionsTests {
  static let commands = CommandLineTool.commands.map(\.declaration.name)

  static func script(_ shell: String) -> String {
    let run = ToolRun.run("completions", shell)
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout
  }

  /// Every command, and every option each command's help lists, appears in the script as the
  /// shell writes it (fish writes `--format` as `-l format` and `-o` as `-s o`).
  @Test(arguments: ["bash", "zsh", "fish"])
  func namesEveryCommandAndOption(shell: String) {
    let script = Self.script(shell)
    for command in Self.commands {
      #expect(script.contains(command), "\(shell): \(command)")
      for option in OptionDeclarationTests.helpOptions(command) {
        let written =
          shell != "fish" ? option : option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
        #expect(script.contains(written), "\(shell): \(command) \(option)")
      }
    }
  }

  /// The values an option takes are offered: each format `report --help` lists, and each
  /// device id `offscreen-sim devices` lists.
  @Test(arguments: ["bash", "zsh", "fish"])
  func offersTheValues(shell: String) {
    let script = Self.script(shell)
    #expect(script.contains("text json markdown"), "\(shell)")
    let devices = ToolRun.run("devices").stdout.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first }
    #expect(devices.count >= 5)
    for device in devices { #expect(script.contains(device), "\(shell): \(device)") }
  }

  @Test func anUnknownShellIsAUsageError() {
    let run = ToolRun.run("completions", "zhs")
    #expect(run.status == 2)
    #expect(run.stderr.contains("unknown shell 'zhs'; expected one of: bash, zsh, fish; did you mean 'zsh'?"))
  }

  /// Runs `bash -c` with `script`, returning its standard output; nil when bash is not there.
  static func bash(_ script: String) throws -> (status: Int32, output: String)? {
    guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  /// The bash script parses (`bash -n`).
  @Test func bashScriptParses() throws {
    let file = try temporaryFile("offscreen-sim.bash", Self.script("bash"))
    guard let run = try Self.bash("bash -n '\(file)'") else { return }
    #expect(run.status == 0, "\(run.output)")
  }

  /// The bash script completes as a user would see it: each case's words are what the tool's
  /// own lists say (its commands; `report --help`'s options starting --fo; the formats of
  /// `explain --help`; the rule ids of `offscreen-sim rules`).
  @Test func bashCompletesCommandsOptionsAndValues() throws {
    let file = try temporaryFile("offscreen-sim.bash", Self.script("bash"))
    func complete(_ words: [String]) throws -> [String]? {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let script = """
        source '\(file)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        _offscreen_sim
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      guard let run = try Self.bash(script) else { return nil }
      #expect(run.status == 0, "\(run.output)")
      return run.output.split(separator: "\n").map(String.init)
    }
    guard let commands = try complete(["offscreen-sim", "c"]) else { return }
    #expect(commands == Self.commands.filter { $0.hasPrefix("c") })
    #expect(try complete(["offscreen-sim", "report", "--fo"]) == ["--format"])
    #expect(try complete(["offscreen-sim", "explain", "--format", ""]) == ["text", "json"])
    // The rules and the image checks `rules` describes, as their registries list them.
    let rules = OffscreenRules.all.map(\.id) + ImageChecks.all.map(\.id)
    #expect(try complete(["offscreen-sim", "rules", ""]) == rules)
    #expect(try complete(["offscreen-sim", "completions", "f"]) == ["fish"])
  }
}
