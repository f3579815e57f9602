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
    /// Options of this format alone; their help says which format they are for.
    let options: [OptionDeclaration]
    let read: @Sendable (_ bytes: [UInt8], _ options: Options) throws(SceneErrors) -> ImportedScene
  }

  /// What every format is given.
  struct Options: Sendable {
    /// The input's name as given (`<stdin>` for standard input), for the scene's `source`.
    var file: String
    var device: String?
    var iosVersion: OSVersion?
    var name: String
    /// The values of the format's own options, by name.
    var extra: [String: String]
    /// The scene readers' limits (`--max-layers`, `--work-budget`), which the scene is held to.
    var limits: InputLimits
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
          options: .init(
            device: options.device, screens: DeviceCatalogue.screens, iosVersion: options.iosVersion, name: options.name,
            file: options.file, limits: options.limits))
      }),
    lottie,
  ]

  static let output = SharedOptions.output("Where to write the scene; - or no -o writes it to standard output.")
  static let device = OptionDeclaration(
    "--device", value: "id", kind: .suggested(DeviceCatalogue.commandLineNames),
    help: "The scene's device (see 'offscreen-sim devices'); default: the known device whose screen is the input's top-level size.")
  static let iosVersion = OptionDeclaration(
    "--ios-version", value: "v", help: "The iOS release the screen ran on, such as 17.4.", default: "17.0")
  static let sceneName = OptionDeclaration("--name", value: "name", help: "The scene's name (default: the input file's name).")
  /// `--max-layers` as the scene readers take it: the layers a dump's views or an animation's
  /// precomps and parents make.
  static let maxLayers: OptionDeclaration = {
    var option = SharedOptions.maxLayers
    option.help =
      "Import inputs that make up to n layers (default \(InputLimits.standard.maxLayers)): a dump's views, an animation once every precomp and parent is expanded; the scene readers take the same option."
    return option
  }()

  /// `--work-budget` as the scene readers take it: an animation whose frames ask for more is
  /// imported over the first frames the budget holds.
  static let workBudget: OptionDeclaration = {
    var option = SharedOptions.workBudget
    option.help =
      "Import up to n layer-frames ((layers + animated layers) x frames at 120 Hz; default \(InputLimits.standard.maxLayerFrames)); a longer animation is imported over the first frames the budget holds, with a note. The scene readers take the same option."
    return option
  }()

  static var declaration: CommandDeclaration {
    let formatChoices = formats.map { Choice($0.name, "\($0.summary) It \($0.limits).") }
    return CommandDeclaration(
      name: "import", summary: "Make a scene from another tool's file: a UIKit recursiveDescription dump or a Lottie animation.",
      discussion: """
        One subcommand a format. The scene is written through the tool's scene writer: a scene file \
        (docs/scene-format.md) that report, compare and check read. What the input does not say is \
        printed as notes on standard error and kept in the scene's `source`. Guides: docs/capture.md, docs/lottie.md.
        """,
      arguments: [
        ArgumentDeclaration(
          "<format>", kind: .oneOf(formatChoices),
          help: "The input's format, one of:" + formatChoices.map { "\n  \($0.value): \($0.help)" }.joined()),
        ArgumentDeclaration("<input | ->", help: "The file to import, or - to read standard input."),
      ],
      options: [output, device, iosVersion, sceneName, maxLayers, workBudget] + formats.flatMap(\.options),
      exitCodes: [
        ExitCodeNote(.success, "the scene was written"),
        ExitCodeNote(
          .usageOrInput,
          "usage error, or the input cannot be read (each problem as file:line:column and what was expected), or the scene cannot be written"
        ),
      ],
      examples: [
        "offscreen-sim import recursive-description dump.txt -o scene.json",
        "offscreen-sim import lottie anim.json -o scene.json --frames 0-60",
        "offscreen-sim report scene.json",
      ])
  }

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard let formatName = parsed.positional.first else {
      throw UsageError("missing the input format: \(formats.map(\.name).joined(separator: ", "))")
    }
    guard let format = formats.first(where: { $0.name == formatName }) else {
      var message = "unknown input format '\(formatName)'; expected \(formats.map(\.name).joined(separator: ", "))"
      if let suggestion = nearest(to: formatName, in: formats.map(\.name)) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message)
    }
    for other in formats where other.name != format.name {
      for option in other.options where parsed.has(option) && !format.options.contains(where: { $0.name == option.name }) {
        throw UsageError("\(option.name) is an option of \(other.name), not of \(format.name)")
      }
    }
    let inputs = parsed.positional.dropFirst()
    guard inputs.count == 1, let input = inputs.first else {
      throw UsageError(inputs.isEmpty ? "missing the file to import" : "expected one file to import, found \(inputs.count)")
    }
    let device = try parsed.value(Self.device).map { id throws(UsageError) in try DeviceSelection.check(id) }
    var iosVersion: OSVersion? = nil
    if parsed.has(Self.iosVersion), let text = parsed.value(Self.iosVersion) {
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
    for option in format.options { extra[option.name] = parsed.value(option) }
    // The parser has checked the values are whole numbers in the options' ranges.
    let limits = InputLimits(
      maxLayers: parsed.value(Self.maxLayers).flatMap { Int($0) } ?? InputLimits.standard.maxLayers,
      maxLayerFrames: parsed.value(Self.workBudget).flatMap { Int($0) } ?? InputLimits.standard.maxLayerFrames)
    let options = Options(
      file: file, device: device, iosVersion: iosVersion, name: parsed.value(Self.sceneName) ?? defaultName, extra: extra,
      limits: limits)
    let imported: ImportedScene
    do {
      imported = try format.read(bytes, options)
    } catch {
      // With the file and each problem's place, so a GitHub Actions job annotates each one.
      throw InputError(error, file: file, summary: InputError.summary(error, file: file, "no scene was written"))
    }
    let text = try written(imported.scene, input: bytes.count, limits: limits, file: file)
    for note in imported.notes { io.err("\(file): note: \(note)\n") }
    let output = parsed.value(Self.output) ?? "-"
    try OutputFile(io: io, inputs: [input]).write(text, to: output, kind: .json)
    if output != "-" {
      io.err("wrote \(output): \(imported.scene.layerCount) layers on \(imported.scene.device)\n")
    }
    return .success
  }

  /// The scene's text, once it is known that the scene readers take it under `limits`: the
  /// importers hold what they build to those limits, and this is the last check, on the very
  /// text written (its size, ``ImportSize``, and a reading of it), so that no file an import
  /// writes is one a reader refuses.
  static func written(_ scene: Scene, input: Int, limits: InputLimits, file: String) throws(InputError) -> String {
    let refused = "\(file): error: the imported scene cannot be written: "
    let text: String
    do {
      text = try SceneEncoder.rendered(scene, workBudget: limits.maxLayerFrames)
    } catch {
      throw InputError(
        refused
          + "\(error)\n  note: the budget bounds what an untrusted file can cost; raise it to import an animation this large (--work-budget)"
      )
    }
    let size = text.utf8.count
    if size > ImportSize.maxSceneBytes(inputBytes: input, maxLayers: limits.maxLayers) {
      throw InputError(
        refused + ImportSize.problem("it takes \(NumberRange.grouped(Double(size))) bytes,", inputBytes: input, maxLayers: limits.maxLayers)
          + "\n  note: the bound follows the layer limit; raise it to import an input this large (--max-layers)")
    }
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: DeviceCatalogue.screens, limits: limits))
    } catch {
      let first = error.diagnostics.first.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" } ?? "\(error)"
      throw InputError(refused + "the scene readers would refuse it: \(first)")
    }
    return text
  }
}
