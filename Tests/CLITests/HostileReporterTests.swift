import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Text from a pull request in the outputs the escaping suite leaves to this one: the reporters
/// (`--format xcode|sarif|checkstyle|junit|github`), `check --junit`, shards joined by `merge`,
/// and `import`. The runner must read no command but the tool's own annotations, nothing may act
/// on a terminal, and each document must still say what the scene says.
@Suite("hostile input: reporters, merge and import")
struct HostileReporterTests {
  /// An id may hold no white space, `/`, `*`, `[` or `]`; everything else a pull request can
  /// write is here: backticks, a mention, a tag, a command, an escape, a right-to-left override.
  static let id = "``@octocat<img>::error::id\u{1B}\u{202E}"
  static let name = HostileEscapingTests.forged + HostileEscapingTests.terminal + HostileEscapingTests.markdown

  /// The card of ``HostileEscapingTests/scene(name:id:root:)``, clipped or not: clipped, it is
  /// one `rounded-clip` finding and fails its budget of 0 passes.
  static func scene(clip: Bool) -> String {
    """
    {"version": 1, "name": \(HostileEscapingTests.literal(name)), "device": "iphone-7",
     "budgets": {"maxOffscreenPassesPerFrame": 0},
     "root": {"id": "root", "sublayers": [
      {"id": \(HostileEscapingTests.literal(id)), "frame": [16, 100, 343, 120], "cornerRadius": 10, "masksToBounds": \(clip),
       "backgroundColor": "#FFFFFF",
       "sublayers": [{"id": "title", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]}]}}
    """
  }

  /// Workflow commands in `output` other than the tool's own annotations (`::error`,
  /// `::warning` or `::notice` with its `offscreen-sim: ` title and no other property than
  /// `file`, `line`, `col`).
  static func foreignCommands(_ output: String) -> [RunnerModel.Command] {
    RunnerModel.commands(in: output).filter { command in
      !(["error", "warning", "notice"].contains(command.name) && command.properties["title"]?.hasPrefix("offscreen-sim: ") == true
        && Set(command.properties.keys).isSubset(of: ["file", "line", "col", "title"]))
    }
  }

  static func expectSafe(_ label: String, _ run: ToolRun, sourceLocation: SourceLocation = #_sourceLocation) {
    for (stream, text) in [("standard output", run.stdout), ("standard error", run.stderr)] {
      let foreign = foreignCommands(text)
      #expect(foreign.isEmpty, "\(label): \(stream) holds \(foreign)", sourceLocation: sourceLocation)
      let hazards = RunnerModel.terminalHazards(in: text)
      #expect(hazards.isEmpty, "\(label): \(stream) holds \(hazards.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }
  }

  /// `report`, `check` and `compare` (the plain card before the clipped one) in every reporter
  /// format, in and out of a GitHub Actions job: each run has problems to print (the report's
  /// finding, the budget that fails, the gated metrics that got worse and the finding that
  /// appeared), and each problem's text holds the id.
  @Test(arguments: ["xcode", "sarif", "checkstyle", "junit", "github"])
  func reporters(format: String) throws {
    let folder = try temporaryFolder()
    let before = try write(Self.scene(clip: false), to: "before.json", in: folder)
    let after = try write(Self.scene(clip: true), to: "after.json", in: folder)
    let layer = "root/" + Self.id
    for ci in [false, true] {
      let environment = ci ? ["GITHUB_ACTIONS": "true"] : [:]
      // report: the finding (status 0); check: the failed budget (status 1); compare: the gated
      // offscreen passes that grew from 0 to 1 and the rounded-clip finding that appeared
      // (status 1). GPU time and memory grow too, so compare's problems are counted below.
      // report offers no JUnit (its findings are no test case).
      let runs = [(["report", after], Int32(0)), (["check", after], 1), (["compare", before, after], 1)].filter {
        !(format == "junit" && $0.0[0] == "report")
      }
      for (arguments, status) in runs {
        let label = "\(ci ? "CI " : "")\(arguments[0]) --format \(format)"
        let run = ToolRun.callAsFunction(arguments + ["--format", format], environment: environment)
        #expect(run.status == status, "\(label): \(run.stderr)")
        Self.expectSafe(label, run)
        switch format {
        case "xcode":
          // Every line is a problem on the scene file: it starts with the file's path.
          let lines = run.stdout.split(separator: "\n")
          #expect(!lines.isEmpty, "\(label)")
          for line in lines { #expect(line.hasPrefix(after + ":") || line.hasPrefix(after + " "), "\(label): \(line)") }
          if arguments[0] != "check" {
            #expect(run.stdout.contains("``@octocat<img>::error::id\\u{1B}\\u{202E}"), "\(label): \(run.stdout)")
          }
        case "sarif":
          // JSON reads `\u001B` back as ESC: the message holds the id as the scene wrote it.
          let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(label)")
          let runs = try #require(log["runs"] as? [[String: Any]])
          let results = try #require(runs.first?["results"] as? [[String: Any]])
          #expect(!results.isEmpty, "\(label)")
          if arguments[0] != "check" {
            let messages = results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
            #expect(messages.contains { $0.contains(layer) }, "\(label): \(messages)")
          }
        case "checkstyle", "junit":
          #if canImport(FoundationXML) || os(macOS)
            let document = try XMLDocument(data: Data(run.stdout.utf8), options: [])
            // No element from the scene: only the reporter's own.
            let names = Set(try document.nodes(forXPath: "//*").compactMap(\.name))
            let own: Set<String> =
              format == "checkstyle"
              ? ["checkstyle", "file", "error"] : ["testsuites", "testsuite", "testcase", "failure", "properties", "property"]
            #expect(names.isSubset(of: own), "\(label): \(names)")
          #endif
        default:
          // github: one annotation per problem, each on the scene file.
          let annotations = RunnerModel.commands(in: run.stdout)
          #expect(!annotations.isEmpty, "\(label)")
          for annotation in annotations { #expect(annotation.properties["file"] == after, "\(label): \(annotation)") }
          if arguments[0] == "report" {
            // One finding, the card's rounded clip.
            #expect(annotations.count == 1, "\(label): \(annotations)")
            #expect(annotations.first?.data.contains("``@octocat<img>::error::id\\u{1B}\\u{202E}") == true)
          }
        }
      }
    }
  }

  /// `check --junit`: the file parses, and holds the one failed budget as a failure.
  @Test func checkJUnitFile() throws {
    let folder = try temporaryFolder()
    let scene = try write(Self.scene(clip: true), to: "s.json", in: folder)
    let junit = folder + "/junit.xml"
    let run = ToolRun.run("check", scene, "--junit", junit, environment: ["GITHUB_ACTIONS": "true"])
    #expect(run.status == 1)
    Self.expectSafe("check --junit", run)
    let text = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(RunnerModel.commands(in: text).isEmpty)
    #expect(RunnerModel.terminalHazards(in: text).isEmpty)
    #if canImport(FoundationXML) || os(macOS)
      let document = try XMLDocument(data: Data(text.utf8), options: [])
      #expect(try document.nodes(forXPath: "//testcase").count == 1)
      #expect(try document.nodes(forXPath: "//failure").count == 1)
    #endif
  }

  /// Shards of a folder of hostile scenes (names chosen by the pull request, one that cannot be
  /// read) joined by `merge`: the output of one run, in every format, and safe.
  @Test func mergedShardsOfHostileScenes() throws {
    let folder = try temporaryFolder() + "/scenes"
    try write(Self.scene(clip: true), to: "::error::forged.json", in: folder)
    try write(Self.scene(clip: false), to: "a\n::stop-commands::nl.json", in: folder)
    try write(Self.scene(clip: true), to: "##[error]old\u{1B}[2J\u{202E}.json", in: folder)
    try write("{\"version\": 1, " + HostileEscapingTests.literal("::error::key\n##[error]k") + ": 1}", to: "broken.json", in: folder)
    let shards = folder + "-shards"
    var files: [String] = []
    for index in 1...3 {
      let shard = ToolRun.run("check", folder, "--shard", "\(index)/3", "--format", "json")
      files.append(try write(shard.stdout, to: "shard-\(index).json", in: shards))
    }
    for ci in [false, true] {
      let environment = ci ? ["GITHUB_ACTIONS": "true"] : [:]
      for format in ["text", "json", "markdown", "xcode", "sarif", "checkstyle", "junit", "github"] {
        let label = "\(ci ? "CI " : "")merge --format \(format)"
        let one = ToolRun.callAsFunction(["check", folder, "--format", format], environment: environment)
        let merged = ToolRun.callAsFunction(["merge"] + files + ["--format", format], environment: environment)
        #expect(one.status == 2, "\(label): the broken scene is an input error")
        #expect(merged.status == one.status, "\(label)")
        #expect(merged.stdout == one.stdout, "\(label)")
        #expect(merged.stderr == one.stderr, "\(label)")
        Self.expectSafe(label, merged)
        if format == "markdown" { HostileEscapingTests.expectNoLiveMarkdown(merged.stdout) }
      }
    }
  }

  /// In a GitHub Actions job an input error is an annotation per problem, on its file, line and
  /// column; a merge of shards annotates the errors its shards met in the same way, as one run
  /// does. The two problems of `broken.json`, counted by hand on its second line
  /// (` "root": {"id": "root", "opacity": 2, "frame": "x"}}`): the opacity's value starts at
  /// column 36, the frame's at column 48.
  @Test func mergedShardsAnnotateInputErrorsAsOneRun() throws {
    let folder = try temporaryFolder() + "/scenes"
    try write(CIScenes.card(extra: #""budgets": { "maxOffscreenPassesPerFrame": 0 },"#), to: "card.json", in: folder)
    let broken = try write(
      "{\"version\": 1, \"device\": \"iphone-7\",\n \"root\": {\"id\": \"root\", \"opacity\": 2, \"frame\": \"x\"}}", to: "broken.json",
      in: folder)
    let environment = ["GITHUB_ACTIONS": "true"]
    let one = ToolRun.callAsFunction(["check", folder], environment: environment)
    #expect(one.status == 2)
    let errors = RunnerModel.commands(in: one.stderr).filter { $0.properties["title"] == "offscreen-sim: input error" }
    #expect(errors.map { $0.properties["file"] } == [broken, broken])
    #expect(errors.map { $0.properties["line"] } == ["2", "2"])
    #expect(errors.map { $0.properties["col"] } == ["36", "48"])
    #expect(errors.first?.data.hasPrefix("root.opacity: ") == true, "\(errors)")
    #expect(errors.last?.data.hasPrefix("root.frame: ") == true, "\(errors)")

    for count in [2, 3] {
      var files: [String] = []
      for index in 1...count {
        // A part runs outside the job (as the sharded workflow runs it): its document holds the
        // errors, and the merge prints and annotates them.
        let shard = ToolRun.run("check", folder, "--shard", "\(index)/\(count)", "--format", "json")
        files.append(try write(shard.stdout, to: "shard-\(index).json", in: folder + "-\(count)-shards"))
      }
      let merged = ToolRun.callAsFunction(["merge"] + files, environment: environment)
      #expect(merged.status == one.status)
      #expect(merged.stdout == one.stdout)
      #expect(merged.stderr == one.stderr, "\(count) shards")
    }
  }

  /// `import`: names, classes and text from a dump or an animation reach the scene, its notes
  /// and its errors; none is a command or a hazard, and the scene printed reads back.
  @Test func importedNamesAndErrors() throws {
    let folder = try temporaryFolder()
    let dump = try write(
      """
      <UIWindow; frame = (0 0; 375 667); layer = <CALayer>>
         | <UILabel; frame = (0 0; 100 20); text = '\u{1B}[31m::error::t @octocat <img> \u{202E}'; layer = <CALayer>>
         | <My::error::View; frame = (0 20; 100 20); layer = <CALayer>>

      """, to: "::error::dump.txt", in: folder)
    let lottie = try write(
      """
      {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "nm": \(HostileEscapingTests.literal(Self.name)), "assets": [],
       "layers": [{"ty": 1, "ind": 1, "nm": \(HostileEscapingTests.literal(Self.name)), "sw": 100, "sh": 100, "sc": "#ff0000",
                   "ip": 0, "op": 30, "st": 0, "ks": {}}]}
      """, to: "anim.json", in: folder)
    let broken = try write("<UIWindow; frame = (0 0; 375 667)>\n   | <::error::x; frame = (a)>\n", to: "broken.txt", in: folder)
    for ci in [false, true] {
      let environment = ci ? ["GITHUB_ACTIONS": "true"] : [:]
      for (format, input, status) in [
        ("recursive-description", dump, Int32(0)), ("lottie", lottie, 0), ("recursive-description", broken, 2),
      ] {
        let label = "\(ci ? "CI " : "")import \(format) \(input)"
        let run = ToolRun.callAsFunction(["import", format, input, "--name", Self.name], environment: environment)
        #expect(run.status == status, "\(label): \(run.stderr)")
        Self.expectSafe(label, run)
        if status == 0 {
          let scene = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(label)")
          #expect(scene["name"] as? String == Self.name, "\(label)")
        } else if ci {
          // The error is annotated on the dump, at the problem's line and column.
          let annotations = RunnerModel.commands(in: run.stderr)
          #expect(!annotations.isEmpty, "\(label)")
          for annotation in annotations {
            #expect(annotation.properties["file"] == broken, "\(label): \(annotation)")
            #expect(annotation.properties["line"] == "2", "\(label): \(annotation)")
            #expect(annotation.properties["col"] != nil, "\(label): \(annotation)")
          }
        }
      }
    }
  }

  /// `merge --junit` never writes over a shard it reads.
  @Test func mergeRefusesToOverwriteAShard() throws {
    let folder = try temporaryFolder()
    try write(Self.scene(clip: true), to: "scenes/s.json", in: folder)
    let shard = try write(
      ToolRun.run("check", folder + "/scenes", "--shard", "1/1", "--format", "json").stdout, to: "shard.json", in: folder)
    let text = try String(contentsOfFile: shard, encoding: .utf8)
    let run = ToolRun.run("merge", shard, "--junit", shard)
    #expect(run.status == 2)
    #expect(run.stderr.contains("is the input"), "\(run.stderr)")
    #expect(try String(contentsOfFile: shard, encoding: .utf8) == text)
  }

  /// `import` never writes over the file it reads.
  @Test func importRefusesToOverwriteItsInput() throws {
    let folder = try temporaryFolder()
    let text = "<UIWindow; frame = (0 0; 375 667); layer = <CALayer>>\n"
    let dump = try write(text, to: "dump.txt", in: folder)
    let run = ToolRun.run("import", "recursive-description", dump, "-o", dump)
    #expect(run.status == 2)
    #expect(run.stderr.contains("is the input"), "\(run.stderr)")
    #expect(try String(contentsOfFile: dump, encoding: .utf8) == text)
  }
}
