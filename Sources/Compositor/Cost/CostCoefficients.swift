/// The cost model's coefficients, for the reference device (A8, `gpuSpeed` = `cpuSpeed` = 1).
///
/// Other devices scale them by hardware facts only: GPU work by `gpuSpeed`, CPU work by
/// `cpuSpeed`, memory traffic by the memory bandwidth and the system cache, pixels by the screen.
/// Nothing is tuned per scene or per device. Each coefficient says where its value comes from:
/// Apple's figures, a hardware fact, an estimate from public figures, or the measured cases it
/// was fitted to, all at once (docs/cost-model.md has the fit and the table of every case).
public struct CostCoefficients: Sendable, Hashable {
  // MARK: GPU (render execute): shading

  /// Seconds to shade one opaque pixel of a layer on the A8, after hidden-surface removal (a
  /// texture sample or a colour, written to tile memory). Fitted, with `passResolveTime` and
  /// `frameBaseTime`, to the QQ Music cases on the iPhone 6 Plus at once: v2 (no offscreen pass)
  /// runs the GPU about 28% busy at 55-59 fps, v1 about 90% at about 40 fps.
  public var opaquePixelTime = 0.5e-9
  /// A blended pixel costs this many opaque ones: it cannot be removed by hidden-surface removal
  /// and the GPU reads the tile's colour and blends in the shader core (PowerVR and Apple GPUs
  /// have no fixed-function blending: a few more instructions per fragment). Estimate.
  public var blendedPixelFactor = 1.5
  /// Bytes read from memory per pixel of a textured layer (image, text, drawing, gradient,
  /// cached bitmap): one RGBA8 texel per pixel drawn at 1:1. Hardware fact.
  public var textureBytesPerPixel = 4.0
  /// Bytes per pixel of a render target (RGBA8). Hardware fact.
  public var targetBytesPerPixel = 4.0

  // MARK: GPU: offscreen passes

  /// GPU idle time of one render-target switch: "about 0.1-0.2 ms each" between the passes of a
  /// blur (WWDC14 session 419, on the A7 of the iPad Air). The GPU waits for its pipeline to drain
  /// and start again: a latency, not work, so it is taken as the same on every GPU (assumed: Apple
  /// gives the one figure). A pass into its own target and back is two switches;
  /// a blur's three chained targets are four. The GPU is idle, not busy, during a switch: it
  /// counts in a frame's GPU time but not in its GPU utilization (419: a GPU-bound app with many
  /// passes shows less than 100%). Fitted within Apple's range to the measured cases at once
  /// (docs/cost-model.md, "Measured cases against the model").
  public var switchIdleTime = 0.15e-3
  /// Share of the interrupted render pass's target (the screen for a pass drawn straight into
  /// it) whose tiles are stored to memory and loaded again around one offscreen pass. A
  /// tile-based GPU ends the render pass to render into another target: the tiles it has shaded
  /// so far are stored, and loaded again when the pass resumes. 1 when every tile of the screen
  /// had been touched; less when the render server renders the offscreen content before the tiles
  /// it covers are shaded. Bounded 0...1 by that reading; fitted to the measured cases at once
  /// (docs/cost-model.md, "Measured cases against the model").
  public var interruptedTileShare = 0.6
  /// Bytes a render target's pixel moves to and from memory over its uncompressed size, on GPUs
  /// that compress render targets losslessly (the A12 and later: Metal compresses textures it
  /// keeps private to the GPU, "Optimizing texture data"). Lossless compression guarantees no
  /// ratio; interface content (flat colours, text, gradients) compresses well. Estimate: half.
  public var targetCompressionRatio = 0.5
  /// Share of the system-level cache the GPU's render targets and textures can occupy (the CPUs
  /// and the display share it). Estimate.
  public var systemCacheGPUShare = 0.5
  /// The system-level cache's bandwidth over DRAM's. Estimate: AnandTech's latency curves show the
  /// system cache at about half of DRAM's latency; we take twice its bandwidth.
  public var systemCacheSpeedup = 2.0

  // MARK: GPU: blurs

  /// Seconds per texture sample on the A8, for blurs: 8 texture units at 533 MHz give about
  /// 4.3 Gtexel/s. Estimate from the GPU's configuration.
  public var texelTime = 1 / 4.3e9
  /// A shadow's Gaussian blur runs at a resolution where its radius is at most this many pixels:
  /// the render server, like Core Image's Gaussian blur, downsamples before blurring a large
  /// radius, so a shadow's blur costs at most about as much as one of this radius over its
  /// target. Estimate.
  public var maxBlurRadiusPixels = 8.0
  /// A visual effect blurs a capture downscaled this many times on each axis ("this downscale
  /// depends on the hardware", WWDC14 session 419). Estimate.
  public var effectDownscale = 8.0
  /// A visual effect's blur radius, in points. Estimate (the system materials' radius is not
  /// published).
  public var effectBlurRadius = 20.0
  /// Shading cost of a vibrancy effect's filter pass per pixel, in opaque pixels: it reads the
  /// blurred backdrop and the vibrant content and combines them, "the most expensive pass of
  /// all" (WWDC14 session 419). Estimate: three texture reads and the filter's arithmetic.
  public var vibrancyFilterFactor = 3.0

  // MARK: Render server (render prepare, CPU)

  /// CPU seconds per layer the render server walks on the A8. Estimate (the render server
  /// prepares about 10,000 layers per 16 ms frame on an A8-class CPU).
  public var renderServerLayerTime = 1.5e-6
  /// CPU seconds to evaluate one running animation on one layer. Estimate.
  public var renderServerAnimationTime = 3e-6
  /// CPU seconds to set up one offscreen pass's render target and draw list. Estimate.
  public var renderServerPassTime = 30e-6
  /// CPU seconds per point of a CAShapeLayer path, rasterized by the render server when the path
  /// first shows or changes. Estimate.
  public var shapePointTime = 0.5e-6
  /// CPU seconds per pixel of a shape layer's rasterized path on the A8. Estimate.
  public var shapePixelTime = 2e-9

  // MARK: Main thread (commit) and background threads

  /// Main-thread seconds of a frame in which the app changed anything on the A8: event handling,
  /// the scroll view's and table's layout pass, opening and closing the Core Animation
  /// transaction. Fitted with the pixel and pass terms to the QQ Music cases (v1's CPU about 15%
  /// while scrolling).
  public var frameBaseTime = 1.2e-3
  /// Seconds to configure and lay out one view the app sets up (a cell's subview given a new
  /// item, or shown for the first time: view set-up, Auto Layout, frame arithmetic) on the A8.
  /// Fitted with `textLayoutTime` and `glyphTime` to the measured cases at once (see
  /// `glyphTime`): the mail-list cell measured on an iPhone 7, whose composite build took 3-8 ms
  /// to create or configure.
  public var layoutTime = 0.3e-3
  /// Seconds to set up one label's text when it is configured (the text system's set-up:
  /// attributed string, font, framesetter) on the A8, beside `glyphTime` per character, on the
  /// thread that draws the label: a label drawn asynchronously (YYText) typesets in its display
  /// task on a background thread. Fitted with `layoutTime` and `glyphTime` (see there); QQ Music
  /// v1's CPU about 15% while scrolling holds it down: its many labels are short (3-12
  /// characters), so their set-up, not their text, is what they cost.
  public var textLayoutTime = 1.2e-3
  /// Seconds to encode one changed layer into the commit on the A8. Estimate.
  public var commitTime = 8e-6
  /// Seconds per backing-store pixel to draw text or `draw(_:)` contents on the A8 (clear, fill,
  /// blend glyphs). Estimate.
  public var drawPixelTime = 4e-9
  /// Seconds per character to typeset and draw text on the A8 (Core Text: glyphs laid out in
  /// lines, then drawn into the label's backing store), on the thread that draws it. Fitted with
  /// `layoutTime` and `textLayoutTime` to the measured cases at once: the composite mail cell
  /// (four one-line labels, 128 characters; 3-8 ms to create or configure on an iPhone 7) at the
  /// middle of its range (5.4 ms a cell); QQ Music v1's CPU about 15% (short labels); and the feed
  /// list on an iPhone 6 (rows of cached height), whose cells drawn on the main thread keep a fast
  /// scroll below 55 fps while the same text drawn asynchronously reaches 55+. The feed case needs
  /// more than about 41 µs (two cells a frame past the 16.7 ms budget), the mail cell's 8 ms
  /// allows up to about 97 µs.
  public var glyphTime = 50e-6
  /// Seconds per pixel to decode an image shown for the first time on the A8 (JPEG and PNG
  /// decode with the pixel-format conversion). Estimate: about 100 Mpixel/s.
  public var decodePixelTime = 10e-9
  /// Seconds per pixel to draw an image with Core Graphics into new contents (decode, clip the
  /// corners, bake a gradient) on the A8. Fitted: QQ Music v2's CPU 30-50% while scrolling
  /// (about 11 Mpixel/s for the three operations).
  public var imageDrawPixelTime = 90e-9

  public init() {}

  public static let standard = CostCoefficients()
}
