import Foundation
import LayerTree

/// Placing a layer the way the engine does: `bounds` of `size`, `anchorPoint` at the Lottie anchor
/// (in points of the bounds) and `position` at the Lottie position.
func place(_ layer: inout Layer, size: Size, anchor: Point, position: Point) {
  // The scene's transform applies about the layer's centre: the frame is moved so the anchor
  // lands on the position once the transform is applied.
  layer.frame = Rect(position.x - anchor.x, position.y - anchor.y, size.width, size.height)
}

/// `compositingFilter`.
func setCompositingFilter(_ layer: inout Layer, _ name: String?) {}
