import Foundation
import TestSupport
import Testing

@testable import Compositor
@testable import LayerTree
@testable import offscreen_sim

/// Extreme numbers: a figure that is not a finite number never leaves the simulator, and never
/// passes a gate or a budget.
@Suite("hostile input: numbers")
struct HostileNumberTests {
  /// A label 1e200 pt square: its backing store is 1e200 x 1e200 pt x 4 bytes at 2x, beyond any
  /// Double (the largest is about 1.8e308), so its bytes come out infinite.
  static func hugeLabel() -> Scene {
    var label = Layer(id: "label", frame: Rect(0, 0, 1e200, 1e200))
    label.contents = .text(TextContents(characters: 5))
    var root = Layer(id: "root")
    root.sublayers = [label]
    return Scene(device: "iphone-7", root: root)
  }

  /// The simulator's own check, whatever limits the scene reader applies: the scene is built in
  /// memory, not read.
  @Test func aReportWithAnInfiniteFigureIsRefused() throws {
    let profile = try #require(DeviceCatalogue.device(id: "iphone-7"))
    let report = Simulator.run(Self.hugeLabel(), on: profile)
    let found = try #require(report.firstNonFiniteFigure)
    #expect(found.path.hasPrefix("summary."))
    #expect(!found.value.isFinite)
    #expect(throws: InputError.self) { try Simulation.run(Self.hugeLabel(), on: profile, file: "huge.json") }
    do {
      _ = try Simulation.run(Self.hugeLabel(), on: profile, file: "huge.json")
    } catch {
      #expect(error.message.hasPrefix("huge.json: error: the scene cannot be simulated: \(found.path) comes out infinite"))
    }
  }

  /// Every place a figure can hide is looked at: the summary, a frame's cost, a finding.
  @Test func everyFigureIsLookedAt() throws {
    let profile = try #require(DeviceCatalogue.device(id: "iphone-7"))
    let scene = try SceneDecoder.decode(Array(CIScenes.card().utf8), options: .init(devices: DeviceCatalogue.screens))
    let report = Simulator.run(scene, on: profile)
    #expect(report.firstNonFiniteFigure == nil)
    var summary = report
    summary.summary.performance.gpuMs.p95 = .nan
    #expect(summary.firstNonFiniteFigure?.path == "summary.performance.gpuMs.p95")
    var frame = report
    frame.frames[0].cost.offscreenTargetBytes = .infinity
    #expect(frame.firstNonFiniteFigure?.path == "frames[0].cost.offscreenTargetBytes")
    var finding = report
    finding.findings[0].pixelArea = -.infinity
    #expect(finding.firstNonFiniteFigure?.path == "findings[0].pixelArea")
  }

  /// The same scene from a file: every command that simulates exits 2 with a message, and
  /// prints no report with `inf` or `null` in it. (With the reader's limits on sizes the reader
  /// refuses it first; either way it is refused.)
  @Test func everyCommandRefusesTheScene() throws {
    let scene = """
      {"version": 1, "device": "iphone-7", "budgets": {"maxMemoryBytes": 1000},
       "root": {"id": "root", "sublayers": [{"id": "label", "frame": [0, 0, 1e200, 1e200], "contents": {"type": "text", "characters": 5}}]}}
      """
    let (folder, path) = try hostileFile(named: "huge.json", scene)
    for arguments in [
      ["report", path], ["report", path, "--format", "json"], ["report", path, "--html", folder + "/p.html"],
      ["render", path, "-o", folder + "/p.svg"], ["chart", path, "-o", folder + "/c.svg"], ["explain", path],
      ["optimize", path, "--dry-run"], ["check", path], ["compare", path, path],
    ] {
      let run = ToolRun.callAsFunction(arguments)
      #expect(run.status == 2, "\(arguments): \(run.stdout)")
      #expect(run.stderr.contains("huge.json"), "\(arguments): \(run.stderr)")
      #expect(!run.stdout.contains("inf") && !run.stdout.contains("null"), "\(arguments): \(run.stdout)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/p.html"))
  }

  /// The issue's example: a frame 1e9 pt from its superlayer was reported as if it were on a
  /// screen. Every command that reads a scene refuses it, exit 2, with the file, line and column
  /// of the number, its key, the range and the reason, and prints nothing on standard output.
  /// The place: on the scene's second line, `"device": "iphone-7", "root": {"sublayers":
  /// [{"id": "far", "frame": [` is 69 characters, so 1e9 is at 2:70.
  @Test func aFramePastThePhysicalLimitIsAnInputError() throws {
    let scene = """
      {"version": 1,
      "device": "iphone-7", "root": {"sublayers": [{"id": "far", "frame": [1e9, 0, 10, 10]}]}}
      """
    let (folder, path) = try hostileFile(named: "far.json", scene)
    let expected = """
      \(path):2:70: error: root.sublayers[0].frame[0]: expected x from -10000000 to 10000000 in [x, y, width, height], found 1000000000
        note: \(NumberRange.pointsReason)
      \(path): 1 problem found; the scene was not simulated

      """
    for arguments in [["report", path], ["explain", path], ["render", path, "-o", folder + "/p.svg"], ["check", path]] {
      let run = ToolRun.callAsFunction(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stdout.isEmpty || arguments[0] == "check", "\(arguments): \(run.stdout)")
      #expect(run.stderr.hasPrefix(expected.components(separatedBy: "\n")[0]), "\(arguments): \(run.stderr)")
    }
    #expect(ToolRun.run("report", path).stderr == expected)
  }

  /// A saved report whose gated figures are `null` (what the JSON writer made of infinity) or
  /// missing is worse, never the same: `compare` exits 1. A hit rate may be null on both sides
  /// (nothing rasterized): that is the same.
  @Test func missingGatedFiguresAreWorse() throws {
    let folder = try temporaryFolder()
    let scene = try write(CIScenes.card(), to: "card.json", in: folder)
    let saved = ToolRun.run("report", scene, "--format", "json")
    #expect(saved.status == 0)
    let base = folder + "/base.json"
    try Data(saved.stdout.utf8).write(to: URL(fileURLWithPath: base))
    var document = try #require(try JSONSerialization.jsonObject(with: Data(saved.stdout.utf8)) as? [String: Any])
    var summary = try #require(document["summary"] as? [String: Any])
    #expect(summary["rasterCache"].flatMap { ($0 as? [String: Any])?["hitRate"] } is NSNull)
    summary["fps"] = NSNull()
    var memory = try #require(summary["memoryBytes"] as? [String: Any])
    memory.removeValue(forKey: "total")
    summary["memoryBytes"] = memory
    document["summary"] = summary
    let broken = folder + "/broken.json"
    try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: broken))

    for (before, after) in [(base, broken), (broken, base), (broken, broken)] {
      let run = ToolRun.run("compare", before, after, "--format", "json")
      #expect(run.status == 1, "\(before) -> \(after): \(run.stdout)")
      let result = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      let comparisons = try #require(result["comparisons"] as? [[String: Any]])
      let metrics = try #require(comparisons.first?["metrics"] as? [[String: Any]])
      func verdict(_ id: String) -> String? { metrics.first { $0["id"] as? String == id }?["verdict"] as? String }
      #expect(verdict("fps") == "worse")
      #expect(verdict("memoryBytes.total") == "worse")
      #expect(verdict("rasterCache.hitRate") == "same")
    }
    let text = ToolRun.run("compare", base, broken)
    #expect(text.stdout.contains("frame rate is missing after, counted as worse"))
    // Not gated, a missing figure does not fail the comparison.
    #expect(ToolRun.run("compare", base, broken, "--gate", "gpuMs.p95").status == 0)
  }

  /// The comparison and the budgets themselves, with figures no file can hold.
  @Test func nonFiniteFiguresFailGatesAndBudgets() throws {
    func snapshot(_ values: [String: Double]) -> MetricSnapshot {
      MetricSnapshot(deviceID: "iphone-7", frames: 1, frameRate: 60, values: values, findings: [])
    }
    for bad in [Double.infinity, -.infinity, .nan] {
      for (before, after) in [([:], ["fps": bad]), (["fps": bad], [:]), (["fps": bad], ["fps": bad]), (["fps": 60], ["fps": bad])] {
        let comparison = Comparison(before: snapshot(before), after: snapshot(after), gates: ["fps"])
        #expect(comparison.failed, "\(before) -> \(after)")
        #expect(comparison.metrics.first { $0.id == "fps" }?.verdict == .worse)
      }
      let budgets = try BudgetsDecoder.decode(Array(#"{"minFps": 30, "maxGpuMsP95": 8}"#.utf8), devices: ["iphone-7"])
      let results = BudgetCheck.evaluate(budgets, device: "iphone-7", snapshot: snapshot(["fps": bad, "gpuMs.p95": bad]))
      #expect(results.count == 2)
      #expect(results.allSatisfy { !$0.passed }, "\(bad)")
    }
    // A budget on a figure the report must have fails when it is missing; a hit rate does not.
    let budgets = try BudgetsDecoder.decode(Array(#"{"minFps": 30, "minRasterHitRate": 0.5}"#.utf8), devices: ["iphone-7"])
    let results = BudgetCheck.evaluate(budgets, device: "iphone-7", snapshot: snapshot([:]))
    #expect(results.first { $0.kind == .minFps }?.passed == false)
    #expect(results.first { $0.kind == .minRasterHitRate }?.passed == true)
  }
}
