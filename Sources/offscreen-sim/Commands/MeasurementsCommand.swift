import Compositor
import Foundation
import LayerTree

/// `offscreen-sim measurements from-xcresult metrics.json --case id --scene scene.json --device id`:
/// what an XCTest performance test measured, as a case of a measurements file
/// (docs/calibration.md, "How to measure").
enum MeasurementsCommand: ToolCommand {
  static let sources = [Choice("from-xcresult", "the JSON `xcrun xcresulttool get test-results metrics` writes (Xcode 16.3 and later).")]

  static let caseID = OptionDeclaration(
    "--case", value: "id", help: "The case's id, unique in the measurements file.", required: "the case's id")
  static let scene = OptionDeclaration(
    "--scene", value: "scene.json", kind: .file,
    help: "The scene that models the screen measured (a captured scene, docs/capture.md); written relative to the output's folder.",
    required: "the scene that models the screen measured")
  static let device = OptionDeclaration(
    "--device", value: "id", kind: .suggested(DeviceCatalogue.commandLineNames),
    help: "The device the test ran on (see 'offscreen-sim devices').", required: "the device the test ran on")
  static let test = OptionDeclaration(
    "--test", value: "identifier", help: "The test to take, by its testIdentifier, when the file holds more than one.")
  static let run = OptionDeclaration(
    "--run", value: "n", kind: .integer(0...1000),
    help: "The run to take (from 0), when the test ran on more than one device or configuration.")
  static let signpost = OptionDeclaration(
    "--signpost", value: "name", help: "The signpost to take (Scroll_Deceleration), when the run measured more than one.")
  static let source = OptionDeclaration(
    "--source", value: "text",
    help: "Where the figures come from (default: the metrics file and the test, device and iOS release it names).")
  static let output = SharedOptions.output(
    "The measurements file: an existing one gets the case added; a new one is made; - or no -o writes a new file to standard output.")

  static let declaration = CommandDeclaration(
    name: "measurements",
    summary: "Make a measurements file's case from what an XCTest performance test measured (xcresulttool's metrics).",
    discussion: """
      Reads the performance metrics of a result bundle as `xcrun xcresulttool get test-results metrics` writes them \
      and writes one measured case (docs/calibration.md, "How to measure"): the frame rate, hitch time ratio and hitch \
      count of an XCTOSSignpostMetric scroll, each the mean of the iterations with a tolerance of their standard \
      deviation, no less than the metric's smallest step. Memory is written in the case's note, not as a figure. \
      The case is checked as validate reads it before anything is written.
      """,
    arguments: [
      ArgumentDeclaration(
        "<source>", kind: .oneOf(sources), help: "What the input is: " + sources.map { "\($0.value), \($0.help)" }.joined()),
      ArgumentDeclaration("<metrics.json | ->", help: "xcresulttool's metrics JSON, or - to read standard input."),
    ],
    options: [caseID, scene, device, test, run, signpost, source, output] + SharedOptions.limitGroup,
    exitCodes: [
      ExitCodeNote(.success, "the case was written"),
      ExitCodeNote(
        .usageOrInput,
        "usage error, or the metrics or the measurements file cannot be read or has no figure to take (file:line:column, JSON path); nothing is written"
      ),
    ],
    examples: [
      "offscreen-sim measurements from-xcresult metrics.json --case feed --scene feed.json --device iphone-13-pro -o measurements.json",
      "offscreen-sim validate measurements.json",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard let sourceName = parsed.positional.first else { throw UsageError("missing the input's kind: from-xcresult") }
    guard sources.contains(where: { $0.value == sourceName }) else {
      throw UsageError("unknown input '\(sourceName)'; expected \(sources.map(\.value).joined(separator: ", "))")
    }
    let inputs = parsed.positional.dropFirst()
    guard inputs.count == 1, let input = inputs.first else {
      throw UsageError(inputs.isEmpty ? "missing the metrics file" : "expected one metrics file, found \(inputs.count)")
    }
    let caseID = parsed.value(Self.caseID) ?? ""
    if let problem = LayerPath.problem(withID: caseID) { throw UsageError("--case: \(problem)") }
    let deviceID = try DeviceSelection.check(parsed.value(Self.device) ?? "")
    let scenePath = parsed.value(Self.scene) ?? ""
    guard !scenePath.isEmpty else { throw UsageError("--scene expects the scene's path, found an empty one") }
    var runIndex: Int? = nil
    if let text = parsed.value(Self.run) {
      guard let index = Int(text), index >= 0 else { throw UsageError("--run expects a run's index from 0, found '\(text)'") }
      runIndex = index
    }

    let loader = SceneLoader(io: io)
    let file = SceneLoader.displayName(input)
    let converted: XcresultConversion.Converted
    do {
      let tests = try XcresultMetricsReader.read(try loader.readBytes(input))
      converted = try XcresultConversion.convert(
        tests, .init(test: parsed.value(Self.test), run: runIndex, signpost: parsed.value(Self.signpost)))
    } catch let error as SceneErrors {
      throw InputError(error, file: file, summary: InputError.summary(error, file: file, "no case was written"))
    }
    guard !converted.figures.isEmpty else {
      throw InputError(
        "\(file): error: the run's \(converted.signpost) signpost has no frame rate, hitch time ratio or hitch count; no case was written",
        file: file)
    }

    // The scene is checked as validate will read it, on the case's device, before anything is
    // written.
    let sceneFile = SceneLoader.displayName(scenePath)
    switch SceneLoader.read(scenePath, in: io.currentDirectory) {
    case .failure(let problem):
      throw InputError("\(sceneFile): error: \(MeasurementsLoader.describe(problem)) (--scene); no case was written", file: sceneFile)
    case .success(let sceneBytes):
      // The limits validate reads it with (--work-budget and --max-layers raise them alike).
      let limits = try DeviceSelection(parsed, io: io).limits
      let options = SceneDecoder.Options(devices: DeviceCatalogue.screens, deviceOverride: deviceID, limits: limits)
      do {
        _ = try SceneDecoder.decode(sceneBytes, options: options)
      } catch {
        throw InputError(error, file: sceneFile, summary: InputError.summary(error, file: sceneFile, "no case was written"))
      }
    }

    let outputPath = parsed.value(Self.output) ?? "-"
    let outputFolder = outputPath == "-" ? "." : ScenePaths.folder(of: outputPath)
    let written = relativePath(
      from: ScenePaths.normalize(ScenePaths.resolve(outputFolder, in: io.currentDirectory)),
      to: ScenePaths.normalize(ScenePaths.resolve(scenePath, in: io.currentDirectory)))
    var caseMembers: [(String, JSONOutput)] = [("id", .string(caseID)), ("scene", .string(written)), ("device", .string(deviceID))]
    if let version = converted.osVersion, OSVersion(parsing: version) != nil, version.split(separator: ".").count <= 3 {
      caseMembers.append(("ios", .string(version)))
    }
    var sourceText = parsed.value(Self.source) ?? ""
    if sourceText.allSatisfy(\.isWhitespace) {
      sourceText = "\(file), test \(converted.test)"
      if let name = converted.deviceName { sourceText += ", on \(name)" }
      if let version = converted.osVersion { sourceText += " (iOS \(version))" }
    }
    caseMembers.append(("source", .string(sourceText)))
    caseMembers.append(("method", .string(converted.methodText)))
    caseMembers.append(
      (
        "measured",
        .object(
          converted.figures.map { figure in
            (figure.metric, .object([("value", .number(rounded(figure.value))), ("tolerance", .number(roundedUp(figure.tolerance)))]))
          })
      ))
    if !converted.noteText.isEmpty { caseMembers.append(("note", .string(converted.noteText))) }
    let newCase = JSONOutput.object(caseMembers)

    var document: JSONOutput
    let outputFile = outputPath == "-" ? nil : ScenePaths.resolve(outputPath, in: io.currentDirectory)
    if let outputFile, FileManager.default.fileExists(atPath: outputFile) {
      let shown = SceneLoader.displayName(outputPath)
      let bytes = try loader.readBytes(outputPath)
      let existing: Measurements
      do {
        existing = try MeasurementsReader.read(bytes, devices: DeviceCatalogue.all.map(\.id))
      } catch {
        throw InputError(error, file: shown, summary: InputError.summary(error, file: shown, "no case was added"))
      }
      if let same = existing.cases.first(where: { $0.id == caseID }) {
        let place = same.location.map { ":\($0)" } ?? ""
        throw InputError("\(shown)\(place): error: the case id \"\(caseID)\" is already in the file; no case was added", file: shown)
      }
      guard let value = try? JSONReader.parse(bytes), case .object(let members) = value.kind else {
        throw InputError("\(shown): error: the measurements file cannot be read again; no case was added", file: shown)
      }
      document = .object(
        members.map { member in
          guard member.key == "cases", case .array(let items) = member.value.kind else { return (member.key, output(member.value)) }
          return (member.key, .array(items.map(output) + [newCase]))
        })
    } else {
      document = .object([
        ("version", .int(MeasurementsFormat.version)),
        ("description", .string("Measured with XCTest (docs/calibration.md, \"How to measure\").")),
        ("cases", .array([newCase])),
      ])
    }
    let text = document.rendered(lineWidth: 120)
    // What is written is what validate reads: checked before it is written.
    do {
      _ = try MeasurementsReader.read(Array(text.utf8), devices: DeviceCatalogue.all.map(\.id))
    } catch {
      throw InputError(
        error, file: "<the case made>", summary: "the case made does not read back as a measurements file; nothing was written")
    }
    try OutputFile(io: io, inputs: [input]).write(text, to: outputPath, kind: .json)
    if outputPath != "-" {
      let names = converted.figures.map(\.metric).joined(separator: ", ")
      io.err("wrote \(outputPath): case \(caseID) (\(names)) from \(converted.test)\n")
    }
    return .success
  }

  /// A parsed JSON value as a document to write, keys in their order.
  static func output(_ value: JSONValue) -> JSONOutput {
    switch value.kind {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .number(let number):
      if number == number.rounded(), abs(number) < 1e15 { return .int(Int(number)) }
      return .number(number)
    case .string(let text): return .string(text)
    case .array(let items): return .array(items.map(output))
    case .object(let members): return .object(members.map { ($0.key, output($0.value)) })
    }
  }

  /// Three decimals: what a measured figure means.
  static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
  /// Three decimals, rounded up, so that a tolerance never comes out 0.
  static func roundedUp(_ value: Double) -> Double { max((value * 1000).rounded(.up) / 1000, 0.001) }

  /// `to` relative to the folder `from`, both absolute and normalised.
  static func relativePath(from folder: String, to path: String) -> String {
    let base = folder.split(separator: "/").map(String.init)
    let target = path.split(separator: "/").map(String.init)
    var common = 0
    while common < base.count, common < target.count - 1, base[common] == target[common] { common += 1 }
    let ups = Array(repeating: "..", count: base.count - common)
    return (ups + target[common...]).joined(separator: "/")
  }
}
