import LayerTree

/// One figure of a report's summary that a comparison or a budget looks at.
///
/// A metric's ``id`` is its path under `summary` in the JSON report (docs/report-format.md):
/// `gpuMs.p95` is `summary.gpuMs.p95`. The same id names the metric in `--gate`, in pairs files
/// and in the JSON output of `compare`, so a saved report and a fresh simulation are read the
/// same way.
public struct ReportMetric: Sendable {
  public enum Direction: String, Sendable, Hashable {
    case lowerIsBetter = "lower"
    case higherIsBetter = "higher"
    /// A figure that describes the screen, with no better or worse (the visible and drawing
    /// layer counts: a `shadowPath` makes the shadow a layer that draws, and costs less): a
    /// change is reported as changed, never worse, and the metric cannot gate.
    case neither
  }

  /// How values are shown; the value itself is a plain number in the report's unit.
  public enum Unit: String, Sendable, Hashable {
    case count
    case milliseconds
    case bytes
    case pixels
    /// 0 to 1, shown as a percentage.
    case fraction
    case fps
    /// Milliseconds per second (the hitch time ratio).
    case msPerSecond
    /// A multiple: overdraw (layers per pixel).
    case factor
    /// CPU cores kept busy.
    case cores
  }

  public var id: String
  /// The metric as a person reads it: "GPU time p95".
  public var title: String
  public var unit: Unit
  public var direction: Direction
  /// Counts compare exactly: any change is a change. Other figures are the same while within
  /// the comparison's tolerance.
  public var exact: Bool
  /// True when a report may have no value for the metric (no hit rate when nothing was
  /// rasterized). A report lacking any other metric is missing something it must hold.
  public var optional: Bool
  let read: @Sendable (Summary) -> Double?

  init(
    _ id: String, _ title: String, _ unit: Unit, _ direction: Direction = .lowerIsBetter, exact: Bool = false,
    optional: Bool = false, _ read: @escaping @Sendable (Summary) -> Double?
  ) {
    self.id = id
    self.title = title
    self.unit = unit
    self.direction = direction
    self.exact = exact
    self.optional = optional
    self.read = read
  }

  /// The metric's value in `summary`, rounded as the JSON report rounds (3 decimals); nil when
  /// the summary has none (no rasterized layer: no hit rate).
  public func value(in summary: Summary) -> Double? { read(summary).map(ReportMetrics.rounded) }
}

/// Every metric of a report's summary, and the default gates.
public enum ReportMetrics {
  /// Every figure in the report's summary, headline figures first. Settings of the run (frames,
  /// frame rate, frame budget, screen pixels) are not metrics: see ``settings``.
  public static let all: [ReportMetric] = {
    var metrics: [ReportMetric] = [
      ReportMetric("offscreenPasses.perFrameMax", "offscreen passes per frame (max)", .count, exact: true) {
        Double($0.offscreenPasses.perFrameMax)
      },
      ReportMetric("offscreenPasses.perFrameMean", "offscreen passes per frame (mean)", .count, exact: true) {
        $0.offscreenPasses.perFrameMean
      },
      ReportMetric("offscreenPasses.perFrameP95", "offscreen passes per frame (p95)", .count, exact: true) {
        Double($0.offscreenPasses.perFrameP95)
      },
      ReportMetric("offscreenPasses.layers", "offscreen layers", .count, exact: true) { Double($0.offscreenPasses.layers) },
    ]
    for rule in OffscreenRules.all {
      let id = rule.id
      metrics.append(
        ReportMetric("offscreenPasses.byReason.\(id)", "offscreen passes: \(id)", .count, exact: true) {
          Double($0.offscreenPasses.byReason[id] ?? 0)
        })
    }
    metrics += [
      ReportMetric("fps", "frame rate", .fps, .higherIsBetter) { $0.performance.fps },
      ReportMetric("hitchTimeRatio", "hitch time ratio", .msPerSecond) { $0.performance.hitchTimeRatio },
      ReportMetric("hitches", "hitches", .count, exact: true) { Double($0.performance.hitches) },
      ReportMetric("commitHitches", "commit hitches", .count, exact: true) { Double($0.performance.commitHitches) },
      ReportMetric("renderHitches", "render hitches", .count, exact: true) { Double($0.performance.renderHitches) },
      ReportMetric("firstFrame.presentedAtMs", "time to first frame", .milliseconds) { $0.performance.firstFrame.presentedAtMs },
      ReportMetric("firstFrame.lateMs", "first frame late by", .milliseconds) { $0.performance.firstFrame.lateMs },
      ReportMetric("firstFrame.mainThreadMs", "first frame: main-thread time", .milliseconds) {
        $0.performance.firstFrame.mainThreadMs
      },
      ReportMetric("firstFrame.renderServerMs", "first frame: render-server time", .milliseconds) {
        $0.performance.firstFrame.renderServerMs
      },
      ReportMetric("firstFrame.gpuMs", "first frame: GPU time", .milliseconds) { $0.performance.firstFrame.gpuMs },
      ReportMetric("gpuMs.mean", "GPU time mean", .milliseconds) { $0.performance.gpuMs.mean },
      ReportMetric("gpuMs.p95", "GPU time p95", .milliseconds) { $0.performance.gpuMs.p95 },
      ReportMetric("gpuMs.max", "GPU time max", .milliseconds) { $0.performance.gpuMs.max },
      ReportMetric("mainThreadMs.mean", "main-thread time mean", .milliseconds) { $0.performance.mainThreadMs.mean },
      ReportMetric("mainThreadMs.p95", "main-thread time p95", .milliseconds) { $0.performance.mainThreadMs.p95 },
      ReportMetric("mainThreadMs.max", "main-thread time max", .milliseconds) { $0.performance.mainThreadMs.max },
      ReportMetric("renderServerMs.mean", "render-server time mean", .milliseconds) { $0.performance.renderServerMs.mean },
      ReportMetric("renderServerMs.p95", "render-server time p95", .milliseconds) { $0.performance.renderServerMs.p95 },
      ReportMetric("renderServerMs.max", "render-server time max", .milliseconds) { $0.performance.renderServerMs.max },
      ReportMetric("backgroundMs.mean", "background-thread time mean", .milliseconds) { $0.performance.backgroundMs.mean },
      ReportMetric("backgroundMs.p95", "background-thread time p95", .milliseconds) { $0.performance.backgroundMs.p95 },
      ReportMetric("backgroundMs.max", "background-thread time max", .milliseconds) { $0.performance.backgroundMs.max },
      ReportMetric("gpuUtilization", "GPU busy", .fraction) { $0.performance.gpuUtilization },
      ReportMetric("cpuUtilization", "main thread busy", .fraction) { $0.performance.cpuUtilization },
      ReportMetric("processCpuUtilization", "app CPU", .cores) { $0.performance.processCpuUtilization },
      ReportMetric("renderServerUtilization", "render server busy", .fraction) { $0.performance.renderServerUtilization },
      ReportMetric("memoryBytes.total", "memory total", .bytes) { $0.memory.total },
      ReportMetric("memoryBytes.backingStores", "memory: backing stores", .bytes) { $0.memory.backingStores },
      ReportMetric("memoryBytes.offscreenTargetsPeak", "memory: offscreen targets (peak)", .bytes) {
        $0.memory.offscreenTargetsPeak
      },
      ReportMetric("memoryBytes.rasterCache", "memory: raster cache", .bytes) { $0.memory.rasterCache },
      ReportMetric("memoryBytes.images", "memory: images", .bytes) { $0.memory.images },
      ReportMetric("rasterCache.hitRate", "raster cache hit rate", .fraction, .higherIsBetter, optional: true) {
        $0.rasterCache.hitRate
      },
      ReportMetric("rasterCache.hits", "raster cache hits", .count, .higherIsBetter, exact: true) { Double($0.rasterCache.hits) },
      ReportMetric("rasterCache.misses", "raster cache misses", .count, exact: true) { Double($0.rasterCache.misses) },
      ReportMetric("rasterCache.evictions", "raster cache evictions", .count, exact: true) { Double($0.rasterCache.evictions) },
      ReportMetric("rasterCache.peakBytes", "raster cache peak", .bytes) { $0.rasterCache.peakBytes },
      ReportMetric("offscreenPixelsMax", "offscreen pixels (max frame)", .pixels) { $0.offscreenPixelsMax },
      ReportMetric("blending.blendedPixels", "blended pixels", .pixels) { $0.blending.blendedPixels },
      ReportMetric("blending.drawnPixels", "drawn pixels", .pixels) { $0.blending.drawnPixels },
      ReportMetric("blending.overdraw", "overdraw", .factor) { $0.blending.overdraw },
      ReportMetric("blending.blendedLayers", "blended layers", .count, exact: true) { Double($0.blending.blendedLayers) },
      ReportMetric("layers", "layers", .count, exact: true) { Double($0.layers) },
      ReportMetric("visibleLayers", "visible layers", .count, .neither, exact: true) { Double($0.visibleLayers) },
      ReportMetric("drawingLayers", "drawing layers", .count, .neither, exact: true) { Double($0.drawingLayers) },
      ReportMetric("backingStores.layers", "backing stores", .count, exact: true) { Double($0.backingStores.layers) },
      ReportMetric("backingStores.bytes", "backing store bytes", .bytes) { $0.backingStores.bytes },
      ReportMetric("images.scaled", "scaled images", .count, exact: true) { Double($0.images.scaled) },
      ReportMetric("images.misaligned", "misaligned images", .count, exact: true) { Double($0.images.misaligned) },
    ]
    for item in CostItem.gpu {
      metrics.append(
        ReportMetric("gpuBreakdownMs.\(item)", "GPU time: \(item) (mean)", .milliseconds) { $0.performance.gpuBreakdown[item] ?? 0 })
    }
    for item in CostItem.mainThread {
      metrics.append(
        ReportMetric("mainThreadBreakdownMs.\(item)", "main-thread time: \(item) (mean)", .milliseconds) {
          $0.performance.mainThreadBreakdown[item] ?? 0
        })
    }
    return metrics
  }()

  /// Summary fields that describe the run rather than measure it: the timeline's frames and
  /// rate, and the device's frame budget and screen. Two sides of a comparison must agree on
  /// the first two; the device settles the others.
  public static let settings = [
    "frames", "frameRate", "budgetMs", "blending.screenPixels",
    // The ranges the measured cases support (``FigureRanges``): from the model's error table, not
    // compared (a before/after difference does not carry the absolute error).
    "ranges.fps", "ranges.gpuMsMean", "ranges.mainThreadMsMean", "ranges.gpuGeneration", "ranges.measuredOnGeneration",
    "ranges.errors.fps", "ranges.errors.gpu", "ranges.errors.mainThread",
  ]

  /// Summary fields that are words, derived from metrics: `hitchBand` from the hitch time ratio,
  /// `bottleneck` from the stage times, `firstFrame.cause` from the first frame's.
  public static let descriptive = ["hitchBand", "bottleneck", "firstFrame.cause"]

  /// What `compare` fails on by default when it gets worse: offscreen passes per frame, GPU and
  /// main-thread time p95, hitch time ratio, frame rate, raster cache hit rate, memory.
  /// What a comparison fails on unless told otherwise: what a change to the layer tree can move.
  /// The main thread is gated on its mean, not its p95: a change that leaves the main thread's
  /// work as it was can still move which frames it lands in (a slower GPU frame delays the next
  /// commit), and the p95 of a short run moves with it; the hitch time ratio gates what the
  /// user sees of such a shift. GPU time is gated on its p95: the GPU's per-frame work is what a
  /// layer-tree change moves, frame by frame.
  public static let defaultGates = [
    "offscreenPasses.perFrameMax", "gpuMs.p95", "mainThreadMs.mean", "hitchTimeRatio", "fps", "rasterCache.hitRate",
    "memoryBytes.total",
  ]

  /// The metrics that can gate: every one with a better and a worse.
  public static var gateable: [String] { all.filter { $0.direction != .neither }.map(\.id) }

  /// The gate that fails a comparison when a finding appears.
  public static let findingsGate = "findings"

  public static func metric(id: String) -> ReportMetric? { byID[id] }

  private static let byID: [String: ReportMetric] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

  /// Three decimals, as the JSON report writes fractions.
  /// Past 1e15 a value keeps what it has: thousandths mean nothing there, and multiplying by
  /// 1,000 would overflow to infinity past about 1.8e305.
  public static func rounded(_ value: Double) -> Double { abs(value) >= 1e15 ? value : (value * 1000).rounded() / 1000 }
}

extension BudgetKind {
  /// The metric the budget limits.
  public var metricID: String {
    switch self {
    case .maxOffscreenPassesPerFrame: return "offscreenPasses.perFrameMax"
    case .minRasterHitRate: return "rasterCache.hitRate"
    case .maxGpuMsP95: return "gpuMs.p95"
    case .maxMainThreadMsP95: return "mainThreadMs.p95"
    case .maxHitchTimeRatio: return "hitchTimeRatio"
    case .minFps: return "fps"
    case .maxMemoryBytes: return "memoryBytes.total"
    }
  }
}
