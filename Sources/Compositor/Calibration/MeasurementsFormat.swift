import LayerTree

/// The measurements file described once, as the scene format is (``ObjectKind``): the reader
/// (``MeasurementsReader``) takes its keys from it, `offscreen-sim schema measurements` makes its
/// JSON Schema (`measurements/measurements.schema.json`), and the key tables of
/// docs/calibration.md are made from it.
public enum MeasurementsFormat {
  /// The format version this tool reads.
  public static let version = 1

  /// The key of per-layer offscreen counts in `measured`, beside the metric ids.
  public static let offscreenCountKey = "offscreenCount"

  /// The metric ids a case may measure: those `compare --gate` accepts.
  public static var metricIDs: [String] { ReportMetrics.gateable }

  /// The top-level object.
  public static let file = ObjectKind(
    name: "measurements", what: "a measurements file",
    doc: "Figures measured on devices, each with the scene that models the screen measured, for offscreen-sim calibrate and validate.",
    keys: [
      FormatKey(
        "version", .integer(version...version), requirement: .required,
        doc: "The format version: `\(version)`; any other number is refused."),
      FormatKey("description", .string(maxLength: nil), defaultValue: .string(""), doc: "Free text: whose measurements, of what."),
      FormatKey(
        "cases", .list(.object("case"), minCount: 1, unique: false, noun: "cases"), requirement: .required,
        doc: "The measured cases. See [case](#case)."),
      FormatKey(
        "$schema", .string(maxLength: nil),
        doc: "The JSON Schema editors use for the file (`\"./measurements.schema.json\"`); the tool does not read it."),
    ])

  /// One measured case.
  public static let measuredCase = ObjectKind(
    name: "case", what: "a case", doc: "A screen measured on one device: the scene that models it and the figures measured.",
    keys: [
      FormatKey(
        "id", .identifier(maxLength: 200), requirement: .required,
        doc: "The case's name, unique in the file: what the output and the leave-one-out errors call it."),
      FormatKey(
        "scene", .string(maxLength: nil), requirement: .required,
        doc: "The scene file that models the screen, relative to this file's folder."),
      FormatKey(
        "device", .device, requirement: .requiredUnless("`deviceFile` is given"),
        doc: "The device measured on (`offscreen-sim devices`); give this or `deviceFile`, not both."),
      FormatKey(
        "deviceFile", .string(maxLength: nil), requirement: .requiredUnless("`device` is given"),
        doc: "A device profile file (docs/cost-model.md, \"Your own device\") for the device measured on, relative to this file's folder."),
      FormatKey(
        "ios",
        .custom(
          text: "string", schema: .object([("type", .string("string")), ("pattern", .string(#"^[1-9][0-9]?(\.[0-9]{1,2}(\.[0-9]+)?)?$"#))])),
        doc: "The iOS release measured on: `\"10.2\"`. Not read by the simulation: the scene's `iosVersion` is."),
      FormatKey(
        "source", .string(maxLength: nil), requirement: .required,
        doc: "Where the figures are quoted from: a WWDC session and its minute or slide, a write-up's URL and section, a team's own run."),
      FormatKey(
        "method", .string(maxLength: nil), requirement: .required,
        doc: "How they were measured: the instrument and what the screen was doing; figures read off a chart say so."),
      FormatKey("measured", .object("measured"), requirement: .required, doc: "The figures measured. See [measured](#measured)."),
      FormatKey("note", .string(maxLength: nil), defaultValue: .string(""), doc: "Free text."),
    ],
    exclusiveKeySets: [["device"], ["deviceFile"]])

  /// The figures of a case: metric ids, and per-layer offscreen counts.
  public static var measured: ObjectKind {
    var keys = metricIDs.compactMap { id -> FormatKey? in
      guard let metric = ReportMetrics.metric(id: id) else { return nil }
      return FormatKey(id, .object("figure"), doc: "\(metric.title) (\(unitText(metric.unit))).")
    }
    keys.append(
      FormatKey(
        offscreenCountKey, .object("offscreenCount"),
        doc: "Offscreen passes per layer, by the layer's path as reports print it. See [offscreenCount](#offscreencount)."))
    return ObjectKind(
      name: "measured", what: "`measured`",
      doc: "The figures measured, by report metric id (`offscreen-sim compare --list-metrics`), and per-layer offscreen counts.",
      keys: keys)
  }

  /// One measured figure: a value with its tolerance, a range, or a bound.
  public static let figure = ObjectKind(
    name: "figure", what: "a measured figure",
    doc: "A measured value with its tolerance, a range, or a one-sided bound; exactly one of the four.",
    keys: [
      FormatKey("value", .number(.any), doc: "The value measured, with `tolerance`."),
      FormatKey("tolerance", .number(.positive), doc: "How far the value may be off: it holds within value +/- tolerance."),
      FormatKey("min", .number(.any), doc: "The lower end of a range the source gives (55-59 fps), with `max`."),
      FormatKey("max", .number(.any), doc: "The upper end of the range; greater than `min`."),
      FormatKey("atLeast", .number(.any), doc: "The source only says the figure reached this (\"reached 55 fps\")."),
      FormatKey("below", .number(.any), doc: "The source only says the figure stayed below this (\"stayed below 55 fps\")."),
      FormatKey(
        "weight", .number(weightRange), defaultValue: .int(1),
        doc: "How much the figure counts in a fit beside the others: its error is multiplied by the square root."),
    ],
    exclusiveKeySets: [["value", "tolerance"], ["min", "max"], ["atLeast"], ["below"]])

  /// Per-layer offscreen counts.
  public static let offscreenCount = ObjectKind(
    name: "offscreenCount", what: "`offscreenCount`",
    doc: "Offscreen passes of layers, as Instruments' Color Offscreen-Rendered shows them: each must be predicted exactly.",
    keys: [
      FormatKey(
        "layers",
        .custom(
          text: "object of layer path: whole number",
          schema: .object([
            ("type", .string("object")), ("additionalProperties", .object([("type", .string("integer")), ("minimum", .int(0))])),
          ])),
        requirement: .required, doc: "Each layer's path as reports print it (`root/list/cell[2]/card`), with its offscreen passes."),
      FormatKey("weight", .number(weightRange), defaultValue: .int(1), doc: "How much the counts count, as a figure's `weight`."),
    ])

  /// A figure's weight.
  public static let weightRange = NumberRange.above(0, limit: 1000)

  /// Every kind under the top-level object, in the order the schema and the docs list them.
  public static var definitions: [ObjectKind] { [measuredCase, measured, figure, offscreenCount] }

  /// The JSON Schema of the file: what `offscreen-sim schema measurements` writes.
  public static func schema(devices: [String]) -> String {
    SceneSchema.rendered(
      root: file, definitions: definitions, id: "https://github.com/offscreen-sim/offscreen-sim/measurements/measurements.schema.json",
      title: "offscreen-sim measurements, format version \(version)", devices: devices, docSuffix: " Reference: docs/calibration.md.")
  }

  /// The key tables of docs/calibration.md, by their marks.
  public static var tables: [(mark: String, table: String)] {
    ([file] + definitions).filter { $0.name != measured.name }.map { (FormatTables.openingMark($0), FormatTables.markdown($0)) }
  }

  static func unitText(_ unit: ReportMetric.Unit) -> String {
    switch unit {
    case .count: return "a count"
    case .milliseconds: return "ms"
    case .bytes: return "bytes"
    case .pixels: return "pixels"
    case .fraction: return "0 to 1"
    case .fps: return "frames per second"
    case .msPerSecond: return "ms per second"
    case .factor: return "a multiple"
    case .cores: return "cores"
    }
  }
}
