import LayerTree

/// Whether a figure, or a whole comparison, got better or worse.
public enum Verdict: String, Sendable, Hashable {
  case better
  case worse
  case same
  /// One side has no value (no hit rate without a rasterized layer; a field an older report
  /// lacks): nothing to compare.
  case notComparable = "n/a"
  /// A figure with no better or worse (``ReportMetric/Direction/neither``) that differs.
  case changed
}

/// One metric before and after.
public struct MetricChange: Sendable, Hashable {
  public var id: String
  public var title: String
  public var unit: ReportMetric.Unit
  public var direction: ReportMetric.Direction
  public var exact: Bool
  public var before: Double?
  public var after: Double?
  public var verdict: Verdict
  /// True when the metric fails the comparison by getting worse.
  public var gated: Bool

  /// `after - before`; nil when a side has no value.
  public var change: Double? {
    guard let before, let after else { return nil }
    return ReportMetrics.rounded(after - before)
  }

  /// The change as a fraction of `before` (0.25 for +25%); nil when `before` is 0 or missing.
  public var relativeChange: Double? {
    guard let before, let after, before != 0 else { return nil }
    return (after - before) / abs(before)
  }

  /// True when either side is not zero: a figure zero on both sides says nothing.
  public var isNonZero: Bool { (before ?? 0) != 0 || (after ?? 0) != 0 }
}

/// Two reports side by side: every metric with its change and verdict, and the findings that
/// appeared or disappeared, matched on (layer path, rule id).
///
/// A metric is the same when equal, or, unless it is a count (``ReportMetric/exact``), when it
/// moved by at most `tolerance` times its value before. Otherwise it is better or worse by the
/// metric's direction. The comparison fails when a gated metric got worse, or, with the
/// ``ReportMetrics/findingsGate`` gate, when a finding appeared.
///
/// A figure that cannot be compared never passes a gate: a value that is not a finite number
/// (a saved report can hold only what JSON holds, but a snapshot can be made by hand) is worse,
/// and so is a gated metric that one side lacks unless the metric may have no value
/// (``ReportMetric/optional``). Failing closed keeps a broken or edited report from reading as
/// "the same".
///
/// ```swift
/// let comparison = Comparison(before: MetricSnapshot(old), after: MetricSnapshot(new))
/// if comparison.failed { print(comparison.regressions.map(\.title)) }
/// ```
public struct Comparison: Sendable, Hashable {
  /// Every metric, in ``ReportMetrics/all`` order.
  public var metrics: [MetricChange]
  /// Findings only in the after report, in its order.
  public var appeared: [FindingKey]
  /// Findings only in the before report, in its order.
  public var disappeared: [FindingKey]
  /// The relative tolerance, 0.05 for 5%.
  public var tolerance: Double
  /// The gates in force: metric ids, and ``ReportMetrics/findingsGate``.
  public var gates: [String]
  /// The gates that only warn (a project configuration's `levels`): a metric among them that
  /// gets worse, or a finding that appears under the findings gate, is a warning and does not
  /// fail the comparison.
  public var warningGates: Set<String> = []

  public static let defaultTolerance = 0.05

  public init(
    before: MetricSnapshot, after: MetricSnapshot, tolerance: Double = Comparison.defaultTolerance,
    gates: [String] = ReportMetrics.defaultGates
  ) {
    self.tolerance = tolerance
    self.gates = gates
    let gated = Set(gates)
    metrics = ReportMetrics.all.map { metric in
      let b = before.values[metric.id]
      let a = after.values[metric.id]
      var verdict = Self.verdict(b, a, metric: metric, tolerance: tolerance)
      if gated.contains(metric.id) && !metric.optional && (b == nil || a == nil) { verdict = .worse }
      return MetricChange(
        id: metric.id, title: metric.title, unit: metric.unit, direction: metric.direction, exact: metric.exact, before: b,
        after: a, verdict: verdict, gated: gated.contains(metric.id))
    }
    let beforeKeys = Set(before.findings)
    let afterKeys = Set(after.findings)
    appeared = after.findings.filter { !beforeKeys.contains($0) }
    disappeared = before.findings.filter { !afterKeys.contains($0) }
  }

  /// The verdict on one metric: worse when either value is not a finite number.
  public static func verdict(_ before: Double?, _ after: Double?, metric: ReportMetric, tolerance: Double) -> Verdict {
    if before.map({ !$0.isFinite }) == true || after.map({ !$0.isFinite }) == true { return .worse }
    guard let before, let after else { return before == nil && after == nil ? .same : .notComparable }
    if before == after { return .same }
    // A hair of slack keeps "exactly 5%" from failing through binary rounding.
    if !metric.exact && abs(after - before) <= tolerance * abs(before) + 1e-9 { return .same }
    if metric.direction == .neither { return .changed }
    let lower = after < before
    return lower == (metric.direction == .lowerIsBetter) ? .better : .worse
  }

  /// True when findings appearing fail the comparison.
  public var findingsGated: Bool { gates.contains(ReportMetrics.findingsGate) }

  /// Gated metrics that got worse, except those whose gate only warns.
  public var regressions: [MetricChange] {
    metrics.filter { $0.gated && $0.verdict == .worse && !warningGates.contains($0.id) }
  }

  /// Gated metrics that got worse whose gate only warns.
  public var warnings: [MetricChange] { metrics.filter { $0.gated && $0.verdict == .worse && warningGates.contains($0.id) } }

  /// True when findings appeared under a findings gate that only warns.
  public var findingsWarned: Bool { findingsGated && warningGates.contains(ReportMetrics.findingsGate) && !appeared.isEmpty }

  /// True when a gated metric got worse, or a finding appeared under the findings gate, unless
  /// the gate only warns.
  public var failed: Bool {
    !regressions.isEmpty || (findingsGated && !warningGates.contains(ReportMetrics.findingsGate) && !appeared.isEmpty)
  }

  /// The comparison's verdict, on what is gated: worse when it failed; better when a gated
  /// metric got better (or, under the findings gate, a finding disappeared); the same otherwise.
  public var verdict: Verdict {
    if failed { return .worse }
    if metrics.contains(where: { $0.gated && $0.verdict == .better }) || (findingsGated && !disappeared.isEmpty) { return .better }
    return .same
  }

  /// True when nothing differs at all: every metric the same and no finding appeared or
  /// disappeared.
  public var unchanged: Bool { metrics.allSatisfy { $0.verdict == .same } && appeared.isEmpty && disappeared.isEmpty }
}
