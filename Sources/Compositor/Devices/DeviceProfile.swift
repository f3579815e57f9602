import LayerTree

/// One device the simulator can run a scene on: its screen and GPU, as data.
///
/// The facts (points, scale, rendered pixels, refresh rate, GPU) come from Apple's device
/// specifications, as collected in the project's domain notes (section 4).
public struct DeviceProfile: Sendable, Hashable {
  /// The id scenes and `--device` use: `iphone-6-plus`.
  public var id: String
  /// The marketing name: "iPhone 6 Plus".
  public var name: String
  public var screen: DeviceScreen
  /// The size the GPU renders, in pixels (points x scale). The 6 Plus renders 1242 x 2208 and
  /// the display downsamples to its 1080 x 1920 panel.
  public var renderedPixels: Size
  /// The panel's pixels, when the system downsamples the rendered frame.
  public var panelPixels: Size?
  /// Display refresh rate in Hz (the highest rate for ProMotion displays).
  public var refreshRate: Double
  /// The chip and its GPU: "A8 (PowerVR GX6450)".
  public var gpu: String
  /// Metal GPU family: "Apple2".
  public var gpuFamily: String
  /// Main memory bandwidth in bytes per second (64-bit LPDDR bus x transfer rate).
  public var memoryBandwidth: Double
  /// GPU throughput relative to the A8 (1.0), from Apple's generation-over-generation claims.
  public var gpuSpeed: Double
  /// CPU single-core throughput relative to the A8 (1.0), from the same claims.
  public var cpuSpeed: Double
  /// The rasterization cache's limits: 100 ms unused lifetime and 2.5 x the screen's pixel
  /// area (WWDC14 session 419 via several write-ups; objc.io: "roughly two times").
  public var rasterCache: RasterCache.Limits = .standard

  public init(
    id: String, name: String, screen: DeviceScreen, panelPixels: Size? = nil, refreshRate: Double, gpu: String,
    gpuFamily: String, memoryBandwidth: Double, gpuSpeed: Double, cpuSpeed: Double
  ) {
    self.id = id
    self.name = name
    self.screen = screen
    self.renderedPixels = Size(screen.points.width * screen.scale, screen.points.height * screen.scale)
    self.panelPixels = panelPixels
    self.refreshRate = refreshRate
    self.gpu = gpu
    self.gpuFamily = gpuFamily
    self.memoryBandwidth = memoryBandwidth
    self.gpuSpeed = gpuSpeed
    self.cpuSpeed = cpuSpeed
  }

  /// The time between two display refreshes, in milliseconds.
  public var refreshInterval: Double { 1000 / refreshRate }

  /// Pixels the GPU renders for a full screen.
  public var screenPixelArea: Double { renderedPixels.width * renderedPixels.height }
}
