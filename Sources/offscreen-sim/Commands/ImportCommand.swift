import Compositor
import Foundation
import LayerTree
import SceneImport

/// `offscreen-sim import <format> <input> -o scene.json`: another tool's file as a scene.
///
/// One subcommand a format, each an entry of ``formats``; adding a format is one entry.
enum ImportCommand: ToolCommand {
  /// One input format: its name on the command line, its help, and its importer.
  struct Format: Sendable {
    let name: String
    let summary: String
    /// What the format cannot say, printed in the help.
    let limits: String
    /// Options of this format alone, with their help lines.
    let options: [(name: String, help: String)]
    let read: @Sendable (_ bytes: [UInt8], _ options: Options) throws(SceneErrors) -> ImportedScene
  }

  /// What every format is given.
  struct Options: Sendable {
    var device: String?
    var iosVersion: OSVersion?
    var name: String
    /// The values of the format's own options, by name.
    var extra: [String: String]
  }

  static let formats: [Format] = [
    Format(
      name: "recursive-description",
      summary: "UIKit's view hierarchy as `recursiveDescription` prints it (lldb, snapshot tests).",
      limits: "has no corner radius, shadow, mask, rasterization or image size: a lower bound",
      options: [],
      read: { bytes, options throws(SceneErrors) in
        try RecursiveDescriptionImporter.importScene(
          bytes,
          options: .init(device: options.device, screens: DeviceCatalogue.screens, iosVersion: options.iosVersion, name: options.name))
      })
  ]

  static let name = "import"
  static let summary = "Make a scene from another tool's file: a UIKit recursiveDescription dump, ..."
  static let usageLine = "offscreen-sim import <format> <input | -> [-o scene.json] [--device ID] [--ios-version V] [--name NAME]"
  static var help: String {
    let formatLines = formats.map { format in
      "  " + format.name.padding(toLength: 24, withPad: " ", startingAt: 0) + format.summary + "\n"
        + String(repeating: " ", count: 26) + "It " + format.limits + "."
    }
    let extraOptions = formats.flatMap { format in
      format.options.map { "  \($0.name.padding(toLength: 22, withPad: " ", startingAt: 0))(\(format.name)) \($0.help)" }
    }
    return """
      OVERVIEW: \(summary)

      USAGE: \(usageLine)

      The scene is written through the tool's scene writer: a scene file (docs/scene-format.md) that
      report, compare and check read. What the input does not say is printed as notes on standard
      error and kept in the scene's description. Guide: docs/capture.md.

      FORMATS:
      \(formatLines.joined(separator: "\n"))

      ARGUMENTS:
        <input>               The file to import, or - to read standard input.

      OPTIONS:
        -o, --output <file>   Where to write the scene; - or no -o writes it to standard output.
        --device <id>         The scene's device (see 'offscreen-sim devices'); default: the known device
                              whose screen is the input's top-level size.
        --ios-version <v>     The iOS release the screen ran on (default: the scene format's, 17.0).
        --name <name>         The scene's name (default: the input file's name).
      \(extraOptions.joined(separator: "\n"))
        -h, --help            Show this help.

      EXIT CODES:
        0  the scene was written
        2  usage error, or the input cannot be read (each problem as file:line:column and what was
           expected), or the scene cannot be written

      EXAMPLE:
        offscreen-sim import recursive-description dump.txt -o scene.json
        offscreen-sim report scene.json

      """
  }

  static func run(_ arguments: [String], io: ToolIO) throws -> ExitCode {
    guard let formatName = arguments.first, !formatName.hasPrefix("-") else {
      throw UsageError("missing the input format: \(formats.map(\.name).joined(separator: ", "))")
    }
    guard let format = formats.first(where: { $0.name == formatName }) else {
      var message = "unknown input format '\(formatName)'; expected \(formats.map(\.name).joined(separator: ", "))"
      if let suggestion = closest(formatName, in: formats.map(\.name)) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message)
    }
    let parsed = try ParsedArguments(
      Array(arguments.dropFirst()), options: Set(["-o", "--output", "--device", "--ios-version", "--name"] + format.options.map(\.name)),
      flags: [])
    guard parsed.positional.count == 1 else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing the file to import" : "expected one file to import, found \(parsed.positional.count)")
    }
    let input = parsed.positional[0]
    if let device = parsed.value("--device"), DeviceCatalogue.device(id: device) == nil {
      var message = "unknown device '\(device)'"
      if let suggestion = closest(device, in: DeviceCatalogue.all.map(\.id)) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message + "; see 'offscreen-sim devices'")
    }
    var iosVersion: OSVersion? = nil
    if let text = parsed.value("--ios-version") {
      guard let version = OSVersion(parsing: text) else {
        throw UsageError("--ios-version expects a release such as 17.4, found '\(text)'")
      }
      iosVersion = version
    }
    let loader = SceneLoader(io: io)
    let bytes = try loader.readBytes(input)
    let file = SceneLoader.displayName(input)
    let defaultName = input == "-" ? "" : URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
    var extra: [String: String] = [:]
    for option in format.options { extra[option.name] = parsed.value(option.name) }
    let options = Options(
      device: parsed.value("--device"), iosVersion: iosVersion, name: parsed.value("--name") ?? defaultName, extra: extra)
    let imported: ImportedScene
    do {
      imported = try format.read(bytes, options)
    } catch {
      let count = error.diagnostics.count
      throw InputError(
        error.formatted(file: file) + "\n\(file): \(count) problem\(count == 1 ? "" : "s") found; no scene was written")
    }
    let text: String
    do {
      text = try SceneEncoder.rendered(imported.scene)
    } catch {
      throw InputError("\(file): error: the imported scene cannot be written: \(error)")
    }
    for note in imported.notes { io.err("\(file): note: \(note)\n") }
    let output = parsed.value("-o") ?? parsed.value("--output") ?? "-"
    try OutputFile(io: io).write(text, to: output)
    if output != "-" {
      io.err("wrote \(output): \(imported.scene.layerCount) layers on \(imported.scene.device)\n")
    }
    return .success
  }
}
