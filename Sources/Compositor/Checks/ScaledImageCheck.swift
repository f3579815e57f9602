import LayerTree

/// `scaled-image`: an image whose pixel size differs from the pixels it is drawn at.
///
/// The image is resampled by the GPU every frame it is drawn, and looks soft when scaled up
/// (Instruments' Color Misaligned Images tints it yellow). What is drawn is the image fitted to
/// the layer's bounds by `contentsGravity`; a rotated layer is left out, its pixels are
/// resampled anyway. Fix: provide the image at the size it is drawn, resized off the main
/// thread.
public struct ScaledImageCheck: ImageCheck {
  public static let checkID = "scaled-image"
  public var id: String { Self.checkID }
  public var title: String { "Scaled image" }
  public var reason: String { "The image's pixel size differs from the pixels it is drawn at, so the GPU resamples it every frame." }
  public var fix: String { "Provide the image at the pixel size it is drawn at, resized off the main thread." }

  public init() {}

  /// ``evaluate(_:)`` reads the layer's size on screen and whether it is turned, the image's pixel
  /// size and the gravity.
  public var dependsOn: ImageCheckInputs? { [.screenSize, .axisAligned, .pixelSize, .contentsGravity] }

  public func evaluate(_ context: ImageCheckContext) -> Bool {
    let image = context.image
    let shown = Self.shownSize(context)
    return context.axisAligned
      && (abs(image.pixelSize.width - shown.width) >= 1 || abs(image.pixelSize.height - shown.height) >= 1)
  }

  public func describe(_ context: ImageCheckContext) -> RuleWords {
    let image = context.image
    let gravity = context.contentsGravity
    let shown = Self.shownSize(context)
    let wanted = gravity == .resize ? context.boundsPixels : shown
    return RuleWords(
      message:
        "The image is \(formatNumber(image.pixelSize.width)) x \(formatNumber(image.pixelSize.height)) pixels but is drawn at \(formatNumber(shown.width)) x \(formatNumber(shown.height)) (contentsGravity \(gravity.rawValue)): the GPU resamples it every frame.",
      fix: "Provide the image at \(formatNumber(wanted.width)) x \(formatNumber(wanted.height)) pixels, resized off the main thread.")
  }

  /// The image's size as drawn in the layer's bounds by `contentsGravity`, in whole pixels.
  private static func shownSize(_ context: ImageCheckContext) -> Size {
    let drawn = context.contentsGravity.drawnSize(of: context.image.pixelSize, in: context.boundsPixels)
    return Size(roundedToNearest(drawn.width), roundedToNearest(drawn.height))
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "a 400 x 400 image in a 100 x 100 pt layer on a @2x screen (200 x 200 pixels)", passes: 1,
        layer: ##"{"id": "subject", "frame": [10, 10, 100, 100], "contents": {"type": "image", "pixelSize": [400, 400]}}"##),
      RuleExample(
        "a 200 x 200 image in a 100 x 100 pt layer on a @2x screen", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 100, 100], "contents": {"type": "image", "pixelSize": [200, 200]}}"##),
      RuleExample(
        "aspect fit keeps a 400 x 200 image whole: drawn at 200 x 100, still scaled", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 100, 100], "contentsGravity": "resizeAspect", "contents": {"type": "image", "pixelSize": [400, 200]}}"##
      ),
      RuleExample(
        "a rotated layer is resampled anyway: not reported", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 100, 100], "transform": {"rotation": 10}, "contents": {"type": "image", "pixelSize": [400, 400]}}"##
      ),
    ]
  }
}
