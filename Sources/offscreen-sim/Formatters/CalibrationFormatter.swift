import Compositor
import LayerTree

/// A calibration or validation as the commands print it: what was measured, what was predicted,
/// the errors in tolerances.
struct CalibrationRun {
  /// The measurements file as given, and its SHA-256.
  var file: String
  var digest: String
  var result: CalibrationResult
  /// Where the profile was written; nil when none was (nothing fitted).
  var output: String?
}

/// A validation: the cases' predictions on their devices, held to their tolerances.
struct ValidationRun {
  var file: String
  var cases: [CalibrationResult.CaseResult]
  var toleranceScale: Double
  /// The profile of `--device-file`, when given.
  var profile: DeviceProfile?

  /// Every figure out of its (scaled) tolerance, with its case; a figure the simulation has no
  /// value for is out.
  var outOfTolerance: [(case: String, figure: CalibrationResult.Figure)] {
    cases.flatMap { measured in
      measured.figures.filter { !holds($0) }.map { (measured.id, $0) }
    }
  }

  func holds(_ figure: CalibrationResult.Figure) -> Bool {
    guard let predicted = figure.before else { return false }
    return figure.figure.holds(predicted, toleranceScale: toleranceScale)
  }

  /// A figure's error in the run's tolerances (scaled by `--tolerance-scale`): within -1...1 when
  /// it holds.
  func error(_ figure: CalibrationResult.Figure) -> Double? {
    figure.before.map { figure.figure.error($0, toleranceScale: toleranceScale) }
  }

  var passed: Bool { outOfTolerance.isEmpty }

  /// The root mean square of the figures' errors (weighted), in the run's tolerances.
  var error: Double? {
    CalibrationResult.rms(cases.flatMap { $0.figures.compactMap { f in error(f).map { ($0, f.figure.weight) } } })
  }

  /// A case's error, in the run's tolerances.
  func error(_ measured: CalibrationResult.CaseResult) -> Double? {
    CalibrationResult.rms(measured.figures.compactMap { f in error(f).map { ($0, f.figure.weight) } })
  }
}

/// How figures, bounds and fitted values read.
enum CalibrationText {
  /// The unit of a measured figure.
  static func unit(_ figure: MeasuredFigure) -> ReportMetric.Unit {
    ReportMetrics.metric(id: figure.metric)?.unit ?? .count
  }

  /// What was measured: `40 fps ± 5 fps`, `55-59 fps`, `at least 55 fps`, `below 55 fps`, `2`.
  static func measured(_ figure: MeasuredFigure) -> String {
    let unit = unit(figure)
    switch figure.bound {
    case .value(let value, let tolerance):
      let spread = unit == .fraction ? MetricFormat.plain(tolerance * 100, decimals: 1) + " pts" : MetricFormat.value(tolerance, unit)
      return MetricFormat.value(value, unit) + " ± " + spread
    case .range(let low, let high):
      let lowText = unit == .fraction ? MetricFormat.plain(low * 100, decimals: 1) : MetricFormat.plain(low)
      return lowText + "-" + MetricFormat.value(high, unit)
    case .atLeast(let low): return "at least " + MetricFormat.value(low, unit)
    case .below(let high): return "below " + MetricFormat.value(high, unit)
    case .exactly(let count): return MetricFormat.plain(count)
    }
  }

  /// A prediction in the figure's unit; `-` without one.
  static func predicted(_ value: Double?, _ figure: MeasuredFigure) -> String { MetricFormat.value(value, unit(figure)) }

  /// An error in tolerances, signed, 2 decimals: `+0.25`, `-1.3`, `0`; `-` without one.
  static func error(_ value: Double?) -> String {
    guard let value else { return "-" }
    let text = MetricFormat.plain(abs(value), decimals: 2)
    if text == "0" { return "0" }
    return (value < 0 ? "-" : "+") + text
  }

  /// An unsigned error (a root mean square), 2 decimals.
  static func rms(_ value: Double?) -> String { value.map { MetricFormat.plain($0, decimals: 2) } ?? "-" }

  /// A fitted figure's value in its unit: seconds as ns, µs or ms; bandwidth in GB/s; ratios
  /// plain; 4 significant digits.
  static func parameter(_ value: Double, _ parameter: FittedParameter) -> String {
    let value = Calibration.significant(value)
    if parameter.name == "memoryBandwidth" { return MetricFormat.plain(value / 1e9, decimals: 3) + " GB/s" }
    guard parameter.name.hasSuffix("Time") else { return MetricFormat.plain(value, decimals: 4) }
    if value < 1e-6 { return MetricFormat.plain(value * 1e9, decimals: 3) + " ns" }
    if value < 1e-3 { return MetricFormat.plain(value * 1e6, decimals: 3) + " µs" }
    return MetricFormat.plain(value * 1e3, decimals: 4) + " ms"
  }

  /// A parameter's bounds: `0.5 to 40`, `0.05 ms to 5 ms`.
  static func bounds(_ parameter: FittedParameter) -> String {
    "\(self.parameter(parameter.bounds.lowerBound, parameter)) to \(self.parameter(parameter.bounds.upperBound, parameter))"
  }

  /// The table of docs/calibration.md between `<!-- fitted: parameters -->` and the closing mark:
  /// every figure a calibration may move, in the fit's order.
  static func fittedTable() -> String {
    var lines = ["| figure | of | bounds | why these bounds | measured by |", "| --- | --- | --- | --- | --- |"]
    for parameter in FittedCoefficients.all {
      lines.append(
        "| `\(parameter.name)` | \(parameter.isDeviceFigure ? "the device" : "the cost model") | \(bounds(parameter)) | \(parameter.boundsReason) | \(parameter.evidence.what) of \(parameter.scenes) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// The measured figure as JSON: `{"value": 40, "tolerance": 5}`, `{"min": 55, "max": 59}`...
  static func json(_ bound: MeasuredFigure.Bound) -> JSONOutput {
    switch bound {
    case .value(let value, let tolerance): return .object([("value", .number(value)), ("tolerance", .number(tolerance))])
    case .range(let low, let high): return .object([("min", .number(low)), ("max", .number(high))])
    case .atLeast(let low): return .object([("atLeast", .number(low))])
    case .below(let high): return .object([("below", .number(high))])
    case .exactly(let count): return .object([("exactly", .number(count))])
    }
  }

  /// A number as a JSON report rounds it: 3 decimals, or 4 significant digits below 0.1.
  static func number(_ value: Double?) -> JSONOutput {
    guard let value, value.isFinite else { return .null }
    return .number(abs(value) < 0.1 ? Calibration.significant(value) : ReportMetrics.rounded(value))
  }
}

/// `calibrate`'s output.
enum CalibrateFormatter {
  /// Said when the fit kept its starting values (``CalibrationResult/keptStart``).
  static let keptStartText =
    "kept at their starting values: once rounded to the profile's 4 digits, the fitted values fit the cases worse than these"

  static func text(_ run: CalibrationRun) -> String {
    let result = run.result
    var text =
      "Calibrating \(TerminalText.inline(result.base.name)) (\(TerminalText.inline(result.base.id))) to \(Markup.plural(result.cases.count, "case")) of \(TerminalText.inline(run.file))\n\n"
    var rows = [["fitted", "before", "after", "bounds"]]
    for parameter in result.fitted {
      rows.append([
        parameter.name, CalibrationText.parameter(parameter.start, parameter.parameter),
        CalibrationText.parameter(parameter.fitted, parameter.parameter) + (parameter.atBound ? " (at its bound)" : ""),
        CalibrationText.bounds(parameter.parameter),
      ])
    }
    if result.fitted.isEmpty { text += "nothing fitted\n" } else { text += TextTable.render(rows) }
    if result.keptStart { text += Help.wrap(keptStartText, first: "", rest: "  ") }
    if !result.held.isEmpty {
      text += "\nheld at their values (\(result.held.count)):\n"
      for parameter in result.held {
        text += Help.wrap("\(parameter.name) held: \(parameter.held ?? "")", first: "  ", rest: "    ")
      }
    }
    text += "\n" + TextTable.render(figureRows(result, leftOut: result.leftOut))
    text += "\n" + errorLine(result) + "\n"
    if result.overfit {
      text += Help.wrap(overfitText(result), first: "", rest: "  ")
    }
    if let output = run.output {
      text +=
        "wrote \(TerminalText.inline(output)): device profile \(TerminalText.inline(result.profile.id)), \"\(TerminalText.inline(result.profile.name))\", \(Markup.plural(result.fitted.count, "figure")) fitted to \(Markup.plural(result.cases.count, "case"))\n"
    } else {
      text += "no profile written: every figure asked for was held\n"
    }
    return text
  }

  /// The table of every case's figures.
  static func figureRows(_ result: CalibrationResult, leftOut: Bool) -> [[String]] {
    var rows = [["case", "figure", "measured", "before", "after", "error"] + (leftOut ? ["left out"] : [])]
    for measured in result.cases {
      for (index, figure) in measured.figures.enumerated() {
        var row = [
          index == 0 ? TerminalText.inline(measured.id) : "", TerminalText.inline(figure.figure.name),
          CalibrationText.measured(figure.figure), CalibrationText.predicted(figure.before, figure.figure),
          CalibrationText.predicted(figure.after, figure.figure), CalibrationText.error(figure.errorAfter),
        ]
        if leftOut { row.append(CalibrationText.error(figure.errorLeftOut)) }
        rows.append(row)
      }
    }
    return rows
  }

  static func errorLine(_ result: CalibrationResult) -> String {
    var line =
      "error (root mean square, in tolerances): \(CalibrationText.rms(result.errorBefore)) before the fit, \(CalibrationText.rms(result.error)) after"
    if let loo = result.leaveOneOutError { line += ", \(CalibrationText.rms(loo)) predicting each case from the others" }
    return line
  }

  static func overfitText(_ result: CalibrationResult) -> String {
    "over-fit: a case left out of the fit is predicted \(CalibrationText.rms(result.leaveOneOutError)) tolerances off, "
      + "against \(CalibrationText.rms(result.error)) for the cases fitted: \(Markup.plural(result.cases.count, "case")) do not pin "
      + "\(Markup.plural(result.fitted.count, "fitted figure")); fit fewer (--fit) or measure more cases"
  }

  static func json(_ run: CalibrationRun) -> String {
    let result = run.result
    var members: [(String, JSONOutput)] = [
      ("calibrationVersion", .int(1)),
      ("tool", .object([("name", .string("offscreen-sim")), ("version", .string(toolVersion))])),
      ("measurements", .object([("file", .string(run.file)), ("digest", .string(run.digest))])),
      ("base", .object([("id", .string(result.base.id)), ("name", .string(result.base.name))])),
      (
        "parameters",
        .array(
          result.parameters.map { parameter in
            .object([
              ("name", .string(parameter.name)), ("before", .number(Calibration.significant(parameter.start))),
              ("after", .number(Calibration.significant(parameter.fitted))),
              ("bounds", .array([.number(parameter.parameter.bounds.lowerBound), .number(parameter.parameter.bounds.upperBound)])),
              ("fitted", .bool(parameter.held == nil)), ("atBound", .bool(parameter.atBound)),
              ("held", parameter.held.map { .string($0) } ?? .null),
            ])
          })
      ),
      ("cases", .array(result.cases.map { caseJSON($0, leftOut: result.leftOut) })),
      (
        "error",
        .object(
          [("before", CalibrationText.number(result.errorBefore)), ("after", CalibrationText.number(result.error))]
            + (result.leftOut ? [("leaveOneOut", CalibrationText.number(result.leaveOneOutError))] : []))
      ),
      ("overfit", .bool(result.overfit)), ("keptStart", .bool(result.keptStart)),
      ("profile", run.output.map { .string($0) } ?? .null),
    ]
    if !result.leftOut { members.removeAll { $0.0 == "overfit" } }
    return JSONOutput.object(members).rendered()
  }

  static func caseJSON(_ measured: CalibrationResult.CaseResult, leftOut: Bool) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("id", .string(measured.id)), ("device", .string(measured.deviceID))]
    members.append(
      (
        "figures",
        .array(
          measured.figures.map { figure in
            var item: [(String, JSONOutput)] = [("metric", .string(figure.figure.metric))]
            if let layer = figure.figure.layer { item.append(("layer", .string(layer))) }
            item += [
              ("measured", CalibrationText.json(figure.figure.bound)), ("weight", .number(figure.figure.weight)),
              ("before", CalibrationText.number(figure.before)), ("after", CalibrationText.number(figure.after)),
              ("errorBefore", CalibrationText.number(figure.errorBefore)), ("error", CalibrationText.number(figure.errorAfter)),
            ]
            if leftOut {
              item += [
                ("leftOut", CalibrationText.number(figure.leftOut)), ("leaveOneOutError", CalibrationText.number(figure.errorLeftOut)),
              ]
            }
            return .object(item)
          })
      ))
    members += [("errorBefore", CalibrationText.number(measured.errorBefore)), ("error", CalibrationText.number(measured.error))]
    if leftOut { members.append(("leaveOneOutError", CalibrationText.number(measured.leaveOneOutError))) }
    return .object(members)
  }

  static func markdown(_ run: CalibrationRun) -> String {
    let result = run.result
    var text =
      "### offscreen-sim calibrate: \(Markdown.cell(result.base.name)) to \(Markup.plural(result.cases.count, "case")) of \(Markdown.code(run.file, inTable: false))\n\n"
    if result.fitted.isEmpty {
      text += "Nothing fitted.\n\n"
    } else {
      text +=
        Markdown.table(
          ["fitted", "before", "after", "bounds"],
          result.fitted.map { parameter in
            [
              Markdown.code(parameter.name), CalibrationText.parameter(parameter.start, parameter.parameter),
              CalibrationText.parameter(parameter.fitted, parameter.parameter) + (parameter.atBound ? " (at its bound)" : ""),
              CalibrationText.bounds(parameter.parameter),
            ]
          }) + "\n"
    }
    if !result.held.isEmpty {
      text += "Held at their values:\n\n"
      for parameter in result.held {
        text += "- \(Markdown.code(parameter.name, inTable: false)): \(Markdown.text(parameter.held ?? ""))\n"
      }
      text += "\n"
    }
    let rows = figureRows(result, leftOut: result.leftOut)
    text += Markdown.table(rows[0], rows.dropFirst().map { $0.map(Markdown.cell) }) + "\n"
    text += Markdown.text(errorLine(result)) + ".\n"
    if result.overfit { text += "\n**" + Markdown.text(overfitText(result)) + "**\n" }
    return text
  }
}

/// `validate`'s output.
enum ValidateFormatter {
  static func text(_ run: ValidationRun) -> String {
    var text = "Validating \(Markup.plural(run.cases.count, "case")) of \(TerminalText.inline(run.file))"
    if let profile = run.profile { text += " on \(TerminalText.inline(profile.name)) (\(TerminalText.inline(profile.id)))" }
    if run.toleranceScale != 1 { text += ", tolerances x \(formatNumber(run.toleranceScale))" }
    text += "\n\n" + TextTable.render(rows(run)) + "\n"
    text += verdict(run) + "\n"
    return text
  }

  static func rows(_ run: ValidationRun) -> [[String]] {
    var rows = [["case", "device", "figure", "measured", "predicted", "error", "verdict"]]
    for measured in run.cases {
      for (index, figure) in measured.figures.enumerated() {
        rows.append([
          index == 0 ? TerminalText.inline(measured.id) : "", index == 0 ? TerminalText.inline(measured.deviceID) : "",
          TerminalText.inline(figure.figure.name), CalibrationText.measured(figure.figure),
          CalibrationText.predicted(figure.before, figure.figure), CalibrationText.error(run.error(figure)),
          run.holds(figure) ? "holds" : "OUT",
        ])
      }
    }
    return rows
  }

  static func verdict(_ run: ValidationRun) -> String {
    let out = run.outOfTolerance
    let figures = run.cases.reduce(0) { $0 + $1.figures.count }
    var line = "\(Markup.plural(figures, "figure")) of \(Markup.plural(run.cases.count, "case")): "
    if out.isEmpty {
      line += "every one within its tolerance"
    } else {
      line += "\(out.count) out of tolerance ("
      line += out.map { "\(TerminalText.inline($0.case)) \(TerminalText.inline($0.figure.figure.name))" }.joined(separator: ", ") + ")"
    }
    return line + "; error \(CalibrationText.rms(run.error)) (root mean square, in tolerances)"
  }

  static func json(_ run: ValidationRun) -> String {
    var members: [(String, JSONOutput)] = [
      ("validationVersion", .int(1)),
      ("tool", .object([("name", .string("offscreen-sim")), ("version", .string(toolVersion))])),
      ("measurements", .object([("file", .string(run.file))])),
    ]
    if let profile = run.profile {
      members.append(("deviceProfile", .object([("id", .string(profile.id)), ("name", .string(profile.name))])))
    }
    members += [
      ("toleranceScale", .number(run.toleranceScale)), ("passed", .bool(run.passed)), ("error", CalibrationText.number(run.error)),
      (
        "cases",
        .array(
          run.cases.map { measured in
            .object([
              ("id", .string(measured.id)), ("device", .string(measured.deviceID)),
              ("passed", .bool(measured.figures.allSatisfy(run.holds))), ("error", CalibrationText.number(run.error(measured))),
              (
                "figures",
                .array(
                  measured.figures.map { figure in
                    var item: [(String, JSONOutput)] = [("metric", .string(figure.figure.metric))]
                    if let layer = figure.figure.layer { item.append(("layer", .string(layer))) }
                    item += [
                      ("measured", CalibrationText.json(figure.figure.bound)), ("predicted", CalibrationText.number(figure.before)),
                      ("error", CalibrationText.number(run.error(figure))), ("holds", .bool(run.holds(figure))),
                    ]
                    return .object(item)
                  })
              ),
            ])
          })
      ),
    ]
    return JSONOutput.object(members).rendered()
  }

  static func markdown(_ run: ValidationRun) -> String {
    var text = "### offscreen-sim validate: \(Markup.plural(run.cases.count, "case")) of \(Markdown.code(run.file, inTable: false))"
    if let profile = run.profile { text += " on \(Markdown.cell(profile.name))" }
    if run.toleranceScale != 1 { text += ", tolerances x \(formatNumber(run.toleranceScale))" }
    text += "\n\n"
    let rows = rows(run)
    text += Markdown.table(rows[0], rows.dropFirst().map { $0.map(Markdown.cell) }) + "\n"
    text += "**" + Markdown.text((run.passed ? "Passed: " : "Failed: ") + verdict(run)) + ".**\n"
    return text
  }
}
