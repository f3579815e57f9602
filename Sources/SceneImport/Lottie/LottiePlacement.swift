import LayerTree

/// Places a layer as lottie-ios does (`CALayer+fillBounds.swift`, `TransformAnimations.swift`):
/// `bounds` of `size` (its superlayer's, a precomp's or an image's), `anchorPoint` at the Lottie
/// anchor over that size, `position` at the Lottie position. The scene's `frame` is the
/// untransformed frame: the position less the anchor.
func place(_ layer: inout Layer, size: Size, anchor: Point, position: Point) {
  layer.frame = Rect(position.x - anchor.x, position.y - anchor.y, size.width, size.height)
  if size.width > 0, size.height > 0 {
    layer.anchorPoint = Point(anchor.x / size.width, anchor.y / size.height)
  } else {
    // lottie-ios asserts on a zero size; the anchor is then the layer's origin.
    layer.anchorPoint = Point(0, 0)
  }
}

/// `compositingFilter` by its Core Animation name; a name the scene format does not know is left
/// out.
func setCompositingFilter(_ layer: inout Layer, _ name: String?) {
  layer.compositingFilter = name.flatMap(CompositingFilter.init(rawValue:))
}
