import LayerTree

/// What the running system says about its screen and release, as values: the input of
/// ``DeviceMatch`` and of the scene's `iosVersion`.
public struct RunningDevice: Sendable, Hashable {
  /// The screen's size in points (`UIScreen.bounds.size`).
  public var points: Size
  /// `UIScreen.scale`.
  public var scale: Double
  /// `UIScreen.maximumFramesPerSecond`.
  public var maximumFramesPerSecond: Double?
  /// The model identifier: `SIMULATOR_MODEL_IDENTIFIER` on the simulator, `utsname.machine` on a
  /// device (`iPhone14,2`).
  public var model: String?
  /// `UIDevice.systemVersion`: `"17.4"`.
  public var systemVersion: String

  public init(points: Size, scale: Double, maximumFramesPerSecond: Double? = nil, model: String?, systemVersion: String) {
    self.points = points
    self.scale = scale
    self.maximumFramesPerSecond = maximumFramesPerSecond
    self.model = model
    self.systemVersion = systemVersion
  }

  /// The scene's iOS version: `systemVersion` read as the format reads it, the format's default
  /// when it cannot be.
  public var iosVersion: OSVersion { OSVersion(parsing: systemVersion) ?? .latest }

  /// The catalogue device this is, or a profile to write for it.
  public func device(catalogue: [String: DeviceScreen]) -> (id: String, match: DeviceMatch, profile: DeviceProfileFile?) {
    let match = DeviceMatch.match(points: points, scale: scale, model: model, catalogue: catalogue)
    switch match {
    case .known(let id), .sameScreen(let id):
      return (id, match, nil)
    case .unknown:
      let profile = DeviceProfileFile(
        model: model, points: points, scale: scale, refreshRate: maximumFramesPerSecond, catalogue: catalogue)
      return (profile.id, match, profile)
    }
  }
}
