import Compositor
import LayerTree

/// A scene loaded, put on its device and simulated: what `render`, `chart` and the HTML report
/// start from.
struct SimulatedScene {
  var scene: Scene
  var profile: DeviceProfile
  var report: SimulationReport
  /// The scene's name as messages show it: its path, or `<stdin>`.
  var file: String
  /// The frame kept whole during the simulation, for the picture: no second simulation.
  var kept: (frame: Int, snapshot: FrameSnapshot)? = nil

  /// Loads `path` (or `-`), on the selected device when one is given, and runs it, keeping
  /// the frame `kept` names whole when one is given.
  static func load(
    _ path: String, devices: DeviceSelection, io: ToolIO, keeping kept: Simulator.KeptFrame? = nil
  ) throws(InputError) -> SimulatedScene {
    let (scene, profile, file) = try LoadedScene.load(path, devices: devices, io: io).placed
    guard let kept else {
      return SimulatedScene(scene: scene, profile: profile, report: try Simulation.run(scene, on: profile, file: file), file: file)
    }
    let run = try Simulation.run(scene, on: profile, file: file, keeping: kept)
    return SimulatedScene(scene: scene, profile: profile, report: run.report, file: file, kept: (run.frame, run.snapshot))
  }

  /// The scene's name, or its file when it has none.
  var title: String { scene.name.isEmpty ? file : scene.name }

  /// Names for two runs side by side: their titles; their file names when the titles are the
  /// same; their paths when those are the same too.
  static func labels(_ before: SimulatedScene, _ after: SimulatedScene) -> (before: String, after: String) {
    labels(before: (before.title, before.file), after: (after.title, after.file))
  }

  static func labels(before: (title: String, file: String), after: (title: String, file: String)) -> (before: String, after: String) {
    if before.title != after.title { return (before.title, after.title) }
    func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
    if name(before.file) != name(after.file) { return (name(before.file), name(after.file)) }
    return (before.file, after.file)
  }

  /// The frame the pictures show by default: the one with the most offscreen passes; when no
  /// frame has any, the one with the most GPU time; the earliest of equals.
  static func worstFrame(_ report: SimulationReport) -> Int {
    var best = 0
    for frame in report.frames.dropFirst() {
      let current = report.frames[best]
      if frame.offscreenPasses > current.offscreenPasses
        || (frame.offscreenPasses == current.offscreenPasses && frame.cost.gpuMs > current.cost.gpuMs)
      {
        best = frame.index
      }
    }
    return best
  }

  /// One frame as the picture formatter takes it.
  func picture(frame: Int, overlays: [Overlay], idPrefix: String = "") -> FramePictureFormatter.Input {
    FramePictureFormatter.Input(
      snapshot: kept.flatMap { $0.frame == frame ? $0.snapshot : nil } ?? Simulator.snapshot(scene, on: profile, frame: frame),
      title: title, frameCount: report.frames.count,
      overlays: overlays, idPrefix: idPrefix)
  }

  /// The run as the HTML report shows it: its worst frame with the offscreen overlay.
  func htmlRun(overlays: [Overlay] = [.offscreen], idPrefix: String = "") -> HTMLReportFormatter.Run {
    HTMLReportFormatter.Run(
      report: report, file: file, title: title,
      picture: picture(frame: Self.worstFrame(report), overlays: overlays, idPrefix: idPrefix))
  }

  /// Writes the HTML report of this run to `path` (`-` for standard output).
  func writeHTML(to path: String, io: ToolIO) throws(InputError) {
    try OutputFile(io: io, inputs: [file]).write(HTMLReportFormatter.format(htmlRun()), to: path)
  }
}
