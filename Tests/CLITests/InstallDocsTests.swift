import Foundation
import Testing

@testable import offscreen_sim

/// The README's install section and the changelog name the version `--version` prints, so that a
/// release cannot ship with one and say another.
@Suite("Install docs")
struct InstallDocsTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func changelogHasTheVersionTheToolPrints() throws {
    let printed = ToolRun.run("--version").stdout
    #expect(printed == "offscreen-sim \(toolVersion)\n")
    let changelog = try Self.text("CHANGELOG.md")
    #expect(changelog.contains("\n## \(toolVersion)"), "CHANGELOG.md has no section for \(toolVersion)")
  }

  /// The install section comes before the first bare `offscreen-sim` command past the opening
  /// (which runs the tool with `swift run`), and shows what `--version` prints.
  @Test func readmeSaysHowToInstallBeforeUsingTheBareName() throws {
    let readme = try Self.text("README.md")
    let install = try #require(readme.range(of: "\n## Install\n"))
    #expect(readme.contains("offscreen-sim --version    # prints: offscreen-sim \(toolVersion)"))
    #expect(readme.contains("mint install offscreen-sim/offscreen-sim@v\(toolVersion)"))
    #expect(readme.contains("swift package experimental-install --product offscreen-sim"))
    let commands = try #require(readme.range(of: "\n## Commands\n"))
    #expect(install.lowerBound < commands.lowerBound)
  }
}
