import LayerTree

/// What a comparison or a budget reads of one report: the device and timeline it ran, every
/// metric's value, and its findings' keys.
///
/// Made from a fresh simulation (``init(_:)``) or from a saved JSON report (the command-line
/// tool reads those); both round values as the JSON report does, so a scene and the report saved
/// from it give equal snapshots.
public struct MetricSnapshot: Sendable, Hashable {
  public var deviceID: String
  /// Frames simulated and their rate: the timeline.
  public var frames: Double
  public var frameRate: Double
  /// Metric values by ``ReportMetric/id``; a metric without a value (no hit rate without a
  /// rasterized layer, a field an older report lacks) has no entry.
  public var values: [String: Double]
  /// The findings, in report order, by layer path and rule id: what CI matches on.
  public var findings: [FindingKey]

  public init(deviceID: String, frames: Double, frameRate: Double, values: [String: Double], findings: [FindingKey]) {
    self.deviceID = deviceID
    self.frames = frames
    self.frameRate = frameRate
    self.values = values
    self.findings = findings
  }

  public init(_ report: SimulationReport) {
    var values: [String: Double] = [:]
    for metric in ReportMetrics.all {
      if let value = metric.value(in: report.summary) { values[metric.id] = value }
    }
    self.init(
      deviceID: report.scene.deviceID, frames: Double(report.summary.frames),
      frameRate: ReportMetrics.rounded(report.summary.frameRate), values: values,
      findings: report.findings.map { FindingKey(rule: $0.rule, layer: $0.layer) })
  }

  /// Seconds simulated.
  public var duration: Double { frameRate > 0 ? frames / frameRate : 0 }

  /// True when both ran the same timeline: as many frames at the same rate.
  public func sameTimeline(as other: MetricSnapshot) -> Bool { frames == other.frames && frameRate == other.frameRate }
}

/// A finding's identity across runs: its rule and its layer's path, never its message.
public struct FindingKey: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var rule: String
  public var layer: String

  public init(rule: String, layer: String) {
    self.rule = rule
    self.layer = layer
  }

  public static func < (lhs: FindingKey, rhs: FindingKey) -> Bool { (lhs.layer, lhs.rule) < (rhs.layer, rhs.rule) }

  public var description: String { "\(rule) \(layer)" }
}
