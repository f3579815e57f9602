import Foundation
import Testing

/// A scene's `source` (where an imported scene came from) is shown in the text and JSON reports,
/// and a scene without one reports as before.
@Suite("Scene source in reports")
struct SceneSourceReportTests {
  static let scene = """
    {"version": 1, "name": "spinner", "device": "iphone-7",
     "source": {"tool": "offscreen-sim import lottie", "file": "spinner.json", "frames": [0, 60], "notes": ["a matte was left out"]},
     "root": {"backgroundColor": "#FFFFFF"}}
    """

  @Test func theTextReportSaysWhereTheSceneCameFrom() {
    let run = ToolRun.run("report", "-", stdin: Self.scene)
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The title, the device line, then the source and its notes.
    let title = lines.firstIndex { $0.hasPrefix("spinner (") }
    #expect(title.map { lines[$0 + 2] } == "made by offscreen-sim import lottie from spinner.json, frames 0-60")
    #expect(title.map { lines[$0 + 3] } == "  note: a matte was left out")
  }

  @Test func theJSONReportCarriesTheSource() throws {
    let run = ToolRun.run("report", "-", "--format", "json", stdin: Self.scene)
    #expect(run.status == 0)
    let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let source = (document?["scene"] as? [String: Any])?["source"] as? [String: Any]
    #expect(source?["tool"] as? String == "offscreen-sim import lottie")
    #expect(source?["file"] as? String == "spinner.json")
    #expect(source?["frames"] as? [Int] == [0, 60])
    #expect(source?["notes"] as? [String] == ["a matte was left out"])
    let plain = ToolRun.run("report", "-", "--format", "json", stdin: #"{"version": 1, "device": "iphone-7", "root": {}}"#)
    #expect(!plain.stdout.contains("\"source\""))
  }
}
