import Compositor
import LayerTree
import SceneBatch

extension InputError {
  /// The message for an input a batch could not use: `file:line:column: error: ...`, with the
  /// file as messages show it (`<stdin>` for standard input).
  init(_ failure: BatchFailure) {
    func name(_ path: String) -> String { SceneLoader.displayName(path) }
    switch failure {
    case .unreadable(let path, let problem):
      switch problem {
      case .missing: self.init("\(path): error: no such file", file: path)
      case .directory: self.init("\(path): error: is a directory, expected a scene file (.json)", file: path)
      case .unreadable: self.init("\(path): error: cannot read the file (permission denied?)", file: path)
      }
    case .invalidJSON(let path, let location, let message):
      self.init("\(name(path)):\(location): error: invalid JSON: \(message)", file: name(path))
      diagnostics = [Diagnostic(severity: .error, path: "", location: location, message: "invalid JSON: \(message)")]
    case .invalidScene(let path, let errors):
      let file = name(path)
      self.init(errors, file: file, summary: Self.summary(errors, file: file, "the scene was not simulated"))
    case .invalidReport(let path, let errors):
      let file = name(path)
      let count = errors.diagnostics.count
      self.init(
        errors, file: file, summary: "\(file): \(Markup.plural(count, "problem")) found in the saved report; nothing was compared")
    case .unknownDevice(let path, let device):
      self.init("\(name(path)): error: unknown device \"\(device)\"", file: name(path))
    case .nonFiniteFigure(let path, let figure, let value, let deviceName):
      self.init(Simulation.nonFinite(file: name(path), figure: figure, value: value, deviceName: deviceName), file: name(path))
    case .reportOnOtherDevice(let path, let madeOn, let asked):
      self.init(
        "\(name(path)): error: this saved report was made on \(madeOn) and cannot be compared on \(asked.joined(separator: ", ")); "
          + "a report carries its device (make a report for each device with report --device ID --format json)")
    case .devicesDisagree(let before, let after, let first, let other):
      self.init(
        "\(name(after)): error: cannot compare \(name(before)) with \(name(after)): \(name(first.path)) is on \(first.device), \(name(other.path)) on \(other.device); "
          + "compare both on one device with --device ID (a saved report only on its own device)")
    case .timelinesDiffer(let before, let after, let beforeSnapshot, let afterSnapshot):
      let (b, a) = (name(before), name(after))
      self.init(
        "\(a): error: cannot compare \(b) with \(a): their timelines differ: "
          + "\(b) runs \(Self.describeTimeline(beforeSnapshot)), \(a) runs \(Self.describeTimeline(afterSnapshot)); "
          + "give both the same timeline duration and frameRate")
    }
  }

  /// `1 frame at 60 Hz`, `120 frames at 60 Hz (2 s)`.
  static func describeTimeline(_ snapshot: MetricSnapshot) -> String {
    let frames = formatNumber(snapshot.frames)
    let rate = formatNumber(snapshot.frameRate)
    if snapshot.frames == 1 { return "1 frame at \(rate) Hz" }
    return "\(frames) frames at \(rate) Hz (\(formatNumber(snapshot.duration)) s)"
  }
}

extension [InputError] {
  /// Each message once, in the order first met: several scenes or devices can meet one problem.
  func uniqued() -> [InputError] {
    var seen: Set<String> = []
    return filter { seen.insert($0.message).inserted }
  }
}
