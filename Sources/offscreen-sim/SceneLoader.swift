import Compositor
import Foundation
import LayerTree
import SceneBatch

/// Reads a scene from a path (or `-` for standard input) and decodes it, turning every problem
/// into a message that names the file, the line and column, and the JSON path.
struct SceneLoader {
  var io: ToolIO

  /// The name a scene is shown under in messages: its path, or `<stdin>`.
  static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

  func readBytes(_ path: String) throws(InputError) -> [UInt8] {
    if path == "-" { return io.readStdin() }
    switch Self.read(path, in: io.currentDirectory) {
    case .success(let bytes): return bytes
    case .failure(let problem): throw InputError(.unreadable(path: path, problem))
    }
  }

  /// The file at `path`, relative to `directory` unless absolute.
  static func read(_ path: String, in directory: String) -> Result<[UInt8], FileProblem> {
    var isDirectory: ObjCBool = false
    let resolved = ScenePaths.resolve(path, in: directory)
    guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else { return .failure(.missing) }
    if isDirectory.boolValue { return .failure(.directory) }
    guard let data = FileManager.default.contents(atPath: resolved) else { return .failure(.unreadable) }
    return .success([UInt8](data))
  }

  /// How a batch reads its files: standard input (read once, now, when `paths` name it) or the
  /// file system.
  func batchReader(for paths: [String]) -> @Sendable (String) -> Result<[UInt8], FileProblem> {
    let stdin = paths.contains("-") ? io.readStdin() : []
    let directory = io.currentDirectory
    return { path in path == "-" ? .success(stdin) : Self.read(path, in: directory) }
  }

  /// Decodes a scene read from `path`; `deviceOverride` replaces the scene's device (`--device`).
  func decode(
    _ bytes: [UInt8], path: String, deviceOverride: String?, devices: [String: DeviceScreen] = DeviceCatalogue.screens,
    limits: InputLimits = .standard
  ) throws(InputError) -> Scene {
    let options = SceneDecoder.Options(devices: devices, deviceOverride: deviceOverride, limits: limits)
    do {
      return try SceneDecoder.decode(bytes, options: options)
    } catch {
      let file = Self.displayName(path)
      // A file that is not a scene at all is not quoted (standard input is the command line's).
      let errors = path == "-" ? error : OtherDocument.withoutContent(error, bytes: bytes)
      throw InputError(errors, file: file, summary: InputError.summary(errors, file: file, "the scene was not simulated"))
    }
  }
}

/// A scene read for a command that takes one (`report`, `explain`, `optimize`, `render`,
/// `chart`, `compare --html`), on the device it runs on: the one loader they share.
struct LoadedScene {
  var scene: Scene
  var profile: DeviceProfile
  /// The scene's name as messages show it: its path, or `<stdin>`.
  var file: String
  /// The file as read, for a command that edits it (`optimize`).
  var bytes: [UInt8]

  /// Reads and decodes `path` (or `-`) with the selected devices (`--device` replacing the
  /// scene's), and finds its device's profile; an unknown device is an input error.
  static func load(_ path: String, devices: DeviceSelection, io: ToolIO) throws(InputError) -> LoadedScene {
    let loader = SceneLoader(io: io)
    let bytes = try loader.readBytes(path)
    let scene = try loader.decode(bytes, path: path, deviceOverride: devices.override, devices: devices.screens, limits: devices.limits)
    let file = SceneLoader.displayName(path)
    guard let profile = devices.profile(scene.device) else {
      throw InputError("\(file): error: unknown device \"\(scene.device)\"")
    }
    return LoadedScene(scene: scene, profile: profile, file: file, bytes: bytes)
  }

  /// The scene, its device and its name, as most commands take them.
  var placed: (scene: Scene, profile: DeviceProfile, file: String) { (scene, profile, file) }
}

/// An input that cannot be used; the message is complete and printed as is, exit 2.
struct InputError: Error {
  var message: String
  /// The file the error is about, when it is about one: where a CI annotation points.
  var file: String?
  /// The problems a reader found in `file`, each with its place, when it listed them.
  var diagnostics: [Diagnostic] = []

  init(_ message: String, file: String? = nil) {
    self.message = message
    self.file = file
  }

  /// The problems a reader found in `file`, one per line, then `summary` (what was not done).
  /// Past the first ``SceneErrors/shownLimit`` problems, one line counts the others: only the
  /// first are kept, for every output (text, annotations, shard documents).
  init(_ errors: SceneErrors, file: String, summary: String) {
    let shown = Array(errors.diagnostics.prefix(SceneErrors.shownLimit))
    var message = SceneErrors(shown).formatted(file: file)
    let more = errors.diagnostics.count - shown.count
    if more > 0 { message += "\n\(file): \(Markup.plural(more, "more problem")) not shown; the first \(shown.count) are above" }
    self.message = message + "\n" + summary
    self.file = file
    self.diagnostics = shown
  }

  /// `<file>: 2 problems found; <outcome>`.
  static func summary(_ errors: SceneErrors, file: String, _ outcome: String) -> String {
    let count = errors.diagnostics.count
    return "\(file): \(Markup.plural(count, "problem")) found; \(outcome)"
  }
}
