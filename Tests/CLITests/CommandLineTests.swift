import Compositor
import Foundation
import Testing

@testable import offscreen_sim

@Suite("Command line")
struct CommandLineTests {
  let cardScene = """
    {"version": 1, "device": "iphone-7",
     "root": {"id": "root", "sublayers": [
       {"id": "card", "frame": [16, 100, 343, 120], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#FFFFFF",
        "sublayers": [{"id": "title", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]}
     ]}}
    """

  @Test func helpOnTheToolAndEveryCommand() {
    let top = ToolRun.run("--help")
    #expect(top.status == 0)
    #expect(top.stdout.contains("USAGE: offscreen-sim <command>"))
    #expect(top.stdout.contains("EXIT CODES"))
    for command in CommandLineTool.commands.map(\.declaration) {
      let run = ToolRun.run(command.name, "--help")
      #expect(run.status == 0, "\(command.name) --help")
      #expect(run.stdout.contains("USAGE: offscreen-sim \(command.name)"), "\(command.name) --help")
    }
  }

  @Test func versionOnTheToolAndEveryCommand() {
    #expect(ToolRun.run("--version").stdout == "offscreen-sim \(toolVersion)\n")
    for command in CommandLineTool.commands.map(\.declaration) {
      #expect(ToolRun.run(command.name, "--version").stdout == "offscreen-sim \(toolVersion)\n")
    }
  }

  @Test func noArgumentsIsAUsageError() {
    let run = ToolRun.run()
    #expect(run.status == 2)
    #expect(run.stderr.contains("USAGE"))
  }

  @Test func unknownCommandSuggestsTheNearest() {
    let run = ToolRun.run("reprot", "x.json")
    #expect(run.status == 2)
    #expect(run.stderr.contains("unknown command 'reprot'; did you mean 'report'?"))
  }

  @Test func unknownOptionSuggestsTheNearest() {
    let run = ToolRun.run("report", "x.json", "--fromat", "json")
    #expect(run.status == 2)
    #expect(run.stderr.contains("unknown option --fromat; did you mean --format?"))
  }

  @Test func unknownFormatAndDevice() {
    let format = ToolRun.run("report", "-", "--format", "xml", stdin: cardScene)
    #expect(format.status == 2)
    #expect(format.stderr.contains("unknown format 'xml'"))
    let device = ToolRun.run("report", "-", "--device", "iphone-6plus", stdin: cardScene)
    #expect(device.status == 2)
    #expect(device.stderr.contains("did you mean 'iphone-6-plus'?"))
  }

  @Test func missingFileNamesThePath() {
    let run = ToolRun.run("report", "/nonexistent/scene.json")
    #expect(run.status == 2)
    #expect(run.stderr.contains("/nonexistent/scene.json: error: no such file"))
  }

  @Test func reportReadsStandardInput() {
    let run = ToolRun.run("report", "-", stdin: cardScene)
    #expect(run.status == 0)
    // One card: background plus a label sublayer under a rounded clip = one rounded-clip pass.
    #expect(run.stdout.contains("offscreen passes  1 per frame on 1 layer: rounded-clip 1"))
    #expect(run.stdout.contains("rounded-clip  root/card"))
    #expect(run.stdout.contains("fix: "))
  }

  @Test func jsonReportHasTheDocumentedFields() throws {
    let run = ToolRun.run("report", "-", "--format", "json", stdin: cardScene)
    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let summary = try #require(object?["summary"] as? [String: Any])
    let passes = try #require(summary["offscreenPasses"] as? [String: Any])
    #expect(passes["perFrameMax"] as? Int == 1)
    let byReason = try #require(passes["byReason"] as? [String: Int])
    #expect(byReason["rounded-clip"] == 1)
    // Every rule listed, 0 when it did not fire (docs/report-format.md).
    #expect(Set(byReason.keys) == Set(OffscreenRules.all.map(\.id)))
    let findings = try #require(object?["findings"] as? [[String: Any]])
    #expect(findings.count == 1)
    #expect(findings[0]["rule"] as? String == "rounded-clip")
    #expect(findings[0]["layer"] as? String == "root/card")
    #expect((findings[0]["message"] as? String)?.isEmpty == false)
    #expect((findings[0]["fix"] as? String)?.isEmpty == false)
    #expect(object?["reportVersion"] as? Int == 1)
  }

  @Test func sameInputSameBytes() {
    let first = ToolRun.run("report", "-", "--format", "json", stdin: cardScene)
    let second = ToolRun.run("report", "-", "--format", "json", stdin: cardScene)
    #expect(first.stdout == second.stdout)
  }

  @Test func deviceOverrideChangesTheScreen() {
    let run = ToolRun.run("report", "-", "--device", "iphone-6-plus", stdin: cardScene)
    #expect(run.stdout.contains("iPhone 6 Plus, 1242x2208 px @3x"))
  }

  @Test func rulesAndDevicesList() {
    let rules = ToolRun.run("rules")
    #expect(rules.status == 0)
    for id in OffscreenRules.all.map(\.id) {
      #expect(rules.stdout.contains(id))
    }
    let one = ToolRun.run("rules", "mask")
    #expect(one.stdout.contains("Examples:"))
    let devices = ToolRun.run("devices")
    #expect(devices.stdout.contains("iphone-6-plus"))
    #expect(devices.stdout.contains("1242x2208"))
  }
}
