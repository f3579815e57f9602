import LayerTree

/// A measurements file: figures measured on devices, each case with the scene that models the
/// screen measured (docs/calibration.md). Paths are as written, relative to the file's folder;
/// the command line resolves them.
public struct Measurements: Sendable {
  public var description: String
  public var cases: [MeasuredCase]

  public init(description: String = "", cases: [MeasuredCase]) {
    self.description = description
    self.cases = cases
  }
}

/// One screen measured on one device.
public struct MeasuredCase: Sendable {
  /// The device measured on: a catalogue id or a profile file.
  public enum Device: Sendable, Hashable {
    case catalogue(String)
    /// A device profile file, its path as written.
    case file(String)
  }

  public var id: String
  /// The scene file, as written.
  public var scene: String
  public var device: Device
  /// The iOS release measured on, as written; nil when the file gives none.
  public var ios: String?
  public var source: String
  public var method: String
  public var note: String
  public var figures: [MeasuredFigure]
  /// Where the case, its scene path and its device are written in the file.
  public var location: SourceLocation?
  public var sceneLocation: SourceLocation?
  public var deviceLocation: SourceLocation?

  public init(
    id: String, scene: String, device: Device, ios: String? = nil, source: String, method: String, note: String = "",
    figures: [MeasuredFigure], location: SourceLocation? = nil, sceneLocation: SourceLocation? = nil, deviceLocation: SourceLocation? = nil
  ) {
    self.id = id
    self.scene = scene
    self.device = device
    self.ios = ios
    self.source = source
    self.method = method
    self.note = note
    self.figures = figures
    self.location = location
    self.sceneLocation = sceneLocation
    self.deviceLocation = deviceLocation
  }
}

/// One figure of a case: a report metric, or one layer's offscreen passes, and what was
/// measured of it.
public struct MeasuredFigure: Sendable, Hashable {
  /// What was measured: a value and how far it may be off, a range, or a bound.
  public enum Bound: Sendable, Hashable {
    /// value +/- tolerance.
    case value(Double, tolerance: Double)
    /// From `min` to `max`.
    case range(Double, Double)
    /// The figure reached this; the source says no more.
    case atLeast(Double)
    /// The figure stayed below this (at most this).
    case below(Double)
    /// A count that must come out exactly (a layer's offscreen passes).
    case exactly(Double)
  }

  /// A report metric id (``ReportMetrics``), or ``MeasurementsFormat/offscreenCountKey``.
  public var metric: String
  /// For an offscreen count, the layer's path.
  public var layer: String?
  public var bound: Bound
  public var weight: Double
  /// Where the figure is written in the file.
  public var location: SourceLocation?

  public init(metric: String, layer: String? = nil, bound: Bound, weight: Double = 1, location: SourceLocation? = nil) {
    self.metric = metric
    self.layer = layer
    self.bound = bound
    self.weight = weight
    self.location = location
  }

  /// The figure's name as the output shows it: the metric id, or `offscreenCount root/a/b`.
  public var name: String { layer.map { "\(metric) \($0)" } ?? metric }

  /// The figure's error for `predicted`, in tolerances, signed: 0 on the value (or inside a range
  /// or on the right side of a bound), +1 or -1 at the edge of the tolerance or range. A bound's
  /// error past it counts ``boundMargin(_:)``s; a count's counts half passes.
  public func error(_ predicted: Double) -> Double {
    switch bound {
    case .value(let value, let tolerance): return (predicted - value) / tolerance
    case .range(let low, let high): return (predicted - (low + high) / 2) / ((high - low) / 2)
    case .atLeast(let low): return predicted < low ? (predicted - low) / boundMargin(low) : 0
    case .below(let high): return predicted > high ? (predicted - high) / boundMargin(high) : 0
    case .exactly(let count): return (predicted - count) / 0.5
    }
  }

  /// The figure's error for `predicted` in tolerances scaled by `scale` (``holds(_:toleranceScale:)``'s
  /// tolerances): the error over `scale` for a value, range or count; past a bound moved by
  /// (scale - 1) margins, in margins. A value, range or count holds while the error is within
  /// -1...1; a bound only at 0.
  public func error(_ predicted: Double, toleranceScale scale: Double) -> Double {
    switch bound {
    case .value, .range, .exactly: return error(predicted) / scale
    case .atLeast(let low):
      let moved = low - (scale - 1) * boundMargin(low)
      return predicted < moved ? (predicted - moved) / boundMargin(low) : 0
    case .below(let high):
      let moved = high + (scale - 1) * boundMargin(high)
      return predicted > moved ? (predicted - moved) / boundMargin(high) : 0
    }
  }

  /// True when `predicted` is within the figure's tolerance or range, with tolerances and ranges
  /// scaled by `scale` about their middle; a bound holds when the prediction is on its side,
  /// moved by (scale - 1) margins (``boundMargin(_:)``).
  public func holds(_ predicted: Double, toleranceScale scale: Double = 1) -> Bool {
    switch bound {
    case .value, .range, .exactly: return abs(error(predicted)) <= scale + 1e-12
    case .atLeast(let low): return predicted >= low - (scale - 1) * boundMargin(low) - 1e-12
    case .below(let high): return predicted <= high + (scale - 1) * boundMargin(high) + 1e-12
    }
  }

  /// How far past a one-sided bound counts as one tolerance in a fit: 5% of the bound, at least
  /// the metric's smallest step (``smallestStep``).
  public func boundMargin(_ bound: Double) -> Double { max(0.05 * abs(bound), smallestStep) }

  /// The least difference of the metric that means something: half a count, 0.1 ms, one frame a
  /// second, a percentage point...
  public var smallestStep: Double {
    guard let unit = ReportMetrics.metric(id: metric)?.unit else { return 0.5 }
    switch unit {
    case .count: return 0.5
    case .milliseconds: return 0.1
    case .bytes: return 1_000_000
    case .pixels: return 1_000
    case .fraction, .cores: return 0.01
    case .fps, .msPerSecond: return 1
    case .factor: return 0.05
    }
  }
}

/// A doc line as a message quotes it in parentheses: its first letter lowercased, without its
/// final period.
func lowercasedFirst(_ text: String) -> String {
  guard let first = text.first else { return text }
  let phrase = first.lowercased() + text.dropFirst()
  return phrase.hasSuffix(".") ? String(phrase.dropLast()) : phrase
}

/// Reads a measurements file (docs/calibration.md), reporting every problem with its JSON path and
/// line:column, as scene files are.
public enum MeasurementsReader {
  /// Reads `bytes`; `devices` are the device ids a case may name. Throws every problem found, in
  /// file order.
  public static func read(_ bytes: [UInt8], devices: [String]) throws(SceneErrors) -> Measurements {
    let (value, source) = try JSONReader.parseFile(bytes)
    let context = DecodingContext(source: source)
    let measurements = read(value, context: context, devices: devices)
    if let measurements, context.diagnostics.isEmpty { return measurements }
    throw SceneErrors(context.sortedDiagnostics)
  }

  static func read(_ value: JSONValue, context: DecodingContext, devices: [String]) -> Measurements? {
    let path = JSONPath.document
    let kind = MeasurementsFormat.file
    guard let members = context.members(value, path, expected: "a measurements file { \"version\": 1, \"cases\": [...] }") else {
      return nil
    }
    let fields = context.fields(members, in: path, known: kind.names, what: kind.what)
    for key in kind.keys where key.requirement == .required && fields[key.name] == nil {
      context.error(path.rendered, at: value.offset, "missing `\(key.name)` (\(lowercasedFirst(FormatTables.plain(key.doc))))")
    }
    if let version = fields["version"] {
      if let number = context.number(version.value, path, "version"), number != Double(MeasurementsFormat.version) {
        context.error(
          path, key: "version", at: version.value.offset,
          "this file is version \(formatNumber(number)); this tool reads measurements version \(MeasurementsFormat.version)")
      }
    }
    let description = fields["description"].flatMap { context.string($0.value, path, "description") } ?? ""
    if let schema = fields["$schema"] { _ = context.string(schema.value, path, "$schema") }
    var cases: [MeasuredCase] = []
    if let list = fields["cases"] {
      guard case .array(let items) = list.value.kind, !items.isEmpty else {
        context.error(
          path, key: "cases", at: list.value.offset, "expected a non-empty array of cases, found \(context.describe(list.value))")
        return nil
      }
      var ids: [String: JSONValue] = [:]
      for (index, item) in items.enumerated() {
        let casePath = path.key("cases").index(index)
        // Ids are compared whatever else is wrong with a case.
        var duplicate = false
        if case .object(let members) = item.kind, let id = members.first(where: { $0.key == "id" })?.value, case .string(let text) = id.kind
        {
          if let first = ids[text] {
            context.error(
              casePath.rendered(appending: "id"), at: id.offset,
              "the id \"\(text)\" is used twice; the first is at \(context.source.location(ofOffset: first.offset))")
            duplicate = true
          } else {
            ids[text] = id
          }
        }
        guard let measured = readCase(item, casePath, context: context, devices: devices), !duplicate else { continue }
        cases.append(measured)
      }
    }
    return Measurements(description: description, cases: cases)
  }

  static func readCase(_ value: JSONValue, _ path: JSONPath, context: DecodingContext, devices: [String]) -> MeasuredCase? {
    let kind = MeasurementsFormat.measuredCase
    guard let members = context.members(value, path, expected: "a case { \"id\": ..., \"scene\": ..., \"device\": ..., \"measured\": ... }")
    else { return nil }
    let fields = context.fields(members, in: path, known: kind.names, what: kind.what)
    var ok = true
    for key in kind.keys where key.requirement == .required && fields[key.name] == nil {
      context.error(path.rendered, at: value.offset, "missing `\(key.name)` (\(lowercasedFirst(FormatTables.plain(key.doc))))")
      ok = false
    }
    func text(_ key: String, nonEmpty: Bool = false) -> String? {
      guard let member = fields[key] else { return nil }
      guard let text = context.string(member.value, path, key) else {
        ok = false
        return nil
      }
      if nonEmpty && text.allSatisfy(\.isWhitespace) {
        context.error(
          path, key: key, at: member.value.offset,
          "expected \(key == "source" || key == "method" ? "text" : "a path"), found an empty string")
        ok = false
        return nil
      }
      return text
    }
    let id = text("id")
    if let id, let problem = LayerPath.problem(withID: id) {
      context.error(path.rendered(appending: "id"), at: fields["id"]!.value.offset, problem)
      ok = false
    }
    let scene = text("scene", nonEmpty: true)
    let source = text("source", nonEmpty: true)
    let method = text("method", nonEmpty: true)
    let note = text("note") ?? ""
    var ios: String? = nil
    if let member = fields["ios"], let version = text("ios") {
      if OSVersion(parsing: version) == nil {
        context.error(path, key: "ios", at: member.value.offset, "expected an iOS release such as \"10.2\", found \"\(version)\"")
        ok = false
      }
      ios = version
    }
    var device: MeasuredCase.Device? = nil
    var deviceLocation: SourceLocation? = nil
    switch (fields["device"], fields["deviceFile"]) {
    case (let named?, nil):
      deviceLocation = context.source.location(ofOffset: named.value.offset)
      if let id = text("device") {
        if devices.contains(id) {
          device = .catalogue(id)
        } else {
          var notes: [String] = []
          if let suggestion = context.suggestion(for: id, in: devices) { notes.append("did you mean \"\(suggestion)\"?") }
          notes.append("known devices: \(devices.joined(separator: ", ")); a device of your own: `deviceFile`")
          context.error(path, key: "device", at: named.value.offset, "unknown device \"\(id)\"", notes: notes)
          ok = false
        }
      }
    case (nil, let file?):
      deviceLocation = context.source.location(ofOffset: file.value.offset)
      if let path = text("deviceFile", nonEmpty: true) { device = .file(path) }
    case (let named?, _?):
      context.error(
        path.rendered, at: named.keyOffset, "give `device` (a catalogue id) or `deviceFile` (a profile file), not both")
      ok = false
    case (nil, nil):
      context.error(
        path.rendered, at: value.offset, "missing `device` (a catalogue id, `offscreen-sim devices`) or `deviceFile` (a profile file)")
      ok = false
    }
    var figures: [MeasuredFigure] = []
    if let measured = fields["measured"] {
      if let read = readMeasured(measured.value, path.key("measured"), context: context) { figures = read } else { ok = false }
    }
    guard ok, let id, let scene, let source, let method, let device else { return nil }
    return MeasuredCase(
      id: id, scene: scene, device: device, ios: ios, source: source, method: method, note: note, figures: figures,
      location: context.source.location(ofOffset: value.offset),
      sceneLocation: fields["scene"].map { context.source.location(ofOffset: $0.value.offset) }, deviceLocation: deviceLocation)
  }

  static func readMeasured(_ value: JSONValue, _ path: JSONPath, context: DecodingContext) -> [MeasuredFigure]? {
    guard let members = context.members(value, path, expected: "an object of figures { \"fps\": { \"value\": 40, \"tolerance\": 5 }, ... }")
    else { return nil }
    guard !members.isEmpty else {
      context.error(path.rendered, at: value.offset, "expected at least one measured figure, found an empty object")
      return nil
    }
    let metrics = MeasurementsFormat.metricIDs
    let known = metrics + [MeasurementsFormat.offscreenCountKey]
    var figures: [MeasuredFigure] = []
    var ok = true
    for member in context.unique(members, in: path) {
      if member.key == MeasurementsFormat.offscreenCountKey {
        if let counts = readOffscreenCount(member.value, path.key(member.key), context: context) { figures += counts } else { ok = false }
        continue
      }
      guard metrics.contains(member.key) else {
        var notes: [String] = []
        if let metric = ReportMetrics.metric(id: member.key), metric.direction == .neither {
          notes.append("`\(member.key)` describes the screen, with no better or worse: it is not measured on a device")
        } else if let suggestion = context.suggestion(for: member.key, in: known) {
          notes.append("did you mean `\(suggestion)`?")
        } else {
          notes.append(
            "the metric ids: `offscreen-sim compare --list-metrics`; per-layer offscreen passes: `\(MeasurementsFormat.offscreenCountKey)`")
        }
        context.error(path, key: member.key, at: member.keyOffset, "unknown metric `\(member.key)` in `measured`", notes: notes)
        ok = false
        continue
      }
      if let figure = readFigure(member.value, path.key(member.key), metric: member.key, context: context) {
        figures.append(figure)
      } else {
        ok = false
      }
    }
    return ok ? figures : nil
  }

  static func readFigure(_ value: JSONValue, _ path: JSONPath, metric: String, context: DecodingContext) -> MeasuredFigure? {
    let kind = MeasurementsFormat.figure
    let forms = "{ \"value\": v, \"tolerance\": t }, { \"min\": a, \"max\": b }, { \"atLeast\": a } or { \"below\": b }"
    guard let members = context.members(value, path, expected: forms) else { return nil }
    let fields = context.fields(members, in: path, known: kind.names, what: kind.what)
    var numbers: [String: Double] = [:]
    var ok = true
    for (key, member) in fields {
      let range: NumberRange = key == "weight" ? MeasurementsFormat.weightRange : key == "tolerance" ? .positive : .any
      if let number = context.number(member.value, path, key, in: range) { numbers[key] = number } else { ok = false }
    }
    guard ok else { return nil }
    let given = kind.exclusiveKeySets.filter { set in set.contains { fields[$0] != nil } }
    guard given.count == 1, let set = given.first, set.allSatisfy({ fields[$0] != nil }) else {
      var message = "expected one of \(forms)"
      if given.count > 1 {
        let keys = given.flatMap { $0 }.filter { fields[$0] != nil }
        message += ", found keys of more than one: " + keys.map { "`\($0)`" }.joined(separator: ", ")
      } else if let set = given.first {
        let missing = set.filter { fields[$0] == nil }.map { "`\($0)`" }.joined(separator: ", ")
        message += "; missing \(missing)"
      } else {
        message += ", found none"
      }
      context.error(path.rendered, at: value.offset, message)
      return nil
    }
    let bound: MeasuredFigure.Bound
    switch set[0] {
    case "value": bound = .value(numbers["value"]!, tolerance: numbers["tolerance"]!)
    case "min":
      let (low, high) = (numbers["min"]!, numbers["max"]!)
      guard low < high else {
        context.error(
          path, key: "max", at: fields["max"]!.value.offset,
          "expected `max` greater than `min` (\(formatNumber(low))), found \(formatNumber(high))",
          notes: ["a single value is { \"value\": v, \"tolerance\": t }"])
        return nil
      }
      bound = .range(low, high)
    case "atLeast": bound = .atLeast(numbers["atLeast"]!)
    default: bound = .below(numbers["below"]!)
    }
    return MeasuredFigure(
      metric: metric, bound: bound, weight: numbers["weight"] ?? 1, location: context.source.location(ofOffset: value.offset))
  }

  static func readOffscreenCount(_ value: JSONValue, _ path: JSONPath, context: DecodingContext) -> [MeasuredFigure]? {
    let kind = MeasurementsFormat.offscreenCount
    guard let members = context.members(value, path, expected: "{ \"layers\": { \"<layer path>\": passes } }") else { return nil }
    let fields = context.fields(members, in: path, known: kind.names, what: kind.what)
    var weight = 1.0
    var ok = true
    if let member = fields["weight"] {
      if let number = context.number(member.value, path, "weight", in: MeasurementsFormat.weightRange) {
        weight = number
      } else {
        ok = false
      }
    }
    guard let layers = fields["layers"] else {
      context.error(path.rendered, at: value.offset, "missing `layers`: each layer's path as reports print it, with its offscreen passes")
      return nil
    }
    let layersPath = path.key("layers")
    guard let entries = context.members(layers.value, layersPath, expected: "an object { \"<layer path>\": passes }") else { return nil }
    var figures: [MeasuredFigure] = []
    for entry in context.unique(entries, in: layersPath) {
      guard !entry.key.isEmpty else {
        context.error(layersPath.rendered, at: entry.keyOffset, "expected a layer's path (root/list/cell[2]/card), found an empty key")
        ok = false
        continue
      }
      guard let count = context.integer(entry.value, layersPath, entry.key, in: 0...1_000_000) else {
        ok = false
        continue
      }
      figures.append(
        MeasuredFigure(
          metric: MeasurementsFormat.offscreenCountKey, layer: entry.key, bound: .exactly(Double(count)), weight: weight,
          location: context.source.location(ofOffset: entry.value.offset)))
    }
    return ok ? figures : nil
  }
}
