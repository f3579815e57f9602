import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// Every output of one report shows the same figures: the text report, its JSON, Markdown and
/// HTML, the chart's caption and explain. The expected figures are read from the JSON report (the
/// model's own numbers) and worded as ``ReportFigures`` words them; each other output must show
/// exactly those.
///
/// The scene: a 30 Hz timeline on a 60 Hz iPhone 7, so the frame rate is "of 30" (the most a
/// 30 Hz timeline shows) and never "of 60"; two clipped cards, the big one written first and
/// moved off the 1,334 pt tall screen in its first half second (to y = 3,000 pt), so it holds in a
/// few frames only: a frame where it holds costs more than one of the small card's (16 times the
/// pixels), but averaged over the 30 frames it costs less. The small card's corner radius animates
/// over the whole run, so its pass runs in every frame (a pass whose layers nothing changes keeps
/// its target: docs/cost-model.md, "Damage"). The outputs must rank and give both by
/// GPU time a frame averaged over every frame, small card first.
@Suite("One set of numbers")
struct OneSetOfNumbersTests {
  static let scene = """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "big", "frame": [0, 100, 300, 200], "cornerRadius": 12, "masksToBounds": true,
       "sublayers": [{"id": "a", "frame": [0, 0, 300, 200], "backgroundColor": "#00FF00"},
                     {"id": "b", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]},
      {"id": "small", "frame": [0, 400, 60, 60], "cornerRadius": 8, "masksToBounds": true,
       "sublayers": [{"id": "a", "frame": [0, 0, 60, 60], "backgroundColor": "#FF0000"},
                     {"id": "b", "frame": [5, 5, 40, 10], "contents": {"type": "text", "characters": 4}}]}
    ]}, "timeline": {"duration": 1, "frameRate": 30,
      "animations": [{"target": "big", "keyPath": "position.y", "fromValue": 200, "toValue": 3000, "duration": 0.5},
                     {"target": "small", "keyPath": "cornerRadius", "fromValue": 8, "toValue": 9, "duration": 1}]}}
    """

  @Test func everyOutputShowsTheSameFigures() throws {
    let path = try temporaryFile("numbers.json", Self.scene)
    let json = ToolRun.run("report", path, "--format", "json")
    try #require(json.status == 0, "\(json.stderr)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let summary = try #require(document["summary"] as? [String: Any])
    let fps = try #require(summary["fps"] as? Double)
    // The target: the lower of iPhone 7's 60 Hz and the timeline's 30 frames a second.
    #expect(summary["frameRate"] as? Double == 30)
    let frameRate = "\(Readable.integer(fps)) fps of 30"

    let text = ToolRun.run("report", path).stdout
    let markdown = ToolRun.run("report", path, "--format", "markdown").stdout
    let html = ToolRun.run("report", path, "--html", "-").stdout
    let chart = ToolRun.run("chart", path, "-o", "-").stdout
    for (name, output) in [("text", text), ("markdown", markdown), ("html", html), ("chart", chart)] {
      #expect(output.contains(frameRate), "\(name) lacks '\(frameRate)'")
      #expect(!output.contains("fps of 60"), "\(name) gives the refresh rate as the frame rate's target")
    }

    // The offscreen groups: the same GPU figures in the same order in text, HTML and explain,
    // most first.
    func figures(_ output: String, after marker: String) -> [String] {
      output.components(separatedBy: marker).dropFirst().map { String($0.prefix { $0 != " " }) }
    }
    let textGPU = figures(text, after: "GPU ").filter { $0.contains(".") && !$0.hasSuffix(",") }
    let htmlGPU = figures(html, after: "px, GPU ")
    #expect(textGPU.count == 2, "\(textGPU)")
    #expect(htmlGPU == textGPU)
    let values = textGPU.compactMap(Double.init)
    #expect(values == values.sorted(by: >))
    #expect(values.count == 2 && values[0] > values[1])
    // The small card first, though the big one is written first.
    let textBig = try #require(text.range(of: "rounded-clip  root/big"))
    let textSmall = try #require(text.range(of: "rounded-clip  root/small"))
    #expect(textSmall.lowerBound < textBig.lowerBound)
    let htmlBig = try #require(html.range(of: "<code>root/big</code>"))
    let htmlSmall = try #require(html.range(of: "<code>root/small</code>"))
    #expect(htmlSmall.lowerBound < htmlBig.lowerBound)

    let explain = ToolRun.run("explain", path).stdout
    // Explain ranks by what a fix saves, not by GPU time: the same figures, in its own order.
    let explainGPU = figures(explain, after: "GPU ").filter { $0.contains(".") && !$0.hasSuffix(",") }
    #expect(Set(explainGPU.prefix(2)) == Set(textGPU))
    #expect(explain.contains("\(Readable.integer(fps)) fps"))

    // Memory: the JSON's total, worded once, in the text and the HTML report.
    let memory = try #require((summary["memoryBytes"] as? [String: Any])?["total"] as? Double)
    #expect(text.contains("memory            \(Readable.bytes(memory)):"))
    #expect(html.contains("<th scope=\"row\">memory</th><td>\(Readable.bytes(memory)):"))
  }

  /// `compare --html` (docs/pictures.md): both runs on one page, with compare's own exit code.
  @Test func compareWritesBothRunsOnOnePage() throws {
    let folder = try temporaryFolder()
    let before = try write(Self.scene, to: "before.json", in: folder)
    let after = try write(
      Self.scene.replacingOccurrences(of: "\"masksToBounds\": true", with: "\"masksToBounds\": false"), to: "after.json", in: folder)
    let run = ToolRun.run("compare", before, after, "--html", folder + "/page.html")
    #expect(run.status == 0, "\(run.stderr)")
    let page = try String(contentsOfFile: folder + "/page.html", encoding: .utf8)
    #expect(page.components(separatedBy: "<p class=\"verdict\">").count == 3)
    // Both clips are gone: both findings are listed as fixed.
    #expect(page.contains("<h3>Fixed (before only)</h3>"))
    #expect(ToolRun.run("compare", after, before, "--html", folder + "/reverse.html").status == 1)
    #expect(ToolRun.run("compare", before, after, "--html", "-").stdout.hasPrefix("<!DOCTYPE html>"))
    #expect(ToolRun.run("compare", before, after, "--html", "x.html", "--device", "iphone-6", "--device", "iphone-7").status == 2)
  }

  /// An option a command accepts is in its help: `--device-file` on every command that runs
  /// scenes on a device.
  @Test func deviceFileIsInTheHelpOfEveryCommandThatTakesIt() {
    for command in ["report", "explain", "optimize", "check", "compare", "render", "chart"] {
      #expect(ToolRun.run(command, "--help").stdout.contains("--device-file <file>"), "\(command)")
    }
    // And a command whose help lacks it refuses it.
    let devices = ToolRun.run("devices", "--help").stdout
    if !devices.contains("--device-file") {
      #expect(ToolRun.run("devices", "--device-file", "x.json").status == 2)
    }
  }
}
