import Compositor
import LayerTree

/// The work budget of `explain` and `optimize`, and the message when a scene would spend it.
///
/// Both measure each fix by simulating the scene again, so their work grows with the findings
/// times the fixes (and `optimize` simulates the scene again for each fix it applies). A scene
/// from an untrusted pull request must not keep a CI runner busy for hours: their simulations
/// together may do the work one scene may ask for, the layer-frames of `--work-budget`
/// (``InputLimits/maxLayerFrames``), like every other command.
enum WorkLimit {
  /// A fresh budget of the layer-frames `limits` allow a scene.
  static func budget(_ limits: InputLimits) -> WorkBudget { WorkBudget(limit: limits.maxLayerFrames) }

  /// Throws when `budget` refused simulations `command` needed: its result would be partial.
  static func check(_ budget: WorkBudget, command: String, file: String, narrowing: String) throws(InputError) {
    guard budget.exhausted else { return }
    let refused = budget.refused ?? (budget.simulations, budget.spent)
    let work = refused.layerFrames == .max ? "more layer-frames than can be counted" : "\(Readable.count(refused.layerFrames)) layer-frames"
    throw InputError(
      "\(file): error: \(command) needs at least \(Readable.count(refused.simulations)) simulations of the scene, \(work) in all: "
        + "it measures each fix by simulating the scene again, and its work budget is \(Readable.count(budget.limit)) layer-frames; "
        + "\(narrowing), or raise the budget with --work-budget; nothing was \(command == "explain" ? "explained" : "written")",
      file: file)
  }
}
