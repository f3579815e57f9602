import Compositor
import LayerTree

/// `offscreen-sim validate measurements.json`: predicts every measured case on its device and
/// fails when a figure is out of its tolerance: the model held to measurements in CI
/// (docs/calibration.md).
enum ValidateCommand: ToolCommand {
  static let format = SharedOptions.format([
    (.text, "each case's figures: measured, predicted, the error, whether it holds; the verdict."),
    (.json, "the same as a document (docs/calibration.md)."),
    (.markdown, "a pull-request comment."),
  ])
  static let deviceFile = OptionDeclaration(
    "--device-file", value: "file", kind: .file,
    help:
      "A device profile (a calibrated one: offscreen-sim calibrate) that replaces the device of every case measured on the device it is based on, or on its own id."
  )
  static let toleranceScale = OptionDeclaration(
    "--tolerance-scale", value: "x",
    help:
      "Multiply every tolerance and half-range by x (0.5 halves them); a one-sided bound moves by x - 1 of its margins (5% of the bound).",
    default: "1")

  static let declaration = CommandDeclaration(
    name: "validate", summary: "Hold the model to measured figures: predict each measured case, fail when one is out of tolerance.",
    discussion: """
      Each case of the measurements file is simulated on the device it was measured on (docs/calibration.md), \
      with that device's coefficients (a calibrated profile's, with --device-file), and each figure compared with \
      what was measured: a value within its tolerance, a range, or a one-sided bound. Nothing is fitted.
      """,
    arguments: [ArgumentDeclaration("<measurements.json>", help: "A measurements file (docs/calibration.md).")],
    options: [deviceFile, toleranceScale, format, SharedOptions.jobs] + SharedOptions.limitGroup,
    exitCodes: [
      ExitCodeNote(.success, "every measured figure is predicted within its tolerance"),
      ExitCodeNote(.failure, "a figure is out of its tolerance (or the simulation has no value for it)"),
      ExitCodeNote(
        .usageOrInput,
        "usage error, or the measurements file or a scene or profile it names cannot be read (file:line:column, JSON path)"),
    ],
    examples: [
      "offscreen-sim validate measurements.json",
      "offscreen-sim validate measurements.json --device-file my-iphone.json --format markdown > comment.md",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard parsed.positional.count == 1 else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing the measurements file" : "expected one measurements file, found \(parsed.positional.count)")
    }
    let scaleText = parsed.value(Self.toleranceScale) ?? "1"
    guard let scale = Double(scaleText), scale.isFinite, scale > 0, scale <= 1000 else {
      throw UsageError("--tolerance-scale expects a number > 0 and at most 1000, such as 2 or 0.5, found '\(scaleText)'")
    }
    var profile: DeviceProfile? = nil
    if let file = parsed.value(Self.deviceFile) {
      let bytes = try SceneLoader(io: io).readBytes(file)
      do {
        profile = try DeviceProfileReader.read(bytes)
      } catch {
        throw InputError(error, file: file, summary: "\(file): the device profile was not loaded")
      }
    }
    let selection = try DeviceSelection(parsed, io: io)
    let path = parsed.positional[0]
    let loaded = try MeasurementsLoader(io: io, limits: selection.limits).load(
      path, replacing: profile, profileFile: parsed.value(Self.deviceFile))
    let run = ValidationRun(
      file: SceneLoader.displayName(path), cases: Calibration.predict(loaded.cases, jobs: CommonOptions.jobs(parsed)),
      toleranceScale: scale, profile: profile)
    switch OutputFormat(parsed, Self.format) {
    case .json: io.document(ValidateFormatter.json(run), .json)
    case .markdown: io.document(ValidateFormatter.markdown(run), .markdown)
    default: io.out(ValidateFormatter.text(run))
    }
    return run.passed ? .success : .failure
  }
}
