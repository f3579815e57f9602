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

extension RunningDevice {
  /// The note of a capture for a named device whose screen is not the running device's, nil when
  /// the screens are the same, either way up (or the device is not in `catalogue`).
  ///
  /// Naming a device names the scene's device and the profile it is simulated on; the view is
  /// still laid out and captured on the screen it is on: its frames, its pixel grid, its trait
  /// collection and the scene's iOS release are the running device's.
  public func noteForNamedDevice(_ id: String, catalogue: [String: DeviceScreen]) -> String? {
    // Catalogue screens are portrait; the running one may be turned.
    let portrait = Size(min(points.width, points.height), max(points.width, points.height))
    guard let named = catalogue[id], named.points != portrait || named.scale != scale else { return nil }
    func screen(_ points: Size, _ scale: Double) -> String {
      "\(formatNumber(points.width)) x \(formatNumber(points.height)) pt @\(formatNumber(scale))x"
    }
    return
      "The scene is for \(id) (\(screen(named.points, named.scale))), but the view was laid out and captured on the running device's screen (\(screen(points, scale))): its frames, pixel grid, trait collection and iOS release (\(systemVersion)) are the running device's; run the test on a simulator of \(id) for that device's layout."
  }
}
