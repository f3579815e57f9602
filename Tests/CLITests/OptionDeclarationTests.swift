import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// Each command's options are declared once; these tests hold `--help` (what a user reads) and
/// the parser (what the tool accepts) to each other by running the tool, not by reading the
/// declarations.
@Suite("Option declarations")
struct OptionDeclarationTests {
  static let commandNames = CommandLineTool.commands.map(\.declaration.name)

  /// The option names a command's `--help` lists in its OPTIONS section: each row starts with
  /// two spaces and a dash; names are separated by ", " and end at the value (` <`) or the
  /// help column (two spaces).
  static func helpOptions(_ command: String) -> [String] {
    let help = ToolRun.run(command, "--help").stdout
    guard let start = help.range(of: "\nOPTIONS:\n") else { return [] }
    var names: [String] = []
    for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty { break }
      guard line.hasPrefix("  -") else { continue }
      var head = line.dropFirst(2)
      if let end = head.range(of: "  ") { head = head[..<end.lowerBound] }
      if let value = head.range(of: " <") { head = head[..<value.lowerBound] }
      names += head.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    return names
  }

  /// The help of one option in a command's `--help`, its wrapped lines joined by single spaces,
  /// the names left out.
  static func optionHelp(_ command: String, _ option: String) -> String {
    let lines = ToolRun.run(command, "--help").stdout.split(separator: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(option) ") || $0.hasPrefix("  \(option),") }) else { return "" }
    var words = lines[start].split(separator: " ").map(String.init).drop { !$0.hasPrefix("<") && $0.hasPrefix("-") || $0.hasPrefix("<") }
    for line in lines[(start + 1)...] {
      if line.hasPrefix("  -") || !line.hasPrefix("   ") { break }
      words += line.split(separator: " ").map(String.init)
    }
    return words.joined(separator: " ")
  }

  /// True when the tool takes `option` on `command`: anything but "unknown option" (a missing
  /// value or a missing file is a later complaint about an option it knows). Run in a folder of
  /// its own: a command may write there (`init --force` writes its file).
  static func accepts(_ command: String, _ option: String) -> Bool {
    !ToolRun.run(command, option, currentDirectory: scratch).stderr.contains("unknown option \(option)")
  }

  static let scratch = (try? temporaryFolder()) ?? NSTemporaryDirectory()

  /// Every option a command's help lists is accepted, and every option any command accepts is
  /// accepted by a command only when its help lists it. The candidates are every name any help
  /// lists, plus names no command has (which must be refused everywhere).
  @Test func helpListsExactlyWhatEachCommandAccepts() {
    let listed = Dictionary(uniqueKeysWithValues: Self.commandNames.map { ($0, Set(Self.helpOptions($0))) })
    let candidates = Set(listed.values.flatMap { $0 }).union(["--json", "--verbose", "--out", "-x"])
    #expect(candidates.count > 20, "the help of every command lists its options")
    for command in Self.commandNames {
      #expect(listed[command]?.contains("--help") == true, "\(command) lists --help")
      for option in candidates.sorted() {
        let inHelp = listed[command]?.contains(option) == true
        #expect(Self.accepts(command, option) == inHelp, "\(command) \(option): listed in help: \(inHelp)")
      }
    }
  }

  /// No help shows a line continuation's backslash: a discussion written `\\` before a line
  /// break in its Swift literal printed "device ids, \" (completions' did).
  @Test func helpShowsNoStrayBackslash() {
    for command in Self.commandNames {
      let help = ToolRun.run(command, "--help").stdout
      #expect(!help.contains("\\\n") && !help.contains(", \\ ") && !help.contains(" \\\n"), "\(command) --help")
      #expect(!help.split(separator: "\n").contains { $0.hasSuffix("\\") }, "\(command) --help has a line ending in a backslash")
    }
  }

  /// Every option the help lists also appears in the usage line (a flag by name, an option by
  /// its shortest name).
  @Test func usageLinesNameEveryOption() {
    for command in CommandLineTool.commands.map(\.declaration) {
      let help = ToolRun.run(command.name, "--help").stdout
      let usage = help.split(separator: "\n\n").first { $0.hasPrefix("USAGE:") }.map(String.init) ?? ""
      for option in command.options {
        #expect(usage.contains(option.shortestName), "\(command.name): \(option.shortestName) in \(usage)")
      }
    }
  }

  /// The usage line of `command`'s `--help`, its wrapped lines joined by single spaces.
  static func usageLine(_ command: String) -> String {
    let help = ToolRun.run(command, "--help").stdout
    let usage = help.split(separator: "\n\n").first { $0.hasPrefix("USAGE:") }.map(String.init) ?? ""
    return usage.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  /// An option a command will not run without is not bracketed in its usage line. Each of these
  /// commands, given nothing, names the option it misses (docs/pictures.md for render and chart,
  /// generate's --layers, optimize's -o); its usage line shows that option plain. `optimize` does
  /// without `-o` when `--dry-run` is given, so it shows the two as one choice and does not
  /// complain of `-o` with `--dry-run`.
  @Test func requiredOptionsAreShownRequired() throws {
    for (command, option) in [("render", "-o <file>"), ("chart", "-o <file>"), ("generate", "--layers <n>"), ("optimize", "-o <file>")] {
      let run = ToolRun.run(command)
      #expect(run.status == 2)
      #expect(run.stderr.contains("error: missing \(option): "), "\(command): \(run.stderr)")
      let usage = Self.usageLine(command)
      #expect(usage.contains(option), "\(command): \(usage)")
      #expect(!usage.contains("[\(option)]"), "\(command): \(usage)")
    }
    let optimize = Self.usageLine("optimize")
    #expect(optimize.hasPrefix("USAGE: offscreen-sim optimize <scene.json | -> (-o <file> | --dry-run) [--only <id>]"), "\(optimize)")
    #expect(!optimize.contains("[--dry-run]"))
    #expect(ToolRun.run("optimize").stderr.contains("missing -o <file>: where to write the optimized scene (or --dry-run)"))
    // With --dry-run, the complaint is the missing scene, not -o.
    let dryRun = ToolRun.run("optimize", "--dry-run")
    #expect(dryRun.status == 2)
    #expect(dryRun.stderr.contains("missing the scene file to optimize"))
    // An option that is not required stays bracketed.
    #expect(Self.usageLine("report").contains("[--format "))
  }

  /// The commands that simulate a scene (README's command table: report, explain, optimize,
  /// compare, check, render, chart) all take `--device` and `--device-file`, with the same help
  /// for `--device-file`.
  @Test func everyCommandThatSimulatesTakesTheDeviceOptions() {
    let simulating = ["report", "explain", "optimize", "compare", "check", "render", "chart"]
    var deviceFileHelp: Set<String> = []
    for command in simulating {
      let options = Self.helpOptions(command)
      #expect(options.contains("--device"), "\(command)")
      #expect(options.contains("--device-file"), "\(command)")
      deviceFileHelp.insert(Self.optionHelp(command, "--device-file"))
    }
    #expect(deviceFileHelp.count == 1, "\(deviceFileHelp)")
    #expect(deviceFileHelp.first?.hasPrefix("Load a device profile from JSON") == true, "\(deviceFileHelp)")
  }

  /// `--format` takes what each command prints: text, json and markdown for report, compare and
  /// check (docs/ci.md); text and json for explain (docs/explain-and-optimize.md). Anything else
  /// is refused with the list.
  @Test func formatTakesWhatEachCommandPrints() throws {
    let scene = try temporaryFile("s.json", #"{"version": 1, "device": "iphone-7", "root": {"id": "root"}}"#)
    for command in ["report", "explain"] {
      for format in ["text", "json"] {
        #expect(ToolRun.run(command, scene, "--format", format).status == 0, "\(command) --format \(format)")
      }
    }
    #expect(ToolRun.run("report", scene, "--format", "markdown").status == 0)
    let explain = ToolRun.run("explain", scene, "--format", "markdown")
    #expect(explain.status == 2)
    #expect(explain.stderr.contains("unknown format 'markdown'; expected one of: text, json"))
    let check = ToolRun.run("check", scene, "--format", "xml")
    #expect(check.stderr.contains("unknown format 'xml'; expected one of: text, json, markdown"))
  }

  /// An option that takes one value, given twice with different values, is a usage error that
  /// names both; a repeatable one keeps each (compare on two devices prints two comparisons).
  @Test func oneValueOrRepeatable() throws {
    let scene = try temporaryFile("s.json", #"{"version": 1, "device": "iphone-7", "root": {"id": "root"}}"#)
    let twice = ToolRun.run("report", scene, "--device", "iphone-6", "--device", "iphone-7")
    #expect(twice.status == 2)
    #expect(twice.stderr.contains("--device is given twice ('iphone-6', then 'iphone-7'); it takes one value"))
    #expect(ToolRun.run("report", scene, "--format", "json", "--format", "json").status == 0)
    let compare = ToolRun.run("compare", scene, scene, "--device", "iphone-6", "--device", "iphone-7")
    #expect(compare.status == 0, "\(compare.stderr)")
    #expect(compare.stdout.contains("(iphone-6)") && compare.stdout.contains("(iphone-7)"))
  }

  /// Whole numbers are held to their declared range, required options must be given, and
  /// `--option=value` reads as `--option value`.
  @Test func valuesAreCheckedAsDeclared() {
    let jobs = ToolRun.run("check", "scenes", "--jobs", "0")
    #expect(jobs.status == 2)
    #expect(jobs.stderr.contains("--jobs expects a whole number from 1 to 1024, found '0'"))
    let layers = ToolRun.run("generate")
    #expect(layers.status == 2)
    #expect(layers.stderr.contains("missing --layers <n>: how many layers to generate"))
    let inline = ToolRun.run("generate", "--layers=4", "--frames=1")
    #expect(inline.status == 0)
    #expect(inline.stdout.hasPrefix("{\"version\":1,"))
    let flagWithValue = ToolRun.run("optimize", "x.json", "--dry-run=yes")
    #expect(flagWithValue.stderr.contains("--dry-run takes no value"))
  }

  /// `check` and `compare` run on a `--device-file` profile like the other commands: a profile
  /// named "slow-7" based on the iPhone 7 is the device every result names.
  @Test func checkAndCompareRunOnADeviceFile() throws {
    let profile = try temporaryFile("slow.json", #"{"id": "slow-7", "name": "Slow 7", "basedOn": "iphone-7", "gpuSpeed": 0.5}"#)
    let scene = try temporaryFile(
      "s.json", #"{"version": 1, "device": "iphone-7", "root": {"id": "root"}, "budgets": {"maxOffscreenPassesPerFrame": 0}}"#)
    let check = ToolRun.run("check", scene, "--device-file", profile, "--format", "json")
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("\"slow-7\""))
    // The device is the profile; the catalogue device is named only as what it is based on.
    #expect(!check.stdout.contains("\"id\": \"iphone-7\""))
    #expect(check.stdout.contains("\"basedOn\": \"iphone-7\""))
    let compare = ToolRun.run("compare", scene, scene, "--device-file", profile)
    #expect(compare.status == 0, "\(compare.stderr)")
    #expect(compare.stdout.contains("on Slow 7 (slow-7)"))
    // --device still chooses among the catalogue and the profile.
    let both = ToolRun.run("check", scene, "--device-file", profile, "--device", "slow-7", "--device", "iphone-6", "--format", "json")
    #expect(both.status == 0, "\(both.stderr)")
    #expect(both.stdout.contains("\"slow-7\"") && both.stdout.contains("\"iphone-6\""))
  }

  /// The tool's help lists every registered command, and `help <command>` prints the command's
  /// help.
  @Test func topLevelHelpListsEveryCommand() {
    let help = ToolRun.run("--help").stdout
    for name in Self.commandNames {
      #expect(help.contains("\n  \(name) "), "\(name)")
      #expect(ToolRun.run("help", name).stdout == ToolRun.run(name, "--help").stdout, "\(name)")
    }
    let unknown = ToolRun.run("help", "chek")
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown command 'chek'; did you mean 'check'?"))
  }

  /// Help rows stay within the wrap width, except for a word longer than a line and examples
  /// (commands to copy whole).
  @Test func helpLinesFitTheWidth() {
    for name in Self.commandNames {
      let lines = ToolRun.run(name, "--help").stdout.split(separator: "\n")
      for line in lines where line.count > Help.width && !line.hasPrefix("  offscreen-sim ") {
        #expect(!line.trimmingCharacters(in: .whitespaces).contains(" "), "\(name): \(line)")
      }
    }
  }
}
