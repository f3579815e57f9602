import Compositor
import LayerTree

/// Loads scenes and runs them on devices: a scene is decoded once, on the fast reader, and put
/// on each device after (``PlaceableScene``).
public struct SceneRunner: Sendable {
  /// The devices scenes may name and run on; a later profile with an id replaces an earlier one.
  public let devices: [DeviceProfile]
  private let screens: [String: DeviceScreen]
  /// What a scene may ask of the tool (``InputLimits``).
  public let limits: InputLimits

  public init(devices: [DeviceProfile] = DeviceCatalogue.all, limits: InputLimits = .standard) {
    self.devices = devices
    self.limits = limits
    self.screens = Dictionary(devices.map { ($0.id, $0.screen) }, uniquingKeysWith: { $1 })
  }

  /// The profile of `id`, when one of ``devices`` has it.
  public func profile(_ id: String) -> DeviceProfile? { devices.last { $0.id == id } }

  /// A scene decoded from `bytes`. `device`, when given, replaces the device the scene names
  /// for decoding (a scene without one then decodes); ``run(_:on:)`` puts it on any device.
  public func load(_ bytes: [UInt8], path: String, device: String? = nil) throws(BatchFailure) -> PlaceableScene {
    let options = SceneDecoder.Options(devices: screens, deviceOverride: device, limits: limits)
    do {
      return try SceneDecoder.decodePlaceable(bytes, options: options)
    } catch {
      throw Self.failure(bytes, path: path, options: options)
    }
  }

  /// A scene already parsed, as ``load(_:path:device:)`` decodes it.
  func load(_ value: JSONValue, source: SourceText, path: String, device: String?) throws(BatchFailure) -> PlaceableScene {
    do {
      return try SceneDecoder.decodePlaceable(
        value, source: source, options: .init(devices: screens, deviceOverride: device, limits: limits))
    } catch {
      throw .invalidScene(path: path, error)
    }
  }

  /// The scene on `device` (nil: the device it was decoded on), simulated; a report with a
  /// figure that is not a finite number is refused.
  public func run(_ scene: PlaceableScene, on device: String?, path: String) throws(BatchFailure) -> (Scene, SimulationReport) {
    let id = device ?? scene.scene.device
    guard let profile = profile(id) else { throw .unknownDevice(path: path, device: id) }
    let placed = device.map { scene.placed(on: $0, screen: profile.screen) } ?? scene.scene
    let report = Simulator.run(placed, on: profile)
    if let (figure, value) = report.firstNonFiniteFigure {
      throw .nonFiniteFigure(path: path, figure: figure, value: value, deviceName: report.scene.deviceName)
    }
    return (placed, report)
  }

  /// A scene file's syntax error: past the nesting a scene may have, the layer-depth message;
  /// otherwise invalid JSON.
  static func failure(_ error: JSONSyntaxError, path: String, source: SourceText) -> BatchFailure {
    if error.isNestingLimit { return .invalidScene(path: path, SceneErrors([SceneDecoder.diagnostic(error, in: source)])) }
    return .invalidJSON(path: path, location: source.location(ofOffset: error.offset), message: error.message)
  }

  /// Why `bytes` did not decode: invalid JSON, or the scene reader's problems. Only failures
  /// pay for this second reading.
  private static func failure(_ bytes: [UInt8], path: String, options: SceneDecoder.Options) -> BatchFailure {
    let source = SourceText(bytes)
    do {
      let value = try SceneDecoder.parseJSON(bytes, limits: options.limits)
      _ = try SceneDecoder.decodePlaceable(value, source: source, options: options)
      return .invalidScene(path: path, SceneErrors([]))
    } catch let error as JSONSyntaxError {
      return Self.failure(error, path: path, source: source)
    } catch let error as SceneErrors {
      return .invalidScene(path: path, error)
    } catch {
      return .invalidScene(path: path, SceneErrors([]))
    }
  }
}
