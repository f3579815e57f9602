import Foundation
import PackagePlugin

/// `swift package offscreen-sim <command> <arguments...>` in a package that depends on this one:
/// runs `offscreen-sim <command> <arguments...>` with the package's folder as the working folder,
/// so that `check scenes/` and the project configuration (`.offscreen-sim.json`) are found where
/// the command line names them. Every argument is passed on as it is.
///
/// The plugin declares no permission: `check`, `compare`, `report` and the others read files and
/// print. A command that writes into the package (`-o`, `--junit`, `--html`, `init`,
/// `optimize`) needs `swift package --allow-writing-to-package-directory offscreen-sim ...`,
/// which lets SwiftPM's sandbox (macOS) allow the writes.
///
/// Only PackagePlugin API of tools version 6.0: `PluginContext.Tool.url` and
/// `Package.directoryURL` (both introduced in 6.0, when `path` and `directory` were deprecated).
@main
struct OffscreenSimPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "offscreen-sim")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    // Standard output and error are the plugin's own, which SwiftPM prints as they come.
    try process.run()
    process.waitUntilExit()

    let status = process.terminationStatus
    guard process.terminationReason == .exit, status == 0 else {
      throw ToolFailure(arguments: arguments, status: status, signalled: process.terminationReason == .uncaughtSignal)
    }
  }
}

/// The tool exited with another status than 0, or was stopped by a signal. Its own output, printed
/// before, says what failed; this names the command and what its status means.
struct ToolFailure: Error, CustomStringConvertible {
  var arguments: [String]
  var status: Int32
  var signalled: Bool

  var description: String {
    let command = (["offscreen-sim"] + arguments).joined(separator: " ")
    if signalled { return "\(command) was stopped by signal \(status)" }
    switch status {
    case 1: return "\(command) exited with status 1: a budget failed or a gated metric got worse (the lines above say which)"
    case 2: return "\(command) exited with status 2: an input could not be used, or the command line is wrong (the lines above say why)"
    default: return "\(command) exited with status \(status)"
    }
  }
}
