import Foundation
import LayerTree

/// Fits the cost model's coefficients and a device's figures (``FittedCoefficients``) to figures
/// measured on devices, and says how far the model's predictions are from them.
///
/// The fit works on the logarithms of the figures, each kept within its bounds, by
/// Levenberg-Marquardt with a forward-difference Jacobian. Each measured figure's residual is its
/// error in tolerances (``MeasuredFigure/error(_:)``: the prediction's distance from the value
/// over the tolerance, from the middle of a range over half its width, or past a one-sided bound
/// over its margin), times the square root of its weight.
///
/// Before fitting it asks the Jacobian at the starting values which figures the cases can tell
/// apart, in the order given (the table's: the device's figures, then the coefficients): a figure
/// is fitted when doubling it moves the measured figures by at least one tolerance beyond what the
/// figures taken before it can make up; the others are held at their starting values, each with
/// the reason and the measurement that would free it (``CalibrationResult/Parameter/held``).
///
/// Then each case is left out in turn: the cases without it are fitted from the same starting
/// values, and the case predicted by that fit (leave-one-out). A leave-one-out error much larger
/// than the fit's says the fit learnt the cases rather than the model (an over-fit).
///
/// Everything runs in a fixed order; simulations run on up to `jobs` threads and are gathered in
/// order (``Parallel``), so the same cases give the same result whatever `jobs` is.
///
/// ```swift
/// let result = Calibration.fit(cases, options: .init(base: DeviceCatalogue.device(id: "iphone-7")!))
/// print(result.profile.gpuSpeed, result.error)
/// ```
public enum Calibration {
  /// One measured case, loaded: the scene that models the screen and the device measured on.
  public struct Case: Sendable {
    public var id: String
    public var scene: Scene
    /// The device the case was measured on (a catalogue device, or a user's profile).
    public var device: DeviceProfile
    public var figures: [MeasuredFigure]

    public init(id: String, scene: Scene, device: DeviceProfile, figures: [MeasuredFigure]) {
      self.id = id
      self.scene = scene
      self.device = device
      self.figures = figures
    }
  }

  /// What a fit moves and how.
  public struct Options: Sendable {
    /// The device whose figures the fit moves, for the cases run on it, and whose coefficients it
    /// starts from; the fitted profile is this one changed.
    public var base: DeviceProfile
    /// The figures the fit may move, in the order it takes them up.
    public var parameters: [FittedParameter]
    /// Simulations run at once.
    public var jobs: Int
    /// Whether each case is also predicted by a fit without it.
    public var leaveOneOut: Bool
    /// The most Levenberg-Marquardt steps of one fit.
    public var maxIterations: Int

    public init(
      base: DeviceProfile, parameters: [FittedParameter] = FittedCoefficients.all, jobs: Int = 1, leaveOneOut: Bool = true,
      maxIterations: Int = 30
    ) {
      self.base = base
      self.parameters = parameters
      self.jobs = jobs
      self.leaveOneOut = leaveOneOut
      self.maxIterations = maxIterations
    }
  }

  /// A figure is fitted when doubling it moves the measured figures by at least this many
  /// tolerances (root sum of squares) beyond what the figures fitted before it make up.
  public static let separation = 1.0
  /// The step of the forward differences, in the logarithm of a figure (about 5%): large enough
  /// to move figures the pacing makes whole numbers of frames.
  static let step = 0.05

  /// Fits `cases` as ``Options`` say.
  public static func fit(_ cases: [Case], options: Options) -> CalibrationResult {
    let problem = Problem(cases: cases, options: options)
    let all = Array(cases.indices)
    let startPredictions = problem.predictions(at: [problem.start], cases: all)[0]
    let startResiduals = problem.residuals(startPredictions, cases: all)
    let jacobian = problem.jacobian(at: problem.start, residuals: startResiduals, cases: all)
    var selection = problem.select(jacobian, cases: all)
    let probes = problem.explainSteps(&selection, at: problem.start, residuals: startResiduals, cases: all)
    var fit = problem.levenbergMarquardt(free: selection.free, cases: all, residuals: startResiduals)
    // The profile writes 4 significant digits: the predictions after the fit are those of the
    // figures as written.
    for index in selection.free { fit.point[index] = log(significant(exp(fit.point[index]))) }
    var fittedPredictions = problem.predictions(at: [fit.point], cases: all)[0]
    fit.evaluations += cases.count
    // Never a profile that fits worse than the device it started from: rounding to the written
    // digits can move a figure the pacing makes whole frames past the fit's point. Then the
    // figures keep their starting values.
    func squares(_ residuals: [Double]) -> Double { residuals.reduce(0) { $0 + $1 * $1 } }
    let reverted = squares(problem.residuals(fittedPredictions, cases: all)) > squares(startResiduals) + 1e-12
    if reverted {
      fit.point = problem.start
      fittedPredictions = startPredictions
    }

    var leftOut: [[Double?]?] = Array(repeating: nil, count: cases.count)
    var evaluations = problem.evaluations(jacobianOf: selection, cases: all) + fit.evaluations + probes
    if options.leaveOneOut {
      for left in cases.indices {
        let training = all.filter { $0 != left }
        let rows = problem.rows(of: training)
        let reduced = rows.map { jacobian[$0] }
        let held = problem.select(reduced, cases: training)
        let trainingResiduals = rows.map { startResiduals[$0] }
        let looFit = problem.levenbergMarquardt(free: held.free, cases: training, residuals: trainingResiduals)
        leftOut[left] = problem.predictions(at: [looFit.point], cases: [left])[0][0]
        evaluations += looFit.evaluations + 1
      }
    }

    var results: [CalibrationResult.CaseResult] = []
    for (index, measured) in cases.enumerated() {
      let figures = measured.figures.indices.map { figure in
        CalibrationResult.Figure(
          figure: measured.figures[figure], before: startPredictions[index][figure], after: fittedPredictions[index][figure],
          leftOut: leftOut[index]?[figure])
      }
      results.append(CalibrationResult.CaseResult(id: measured.id, deviceID: measured.device.id, figures: figures))
    }
    var parameters: [CalibrationResult.Parameter] = []
    for (index, parameter) in options.parameters.enumerated() {
      let start = exp(problem.start[index])
      let fitted = exp(fit.point[index])
      let atBound =
        !reverted && selection.free.contains(index)
        && (fit.point[index] <= problem.lower[index] + 1e-9 || fit.point[index] >= problem.upper[index] - 1e-9)
      parameters.append(
        CalibrationResult.Parameter(
          parameter: parameter, start: start, fitted: selection.free.contains(index) && !reverted ? significant(fitted) : start,
          held: selection.held[index],
          atBound: atBound))
    }
    // The base device with the fitted figures set, as written: the held ones keep the base's
    // values exactly (the fit's logarithms would give them back with rounding noise).
    var profile = options.base
    if !reverted {
      for index in selection.free { profile = options.parameters[index].setting(significant(exp(fit.point[index])), on: profile) }
    }
    var result = CalibrationResult(
      base: options.base, profile: profile, parameters: parameters, cases: results, iterations: fit.iterations,
      evaluations: evaluations, leftOut: options.leaveOneOut)
    result.keptStart = reverted
    return result
  }

  /// Each case's figures predicted on its own device with the device's own coefficients, without
  /// fitting anything: what `offscreen-sim validate` holds to the measurements.
  public static func predict(_ cases: [Case], jobs: Int = 1) -> [CalibrationResult.CaseResult] {
    let reports = Parallel.map(count: cases.count, jobs: jobs) { index in Simulator.run(cases[index].scene, on: cases[index].device) }
    return cases.indices.map { index in
      let measured = cases[index]
      let figures = measured.figures.map { figure in
        CalibrationResult.Figure(figure: figure, before: prediction(figure, in: reports[index]), after: nil, leftOut: nil)
      }
      return CalibrationResult.CaseResult(id: measured.id, deviceID: measured.device.id, figures: figures)
    }
  }

  /// `value` to 4 significant digits: what a fitted figure is written with.
  public static func significant(_ value: Double) -> Double {
    guard value != 0, value.isFinite else { return value }
    // Read back from its decimal digits: the double nearest to them, which prints as them.
    let exponent = Int(log10(abs(value)).rounded(.down)) - 3
    let digits = (value / pow(10, Double(exponent))).rounded()
    return Double("\(Int(digits))e\(exponent)") ?? value
  }

  /// The prediction of `figure` in `report`: the metric's value unrounded, or a layer's offscreen
  /// passes (those of its offscreen findings); nil when the report has no value for it.
  public static func prediction(_ figure: MeasuredFigure, in report: SimulationReport) -> Double? {
    if let layer = figure.layer {
      return Double(report.findings.filter { $0.category == .offscreen && $0.layer == layer }.reduce(0) { $0 + $1.passes })
    }
    guard let metric = ReportMetrics.metric(id: figure.metric), let value = metric.read(report.summary), value.isFinite else { return nil }
    return value
  }
}

/// A fit's working state: the cases prepared once, the figures in log space and their bounds.
private struct Problem: Sendable {
  let cases: [Calibration.Case]
  let prepared: [Simulator.Prepared]
  let options: Calibration.Options
  /// The logarithms of the figures' starting values, their lower and upper bounds.
  let start: [Double]
  let lower: [Double]
  let upper: [Double]
  /// Per case, the position of its first residual; the last entry is the count.
  let offsets: [Int]

  init(cases: [Calibration.Case], options: Calibration.Options) {
    self.cases = cases
    self.options = options
    prepared = Parallel.map(count: cases.count, jobs: options.jobs) { index in
      Simulator.prepare(cases[index].scene, on: cases[index].device, coefficients: options.base.coefficients)
    }
    lower = options.parameters.map { log($0.bounds.lowerBound) }
    upper = options.parameters.map { log($0.bounds.upperBound) }
    let base = options.base
    start = options.parameters.indices.map { index in
      let value = options.parameters[index].value(in: base.coefficients, on: base)
      return min(
        max(log(max(value, .leastNormalMagnitude)), log(options.parameters[index].bounds.lowerBound)),
        log(options.parameters[index].bounds.upperBound))
    }
    var offsets = [0]
    for measured in cases { offsets.append(offsets.last! + measured.figures.count) }
    self.offsets = offsets
  }

  /// The base device with the figures of `point`: the fitted profile.
  func profile(at point: [Double]) -> DeviceProfile {
    var profile = options.base
    var coefficients = profile.coefficients
    apply(point, to: &profile, coefficients: &coefficients, deviceFigures: true)
    profile.coefficients = coefficients
    return profile
  }

  func apply(_ point: [Double], to device: inout DeviceProfile, coefficients: inout CostCoefficients, deviceFigures: Bool) {
    for (index, parameter) in options.parameters.enumerated() {
      switch parameter.target {
      case .coefficient(let path): coefficients[keyPath: path] = exp(point[index])
      case .device(let path): if deviceFigures { device[keyPath: path] = exp(point[index]) }
      }
    }
  }

  /// Each case of `subset` at each point: its figures' predictions; `[point][case of subset][figure]`.
  func predictions(at points: [[Double]], cases subset: [Int]) -> [[[Double?]]] {
    let count = points.count * subset.count
    let flat = Parallel.map(count: count, jobs: options.jobs) { job -> [Double?] in
      let point = points[job / subset.count]
      let index = subset[job % subset.count]
      let measured = cases[index]
      var device = measured.device
      var coefficients = options.base.coefficients
      apply(point, to: &device, coefficients: &coefficients, deviceFigures: device.id == options.base.id)
      let base = prepared[index]
      let run = Simulator.prepare(
        measured.scene, tree: base.stepper.tree, on: device, rules: base.stepper.rules, coefficients: coefficients, indexesOf: base)
      let report = Simulator.run(run)
      return measured.figures.map { Calibration.prediction($0, in: report) }
    }
    return points.indices.map { point in Array(flat[(point * subset.count)..<((point + 1) * subset.count)]) }
  }

  /// The residuals of the subset's figures: each error times the square root of its weight; a
  /// figure without a prediction counts 0 (it cannot be fitted).
  func residuals(_ predictions: [[Double?]], cases subset: [Int]) -> [Double] {
    var residuals: [Double] = []
    for (position, index) in subset.enumerated() {
      for (figure, measured) in cases[index].figures.enumerated() {
        guard let predicted = predictions[position][figure] else {
          residuals.append(0)
          continue
        }
        residuals.append(measured.error(predicted) * measured.weight.squareRoot())
      }
    }
    return residuals
  }

  /// The rows of the full residual vector that belong to `subset`.
  func rows(of subset: [Int]) -> [Int] { subset.flatMap { offsets[$0]..<offsets[$0 + 1] } }

  /// Forward differences of the residuals in the logarithm of every figure: `[row][figure]`. The
  /// step goes down when going up would leave the bounds.
  func jacobian(at point: [Double], residuals: [Double], cases subset: [Int], figures: [Int]? = nil) -> [[Double]] {
    let columns = figures ?? Array(options.parameters.indices)
    var jacobian = Array(repeating: Array(repeating: 0.0, count: options.parameters.count), count: residuals.count)
    guard !columns.isEmpty, !subset.isEmpty else { return jacobian }
    var points: [[Double]] = []
    var steps: [Double] = []
    for column in columns {
      var moved = point
      let step = point[column] + Calibration.step <= upper[column] ? Calibration.step : -Calibration.step
      moved[column] += step
      points.append(moved)
      steps.append(step)
    }
    let predictions = predictions(at: points, cases: subset)
    for (position, column) in columns.enumerated() {
      let moved = self.residuals(predictions[position], cases: subset)
      for row in residuals.indices { jacobian[row][column] = (moved[row] - residuals[row]) / steps[position] }
    }
    return jacobian
  }

  /// Simulations a Jacobian of every figure costs, for the count the result reports.
  func evaluations(jacobianOf selection: Selection, cases subset: [Int]) -> Int {
    (1 + options.parameters.count) * subset.count
  }

  /// Which figures the cases can tell apart, from the Jacobian at the start (`[row][figure]`):
  /// taken in order, each kept when doubling it moves the residuals by at least
  /// ``Calibration/separation`` beyond what those kept before it can make up (Gram-Schmidt).
  struct Selection {
    var free: [Int]
    var held: [Int: String]
    /// Held figures whose step moves no residual at all.
    var flat: [Int] = []
  }

  func select(_ jacobian: [[Double]], cases subset: [Int]) -> Selection {
    let doubling = log(2.0)
    var free: [Int] = []
    var held: [Int: String] = [:]
    var flat: [Int] = []
    var basis: [[Double]] = []
    let onBase = subset.contains { cases[$0].device.id == options.base.id }
    for (index, parameter) in options.parameters.enumerated() {
      let column = jacobian.map { $0[index] }
      let norm = length(column)
      if parameter.isDeviceFigure && !onBase {
        held[index] =
          "no case runs on \(options.base.id): a device's figures are fitted to the cases measured on the base device; measure a case on it, or name the device measured with --base"
        continue
      }
      if norm * doubling < 0.01 {
        held[index] = "no case measures \(parameter.evidence.what) of \(parameter.scenes); \(parameter.measurementThatFrees)"
        flat.append(index)
        continue
      }
      if norm * doubling < Calibration.separation {
        held[index] =
          "the cases measure it too loosely: doubling it moves the measured figures by \(rounded(norm * doubling)) tolerances, less than \(formatNumber(Calibration.separation)); measure \(parameter.evidence.what) of \(parameter.scenes) with a tighter tolerance, or more such scenes"
        continue
      }
      var rest = column
      for vector in basis {
        let projection = dot(rest, vector)
        for row in rest.indices { rest[row] -= projection * vector[row] }
      }
      let beyond = length(rest)
      if beyond * doubling < Calibration.separation {
        // The kept figure whose effect is most like this one's.
        let like = free.max { lhs, rhs in
          abs(cosine(column, jacobian.map { $0[lhs] })) < abs(cosine(column, jacobian.map { $0[rhs] }))
        }
        let other = like.map { options.parameters[$0].name } ?? "the others"
        held[index] =
          "the cases cannot tell it apart from \(other): beyond what \(other) makes up, doubling it moves the measured figures by \(rounded(beyond * doubling)) tolerances; measure \(parameter.evidence.what) (\(parameter.evidence.metrics.joined(separator: ", "))) of \(parameter.scenes) where the two weigh differently than in these cases"
        continue
      }
      basis.append(rest.map { $0 / beyond })
      free.append(index)
    }
    return Selection(free: free, held: held, flat: flat)
  }

  /// The flat figures of `selection` that do move the residuals when doubled (halved where doubling
  /// passes the upper bound; neither where both pass a bound): figures the pacing makes whole
  /// numbers of frames, which a step of about 5% does not cross. Their reason says so instead of
  /// "no case measures". Returns the simulations it took.
  func explainSteps(_ selection: inout Selection, at point: [Double], residuals: [Double], cases subset: [Int]) -> Int {
    guard !selection.flat.isEmpty else { return 0 }
    let doubling = log(2.0)
    // Doubled, or halved where doubling leaves the bounds; nothing where both do.
    let probes: [(index: Int, halved: Bool)] = selection.flat.compactMap { index in
      if point[index] + doubling <= upper[index] { return (index, false) }
      if point[index] - doubling >= lower[index] { return (index, true) }
      return nil
    }
    guard !probes.isEmpty else { return 0 }
    let points = probes.map { probe in
      var moved = point
      moved[probe.index] += probe.halved ? -doubling : doubling
      return moved
    }
    let predictions = predictions(at: points, cases: subset)
    for (position, probe) in probes.enumerated() {
      let moved = self.residuals(predictions[position], cases: subset)
      let shift = length(zip(moved, residuals).map { $0 - $1 })
      guard shift >= 0.01 else { continue }
      let parameter = options.parameters[probe.index]
      selection.held[probe.index] =
        "its cases move in whole frames, which a step of 5% does not cross: \(probe.halved ? "halving" : "doubling") it moves the measured figures by \(rounded(shift)) tolerances, but a fit cannot follow steps; set it where `offscreen-sim validate` holds the cases (\(parameter.evidence.what) of \(parameter.scenes))"
    }
    return points.count * subset.count
  }

  /// One fit's outcome.
  struct Fit {
    var point: [Double]
    var iterations: Int
    var evaluations: Int
  }

  /// Levenberg-Marquardt on the figures `free` (the others stay at the start), with Marquardt's
  /// scaling, each step kept within the bounds; `residuals` are those at the start.
  func levenbergMarquardt(free: [Int], cases subset: [Int], residuals startResiduals: [Double]) -> Fit {
    var point = start
    var fit = Fit(point: point, iterations: 0, evaluations: 0)
    guard !free.isEmpty, !subset.isEmpty else { return fit }
    var residuals = startResiduals
    var cost = dot(residuals, residuals)
    var damping = 1e-3
    while fit.iterations < options.maxIterations {
      fit.iterations += 1
      let full = jacobian(at: point, residuals: residuals, cases: subset, figures: free)
      fit.evaluations += free.count * subset.count
      let columns = free.map { column in full.map { $0[column] } }
      var normal = columns.map { a in columns.map { b in dot(a, b) } }
      let gradient = columns.map { dot($0, residuals) }
      if gradient.map(abs).max() ?? 0 < 1e-10 { break }
      let diagonal = normal.indices.map { max(normal[$0][$0], 1e-12) }
      var accepted = false
      var change = 0.0
      for _ in 0..<12 {
        for index in normal.indices { normal[index][index] = diagonal[index] * (1 + damping) }
        guard let solution = solve(normal, gradient.map { -$0 }) else {
          damping *= 4
          continue
        }
        var candidate = point
        for (position, column) in free.enumerated() {
          let step = max(-1, min(1, solution[position]))
          candidate[column] = min(max(point[column] + step, lower[column]), upper[column])
        }
        change = free.map { abs(candidate[$0] - point[$0]) }.max() ?? 0
        if change < 1e-7 { break }
        let tried = self.residuals(predictions(at: [candidate], cases: subset)[0], cases: subset)
        fit.evaluations += subset.count
        let triedCost = dot(tried, tried)
        if triedCost < cost {
          let decrease = cost - triedCost
          point = candidate
          residuals = tried
          cost = triedCost
          damping = max(damping / 3, 1e-9)
          accepted = true
          if decrease < 1e-8 * (1 + cost) { change = 0 }
          break
        }
        damping *= 4
      }
      if !accepted || change < 1e-6 { break }
    }
    fit.point = point
    return fit
  }

  func rounded(_ value: Double) -> String { formatNumber((value * 100).rounded() / 100) }
}

private func dot(_ a: [Double], _ b: [Double]) -> Double {
  var sum = 0.0
  for index in a.indices { sum += a[index] * b[index] }
  return sum
}

private func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }

private func cosine(_ a: [Double], _ b: [Double]) -> Double {
  let lengths = length(a) * length(b)
  return lengths > 0 ? dot(a, b) / lengths : 0
}

/// `matrix` x = `vector` by Gaussian elimination with partial pivoting; nil when singular.
private func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
  var a = matrix
  var b = vector
  let n = b.count
  for column in 0..<n {
    var pivot = column
    for row in column..<n where abs(a[row][column]) > abs(a[pivot][column]) { pivot = row }
    guard abs(a[pivot][column]) > 1e-300 else { return nil }
    if pivot != column {
      a.swapAt(pivot, column)
      b.swapAt(pivot, column)
    }
    for row in (column + 1)..<n {
      let factor = a[row][column] / a[column][column]
      if factor == 0 { continue }
      for k in column..<n { a[row][k] -= factor * a[column][k] }
      b[row] -= factor * b[column]
    }
  }
  var x = Array(repeating: 0.0, count: n)
  for row in stride(from: n - 1, through: 0, by: -1) {
    var sum = b[row]
    for k in (row + 1)..<n { sum -= a[row][k] * x[k] }
    x[row] = sum / a[row][row]
  }
  return x.allSatisfy(\.isFinite) ? x : nil
}
