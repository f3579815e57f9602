import LayerTree

/// What a layer draws itself, from its properties alone.
enum LayerDrawing {
  /// Contents that put pixels on screen (an empty label draws nothing).
  static func contentsDraw(_ contents: Contents) -> Bool {
    switch contents {
    case .image: return true
    case .text(let text): return text.characters > 0
    case .drawing: return true
    }
  }

  /// True when the layer draws something itself: a background, a border, contents, a shape, a
  /// gradient, an effect, or a shadow whose shape is given by `shadowPath`.
  static func drawsSelf(_ layer: Layer) -> Bool {
    // A transform layer renders only its sublayers (Apple, `CATransformLayer`).
    if layer.kind.isTransformLayer { return false }
    if let color = layer.backgroundColor, !color.isClear { return true }
    if layer.borderWidth > 0 && !layer.borderColor.isClear { return true }
    if let contents = layer.contents, contentsDraw(contents) { return true }
    if hasShadow(layer) && layer.shadowPath != nil { return true }
    switch layer.kind {
    case .plain, .transformLayer, .replicator: return false
    case .shape(let shape):
      let fills = shape.fillColor.map { !$0.isClear } ?? false
      let strokes = (shape.strokeColor.map { !$0.isClear } ?? false) && shape.lineWidth > 0
      return fills || strokes
    case .gradient(let gradient): return gradient.colors.contains { !$0.isClear }
    case .visualEffect: return true
    }
  }

  /// A visible shadow is set: opacity above 0 and a colour that is not clear.
  static func hasShadow(_ layer: Layer) -> Bool {
    layer.shadowOpacity > 0 && !layer.shadowColor.isClear && !layer.kind.isTransformLayer
  }

  /// The layer's own drawing covers its bounds with opaque pixels (before its opacity).
  static func coversOpaque(_ layer: Layer) -> Bool {
    if layer.kind.isTransformLayer { return false }
    // With no corner in `maskedCorners`, `cornerRadius` rounds nothing.
    let square = layer.cornerRadius == 0 || layer.maskedCorners.isEmpty
    if let color = layer.backgroundColor, color.isOpaque, square { return true }
    switch layer.kind {
    case .gradient(let gradient): if gradient.isOpaque && square { return true }
    case .shape(let shape):
      if case .rect(let rect) = shape.path, rect.contains(layer.bounds), shape.fillColor?.isOpaque == true { return true }
    case .plain, .visualEffect, .transformLayer, .replicator: break
    }
    switch layer.contents {
    case .image(let image):
      let fills = layer.contentsGravity == .resize || layer.contentsGravity == .resizeAspectFill
      return image.opaque && fills && square
    case .drawing(let drawing):
      return (drawing.opaque || layer.isOpaque) && square
    case .text:
      return layer.isOpaque && square
    case nil:
      return false
    }
  }
}
