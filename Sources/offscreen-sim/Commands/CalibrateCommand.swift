import Compositor
import LayerTree

/// `offscreen-sim calibrate measurements.json -o device.json`: fits the cost model's fitted
/// coefficients and the device's figures to a team's measurements, and writes the device profile
/// every command takes with `--device-file` (docs/calibration.md).
enum CalibrateCommand: ToolCommand {
  static let format = SharedOptions.format([
    (.text, "the figures fitted and held, each case's figures before and after, the errors."),
    (.json, "the same as a document (docs/calibration.md)."),
    (.markdown, "a pull-request comment."),
  ])
  static let base = OptionDeclaration(
    "--base", value: "id", kind: .suggested(DeviceCatalogue.all.map(\.id)),
    help:
      "The device to calibrate: its figures are fitted to the cases measured on it, and the profile is based on it. A catalogue id, or the id of a case's deviceFile profile. Default: the device every case was measured on."
  )
  static let fit = OptionDeclaration(
    "--fit", value: "names", kind: .suggested(FittedCoefficients.names),
    help:
      "The figures to fit, separated by commas, in the order the fit takes them up (a figure the cases cannot tell from one before it is held). Default: every one, device figures first: \(FittedCoefficients.names.joined(separator: ", ")).",
    repeatable: true)
  static let noLeaveOneOut = OptionDeclaration(
    "--no-leave-one-out",
    help: "Skip predicting each case from a fit of the others (one more fit per case): faster, but no over-fit check.")
  static let output = SharedOptions.output(
    "Write the calibrated device profile to this file (- prints only the profile).", required: "where to write the device profile")

  static let declaration = CommandDeclaration(
    name: "calibrate", summary: "Fit the cost model to a team's measurements of its device and write a device profile.",
    discussion: """
      Each case of the measurements file is a scene with the figures measured on a device (docs/calibration.md). \
      The fit moves the device's figures (gpuSpeed, cpuSpeed, memoryBandwidth) and the cost model's fitted \
      coefficients within their physical bounds, and holds each one the cases cannot tell apart from those before it, \
      saying what measurement would free it. Each case is then predicted by a fit of the others (leave-one-out). \
      The profile is a --device-file profile with the fitted coefficients; every command that simulates takes it.
      """,
    arguments: [ArgumentDeclaration("<measurements.json>", help: "A measurements file (docs/calibration.md).")],
    options: [base, fit, format, output, noLeaveOneOut, SharedOptions.jobs] + SharedOptions.limitGroup,
    exitCodes: [
      ExitCodeNote(.success, "the profile was written (figures the cases cannot tell apart are held and listed)"),
      ExitCodeNote(.failure, "every figure asked for was held: nothing could be fitted, no profile was written"),
      ExitCodeNote(
        .usageOrInput,
        "usage error, the measurements file or a scene or profile it names cannot be read (file:line:column, JSON path), or the profile cannot be written"
      ),
    ],
    examples: [
      "offscreen-sim calibrate measurements.json -o my-iphone.json",
      "offscreen-sim calibrate measurements.json --fit gpuSpeed,cpuSpeed --format json -o my-iphone.json > fit.json",
      "offscreen-sim report scenes/qqmusic-home-v1.json --device-file my-iphone.json",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard parsed.positional.count == 1 else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing the measurements file" : "expected one measurements file, found \(parsed.positional.count)")
    }
    let output = try OutputFile.path(parsed.value(Self.output))
    let parameters = try parseFit(parsed.values(Self.fit))
    let selection = try DeviceSelection(parsed, io: io)
    let path = parsed.positional[0]
    let loaded = try MeasurementsLoader(io: io, limits: selection.limits).load(path)
    let base = try base(parsed.value(Self.base), cases: loaded.cases)
    let file = SceneLoader.displayName(path)
    var result = Calibration.fit(
      loaded.cases,
      options: Calibration.Options(
        base: base, parameters: parameters, jobs: CommonOptions.jobs(parsed), leaveOneOut: !parsed.has(Self.noLeaveOneOut)))
    result.profile.name = CalibratedProfile.name(result.profile.name)
    var run = CalibrationRun(file: file, digest: "sha256:" + SHA256.hex(loaded.bytes), result: result, output: nil)
    if !result.fitted.isEmpty {
      run.output = output == "-" ? nil : output
      let profile = CalibratedProfile.document(run).rendered()
      try OutputFile(io: io, inputs: [path]).write(profile, to: output, kind: .json)
      if output == "-" { return .success }
    }
    // With -o -, standard output is the profile's: with nothing fitted (no profile) the results go
    // to standard error, so that `-o - > profile.json` never fills the file with them.
    let (text, kind): (String, DocumentKind?)
    switch OutputFormat(parsed, Self.format) {
    case .json: (text, kind) = (CalibrateFormatter.json(run), .json)
    case .markdown: (text, kind) = (CalibrateFormatter.markdown(run), .markdown)
    default: (text, kind) = (CalibrateFormatter.text(run), nil)
    }
    if output == "-" {
      io.err(text)
    } else if let kind {
      io.document(text, kind)
    } else {
      io.out(text)
    }
    return result.fitted.isEmpty ? .failure : .success
  }

  /// `--fit` values: figure names separated by commas, gathered over every flag, in the table's
  /// order; every one when none is given.
  static func parseFit(_ values: [String]) throws(UsageError) -> [FittedParameter] {
    guard !values.isEmpty else { return FittedCoefficients.all }
    var names: [String] = []
    for value in values {
      for part in value.split(separator: ",") {
        let name = part.trimmingCharacters(in: .whitespaces)
        if name.isEmpty { continue }
        guard FittedCoefficients.parameter(named: name) != nil else {
          var message = "unknown figure '\(name)' in --fit"
          if let suggestion = nearest(to: name, in: FittedCoefficients.names) { message += "; did you mean '\(suggestion)'?" }
          throw UsageError(message + " (the figures a calibration fits: \(FittedCoefficients.names.joined(separator: ", ")))")
        }
        if !names.contains(name) { names.append(name) }
      }
    }
    guard !names.isEmpty else { throw UsageError("--fit names no figure") }
    return FittedCoefficients.all.filter { names.contains($0.name) }
  }

  /// The device to calibrate: `--base`, or the one every case was measured on.
  static func base(_ given: String?, cases: [Calibration.Case]) throws(UsageError) -> DeviceProfile {
    var devices: [DeviceProfile] = []
    for measured in cases where !devices.contains(where: { $0.id == measured.device.id }) { devices.append(measured.device) }
    if let given {
      if let device = devices.first(where: { $0.id == given }) ?? DeviceCatalogue.device(id: given) { return device }
      let ids = DeviceCatalogue.all.map(\.id) + devices.map(\.id).filter { DeviceCatalogue.device(id: $0) == nil }
      var message = "unknown device '\(given)' in --base"
      if let suggestion = nearest(to: given, in: ids) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message + " (a catalogue id, or the id of a case's deviceFile profile)")
    }
    guard devices.count == 1, let only = devices.first else {
      throw UsageError(
        "the cases were measured on several devices (\(devices.map(\.id).joined(separator: ", "))): name the one to calibrate with --base")
    }
    return only
  }
}
