/// What a measured figure tells of: the time of one processor. A fitted figure names the one whose
/// time it changes, so that a figure the cases cannot pin can say what measurement would.
public enum Evidence: String, Sendable, Hashable, CaseIterable {
  /// The GPU's time (render execute).
  case gpu
  /// The app's main thread (commit).
  case mainThread
  /// The render server's CPU time (render prepare).
  case renderServer

  /// What is measured, as a message says it: "GPU time".
  public var what: String {
    switch self {
    case .gpu: return "GPU time"
    case .mainThread: return "main-thread time"
    case .renderServer: return "render-server time"
    }
  }

  /// The metric ids that measure it, as a message suggests them.
  public var metrics: [String] {
    switch self {
    case .gpu: return ["gpuMs.mean", "gpuUtilization", "fps"]
    case .mainThread: return ["mainThreadMs.mean", "cpuUtilization", "fps"]
    case .renderServer: return ["renderServerMs.mean", "renderServerUtilization"]
    }
  }
}

/// One figure a calibration may move: a cost-model coefficient (``CostCoefficients``) or a
/// device figure of the device measured (``DeviceProfile``), with the physical bounds the fit
/// keeps it in and what measures it.
public struct FittedParameter: Sendable {
  /// Where the figure is.
  public enum Target: Sendable {
    /// A coefficient of the cost model, shared by every device (A8 units).
    case coefficient(WritableKeyPath<CostCoefficients, Double> & Sendable)
    /// A figure of the device the cases ran on: fitted only for the cases run on the base device.
    case device(WritableKeyPath<DeviceProfile, Double> & Sendable)
  }

  /// The name `--fit`, a profile's `coefficients` object and messages use: the property's.
  public var name: String
  public var target: Target
  /// The values the fit keeps it in, in the figure's unit (seconds, a ratio, bytes per second).
  public var bounds: ClosedRange<Double>
  /// Why those bounds: the facts or estimates that set them.
  public var boundsReason: String
  /// The processor whose time it changes.
  public var evidence: Evidence
  /// The scenes whose measured time it changes: "a scene with offscreen passes".
  public var scenes: String

  public init(
    _ name: String, _ target: Target, _ bounds: ClosedRange<Double>, _ evidence: Evidence, in scenes: String, because boundsReason: String
  ) {
    self.name = name
    self.target = target
    self.bounds = bounds
    self.boundsReason = boundsReason
    self.evidence = evidence
    self.scenes = scenes
  }

  /// True for a figure of the device rather than of the cost model.
  public var isDeviceFigure: Bool {
    if case .device = target { return true }
    return false
  }

  /// The figure's value in `coefficients` or on `device`.
  public func value(in coefficients: CostCoefficients, on device: DeviceProfile) -> Double {
    switch target {
    case .coefficient(let path): return coefficients[keyPath: path]
    case .device(let path): return device[keyPath: path]
    }
  }

  /// `device` with the figure set to `value` (a coefficient in its ``DeviceProfile/coefficients``).
  public func setting(_ value: Double, on device: DeviceProfile) -> DeviceProfile {
    var device = device
    switch target {
    case .coefficient(let path): device.coefficients[keyPath: path] = value
    case .device(let path): device[keyPath: path] = value
    }
    return device
  }

  /// What a message says would free the figure when no case measures it: "add gpuMs.mean,
  /// gpuUtilization or fps for such a scene".
  public var measurementThatFrees: String {
    let metrics = evidence.metrics
    let listed = metrics.count > 1 ? metrics.dropLast().joined(separator: ", ") + " or " + metrics.last! : metrics.joined()
    return "add \(listed) for such a scene"
  }
}

/// The figures a calibration may move, in the order a fit takes them up: the device's figures
/// first (what a team's own device differs in), then the cost model's coefficients, those fitted
/// to the measured cases first (docs/cost-model.md, "Coefficients"). When the cases cannot tell
/// two figures apart, the later one is held (``Calibration``).
///
/// Adding a figure the fit may move is one row here: its name, its key path, its bounds and why,
/// and what measures it. The profile reader, `--fit`, the docs' table and the messages take it up.
public enum FittedCoefficients {
  public static let all: [FittedParameter] = [
    // The device measured: figures relative to the A8 (DeviceCatalogue.swift gives their sources).
    FittedParameter(
      "gpuSpeed", .device(\.gpuSpeed), 0.1...40, .gpu, in: "any scene that keeps the GPU busy",
      because:
        "0.1: below the A5 (1/6 of the A8, Apple's claims chained back: DeviceCatalogue.swift); 40: twice the fastest chip in the catalogue (the M4, 20)"
    ),
    FittedParameter(
      "cpuSpeed", .device(\.cpuSpeed), 0.1...15, .mainThread, in: "any scene the app sets up or scrolls",
      because:
        "0.1: below the A5 (0.2 of the A8, Apple's claims chained back: DeviceCatalogue.swift); 15: twice the fastest chip in the catalogue (the A19, 7.5)"
    ),
    FittedParameter(
      "memoryBandwidth", .device(\.memoryBandwidth), 5e9...2.4e11, .gpu, in: "a scene of large textures or offscreen targets",
      because:
        "5 GB/s: below the A7's and A8's LPDDR3-1600 on a 64-bit bus (12.8 GB/s); 240 GB/s: twice the fastest in the catalogue (the M4's 120 GB/s)"
    ),
    // The cost model's fitted coefficients (docs/cost-model.md, "Coefficients"), in A8 units.
    FittedParameter(
      "opaquePixelTime", .coefficient(\.opaquePixelTime), 0.2e-9...5e-9, .gpu, in: "a scene without offscreen passes",
      because:
        "0.2 ns: the A8's fill rate (8 pixels a clock at 533 MHz, 4.3 Gpixel/s) bounds how fast a pixel is written; 5 ns: ten times the fitted value, a pixel shaded by a long shader (estimate)"
    ),
    FittedParameter(
      "tilerLayerTime", .coefficient(\.tilerLayerTime), 0...50e-6, .gpu, in: "a scene of many layers",
      because:
        "0: geometry binned for free; 50 µs: 330 layers would fill a 60 Hz frame of an A8's GPU with tiling alone (estimate)"
    ),
    FittedParameter(
      "preMetalBlurSampleFactor", .coefficient(\.preMetalBlurSampleFactor), 1...8, .gpu, in: "a blur on a GPU before the A7",
      because:
        "1: a dependent texture read at no extra cost, as on the A7 and later; 8: a read that waits out the whole texel fetch instead of overlapping it (estimate)"
    ),
    FittedParameter(
      "interruptedTileShare", .coefficient(\.interruptedTileShare), 0...1, .gpu, in: "a scene with offscreen passes",
      because:
        "0: the render server renders offscreen content before the tiles it covers are shaded; 1: every tile of the screen stored and loaded again around each pass"
    ),
    FittedParameter(
      "tileStorePixelTime", .coefficient(\.tileStorePixelTime), 0.01e-9...2e-9, .gpu, in: "a scene with offscreen passes",
      because:
        "0.01 ns: next to nothing beside the traffic; 2 ns: four times an opaque pixel's shading, a tile written and read back through the shader cores (estimate)"
    ),
    FittedParameter(
      "frameBaseTime", .coefficient(\.frameBaseTime), 0.1e-3...8e-3, .mainThread, in: "a scene that scrolls",
      because:
        "0.1 ms: a run-loop turn and an empty transaction; 8 ms: half a 60 Hz frame spent on a frame that only moves the scroll offset (estimate)"
    ),
    FittedParameter(
      "layoutTime", .coefficient(\.layoutTime), 0.02e-3...3e-3, .mainThread, in: "a scene whose cells are set up or reused",
      because:
        "0.02 ms: setting a frame and a few properties; 3 ms: ten times the fitted value, a cell of ten views at 30 ms on the A8 (estimate)"
    ),
    FittedParameter(
      "textLayoutTime", .coefficient(\.textLayoutTime), 0.05e-3...5e-3, .mainThread, in: "a scene whose labels are set up",
      because: "0.05 ms: an attributed string and a font looked up; 5 ms: a cell of four labels at 20 ms on the A8 (estimate)"),
    FittedParameter(
      "constraintTime", .coefficient(\.constraintTime), 1e-6...2e-3, .mainThread, in: "a scene whose cells are laid out with Auto Layout",
      because:
        "1 µs: a constraint added to a linear system and solved at once (estimate); 2 ms: a 10-constraint cell at 20 ms, more than a 60 Hz frame (estimate)"
    ),
    FittedParameter(
      "glyphTime", .coefficient(\.glyphTime), 1e-6...200e-6, .mainThread, in: "a scene that draws text on the main thread",
      because: "1 µs: Core Text's glyph lookup and blit alone (estimate); 200 µs: a 100-character label at 20 ms on the A8 (estimate)"),
    FittedParameter(
      "emojiGlyphTime", .coefficient(\.emojiGlyphTime), 0...1e-3, .mainThread,
      in: "a scene that measures or draws emoji on the main thread",
      because:
        "0: an emoji no dearer than any glyph; 1 ms: a 160 x 160 px picture decoded at the decode estimate (10 ns a pixel) and scaled, four times over (estimate)"
    ),
    FittedParameter(
      "imageDrawPixelTime", .coefficient(\.imageDrawPixelTime), 10e-9...500e-9, .mainThread,
      in: "a scene that draws images with Core Graphics",
      because:
        "10 ns: one decoded pixel copied (the decode estimate); 500 ns: 2 Mpixel/s, slower than any Core Graphics clip and blend (estimate)"
    ),
    // Estimates (docs/cost-model.md) a case can measure.
    FittedParameter(
      "switchIdleTime", .coefficient(\.switchIdleTime), 0.1e-3...0.2e-3, .gpu, in: "a scene with offscreen passes",
      because: "WWDC14 session 419's 0.1-0.2 ms, a latency taken as the same on every GPU"),
    FittedParameter(
      "vibrancyFilterFactor", .coefficient(\.vibrancyFilterFactor), 1...6, .gpu, in: "a scene with a vibrancy effect",
      because:
        "1: the filter pass costs at least an opaque pixel; 6: three texture reads and the filter's arithmetic at twice an opaque pixel each (estimate)"
    ),
    FittedParameter(
      "blendedPixelFactor", .coefficient(\.blendedPixelFactor), 1...4, .gpu, in: "a scene of blended layers",
      because: "a blended pixel costs at least an opaque one; 4: a read, a blend and a write in the shader (estimate)"),
    FittedParameter(
      "drawPixelTime", .coefficient(\.drawPixelTime), 0.5e-9...40e-9, .mainThread,
      in: "a scene that draws backing stores on the main thread",
      because: "0.5 ns: a memset-speed clear; 40 ns: ten times the estimate (estimate)"),
    FittedParameter(
      "decodePixelTime", .coefficient(\.decodePixelTime), 1e-9...100e-9, .mainThread, in: "a scene that shows new images",
      because: "1 ns: 1 Gpixel/s, a hardware decoder's rate; 100 ns: 10 Mpixel/s (estimate)"),
    FittedParameter(
      "commitTime", .coefficient(\.commitTime), 1e-6...100e-6, .mainThread, in: "a scene whose cells are set up or reused",
      because: "1 µs: a few properties encoded; 100 µs: a layer's commit a tenth of a view's layout (estimate)"),
    FittedParameter(
      "renderServerLayerTime", .coefficient(\.renderServerLayerTime), 0.1e-6...20e-6, .renderServer, in: "a scene of many layers",
      because: "0.1 µs to 20 µs: 160,000 to 800 layers per 16 ms frame on an A8-class CPU (estimate)"),
    FittedParameter(
      "renderServerPassTime", .coefficient(\.renderServerPassTime), 3e-6...300e-6, .renderServer, in: "a scene with offscreen passes",
      because: "a tenth to ten times the estimate (estimate)"),
  ]

  /// The names, in order.
  public static var names: [String] { all.map(\.name) }

  /// The parameter named `name`.
  public static func parameter(named name: String) -> FittedParameter? { all.first { $0.name == name } }

  /// The cost-model coefficients of the table: what a profile's `coefficients` object may set.
  public static var coefficients: [FittedParameter] { all.filter { !$0.isDeviceFigure } }
}
