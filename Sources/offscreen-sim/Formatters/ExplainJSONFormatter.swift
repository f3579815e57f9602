import Compositor
import LayerTree

/// `explain --format json`: the explanation as a versioned document (`explainVersion`), keys in a
/// fixed order, fractions rounded to 3 decimals, so the same scene gives the same bytes.
enum ExplainJSONFormatter {
  static let formatVersion = 1

  static func format(_ explanation: Explanation, file: String) -> String {
    let scene = explanation.scene
    var document = JSONOutput.object([
      ("explainVersion", .int(formatVersion)),
      ("tool", .object([("name", .string("offscreen-sim")), ("version", .string(toolVersion))])),
      (
        "scene",
        .object([
          ("file", .string(file)),
          ("name", .string(scene.name)),
          ("iosVersion", .string(scene.iosVersion.description)),
          (
            "device",
            .object(ProfileNote.adding(scene.profile, to: [("id", .string(scene.deviceID)), ("name", .string(scene.deviceName))]))
          ),
        ])
      ),
      ("before", metrics(explanation.before)),
      ("findings", .array(explanation.findings.enumerated().map { finding($0.element, rank: $0.offset + 1) })),
      ("imageFindings", .int(explanation.imageFindings)),
    ])
    // Only for a scene whose reuse pools a list technique helps (docs/explain-and-optimize.md).
    if !explanation.listTechniques.isEmpty, case .object(var members) = document {
      members.append(("listTechniques", .array(explanation.listTechniques.enumerated().map { listTrial($0.element, rank: $0.offset + 1) })))
      document = .object(members)
    }
    return document.rendered()
  }

  static func listTrial(_ trial: ListTechniqueTrial, rank: Int) -> JSONOutput {
    .object([
      ("rank", .int(rank)),
      ("id", .string(trial.technique.id)),
      ("scrollView", .string(trial.scrollView)),
      ("title", .string(trial.technique.title)),
      ("words", .string(trial.technique.words)),
      ("keepsAppearance", .bool(trial.technique.keepsAppearance)),
      ("risk", .string(trial.technique.risk)),
      ("after", metrics(trial.saving.after)),
      (
        "saving",
        .object([
          ("mainThreadMsP95", .number(rounded(trial.saving.before.mainThreadMsP95 - trial.saving.after.mainThreadMsP95))),
          ("mainThreadMsMean", .number(rounded(trial.mainThreadMsMean.before - trial.mainThreadMsMean.after))),
          ("backgroundMsP95", .number(rounded(trial.saving.before.backgroundMsP95 - trial.saving.after.backgroundMsP95))),
          ("fps", .number(rounded(trial.saving.after.fps - trial.saving.before.fps))),
          ("hitchTimeRatio", .number(rounded(trial.saving.before.hitchTimeRatio - trial.saving.after.hitchTimeRatio))),
        ])
      ),
    ])
  }

  static func finding(_ group: ExplainedFinding, rank: Int) -> JSONOutput {
    .object([
      ("rank", .int(rank)),
      ("rule", .string(group.rule)),
      ("pattern", .string(group.pattern)),
      ("layers", .array(group.findings.map { .string($0.layer) })),
      ("passes", .int(group.passes)),
      ("gpuMs", .number(rounded(group.gpuMs))),
      ("message", .string(group.findings[0].message)),
      ("fixes", .array(group.trials.map(trial))),
      (
        "notApplicable",
        .array(group.unavailable.map { .object([("fix", .string($0.fixID)), ("reason", .string($0.reason))]) })
      ),
    ])
  }

  static func trial(_ trial: FixTrial) -> JSONOutput {
    .object([
      ("id", .string(trial.fixID)),
      ("title", .string(trial.title)),
      ("keepsAppearance", .bool(trial.keepsAppearance)),
      (
        "appearance",
        .string(
          trial.keepsAppearance
            ? trial.appearance.text
            : (trial.appearanceChanges.isEmpty ? [trial.appearance.text] : trial.appearanceChanges).joined(separator: "; "))
      ),
      ("words", .string(trial.words)),
      (
        "edits",
        .array(
          trial.edits.map { edit in
            .object([("layer", .string(edit.path)), ("changes", .array(edit.changes.map { .string($0.summary) }))])
          })
      ),
      ("appliedTo", .array(trial.appliedTo.map { .string($0) })),
      (
        "notAppliedTo",
        .array(trial.notAppliedTo.map { .object([("layer", .string($0.layer)), ("reason", .string($0.reason))]) })
      ),
      ("after", metrics(trial.saving.after)),
      (
        "uncounted",
        trial.uncounted.map { .object([("backgroundMs", .number(rounded($0.backgroundMs))), ("what", .string($0.what))]) } ?? .null
      ),
      ("approach", .string(String(describing: trial.approach))),
      ("risk", trial.risk.map { .string($0) } ?? .null),
      (
        "saving",
        .object([
          ("offscreenPasses", .int(trial.saving.offscreenPasses)),
          ("offscreenPassesMean", .number(rounded(trial.saving.offscreenPassesMean))),
          ("gpuMsP95", .number(rounded(trial.saving.before.gpuMsP95 - trial.saving.after.gpuMsP95))),
          ("mainThreadMsP95", .number(rounded(trial.saving.before.mainThreadMsP95 - trial.saving.after.mainThreadMsP95))),
          ("renderServerMsP95", .number(rounded(trial.saving.before.renderServerMsP95 - trial.saving.after.renderServerMsP95))),
          ("backgroundMsP95", .number(rounded(trial.saving.before.backgroundMsP95 - trial.saving.after.backgroundMsP95))),
          ("fps", .number(rounded(trial.saving.after.fps - trial.saving.before.fps))),
          ("hitchTimeRatio", .number(rounded(trial.saving.before.hitchTimeRatio - trial.saving.after.hitchTimeRatio))),
          ("criticalMs", .number(rounded(trial.saving.criticalMs))),
        ])
      ),
    ])
  }

  static func metrics(_ metrics: SceneMetrics) -> JSONOutput {
    .object([
      ("offscreenPassesMax", .int(metrics.offscreenPassesMax)),
      ("offscreenPassesMean", .number(rounded(metrics.offscreenPassesMean))),
      ("gpuMsP95", .number(rounded(metrics.gpuMsP95))),
      ("gpuMsMean", .number(rounded(metrics.gpuMsMean))),
      ("mainThreadMsP95", .number(rounded(metrics.mainThreadMsP95))),
      ("renderServerMsP95", .number(rounded(metrics.renderServerMsP95))),
      ("backgroundMsP95", .number(rounded(metrics.backgroundMsP95))),
      ("backgroundMsMean", .number(rounded(metrics.backgroundMsMean))),
      ("fps", .number(rounded(metrics.fps))),
      ("hitchTimeRatio", .number(rounded(metrics.hitchTimeRatio))),
      ("frames", .int(metrics.frames)),
    ])
  }

  /// ``ReportMetrics/rounded(_:)``, with -0 printed as 0.
  static func rounded(_ value: Double) -> Double {
    let result = ReportMetrics.rounded(value)
    return result == 0 ? 0 : result
  }
}
