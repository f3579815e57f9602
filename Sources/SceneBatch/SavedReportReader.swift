import Compositor
import LayerTree

/// Reads a saved JSON report (`report --format json > baseline.json`) into what a comparison
/// needs, with the project's own JSON reader: problems name the file, line:column and JSON path.
///
/// `reportVersion` must be the version this tool writes. Within a version fields are only added,
/// so a metric an older report lacks has no value (its verdict is n/a) rather than being an error.
public enum SavedReportReader {
  /// What a saved report says about its scene, beside its metrics.
  public struct Saved: Sendable {
    public var snapshot: MetricSnapshot
    public var sceneName: String
    public var deviceName: String
    /// The version of the tool that made the report (`tool.version`), when it says.
    public var toolVersion: String?
    /// Where the findings' layers are written in the scene file (their `line` and `column`).
    public var locations: [FindingKey: SourceLocation] = [:]
    /// The user's device profile the report was made on (`scene.device.profile`), as far as the
    /// report says; nil for a catalogue device.
    public var profile: UserProfile? = nil
  }

  /// True when `value` is a report document rather than a scene: an object with `reportVersion`.
  public static func isReport(_ value: JSONValue) -> Bool {
    guard case .object(let members) = value.kind else { return false }
    return members.contains { $0.key == "reportVersion" }
  }

  /// The report in `value`, or every problem found in it. `toolVersion` is the version of the
  /// tool reading it, named when the report's version is another.
  public static func read(_ value: JSONValue, source: SourceText, file: String, toolVersion: String) throws(SceneErrors) -> Saved {
    var problems: [Diagnostic] = []
    func problem(_ path: String, _ at: JSONValue, _ message: String, notes: [String] = []) {
      problems.append(Diagnostic(path: path, location: source.location(ofOffset: at.offset), message: message, notes: notes))
    }
    func fail() -> SceneErrors { SceneErrors(problems) }

    let version = member(value, "reportVersion")
    if let version {
      guard case .number(let number) = version.kind, number == number.rounded(), number.isFinite else {
        problem("reportVersion", version, "expected a whole number, found \(describe(version))")
        throw fail()
      }
      if number != Double(SimulationReport.formatVersion) {
        problem(
          "reportVersion", version,
          "this report is version \(formatNumber(number)); offscreen-sim \(toolVersion) reads report version \(SimulationReport.formatVersion)",
          notes: ["make the report again with this tool: offscreen-sim report <scene.json> --format json > \(file)"])
        throw fail()
      }
    }

    // The scene and its device.
    let device = member(value, "scene").flatMap { member($0, "device") }
    var deviceID = ""
    if let id = device.flatMap({ member($0, "id") }), case .string(let text) = id.kind, !text.isEmpty {
      deviceID = text
    } else {
      problem(device == nil ? "scene.device" : "scene.device.id", device ?? value, "missing the device id the report was made on")
    }
    var deviceName = deviceID
    if let name = device.flatMap({ member($0, "name") }), case .string(let text) = name.kind { deviceName = text }
    var sceneName = ""
    if let name = member(value, "scene").flatMap({ member($0, "name") }), case .string(let text) = name.kind { sceneName = text }

    var madeBy: String? = nil
    if let version = member(value, "tool").flatMap({ member($0, "version") }), case .string(let text) = version.kind {
      madeBy = text
    }

    // The summary: every metric the catalogue knows that the report holds.
    guard let summary = member(value, "summary"), case .object = summary.kind else {
      problem("summary", member(value, "summary") ?? value, "expected the report's `summary` object")
      throw fail()
    }
    var values: [String: Double] = [:]
    for metric in ReportMetrics.all {
      guard let found = lookup(summary, metric.id) else { continue }
      switch found.kind {
      case .null: continue
      case .number(let number) where number.isFinite: values[metric.id] = ReportMetrics.rounded(number)
      default: problem("summary." + metric.id, found, "expected a finite number or null, found \(describe(found))")
      }
    }
    // The timeline: reports from before timelines were one frame at the refresh rate.
    var frames = 1.0
    var frameRate = 0.0
    if let rate = device.flatMap({ member($0, "refreshRate") }), case .number(let number) = rate.kind, number.isFinite {
      frameRate = number
    }
    for (key, setting) in [("frames", 0), ("frameRate", 1)] {
      guard let found = member(summary, key) else { continue }
      guard case .number(let number) = found.kind, number.isFinite, number >= 0 else {
        problem("summary." + key, found, "expected a number >= 0, found \(describe(found))")
        continue
      }
      if setting == 0 { frames = number } else { frameRate = ReportMetrics.rounded(number) }
    }

    // Findings: their keys only.
    var findings: [FindingKey] = []
    var locations: [FindingKey: SourceLocation] = [:]
    if let list = member(value, "findings") {
      if case .array(let items) = list.kind {
        for (index, item) in items.enumerated() {
          guard let rule = member(item, "rule"), case .string(let ruleID) = rule.kind,
            let layer = member(item, "layer"), case .string(let path) = layer.kind
          else {
            problem("findings[\(index)]", item, "expected a finding with a `rule` and a `layer` string")
            continue
          }
          let key = FindingKey(rule: ruleID, layer: path)
          findings.append(key)
          if let location = Self.location(item) { locations[key] = location }
        }
      } else {
        problem("findings", list, "expected an array, found \(describe(list))")
      }
    }
    if !problems.isEmpty { throw fail() }
    return Saved(
      snapshot: MetricSnapshot(deviceID: deviceID, frames: frames, frameRate: frameRate, values: values, findings: findings),
      sceneName: sceneName, deviceName: deviceName, toolVersion: madeBy, locations: locations,
      profile: savedProfile(device.flatMap { member($0, "profile") }))
  }

  /// A finding's `line` and `column`, when both are whole numbers from 1 (a report's place of
  /// the layer; anything else is no place).
  public static func location(_ item: JSONValue) -> SourceLocation? {
    guard let line = member(item, "line"), case .number(let l) = line.kind, let column = member(item, "column"),
      case .number(let c) = column.kind, l >= 1, c >= 1, l < 1e9, c < 1e9, l == l.rounded(), c == c.rounded()
    else { return nil }
    return SourceLocation(line: Int(l), column: Int(c))
  }

  /// The first member named `key` of an object.
  private static func member(_ value: JSONValue, _ key: String) -> JSONValue? {
    guard case .object(let members) = value.kind else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The value at a dotted path (`gpuMs.p95`). Keys hold no dots except rule ids, which have none.
  private static func lookup(_ value: JSONValue, _ path: String) -> JSONValue? {
    var current: JSONValue? = value
    for key in path.split(separator: ".") { current = current.flatMap { member($0, String(key)) } }
    return current
  }

  private static func describe(_ value: JSONValue) -> String {
    switch value.kind {
    case .string(let text): return "\"\(text.count > 40 ? String(text.prefix(40)) + "..." : text)\""
    case .number(let number): return formatNumber(number)
    default: return value.typeDescription
    }
  }
}

extension SavedReportReader {
  /// A saved report's `scene.device.profile` (`{"basedOn", "calibration": {"cases", "error",
  /// "leaveOneOutError"}}`), read loosely: nil when absent or not such an object.
  static func savedProfile(_ value: JSONValue?) -> UserProfile? {
    guard let value, case .object(let members) = value.kind else { return nil }
    func member(_ object: [JSONValue.Member], _ key: String) -> JSONValue? { object.first { $0.key == key }?.value }
    var basedOn: String? = nil
    if let found = member(members, "basedOn"), case .string(let text) = found.kind { basedOn = text }
    var calibration: CalibrationSummary? = nil
    if let found = member(members, "calibration"), case .object(let figures) = found.kind,
      let cases = member(figures, "cases"), case .number(let count) = cases.kind, count >= 0, count == count.rounded(), count < 1e9,
      let error = member(figures, "error"), case .number(let rms) = error.kind, rms.isFinite
    {
      var loo: Double? = nil
      if let found = member(figures, "leaveOneOutError"), case .number(let number) = found.kind, number.isFinite { loo = number }
      calibration = CalibrationSummary(cases: Int(count), error: rms, leaveOneOutError: loo)
    }
    return UserProfile(basedOn: basedOn, calibration: calibration)
  }

  /// ``savedProfile(_:)`` for the command line's shard documents.
  public static func profile(_ value: JSONValue?) -> UserProfile? { savedProfile(value) }
}
