import LayerTree

/// A check on an image a layer draws, as Instruments' Color Misaligned Images shows it: an
/// image the GPU resamples every frame. It costs no offscreen pass; the report counts it apart
/// (``ImageSummary``).
///
/// Each check is one type in `Sources/Compositor/Checks/`, registered in ``ImageChecks/all``
/// beside the offscreen rules, with its id, words, examples and condition.
public protocol ImageCheck: Sendable {
  /// A stable id, used in reports and CI baselines: `scaled-image`.
  var id: String { get }
  /// A short title: "Scaled image".
  var title: String { get }
  /// Why the image costs, in words.
  var reason: String { get }
  /// What fixes it, in words.
  var fix: String { get }
  /// Image layers that fail the check and layers that pass it, run by one parameterized test.
  /// An example's `passes` is 1 when the check reports the layer `subject`, 0 when it does not.
  var examples: [RuleExample] { get }
  /// The finding on this image, or nil when the image passes.
  func evaluate(_ context: ImageCheckContext) -> ImageCheckHit?
}

/// What an image check reads: the image, the layer that draws it and where the decide pass put
/// it, on a screen of `scale` pixels per point. Checks run on image layers that draw and are
/// not drawn by a rasterized ancestor's cached bitmap.
public struct ImageCheckContext {
  public let image: ImageContents
  /// The layer as it is this frame.
  public let layer: Layer
  public let plan: NodePlan
  public let scale: Double

  /// The layer's bounds on screen, in whole pixels.
  public var boundsPixels: Size {
    Size((plan.screenRect.width * scale).rounded(), (plan.screenRect.height * scale).rounded())
  }
}

/// What an image check found on one layer.
public struct ImageCheckHit: Sendable, Hashable {
  public var message: String
  public var fix: String

  public init(message: String, fix: String) {
    self.message = message
    self.fix = fix
  }
}
