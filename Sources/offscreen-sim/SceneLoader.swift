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

  /// Loads and decodes a scene; `deviceOverride` replaces the scene's device (`--device`).
  func load(
    _ path: String, deviceOverride: String?, devices: [String: DeviceScreen] = DeviceCatalogue.screens, limits: InputLimits = .standard
  ) throws(InputError) -> Scene {
    try decode(try readBytes(path), path: path, deviceOverride: deviceOverride, devices: devices, limits: limits)
  }

  /// Decodes a scene already read from `path`.
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
