import Compositor
import LayerTree

/// One side of a comparison, read from disk: a scene, decoded for each device it is compared
/// on, or a saved JSON report, which carries its own device.
struct ComparisonInput: Sendable {
  enum Content: Sendable {
    /// A scene file, parsed; `device` is the device it names, if any.
    case scene(value: JSONValue, source: SourceText, device: String?)
    case report(SavedReportReader.Saved)
  }

  /// The path as the user gave it.
  var path: String
  var content: Content

  var kind: String {
    switch content {
    case .scene: return "scene"
    case .report: return "report"
    }
  }

  /// The device the input names: a report's, or the `device` of a scene file.
  var device: String? {
    switch content {
    case .scene(_, _, let device): return device
    case .report(let saved): return saved.snapshot.deviceID
    }
  }

  /// Reads and parses the file and tells a saved report (it has `reportVersion`) from a scene.
  static func load(_ path: String, io: ToolIO) throws(InputError) -> ComparisonInput {
    let bytes = try SceneLoader(io: io).readBytes(path)
    let file = SceneLoader.displayName(path)
    let source = SourceText(bytes)
    let value: JSONValue
    do {
      value = try JSONReader.parse(bytes)
    } catch {
      throw InputError("\(file):\(source.location(ofOffset: error.offset)): error: invalid JSON: \(error.message)", file: file)
    }
    if SavedReportReader.isReport(value) {
      return ComparisonInput(path: path, content: .report(try SavedReportReader.read(value, source: source, file: file)))
    }
    var device: String? = nil
    if case .object(let members) = value.kind, let named = members.first(where: { $0.key == "device" }),
      case .string(let id) = named.value.kind
    {
      device = id
    }
    return ComparisonInput(path: path, content: .scene(value: value, source: source, device: device))
  }
}

/// Decodes parsed scenes, with messages in the form `SceneLoader` prints.
enum SceneDecoding {
  static func decode(
    _ value: JSONValue, source: SourceText, path: String, device: String?, selection: DeviceSelection = .standard
  ) throws(InputError) -> Scene {
    let options = SceneDecoder.Options(devices: selection.screens, deviceOverride: device)
    do {
      return try SceneDecoder.decode(value, source: source, options: options)
    } catch {
      let file = SceneLoader.displayName(path)
      throw InputError(error, file: file, summary: InputError.summary(error, file: file, "the scene was not simulated"))
    }
  }

  /// Decodes the scene for `device` (nil: its own) and simulates it.
  static func simulate(
    _ value: JSONValue, source: SourceText, path: String, device: String?, selection: DeviceSelection = .standard
  ) throws(InputError) -> (Scene, SimulationReport) {
    let scene = try decode(value, source: source, path: path, device: device, selection: selection)
    guard let profile = selection.profile(scene.device) else {
      throw InputError("\(SceneLoader.displayName(path)): error: unknown device \"\(scene.device)\"")
    }
    return (scene, try Simulation.run(scene, on: profile, file: SceneLoader.displayName(path)))
  }
}
