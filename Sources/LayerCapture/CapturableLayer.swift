import LayerTree

/// A layer the capture can read: its properties as values, its sublayers and its mask.
///
/// `CALayer` and `UIView` conform where UIKit exists (`UIKit/CALayer+Capture.swift`, which reads
/// the view a layer backs too: a label's text, a scroll view's offset, a table's cells); tests
/// use a plain value type. ``SceneCapture`` walks any tree of conforming values into a scene, so
/// everything the capture decides is tested without a device.
///
/// The protocol is main-actor isolated, as UIKit is: a capture reads a live tree on the main
/// thread.
///
/// ```swift
/// struct FakeLayer: CapturableLayer {
///   var properties: LayerProperties
///   var sublayersToCapture: [any CapturableLayer] = []
///   var maskToCapture: (any CapturableLayer)? = nil
///   func captureProperties() -> LayerProperties { properties }
/// }
/// ```
@MainActor
public protocol CapturableLayer {
  /// What the rules read of the layer, in points and sRGB, as Core Animation has it now.
  func captureProperties() -> LayerProperties
  /// The sublayers, back to front.
  var sublayersToCapture: [any CapturableLayer] { get }
  /// `mask`: the layer whose alpha masks this one, in this layer's coordinates.
  var maskToCapture: (any CapturableLayer)? { get }
}
