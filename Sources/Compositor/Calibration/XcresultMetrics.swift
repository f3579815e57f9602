import LayerTree

/// What `xcrun xcresulttool get test-results metrics` writes (Xcode 16.3 and later): an array of
/// tests, each with its `testIdentifier` and `testRuns`, each run with its `device` and `metrics`,
/// each metric with `displayName`, `unitOfMeasurement`, `measurements` (one value per iteration)
/// and `identifier`. The shape is the one public readers of that output use (xcresultparser's
/// `XCTestWithMetrics`, `XCTestRunWithMetrics`, `XCMetric` and `XCDevice` models); docs/calibration.md,
/// "How to measure".
///
/// Keys this reader does not use are let through (the output is another tool's and may grow); the
/// keys it uses must have the type the shape gives them.
public struct XcresultTest: Sendable {
  public var identifier: String
  public var runs: [XcresultRun]
  /// Where the test is written in the file.
  public var location: SourceLocation?
  public var path: String

  public init(identifier: String, runs: [XcresultRun], location: SourceLocation? = nil, path: String = "") {
    self.identifier = identifier
    self.runs = runs
    self.location = location
    self.path = path
  }
}

/// One run of a test: a device and a test-plan configuration.
public struct XcresultRun: Sendable {
  public var deviceName: String?
  public var osVersion: String?
  public var metrics: [XcresultMetric]
  public var location: SourceLocation?
  public var path: String

  public init(
    deviceName: String? = nil, osVersion: String? = nil, metrics: [XcresultMetric], location: SourceLocation? = nil, path: String = ""
  ) {
    self.deviceName = deviceName
    self.osVersion = osVersion
    self.metrics = metrics
    self.location = location
    self.path = path
  }
}

/// One metric of a run, a value per iteration.
public struct XcresultMetric: Sendable {
  public var displayName: String
  public var unit: String
  /// `com.apple.dt.XCTMetric_OSSignpost-Scroll_Deceleration.animation.frame.rate`; nil when the
  /// file gives none.
  public var identifier: String?
  public var measurements: [Double]
  public var location: SourceLocation?
  public var path: String

  public init(
    displayName: String, unit: String, identifier: String?, measurements: [Double], location: SourceLocation? = nil, path: String = ""
  ) {
    self.displayName = displayName
    self.unit = unit
    self.identifier = identifier
    self.measurements = measurements
    self.location = location
    self.path = path
  }
}

/// Reads `xcresulttool get test-results metrics` output, reporting every problem with its JSON
/// path and line:column, as scene files are.
public enum XcresultMetricsReader {
  public static func read(_ bytes: [UInt8]) throws(SceneErrors) -> [XcresultTest] {
    let (value, source) = try JSONReader.parseFile(bytes)
    let context = DecodingContext(source: source)
    let tests = read(value, context: context)
    if context.diagnostics.isEmpty { return tests }
    throw SceneErrors(context.sortedDiagnostics)
  }

  static func read(_ value: JSONValue, context: DecodingContext) -> [XcresultTest] {
    guard case .array(let items) = value.kind else {
      context.error(
        "", at: value.offset,
        "expected an array of tests, as `xcrun xcresulttool get test-results metrics` writes it, found \(context.describe(value))")
      return []
    }
    guard !items.isEmpty else {
      context.error(
        "", at: value.offset, "expected at least one test, found an empty array: the result bundle holds no performance metrics",
        notes: ["a test measures with measure(metrics:options:block:) (docs/calibration.md, \"How to measure\")"])
      return []
    }
    var tests: [XcresultTest] = []
    for (index, item) in items.enumerated() {
      if let test = readTest(item, JSONPath.document.index(index), context: context) { tests.append(test) }
    }
    return tests
  }

  /// The members by key, each key's first occurrence (later ones reported); other keys let through.
  static func fields(_ value: JSONValue, _ path: JSONPath, context: DecodingContext, expected: String) -> [String: JSONValue]? {
    guard let members = context.members(value, path, expected: expected) else { return nil }
    var fields: [String: JSONValue] = [:]
    for member in context.unique(members, in: path) { fields[member.key] = member.value }
    return fields
  }

  static func readTest(_ value: JSONValue, _ path: JSONPath, context: DecodingContext) -> XcresultTest? {
    guard let fields = fields(value, path, context: context, expected: "a test { \"testIdentifier\": ..., \"testRuns\": [...] }")
    else { return nil }
    var ok = true
    var identifier: String? = nil
    if let member = fields["testIdentifier"] {
      identifier = context.string(member, path, "testIdentifier")
      if identifier == nil { ok = false }
    } else {
      context.error(path.rendered, at: value.offset, "missing `testIdentifier` (the test, as `Class/method()`)")
      ok = false
    }
    var runs: [XcresultRun] = []
    if let member = fields["testRuns"] {
      let runsPath = path.key("testRuns")
      if case .array(let items) = member.kind, !items.isEmpty {
        for (index, item) in items.enumerated() {
          if let run = readRun(item, runsPath.index(index), context: context) { runs.append(run) } else { ok = false }
        }
      } else {
        context.error(path, key: "testRuns", at: member.offset, "expected a non-empty array of runs, found \(context.describe(member))")
        ok = false
      }
    } else {
      context.error(path.rendered, at: value.offset, "missing `testRuns` (one run per device and configuration)")
      ok = false
    }
    guard ok, let identifier else { return nil }
    return XcresultTest(identifier: identifier, runs: runs, location: context.source.location(ofOffset: value.offset), path: path.rendered)
  }

  static func readRun(_ value: JSONValue, _ path: JSONPath, context: DecodingContext) -> XcresultRun? {
    guard let fields = fields(value, path, context: context, expected: "a run { \"device\": ..., \"metrics\": [...] }") else {
      return nil
    }
    var ok = true
    var deviceName: String? = nil
    var osVersion: String? = nil
    if let device = fields["device"] {
      let devicePath = path.key("device")
      if let deviceFields = Self.fields(device, devicePath, context: context, expected: "a device { \"deviceName\": ... }") {
        if let name = deviceFields["deviceName"] {
          deviceName = context.string(name, devicePath, "deviceName")
          if deviceName == nil { ok = false }
        }
        if let version = deviceFields["osVersion"] {
          osVersion = context.string(version, devicePath, "osVersion")
          if osVersion == nil { ok = false }
        }
      } else {
        ok = false
      }
    }
    var metrics: [XcresultMetric] = []
    if let member = fields["metrics"] {
      let metricsPath = path.key("metrics")
      if case .array(let items) = member.kind {
        for (index, item) in items.enumerated() {
          if let metric = readMetric(item, metricsPath.index(index), context: context) { metrics.append(metric) } else { ok = false }
        }
      } else {
        context.error(path, key: "metrics", at: member.offset, "expected an array of metrics, found \(context.describe(member))")
        ok = false
      }
    } else {
      context.error(path.rendered, at: value.offset, "missing `metrics` (what the run measured)")
      ok = false
    }
    guard ok else { return nil }
    return XcresultRun(
      deviceName: deviceName, osVersion: osVersion, metrics: metrics, location: context.source.location(ofOffset: value.offset),
      path: path.rendered)
  }

  static func readMetric(_ value: JSONValue, _ path: JSONPath, context: DecodingContext) -> XcresultMetric? {
    let shape = "a metric { \"displayName\": ..., \"unitOfMeasurement\": ..., \"measurements\": [...], \"identifier\": ... }"
    guard let fields = fields(value, path, context: context, expected: shape) else { return nil }
    var ok = true
    func text(_ key: String, required: Bool, what: String) -> String? {
      guard let member = fields[key] else {
        if required {
          context.error(path.rendered, at: value.offset, "missing `\(key)` (\(what))")
          ok = false
        }
        return nil
      }
      guard let text = context.string(member, path, key) else {
        ok = false
        return nil
      }
      return text
    }
    let displayName = text("displayName", required: true, what: "the metric's name, such as \"Frame Rate (Scroll_Deceleration)\"")
    let unit = text("unitOfMeasurement", required: true, what: "the unit, such as \"fps\"")
    let identifier = text("identifier", required: false, what: "")
    var measurements: [Double] = []
    if let member = fields["measurements"] {
      if case .array(let items) = member.kind, !items.isEmpty {
        let listPath = path.key("measurements")
        for (index, item) in items.enumerated() {
          if case .number(let number) = item.kind, number.isFinite {
            measurements.append(number)
          } else {
            context.error(listPath.index(index).rendered, at: item.offset, "expected a finite number, found \(context.describe(item))")
            ok = false
          }
        }
      } else {
        context.error(
          path, key: "measurements", at: member.offset,
          "expected a non-empty array of numbers (one per iteration), found \(context.describe(member))")
        ok = false
      }
    } else {
      context.error(path.rendered, at: value.offset, "missing `measurements` (one value per iteration)")
      ok = false
    }
    guard ok, let displayName, let unit else { return nil }
    return XcresultMetric(
      displayName: displayName, unit: unit, identifier: identifier, measurements: measurements,
      location: context.source.location(ofOffset: value.offset), path: path.rendered)
  }
}

/// Turns a run's metrics into the figures of a measured case (docs/calibration.md, "How to
/// measure"): the figures XCTest's scroll signposts measure by the same name as a report metric.
public enum XcresultConversion {
  /// A scroll figure XCTest reports and the report metric it is: the end of its identifier, the
  /// unit it must be in, and the measurements file's metric id.
  public struct Mapping: Sendable {
    public var suffix: String
    public var unit: String
    public var metric: String
  }

  /// The figures mapped, by the identifiers and units public results show for an
  /// `XCTOSSignpostMetric` animation interval (`com.apple.dt.XCTMetric_OSSignpost-<signpost>`).
  public static let mappings: [Mapping] = [
    Mapping(suffix: ".animation.frame.rate", unit: "fps", metric: "fps"),
    Mapping(suffix: ".animation.hitch.time.ratio", unit: "ms per s", metric: "hitchTimeRatio"),
    Mapping(suffix: ".animation.hitch.number", unit: "hitches", metric: "hitches"),
  ]

  static let signpostPrefix = "com.apple.dt.XCTMetric_OSSignpost-"
  static let memoryPrefix = "com.apple.dt.XCTMetric_Memory"

  /// What to take from the file when it holds more than one of a thing.
  public struct Selection: Sendable {
    public var test: String?
    public var run: Int?
    public var signpost: String?

    public init(test: String? = nil, run: Int? = nil, signpost: String? = nil) {
      self.test = test
      self.run = run
      self.signpost = signpost
    }
  }

  /// One figure converted: the mean of the iterations and its tolerance.
  public struct Figure: Sendable, Equatable {
    public var metric: String
    public var value: Double
    public var tolerance: Double
    public var iterations: Int
    /// The tolerance is the iterations' standard deviation (false: the metric's smallest step).
    public var fromSpread: Bool
  }

  /// A run converted.
  public struct Converted: Sendable {
    public var test: String
    public var signpost: String
    public var figures: [Figure]
    public var deviceName: String?
    public var osVersion: String?
    /// The mean measured duration of the interval, in seconds, when the file gives it.
    public var durationSeconds: Double?
    /// The mean physical memory peak, in kB, when the file gives it (written in the note, not as a figure).
    public var memoryPeakKB: Double?
    public var methodText: String {
      var parts: [String] = []
      let iterations = figures.map(\.iterations).max() ?? 0
      parts.append(
        "XCTest performance test \(test), XCTOSSignpostMetric signpost \(signpost), \(plural(iterations, "iteration")) (xcresulttool get test-results metrics)"
      )
      if let durationSeconds { parts.append("measured interval \(formatNumber((durationSeconds * 1000).rounded() / 1000)) s on average") }
      parts.append(
        "each figure is the mean of the iterations with a tolerance of their standard deviation (n - 1), no less than the metric's smallest step"
      )
      let fromStep = figures.filter { !$0.fromSpread }.map(\.metric)
      if !fromStep.isEmpty { parts.append("the smallest step for \(fromStep.joined(separator: ", "))") }
      return parts.joined(separator: "; ")
    }
    public var noteText: String {
      guard let memoryPeakKB else { return "" }
      return
        "XCTMemoryMetric's physical peak was \(formatNumber(memoryPeakKB.rounded())) kB on average: the whole process's memory, not the scene's (memoryBytes.total), so not a figure"
    }
  }

  /// Converts `tests`, chosen by `selection`; throws every problem with its place in the file.
  public static func convert(_ tests: [XcresultTest], _ selection: Selection) throws(SceneErrors) -> Converted {
    func fail(_ path: String, _ location: SourceLocation?, _ message: String, notes: [String] = []) -> SceneErrors {
      SceneErrors([Diagnostic(path: path, location: location, message: message, notes: notes)])
    }
    let test: XcresultTest
    if let wanted = selection.test {
      guard let found = tests.first(where: { $0.identifier == wanted }) else {
        throw fail(
          "", tests.first?.location, "no test \"\(wanted)\" in the file",
          notes: ["its tests: " + tests.map { "\"\($0.identifier)\"" }.joined(separator: ", ")])
      }
      test = found
    } else {
      guard tests.count == 1, let only = tests.first else {
        throw fail(
          "", tests.first?.location, "the file holds \(tests.count) tests; choose one with --test",
          notes: ["its tests: " + tests.map { "\"\($0.identifier)\"" }.joined(separator: ", ")])
      }
      test = only
    }
    let run: XcresultRun
    if let index = selection.run {
      guard test.runs.indices.contains(index) else {
        throw fail(
          test.path, test.location, "--run \(index): the test has \(plural(test.runs.count, "run")), from 0")
      }
      run = test.runs[index]
    } else {
      guard test.runs.count == 1 else {
        let names = test.runs.enumerated().map { "\($0.offset): \($0.element.deviceName ?? "a device")" }
        throw fail(
          test.path + ".testRuns", test.location,
          "the test has \(test.runs.count) runs (devices or configurations); choose one with --run",
          notes: ["its runs: " + names.joined(separator: ", ")])
      }
      run = test.runs[0]
    }
    // The signposts whose animation figures the run holds.
    var signposts: [String] = []
    for metric in run.metrics {
      guard let identifier = metric.identifier, identifier.hasPrefix(signpostPrefix) else { continue }
      for mapping in mappings where identifier.hasSuffix(mapping.suffix) {
        let name = String(identifier.dropFirst(signpostPrefix.count).dropLast(mapping.suffix.count))
        if !name.isEmpty && !signposts.contains(name) { signposts.append(name) }
      }
    }
    let signpost: String
    if let wanted = selection.signpost {
      guard signposts.contains(wanted) else {
        throw fail(
          run.path + ".metrics", run.location, "no frame rate, hitch time ratio or hitch count of the signpost \"\(wanted)\" in the run",
          notes: [signposts.isEmpty ? "the run has none of any signpost" : "its signposts: " + signposts.joined(separator: ", ")])
      }
      signpost = wanted
    } else {
      guard signposts.count == 1 else {
        throw fail(
          run.path + ".metrics", run.location,
          signposts.isEmpty
            ? "the run has no frame rate, hitch time ratio or hitch count of an XCTOSSignpostMetric (identifiers \(signpostPrefix)<signpost>.animation...)"
            : "the run measured \(signposts.count) signposts; choose one with --signpost",
          notes: signposts.isEmpty
            ? ["measure with XCTOSSignpostMetric.scrollDecelerationMetric (docs/calibration.md, \"How to measure\")"]
            : ["its signposts: " + signposts.joined(separator: ", ")])
      }
      signpost = signposts[0]
    }
    var figures: [Figure] = []
    var problems: [Diagnostic] = []
    for mapping in mappings {
      let identifier = signpostPrefix + signpost + mapping.suffix
      guard let metric = run.metrics.first(where: { $0.identifier == identifier }) else { continue }
      guard metric.unit == mapping.unit else {
        problems.append(
          Diagnostic(
            path: metric.path + ".unitOfMeasurement", location: metric.location,
            message: "expected the unit \"\(mapping.unit)\" for \(identifier), found \"\(metric.unit)\"; the figure was not converted"))
        continue
      }
      if let negative = metric.measurements.firstIndex(where: { $0 < 0 }) {
        problems.append(
          Diagnostic(
            path: metric.path + ".measurements[\(negative)]", location: metric.location,
            message: "expected a value of at least 0, found \(formatNumber(metric.measurements[negative]))"))
        continue
      }
      let step = MeasuredFigure(metric: mapping.metric, bound: .atLeast(0)).smallestStep
      let (mean, deviation) = meanAndDeviation(metric.measurements)
      // Values so large that their mean or spread overflows (each finite, their sum not) are no
      // measurement: said here, at the metric, not in the case made of them.
      guard mean.isFinite, deviation?.isFinite ?? true else {
        problems.append(
          Diagnostic(
            path: metric.path + ".measurements", location: metric.location,
            message: "expected measurements whose mean and spread are finite numbers; these overflow"))
        continue
      }
      let fromSpread = deviation.map { $0 >= step } ?? false
      figures.append(
        Figure(
          metric: mapping.metric, value: mean, tolerance: fromSpread ? deviation! : step, iterations: metric.measurements.count,
          fromSpread: fromSpread))
    }
    if !problems.isEmpty { throw SceneErrors(problems) }
    let duration = run.metrics.first { $0.identifier == signpostPrefix + signpost + ".duration" && $0.unit == "s" }
    let memory = run.metrics.first {
      guard let identifier = $0.identifier else { return false }
      return identifier.hasPrefix(memoryPrefix) && identifier.hasSuffix(".physical_peak") && $0.unit == "kB"
    }
    return Converted(
      test: test.identifier, signpost: signpost, figures: figures, deviceName: run.deviceName, osVersion: run.osVersion,
      durationSeconds: duration.map { meanAndDeviation($0.measurements).mean },
      memoryPeakKB: memory.map { meanAndDeviation($0.measurements).mean })
  }

  /// The mean, and the sample standard deviation (n - 1; nil for one value).
  public static func meanAndDeviation(_ values: [Double]) -> (mean: Double, deviation: Double?) {
    guard !values.isEmpty else { return (0, nil) }
    let mean = values.reduce(0, +) / Double(values.count)
    guard values.count > 1 else { return (mean, nil) }
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    return (mean, (squares / Double(values.count - 1)).squareRoot())
  }
}
