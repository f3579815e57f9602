import Compositor
import LayerTree

/// Runs the simulator for a command, and refuses a scene whose figures are not finite numbers:
/// such a figure measures nothing, would be written as `null` and compare as "the same"
/// (``SimulationReport/firstNonFiniteFigure``). Exit 2, with a message naming the figure.
enum Simulation {
  static func run(
    _ scene: Scene, on profile: DeviceProfile, file: String, rules: [any OffscreenRule] = OffscreenRules.all
  ) throws(InputError) -> SimulationReport {
    let report = Simulator.run(scene, on: profile, rules: rules)
    try check(report, file: file)
    return report
  }

  /// Simulates the scene once, keeping the frame a picture shows, and checks its figures.
  static func run(
    _ scene: Scene, on profile: DeviceProfile, file: String, keeping kept: Simulator.KeptFrame,
    rules: [any OffscreenRule] = OffscreenRules.all
  ) throws(InputError) -> (report: SimulationReport, snapshot: FrameSnapshot, frame: Int) {
    let result = Simulator.run(scene, on: profile, keeping: kept, rules: rules)
    try check(result.report, file: file)
    return result
  }

  /// Throws when a figure of `report` is infinite or NaN.
  static func check(_ report: SimulationReport, file: String) throws(InputError) {
    guard let (path, value) = report.firstNonFiniteFigure else { return }
    throw InputError(nonFinite(file: file, figure: path, value: value, deviceName: report.scene.deviceName), file: file)
  }

  /// The message for a figure that is not a finite number.
  static func nonFinite(file: String, figure: String, value: Double, deviceName: String) -> String {
    "\(file): error: the scene cannot be simulated: \(figure) comes out \(value.isNaN ? "not a number" : "infinite") "
      + "on \(deviceName); a size, count or time in the scene is too large for any figure to mean something "
      + "(look for the largest frame, pixelSize, characters, repeat count or duration); the scene was not simulated"
  }
}
