import LayerTree

/// How far the cost model's absolute figures are from what was measured, by GPU generation: the
/// residuals of the fit on every published case (measurements/published.json), so that a report
/// can give each absolute figure with the range the measured cases support.
///
/// For each case's figure, the error is its prediction against the middle of what was measured
/// (a value, or the middle of a range; a one-sided bound says nothing of the middle and is left
/// out): for the frame rate in frames per second, for GPU time and GPU utilization as a share of
/// the measured value (GPU figures), for main-thread time and CPU utilization likewise (main-thread
/// figures). Each error is the root mean square over the generation's figures of that kind.
/// A generation with fewer than ``fewestCases`` figures of a kind takes the larger of its own error
/// and the error over every case of that kind (none: the latter): a figure or two say too little
/// of a generation's spread.
///
/// `compare` and `check` gate on the point values: a before/after difference on one device does
/// not carry the absolute error the ranges describe.
public struct ModelError: Sendable, Hashable {
  /// Measured figures behind each error.
  public var fpsCases: Int
  public var gpuCases: Int
  public var mainThreadCases: Int
  /// Frames per second, either way.
  public var fps: Double
  /// Shares of the GPU time and of the main-thread time, either way.
  public var gpu: Double
  public var mainThread: Double

  public init(fpsCases: Int, gpuCases: Int, mainThreadCases: Int, fps: Double, gpu: Double, mainThread: Double) {
    self.fpsCases = fpsCases
    self.gpuCases = gpuCases
    self.mainThreadCases = mainThreadCases
    self.fps = fps
    self.gpu = gpu
    self.mainThread = mainThread
  }

  /// The kind of a measured figure, by its metric id; nil for a figure the ranges do not use.
  public enum Kind: Sendable, Hashable {
    case fps, gpu, mainThread

    public init?(metric: String) {
      switch metric {
      case "fps": self = .fps
      case "gpuMs.mean", "gpuMs.p95", "gpuUtilization": self = .gpu
      case "mainThreadMs.mean", "mainThreadMs.p95", "mainThreadMs.max", "cpuUtilization", "processCpuUtilization": self = .mainThread
      default: return nil
      }
    }
  }

  /// One figure's residual: its kind, the generation of the device it was measured on, the
  /// prediction and the middle of the measurement.
  public struct Residual: Sendable, Hashable {
    public var kind: Kind
    public var generation: Int
    public var predicted: Double
    public var measured: Double

    public init(kind: Kind, generation: Int, predicted: Double, measured: Double) {
      self.kind = kind
      self.generation = generation
      self.predicted = predicted
      self.measured = measured
    }

    /// Frames per second for the frame rate, a share of the measured value otherwise.
    var error: Double {
      switch kind {
      case .fps: predicted - measured
      case .gpu, .mainThread: measured != 0 ? predicted / measured - 1 : 0
      }
    }
  }

  /// The figures of a kind a generation needs for its own error to stand alone.
  public static let fewestCases = 3

  /// The errors by generation, and over every case, from the residuals.
  public static func from(_ residuals: [Residual]) -> (byGeneration: [Int: ModelError], all: ModelError) {
    func error(_ list: [Residual]) -> ModelError {
      func rms(_ kind: Kind) -> (Int, Double) {
        let errors = list.filter { $0.kind == kind }.map(\.error)
        guard !errors.isEmpty else { return (0, 0) }
        return (errors.count, (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot())
      }
      let (fpsCases, fps) = rms(.fps)
      let (gpuCases, gpu) = rms(.gpu)
      let (mainCases, main) = rms(.mainThread)
      return ModelError(fpsCases: fpsCases, gpuCases: gpuCases, mainThreadCases: mainCases, fps: fps, gpu: gpu, mainThread: main)
    }
    let all = error(residuals)
    var byGeneration: [Int: ModelError] = [:]
    for generation in Set(residuals.map(\.generation)) {
      var own = error(residuals.filter { $0.generation == generation })
      // A kind the generation has too few cases of takes at least the error over every case.
      if own.fpsCases < fewestCases { own.fps = max(own.fps, all.fps) }
      if own.gpuCases < fewestCases { own.gpu = max(own.gpu, all.gpu) }
      if own.mainThreadCases < fewestCases { own.mainThread = max(own.mainThread, all.mainThread) }
      byGeneration[generation] = own
    }
    return (byGeneration, all)
  }

  /// The errors of the catalogue's coefficients (``CostCoefficients/standard``) on
  /// measurements/published.json, by GPU generation (``DeviceProfile/gpuGeneration``, 0 for
  /// chips before Metal). `ModelErrorTests` holds them equal to what the cases give.
  public static let byGeneration: [Int: ModelError] = [
    0: ModelError(fpsCases: 9, gpuCases: 7, mainThreadCases: 0, fps: 0.2447, gpu: 0.1178, mainThread: 0.0528),
    1: ModelError(fpsCases: 4, gpuCases: 1, mainThreadCases: 0, fps: 0, gpu: 0.1236, mainThread: 0.0528),
    2: ModelError(fpsCases: 9, gpuCases: 2, mainThreadCases: 2, fps: 2.0064, gpu: 0.1498, mainThread: 0.0528),
  ]
  /// The same over every case: what a generation without measured cases is given.
  public static let all = ModelError(fpsCases: 22, gpuCases: 10, mainThreadCases: 2, fps: 1.2928, gpu: 0.1236, mainThread: 0.0528)

  /// The errors that apply on `device`, and whether its generation has measured cases.
  public static func on(_ device: DeviceProfile) -> (error: ModelError, measured: Bool) {
    let generation = device.gpuGeneration ?? 0
    if let own = byGeneration[generation] { return (own, true) }
    return (all, false)
  }
}

/// A report's absolute figures with the range the measured cases support (``ModelError``).
public struct FigureRanges: Sendable, Hashable {
  public var fps: ClosedRange<Double>
  public var gpuMs: ClosedRange<Double>
  public var mainThreadMs: ClosedRange<Double>
  /// The errors used, and whether the device's GPU generation has measured cases of its own.
  public var error: ModelError
  public var measured: Bool
  public var generation: Int

  /// The ranges of `performance`'s frame rate and mean GPU and main-thread times on `device`.
  public init(_ performance: Performance, on device: DeviceProfile) {
    let (error, measured) = ModelError.on(device)
    self.error = error
    self.measured = measured
    generation = device.gpuGeneration ?? 0
    let fpsLow = max(0, performance.fps - error.fps)
    fps = fpsLow...max(fpsLow, min(performance.targetFps, performance.fps + error.fps))
    func around(_ value: Double, _ share: Double) -> ClosedRange<Double> {
      max(0, value * (1 - share))...(value * (1 + share))
    }
    gpuMs = around(performance.gpuMs.mean, error.gpu)
    mainThreadMs = around(performance.mainThreadMs.mean, error.mainThread)
  }
}
