import Compositor
import LayerTree

/// The device profile `calibrate` writes: a `--device-file` profile (docs/cost-model.md, "Your own
/// device") based on the catalogue device, with the device figures the fit moved, the fitted
/// coefficients (`coefficients`) and what the fit was (`calibration`), which reports' headers name.
enum CalibratedProfile {
  /// The name of a calibrated profile of the device named `name`: `iPhone 7 (calibrated)`.
  static func name(_ name: String) -> String { name.hasSuffix(" (calibrated)") ? name : name + " (calibrated)" }

  /// The profile's document. It keeps the base device's id, so that scenes naming the device run
  /// on the calibrated profile when it is loaded.
  static func document(_ run: CalibrationRun) -> JSONOutput {
    let result = run.result
    let profile = result.profile
    let catalogueID = result.base.userProfile == nil ? result.base.id : result.base.userProfile?.basedOn
    let reference = catalogueID.flatMap { DeviceCatalogue.device(id: $0) }
    var members: [(String, JSONOutput)] = [("id", .string(profile.id)), ("name", .string(profile.name))]
    if let reference { members.append(("basedOn", .string(reference.id))) }
    func pair(_ size: Size) -> JSONOutput { .array([.number(size.width), .number(size.height)]) }
    // Every figure the profile has that the catalogue device it is based on has not (all of them
    // without one).
    if reference?.screen.points != profile.screen.points { members.append(("points", pair(profile.screen.points))) }
    if reference?.screen.scale != profile.screen.scale { members.append(("scale", .number(profile.screen.scale))) }
    if let panel = profile.panelPixels, reference?.panelPixels != panel {
      members.append(("panelPixels", pair(panel)))
    } else if profile.panelPixels == nil, reference?.panelPixels != nil {
      // A panel that shows the frame as rendered, on a base that samples it: said, or the base's
      // panel (and its sampling stage) would come back when the profile is read.
      members.append(("panelPixels", .null))
    }
    if reference?.refreshRate != profile.refreshRate { members.append(("refreshRate", .number(profile.refreshRate))) }
    if reference?.gpu != profile.gpu { members.append(("gpu", .string(profile.gpu))) }
    if reference?.gpuFamily != profile.gpuFamily { members.append(("gpuFamily", .string(profile.gpuFamily))) }
    if reference?.memoryBandwidth != profile.memoryBandwidth { members.append(("memoryBandwidth", .number(profile.memoryBandwidth))) }
    if reference?.gpuSpeed != profile.gpuSpeed { members.append(("gpuSpeed", .number(profile.gpuSpeed))) }
    if reference?.cpuSpeed != profile.cpuSpeed { members.append(("cpuSpeed", .number(profile.cpuSpeed))) }
    if reference?.systemCacheBytes != profile.systemCacheBytes { members.append(("systemCache", .number(profile.systemCacheBytes))) }
    if reference?.displayGamut != profile.displayGamut { members.append(("displayGamut", .string(profile.displayGamut.rawValue))) }
    if reference?.idiom != profile.idiom { members.append(("idiom", .string(profile.idiom.rawValue))) }
    if reference?.rasterCache != profile.rasterCache {
      members.append(
        (
          "rasterCache",
          .object([
            ("unusedLifetime", .number(profile.rasterCache.unusedLifetime)),
            ("screenAreaFactor", .number(profile.rasterCache.screenAreaFactor)),
          ])
        ))
    }
    let standard = CostCoefficients.standard
    let coefficients = FittedCoefficients.coefficients.compactMap { parameter -> (String, JSONOutput)? in
      let value = parameter.value(in: profile.coefficients, on: profile)
      return value == parameter.value(in: standard, on: profile) ? nil : (parameter.name, .number(value))
    }
    if !coefficients.isEmpty { members.append(("coefficients", .object(coefficients))) }
    var calibration: [(String, JSONOutput)] = [
      ("measurements", .string(run.file)), ("digest", .string(run.digest)), ("toolVersion", .string(toolVersion)),
      ("base", .string(result.base.id)), ("fitted", .array(result.fitted.map { .string($0.name) })),
      ("held", .array(result.held.map { .object([("name", .string($0.name)), ("reason", .string($0.held ?? ""))]) })),
      (
        "cases",
        .array(
          result.cases.map { measured in
            var item: [(String, JSONOutput)] = [("id", .string(measured.id)), ("error", CalibrationText.number(measured.error ?? 0))]
            if result.leftOut { item.append(("leaveOneOutError", CalibrationText.number(measured.leaveOneOutError ?? 0))) }
            return .object(item)
          })
      ),
      ("error", CalibrationText.number(result.error ?? 0)),
    ]
    if let loo = result.leaveOneOutError { calibration.append(("leaveOneOutError", CalibrationText.number(loo))) }
    members.append(("calibration", .object(calibration)))
    return .object(members)
  }
}
