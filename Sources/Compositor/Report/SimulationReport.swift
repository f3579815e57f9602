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
  /// The disputed points (``DisputedPoint``) that decide a result in the scene, with what the
  /// other answer would give; empty until ``Disputes/assess(_:on:report:assuming:coefficients:)``
  /// fills it (the `report` command does; `check` and `compare` gate on the figures as they are).
  public var disputed: [DisputedDecision] = []
  /// What the list techniques make the user see (blank rows on a fast fling); nil when nothing.
  public var lists: ListReport? = nil
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
  /// Where an imported or captured scene came from, as its file says.
  public var source: SceneSource? = nil
  /// The user's device profile the scene ran on (`--device-file`); nil for a catalogue device.
  public var profile: UserProfile? = nil
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
  public var performance: Performance
  public var memory: Memory
  /// Visible layers summed over the frames: the work no decide pass can avoid, against which
  /// the benchmark measures the simulation's speed. Not part of the printed reports.
  public var visibleLayerFrames = 0
  /// The frame rate and the mean GPU and main-thread times with the range the measured cases
  /// support on the device's GPU generation (``ModelError``); nil in a summary made without them.
  public var ranges: FigureRanges? = nil
}

/// Time, frame rate and hitches over the run.
///
/// A timeline's first frame shown is the screen's first display (every layer laid out and drawn
/// for the first time): it is measured apart (``firstFrame``), and the frame rate, hitches, hitch
/// time ratio and utilizations are those of the frames after it, as XCTest's scroll metrics
/// (`XCTOSSignpostMetric.scrollDecelerationMetric`) and Instruments' scroll measurements leave the
/// screen's appearance out. A scene without a timeline is measured on its steady frame repeated
/// (``RunPacing``); its one frame is its first display. The per-frame times (``gpuMs``,
/// ``mainThreadMs``, ...) are over every frame, the first included.
public struct Performance: Sendable, Hashable {
  /// The frame budget: one interval at ``contentRate``, in ms (16.7 for 60 Hz animations on a
  /// 120 Hz ProMotion iPhone, 8.3 for its scrolling).
  public var budgetMs: Double
  /// The display's refresh rate.
  public var refreshRate: Double
  /// The rate the frames were paced at: the rate Core Animation renders the content at, the
  /// display's refresh rate or a whole fraction of it (``FramePacing/rate(content:display:)``).
  public var contentRate: Double
  /// The frame rate a smooth run shows: the refresh rate, or the timeline's frame rate when it is
  /// lower.
  public var targetFps: Double
  public var fps: Double
  public var hitchTimeRatio: Double
  public var hitchBand: HitchBand
  /// Frames shown late, the first display left out (its lateness is ``firstFrame``'s).
  public var hitches: Int
  public var commitHitches: Int
  public var renderHitches: Int
  public var tripleBuffered: Bool
  /// GPU busy time over wall time, 0...1.
  public var gpuUtilization: Double
  /// Main-thread busy time over wall time, 0...1.
  public var cpuUtilization: Double
  /// Main thread plus background threads (asynchronous drawing) over wall time, in cores.
  public var processCpuUtilization: Double
  public var renderServerUtilization: Double
  public var gpuMs: Distribution
  public var renderServerMs: Distribution
  public var mainThreadMs: Distribution
  public var backgroundMs: Distribution
  /// Mean GPU milliseconds per frame, by item (`layers`, `passSwitches`, ...).
  public var gpuBreakdown: [String: Double]
  /// Mean main-thread milliseconds per frame, by item.
  public var mainThreadBreakdown: [String: Double]
  /// The stage that limits the frame rate, or nil when every frame fits the budget.
  public var bottleneck: Stage?
  /// The screen's first display, measured apart.
  public var firstFrame: FirstFrame

  public enum Stage: String, Sendable, Hashable {
    case gpu = "GPU"
    case renderServer = "render server"
    case mainThread = "main thread"
  }
}

/// The screen's first display: the first frame of a timeline, or a still screen's one frame, and
/// when it reached the screen.
public struct FirstFrame: Sendable, Hashable {
  /// When it reached the screen, in ms from the first frame's time: the time to first frame. A
  /// newer frame may have carried it there, replacing the first frame while its commit was late.
  public var presentedAtMs: Double
  /// How late it was against one interval after the first frame's commit deadline (double
  /// buffered), in ms: a whole number of intervals, 0 when on time.
  public var lateMs: Double
  /// What made it late: the main thread when its commit missed the deadline, else the slower of
  /// the render server and the GPU; nil when it was on time.
  public var cause: Performance.Stage?
  /// The first frame's own time on each stage.
  public var mainThreadMs: Double
  public var renderServerMs: Double
  public var gpuMs: Double
}

/// Apple's hitch time ratio bands (tech talk 10855): good < 5 ms/s, warning 5-10, critical >= 10.
public enum HitchBand: String, Sendable, Hashable {
  case good
  case warning
  case critical

  public init(ratio: Double) {
    self = ratio < 5 ? .good : (ratio < 10 ? .warning : .critical)
  }
}

public struct Distribution: Sendable, Hashable {
  public var mean: Double
  public var p95: Double
  public var max: Double

  public init(_ values: [Double]) {
    mean = values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    p95 = Statistics.percentile(values, 0.95) ?? 0
    max = values.max() ?? 0
  }
}

/// Memory the scene holds, in bytes.
public struct Memory: Sendable, Hashable {
  /// CPU-drawn backing stores: width x height x scale^2 x 4 bytes (8 for wide colour).
  public var backingStores: Double
  /// Offscreen render targets in the frame that needs the most.
  public var offscreenTargetsPeak: Double
  /// The rasterization cache at its fullest.
  public var rasterCache: Double
  /// Decoded images on screen, at the frame that shows the most.
  public var images: Double
  public var total: Double { backingStores + offscreenTargetsPeak + rasterCache + images }
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
  /// Images each check the run asked reported, by check id (``ImageCheck/id``), 0 for a check
  /// that reported none.
  public var byCheck: [String: Int]

  public init(byCheck: [String: Int]) {
    self.byCheck = byCheck
  }

  /// Images whose pixel size differs from the layer's size on screen in pixels (``ScaledImageCheck``).
  public var scaled: Int { byCheck[ScaledImageCheck.checkID] ?? 0 }
  /// Images whose frame does not start on a pixel boundary (``MisalignedImageCheck``).
  public var misaligned: Int { byCheck[MisalignedImageCheck.checkID] ?? 0 }
}

/// One frame's figures.
public struct FrameReport: Sendable, Hashable {
  public var index: Int
  /// Seconds from the start.
  public var time: Double
  public var offscreenPasses: Int
  /// The frame's offscreen passes by rule, for the rules that fired, in the rules' order.
  public var reasons: [ReasonCount]
  /// The frame's offscreen passes by rule id, for the rules that fired.
  public var byReason: [String: Int] { ReasonCount.dictionary(reasons) }
  public var offscreenPixels: Double
  public var rasterCache: FrameRasterCache
  /// Layers whose contents were replaced this frame (content changes, reused cells).
  public var contentChanges: Int
  public var cost: FrameCost
  /// When the frame reached the screen and whether it hitched.
  public var outcome: FramePacing.FrameOutcome
}

/// One rule's offscreen passes in a frame.
public struct ReasonCount: Sendable, Hashable {
  public var rule: String
  public var passes: Int

  public init(rule: String, passes: Int) {
    self.rule = rule
    self.passes = passes
  }

  /// The counts by rule id.
  static func dictionary(_ counts: [ReasonCount]) -> [String: Int] {
    var result: [String: Int] = [:]
    for count in counts { result[count.rule, default: 0] += count.passes }
    return result
  }
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
  /// GPU milliseconds the finding's passes cost, per frame in which it held (0 for image
  /// findings).
  public var gpuMs: Double = 0
  /// The offscreen count Xcode's view debugger shows for the rule on this layer, where Apple's
  /// published examples establish it (``OffscreenRule/xcodeCount(_:hit:)``); nil where they do
  /// not, and for image findings.
  public var xcodeCount: Int? = nil
}

public struct BackingStore: Sendable, Hashable {
  public var layer: String
  public var contents: String
  public var pixelSize: Size
  public var bytes: Double
  public var drawnOn: DrawingThread
}
