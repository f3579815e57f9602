import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

@Suite("--device-file")
struct DeviceFileTests {
  let scene = """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "card", "frame": [10, 10, 100, 100], "backgroundColor": "#FFFFFF"}]}}
    """

  /// A profile based on the iPhone 6 Plus with half its memory bandwidth runs the scene on its
  /// own screen (414 x 736 pt @3x) under its own id.
  @Test func profileBasedOnAKnownDevice() throws {
    let profile = try temporaryFile(
      "slow.json", ##"{"id": "slow-6-plus", "name": "Slow 6 Plus", "basedOn": "iphone-6-plus", "memoryBandwidth": 6.4e9}"##)
    let run = ToolRun.run("report", "-", "--device-file", profile, "--format", "json", stdin: scene)
    #expect(run.status == 0, "\(run.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let device = (object?["scene"] as? [String: Any])?["device"] as? [String: Any]
    #expect(device?["id"] as? String == "slow-6-plus")
    #expect(device?["renderedPixels"] as? [Double] == [1242, 2208])
  }

  /// Half the bandwidth makes the framebuffer store (screen bytes over bandwidth) take twice as long.
  @Test func bandwidthComesFromTheProfile() throws {
    let half = try temporaryFile("half.json", ##"{"id": "half", "basedOn": "iphone-6-plus", "memoryBandwidth": 6.4e9}"##)
    let full = try temporaryFile("full.json", ##"{"id": "full", "basedOn": "iphone-6-plus"}"##)
    func framebufferMs(_ file: String) throws -> Double {
      let run = ToolRun.run("report", "-", "--device-file", file, "--format", "json", stdin: scene)
      let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
      let summary = object?["summary"] as? [String: Any]
      return try #require((summary?["gpuBreakdownMs"] as? [String: Any])?["framebuffer"] as? Double)
    }
    // 1242 x 2208 x 4 B = 10,969,344 B: 0.857 ms at 12.8 GB/s, 1.714 ms at 6.4 GB/s (rounded to 3 decimals).
    #expect(try framebufferMs(full) == 0.857)
    #expect(try framebufferMs(half) == 1.714)
  }

  /// The panel decides the sampling stage (docs/cost-model.md, `downsample`): the 6 Plus's own
  /// 1080 x 1920 panel reads the rendered 10,969,344 B and writes 8,294,400 B at 12.8 GB/s,
  /// 1.50498 ms (1.505 rounded); `null`, or a panel the size of the rendered frame, shows the frame
  /// as rendered: no stage. A larger panel (2484 x 4416, four times the pixels) is sampled up:
  /// 10,969,344 B read and 43,877,376 B written, 4.285 ms.
  @Test func thePanelComesFromTheProfile() throws {
    func downsampleMs(_ panel: String?) throws -> Double {
      let key = panel.map { ", \"panelPixels\": \($0)" } ?? ""
      let file = try temporaryFile("panel.json", "{\"id\": \"p\", \"basedOn\": \"iphone-6-plus\"\(key)}")
      let run = ToolRun.run("report", "-", "--device-file", file, "--format", "json", stdin: scene)
      #expect(run.status == 0, "\(run.stderr)")
      let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
      let summary = object?["summary"] as? [String: Any]
      return try #require((summary?["gpuBreakdownMs"] as? [String: Any])?["downsample"] as? Double)
    }
    #expect(try downsampleMs(nil) == 1.505)
    #expect(try downsampleMs("null") == 0)
    #expect(try downsampleMs("[1242, 2208]") == 0)
    #expect(try downsampleMs("[2484, 4416]") == 4.285)
  }

  /// A panel of no pixels, of a negative size, of part of a pixel or too large to mean anything is
  /// an error naming the key, not a figure that comes out infinite; so are points whose rendered
  /// frame is.
  @Test func aPanelOutOfRangeIsAnError() throws {
    for panel in ["[0, 1920]", "[-1080, -1920]", "[1e300, 1e300]", "[1080.5, 1920]"] {
      let file = try temporaryFile("panel.json", "{\"id\": \"p\", \"basedOn\": \"iphone-6-plus\", \"panelPixels\": \(panel)}")
      let run = ToolRun.run("report", "-", "--device-file", file, stdin: scene)
      #expect(run.status == 2, "\(panel)")
      let message = "panelPixels: expected a width and height of 1 to 100,000 whole pixels, or null"
      #expect(run.stderr.contains(message), "\(panel): \(run.stderr)")
    }
    // Points whose rendered frame has no size a figure could mean: an error naming `points`.
    let file = try temporaryFile("points.json", #"{"id": "p", "basedOn": "iphone-6-plus", "points": [1e200, 1e200]}"#)
    let run = ToolRun.run("report", "-", "--device-file", file, stdin: scene)
    #expect(run.status == 2)
    #expect(run.stderr.contains("points: the rendered frame is"), "\(run.stderr)")
    #expect(run.stderr.contains("expected at most 100,000 a side (points x scale)"), "\(run.stderr)")
  }

  @Test func badProfileNamesThePlaceAndExitsTwo() throws {
    let profile = try temporaryFile("bad.json", "{\"id\": \"x\",\n \"basedOn\": \"iphone-6plus\", \"scale\": 9}")
    let run = ToolRun.run("report", "-", "--device-file", profile, stdin: scene)
    #expect(run.status == 2)
    // "basedOn" starts on line 2, column 2; its value at column 13.
    #expect(run.stderr.contains("bad.json:2:13: error: basedOn: unknown device \"iphone-6plus\""))
    #expect(run.stderr.contains("did you mean \"iphone-6-plus\"?"))
  }

  @Test func missingValuesWithoutABaseAreReported() throws {
    let profile = try temporaryFile("partial.json", ##"{"id": "mine", "points": [400, 800]}"##)
    let run = ToolRun.run("report", "-", "--device-file", profile, stdin: scene)
    #expect(run.status == 2)
    for key in ["scale", "refreshRate", "memoryBandwidth", "gpuSpeed", "cpuSpeed"] {
      #expect(run.stderr.contains("missing `\(key)`"), "\(key)")
    }
  }

  @Test func devicesListsTheProfile() throws {
    let profile = try temporaryFile("mine.json", ##"{"id": "mine", "basedOn": "iphone-13-pro", "gpuSpeed": 20}"##)
    let run = ToolRun.run("devices", "--device-file", profile)
    #expect(run.status == 0)
    #expect(run.stdout.contains("mine"))
  }
}
