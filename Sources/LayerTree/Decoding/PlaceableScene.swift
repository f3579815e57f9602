/// A scene decoded once, to run on several devices.
///
/// What a decoded scene takes from its device is its id and, when the file gives the root layer
/// no `frame`, the root's frame: the device's screen. So a scene decoded on one device is placed
/// on another by changing those two; everything else (layers, timeline, budgets) is the same.
///
/// ```swift
/// let placeable = try SceneDecoder.decodePlaceable(bytes, options: options)
/// let onSix = placeable.placed(on: "iphone-6", screen: screens["iphone-6"]!)
/// ```
public struct PlaceableScene: Sendable {
  /// The scene on the device decoding settled: the override, else the scene's own.
  public var scene: Scene
  /// True when the file gives the root layer no `frame`: it takes the device's screen.
  public var rootFillsScreen: Bool

  public init(scene: Scene, rootFillsScreen: Bool) {
    self.scene = scene
    self.rootFillsScreen = rootFillsScreen
  }

  /// The scene on `device`, whose screen is `screen`: what decoding with `device` as the
  /// override gives.
  ///
  /// - Complexity: O(1): the layers are shared with ``scene``.
  public func placed(on device: String, screen: DeviceScreen) -> Scene {
    var placed = scene
    placed.device = device
    if rootFillsScreen { placed.root.frame = screen.bounds }
    return placed
  }
}
