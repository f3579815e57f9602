import LayerTree

/// Applies the fixes that keep the picture to a scene file, one at a time, and keeps each only
/// when the simulation says it helps.
///
/// The scene is explained once, with the fixes that keep appearance (``SceneFixes`` whose
/// ``FixAppearance`` is `kept`, and whose check raised no appearance change on the layers at
/// hand): each fix measured once against the scene as it is. Then the fixes are taken best first
/// (those that remove a trigger or restructure before the raster cache's, then the best saving),
/// at most one per group of findings, and for each:
/// 1. it is checked again, on the scene as the fixes kept so far left it, on every copy the scene
///    file makes of the finding's layer: a layer made by `repeat` is one object in the file, so
///    the fix must apply, with the same changes, to all of them, or it is skipped;
/// 2. its changes are written into the objects of the parsed file (``SceneDocument``), so
///    everything else stays as it was, and the result is read back as a scene;
/// 3. that scene is simulated, and the fix kept only if neither the worst frame's offscreen
///    passes, nor the mean passes, nor GPU time (mean and p95) go up, and something goes down.
///
/// So the work is one explanation plus one simulation per fix applied, never an explanation per
/// fix kept.
public enum Optimizer {
  public static func optimize(
    _ document: SceneDocument, scene: Scene, decoding options: SceneDecoder.Options, on device: DeviceProfile,
    only: String? = nil, coefficients: CostCoefficients? = nil, budget: WorkBudget = .unlimited,
    baseline: SimulationReport? = nil, jobs: Int = 1
  ) -> Optimization {
    optimize(
      document, scene: scene, decoding: options, on: device, only: only, coefficients: coefficients, budget: budget,
      baseline: baseline.map { Explainer.Baseline(report: $0) } ?? Explainer.baseline(scene, on: device, coefficients: coefficients),
      jobs: jobs)
  }

  /// ``optimize(_:scene:decoding:on:only:coefficients:budget:baseline:jobs:)`` from `baseline`,
  /// the scene's one simulation made by ``Explainer/baseline(_:on:coefficients:)``.
  public static func optimize(
    _ document: SceneDocument, scene: Scene, decoding options: SceneDecoder.Options, on device: DeviceProfile,
    only: String? = nil, coefficients: CostCoefficients? = nil, budget: WorkBudget = .unlimited,
    baseline: Explainer.Baseline, jobs: Int = 1
  ) -> Optimization {
    let coefficients = coefficients ?? device.coefficients
    let fixes = SceneFixes.all.filter { fix in
      fix.appearance.keepsAppearance && (only.map { fix.id == $0 || fix.rules.contains($0) } ?? true)
    }
    let explanation = Explainer.explain(
      scene, on: device, coefficients: coefficients, fixes: fixes, budget: budget, baseline: baseline, jobs: jobs)
    let before = explanation.before
    var current = (document: document, scene: scene, metrics: before)
    // What checking a fix on the current scene needs, made again only when a fix is kept, and
    // first when a fix is tried (no fix is tried when the explanation was refused its trials: every
    // layer's path and pattern would be made for nothing). The scene as it is was prepared, and on
    // a timeline stepped, for the explanation.
    var checked: Checked? = nil
    func firstChecked() -> Checked {
      let context = FixContext(
        scene: scene, tree: baseline.prepared?.stepper.tree ?? FlatTree(scene.root), device: device, coefficients: coefficients)
      if baseline.device == device, baseline.coefficients == coefficients, let record = baseline.record { context.adopt(record) }
      return Checked(context)
    }
    var steps: [OptimizationStep] = []
    var skipped: [OptimizationSkip] = []
    var fixed = Set<String>()
    var candidates: [(ExplainedFinding, FixTrial)] = []
    for group in explanation.findings {
      for trial in group.trials where trial.keepsAppearance { candidates.append((group, trial)) }
    }
    // Fixes that remove a trigger or restructure come before the raster cache's (whose saving
    // holds only while the cache keeps the bitmap); then the best saving.
    let ordered = candidates.enumerated().sorted { lhs, rhs in
      if lhs.element.1.approach != rhs.element.1.approach { return lhs.element.1.approach < rhs.element.1.approach }
      if lhs.element.1.saving.isBetter(than: rhs.element.1.saving) { return true }
      if rhs.element.1.saving.isBetter(than: lhs.element.1.saving) { return false }
      return lhs.offset < rhs.offset
    }.map(\.element)
    // Out of budget: the caller finds `budget.exhausted` set and refuses the result.
    for (group, trial) in ordered where !budget.exhausted {
      let groupKey = group.rule + " " + group.pattern
      guard !fixed.contains(groupKey), let fix = SceneFixes.fix(id: trial.fixID) else { continue }
      let skip = { (reason: String) in
        skipped.append(OptimizationSkip(fixID: trial.fixID, rule: group.rule, pattern: group.pattern, reason: reason))
      }
      guard trial.saving.improves else {
        skip("saves nothing on this scene")
        continue
      }
      if checked == nil { checked = firstChecked() }
      let outcome = attempt(
        fix, group: group, on: current, checked: checked!, options: options, device: device, coefficients: coefficients,
        budget: budget)
      switch outcome {
      case nil: break
      case .failure(let failure)?:
        skip(failure.reason)
      case .success(let (document, scene, objects, metrics))?:
        let eps = 1e-9
        let old = current.metrics
        if metrics.offscreenPassesMax > old.offscreenPassesMax || metrics.offscreenPassesMean > old.offscreenPassesMean + eps {
          skip(
            "raises the offscreen passes (worst frame \(old.offscreenPassesMax) -> \(metrics.offscreenPassesMax), mean \(formatNumber(old.offscreenPassesMean)) -> \(formatNumber(metrics.offscreenPassesMean)))"
          )
        } else if metrics.gpuMsP95 > old.gpuMsP95 + eps || metrics.gpuMsMean > old.gpuMsMean + eps {
          skip("raises GPU time (p95 \(formatNumber(old.gpuMsP95)) -> \(formatNumber(metrics.gpuMsP95)) ms)")
        } else if !(metrics.offscreenPassesMean < old.offscreenPassesMean - eps || metrics.gpuMsMean < old.gpuMsMean - eps
          || metrics.criticalMs < old.criticalMs - eps)
        {
          skip("saves nothing on this scene")
        } else {
          steps.append(
            OptimizationStep(
              fixID: fix.id, title: fix.title, rule: group.rule, pattern: group.pattern, objects: objects,
              saving: Saving(before: old, after: metrics)))
          current = (document, scene, metrics)
          checked = Checked(FixContext(scene: scene, device: device, coefficients: coefficients))
          fixed.insert(groupKey)
        }
      }
    }
    if only == nil, !budget.exhausted {
      applyListTechniques(
        to: &current, steps: &steps, skipped: &skipped, decoding: options, on: device, coefficients: coefficients, budget: budget)
    }
    var unanswered: [LayerReason] = []
    for group in explanation.findings where !fixed.contains(group.rule + " " + group.pattern) {
      let outcomes = skipped.filter { $0.rule == group.rule && $0.pattern == group.pattern }
      if let last = outcomes.last {
        unanswered.append(LayerReason(layer: group.rule + " " + group.pattern, reason: "\(last.fixID): \(last.reason)"))
      } else if group.trials.contains(where: \.keepsAppearance) {
        continue
      } else {
        // With --only, the fixes left out are said as such, not as none keeping the picture.
        let leftOut =
          only == nil
          ? []
          : SceneFixes.all.filter { fix in
            fix.appearance.keepsAppearance && fix.rules.contains(group.rule) && !fixes.contains { $0.id == fix.id }
          }.map(\.id)
        let reason =
          group.unavailable.first.map { "\($0.fixID): \($0.reason)" }
          ?? (leftOut.isEmpty
            ? "no fix keeps the picture here"
            : "left to the fixes --only leaves out that keep the picture (\(leftOut.joined(separator: ", ")))")
        unanswered.append(LayerReason(layer: group.rule + " " + group.pattern, reason: reason))
      }
    }
    return Optimization(
      before: before, after: current.metrics, steps: steps, skipped: skipped, unanswered: unanswered, document: current.document,
      scene: current.scene)
  }

  private static func key(_ trial: FixTrial, _ group: ExplainedFinding) -> String { trial.fixID + " " + group.rule + " " + group.pattern }

  /// The scene the fixes are checked on, with its layers' paths and patterns: made once for each
  /// scene the fixes kept leave, not once per fix tried.
  private struct Checked {
    let context: FixContext
    let paths: [String]
    let patterns: [String]
    /// The layers each pattern makes.
    let made: [String: Int]

    init(_ context: FixContext) {
      self.context = context
      paths = context.tree.paths()
      patterns = paths.map(LayerPath.pattern)
      var made: [String: Int] = [:]
      for pattern in patterns { made[pattern, default: 0] += 1 }
      self.made = made
    }
  }

  /// The fix on every copy of the group's layers, written into the document, read back and
  /// simulated; nil when the budget refuses the simulation.
  private static func attempt(
    _ fix: any SceneFix, group: ExplainedFinding, on current: (document: SceneDocument, scene: Scene, metrics: SceneMetrics),
    checked: Checked, options: SceneDecoder.Options, device: DeviceProfile, coefficients: CostCoefficients, budget: WorkBudget
  ) -> Result<(SceneDocument, Scene, [ObjectEdit], SceneMetrics), AttemptFailure>? {
    let context = checked.context
    let frames = max(1, current.metrics.frames)
    // Some checks step the scene frame by frame, once per scene: a simulation's work, counted
    // when it happens.
    let stepped = context.hasRun
    defer { if context.hasRun && !stepped { budget.charge(layers: current.scene.root.subtreeCount, frames: frames) } }
    // Every layer the finding's object makes, findings or not (copies off screen included).
    let patterns = Set(group.findings.map { LayerPath.pattern($0.layer) })
    let instances = zip(checked.paths, checked.patterns).filter { patterns.contains($0.1) }.map(\.0)
    var edits: [LayerEdit] = []
    for path in instances {
      let check = fix.check(path, in: context)
      guard let found = check.edits else {
        return .failure(
          AttemptFailure(
            "the file writes \(LayerPath.pattern(path)) once for \(instances.count) layers, and the fix does not apply to \(path): \(check.reason ?? "")"
          ))
      }
      if let change = check.appearanceChange {
        return .failure(AttemptFailure("on \(path) it would change what the user sees: \(change)"))
      }
      edits += found
    }
    // Group the edits by the object in the file that makes their layers.
    var order: [String] = []
    var byObject: [String: (object: SceneDocument.LayerObject, edits: [LayerEdit])] = [:]
    for edit in SceneFixes.merged(edits) {
      guard let object = current.document.object(for: edit.path) else {
        return .failure(AttemptFailure("no object in the file makes \(edit.path)"))
      }
      if byObject[object.jsonPath] == nil {
        order.append(object.jsonPath)
        byObject[object.jsonPath] = (object, [])
      }
      byObject[object.jsonPath]?.edits.append(edit)
    }
    var document = current.document
    var objects: [ObjectEdit] = []
    for jsonPath in order {
      guard let (object, objectEdits) = byObject[jsonPath], let first = objectEdits.first else { continue }
      if let different = objectEdits.first(where: { $0.changes != first.changes }) {
        return .failure(
          AttemptFailure(
            "\(first.path) and \(different.path) would need different changes, but the file writes them once (\(object.pattern))"))
      }
      let made = checked.made[object.pattern] ?? 0
      if objectEdits.count != made {
        return .failure(
          AttemptFailure("it would change \(objectEdits.count) of the \(made) layers that \(object.pattern) makes in the file"))
      }
      do {
        try document.apply(first.changes, to: first.path)
      } catch {
        return .failure(AttemptFailure("the file cannot take the change: \(error.message)"))
      }
      objects.append(ObjectEdit(object: object, changes: first.changes))
    }
    let text = document.rendered()
    let scene: Scene
    do {
      scene = try SceneDecoder.decode(Array(text.utf8), options: options)
    } catch {
      return .failure(AttemptFailure("the edited scene does not read back: \(error.diagnostics.first?.message ?? "")"))
    }
    // The document as read back, so that every later edit works on what will be written.
    guard let reread = try? SceneDocument(parsing: Array(text.utf8), limits: options.limits) else {
      return .failure(AttemptFailure("the edited scene is not valid JSON"))
    }
    guard budget.admit(layers: scene.root.subtreeCount, frames: frames, times: 1) else { return nil }
    let metrics = Simulator.metrics(Simulator.prepare(scene, on: device, coefficients: coefficients))
    return .success((reread, scene, objects, metrics))
  }

  private struct AttemptFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }
}

/// What `optimize` did: the fixes it applied and kept, those it tried and dropped, the findings
/// it left, and the edited document.
public struct Optimization: Sendable {
  public var before: SceneMetrics
  public var after: SceneMetrics
  public var steps: [OptimizationStep]
  public var skipped: [OptimizationSkip]
  /// Findings left (as "rule pattern") with why no fix that keeps appearance took them.
  public var unanswered: [LayerReason]
  public var document: SceneDocument
  public var scene: Scene
}

/// One fix applied and kept.
public struct OptimizationStep: Sendable {
  public var fixID: String
  public var title: String
  public var rule: String
  public var pattern: String
  /// The objects of the file it changed.
  public var objects: [ObjectEdit]
  /// The figures before and after this step.
  public var saving: Saving
}

/// The changes written into one object of the scene file.
public struct ObjectEdit: Sendable, Hashable {
  public var object: SceneDocument.LayerObject
  public var changes: [LayerChange]
}

/// A fix tried and not kept, with why.
public struct OptimizationSkip: Sendable, Hashable {
  public var fixID: String
  public var rule: String
  public var pattern: String
  public var reason: String
}
