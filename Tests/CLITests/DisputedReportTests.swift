import Compositor
import Foundation
import Testing

@testable import offscreen_sim

/// `report` says where a disputed point decides a result: in text, JSON and HTML, with the rule,
/// both answers and their sources, and what the other answer gives; `--assume` takes the other
/// answer. The scene is ZCMUCZX's test of a rounded label (text on a red background,
/// cornerRadius 50, masksToBounds), three times over.
@Suite("Disputed rules in the report")
struct DisputedReportTests {
  static let labels = """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
     {"id": "label", "frame": [20, 20, 100, 100], "cornerRadius": 50, "masksToBounds": true, "backgroundColor": "#FF0000",
      "contents": {"type": "text", "characters": 2}, "repeat": {"count": 3, "step": [0, 110]}}]}}
    """
  static let point = RoundedClipRule.roundedLabelPoint

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func theTextReportNamesTheRuleBothAnswersAndTheOtherFigures() {
    let run = ToolRun.run("report", "-", stdin: Self.labels)
    #expect(run.status == 0, "\(run.stderr)")
    let text = run.stdout
    let section = text.components(separatedBy: "\nDisputed rules").last ?? ""
    #expect(text.contains("\nDisputed rules"))
    #expect(section.contains("rounded-clip, \(Self.point.id): "))
    #expect(section.contains("assumed (the documented default): \(Self.point.assumed.claim)"))
    #expect(section.contains("other answer: \(Self.point.other.claim)"))
    for source in Self.point.assumed.sources + Self.point.other.sources { #expect(section.contains(source.url)) }
    // Three labels of one pass each under the documented answer; none under the other
    // (the rounded-label examples: 1 and 0).
    #expect(section.contains("decides root/label[0], root/label[1], root/label[2]"))
    #expect(section.contains("with the other answer: 0 passes on each of those layers (now 1); 0 passes in the worst frame (now 3)"))
  }

  @Test func theJSONReportListsTheDecision() throws {
    let run = ToolRun.run("report", "-", "--format", "json", stdin: Self.labels)
    #expect(run.status == 0)
    let value = try Self.json(run.stdout)
    let disputed = try #require(value["disputed"] as? [[String: Any]])
    #expect(disputed.count == 1)
    let decision = disputed[0]
    #expect(decision["point"] as? String == Self.point.id)
    #expect(decision["rule"] as? String == RoundedClipRule.ruleID)
    #expect(decision["assumed"] as? String == "default")
    #expect((decision["taken"] as? [String: Any])?["claim"] as? String == Self.point.assumed.claim)
    let other = try #require(decision["other"] as? [String: Any])
    #expect(other["claim"] as? String == Self.point.other.claim)
    #expect((other["sources"] as? [[String: Any]])?.count == Self.point.other.sources.count)
    let layers = try #require(decision["layers"] as? [[String: Any]])
    #expect(layers.count == 3)
    #expect(layers.allSatisfy { $0["passes"] as? Int == 1 && $0["otherPasses"] as? Int == 0 })
    #expect(decision["perFrameMax"] as? Int == 3 && decision["otherPerFrameMax"] as? Int == 0)
    let gpu = try #require(decision["gpuMsMean"] as? Double)
    let otherGPU = try #require(decision["otherGpuMsMean"] as? Double)
    #expect(otherGPU < gpu)
    let summary = try #require(value["summary"] as? [String: Any])
    #expect((summary["gpuMs"] as? [String: Any])?["mean"] as? Double == gpu)
  }

  @Test func assumeTakesTheOtherAnswer() throws {
    let run = ToolRun.run("report", "-", "--format", "json", "--assume", Self.point.id, stdin: Self.labels)
    #expect(run.status == 0, "\(run.stderr)")
    let value = try Self.json(run.stdout)
    let summary = try #require(value["summary"] as? [String: Any])
    #expect((summary["offscreenPasses"] as? [String: Any])?["perFrameMax"] as? Int == 0)
    let decision = try #require((value["disputed"] as? [[String: Any]])?.first)
    #expect(decision["assumed"] as? String == "other")
    #expect((decision["taken"] as? [String: Any])?["claim"] as? String == Self.point.other.claim)
    #expect(decision["otherPerFrameMax"] as? Int == 3)
    let refused = ToolRun.run("report", "-", "--assume", "no-such-point", stdin: Self.labels)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("rounded-label"))
  }

  @Test func theHTMLPageHasTheSection() throws {
    let run = ToolRun.run("report", "-", "--html", "-", stdin: Self.labels)
    #expect(run.status == 0)
    #expect(run.stdout.contains("<h2>Disputed rules</h2>"))
    #expect(run.stdout.contains(Markup.escape(Self.point.other.claim)))
  }

  /// A scene no disputed point decides has no section and no `disputed` key; its findings still
  /// carry `xcodeCount` (null for group opacity, whose count Apple did not publish; 5 for a
  /// dynamic shadow, tech talk 10857), and the text gives Xcode's count beside the tool's.
  @Test func noDisputeAndXcodesCount() throws {
    let scene = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
       {"id": "card", "frame": [20, 20, 200, 100], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3},
       {"id": "faded", "frame": [20, 200, 200, 100], "opacity": 0.5, "backgroundColor": "#FFFFFF",
        "sublayers": [{"id": "t", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 8}}]}]}}
      """
    let text = ToolRun.run("report", "-", stdin: scene).stdout
    #expect(!text.contains("Disputed rules"))
    #expect(text.contains("shadow-without-path  root/card  1 pass (Xcode counts 5), "))
    let value = try Self.json(ToolRun.run("report", "-", "--format", "json", stdin: scene).stdout)
    #expect(value["disputed"] == nil)
    let findings = try #require(value["findings"] as? [[String: Any]])
    let shadow = try #require(findings.first { $0["rule"] as? String == "shadow-without-path" })
    #expect(shadow["xcodeCount"] as? Int == 5)
    let group = try #require(findings.first { $0["rule"] as? String == "group-opacity" })
    #expect(group["xcodeCount"] is NSNull)
  }
}
