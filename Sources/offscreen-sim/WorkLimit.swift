import Compositor

/// The work budget of `explain` and `optimize`, and the message when a scene spends it.
///
/// Both measure each fix by simulating the scene again, so their work grows with the findings
/// times the fixes (and `optimize` explains the scene again after each fix it keeps). A scene
/// from an untrusted pull request must not keep a CI runner busy for hours: their simulations
/// may add up to the work one scene at the scene format's layer-frames limit asks for, a few
/// seconds of simulation in a release build (the benchmark's target is 50 M layer-frames/s).
enum WorkLimit {
  /// Layer-frames, summed over every simulation a command runs.
  static let standard = 300_000_000

  /// A fresh budget of `limit` layer-frames.
  static func budget(_ limit: Int = standard) -> WorkBudget { WorkBudget(limit: limit) }

  /// Throws when `budget` was spent before `command` finished: its result is partial.
  static func check(_ budget: WorkBudget, command: String, file: String, narrowing: String) throws(InputError) {
    guard budget.exhausted else { return }
    throw InputError(
      "\(file): error: \(command) stopped after \(budget.simulations) simulations of the scene: it measures each fix by "
        + "simulating the scene again, and they used its work budget of \(Readable.count(budget.limit)) layer-frames; "
        + "\(narrowing)",
      file: file)
  }
}
