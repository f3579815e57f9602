import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

/// The files made from the format's description stay equal to it: the JSON Schema
/// (`scenes/scene.schema.json`, what `offscreen-sim schema` writes) and the key tables of
/// docs/scene-format.md. `OFFSCREEN_SIM_RECORD=1 swift test --filter FormatFilesTests` rewrites both
/// from the description (``Recording``).
@Suite("Format files")
struct FormatFilesTests {
  static let schemaPath = packageRoot.appendingPathComponent("scenes/scene.schema.json")
  static let guidePath = packageRoot.appendingPathComponent("docs/scene-format.md")

  @Test func theSchemaFileIsWhatTheSchemaCommandWrites() throws {
    let folder = try temporaryFolder()
    let run = ToolRun.run("schema", "-o", "schema.json", currentDirectory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let written = try String(contentsOfFile: folder + "/schema.json", encoding: .utf8)
    if let failure = HeldFile.check(written, file: Self.schemaPath, name: "scenes/scene.schema.json", filter: "FormatFilesTests") {
      Issue.record(Comment(rawValue: failure))
    }
  }

  @Test func theSchemaListsEveryKeyOfEveryKind() throws {
    // Parsed back, each kind's properties are the description's keys in order, and the devices
    // are the catalogue's: both read from what the command wrote, not from the generator.
    let text = ToolRun.run("schema").stdout
    let value = try JSONReader.parse(Array(text.utf8))
    for kind in SceneFormat.standard.kinds {
      let properties = kind.name == "scene" ? value["properties"] : value["$defs"]?[kind.name]?["properties"]
      #expect(properties?.objectKeys == kind.names, "\(kind.name)")
    }
    let devices = value["properties"]?["device"]?["enum"]?.arrayStrings
    #expect(devices == DeviceCatalogue.all.map(\.id))
  }

  @Test func theGuidesKeyTablesAreTheDescriptions() throws {
    let guide = try String(contentsOf: Self.guidePath, encoding: .utf8)
    let expected = FormatTables.regenerated(guide)
    // Every kind has its table in the guide.
    for kind in SceneFormat.standard.kinds {
      #expect(guide.contains(FormatTables.openingMark(kind)), "docs/scene-format.md has no table for \(kind.name)")
    }
    if let failure = HeldFile.check(expected, file: Self.guidePath, name: "docs/scene-format.md", filter: "FormatFilesTests") {
      Issue.record(Comment(rawValue: failure))
    }
  }

  @Test func theSchemaCommandWritesToAFileAndHasHelp() throws {
    let folder = try temporaryFolder()
    let run = ToolRun.run("schema", "-o", "out.json", currentDirectory: folder)
    #expect(run.status == 0)
    let written = try String(contentsOfFile: folder + "/out.json", encoding: .utf8)
    #expect(written == (try String(contentsOf: Self.schemaPath, encoding: .utf8)))
    // On standard output the same document, as JSON a reader parses.
    let printed = ToolRun.run("schema")
    #expect(printed.status == 0 && (try? JSONReader.parse(Array(printed.stdout.utf8))) != nil)
    let help = ToolRun.run("schema", "--help")
    #expect(help.status == 0 && help.stdout.contains("--output"))
    #expect(ToolRun.run("schema", "extra").status == 2)
  }
}

/// The work budget and the layer limit on the command line: lowered, a small scene is refused
/// with the message and exit code 2; the default takes it.
@Suite("Limits on the command line")
struct LimitFlagTests {
  // 1 root + 9 copies = 10 layers over 1 s at 60 Hz: 600 layer-frames, worked out by hand.
  static let scene = """
    {"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "dot", "frame": [0, 0, 5, 5], "repeat": {"count": 9, "step": [6, 0]}}]},
     "timeline": {"duration": 1, "frameRate": 60}}
    """

  @Test func theWorkBudgetFlag() {
    #expect(ToolRun.run("report", "-", stdin: Self.scene).status == 0)
    #expect(ToolRun.run("report", "-", "--work-budget", "600", stdin: Self.scene).status == 0)
    let refused = ToolRun.run("report", "-", "--work-budget", "599", stdin: Self.scene)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("the scene asks for 600 layer-frames (10 layers x 60 frames at 60 Hz); the work budget is 599"))
    #expect(refused.stderr.contains("--work-budget"))
  }

  @Test func theLayerFlag() {
    #expect(ToolRun.run("report", "-", "--max-layers", "10", stdin: Self.scene).status == 0)
    #expect(ToolRun.run("report", "-", "--max-layers", "9", stdin: Self.scene).status == 2)
  }

  @Test func everySimulatingCommandTakesThem() {
    for command in ["report", "explain", "optimize", "render", "chart", "check", "compare"] {
      let help = ToolRun.run(command, "--help").stdout
      #expect(help.contains("--work-budget") && help.contains("--max-layers"), "\(command)")
    }
  }
}

extension JSONValue {
  fileprivate subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }
  fileprivate var objectKeys: [String]? {
    guard case .object(let members) = kind else { return nil }
    return members.map(\.key)
  }
  fileprivate var arrayStrings: [String]? {
    guard case .array(let items) = kind else { return nil }
    return items.compactMap { if case .string(let text) = $0.kind { text } else { nil } }
  }
}
