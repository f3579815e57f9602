import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// What the headlines say of the pacing (docs/cost-model.md, Frame pacing).
@Suite("Pacing in the headlines")
struct PacingHeadlineTests {
  /// A one-second fade on an iPhone 13 Pro runs at 60 Hz (a ProMotion iPhone without
  /// `CADisableMinimumFrameDurationOnPhone`) and is paced at 60 Hz: the headline names both rates
  /// and the 60 Hz budget, 1000 / 60 = 16.7 ms; the JSON report's `budgetMs` is 16.667. With the
  /// key it runs at the display's 120 Hz, 8.3 ms.
  @Test func aProMotionAnimationIsJudgedAtItsOwnRate() {
    let fade = #""timeline": {"duration": 1, "animations": [{"target": "card", "keyPath": "opacity", "toValue": 0.5, "duration": 1}]},"#
    let text = ToolRun.run("report", "-", stdin: CIScenes.card(device: "iphone-13-pro", extra: fade))
    #expect(text.status == 0, "\(text.stderr)")
    let headline = text.stdout.components(separatedBy: "\n")[0]
    #expect(headline.hasPrefix("iPhone 13 Pro, 60 Hz content on a 120 Hz display: 60 fps, "), "\(headline)")
    #expect(headline.contains("budget 16.7)"), "\(headline)")
    let json = ToolRun.run("report", "-", "--format", "json", stdin: CIScenes.card(device: "iphone-13-pro", extra: fade))
    #expect(json.stdout.contains("\"budgetMs\": 16.667,"))
    let keyed = fade.replacingOccurrences(of: #""duration": 1,"#, with: #""duration": 1, "disableMinimumFrameDurationOnPhone": true,"#)
    let fast = ToolRun.run("report", "-", stdin: CIScenes.card(device: "iphone-13-pro", extra: keyed))
    let fastHeadline = fast.stdout.components(separatedBy: "\n")[0]
    #expect(fastHeadline.hasPrefix("iPhone 13 Pro, 120 Hz: "), "\(fastHeadline)")
    #expect(fastHeadline.contains("budget 8.3)"), "\(fastHeadline)")
  }

  /// The JSON report of a bundled scene, and its summary.
  static func summary(_ name: String) throws -> [String: Any] {
    let json = ToolRun.run("report", BundledScenes.url(name).path, "--format", "json")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    return try #require(document["summary"] as? [String: Any])
  }

  /// QQ Music v2 (a scroll whose first frame creates every cell, docs/cost-model.md) says its first
  /// display apart, first, in the words and figures of the JSON report's `firstFrame`: its
  /// main-thread time, its lateness in frame intervals (lateMs / budgetMs), then the frame rate
  /// after it. The summary row, the Markdown and the HTML say the same.
  @Test func aLateFirstDisplayComesFirst() throws {
    let summary = try Self.summary("qqmusic-home-v2.json")
    let first = try #require(summary["firstFrame"] as? [String: Any])
    let keys = ["presentedAtMs", "lateMs", "cause", "mainThreadMs", "renderServerMs", "gpuMs"]
    #expect(Set(first.keys) == Set(keys))
    #expect(first["cause"] as? String == "main thread")
    let late = try #require(first["lateMs"] as? Double)
    let budget = try #require(summary["budgetMs"] as? Double)
    let main = try #require(first["mainThreadMs"] as? Double)
    let fps = try #require(summary["fps"] as? Double)
    let frames = Int((late / budget).rounded())
    #expect(frames >= 1)
    let text = ToolRun.run("report", BundledScenes.url("qqmusic-home-v2.json").path).stdout
    let headline = text.components(separatedBy: "\n")[0]
    let expected =
      "iPhone 6 Plus, 60 Hz: first display \(Readable.fixed(main, 1)) ms on the main thread (\(frames) frame\(frames == 1 ? "" : "s") late), then \(Readable.integer(fps)) fps, "
    #expect(headline.hasPrefix(expected), "\(headline)")
    let presented = try #require(first["presentedAtMs"] as? Double)
    let row = "at \(Readable.fixed(presented, 1)) ms, \(frames) frame\(frames == 1 ? "" : "s") late on the main thread; "
    #expect(text.contains("  first display     " + row))
    let markdown = ToolRun.run("report", BundledScenes.url("qqmusic-home-v2.json").path, "--format", "markdown").stdout
    #expect(markdown.contains("| first display | " + row))
    let html = ToolRun.run("report", BundledScenes.url("qqmusic-home-v2.json").path, "--html", "-").stdout
    #expect(html.contains("<th scope=\"row\">first display</th><td>" + row))
  }

  /// A still screen's one frame is its first display: the headline says it as a timeline's does,
  /// then the steady frame's GPU time alone (its main thread's figure is the first display's).
  @Test func aStillScreensLateFirstDisplayIsSaidTheSameWay() throws {
    let summary = try Self.summary("mail-cell-composite.json")
    let first = try #require(summary["firstFrame"] as? [String: Any])
    #expect(first["cause"] as? String == "main thread")
    let text = ToolRun.run("report", BundledScenes.url("mail-cell-composite.json").path).stdout
    let headline = text.components(separatedBy: "\n")[0]
    #expect(headline.hasPrefix("iPhone 7, 60 Hz: first display "), "\(headline)")
    #expect(headline.contains(" late), then 60 fps, within budget (GPU "), "\(headline)")
    // "main thread" once: the first display's stage, never the repeated frame's figure.
    #expect(headline.components(separatedBy: "main thread").count == 2, "\(headline)")
    #expect(!headline.contains("first frame over budget"))
  }

  /// A first display on time is not in the headline: the mail cell drawn as one layer shows its
  /// first frame within the budget.
  @Test func aFirstDisplayOnTimeIsNotInTheHeadline() throws {
    let summary = try Self.summary("mail-cell-drawn.json")
    let first = try #require(summary["firstFrame"] as? [String: Any])
    #expect(first["lateMs"] as? Double == 0)
    #expect(first["cause"] is NSNull)
    let headline = ToolRun.run("report", BundledScenes.url("mail-cell-drawn.json").path).stdout.components(separatedBy: "\n")[0]
    #expect(headline.hasPrefix("iPhone 7, 60 Hz: 60 fps, within budget (GPU "), "\(headline)")
  }
}
