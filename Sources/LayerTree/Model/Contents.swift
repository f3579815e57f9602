/// What a layer's `contents` hold: a bitmap the app supplies, or a backing store the app draws.
public enum Contents: Sendable, Hashable {
  /// A decoded image (`UIImageView`, `layer.contents = cgImage`).
  case image(ImageContents)
  /// CPU-drawn text, as a `UILabel` draws it into its backing store.
  case text(TextContents)
  /// A `draw(_:)` / `drawRect:` backing store.
  case drawing(DrawingContents)

  /// True for contents drawn by the app's CPU into a backing store owned by the layer.
  public var hasBackingStore: Bool {
    switch self {
    case .image: return false
    case .text, .drawing: return true
    }
  }

  public var typeName: String {
    switch self {
    case .image: return "image"
    case .text: return "text"
    case .drawing: return "drawing"
    }
  }
}

/// Where the app draws a backing store: on the main thread (the default) or on a background
/// thread, as asynchronous display (YYAsyncLayer, Texture) does.
public enum DrawingThread: String, Sendable, Hashable, CaseIterable {
  case main
  case background
}

public struct ImageContents: Sendable, Hashable {
  /// The bitmap's size in pixels.
  public var pixelSize: Size
  /// True when the image has no alpha channel or every pixel is opaque.
  public var opaque: Bool
  /// Wide colour (extended range, 8 bytes a pixel) instead of 4-byte sRGB.
  public var wideColor: Bool
  /// Set when the app draws the image itself with Core Graphics (corners or a gradient
  /// precomposed into it) on this thread, each time the contents change; nil for an image that
  /// is only decoded.
  public var drawnOn: DrawingThread?

  public init(pixelSize: Size, opaque: Bool = false, wideColor: Bool = false, drawnOn: DrawingThread? = nil) {
    self.pixelSize = pixelSize
    self.opaque = opaque
    self.wideColor = wideColor
    self.drawnOn = drawnOn
  }
}

public struct TextContents: Sendable, Hashable {
  /// Number of characters drawn.
  public var characters: Int
  /// How many of `characters` are colour emoji: glyphs of a bitmap font (Apple Color Emoji), each
  /// a picture the text system finds, decodes and scales, where an outline glyph is rasterized
  /// from its cached outline. At most `characters`.
  public var emoji: Int
  public var drawnOn: DrawingThread
  public var wideColor: Bool

  public init(characters: Int, emoji: Int = 0, drawnOn: DrawingThread = .main, wideColor: Bool = false) {
    self.characters = characters
    self.emoji = emoji
    self.drawnOn = drawnOn
    self.wideColor = wideColor
  }
}

public struct DrawingContents: Sendable, Hashable {
  public var drawnOn: DrawingThread
  public var wideColor: Bool
  /// True when the drawing fills its bounds with opaque pixels (the view's `isOpaque` promise
  /// is kept).
  public var opaque: Bool

  public init(drawnOn: DrawingThread = .main, wideColor: Bool = false, opaque: Bool = false) {
    self.drawnOn = drawnOn
    self.wideColor = wideColor
    self.opaque = opaque
  }
}

/// `contentsGravity`: how contents are placed in the bounds, with Core Animation's names.
public enum ContentsGravity: String, Sendable, Hashable, CaseIterable {
  case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
  case resize, resizeAspect, resizeAspectFill

  /// The size in pixels at which contents of `pixelSize` are drawn into bounds of `boundsPixels`:
  /// stretched (`resize`), fitted or filled keeping their aspect, or at their own size.
  public func drawnSize(of pixelSize: Size, in boundsPixels: Size) -> Size {
    guard pixelSize.width > 0, pixelSize.height > 0 else { return pixelSize }
    switch self {
    case .resize: return boundsPixels
    case .resizeAspect, .resizeAspectFill:
      let fx = boundsPixels.width / pixelSize.width
      let fy = boundsPixels.height / pixelSize.height
      let factor = self == .resizeAspect ? min(fx, fy) : max(fx, fy)
      return Size(pixelSize.width * factor, pixelSize.height * factor)
    default: return pixelSize
    }
  }
}
