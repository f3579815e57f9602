import Compositor
import LayerTree

/// `explain` as a person reads it: the figures now, then each group of findings ranked by what
/// its fix saves, with why the layer goes offscreen, the fix in words and in scene terms, and the
/// saving before -> after.
enum ExplainTextFormatter {
  static func format(_ explanation: Explanation, file: String, layer: String?) -> String {
    let scene = explanation.scene
    let file = TerminalText.inline(file)
    var text = scene.name.isEmpty ? "\(file)\n" : "\(TerminalText.inline(scene.name)) (\(file))\n"
    text +=
      "\(TerminalText.inline(scene.deviceName)), \(formatNumber(scene.renderedPixels.width))x\(formatNumber(scene.renderedPixels.height)) px @\(formatNumber(scene.scale))x, \(formatNumber(scene.refreshRate)) Hz, iOS \(scene.iosVersion)\n"
    if let profile = scene.profile { text += ProfileNote.text(profile, id: scene.deviceID) + "\n" }
    text += "now: \(figures(explanation.before))\n\n"
    let scope = layer.map { " on \(TerminalText.inline($0))" } ?? ""
    if explanation.findings.isEmpty {
      text += "No offscreen findings\(scope): nothing to fix.\n"
    } else {
      text += "Findings\(scope) ranked by what fixing them saves (each fix measured by simulating the scene with it applied)\n"
      for (rank, group) in explanation.findings.enumerated() {
        text += "\n" + describe(group, rank: rank + 1)
      }
      // Why the fixes marked "may change appearance" may, once each.
      var notes: [(String, String)] = []
      for trial in explanation.findings.flatMap(\.trials) where !trial.appearance.keepsAppearance {
        if !notes.contains(where: { $0.0 == trial.fixID }) { notes.append((trial.fixID, trial.appearance.text)) }
      }
      if !notes.isEmpty {
        text += "\nFixes marked \"may change appearance\" are offered, never applied by `offscreen-sim optimize`:\n"
        for (id, reason) in notes { text += "  \(id): \(reason)\n" }
      }
    }
    if !explanation.listTechniques.isEmpty {
      text += "\nList techniques ranked by what they save (each measured by simulating the scene with it)\n"
      for (rank, trial) in explanation.listTechniques.enumerated() {
        let technique = trial.technique
        text += "\n\(rank + 1). \(technique.id) on \(TerminalText.inline(trial.scrollView)): \(technique.title)\n"
        text += "   \(technique.words)\n"
        let mean = trial.mainThreadMsMean
        text +=
          "   saves: \(saving(trial.saving, full: true)); main thread mean \(Readable.fixed(mean.before, 1)) -> \(Readable.fixed(mean.after, 1)) ms (\(signed(mean.after - mean.before, 1)))\n"
        let appearance = technique.keepsAppearance ? "kept" : "may change (never applied by `offscreen-sim optimize`)"
        text += "   appearance: \(appearance)\n"
        text += "   risk: \(technique.risk)\n"
      }
    }
    if explanation.imageFindings > 0 {
      let count = explanation.imageFindings
      text +=
        "\n\(Markup.plural(count, "image finding")) (scaled or misaligned images) \(count == 1 ? "is" : "are") not offscreen work; see `offscreen-sim report`.\n"
    }
    return text
  }

  static func describe(_ group: ExplainedFinding, rank: Int) -> String {
    let first = group.findings[0]
    let count = group.findings.count
    var text = "\(rank). \(group.rule)  \(group.pattern)"
    if count > 1 { text += "  (\(count) layers)" }
    text += "  \(Markup.plural(group.passes, "pass", "passes")), GPU \(Readable.fixed(group.gpuMs, 2)) ms/frame on average\n"
    text += "   why: \(first.message)\n"
    guard let best = group.trials.first else {
      text += "   no fix the tool can try applies here; the report's advice: \(first.fix)\n"
      for refusal in group.unavailable {
        text += "     \(refusal.fixID): not applied: \(refusal.reason)\n"
      }
      return text
    }
    text += "   fix: \(best.fixID) (\(appearance(best))): \(best.words)\n"
    for line in sceneTerms(best.edits) { text += "   in the scene: \(line)\n" }
    if !best.notAppliedTo.isEmpty {
      text +=
        "   applies to \(best.appliedTo.count) of \(count) layers; not to \(best.notAppliedTo[0].layer): \(best.notAppliedTo[0].reason)\n"
    }
    text += "   saves: \(saving(best.saving, full: true))\n"
    if let uncounted = best.uncounted { text += "   \(describe(uncounted))\n" }
    if let risk = best.risk { text += "   risk: \(risk)\n" }
    let others = group.trials.dropFirst()
    if !others.isEmpty || !group.unavailable.isEmpty {
      text += "   other fixes:\n"
      for trial in others {
        text += "     \(trial.fixID) (\(appearance(trial))): \(saving(trial.saving, full: false))\n"
        if let uncounted = trial.uncounted { text += "       \(describe(uncounted))\n" }
        if let risk = trial.risk { text += "       risk: \(risk)\n" }
        for line in sceneTerms(trial.edits) { text += "       in the scene: \(line)\n" }
      }
      for refusal in group.unavailable {
        text += "     \(refusal.fixID): not applied: \(refusal.reason)\n"
      }
    }
    return text
  }

  static func describe(_ uncounted: UncountedWork) -> String {
    "not counted above: about \(Readable.fixed(uncounted.backgroundMs, 1)) ms more on a background thread each time it is drawn (\(uncounted.what))"
  }

  static func appearance(_ trial: FixTrial) -> String {
    if trial.keepsAppearance { return "keeps appearance" }
    if trial.appearanceChanges.isEmpty { return "may change appearance" }
    return "may change appearance here: " + trial.appearanceChanges.joined(separator: "; ")
  }

  /// The edits by layer pattern, each with its changes: `root/table/chip[*]: remove "masksToBounds"`.
  static func sceneTerms(_ edits: [LayerEdit]) -> [String] {
    var order: [String] = []
    var byPattern: [String: [String]] = [:]
    // The copies of a repeated layer take the same changes: each written once.
    var summaries: [LayerChange: String] = [:]
    for edit in edits {
      let pattern = LayerPath.pattern(edit.path)
      if byPattern[pattern] == nil { order.append(pattern) }
      for change in edit.changes {
        let summary = summaries[change] ?? change.summary
        summaries[change] = summary
        if !(byPattern[pattern]?.contains(summary) ?? false) { byPattern[pattern, default: []].append(summary) }
      }
    }
    return order.map { "\($0): \((byPattern[$0] ?? []).joined(separator: ", "))" }
  }

  /// The figures as one line: passes, GPU, main thread, frame rate, hitch time ratio.
  static func figures(_ metrics: SceneMetrics) -> String {
    var text = "\(Markup.plural(metrics.offscreenPassesMax, "offscreen pass", "offscreen passes")) per frame"
    if metrics.frames > 1 { text += " at most (mean \(Readable.fixed(metrics.offscreenPassesMean, 1)))" }
    text += ", GPU p95 \(Readable.fixed(metrics.gpuMsP95, 1)) ms, main thread p95 \(Readable.fixed(metrics.mainThreadMsP95, 1)) ms"
    if metrics.backgroundMsP95 > 0 {
      text += ", background p95 \(Readable.fixed(metrics.backgroundMsP95, 1)) ms"
    } else if metrics.backgroundMsMean > 0 {
      text += ", background mean \(Readable.fixed(metrics.backgroundMsMean, 1)) ms"
    }
    text += ", \(Readable.integer(metrics.fps)) fps, hitch time ratio \(Readable.integer(metrics.hitchTimeRatio)) ms/s"
    return text
  }

  /// A saving, before -> after with the difference (`full`), or the differences alone.
  static func saving(_ saving: Saving, full: Bool) -> String {
    let b = saving.before
    let a = saving.after
    var parts: [String] = []
    func item(_ name: String, _ before: Double, _ after: Double, decimals: Int, unit: String) -> String {
      let delta = signed(after - before, decimals)
      if full {
        return "\(name) \(Readable.fixed(before, decimals)) -> \(Readable.fixed(after, decimals))\(unit) (\(delta))"
      }
      return "\(name) \(delta)\(unit)"
    }
    let passes = b.frames > 1 ? "offscreen passes in the worst frame" : "offscreen passes"
    parts.append(item(passes, Double(b.offscreenPassesMax), Double(a.offscreenPassesMax), decimals: 0, unit: ""))
    if b.frames > 1 { parts.append(item("mean passes", b.offscreenPassesMean, a.offscreenPassesMean, decimals: 1, unit: "")) }
    parts.append(item("GPU p95", b.gpuMsP95, a.gpuMsP95, decimals: 1, unit: " ms"))
    parts.append(item("main thread p95", b.mainThreadMsP95, a.mainThreadMsP95, decimals: 1, unit: " ms"))
    // Work moved to background threads shows on both sides: its p95, or, when it falls in too
    // few frames for the p95 to see (a cell's image drawn as the cell comes in), its mean.
    if b.backgroundMsP95 > 0 || a.backgroundMsP95 > 0 {
      parts.append(item("background p95", b.backgroundMsP95, a.backgroundMsP95, decimals: 1, unit: " ms"))
    } else if b.backgroundMsMean > 0 || a.backgroundMsMean > 0 {
      parts.append(item("background mean", b.backgroundMsMean, a.backgroundMsMean, decimals: 1, unit: " ms"))
    }
    if abs(a.renderServerMsP95 - b.renderServerMsP95) >= 0.05 {
      parts.append(item("render server p95", b.renderServerMsP95, a.renderServerMsP95, decimals: 1, unit: " ms"))
    }
    parts.append(item("fps", b.fps.rounded(), a.fps.rounded(), decimals: 0, unit: ""))
    parts.append(item("hitch time ratio", b.hitchTimeRatio.rounded(), a.hitchTimeRatio.rounded(), decimals: 0, unit: " ms/s"))
    return parts.joined(separator: "; ")
  }

  /// `+1.2`, `-0.4`, `0.0`.
  static func signed(_ value: Double, _ decimals: Int) -> String {
    let text = Readable.fixed(value, decimals)
    let zero = Readable.fixed(0, decimals)
    if text == zero || text == "-" + zero { return zero }
    return value > 0 ? "+" + text : text
  }
}
