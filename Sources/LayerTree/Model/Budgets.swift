/// Limits a scene must stay within, checked by `offscreen-sim check`: the scene's `budgets`
/// object, or a budgets file given with `--budgets`.
///
/// ```json
/// "budgets": {
///   "maxOffscreenPassesPerFrame": 0,
///   "maxGpuMsP95": 8,
///   "devices": { "iphone-6": { "maxGpuMsP95": 12 } },
///   "checkOn": ["iphone-6", "iphone-7"]
/// }
/// ```
///
/// The limits at the top apply on every device checked; `devices` overrides some of them (or
/// adds others) on one device; `checkOn` lists the devices to check on, the scene's own device
/// when it is left out.
public struct Budgets: Sendable, Hashable {
  /// One limit: which figure, its bound, and where it is written.
  public struct Limit: Sendable, Hashable {
    public var kind: BudgetKind
    public var value: Double
    /// Where the limit's key is written, when it comes from a file.
    public var location: SourceLocation?

    public init(kind: BudgetKind, value: Double, location: SourceLocation? = nil) {
      self.kind = kind
      self.value = value
      self.location = location
    }
  }

  /// Limits on every device checked, in ``BudgetKind`` order.
  public var limits: [Limit]
  /// Limits that replace or add to ``limits`` on one device, by device id.
  public var deviceLimits: [String: [Limit]]
  /// The devices to check on; nil: the scene's own device.
  public var checkOn: [String]?

  public init(limits: [Limit] = [], deviceLimits: [String: [Limit]] = [:], checkOn: [String]? = nil) {
    self.limits = limits
    self.deviceLimits = deviceLimits
    self.checkOn = checkOn
  }

  /// True when no limit is set anywhere.
  public var isEmpty: Bool { limits.isEmpty && deviceLimits.values.allSatisfy(\.isEmpty) }

  /// The devices to check a scene on: ``checkOn``, or the scene's own device.
  public func devices(sceneDevice: String) -> [String] { checkOn ?? [sceneDevice] }

  /// The limits that hold on `device`: the device's own replace those of the same kind, in
  /// ``BudgetKind`` order.
  public func limits(on device: String) -> [Limit] {
    var byKind: [BudgetKind: Limit] = [:]
    for limit in limits { byKind[limit.kind] = limit }
    for limit in deviceLimits[device] ?? [] { byKind[limit.kind] = limit }
    return BudgetKind.allCases.compactMap { byKind[$0] }
  }
}

/// The figures a budget can limit. The raw value is the key in the file; a `max` budget passes
/// when the figure is at most the limit, a `min` budget when it is at least the limit.
public enum BudgetKind: String, CaseIterable, Sendable, Hashable {
  /// Offscreen passes in the frame with the most (`summary.offscreenPasses.perFrameMax`).
  case maxOffscreenPassesPerFrame
  /// Rasterization cache hits over hits and misses, 0 to 1 (`summary.rasterCache.hitRate`).
  case minRasterHitRate
  /// GPU milliseconds per frame, 95th percentile (`summary.gpuMs.p95`).
  case maxGpuMsP95
  /// Main-thread milliseconds per frame, 95th percentile (`summary.mainThreadMs.p95`).
  case maxMainThreadMsP95
  /// Hitch milliseconds per second of animation (`summary.hitchTimeRatio`).
  case maxHitchTimeRatio
  /// Frames shown per second (`summary.fps`).
  case minFps
  /// Bytes of memory the scene holds (`summary.memoryBytes.total`).
  case maxMemoryBytes

  /// True for a lower bound (`min...`), false for an upper bound (`max...`).
  public var isMinimum: Bool { rawValue.hasPrefix("min") }
}
