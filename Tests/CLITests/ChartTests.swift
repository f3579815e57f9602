import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `chart`: the budget line sits at the device's refresh interval, every hitch is marked, and
/// the passes bars count the report's passes.
@Suite("chart: frame times")
struct ChartTests {
  /// One small card: every stage takes far less than the budget, so the time axis is set by
  /// the budget alone (docs/pictures.md): its top is the first nice value at or above 1.5 x the
  /// budget.
  static func smallScene(device: String) -> String {
    """
    {"version": 1, "name": "small", "device": "\(device)", "root": {"id": "root", "sublayers": [
      {"id": "card", "frame": [16, 100, 200, 80], "backgroundColor": "#FFFFFF"}]}}
    """
  }

  static func chart(_ arguments: [String], stdin: String = "") throws -> ParsedMarkup {
    let run = ToolRun.callAsFunction(["chart"] + arguments + ["-o", "-"], stdin: stdin)
    #expect(run.status == 0, "\(run.stderr)")
    return try ParsedMarkup(run.stdout)
  }

  /// The y of `ms` on the chart, from the plot rectangle the SVG declares and the axis top.
  static func y(ms: Double, top: Double, in svg: ParsedMarkup) throws -> Double {
    let plot = try #require(try svg.elements("//*[@class='plot']").first)
    let y0 = try #require(plot.number("y"))
    let height = try #require(plot.number("height"))
    return y0 + height * (1 - ms / top)
  }

  /// 60 Hz: budget 1000 / 60 = 16.667 ms; 1.5 x 16.667 = 25, a nice value: the axis runs 0-25 ms
  /// and the budget line is a third of the way down from the top.
  /// 120 Hz: budget 8.333 ms; 1.5 x 8.333 = 12.5, next nice value 15: 0-15 ms, the line at
  /// 8.333 / 15 of the height.
  @Test(arguments: [("iphone-7", 1000.0 / 60, 25.0), ("iphone-13-pro", 1000.0 / 120, 15.0)])
  func budgetLineSitsAtTheDevicesRefreshInterval(device: String, budget: Double, top: Double) throws {
    let scene = Self.smallScene(device: device)
    let report = try RenderTests.report(scene)
    // The premise of the hand-worked axis: no stage comes near the budget.
    let largest = report.frames.map { max($0.cost.gpuMs, $0.cost.renderServerMs, $0.cost.mainThreadMs) }.max() ?? 0
    #expect(largest * 1.1 < budget * 1.5)
    let svg = try Self.chart(["-"], stdin: scene)
    let plot = try #require(try svg.elements("//*[@class='plot']").first)
    #expect(plot.number("data-ms-top") == top)
    let lines = try svg.elements("//*[@class='budget']")
    #expect(lines.count == 1)
    let line = lines[0]
    let expected = try Self.y(ms: budget, top: top, in: svg)
    #expect(abs((line.number("y1") ?? 0) - expected) < 0.006)
    #expect(line.number("y1") == line.number("y2"))
    #expect(line.attribute("data-ms") == (device == "iphone-7" ? "16.667" : "8.333"))
    // The axis labels agree: the top tick reads the top value, at the plot's top edge.
    let ticks = try svg.elements("//*[@data-axis='ms']/*[@class='tick']")
    #expect(ticks.last?.stringValue == "\(Int(top)) ms")
    let label = try svg.elements("//*[@class='budget-label']").first?.stringValue
    #expect(label == (device == "iphone-7" ? "budget 16.67 ms (60 Hz)" : "budget 8.33 ms (120 Hz)"))
  }

  @Test func niceAxis() {
    #expect(FrameChartFormatter.niceAxis(25).top == 25)
    #expect(FrameChartFormatter.niceAxis(12.5).top == 15)
    #expect(FrameChartFormatter.niceAxis(68.5) == (80, 20))
    #expect(FrameChartFormatter.niceAxis(4) == (4, 1))
    #expect(FrameChartFormatter.niceAxis(9) == (10, 2))
  }

  /// The bundled scrolling scene: every frame the report says hitched has a marker, and every
  /// frame with passes a bar as tall as its passes.
  @Test func hitchesAndPassesMatchTheReport() throws {
    let path = packageRoot.appendingPathComponent("scenes/rasterized-card-scrolling.json").path
    let scene = try SceneDecoder.decode(
      Array(try Data(contentsOf: URL(fileURLWithPath: path))), options: .init(devices: DeviceCatalogue.screens))
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: scene.device)!)
    let hitched = report.frames.filter { $0.outcome.hitch != nil }.map(\.index)
    #expect(!hitched.isEmpty)
    let svg = try Self.chart([path])
    let markers = try svg.elements("//*[@class='hitch']")
    #expect(markers.compactMap { $0.attribute("data-frame").flatMap(Int.init) } == hitched)
    #expect(markers.allSatisfy { $0.attribute("data-kind") == "render" || $0.attribute("data-kind") == "commit" })
    let bars = try svg.elements("//*[@class='passes-bar']")
    let withPasses = report.frames.filter { $0.offscreenPasses > 0 }
    #expect(bars.compactMap { $0.attribute("data-frame").flatMap(Int.init) } == withPasses.map(\.index))
    #expect(bars.compactMap { $0.attribute("data-passes").flatMap(Int.init) } == withPasses.map(\.offscreenPasses))
    // One line per stage, a point per frame.
    let stages = try svg.elements("//*[@class='stage']")
    #expect(stages.compactMap { $0.attribute("data-stage") } == ["gpu", "render-server", "main-thread"])
    let points = try stages[0].nodes(forXPath: "*[local-name()='polyline']").first.flatMap { ($0 as? XMLElement)?.attribute("points") }
    #expect(points?.split(separator: " ").count == report.frames.count)
  }

  /// Two runs on one chart: before dashed, after solid, and a budget line for each device when
  /// their refresh rates differ.
  @Test func twoRunsOnOneChart() throws {
    let before = try temporaryFile("before.json", Self.smallScene(device: "iphone-7"))
    let after = try temporaryFile("after.json", Self.smallScene(device: "iphone-13-pro"))
    let svg = try Self.chart([before, after])
    let stages = try svg.elements("//*[@class='stage']")
    #expect(stages.count == 6)
    #expect(stages.filter { $0.attribute("data-run") == "0" }.count == 3)
    let dashed = try stages.filter { $0.attribute("data-run") == "0" }.map {
      try $0.nodes(forXPath: "*[local-name()='polyline']").first.flatMap { ($0 as? XMLElement)?.attribute("stroke-dasharray") }
    }
    #expect(dashed.allSatisfy { $0 != nil })
    let budgets = try svg.elements("//*[@class='budget']").compactMap { $0.attribute("data-ms") }
    #expect(budgets == ["16.667", "8.333"])
    let title = try svg.elements("//*[@class='caption']").first?.stringValue ?? ""
    // Both scenes are called "small": the runs are named by their files.
    #expect(title.hasPrefix("Frame times: before: "))
    #expect(title.contains("before.json vs after: "))
  }

  @Test func sameInputSameBytes() throws {
    let path = packageRoot.appendingPathComponent("scenes/rasterized-card-scrolling.json").path
    let first = ToolRun.run("chart", path, "-o", "-")
    let second = ToolRun.run("chart", path, "-o", "-")
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
  }

  /// Long runs are drawn in slots of several frames, each the maximum of its frames: 17 s at
  /// 60 Hz is 1,020 frames, more than 376 slots, so 3 frames a slot and 340 slots.
  @Test func longRunsAreDrawnInSlots() throws {
    let scene = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "card", "frame": [16, 100, 200, 80], "backgroundColor": "#FFFFFF"}]}, "timeline": {"duration": 17}}
      """
    let svg = try Self.chart(["-"], stdin: scene)
    let gpu = try #require(try svg.elements("//*[@class='stage' and @data-stage='gpu']").first)
    let points = try gpu.nodes(forXPath: "*[local-name()='polyline']").first.flatMap { ($0 as? XMLElement)?.attribute("points") }
    #expect(points?.split(separator: " ").count == 340)
    let captions = try svg.elements("//*[@class='caption']").map { $0.stringValue ?? "" }
    #expect(captions.contains("Each slot shows the maximum of 3 frames."))
  }
}
