import LayerTree

/// Where a layer's drawing reaches, from its properties alone, and whether it stays inside a
/// rounded rectangle: the facts behind "nothing the layer draws reaches past its rounded bounds".
enum FixGeometry {
  /// The radius Core Animation draws: `cornerRadius` clamped to half the shorter side.
  static func effectiveRadius(_ radius: Double, of bounds: Rect) -> Double {
    max(0, min(radius, bounds.width / 2, bounds.height / 2))
  }

  /// True when `rect` lies inside `bounds` rounded by `radius`. The rounded rectangle is convex,
  /// so it holds the rectangle exactly when it holds its four corners.
  static func roundedRect(_ bounds: Rect, radius: Double, contains rect: Rect) -> Bool {
    let tolerance = 1e-6
    guard rect.minX >= bounds.minX - tolerance, rect.minY >= bounds.minY - tolerance, rect.maxX <= bounds.maxX + tolerance,
      rect.maxY <= bounds.maxY + tolerance
    else { return false }
    let r = effectiveRadius(radius, of: bounds)
    guard r > 0 else { return true }
    for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
      // The centre of the corner arc nearest the point, when the point is in a corner square.
      let cx = x < bounds.minX + r ? bounds.minX + r : (x > bounds.maxX - r ? bounds.maxX - r : x)
      let cy = y < bounds.minY + r ? bounds.minY + r : (y > bounds.maxY - r ? bounds.maxY - r : y)
      let dx = x - cx
      let dy = y - cy
      if dx * dx + dy * dy > (r + tolerance) * (r + tolerance) { return false }
    }
    return true
  }

  /// Where a layer's contents are drawn in its own coordinates: the bounds for a backing store,
  /// the gravity's placement for an image. Nil when the contents draw nothing.
  static func contentsRect(_ layer: Layer, scale: Double) -> Rect? {
    guard let contents = layer.contents, LayerDrawing.contentsDraw(contents) else { return nil }
    let bounds = layer.bounds
    guard case .image(let image) = contents else { return bounds }
    let gravity = layer.contentsGravity
    if gravity == .resize { return bounds }
    let drawn = gravity.drawnSize(of: image.pixelSize, in: Size(bounds.width * scale, bounds.height * scale))
    let width = drawn.width / scale
    let height = drawn.height / scale
    let centred = Rect((bounds.width - width) / 2, (bounds.height - height) / 2, width, height)
    switch gravity {
    case .resize, .resizeAspect, .resizeAspectFill, .center:
      return centred
    default:
      // Gravities that pin the contents to an edge or a corner. iOS flips the vertical ones for a
      // view's layer, so both edges are counted.
      let pinnedLeft = [ContentsGravity.left, .topLeft, .bottomLeft].contains(gravity)
      let pinnedRight = [ContentsGravity.right, .topRight, .bottomRight].contains(gravity)
      let pinnedVertically = ![ContentsGravity.left, .right].contains(gravity)
      let x = pinnedLeft ? 0 : (pinnedRight ? bounds.width - width : centred.x)
      if !pinnedVertically { return Rect(x, centred.y, width, height) }
      return Rect(x, 0, width, height).union(Rect(x, bounds.height - height, width, height))
    }
  }

  /// The parts of a layer's own drawing that a rounded clip would cut, in its own coordinates,
  /// with their names: contents, a gradient, a shape, an effect. The background colour and the
  /// border are not among them: `cornerRadius` rounds them without a clip.
  static func clippedOwnParts(_ layer: Layer, scale: Double) -> [(String, Rect)] {
    var parts: [(String, Rect)] = []
    if let rect = contentsRect(layer, scale: scale), let contents = layer.contents {
      parts.append(("\(contents.typeName) contents", rect))
    }
    switch layer.kind {
    case .plain, .transformLayer, .replicator: break
    case .gradient(let gradient): if gradient.colors.contains(where: { !$0.isClear }) { parts.append(("gradient", layer.bounds)) }
    case .visualEffect: parts.append(("visual effect", layer.bounds))
    case .shape(let shape): if let rect = shapeExtent(shape) { parts.append(("shape path", rect)) }
    }
    return parts
  }

  /// The extent of a shape layer's fill and stroke.
  static func shapeExtent(_ shape: ShapeLayer) -> Rect? {
    let fills = shape.fillColor.map { !$0.isClear } ?? false
    let strokes = (shape.strokeColor.map { !$0.isClear } ?? false) && shape.lineWidth > 0
    guard fills || strokes else { return nil }
    let bounds = shape.path.bounds
    return strokes ? bounds.insetBy(-shape.lineWidth / 2, -shape.lineWidth / 2) : bounds
  }

  /// The extent of everything a layer draws itself, in its own coordinates; nil when nothing.
  static func ownExtent(_ layer: Layer, scale: Double) -> Rect? {
    var extent: Rect? = nil
    func add(_ rect: Rect) { extent = extent.map { $0.union(rect) } ?? rect }
    if let color = layer.backgroundColor, !color.isClear { add(layer.bounds) }
    if layer.borderWidth > 0 && !layer.borderColor.isClear { add(layer.bounds) }
    for (_, rect) in clippedOwnParts(layer, scale: scale) { add(rect) }
    return extent
  }

  /// The extent of everything the layer and its subtree draw, shadows included, in its
  /// superlayer's coordinates; nil when it draws nothing. Hidden and transparent layers draw
  /// nothing unless `shows` says the timeline may show them. `masksToBounds` and a mask clip
  /// what is below them (and the layer's shadow, with `masksToBounds`).
  static func extent(_ layer: Layer, path: String, scale: Double, shows: (String) -> Bool = { _ in false }) -> Rect? {
    if (layer.isHidden || layer.opacity <= 0) && !shows(path) { return nil }
    var inside: Rect? = ownExtent(layer, scale: scale)
    for sublayer in layer.sublayers {
      if let rect = extent(sublayer, path: LayerPath.child(path, sublayer.id), scale: scale, shows: shows) {
        inside = inside.map { $0.union(rect) } ?? rect
      }
    }
    if layer.masksToBounds, let current = inside {
      let clipped = current.intersection(layer.bounds)
      inside = clipped.isEmpty ? nil : clipped
    }
    if let mask = layer.mask, let current = inside {
      let clipped = current.intersection(
        Affine.layer(frame: mask.frame, transform: mask.transform, anchor: mask.anchorPoint).boundingBox(of: mask.bounds))
      inside = clipped.isEmpty ? nil : clipped
    }
    guard var drawn = inside else { return nil }
    if LayerDrawing.hasShadow(layer) && !layer.masksToBounds {
      let caster: Rect
      switch layer.shadowPath {
      case .bounds?: caster = layer.bounds
      case .rect(let rect, _)?: caster = rect
      case nil: caster = drawn
      }
      let spread = layer.shadowRadius
      drawn = drawn.union(caster.offsetBy(layer.shadowOffset.width, layer.shadowOffset.height).insetBy(-spread, -spread))
    }
    return Affine.layer(frame: layer.frame, transform: layer.transform, anchor: layer.anchorPoint).boundingBox(of: drawn)
  }

  /// The first sublayer whose drawing reaches past `layer`'s bounds rounded by `radius`, with
  /// its extent in the layer's coordinates; nil when every sublayer stays inside.
  static func sublayerReachingPast(
    _ layer: Layer, path: String, radius: Double, scale: Double, shows: (String) -> Bool = { _ in false }
  ) -> (id: String, extent: Rect)? {
    for sublayer in layer.sublayers {
      guard let rect = extent(sublayer, path: LayerPath.child(path, sublayer.id), scale: scale, shows: shows) else { continue }
      if !roundedRect(layer.bounds, radius: radius, contains: rect) { return (sublayer.id, rect) }
    }
    return nil
  }

  /// The first part of the layer's own drawing that reaches past its bounds rounded by `radius`.
  static func ownPartReachingPast(_ layer: Layer, radius: Double, scale: Double) -> (name: String, extent: Rect)? {
    for (name, rect) in clippedOwnParts(layer, scale: scale) where !roundedRect(layer.bounds, radius: radius, contains: rect) {
      return (name, rect)
    }
    return nil
  }
}
