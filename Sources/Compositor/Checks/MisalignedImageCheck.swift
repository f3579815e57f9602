import LayerTree

/// `misaligned-image`: an image whose layer does not start on the screen's pixel grid.
///
/// An image drawn from a fractional pixel position is resampled and blurred every frame
/// (Instruments' Color Misaligned Images tints it magenta). A rotated layer is left out, its
/// pixels are resampled anyway. Fix: round the layer's frame origin to whole pixels.
public struct MisalignedImageCheck: ImageCheck {
  public static let checkID = "misaligned-image"
  public var id: String { Self.checkID }
  public var title: String { "Misaligned image" }
  public var reason: String { "The image starts between pixels on screen, so it is resampled and blurred every frame." }
  public var fix: String { "Round the layer's frame origin to whole pixels (1/scale of a point)." }

  public init() {}

  public func evaluate(_ context: ImageCheckContext) -> Bool {
    let (x, y) = Self.origin(context)
    return context.axisAligned && (abs(x - roundedToNearest(x)) > 1e-6 || abs(y - roundedToNearest(y)) > 1e-6)
  }

  public func describe(_ context: ImageCheckContext) -> RuleWords {
    let (x, y) = Self.origin(context)
    return RuleWords(
      message: "The image starts at (\(formatNumber(x)), \(formatNumber(y))) pixels, off the pixel grid: it is resampled and blurred.",
      fix: "Round the layer's frame origin to whole pixels (1/\(formatNumber(context.scale)) pt on this screen).")
  }

  /// Where the image starts on screen, in pixels.
  private static func origin(_ context: ImageCheckContext) -> (x: Double, y: Double) {
    (context.screenRect.x * context.scale, context.screenRect.y * context.scale)
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "an image at x = 10.25 pt on a @2x screen: 20.5 pixels", passes: 1,
        layer: ##"{"id": "subject", "frame": [10.25, 10, 100, 100], "contents": {"type": "image", "pixelSize": [200, 200]}}"##),
      RuleExample(
        "an image at x = 10.5 pt on a @2x screen: 21 pixels, on the grid", passes: 0,
        layer: ##"{"id": "subject", "frame": [10.5, 10, 100, 100], "contents": {"type": "image", "pixelSize": [200, 200]}}"##),
      RuleExample(
        "a rotated layer is resampled anyway: not reported", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10.25, 10, 100, 100], "transform": {"rotation": 10}, "contents": {"type": "image", "pixelSize": [200, 200]}}"##
      ),
    ]
  }
}
