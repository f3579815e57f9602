import Testing

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
}
