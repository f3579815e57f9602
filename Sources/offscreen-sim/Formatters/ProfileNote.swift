import Compositor
import LayerTree

/// What the reports' headers say of a user's device profile (`--device-file`): where it comes
/// from, and for a calibrated profile how many cases it was fitted to and how well. A catalogue
/// device has no note: its name is its profile.
enum ProfileNote {
  /// `device profile iphone-7: calibrated to 6 cases, error 0.42 tolerances (0.9 leaving each case
  /// out), based on iphone-7`; `device profile my-phone: from a device file, based on iphone-6`.
  static func text(_ profile: UserProfile, id: String) -> String {
    var text = "device profile \(TerminalText.inline(id)): "
    if let calibration = profile.calibration {
      text +=
        "calibrated to \(Markup.plural(calibration.cases, "case")), error \(CalibrationText.rms(calibration.error)) tolerances"
      if let loo = calibration.leaveOneOutError { text += " (\(CalibrationText.rms(loo)) leaving each case out)" }
    } else {
      text += "from a device file"
    }
    if let basedOn = profile.basedOn { text += ", based on \(basedOn)" }
    return text
  }

  /// The profile in a JSON document's device object: `{"basedOn": ..., "calibration": {"cases",
  /// "error", "leaveOneOutError"}}`, with null for what it has not.
  static func json(_ profile: UserProfile) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("basedOn", profile.basedOn.map { .string($0) } ?? .null)]
    if let calibration = profile.calibration {
      var figures: [(String, JSONOutput)] = [
        ("cases", .int(calibration.cases)), ("error", CalibrationText.number(calibration.error)),
      ]
      figures.append(("leaveOneOutError", CalibrationText.number(calibration.leaveOneOutError)))
      members.append(("calibration", .object(figures)))
    } else {
      members.append(("calibration", .null))
    }
    return .object(members)
  }

  /// `members` of a device object with the profile's, when the run used one.
  static func adding(_ profile: UserProfile?, to members: [(String, JSONOutput)]) -> [(String, JSONOutput)] {
    guard let profile else { return members }
    return members + [("profile", json(profile))]
  }
}
