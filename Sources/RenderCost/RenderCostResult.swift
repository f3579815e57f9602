import Compositor
import Foundation
import LayerTree

/// What the recorded scene and the captured one are to each other, and what the check did.
public enum ReferenceOutcome: Sendable, Hashable {
  /// The captured scene is the recorded one, byte for byte.
  case matched
  /// The captured scene's file differs from the recorded one, but its figures pass the
  /// comparison (``SceneComparison``); the recorded file was left as it was.
  case withinComparison
  /// The scene was written: there was none (`missing`), it had changed (`changed`), or the mode
  /// records everything (`recordMode`).
  case recorded(Reason)
  /// The captured scene fails the comparison with the recorded one, which was left as it was.
  case differs
  /// There is no recorded scene and the mode writes none.
  case missing

  public enum Reason: String, Sendable, Hashable {
    case missing
    case changed
    case recordMode
  }

  /// True when the scene passes: the same file, or figures within the comparison.
  public var passes: Bool { self == .matched || self == .withinComparison }
}

/// Whether to write the captured scene, and what that makes of the check: swift-snapshot-testing's
/// rules for its record modes.
///
/// | recorded file | `never` | `missing` | `failed` | `all` |
/// | --- | --- | --- | --- | --- |
/// | none | missing | written | written | written |
/// | the same file | matched | matched | matched | written |
/// | another file, passing the comparison | withinComparison | withinComparison | withinComparison | written |
/// | another file, failing the comparison | differs | differs | written | written |
public enum ReferenceDecision {
  /// The captured scene against the recorded one.
  public enum Match: Sendable, Hashable {
    /// The same text.
    case identical
    /// Other text whose figures pass the comparison.
    case withinComparison
    /// Other text that fails the comparison.
    case differs
  }

  /// `match` is nil when nothing is recorded.
  public static func decide(mode: RecordMode, match: Match?) -> (write: Bool, outcome: ReferenceOutcome) {
    guard let match else { return mode == .never ? (false, .missing) : (true, .recorded(.missing)) }
    if mode == .all { return (true, .recorded(.recordMode)) }
    switch match {
    case .identical: return (false, .matched)
    case .withinComparison: return (false, .withinComparison)
    case .differs: return mode == .failed ? (true, .recorded(.changed)) : (false, .differs)
    }
  }

  /// The decision for an exact comparison: any other text differs.
  public static func decide(mode: RecordMode, existing: String?, new: String) -> (write: Bool, outcome: ReferenceOutcome) {
    decide(mode: mode, match: existing.map { $0 == new ? .identical : .differs })
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
  /// The recorded scene's figures against the captured one's, when their files differ and the
  /// recorded one could be read.
  public var change: Comparison?
  /// How the scene was compared with the recorded one.
  public var comparison: SceneComparison
  /// The record mode the check ran with.
  public var record: RecordMode
  /// Where the captured scene was kept because it failed the comparison
  /// (``ReferenceFile/newScenePath``); nil when it was not kept.
  public var keptScene: String?
  /// Why the comparison could not be made, when it could not: the recorded file does not read as
  /// a scene, or runs another timeline.
  public var comparisonProblem: String?
  /// What `offscreen-sim compare` is told of the device: `--device iphone-13-pro`, or
  /// `--device-file <path>` for a profile the catalogue lacks.
  public var deviceArguments: [String]

  public init(
    scene: Scene, notes: [String], report: SimulationReport, budgets: [BudgetResult], reference: ReferenceFile, outcome: ReferenceOutcome,
    change: Comparison?, comparison: SceneComparison = .default, record: RecordMode = .missing, keptScene: String? = nil,
    comparisonProblem: String? = nil, deviceArguments: [String]? = nil
  ) {
    self.scene = scene
    self.notes = notes
    self.report = report
    self.budgets = budgets
    self.reference = reference
    self.outcome = outcome
    self.change = change
    self.comparison = comparison
    self.record = record
    self.keptScene = keptScene
    self.comparisonProblem = comparisonProblem
    self.deviceArguments = deviceArguments ?? ["--device", report.scene.deviceID]
  }

  public var failedBudgets: [BudgetResult] { budgets.filter { !$0.passed } }

  /// True when every budget passed and the scene passes its comparison with the recorded one.
  public var passed: Bool { failedBudgets.isEmpty && outcome.passes }

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
    case .matched, .withinComparison:
      break
    case .recorded(.missing):
      lines.append("  no scene was recorded: recorded \(file); check it in and run the test again")
    case .recorded(.changed):
      lines.append("  the scene changed: recorded \(file); check it in and run the test again")
      lines += changeLines
    case .recorded(.recordMode):
      lines.append("  record mode is on: recorded \(file); turn it off and run the test again")
    case .differs:
      lines.append("  the scene differs from \(file) (\(comparison.summary))\(change == nil ? "" : ":")")
      lines += changeLines
      if let comparisonProblem { lines.append("  \(comparisonProblem)") }
      if let keptScene {
        lines.append("  the new scene is kept at \(reference.short(keptScene)); see the difference with:")
        lines.append("    " + compareCommand(recorded: reference.path, new: keptScene))
      } else if record == .never {
        lines.append("  record mode is never: the new scene was not kept")
      }
      lines.append(
        "  if the change is meant, record it with \(RecordMode.environmentVariable)=failed (TEST_RUNNER_\(RecordMode.environmentVariable)=failed through xcodebuild) or record: .failed"
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

  /// `offscreen-sim compare <recorded> <new> --device <id>`, each argument quoted for a POSIX
  /// shell where it needs to be.
  public func compareCommand(recorded: String, new: String) -> String {
    (["offscreen-sim", "compare", recorded, new] + deviceArguments).map(shellQuoted).joined(separator: " ")
  }

  /// `    offscreen passes per frame (max): 0 -> 1 (worse)`, one line each: the figures that fail
  /// the comparison (for a recorded change: every figure that moved), the first six of them,
  /// then the findings that appeared and disappeared.
  var changeLines: [String] {
    guard let change else { return [] }
    let moved = outcome == .differs ? comparison.failingMetrics(change) : change.metrics.filter { $0.verdict != .same }
    var lines = moved.prefix(6).map { metric in
      let verdict = metric.verdict == .notComparable ? "only one side has it" : metric.verdict.rawValue
      return "    \(metric.title): \(metric.before.map(formatNumber) ?? "none") -> \(metric.after.map(formatNumber) ?? "none") (\(verdict))"
    }
    if moved.count > 6 { lines.append("    and \(moved.count - 6) more figures") }
    if moved.isEmpty { lines.append(change.unchanged ? "    no figure moved" : "    no figure fails the comparison") }
    if !change.appeared.isEmpty {
      lines.append(
        "    new findings: " + change.appeared.prefix(3).map(\.description).joined(separator: ", ")
          + (change.appeared.count > 3 ? ", ..." : ""))
    }
    if !change.disappeared.isEmpty {
      lines.append(
        "    gone: " + change.disappeared.prefix(3).map(\.description).joined(separator: ", ")
          + (change.disappeared.count > 3 ? ", ..." : ""))
    }
    return lines
  }
}

/// `word` as a POSIX shell reads it: unchanged when it holds only letters, digits and `@%+=:,./-_`,
/// else in single quotes.
func shellQuoted(_ word: String) -> String {
  let plain =
    !word.isEmpty
    && word.unicodeScalars.allSatisfy {
      $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "@%+=:,./-_".unicodeScalars.contains($0))
    }
  return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// A failed render-cost check: what failed, as a test failure shows it, and the result.
///
/// Every error a check throws is one of these; ``errorDescription`` and ``description`` are the
/// whole message, so XCTest and Swift Testing print it as it is.
public struct RenderCostFailure: Error, Sendable, CustomStringConvertible, LocalizedError {
  public var message: String
  /// The check's result, when it got as far as simulating.
  public var result: RenderCostResult?
  /// The error underneath, when one stopped the check (a capture error, a file that cannot be
  /// written).
  public var underlying: (any Error & Sendable)?

  public init(message: String, result: RenderCostResult?, underlying: (any Error & Sendable)? = nil) {
    self.message = message
    self.result = result
    self.underlying = underlying
  }

  public var description: String { message }
  public var errorDescription: String? { message }
}
