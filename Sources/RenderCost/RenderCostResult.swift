import Compositor
import LayerTree

/// What the recorded scene and the captured one are to each other, and what the check did.
public enum ReferenceOutcome: Sendable, Hashable {
  /// The captured scene is the recorded one, byte for byte.
  case matched
  /// The scene was written: there was none (`missing`), it had changed (`changed`), or the mode
  /// records everything (`recordMode`).
  case recorded(Reason)
  /// The captured scene differs from the recorded one, which was left as it was.
  case differs
  /// There is no recorded scene and the mode writes none.
  case missing

  public enum Reason: String, Sendable, Hashable {
    case missing
    case changed
    case recordMode
  }
}

/// Whether to write the captured scene, and what that makes of the check: swift-snapshot-testing's
/// rules for its record modes.
///
/// | recorded file | `never` | `missing` | `failed` | `all` |
/// | --- | --- | --- | --- | --- |
/// | none | missing | written | written | written |
/// | the same | matched | matched | matched | written |
/// | different | differs | differs | written | written |
public enum ReferenceDecision {
  public static func decide(mode: RecordMode, existing: String?, new: String) -> (write: Bool, outcome: ReferenceOutcome) {
    guard let existing else { return mode == .never ? (false, .missing) : (true, .recorded(.missing)) }
    if mode == .all { return (true, .recorded(.recordMode)) }
    if existing == new { return (false, .matched) }
    return mode == .failed ? (true, .recorded(.changed)) : (false, .differs)
  }
}

/// What a render-cost check found.
public struct RenderCostResult: Sendable {
  /// The captured scene, on the device it was simulated on.
  public var scene: Scene
  /// What the capture could not carry over.
  public var notes: [String]
  public var report: SimulationReport
  /// Every budget, passed or not.
  public var budgets: [BudgetResult]
  public var reference: ReferenceFile
  public var outcome: ReferenceOutcome
  /// The recorded scene's figures against the captured one's, when they differ.
  public var change: Comparison?

  public init(
    scene: Scene, notes: [String], report: SimulationReport, budgets: [BudgetResult], reference: ReferenceFile, outcome: ReferenceOutcome,
    change: Comparison?
  ) {
    self.scene = scene
    self.notes = notes
    self.report = report
    self.budgets = budgets
    self.reference = reference
    self.outcome = outcome
    self.change = change
  }

  public var failedBudgets: [BudgetResult] { budgets.filter { !$0.passed } }

  /// True when every budget passed and the scene is the recorded one.
  public var passed: Bool { failedBudgets.isEmpty && outcome == .matched }

  /// Why the check failed, one line per reason; nil when it passed.
  public var failureMessage: String? {
    guard !passed else { return nil }
    var lines = ["render cost of \(scene.root.id == "root" ? "the view" : scene.root.id) on \(report.scene.deviceID):"]
    for budget in failedBudgets {
      let found = budget.found.map(formatNumber) ?? "no value"
      lines.append(
        "  budget \(budget.kind.rawValue) failed: expected \(budget.kind.isMinimum ? ">=" : "<=") \(formatNumber(budget.expected)), found \(found)"
      )
    }
    let file = reference.shortPath
    switch outcome {
    case .matched:
      break
    case .recorded(.missing):
      lines.append("  no scene was recorded: recorded \(file); check it in and run the test again")
    case .recorded(.changed):
      lines.append("  the scene changed: recorded \(file)\(changeSummary); check it in and run the test again")
    case .recorded(.recordMode):
      lines.append("  record mode is on: recorded \(file); turn it off and run the test again")
    case .differs:
      lines.append(
        "  the scene differs from \(file)\(changeSummary); if the change is meant, record it with \(RecordMode.environmentVariable)=failed (TEST_RUNNER_\(RecordMode.environmentVariable)=failed through xcodebuild) or record: .failed"
      )
    case .missing:
      lines.append("  no scene is recorded at \(file) and record mode is never")
    }
    let passes = report.findings.filter { $0.category == .offscreen }
    if !passes.isEmpty {
      lines.append("  offscreen passes per frame: \(report.summary.offscreenPasses.perFrameMax)")
      for finding in passes.prefix(10) { lines.append("    \(finding.rule)  \(finding.layer)") }
      if passes.count > 10 { lines.append("    and \(passes.count - 10) more") }
    }
    return lines.joined(separator: "\n")
  }

  /// ` (offscreen passes per frame (max) 1 -> 2, ...)`: the figures that moved.
  var changeSummary: String {
    guard let change else { return "" }
    var parts = change.metrics.filter { $0.verdict != .same && $0.verdict != .notComparable }.prefix(4).map { metric in
      "\(metric.title) \(metric.before.map(formatNumber) ?? "none") -> \(metric.after.map(formatNumber) ?? "none")"
    }
    if !change.appeared.isEmpty { parts.append("new findings: " + change.appeared.prefix(3).map(\.description).joined(separator: ", ")) }
    if !change.disappeared.isEmpty { parts.append("gone: " + change.disappeared.prefix(3).map(\.description).joined(separator: ", ")) }
    return parts.isEmpty ? " (the same figures)" : " (" + parts.joined(separator: "; ") + ")"
  }
}

/// A failed render-cost check: what failed, as a test failure shows it, and the result.
public struct RenderCostFailure: Error, Sendable, CustomStringConvertible {
  public var message: String
  /// The check's result, when it got as far as simulating.
  public var result: RenderCostResult?

  public init(message: String, result: RenderCostResult?) {
    self.message = message
    self.result = result
  }

  public var description: String { message }
}
