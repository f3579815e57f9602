import Foundation
import LayerTree
import TestSupport
import Testing

/// Whole outputs of the simulation, against checked-in files in `References/Simulation/`: the
/// text and JSON reports of every bundled scene and of small generated scenes of each kind, the
/// worst frame of every bundled scene as a picture, and `explain` on every bundled scene.
///
/// The references are the outputs of the implementation as it was when they were recorded. They
/// are kept so that a refactoring of the simulator, the rules, the planner, the cost model or the
/// formatters changes nothing: any byte that differs fails here. A change that is meant to move
/// a figure (a new cost term, a re-fitted coefficient, a bug fix, a new field in a format)
/// re-records them in the same commit, and the commit says why the outputs moved.
///
/// Re-record with `OFFSCREEN_SIM_RECORD=1 swift test --filter SimulationReferenceTests` (the
/// switch of every test that holds a file, ``Recording``): each test then writes its output and
/// fails once, so a recording is never taken for a pass. Review the difference with `git diff` before
/// committing it.
@Suite("Simulation reference outputs")
struct SimulationReferenceTests {
  /// Bundled scenes, by file name.
  static let bundled = BundledScenes.names

  /// Small generated scenes: each kind scrolling, one kind without a timeline, one on a 120 Hz
  /// screen. Generated when the test runs, so a change to the generator shows here too.
  struct Generated: CustomTestStringConvertible, Sendable {
    var name: String
    var generator: SceneGenerator
    var device: String?
    var testDescription: String { name }
  }

  static let generated: [Generated] = [
    Generated(name: "generated-feed", generator: SceneGenerator(kind: .feed, layers: 200, frames: 30, seed: 1)),
    Generated(name: "generated-grid", generator: SceneGenerator(kind: .grid, layers: 120, frames: 30, seed: 2)),
    Generated(name: "generated-nested", generator: SceneGenerator(kind: .nested, layers: 120, frames: 30, seed: 3)),
    Generated(name: "generated-feed-still", generator: SceneGenerator(kind: .feed, layers: 80, frames: 1, seed: 4)),
    Generated(
      name: "generated-nested-13-pro", generator: SceneGenerator(kind: .nested, layers: 120, frames: 30, seed: 5),
      device: "iphone-13-pro"),
  ]

  static func run(_ arguments: [String], stdin: String = "") -> String {
    let run = ToolRun.callAsFunction(arguments, stdin: stdin, currentDirectory: packageRoot.path)
    #expect(run.status == 0, "\(arguments): \(run.stderr)")
    return run.stdout
  }

  static func reference(_ name: String) -> String { "Simulation/" + name }

  @Test func everyBundledSceneIsCovered() {
    #expect(Self.bundled.count >= 12)
  }

  @Test(arguments: bundled)
  func reportText(_ scene: String) {
    let name = String(scene.dropLast(".json".count))
    ReferenceTests.check(Self.run(["report", "scenes/" + scene]), against: Self.reference(name + ".report.txt"))
  }

  @Test(arguments: bundled)
  func reportJSON(_ scene: String) {
    let name = String(scene.dropLast(".json".count))
    ReferenceTests.check(
      Self.run(["report", "scenes/" + scene, "--format", "json"]), against: Self.reference(name + ".report.json"))
  }

  @Test(arguments: bundled)
  func worstFramePicture(_ scene: String) {
    let name = String(scene.dropLast(".json".count))
    ReferenceTests.check(
      Self.run(["render", "scenes/" + scene, "-o", "-", "--frame", "worst", "--overlay", "all"]),
      against: Self.reference(name + ".worst.svg"))
  }

  @Test(arguments: bundled)
  func explainText(_ scene: String) {
    let name = String(scene.dropLast(".json".count))
    ReferenceTests.check(Self.run(["explain", "scenes/" + scene]), against: Self.reference(name + ".explain.txt"))
  }

  @Test(arguments: generated)
  func generatedReports(_ scene: Generated) {
    let json = scene.generator.json()
    let device = scene.device.map { ["--device", $0] } ?? []
    ReferenceTests.check(Self.run(["report", "-"] + device, stdin: json), against: Self.reference(scene.name + ".report.txt"))
    ReferenceTests.check(
      Self.run(["report", "-", "--format", "json"] + device, stdin: json), against: Self.reference(scene.name + ".report.json"))
  }
}
