import Compositor
import LayerTree

/// How a captured scene is held to the one recorded for its test, when their files differ.
///
/// Two files that are the same text always match. When they differ, the recorded scene is
/// simulated again on the same device and its figures are compared with the new ones, as
/// `offscreen-sim compare` compares them: a figure is the same while it moves by at most
/// `tolerance` times its recorded value, except counts (offscreen passes, hitches...), which must
/// be equal. `metrics` are the figures held to it, by id (`offscreen-sim compare --list-metrics`);
/// by default those `compare` fails on (``defaultMetrics``): offscreen passes per frame, GPU time
/// p95, main-thread time mean, hitch time ratio, frame rate, raster cache hit rate, memory. The failure
/// message names them; every other figure is still in ``RenderCostResult/change``.
///
/// The default, ``figures(tolerance:metrics:)`` at 5% on the default metrics, fails when one of
/// them moves either way, and passes a change that moves none beyond the tolerance: a renamed
/// view, a reordered file, a label one character longer (one more glyph drawn on the main
/// thread: 0.01 ms of a 0.7 ms frame, 1.5%, on the project's test card on an iPhone 13 Pro). The
/// recorded file is then left as it was; record it again (`record: .all`) to bring it up to date.
public enum SceneComparison: Sendable, Hashable {
  /// The file must be the recorded one, byte for byte.
  case exact
  /// Each of `metrics` must stay within `tolerance` (0.05 for 5%) of the recorded figure, either
  /// way.
  case figures(tolerance: Double, metrics: [String] = SceneComparison.defaultMetrics)
  /// None of `metrics` may get worse by more than `tolerance`: an improvement passes. The
  /// recorded scene stays the bar until it is recorded again.
  case worseOnly(tolerance: Double, metrics: [String] = SceneComparison.defaultMetrics)

  /// ``figures(tolerance:metrics:)`` with `offscreen-sim compare`'s default tolerance, 5%, on its
  /// default gates.
  public static let `default` = SceneComparison.figures(tolerance: Comparison.defaultTolerance)

  /// The figures `offscreen-sim compare` fails on by default (`ReportMetrics.defaultGates`).
  public static let defaultMetrics = ReportMetrics.defaultGates

  /// Every figure of the report (`ReportMetrics.all`): a comparison that lets nothing move.
  public static let allMetrics = ReportMetrics.all.map(\.id)

  /// The tolerance in force: 0 for ``exact``, and for a tolerance that is negative or not a
  /// finite number.
  public var tolerance: Double {
    switch self {
    case .exact: return 0
    case .figures(let tolerance, _), .worseOnly(let tolerance, _): return tolerance.isFinite && tolerance > 0 ? tolerance : 0
    }
  }

  /// The metric ids held to the comparison; every metric for ``exact``.
  public var metrics: [String] {
    switch self {
    case .exact: return Self.allMetrics
    case .figures(_, let metrics), .worseOnly(_, let metrics): return metrics
    }
  }

  /// The ids among ``metrics`` that name no metric.
  public var unknownMetrics: [String] { metrics.filter { ReportMetrics.metric(id: $0) == nil } }

  /// The metrics of `comparison` that fail this comparison: each of ``metrics`` that moved for
  /// ``figures(tolerance:metrics:)`` (or that one side has and the other lacks), each that got
  /// worse for ``worseOnly(tolerance:metrics:)``; every one that moved at all for ``exact``.
  public func failingMetrics(_ comparison: Comparison) -> [MetricChange] {
    let held = Set(metrics)
    switch self {
    case .exact: return comparison.metrics.filter { $0.verdict != .same }
    case .figures: return comparison.metrics.filter { held.contains($0.id) && $0.verdict != .same }
    case .worseOnly: return comparison.metrics.filter { held.contains($0.id) && $0.verdict == .worse }
    }
  }

  /// `byte for byte`, `figures within 5%`, `no figure worse by more than 5%`: for messages.
  public var summary: String {
    let percent = formatNumber(tolerance * 100) + "%"
    let which = metrics == Self.defaultMetrics ? "" : metrics == Self.allMetrics ? ", every figure" : ", \(metrics.count) figures"
    switch self {
    case .exact: return "byte for byte"
    case .figures: return "figures within \(percent)\(which)"
    case .worseOnly: return "no figure worse by more than \(percent)\(which)"
    }
  }
}
