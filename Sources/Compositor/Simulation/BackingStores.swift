import LayerTree

extension Simulator {
  /// The bitmap a layer that draws on the CPU owns: width x height x scale^2 pixels of
  /// ``backingStoreElementBytes(text:wideColor:gamut:iosVersion:)`` each. An empty `draw(_:)`
  /// still allocates it.
  static func backingStore(
    _ contents: Contents?, frame: Rect, path: String, scale: Double, gamut: DisplayGamut, iosVersion: OSVersion
  ) -> BackingStore? {
    let drawnOn: DrawingThread
    let element: Double
    switch contents {
    case .text(let text):
      drawnOn = text.drawnOn
      element = backingStoreElementBytes(text: true, wideColor: text.wideColor, gamut: gamut, iosVersion: iosVersion)
    case .drawing(let drawing):
      drawnOn = drawing.drawnOn
      element = backingStoreElementBytes(text: false, wideColor: drawing.wideColor, gamut: gamut, iosVersion: iosVersion)
    case .image, nil:
      return nil
    }
    let size = Size((frame.width * scale).rounded(.up), (frame.height * scale).rounded(.up))
    let bytes = size.width * size.height * element
    guard bytes > 0 else { return nil }
    return BackingStore(layer: path, contents: contents?.typeName ?? "", pixelSize: size, bytes: bytes, drawnOn: drawnOn)
  }

  /// Bytes per pixel of a backing store. WWDC18 session 219 ("Image and graphics best
  /// practices"): a backing store's "element size grows to accommodate color range used by
  /// drawing", from iOS 12 on; before iOS 12, a view drawn with `draw(_:)` on a wide-gamut (P3)
  /// screen always got a 64-bit extended-range store, 8 bytes a pixel, whatever it drew. So:
  /// - wide colour drawn (`wideColor`): 8 bytes;
  /// - iOS 12 and later: a label's single-colour text 1 byte (a grey-8 store: "a monochrome label
  ///   consumes width x height x contentsScale^2 x 1 byte", as UILabel picks
  ///   `kCAContentsFormatGray8Uint`), other drawing 4 bytes (sRGB, 8 bits a channel);
  /// - before iOS 12: 8 bytes on a P3 screen, 4 on an sRGB screen, text or drawing alike.
  static func backingStoreElementBytes(text: Bool, wideColor: Bool, gamut: DisplayGamut, iosVersion: OSVersion) -> Double {
    if wideColor { return 8 }
    if iosVersion >= OSVersion(12, 0) { return text ? 1 : 4 }
    return gamut == .displayP3 ? 8 : 4
  }
}
