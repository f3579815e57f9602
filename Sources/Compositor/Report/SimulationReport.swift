import LayerTree

/// Everything a simulation found: the scene it ran, per-frame figures, the summary and the
/// findings. Formatters in the command-line tool turn it into text or JSON; nothing here prints.
public struct SimulationReport: Sendable {
  /// The version of the JSON report document (`reportVersion`); bumped when a field changes
  /// meaning or disappears.
  public static let formatVersion = 1

  public var scene: SceneInfo
  public var summary: Summary
  public var frames: [FrameReport]
  /// Offscreen findings first (by pass pixels, largest first), then image findings.
  public var findings: [Finding]
  /// Layers that own a CPU-drawn backing store, largest first.
  public var backingStores: [BackingStore]
}

public struct SceneInfo: Sendable, Hashable {
  public var name: String
  public var description: String
  public var deviceID: String
  public var deviceName: String
  public var scale: Double
  public var renderedPixels: Size
  public var refreshRate: Double
  public var iosVersion: OSVersion
}

public struct Summary: Sendable, Hashable {
  /// All layers in the scene, masks included.
  public var layers: Int
  /// Layers not culled (not hidden, not transparent, not clipped away or off screen).
  public var visibleLayers: Int
  /// Visible layers that draw something themselves.
  public var drawingLayers: Int
  public var offscreenPasses: PassSummary
  public var rasterCache: RasterCacheSummary
  /// Frames simulated, and their rate.
  public var frames: Int
  public var frameRate: Double
  /// Pixels rendered into offscreen targets in the frame with the most.
  public var offscreenPixelsMax: Double
  public var blending: BlendingSummary
  public var backingStores: BackingStoreSummary
  public var images: ImageSummary
}

public struct PassSummary: Sendable, Hashable {
  /// The most offscreen passes in any one frame.
  public var perFrameMax: Int
  /// Mean offscreen passes per frame.
  public var perFrameMean: Double
  /// Passes by rule id, in the frame with the most passes.
  public var byReason: [String: Int]
  /// The 95th percentile of passes per frame (nearest rank).
  public var perFrameP95: Int
  /// Layers that take at least one pass, in that frame.
  public var layers: Int
}

public struct RasterCacheSummary: Sendable, Hashable {
  public var hits: Int
  public var misses: Int
  public var evictions: Int
  /// hits / (hits + misses); nil when no rasterized layer was drawn.
  public var hitRate: Double?
  /// Most bytes the cache held at the end of a frame.
  public var peakBytes: Double
}

public struct BlendingSummary: Sendable, Hashable {
  /// Pixels of visible drawing layers that are not opaque: each is blended over what is below.
  public var blendedPixels: Double
  /// Pixels drawn by all visible drawing layers.
  public var drawnPixels: Double
  /// The screen's rendered pixels.
  public var screenPixels: Double
  /// Drawn pixels per screen pixel: the mean number of layers covering a pixel.
  public var overdraw: Double
  /// Visible drawing layers that blend.
  public var blendedLayers: Int
}

public struct BackingStoreSummary: Sendable, Hashable {
  public var layers: Int
  public var bytes: Double
}

public struct ImageSummary: Sendable, Hashable {
  /// Images whose pixel size differs from the layer's size on screen in pixels.
  public var scaled: Int
  /// Images whose frame does not start on a pixel boundary.
  public var misaligned: Int
}

/// One frame's figures.
public struct FrameReport: Sendable, Hashable {
  public var index: Int
  /// Seconds from the start.
  public var time: Double
  public var offscreenPasses: Int
  public var byReason: [String: Int]
  public var offscreenPixels: Double
  public var rasterCache: FrameRasterCache
  /// Layers whose contents were replaced this frame (content changes, reused cells).
  public var contentChanges: Int
}

public struct FrameRasterCache: Sendable, Hashable {
  public var hits: Int
  public var misses: Int
  public var evictions: Int
  /// Bytes held at the end of the frame.
  public var bytes: Double
}

/// A problem on one layer: an offscreen pass, or an image the GPU must scale or resample.
public struct Finding: Sendable, Hashable {
  public enum Category: String, Sendable, Hashable {
    case offscreen
    case image
  }

  /// The rule id: `rounded-clip`, `misaligned-image`, ...
  public var rule: String
  public var category: Category
  /// The layer's path: `root/feed/cell[3]/avatar`.
  public var layer: String
  public var message: String
  public var fix: String
  /// Offscreen passes (0 for image findings).
  public var passes: Int
  /// Pixels rendered offscreen by those passes.
  public var pixelArea: Double
  /// Offscreen passes that enclose this one (0: renders straight to the screen).
  public var depth: Int
  /// Where the layer is written in the scene file.
  public var source: SourceLocation?
  /// Frames in which the finding held.
  public var frames: Int
}

public struct BackingStore: Sendable, Hashable {
  public var layer: String
  public var contents: String
  public var pixelSize: Size
  public var bytes: Double
  public var drawnOn: DrawingThread
}
