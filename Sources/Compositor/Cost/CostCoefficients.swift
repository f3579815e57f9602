/// The cost model's coefficients, for the reference device (A8, `gpuSpeed` = `cpuSpeed` = 1).
///
/// Other devices scale them by hardware facts only: GPU work by `gpuSpeed`, CPU work by
/// `cpuSpeed`, memory traffic by `memoryBandwidth`, pixels by the screen. Nothing is tuned per
/// scene. Each coefficient says where its value comes from: a hardware fact, an estimate from
/// public figures, or the measured case it was fitted to (docs/cost-model.md has the fit).
public struct CostCoefficients: Sendable, Hashable {
  // MARK: GPU (render execute)

  /// Seconds to shade and blend one pixel of a layer on the A8. Fitted: QQ Music v2 (no
  /// offscreen passes) runs the GPU about 28% busy at 55-59 fps on the iPhone 6 Plus. It gives an
  /// effective 2.6 Gpixel/s, about 60% of the GX6450's peak fill rate (8 pixels a clock at
  /// 533 MHz).
  public var pixelTime = 1 / 2.6e9
  /// Bytes read from memory per pixel of a textured layer (image, text, drawing, gradient,
  /// cached bitmap): one RGBA8 texel per pixel drawn at 1:1. Hardware fact.
  public var textureBytesPerPixel = 4.0
  /// Bytes per pixel of a render target (RGBA8). Hardware fact.
  public var targetBytesPerPixel = 4.0
  /// Fixed GPU time of one render-target switch on the A8: the pipeline drains and idles.
  /// Estimate (a few tens of microseconds of drain and restart at 533 MHz, plus state setup).
  public var passSetupTime = 0.15e-3
  /// Share of the enclosing render target's bytes stored and loaded again when an offscreen pass
  /// interrupts it (1 would be every tile of it, both ways). Fitted: QQ Music v1 (13 rounded-clip
  /// passes a frame on average while scrolling) runs about 40 fps with the GPU about 90% busy on
  /// the iPhone 6 Plus, which leaves about 1.3 ms per pass, 65% of a full store and reload of
  /// the 1242 x 2208 target over 12.8 GB/s.
  public var switchFlushFraction = 0.65
  /// Seconds per texture sample on the A8, for blurs: 8 texture units at 533 MHz give about
  /// 4.3 Gtexel/s. Estimate from the GPU's configuration.
  public var texelTime = 1 / 4.3e9
  /// Largest blur radius, in pixels, sampled at full rate: a shadow's blur kernel is capped.
  /// Estimate.
  public var maxBlurRadiusPixels = 64.0
  /// A visual effect blurs at 1/4 of the resolution on each axis (capture and downscale first).
  /// Estimate from WWDC14 session 419's description of the blur passes.
  public var effectDownscale = 4.0
  /// A visual effect's blur radius, in points (UIBlurEffect's default styles). Estimate.
  public var effectBlurRadius = 20.0

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
  /// transaction. Fitted: QQ Music v1's CPU about 15% while scrolling (with the per-layer and
  /// per-pixel costs below, which give the rest).
  public var frameBaseTime = 1.8e-3
  /// Seconds to lay out one changed layer (layoutSubviews, frame arithmetic) on the A8. Estimate.
  public var layoutTime = 25e-6
  /// Seconds to encode one changed layer into the commit on the A8. Estimate.
  public var commitTime = 8e-6
  /// Seconds per backing-store pixel to draw text or `draw(_:)` contents on the A8 (clear, fill,
  /// blend glyphs). Estimate.
  public var drawPixelTime = 4e-9
  /// Seconds per character to lay out and draw text on the A8 (Core Text). Estimate.
  public var glyphTime = 4e-6
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
