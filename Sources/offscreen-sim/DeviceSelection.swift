import Compositor
import LayerTree

/// The devices a command may run on: the built-in catalogue plus a user's profile
/// (`--device-file`), and the devices asked for (`--device`, or the user's profile when only
/// `--device-file` is given); none asked for: each scene's own.
struct DeviceSelection {
  var devices: [DeviceProfile]
  /// The devices asked for, each once, in the order given; empty: each scene's own.
  var requested: [String]
  /// What a scene may ask of the tool: the standard limits, raised by `--work-budget` and
  /// `--max-layers`.
  var limits = InputLimits.standard

  /// The built-in devices, each scene on its own.
  static let standard = DeviceSelection(devices: DeviceCatalogue.all, requested: [])

  init(devices: [DeviceProfile], requested: [String]) {
    self.devices = devices
    self.requested = requested
  }

  /// The devices of `--device-file` and `--device` (one, or several when the command declares
  /// it repeatable).
  init(_ parsed: ParsedArguments, io: ToolIO) throws {
    devices = DeviceCatalogue.all
    requested = []
    if parsed.declares(SharedOptions.deviceFile), let file = parsed.value(SharedOptions.deviceFile) {
      let bytes = try SceneLoader(io: io).readBytes(file)
      let profile: DeviceProfile
      do {
        profile = try DeviceProfileReader.read(bytes)
      } catch {
        throw InputError(error, file: file, summary: "\(file): the device profile was not loaded")
      }
      devices.removeAll { $0.id == profile.id }
      devices.append(profile)
      requested = [profile.id]
    }
    if parsed.declares(SharedOptions.workBudget), let budget = parsed.integer(SharedOptions.workBudget) {
      limits.maxLayerFrames = budget
    }
    if parsed.declares(SharedOptions.maxLayers), let layers = parsed.integer(SharedOptions.maxLayers) { limits.maxLayers = layers }
    let ids = parsed.declares(SharedOptions.device) ? parsed.values(SharedOptions.device) : []
    if !ids.isEmpty {
      requested = []
      for id in ids {
        let device = try Self.check(id, in: devices)
        if !requested.contains(device) { requested.append(device) }
      }
    }
  }

  /// The one device asked for, replacing the scene's own; nil: the scene's own.
  var override: String? { requested.first }

  /// The id `name` stands for: itself when it names one of `devices`, the catalogue device of an
  /// alias (`iphone-se`: ``DeviceCatalogue/aliases``) unless a loaded profile takes the name;
  /// otherwise a usage error with the nearest id or alias.
  static func check(_ name: String, in devices: [DeviceProfile] = DeviceCatalogue.all) throws(UsageError) -> String {
    let ids = devices.map(\.id)
    if ids.contains(name) { return name }
    if let alias = DeviceCatalogue.aliases.first(where: { $0.name == name }), ids.contains(alias.id) { return alias.id }
    var message = "unknown device '\(name)'"
    if let suggestion = nearest(to: name, in: ids + DeviceCatalogue.aliases.map(\.name)) {
      message += "; did you mean '\(suggestion)'?"
    }
    let aliases = DeviceCatalogue.aliases.map { "\($0.name) for \($0.id)" }
    throw UsageError(message + " (known: \(ids.joined(separator: ", ")); and \(aliases.joined(separator: ", ")))")
  }

  var screens: [String: DeviceScreen] { Dictionary(devices.map { ($0.id, $0.screen) }, uniquingKeysWith: { $1 }) }

  func profile(_ id: String) -> DeviceProfile? { devices.last { $0.id == id } }
}
