import LayerTree

/// One device the simulator can run a scene on: its screen, GPU and memory, as data.
///
/// The facts (points, scale, rendered pixels, refresh rate, GPU, memory, caches, colour gamut)
/// come from Apple's device specifications and public die analyses; ``DeviceCatalogue`` gives the
/// source of every figure beside each device.
public struct DeviceProfile: Sendable, Hashable {
  /// The id scenes and `--device` use: `iphone-6-plus`.
  public var id: String
  /// The marketing name: "iPhone 6 Plus".
  public var name: String
  public var screen: DeviceScreen
  /// The size the GPU renders, in pixels (points x scale). The 6 Plus renders 1242 x 2208, then
  /// samples it down to its 1080 x 1920 panel (the GPU item `downsample`).
  public var renderedPixels: Size
  /// The panel's pixels, when the frame is sampled to a panel of another size (Apple's Technical
  /// Q&A QA1909; the GPU item `downsample`); nil when the panel shows the frame as rendered.
  public var panelPixels: Size?
  /// Display refresh rate in Hz (the highest rate for ProMotion displays).
  public var refreshRate: Double
  /// The chip and its GPU: "A8 (PowerVR GX6450)".
  public var gpu: String
  /// Metal GPU family: "Apple2". Its number orders GPU generations (``gpuGeneration``); a GPU
  /// Metal does not run on (the A5's and A6's PowerVR SGX) is ``DeviceProfile/preMetalFamily``.
  public var gpuFamily: String
  /// Main memory bandwidth in bytes per second (LPDDR bus width x transfer rate).
  public var memoryBandwidth: Double
  /// GPU throughput relative to the A8 (1.0), from Apple's generation-over-generation claims.
  public var gpuSpeed: Double
  /// CPU single-core throughput relative to the A8 (1.0), from the same claims.
  public var cpuSpeed: Double
  /// The chip's system-level cache (the last-level cache the GPU shares with the CPUs), in bytes:
  /// render targets and textures that fit in it are not stored to and loaded from DRAM.
  public var systemCacheBytes: Double = 4 * 1_048_576
  /// The colour gamut of the display: backing stores drawn for a wide-gamut (P3) screen take
  /// 8 bytes a pixel before iOS 12 (WWDC18 session 219).
  public var displayGamut: DisplayGamut = .sRGB
  /// iPhone or iPad: on a ProMotion iPhone, Core Animation animations run at 60 Hz unless the app
  /// sets `CADisableMinimumFrameDurationOnPhone`; on an iPad they run at the display's rate.
  public var idiom: DeviceIdiom = .phone
  /// The rasterization cache's limits: 100 ms unused lifetime and 2.5 x the screen's pixel
  /// area (WWDC14 session 419 via several write-ups; objc.io: "roughly two times").
  public var rasterCache: RasterCache.Limits = .standard
  /// The figures no public source gives for this chip, which the catalogue assumes (its entry
  /// says from what); the tables made from the catalogue mark them "assumed". A user's profile
  /// assumes none: its figures are the user's.
  public var assumedFigures: Set<DeviceFigure> = []
  /// The cost model's coefficients on this device: the standard ones (``CostCoefficients/standard``),
  /// or those a calibration fitted to a team's measurements of it (`offscreen-sim calibrate`,
  /// docs/calibration.md). Every simulation on the device uses them unless given others.
  public var coefficients: CostCoefficients = .standard
  /// Where a user's profile (`--device-file`) came from, for the reports' headers; nil for a
  /// device of the catalogue.
  public var userProfile: UserProfile? = nil

  public init(
    id: String, name: String, screen: DeviceScreen, panelPixels: Size? = nil, refreshRate: Double, gpu: String,
    gpuFamily: String, memoryBandwidth: Double, gpuSpeed: Double, cpuSpeed: Double, systemCacheBytes: Double = 4 * 1_048_576,
    displayGamut: DisplayGamut = .sRGB, idiom: DeviceIdiom = .phone
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
    self.systemCacheBytes = systemCacheBytes
    self.displayGamut = displayGamut
    self.idiom = idiom
  }

  /// Pixels the GPU renders for a full screen.
  public var screenPixelArea: Double { renderedPixels.width * renderedPixels.height }

  /// The `gpuFamily` of a GPU that has no Metal family: the PowerVR SGX543 and SGX554 of the A5,
  /// A6, A5X and A6X, which run OpenGL ES only (Metal's first family, Apple1, is the A7's: Apple's
  /// Metal feature-set tables).
  public static let preMetalFamily = "pre-Metal"

  /// The number of the Metal GPU family ("Apple8" is 8), which orders GPU generations: 0 for a
  /// GPU older than Metal (``preMetalFamily``), so that it comes before the A7's Apple1 and, like
  /// the families before Apple5, does not compress render targets; nil when the family is
  /// neither (a user's profile may name any).
  public var gpuGeneration: Int? {
    if gpuFamily == Self.preMetalFamily { return 0 }
    guard gpuFamily.hasPrefix("Apple") else { return nil }
    return Int(gpuFamily.dropFirst("Apple".count))
  }

  /// True when the GPU compresses render targets and private textures losslessly as it stores
  /// them, cutting their memory traffic: Apple GPUs from the A12 (Metal family Apple5) on
  /// (Apple's "Optimizing texture data": Metal optimizes private textures for GPU access; lossless
  /// compression arrived with the A12's GPU, WWDC18 keynote and "Metal for game developers").
  public var compressesRenderTargets: Bool { (gpuGeneration ?? 0) >= 5 }

  /// True when Core Animation animations (not the app's own scrolling) are held to 60 Hz on this
  /// display unless the app opts in: ProMotion iPhones without `CADisableMinimumFrameDurationOnPhone`
  /// (Apple, "Optimizing iPhone and iPad apps to support ProMotion displays", and the
  /// `CADisableMinimumFrameDurationOnPhone` Info.plist key).
  public var limitsAnimationsTo60Hz: Bool { idiom == .phone && refreshRate > 60 }

  /// CPU cores that run the app's threads at once: how many serial queues a drawing pool makes
  /// (YYAsyncLayer's `YYAsyncLayerGetDisplayQueue`: one per `activeProcessorCount`), from the
  /// chip at the start of ``gpu``. A5, A5X, A6, A6X, A7, A8, A9 and A9X: two (Apple's "dual-core"
  /// and AnandTech's reviews); A8X: three (AnandTech, iPad Air 2 review); A10 Fusion and A10X
  /// Fusion: two and three, their high-performance and high-efficiency cores never running at
  /// once (Apple's performance controller switches between them; AnandTech, iPhone 7 review);
  /// A11 to A19: six, all at once (Apple: the A11's "second-generation performance controller"
  /// uses all six; later iPhones' specifications: "6-core CPU with 2 performance and 4 efficiency
  /// cores"), but the iPad (A16)'s, with a 4-core GPU: five (its specifications: "5-core CPU");
  /// A12X and A12Z: eight; M3: eight; M4: nine, the CPU of the iPad Pro's 256 GB and 512
  /// GB models (Apple's specifications: 1 TB and 2 TB have ten). Any other chip (a user's profile
  /// naming none of these): two, the fewest any of them has.
  public var cpuCores: Int { Self.cpuCores(chip: gpu) }

  /// The cores of the chip `gpu` names first (``cpuCores``).
  static func cpuCores(chip gpu: String) -> Int {
    let chip = gpu.split(separator: " ").first.map(String.init) ?? ""
    switch chip {
    case "A16" where gpu.contains("4-core GPU"): return 5
    case "A8X", "A10X": return 3
    case "A11", "A12", "A13", "A14", "A15", "A16", "A17", "A18", "A19": return 6
    case "A12X", "A12Z", "M3": return 8
    case "M4": return 9
    default: return 2
    }
  }
}

/// A hardware figure of a device profile that the cost model reads.
public enum DeviceFigure: String, Sendable, Hashable, CaseIterable {
  case gpuSpeed, cpuSpeed, memoryBandwidth, systemCache
}

extension DeviceProfile {
  /// The profile with `figures` marked as assumed (``assumedFigures``).
  public func assuming(_ figures: DeviceFigure...) -> DeviceProfile {
    var profile = self
    profile.assumedFigures.formUnion(figures)
    return profile
  }
}

/// What a user's device profile says of itself: the device it starts from, and for a calibrated
/// profile how well it fits its measurements. The reports' headers name it.
public struct UserProfile: Sendable, Hashable {
  /// The catalogue device the profile changes (`basedOn`); nil when it gives every figure.
  public var basedOn: String?
  /// Set when the profile was written by `offscreen-sim calibrate`.
  public var calibration: CalibrationSummary?

  public init(basedOn: String?, calibration: CalibrationSummary? = nil) {
    self.basedOn = basedOn
    self.calibration = calibration
  }
}

/// How a calibrated profile fits the measurements it was fitted to: what a report's header says.
public struct CalibrationSummary: Sendable, Hashable {
  /// The measured cases fitted.
  public var cases: Int
  /// The root mean square of the figures' errors after the fit, in tolerances (1: on the edge of
  /// the measured range on average).
  public var error: Double
  /// The same when each case is predicted by a fit without it (leave-one-out); nil when not made.
  public var leaveOneOutError: Double?

  public init(cases: Int, error: Double, leaveOneOutError: Double?) {
    self.cases = cases
    self.error = error
    self.leaveOneOutError = leaveOneOutError
  }
}

/// The colour gamut a display shows.
public enum DisplayGamut: String, Sendable, Hashable, CaseIterable {
  /// sRGB: 8 bits a channel are enough.
  case sRGB
  /// Display P3 (iPhone 7, iPad Pro 9.7-inch and later): wide-colour drawing needs more than
  /// 8 bits a channel.
  case displayP3 = "P3"
}

/// The kind of device, as UIKit's user-interface idiom names it.
public enum DeviceIdiom: String, Sendable, Hashable, CaseIterable {
  case phone
  case pad
}
