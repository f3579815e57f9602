import Compositor
import LayerTree
import SceneBatch

/// Reads a measurements file (docs/calibration.md) and what its cases name: each scene, put on
/// the device the case was measured on, and each device profile file. Paths are relative to the
/// measurements file's folder. Every problem is reported, each with its file, line:column and JSON
/// path; nothing is used when any is found.
struct MeasurementsLoader {
  var io: ToolIO
  /// What a scene may ask of the tool (`--work-budget`, `--max-layers`).
  var limits = InputLimits.standard

  /// A measurements file, loaded.
  struct Loaded {
    /// The path as given, and its bytes (their digest goes into a calibrated profile).
    var path: String
    var bytes: [UInt8]
    var measurements: Measurements
    var cases: [Calibration.Case]
  }

  /// Loads `path`; `replacing`, when given, is a profile that takes the place of the device of
  /// every case measured on the device it is based on, or on its own id (`validate --device-file`).
  /// `profileFile`: where `profile` came from (`--device-file`), named when it stands for no
  /// case's device.
  func load(_ path: String, replacing profile: DeviceProfile? = nil, profileFile: String? = nil) throws(InputError) -> Loaded {
    let file = SceneLoader.displayName(path)
    let bytes = try SceneLoader(io: io).readBytes(path)
    let measurements: Measurements
    do {
      measurements = try MeasurementsReader.read(bytes, devices: DeviceCatalogue.all.map(\.id))
    } catch {
      throw InputError(error, file: file, summary: InputError.summary(error, file: file, "nothing was measured against"))
    }
    let folder = path == "-" ? "." : ScenePaths.folder(of: path)
    var problems: [Diagnostic] = []
    var otherFiles: [String] = []
    var cases: [Calibration.Case] = []
    var profiles: [String: DeviceProfile] = [:]
    // The devices the cases were measured on, and whether `profile` stood for one of them.
    var measuredOn: [String] = []
    var replaced = false
    for (index, measured) in measurements.cases.enumerated() {
      let casePath = "cases[\(index)]"
      var device: DeviceProfile
      switch measured.device {
      case .catalogue(let id):
        device = DeviceCatalogue.device(id: id)!
      case .file(let written):
        let resolved = ScenePaths.join(folder, written)
        if let known = profiles[resolved] {
          device = known
        } else {
          switch SceneLoader.read(resolved, in: io.currentDirectory) {
          case .failure(let problem):
            problems.append(
              Diagnostic(
                path: casePath + ".deviceFile", location: measured.deviceLocation, message: "\(Self.describe(problem)): \(resolved)"))
            continue
          case .success(let profileBytes):
            do {
              device = try DeviceProfileReader.read(profileBytes)
            } catch {
              otherFiles.append(
                InputError(error, file: resolved, summary: "\(resolved): the device profile of \(measured.id) was not loaded").message)
              continue
            }
            profiles[resolved] = device
          }
        }
      }
      if !measuredOn.contains(device.id) { measuredOn.append(device.id) }
      if let profile, device.id == profile.id || device.id == profile.userProfile?.basedOn {
        device = profile
        replaced = true
      }
      let scenePath = ScenePaths.join(folder, measured.scene)
      switch SceneLoader.read(scenePath, in: io.currentDirectory) {
      case .failure(let problem):
        problems.append(
          Diagnostic(path: casePath + ".scene", location: measured.sceneLocation, message: "\(Self.describe(problem)): \(scenePath)"))
      case .success(let sceneBytes):
        var screens = DeviceCatalogue.screens
        screens[device.id] = device.screen
        let options = SceneDecoder.Options(devices: screens, deviceOverride: device.id, limits: limits)
        do {
          let scene = try SceneDecoder.decode(sceneBytes, options: options)
          // A layer an offscreen count names must be in the scene: a misspelt path would count 0.
          let named = measured.figures.compactMap(\.layer)
          if !named.isEmpty {
            let tree = FlatTree(scene.root)
            let found = tree.indices(ofPaths: named)
            var paths: [String]? = nil
            for figure in measured.figures {
              guard let layer = figure.layer, found[layer] == nil else { continue }
              var message = "no layer \(layer) in the scene \(scenePath)"
              // A suggestion for the problems shown, no more: each compares against every path.
              if problems.count < SceneErrors.shownLimit {
                paths = paths ?? Array(tree.paths().prefix(20_000))
                if let suggestion = nearest(to: layer, in: paths ?? []) { message += "; did you mean \(suggestion)?" }
              }
              problems.append(
                Diagnostic(
                  path: casePath + ".measured.offscreenCount.layers", location: figure.location ?? measured.location, message: message))
            }
          }
          cases.append(Calibration.Case(id: measured.id, scene: scene, device: device, figures: measured.figures))
        } catch {
          otherFiles.append(
            InputError(
              error, file: scenePath, summary: InputError.summary(error, file: scenePath, "the scene of \(measured.id) was not read")
            )
            .message)
        }
      }
    }
    guard problems.isEmpty && otherFiles.isEmpty else {
      var lines: [String] = []
      if !problems.isEmpty { lines.append(SceneErrors(problems).formatted(file: file)) }
      lines += otherFiles
      let count = problems.count + otherFiles.count
      lines.append("\(file): \(Markup.plural(count, "case")) could not be loaded; nothing was measured against")
      var error = InputError(lines.joined(separator: "\n"), file: file)
      error.diagnostics = problems
      throw error
    }
    // A profile that stands for no case's device would leave every case on the catalogue's
    // devices: a run that reads as the profile's and is not.
    if let profile, !replaced, !measurements.cases.isEmpty {
      let standsFor = [profile.id] + [profile.userProfile?.basedOn].compactMap { $0 }.filter { $0 != profile.id }
      let named = profileFile.map { SceneLoader.displayName($0) } ?? "--device-file"
      throw InputError(
        "\(named): error: the profile stands for \(standsFor.joined(separator: " or ")) (its id, or the device it is based on), and no case of \(file) was measured on it: its cases were measured on \(measuredOn.joined(separator: ", ")); give a profile based on one of them; nothing was measured against",
        file: profileFile.map { SceneLoader.displayName($0) })
    }
    return Loaded(path: path, bytes: bytes, measurements: measurements, cases: cases)
  }

  static func describe(_ problem: FileProblem) -> String {
    switch problem {
    case .missing: return "no such file"
    case .directory: return "is a directory, expected a file"
    case .unreadable: return "cannot read the file"
    }
  }
}
