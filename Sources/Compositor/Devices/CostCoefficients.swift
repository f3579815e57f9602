/// The cost model's coefficients, for the reference device (A8, `gpuSpeed` = `cpuSpeed` = 1).
///
/// Other devices scale them by hardware facts only: GPU work by `gpuSpeed`, CPU work by
/// `cpuSpeed`, memory traffic by the memory bandwidth and the system cache, pixels by the screen.
/// Nothing is tuned per scene or per device. Each coefficient says where its value comes from:
/// Apple's figures, a hardware fact, an estimate from public figures, or the measured cases it
/// was fitted to, all at once (docs/cost-model.md has the fit and the table of every case).
public struct CostCoefficients: Sendable, Hashable {
  // MARK: GPU (render execute): shading

  /// Seconds to shade one opaque pixel of a layer on the A8, after hidden-surface removal (a texture
  /// sample or a colour, written to tile memory). Fitted to every measured case at once
  /// (measurements/published.json; docs/cost-model.md, "Measured cases against the model"): the
  /// iPad (3rd generation)'s tint-only frame (a full-screen image under a full-screen tint, 4.59 ms:
  /// WWDC14 session 419) holds it down, to its bound, the A8's fill rate (0.2 ns a pixel); the
  /// plain tables' GPU utilization on the A5 is made up by the tiler (`tilerLayerTime`).
  public var opaquePixelTime = 0.2e-9
  /// A blended pixel costs this many opaque ones: it cannot be removed by hidden-surface removal, and
  /// the GPU reads the tile's colour and blends in the shader core (PowerVR and Apple GPUs have no
  /// fixed-function blending). Fitted to every measured case at once (measurements/published.json;
  /// docs/cost-model.md, "Measured cases against the model"): at its lower bound, 1: the measured
  /// cases give a blended pixel no cost beyond an opaque one's, once hidden-surface removal has
  /// spared the opaque layers' hidden pixels.
  public var blendedPixelFactor = 1.0
  /// GPU seconds, on the A8, of each layer drawn beside its pixels: its geometry through the tiler
  /// (WWDC14 session 419: the first stage of every frame transforms the vertices and bins them into
  /// the tiles they cover, the OpenGL ES driver instrument's "tiler utilization"; its "device
  /// utilization", the GPU busy figure the session's case studies read, counts the tiler and the
  /// renderer) and its draw's set-up. A layer drawn is a quad and a draw whatever its size, hidden
  /// by an opaque layer above it or not; it is paid where the frame redraws it. Fitted to every
  /// measured case at once (measurements/published.json; docs/cost-model.md, "Measured cases
  /// against the model"): the A5's plain tables (GPU 30-37% busy at 60 fps with 34 to 49 layers
  /// drawn) against the iPad (3rd generation)'s full-screen image and tint (three layers, 4.59 ms).
  public var tilerLayerTime = 18.12e-6
  /// Bytes read from memory per pixel of a textured layer (image, text, drawing, gradient, cached
  /// bitmap): one RGBA8 texel per pixel drawn at 1:1. Hardware fact.
  public var textureBytesPerPixel = 4.0
  /// Bytes per pixel of a render target (RGBA8). Hardware fact.
  public var targetBytesPerPixel = 4.0

  // MARK: GPU: offscreen passes

  /// GPU idle time of one render-target switch: "about 0.1-0.2 ms each" between the passes of a blur
  /// (WWDC14 session 419, on the A7 of the iPad Air). The GPU waits for its pipeline to drain and
  /// start again: a latency, not work, so it is taken as the same on every GPU (assumed: Apple gives
  /// the one figure). A pass into its own target and back is two switches; a blur's three chained
  /// targets are four. The GPU is idle, not busy, during a switch: it counts in a frame's GPU time
  /// but not in its GPU utilization (419: a GPU-bound app with many passes shows less than 100%).
  /// Fitted to every measured case at once (measurements/published.json; docs/cost-model.md,
  /// "Measured cases against the model"), within Apple's range.
  public var switchIdleTime = 0.1609e-3
  /// Share of the interrupted render pass's target (the screen for a pass drawn straight into it)
  /// whose tiles are stored to memory and loaded again around one offscreen pass. A tile-based GPU
  /// ends the render pass to render into another target: the tiles it has shaded so far are stored,
  /// and loaded again when the pass resumes. 1 when every tile of the screen had been touched; less
  /// when the render server renders offscreen content before the tiles it covers are shaded. Bounded
  /// 0...1 by that reading. Fitted to every measured case at once (measurements/published.json;
  /// docs/cost-model.md, "Measured cases against the model"): QQ Music v1 on the 6 Plus (13 rounded
  /// clips a frame, about 40 fps) holds it down, the A5's masked contacts table (43-47 fps, the GPU
  /// 84-89% busy) up.
  public var interruptedTileShare = 0.4066
  /// GPU seconds per pixel, on the A8, to write a tile of the interrupted render pass out to memory
  /// and load it back: the GPU's own work beside the bytes' traffic, growing with the pixels of the
  /// pass it interrupts, divided by the GPU's speed. Fitted to every measured case at once
  /// (measurements/published.json; docs/cost-model.md, "Measured cases against the model").
  public var tileStorePixelTime = 0.6318e-9
  /// Bytes a render target's pixel moves to and from memory over its uncompressed size, on GPUs that
  /// compress render targets losslessly (the A12 and later: Metal compresses textures it keeps
  /// private to the GPU, "Optimizing texture data"). Lossless compression guarantees no ratio;
  /// interface content (flat colours, text, gradients) compresses well. Estimate: half.
  public var targetCompressionRatio = 0.5
  /// Share of the system-level cache the GPU's render targets and textures can occupy (the CPUs and
  /// the display share it). Estimate.
  public var systemCacheGPUShare = 0.5
  /// The system-level cache's bandwidth over DRAM's. Estimate: AnandTech's latency curves show the
  /// system cache at about half of DRAM's latency; we take twice its bandwidth.
  public var systemCacheSpeedup = 2.0

  // MARK: GPU: blurs

  /// Seconds per texture sample on the A8, for blurs: 8 texture units at 533 MHz give about 4.3
  /// Gtexel/s. Estimate from the GPU's configuration.
  public var texelTime = 1 / 4.3e9
  /// A blur's texture sample costs this many times `texelTime` on GPUs before the A7 (the A5's and
  /// A6's PowerVR SGX, pre-Metal): a blur computes its sample positions in the shader, and Apple's
  /// OpenGL ES Programming Guide ("Best Practices for Shaders", "Avoid Dynamic Texture Lookups")
  /// says such dependent texture reads cost nothing extra only on OpenGL ES 3.0-capable hardware
  /// (the A7 and later) and delay the texel's loading on the others. Fitted to every measured case
  /// at once (measurements/published.json; docs/cost-model.md, "Measured cases against the
  /// model"): the A5's photo table with path-less shadows (mid 30s fps on the iPod touch) holds it
  /// down, the iPad (3rd generation)'s full-screen blur up.
  public var preMetalBlurSampleFactor = 1.489
  /// A shadow's Gaussian blur runs at a resolution where its radius is at most this many pixels: the
  /// render server, like Core Image's Gaussian blur, downsamples before blurring a large radius, so a
  /// shadow's blur costs at most about as much as one of this radius over its target. Estimate.
  public var maxBlurRadiusPixels = 8.0
  /// A visual effect blurs a capture downscaled this many times on each axis ("this downscale depends
  /// on the hardware", WWDC14 session 419). Estimate.
  public var effectDownscale = 8.0
  /// A visual effect's blur radius, in points. Estimate (the system materials' radius is not
  /// published).
  public var effectBlurRadius = 20.0
  /// Shading cost of a vibrancy effect's filter pass per pixel, in opaque pixels: it reads the
  /// blurred backdrop and the vibrant content and combines them, "the most expensive pass of all"
  /// (WWDC14 session 419). Fitted to every measured case at once (measurements/published.json;
  /// docs/cost-model.md, "Measured cases against the model"): at its lower bound, 1: the iPad
  /// Air's full-screen vibrancy over a full-screen blur (14-17.48 ms) is within its range at one
  /// opaque pixel's cost, and measures the factor too loosely to move it.
  public var vibrancyFilterFactor = 1.0

  // MARK: Render server (render prepare, CPU)

  /// CPU seconds per layer the render server walks on the A8. Estimate (the render server prepares
  /// about 10,000 layers per 16 ms frame on an A8-class CPU).
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

  /// Main-thread seconds of a frame in which the app changed anything on the A8: event handling, the
  /// scroll view's and table's layout pass, opening and closing the Core Animation transaction. Set
  /// within what the measured cases allow (measurements/published.json: the A5's tables at 60 fps
  /// while scrolling, QQ Music v1's CPU about 15%), where the fit puts it.
  public var frameBaseTime = 0.4259e-3
  /// Seconds to configure and lay out one view the app sets up (a cell's subview given a new item, or
  /// shown for the first time: view set-up, Auto Layout, frame arithmetic) on the A8. Fitted to every
  /// measured case at once (measurements/published.json; docs/cost-model.md, "Measured cases against
  /// the model"): the A5's photo and contacts tables scroll at 60 fps, reusing a cell every few
  /// frames.
  public var layoutTime = 0.1557e-3
  /// Seconds to set up one label's text when it is configured (the text system's set-up: attributed
  /// string, font, framesetter) on the A8, beside `glyphTime` per character, on the thread that draws
  /// the label: a label drawn asynchronously (YYText) typesets in its display task on a background
  /// thread. Fitted to every measured case at once (measurements/published.json; docs/cost-model.md,
  /// "Measured cases against the model"), with `layoutTime`.
  public var textLayoutTime = 0.5918e-3
  /// Seconds per constraint of an Auto Layout solve on the A8 (a reuse pool's `"layout":
  /// "autoLayout"` with its `constraints`, or a view's own `constraints` solved when it first
  /// shows), beside each label measured in the solve (`textLayoutTime` and its glyphs). Linear in
  /// the constraints, as WWDC18 session 220 describes the engine for independent views. Fitted to
  /// every measured case at once (measurements/published.json; docs/cost-model.md, "Measured cases
  /// against the model"): QQ Music's home page on the iPhone 6 Plus, whose cards are laid out from
  /// XIBs of 6 to 59 constraints, between v1.1's 45 fps and v2's 55-59; and ifelseboyxx's list
  /// demo on the iPhone 6, where Auto Layout with cached heights and asynchronous text reaches
  /// 55-59 fps.
  public var constraintTime = 0.07735e-3
  /// Seconds to encode one changed layer into the commit on the A8. Estimate.
  public var commitTime = 8e-6
  /// Seconds per backing-store pixel to draw text or `draw(_:)` contents on the A8 (clear, fill,
  /// blend glyphs). Estimate.
  public var drawPixelTime = 4e-9
  /// Seconds per character to typeset and draw text on the A8 (Core Text: glyphs laid out in lines,
  /// then drawn into the label's backing store), on the thread that draws it: small beside a label's
  /// set-up (`textLayoutTime`), so a 5,000-character label costs 40 ms, not the set-up of a hundred
  /// labels. Set within what the measured cases allow (measurements/published.json); the fit holds
  /// it: the cases measure it too loosely to move it.
  public var glyphTime = 8e-6
  /// Seconds per colour emoji (a glyph of a bitmap font: Apple Color Emoji) beyond `glyphTime`, on
  /// the A8, wherever its label is measured or drawn: the emoji font found by fallback, and the
  /// glyph's picture decoded and scaled to the point size, where an outline glyph is rasterized
  /// from a cached outline. Set within what the measured cases allow (measurements/published.json;
  /// docs/cost-model.md, "Measured cases against the model"), near the middle of the range, about
  /// 150 to 170 µs, in which the five tables of ifelseboyxx's list demo on the iPhone 6 all hold
  /// (each title has 56 emoji):
  /// its frame-laid-out cells miss a frame each when their labels draw on the main thread and none
  /// when they draw asynchronously. A fit from it keeps it: the cases' frame rates move by whole
  /// frames. The cases do not tell measuring an emoji from drawing it; one price serves both.
  public var emojiGlyphTime = 160e-6
  /// Seconds per pixel to decode an image shown for the first time on the A8 (JPEG and PNG decode
  /// with the pixel-format conversion). Estimate: about 100 Mpixel/s.
  public var decodePixelTime = 10e-9
  /// Seconds per pixel to draw an image with Core Graphics into new contents (decode, clip the
  /// corners, bake a gradient) on the A8. Fitted to every measured case at once
  /// (measurements/published.json; docs/cost-model.md, "Measured cases against the model"): QQ Music
  /// v2's process CPU 30-50% while scrolling (its covers drawn on background threads).
  public var imageDrawPixelTime = 148.9e-9

  public init() {}

  public static let standard = CostCoefficients()
}
