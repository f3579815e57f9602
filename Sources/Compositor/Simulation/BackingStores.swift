import LayerTree

extension Simulator {
  /// The bitmap a layer that draws on the CPU owns: width x height x scale^2 x 4 bytes, 8 for
  /// wide colour. An empty `draw(_:)` still allocates it.
  static func backingStore(_ layer: Layer, path: String, scale: Double) -> BackingStore? {
    let drawnOn: DrawingThread
    let wide: Bool
    switch layer.contents {
    case .text(let text):
      drawnOn = text.drawnOn
      wide = text.wideColor
    case .drawing(let drawing):
      drawnOn = drawing.drawnOn
      wide = drawing.wideColor
    case .image, nil:
      return nil
    }
    let size = Size((layer.frame.width * scale).rounded(.up), (layer.frame.height * scale).rounded(.up))
    let bytes = size.width * size.height * (wide ? 8 : 4)
    guard bytes > 0 else { return nil }
    return BackingStore(layer: path, contents: layer.contents?.typeName ?? "", pixelSize: size, bytes: bytes, drawnOn: drawnOn)
  }
}
