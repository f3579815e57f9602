import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// `offscreen-sim report` on every scene of `Tests/Fixtures/bad-input/`: exit code 2, nothing on
/// standard output, and on standard error exactly the expected lines of `<name>.expected` (worked
/// out by hand there; `Tests/LayerTreeTests/BadInputTests.swift` checks the decoder against the
/// same lines), each prefixed with the file as given, then the count of problems.
@Suite("Bad input: exit code 2")
struct BadInputExitCodeTests {
  static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/bad-input")

  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }()

  static func expected(_ name: String) throws -> [String] {
    let text = try String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
      .map { $0.replacingOccurrences(of: "{catalogue}", with: TestDevices.screens.keys.sorted().joined(separator: ", ")) }
  }

  /// What the tool must print on standard error for the case, the scene shown as `file`.
  static func expectedStderr(_ name: String, file: String) throws -> String {
    let lines = try expected(name)
    let problems = lines.filter { !$0.hasPrefix("  ") }.count
    let prefixed = lines.map { $0.hasPrefix("  ") ? $0 : "\(file):\($0)" }
    let summary = "\(file): \(problems) problem\(problems == 1 ? "" : "s") found; the scene was not simulated"
    return (prefixed + [summary]).joined(separator: "\n") + "\n"
  }

  @Test func thereAreCases() {
    #expect(Self.names.count >= 17)
  }

  @Test(arguments: names)
  func reportExitsWith2AndNamesEveryPlace(_ name: String) throws {
    let path = Self.folder.appendingPathComponent(name + ".json").path
    let run = ToolRun.run("report", path)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == (try Self.expectedStderr(name, file: path)))
  }

  /// Read from standard input, the scene is named `<stdin>`.
  @Test(arguments: names)
  func standardInputIsNamedStdin(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name + ".json")))
    let run = ToolRun.run("report", "-", "--format", "json", stdinBytes: bytes)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == (try Self.expectedStderr(name, file: "<stdin>")))
  }
}
