import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

/// The files made from the measurements format's description stay equal to it, as the scene
/// format's do (FormatFilesTests): the JSON Schema `measurements/measurements.schema.json` (what
/// `offscreen-sim schema measurements` writes) and the tables of docs/calibration.md (the keys of
/// each object, and the fitted figures of `FittedCoefficients`).
/// `OFFSCREEN_SIM_RECORD=1 swift test --filter CalibrationFilesTests` rewrites them (``Recording``).
@Suite("Calibration files")
struct CalibrationFilesTests {
  static let schemaPath = packageRoot.appendingPathComponent("measurements/measurements.schema.json")
  static let guidePath = packageRoot.appendingPathComponent("docs/calibration.md")

  @Test func theSchemaFileIsWhatTheSchemaCommandWrites() throws {
    let folder = try temporaryFolder()
    let run = ToolRun.run("schema", "measurements", "-o", "schema.json", currentDirectory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let written = try String(contentsOfFile: folder + "/schema.json", encoding: .utf8)
    if let failure = HeldFile.check(
      written, file: Self.schemaPath, name: "measurements/measurements.schema.json", filter: "CalibrationFilesTests")
    {
      Issue.record(Comment(rawValue: failure))
    }
  }

  @Test func theSchemaListsEveryKeyAndEveryMetric() throws {
    // Read back from what the command printed: each kind's properties are the description's keys,
    // `measured` takes every gateable metric and `offscreenCount`, a case one of `device` and
    // `deviceFile`, a figure one of its four forms.
    let text = ToolRun.run("schema", "measurements").stdout
    let value = try JSONReader.parse(Array(text.utf8))
    #expect(value.member("properties")?.keys == ["version", "description", "cases", "$schema"])
    let definitions = value.member("$defs")
    #expect(definitions?.member("case")?.member("properties")?.keys?.contains("deviceFile") == true)
    let measured = definitions?.member("measured")?.member("properties")?.keys ?? []
    #expect(measured == ReportMetrics.gateable + ["offscreenCount"])
    #expect(!measured.contains("visibleLayers"), "a metric with no better or worse is not measured")
    #expect(definitions?.member("figure")?.member("oneOf")?.count == 4)
    #expect(definitions?.member("case")?.member("oneOf")?.count == 2)
  }

  @Test func theGuidesTablesAreTheDescriptions() throws {
    let guide = try String(contentsOf: Self.guidePath, encoding: .utf8)
    let expected = FormatTables.regenerated(guide, tables: Self.tables)
    for (mark, _) in Self.tables { #expect(guide.contains(mark), "docs/calibration.md has no table \(mark)") }
    if let failure = HeldFile.check(expected, file: Self.guidePath, name: "docs/calibration.md", filter: "CalibrationFilesTests") {
      Issue.record(Comment(rawValue: failure))
    }
    // Every fitted figure has its row, by name.
    for name in FittedCoefficients.names { #expect(guide.contains("| `\(name)` |"), "\(name)") }
  }

  static var tables: [(mark: String, table: String)] {
    MeasurementsFormat.tables + [("<!-- fitted: parameters -->", CalibrationText.fittedTable())]
  }
}

extension JSONValue {
  fileprivate func member(_ key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }
  fileprivate var keys: [String]? {
    guard case .object(let members) = kind else { return nil }
    return members.map(\.key)
  }
  fileprivate var count: Int? {
    guard case .array(let items) = kind else { return nil }
    return items.count
  }
}
