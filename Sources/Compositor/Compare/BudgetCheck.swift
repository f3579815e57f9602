import LayerTree

/// One budget held against one report: the limit, the figure found, and whether it passed.
public struct BudgetResult: Sendable, Hashable {
  public var limit: Budgets.Limit
  /// The figure the report has; nil when it has none (no hit rate: no rasterized layer drawn).
  public var found: Double?
  public var passed: Bool
  /// True when the budget only warns (a project configuration's `levels`): a failure is printed
  /// as a warning and does not fail the check.
  public var warning = false

  public init(limit: Budgets.Limit, found: Double?, passed: Bool) {
    self.limit = limit
    self.found = found
    self.passed = passed
  }

  public var kind: BudgetKind { limit.kind }
  public var expected: Double { limit.value }
  public var metric: ReportMetric? { ReportMetrics.metric(id: limit.kind.metricID) }
}

/// Holds a scene's budgets against its report on one device.
///
/// A `max` budget passes when the figure is at most the limit, a `min` budget when it is at
/// least the limit; both edges pass. Figures are compared as the JSON report rounds them (3
/// decimals), so what is printed is what was compared. A hit-rate budget passes when nothing was
/// rasterized: there was nothing to miss. A figure that is not a finite number, or missing
/// though the metric always has one, fails its budget.
public enum BudgetCheck {
  public static func evaluate(_ budgets: Budgets, device: String, snapshot: MetricSnapshot) -> [BudgetResult] {
    budgets.limits(on: device).map { limit in
      let found = snapshot.values[limit.kind.metricID]
      return BudgetResult(limit: limit, found: found, passed: passes(limit, found: found))
    }
  }

  /// Whether `found` keeps within `limit`, as ``evaluate(_:device:snapshot:)`` decides it: the one
  /// place the rule is written, which `merge` also uses to decide again what a shard says.
  public static func passes(_ limit: Budgets.Limit, found: Double?) -> Bool {
    guard let found else { return ReportMetrics.metric(id: limit.kind.metricID)?.optional ?? false }
    return found.isFinite && (limit.kind.isMinimum ? found >= limit.value : found <= limit.value)
  }
}
