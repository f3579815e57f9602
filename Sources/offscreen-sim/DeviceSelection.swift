import Compositor
import LayerTree

/// The devices a command may run on: the built-in catalogue plus a user's profile
/// (`--device-file`), and the device that replaces the scene's own (`--device`, or the user's
/// profile when only `--device-file` is given).
struct DeviceSelection {
  var devices: [DeviceProfile]
  var override: String?

  static let options: Set<String> = ["--device", "--device-file"]
  static let help = """
      --device <id>       Run on this device instead of the scene's own (see 'offscreen-sim devices').
      --device-file <f>   Load a device profile from JSON (docs/cost-model.md, "Your own device"); the
                          scene runs on it unless --device names another.
    """

  /// The built-in devices, each scene on its own.
  static let standard = DeviceSelection(devices: DeviceCatalogue.all, override: nil)

  init(devices: [DeviceProfile], override: String?) {
    self.devices = devices
    self.override = override
  }

  init(_ parsed: ParsedArguments, io: ToolIO) throws {
    devices = DeviceCatalogue.all
    override = nil
    if let file = parsed.value("--device-file") {
      let bytes = try SceneLoader(io: io).readBytes(file)
      let profile: DeviceProfile
      do {
        profile = try DeviceProfileReader.read(bytes)
      } catch {
        throw InputError(error, file: file, summary: "\(file): the device profile was not loaded")
      }
      devices.removeAll { $0.id == profile.id }
      devices.append(profile)
      override = profile.id
    }
    if let id = parsed.value("--device") {
      override = try Self.check(id, in: devices)
    }
  }

  /// `id` when it names one of `devices`; otherwise a usage error with the nearest id.
  static func check(_ id: String, in devices: [DeviceProfile] = DeviceCatalogue.all) throws(UsageError) -> String {
    let ids = devices.map(\.id)
    guard ids.contains(id) else {
      var message = "unknown device '\(id)'"
      if let suggestion = closest(id, in: ids) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message + " (known: \(ids.joined(separator: ", ")))")
    }
    return id
  }

  var screens: [String: DeviceScreen] { Dictionary(devices.map { ($0.id, $0.screen) }, uniquingKeysWith: { $1 }) }

  func profile(_ id: String) -> DeviceProfile? { devices.last { $0.id == id } }
}
