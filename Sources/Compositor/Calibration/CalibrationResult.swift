/// What a calibration found: the figures it fitted or held, each case's figures predicted before
/// and after the fit and by a fit without the case, and the errors, in tolerances.
public struct CalibrationResult: Sendable {
  /// One figure the fit could move.
  public struct Parameter: Sendable {
    public var parameter: FittedParameter
    /// Its value before the fit (the base device's, or its coefficients').
    public var start: Double
    /// Its value after: the start when it is held.
    public var fitted: Double
    /// Why it was held, and what measurement would free it; nil when it was fitted.
    public var held: String?
    /// True when the fit ended on one of its bounds: the cases pull it further than is physical.
    public var atBound: Bool

    public var name: String { parameter.name }
  }

  /// One measured figure of a case, and its predictions.
  public struct Figure: Sendable {
    public var figure: MeasuredFigure
    /// Predicted before the fit (or by `validate`); nil when the report has no value for it.
    public var before: Double?
    /// Predicted after the fit.
    public var after: Double?
    /// Predicted by a fit of the other cases (leave-one-out).
    public var leftOut: Double?

    public var errorBefore: Double? { before.map(figure.error) }
    public var errorAfter: Double? { after.map(figure.error) }
    public var errorLeftOut: Double? { leftOut.map(figure.error) }
  }

  /// One case's figures.
  public struct CaseResult: Sendable {
    public var id: String
    public var deviceID: String
    public var figures: [Figure]

    /// The root mean square of the figures' errors before the fit, weighted; nil without any.
    public var errorBefore: Double? { CalibrationResult.rms(figures.compactMap { f in f.errorBefore.map { ($0, f.figure.weight) } }) }
    public var error: Double? { CalibrationResult.rms(figures.compactMap { f in f.errorAfter.map { ($0, f.figure.weight) } }) }
    public var leaveOneOutError: Double? {
      CalibrationResult.rms(figures.compactMap { f in f.errorLeftOut.map { ($0, f.figure.weight) } })
    }
  }

  /// The device the fit started from.
  public var base: DeviceProfile
  /// The base device with the fitted figures and coefficients.
  public var profile: DeviceProfile
  public var parameters: [Parameter]
  public var cases: [CaseResult]
  /// Levenberg-Marquardt steps of the fit of every case.
  public var iterations: Int
  /// Simulations of a case run in all (the fit, its Jacobians, the leave-one-out fits).
  public var evaluations: Int
  /// Whether each case was also predicted by a fit without it.
  public var leftOut: Bool
  /// True when the fitted values, rounded to the digits the profile writes, fit worse than the
  /// starting ones (a figure the pacing makes whole frames crossed a step): the starting values
  /// were kept, and the profile is the base's.
  public var keptStart = false

  /// The figures fitted.
  public var fitted: [Parameter] { parameters.filter { $0.held == nil } }
  /// The figures held, each with its reason.
  public var held: [Parameter] { parameters.filter { $0.held != nil } }

  /// Every figure's error, root mean square, weighted: before the fit, after it, and predicted by
  /// fits without its case; nil without any.
  public var errorBefore: Double? { Self.rms(cases.flatMap { $0.figures.compactMap { f in f.errorBefore.map { ($0, f.figure.weight) } } }) }
  public var error: Double? { Self.rms(cases.flatMap { $0.figures.compactMap { f in f.errorAfter.map { ($0, f.figure.weight) } } }) }
  public var leaveOneOutError: Double? {
    guard leftOut else { return nil }
    return Self.rms(cases.flatMap { $0.figures.compactMap { f in f.errorLeftOut.map { ($0, f.figure.weight) } } })
  }

  /// True when cases left out are predicted much worse than cases fitted: out of their
  /// tolerance on average (leave-one-out error above 1) and more than twice the fit's error.
  /// The fit then learnt the cases rather than what they share: fit fewer figures or add cases.
  public var overfit: Bool {
    guard let loo = leaveOneOutError else { return false }
    return loo > 1 && loo > 2 * (error ?? 0)
  }

  /// What a calibrated profile's header says of the fit.
  public var summary: CalibrationSummary {
    CalibrationSummary(cases: cases.count, error: error ?? 0, leaveOneOutError: leaveOneOutError)
  }

  /// The weighted root mean square of errors.
  public static func rms(_ errors: [(Double, Double)]) -> Double? {
    guard !errors.isEmpty else { return nil }
    let weights = errors.reduce(0) { $0 + $1.1 }
    guard weights > 0 else { return nil }
    return (errors.reduce(0) { $0 + $1.0 * $1.0 * $1.1 } / weights).squareRoot()
  }
}
