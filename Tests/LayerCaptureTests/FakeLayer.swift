import LayerCapture
import LayerTree

/// A layer tree made of values, standing in for `CALayer` on Linux.
struct FakeLayer: CapturableLayer {
  var properties: LayerProperties
  var sublayers: [FakeLayer] = []
  var mask: [FakeLayer] = []

  init(_ className: String = "CALayer", frame: Rect, configure: (inout LayerProperties) -> Void = { _ in }, sublayers: [FakeLayer] = []) {
    var properties = LayerProperties()
    properties.className = className
    // UIKit's frame setter with the default anchor point: bounds of the frame's size, position at its centre.
    properties.bounds = Rect(0, 0, frame.width, frame.height)
    properties.position = Point(frame.midX, frame.midY)
    configure(&properties)
    self.properties = properties
    self.sublayers = sublayers
  }

  func captureProperties() -> LayerProperties { properties }
  var sublayersToCapture: [any CapturableLayer] { sublayers }
  var maskToCapture: (any CapturableLayer)? { mask.first }

  func masked(by layer: FakeLayer) -> FakeLayer {
    var copy = self
    copy.mask = [layer]
    return copy
  }
}
