import LayerTree

/// Findings ranked by what fixing them saves, measured by simulating the scene with each fix
/// applied.
///
/// 1. The scene is simulated once; its offscreen findings are grouped by cause: one rule on
///    layers whose paths differ only in `[n]` indices (twenty reused cells with the same shadow
///    are one group).
/// 2. For each group, each fix that answers the rule is checked on every layer of the group; the
///    edits of the layers where its condition holds are applied together to the model. Then the
///    edited scenes are simulated, each once, against the one run of the scene as it is: on
///    several threads, the results in the order of the groups and fixes.
/// 3. The difference of the two runs is the fix's saving. A group's first fix is the best one
///    that keeps the picture, if any saves something, else the best; groups are ranked by what
///    their first fix saves: hitch time ratio, then frame rate, then milliseconds on the GPU,
///    main thread and render server (p95 each), then offscreen passes.
///
/// A trial is simulated for the figures alone (``SceneMetrics``: no findings, no words), from
/// the scene as it is prepared once: its tree is made from the scene's, only the edited layers
/// flattened again. On a timeline, the scene's one run records its frames (``FrameRecord``), and
/// a trial steps only the frames that read an edited layer, taking the others from that run:
/// the same figures as a full simulation of the edited scene, for the frames its edits change.
///
/// - Complexity: one simulation of the scene, and one per trial: at most one per fix that
///   answers a group's rule, and the groups are at most the offscreen findings, one per layer at
///   most. So explain runs O(n) simulations for n fixable layers (optimize one more per fix it
///   applies, at most one per group: O(n) too), never one per pair of groups. Measured (the
///   budget's count of simulations, `ExplainComplexityTests`): n groups of one button each run
///   1 + n simulations in explain and 1 + 2n in optimize, n from 5 to 80, with one frame or 30;
///   generated nested collections of 1,000 to 20,000 layers (60 frames) hold 6 groups and 18
///   trials whatever their size: 19 simulations.
///
/// ```swift
/// let explanation = Explainer.explain(scene, on: DeviceCatalogue.device(id: "iphone-6-plus")!)
/// print(explanation.findings.first?.trials.first?.fixID ?? "no fix")
/// ```
public enum Explainer {
  /// `baseline`, when given, is the report of `scene` on `device` already run: it is used (and
  /// counted in `budget`) instead of a simulation of its own. The fixes' simulations run on up
  /// to `jobs` threads; the explanation is the same whatever `jobs` is. When `budget` cannot
  /// hold them, none runs: `budget.exhausted` is set and the findings come without trials.
  public static func explain(
    _ scene: Scene, on device: DeviceProfile, coefficients: CostCoefficients? = nil, layer filter: String? = nil,
    fixes: [any SceneFix] = SceneFixes.all, budget: WorkBudget = .unlimited, baseline: SimulationReport? = nil, jobs: Int = 1
  ) -> Explanation {
    explain(
      scene, on: device, coefficients: coefficients ?? device.coefficients, layer: filter, fixes: fixes, budget: budget,
      given: baseline.map { Baseline(report: $0) }, jobs: jobs)
  }

  /// ``explain(_:on:coefficients:layer:fixes:budget:baseline:jobs:)`` from `baseline`, the
  /// scene's one simulation made by ``baseline(_:on:coefficients:)``: its report, and what the
  /// trials and the fixes' checks take from that run instead of stepping the scene again.
  public static func explain(
    _ scene: Scene, on device: DeviceProfile, coefficients: CostCoefficients? = nil, layer filter: String? = nil,
    fixes: [any SceneFix] = SceneFixes.all, budget: WorkBudget = .unlimited, baseline: Baseline, jobs: Int = 1
  ) -> Explanation {
    explain(
      scene, on: device, coefficients: coefficients ?? device.coefficients, layer: filter, fixes: fixes, budget: budget, given: baseline,
      jobs: jobs)
  }

  /// The scene as it is, simulated once for an explanation: its report (``report``), and what an
  /// explanation on the same device with the same coefficients takes from that run: the scene
  /// prepared, and on a timeline its frames (``FrameRecord``), so that neither the fixes' checks
  /// nor the trials step the frames they leave as they are again.
  public struct Baseline: Sendable {
    public let report: SimulationReport
    let prepared: Simulator.Prepared?
    let record: FrameRecord?
    let device: DeviceProfile?
    let coefficients: CostCoefficients?

    /// A report run elsewhere: the explanation prepares the scene again.
    init(report: SimulationReport) {
      self.report = report
      prepared = nil
      record = nil
      device = nil
      coefficients = nil
    }

    init(
      report: SimulationReport, prepared: Simulator.Prepared, record: FrameRecord?, device: DeviceProfile,
      coefficients: CostCoefficients
    ) {
      self.report = report
      self.prepared = prepared
      self.record = record
      self.device = device
      self.coefficients = coefficients
    }
  }

  /// Simulates `scene` on `device` once, as ``Simulator/run(_:on:rules:checks:coefficients:)`` does
  /// (``Baseline/report`` is that report), keeping what an explanation reuses of the run.
  public static func baseline(_ scene: Scene, on device: DeviceProfile, coefficients: CostCoefficients? = nil) -> Baseline {
    let coefficients = coefficients ?? device.coefficients
    let prepared = Simulator.prepare(scene, on: device, coefficients: coefficients)
    // Frame numbers are kept as 32-bit integers.
    guard prepared.hasTimeline, prepared.stepper.frameCount > 1, prepared.stepper.frameCount < Int(Int32.max) else {
      return Baseline(report: Simulator.run(prepared), prepared: prepared, record: nil, device: device, coefficients: coefficients)
    }
    let recorder = FrameRecord.Recorder(tree: prepared.stepper.tree, frames: prepared.stepper.frameCount)
    let report = Simulator.run(prepared, observing: recorder)
    return Baseline(report: report, prepared: prepared, record: recorder.record, device: device, coefficients: coefficients)
  }

  private static func explain(
    _ scene: Scene, on device: DeviceProfile, coefficients: CostCoefficients, layer filter: String?, fixes: [any SceneFix],
    budget: WorkBudget, given: Baseline?, jobs: Int
  ) -> Explanation {
    var baseline = given ?? Self.baseline(scene, on: device, coefficients: coefficients)
    if baseline.device != device || baseline.coefficients != coefficients { baseline = Baseline(report: baseline.report) }
    let report = baseline.report
    let layers = scene.root.subtreeCount
    let frames = report.frames.count
    budget.charge(layers: layers, frames: frames)
    let before = SceneMetrics(report)
    let context = FixContext(
      scene: scene, tree: baseline.prepared?.stepper.tree ?? FlatTree(scene.root), device: device, coefficients: coefficients)
    if let record = baseline.record {
      context.adopt(record)
    } else {
      // Stepping the frames for a check keeps them for the trials too (``FrameRecord``).
      context.recordsFrames = context.canRecord
    }
    let offscreen = report.findings.filter { finding in
      finding.category == .offscreen && (filter.map { matches($0, finding.layer) } ?? true)
    }
    // Every fix checked on every group first (no simulation), then the trials simulated together.
    let groups = FindingGroup.groups(offscreen)
    var planned: [PlannedTrial] = []
    var unavailable = [[FixRefusal]](repeating: [], count: groups.count)
    for (index, group) in groups.enumerated() {
      for fix in fixes where fix.rules.contains(group.rule) {
        let trial = plan(fix, for: group, in: context)
        guard !trial.applied.isEmpty else {
          unavailable[index].append(FixRefusal(fixID: fix.id, title: fix.title, reason: trial.refused.first?.reason ?? ""))
          continue
        }
        planned.append(
          PlannedTrial(
            group: index, fix: fix, edits: trial.edits, applied: trial.applied, refused: trial.refused, changes: trial.changes))
      }
    }
    // Some checks step the scene frame by frame once: that is a simulation's work too.
    if context.hasRun { budget.charge(layers: layers, frames: frames) }
    // A fix only removes layers: a trial costs at most what the scene costs. With several
    // trials on a timeline, the frames are recorded once (a stepping more, unless a check did
    // it) so that each trial steps only the frames its edits can change.
    let recording =
      context.canRecord && !context.hasRecord && planned.count >= Self.trialsWorthARecord
      && budget.fits(layers: layers, frames: frames, times: planned.count + 1)
    let admitted = budget.admit(layers: layers, frames: frames, times: planned.count + (recording ? 1 : 0))
    let edits = planned.map(\.edits)
    // The trials start from the scene as it is, prepared once: each flattens only what its
    // edits change.
    let shared: Trials? =
      admitted && !planned.isEmpty
      ? Trials(
        base: baseline.prepared ?? Simulator.prepare(scene, tree: context.tree, on: device, coefficients: coefficients),
        record: context.hasRecord || recording ? context.record : nil, timelineLayers: context.timelineLayers) : nil
    let measured: [SceneMetrics] =
      admitted
      ? Parallel.map(count: edits.count, jobs: jobs) { index in
        trial(scene, edits[index], shared: shared!, on: device, coefficients: coefficients).metrics
      } : []
    var trials = [[FixTrial]](repeating: [], count: groups.count)
    for (trial, after) in zip(planned, measured) {
      let fix = trial.fix
      trials[trial.group].append(
        FixTrial(
          fixID: fix.id, title: fix.title, words: fix.words, appearance: fix.appearance, appearanceChanges: trial.changes,
          edits: trial.edits, appliedTo: trial.applied, notAppliedTo: trial.refused, saving: Saving(before: before, after: after),
          uncounted: fix.uncountedWork(trial.edits, in: context), approach: fix.approach, risk: fix.risk))
    }
    let explained = groups.enumerated().map { index, group in
      ExplainedFinding(
        rule: group.rule, pattern: group.pattern, findings: group.findings, trials: ordered(trials[index]),
        unavailable: unavailable[index], frameCount: frames)
    }
    let ranked = explained.enumerated().sorted { lhs, rhs in
      switch (lhs.element.trials.first, rhs.element.trials.first) {
      case (let l?, let r?):
        if l.saving.isBetter(than: r.saving) { return true }
        if r.saving.isBetter(than: l.saving) { return false }
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil):
        let l = lhs.element.gpuMs
        let r = rhs.element.gpuMs
        if abs(l - r) > 1e-12 { return l > r }
      }
      return lhs.offset < rhs.offset
    }.map(\.element)
    var explanation = Explanation(
      scene: report.scene, before: before, findings: ranked,
      imageFindings: report.findings.filter { $0.category == .image }.count)
    // The list techniques, for the whole scene with every fix (not for a layer, nor for optimize's
    // subset of fixes).
    if filter == nil, fixes.count == SceneFixes.all.count, !budget.exhausted {
      explanation.listTechniques = listTrials(
        scene, before: before, mainThreadMsMean: report.summary.performance.mainThreadMs.mean, tree: context.tree, on: device,
        coefficients: coefficients, budget: budget, jobs: jobs)
    }
    return explanation
  }

  /// With this many trials or more on a timeline, the frames are recorded for them
  /// (``FrameRecord``) even when no check stepped them.
  static let trialsWorthARecord = 3

  /// What the trials of one explanation share: the scene prepared, and its frames recorded.
  struct Trials: Sendable {
    var base: Simulator.Prepared
    var record: FrameRecord?
    /// The layers the timeline names, and the cells of its reuse pools (``FixContext/timelineLayers``).
    var timelineLayers: [Int]
  }

  /// The figures of `scene` with `edits` applied, simulated from `shared`: the edited layers
  /// flattened again, the frames run for the figures alone, and, with a record, only the frames
  /// the edits can change. The same value as
  /// `SceneMetrics(Simulator.run(scene.applying(edits), on: device, coefficients: coefficients))`.
  /// `stepped` counts the frames simulated.
  static func trial(
    _ scene: Scene, _ edits: [LayerEdit], shared: Trials, on device: DeviceProfile, coefficients: CostCoefficients
  ) -> (metrics: SceneMetrics, stepped: Int) {
    let edited = scene.applying(edits)
    let tree = shared.base.stepper.tree
    // Every layer an edit's path names (all of them where ids repeat): the layers it may change,
    // whichever one it finds.
    let changed = tree.allIndices(ofPaths: edits.map(\.path))
    guard let (prepared, sources) = Simulator.prepare(edited, from: shared.base, changed: changed) else {
      let prepared = Simulator.prepare(edited, on: device, coefficients: coefficients)
      return (Simulator.metrics(prepared), prepared.stepper.frameCount)
    }
    if let record = shared.record,
      let outcome = record.metrics(
        of: prepared, sources: sources, changed: changed, tree: tree, timelineLayers: shared.timelineLayers)
    {
      return outcome
    }
    return (Simulator.metrics(prepared), prepared.stepper.frameCount)
  }

  /// A fix checked on every layer of a group, to be simulated.
  private struct PlannedTrial: Sendable {
    var group: Int
    var fix: any SceneFix
    /// The edits of the layers where the fix applies, merged by layer.
    var edits: [LayerEdit]
    var applied: [String]
    var refused: [LayerReason]
    var changes: [String]
  }

  /// The fix checked on each layer of the group: the edits where its condition holds, merged,
  /// and the layers where it does not with why.
  private static func plan(
    _ fix: any SceneFix, for group: FindingGroup, in context: FixContext
  ) -> (edits: [LayerEdit], applied: [String], refused: [LayerReason], changes: [String]) {
    var edits: [LayerEdit] = []
    var applied: [String] = []
    var refused: [LayerReason] = []
    var changes: [String] = []
    for finding in group.findings {
      let check = fix.check(finding.layer, in: context)
      if let found = check.edits {
        edits += found
        applied.append(finding.layer)
        if let change = check.appearanceChange, !changes.contains(change) { changes.append(change) }
      } else {
        refused.append(LayerReason(layer: finding.layer, reason: check.reason ?? ""))
      }
    }
    return (SceneFixes.merged(edits), applied, refused, changes)
  }

  /// The group's first fix: among the fixes that save something, one that removes the trigger
  /// before one that restructures the layers before one that relies on the raster cache (its
  /// saving holds only while the cache keeps the bitmap), and within each, one that keeps the
  /// picture first, then the best saving. Then the others, best first.
  static func ordered(_ trials: [FixTrial]) -> [FixTrial] {
    let ranked = trials.enumerated().sorted { lhs, rhs in
      if lhs.element.saving.isBetter(than: rhs.element.saving) { return true }
      if rhs.element.saving.isBetter(than: lhs.element.saving) { return false }
      return lhs.offset < rhs.offset
    }.map(\.element)
    let saving = ranked.enumerated().filter { $0.element.saving.improves }
    guard
      let first = saving.min(by: { lhs, rhs in
        let l = lhs.element
        let r = rhs.element
        if l.approach != r.approach { return l.approach < r.approach }
        if l.keepsAppearance != r.keepsAppearance { return l.keepsAppearance }
        return lhs.offset < rhs.offset
      })?.element
    else { return ranked }
    return [first] + ranked.filter { $0.fixID != first.fixID }
  }

  /// True when a finding's layer is `filter` or lies below it. The filter is a path or a
  /// pattern: `[*]` stands for any copy of a repeated layer, `*` for any one component.
  public static func matches(_ filter: String, _ path: String) -> Bool {
    let wanted = filter.split(separator: "/")
    let parts = path.split(separator: "/")
    guard !wanted.isEmpty, wanted.count <= parts.count else { return false }
    return zip(wanted, parts).allSatisfy { want, part in
      if want == "*" || want == part { return true }
      guard want.hasSuffix("[*]") else { return false }
      let stem = want.dropLast(3)
      return part.hasPrefix(stem + "[") && part.hasSuffix("]") && part.dropFirst(stem.count + 1).dropLast().allSatisfy(\.isNumber)
    }
  }

  /// True when some layer of the scene is `filter` or lies below it.
  public static func sceneHasLayer(_ filter: String, in scene: Scene) -> Bool {
    FlatTree(scene.root).paths().contains { matches(filter, $0) }
  }
}

/// The explanation of a scene: the figures now, then the findings ranked by what fixing them
/// saves.
public struct Explanation: Sendable {
  public var scene: SceneInfo
  public var before: SceneMetrics
  public var findings: [ExplainedFinding]
  /// Image findings (scaled or misaligned images), which no fix here answers.
  public var imageFindings: Int
  /// The list techniques that apply to the scene's reuse pools, best saving first (``ListTechnique``).
  public var listTechniques: [ListTechniqueTrial] = []
}

/// One group of findings that share a cause, with the fixes tried on it.
public struct ExplainedFinding: Sendable {
  public var rule: String
  /// The layer's path, or the group's pattern (`root/table/cell[*]/card`) when several.
  public var pattern: String
  public var findings: [Finding]
  /// The fixes that apply to at least one layer of the group, the one to show first first.
  public var trials: [FixTrial]
  /// The fixes that answer the rule but apply to no layer of the group, with why.
  public var unavailable: [FixRefusal]

  /// Frames in the run the findings come from.
  public var frameCount: Int = 1

  /// Offscreen passes of the group in the frame each had the most.
  public var passes: Int { findings.reduce(0) { $0 + $1.passes } }
  /// GPU milliseconds of the group's passes per frame, averaged over the run (members that show
  /// in different frames are not added up as if they showed together).
  public var gpuMs: Double { FindingGroup.meanGPUMs(findings, frames: frameCount) }
}

/// A fix tried on one group: what it changed and what the simulation says it saved.
public struct FixTrial: Sendable {
  public var fixID: String
  public var title: String
  public var words: String
  public var appearance: FixAppearance
  /// Why, on these layers, a fix that keeps the picture elsewhere would change it.
  public var appearanceChanges: [String]
  /// The edits applied, merged by layer.
  public var edits: [LayerEdit]
  /// The group's layers the fix applied to, and those it did not apply to with why.
  public var appliedTo: [String]
  public var notAppliedTo: [LayerReason]
  public var saving: Saving
  /// Work the fix brings that the simulation cannot count, when there is some.
  public var uncounted: UncountedWork?
  /// How the fix answers the finding (``FixApproach``).
  public var approach: FixApproach = .removesTrigger
  /// What can undo the saving that the simulated run may not show (``SceneFix/risk``).
  public var risk: String? = nil

  /// True when the fix keeps what the user sees on every layer it applied to.
  public var keepsAppearance: Bool { appearance.keepsAppearance && appearanceChanges.isEmpty }
}

public struct LayerReason: Sendable, Hashable {
  public var layer: String
  public var reason: String
}

public struct FixRefusal: Sendable, Hashable {
  public var fixID: String
  public var title: String
  public var reason: String
}

/// Findings of one rule on layers whose paths differ only in `[n]` indices, in first-seen order.
public struct FindingGroup: Sendable {
  public var rule: String
  /// The layer's path when the group has one finding, else the shared pattern.
  public var pattern: String
  public var findings: [Finding]

  /// Findings that share a cause: the same rule and the same message (the same properties, the
  /// same sublayers) on layers of the same name at the same depth, such as every copy of a
  /// repeated cell, or the same card in several rows. The group's pattern writes `[*]` for any
  /// copy and `*` for a component the members differ in (`root/table/*/card[*]`), as `--layer` and
  /// timeline targets read them. Groups come in the order of their first finding.
  public static func groups(_ findings: [Finding]) -> [FindingGroup] {
    // Each key's place in `groups`: a group grows in place (no copy of its findings per member).
    var groups: [FindingGroup] = []
    var positions: [String: Int] = [:]
    for finding in findings {
      let pattern = LayerPath.pattern(finding.layer)
      let components = depthAndName(pattern)
      let key = "\(finding.rule)\u{0}\(components.count)\u{0}\(components.last)\u{0}\(finding.message)"
      if let position = positions[key] {
        groups[position].pattern = merged(groups[position].pattern, pattern)
        groups[position].findings.append(finding)
      } else {
        positions[key] = groups.count
        groups.append(FindingGroup(rule: finding.rule, pattern: pattern, findings: [finding]))
      }
    }
    for position in groups.indices where groups[position].findings.count == 1 {
      groups[position].pattern = groups[position].findings[0].layer
    }
    return groups
  }

  /// GPU milliseconds per frame of `findings` averaged over a run of `frames` frames.
  public static func meanGPUMs(_ findings: [Finding], frames: Int) -> Double {
    findings.reduce(0) { $0 + $1.gpuMs * Double($1.frames) } / Double(max(frames, 1))
  }

  /// The number of `/`-separated components of a pattern (empty ones left out, as `split` does)
  /// and its last one, "" when it has none.
  static func depthAndName(_ pattern: String) -> (count: Int, last: Substring) {
    if let ascii = pattern.utf8.withContiguousStorageIfAvailable({ bytes -> (count: Int, last: Range<Int>)? in
      var count = 0
      var last = 0..<0
      var start = 0
      for position in 0...bytes.count {
        let byte = position < bytes.count ? bytes[position] : UInt8(ascii: "/")
        if byte >= 0x80 { return nil }
        guard byte == UInt8(ascii: "/") else { continue }
        if position > start {
          count += 1
          last = start..<position
        }
        start = position + 1
      }
      return (count, last)
    }), let ascii {
      // ASCII: a byte is a character, so byte offsets are character offsets.
      let utf8 = pattern.utf8
      let lower = utf8.index(utf8.startIndex, offsetBy: ascii.last.lowerBound)
      let upper = utf8.index(lower, offsetBy: ascii.last.count)
      return (ascii.count, pattern[lower..<upper])
    }
    let components = pattern.split(separator: "/")
    return (components.count, components.last ?? "")
  }

  /// False when `pattern` is sure to have no empty component: not empty, no `/` first or last,
  /// no two `/` in a row (read as bytes: a `/` joined with a mark after it is not a separator, and
  /// is taken as one here, which only sends the pattern the long way).
  private static func mayHaveEmptyComponent(_ pattern: String) -> Bool {
    var previous = UInt8(ascii: "/")
    for byte in pattern.utf8 {
      if byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/") { return true }
      previous = byte
    }
    return previous == UInt8(ascii: "/")
  }

  /// Two patterns of the same depth, with `*` where their components differ.
  static func merged(_ a: String, _ b: String) -> String {
    // The same pattern with no empty component (every pattern of a file's paths) merges to itself.
    if a == b, !mayHaveEmptyComponent(a) { return a }
    let left = a.split(separator: "/")
    let right = b.split(separator: "/")
    guard left.count == right.count else { return a }
    return zip(left, right).map { $0 == $1 ? String($0) : "*" }.joined(separator: "/")
  }
}
