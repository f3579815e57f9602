import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `report --html`: one self-contained page that parses as XML and says what the text report
/// says.
@Suite("report --html")
struct HTMLReportTests {
  static func page(_ scene: String) throws -> (ParsedMarkup, String, ToolRun) {
    let folder = try temporaryFolder()
    let output = folder + "/report.html"
    let run = ToolRun.run("report", "-", "--html", output, stdin: scene)
    #expect(run.status == 0, "\(run.stderr)")
    let text = try readText(output)
    return (try ParsedMarkup(text), text, run)
  }

  @Test func pageHoldsVerdictSummaryChartOverlayAndFindings() throws {
    let (html, text, run) = try Self.page(RenderTests.offscreenScene)
    // The text report still goes to standard output; its first line is the verdict.
    let verdict = run.stdout.split(separator: "\n").first.map(String.init)
    #expect(try html.elements("//*[local-name()='p' and @class='verdict']").first?.stringValue == verdict)
    #expect(try html.elements("//*[local-name()='h1']").first?.stringValue == "offscreen test")
    let rows = try html.elements("//*[local-name()='table' and @class='summary']/*[local-name()='tr']")
    #expect(rows.count >= 10)
    #expect(
      try html.elements("//*[local-name()='tr'][*[local-name()='th']='offscreen passes']/*[local-name()='td']").first?.stringValue
        == "3 per frame on 3 layers: rounded-clip 2, group-opacity 1")
    // Two pictures: the chart (budget line at 16.667 ms on the iPhone 7) and the worst frame's
    // offscreen overlay (3 layers take a pass, by hand in RenderTests).
    let pictures = try html.elements("//*[local-name()='svg']")
    #expect(pictures.count == 2)
    #expect(try html.elements("//*[@class='budget']").first?.attribute("data-ms") == "16.667")
    #expect(try html.tints("offscreen").compactMap { $0.attribute("data-layer") } == ["root/a", "root/b", "root/b/chip"])
    // Each finding with its fix: rounded-clip on root/a and on root/b/chip, group-opacity on root/b.
    let findings = try html.elements("//*[@class='finding']")
    #expect(findings.compactMap { $0.attribute("data-rule") }.sorted() == ["group-opacity", "rounded-clip", "rounded-clip"])
    for finding in findings {
      let fix = try finding.nodes(forXPath: "*[@class='fix']").first?.stringValue ?? ""
      #expect(fix.hasPrefix("Fix: ") && fix.count > 10)
    }
    // Self-contained: nothing to fetch, nothing to run.
    #expect(try html.elements("//*[@src or @href]").isEmpty)
    #expect(try html.elements("//*[local-name()='script' or local-name()='link' or local-name()='img']").isEmpty)
    // The only addresses are the namespaces: XHTML's and the two pictures' SVG.
    #expect(text.components(separatedBy: "http").count - 1 == 3)
    #expect(text.components(separatedBy: "xmlns=\"http").count - 1 == 3)
  }

  @Test func sameInputSameBytes() throws {
    let (_, first, _) = try Self.page(RenderTests.offscreenScene)
    let (_, second, _) = try Self.page(RenderTests.offscreenScene)
    #expect(first == second)
  }

  @Test func dashPrintsOnlyThePage() throws {
    let run = ToolRun.run("report", "-", "--html", "-", stdin: RenderTests.offscreenScene)
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\""))
    _ = try ParsedMarkup(run.stdout)
  }

  /// Every bundled scene makes a page that parses, with its worst frame's overlay.
  @Test func bundledScenesMakeValidPages() throws {
    let folder = Repository.scenesFolder
    let files = BundledScenes.names
    #expect(files.count >= 9)
    for file in files {
      let run = ToolRun.run("report", folder.appendingPathComponent(file).path, "--html", "-")
      #expect(run.status == 0, "\(file)")
      let html = try ParsedMarkup(run.stdout)
      #expect(try html.elements("//*[local-name()='svg']").count == 2, "\(file)")
    }
  }

  /// For `compare --html`: two runs on one page; the overlays' ids do not clash, and findings
  /// are matched on rule and layer: dropping masksToBounds from the card fixes its rounded clip.
  @Test func comparisonPage() throws {
    let before = """
      {"version": 1, "name": "card", "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "card", "frame": [16, 100, 343, 120], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#FFFFFF",
         "sublayers": [{"id": "title", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]}]}}
      """
    let after = before.replacingOccurrences(of: "\"masksToBounds\": true, ", with: "")
    func run(_ json: String, file: String) throws -> SimulatedScene {
      let path = try temporaryFile(file, json)
      return try SimulatedScene.load(path, devices: .standard, io: ToolIO.standard)
    }
    let (beforeRun, afterRun) = (try run(before, file: "before.json"), try run(after, file: "after.json"))
    let page = HTMLReportFormatter.formatComparison(
      before: beforeRun.htmlRun(), after: afterRun.htmlRun(),
      comparison: Comparison(before: MetricSnapshot(beforeRun.report), after: MetricSnapshot(afterRun.report)))
    let html = try ParsedMarkup(page)
    #expect(try html.elements("//*[local-name()='p' and @class='verdict']").count == 2)
    #expect(try html.elements("//*[local-name()='svg']").count == 3)
    let ids = try html.elements("//*[@id]").compactMap { $0.attribute("id") }
    #expect(Set(ids).count == ids.count)
    #expect(try html.tints("offscreen").count == 1)  // before's card; after has none
    let headings = try html.elements("//*[local-name()='h3']").compactMap(\.stringValue)
    #expect(headings == ["Fixed (before only)"])
    #expect(try html.elements("//*[@class='finding']").compactMap { $0.attribute("data-rule") } == ["rounded-clip"])
    let stages = try html.elements("//*[@class='stage']")
    #expect(stages.count == 6)
  }

  /// `compare --html` shows the comparison compare makes (``Comparison``): its table lists the
  /// comparison's metrics that are gated or changed, in its order, gated ones in bold, with
  /// their verdicts; the findings are split by the comparison's finding keys. The same card as
  /// above: dropping masksToBounds leaves one thing to clip, no pass (docs/DOMAIN's table), so
  /// the worst frame's offscreen passes go 1 -> 0, gated by default: better.
  @Test func theComparisonPageShowsTheComparison() throws {
    let before = """
      {"version": 1, "name": "card", "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "card", "frame": [16, 100, 343, 120], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#FFFFFF",
         "sublayers": [{"id": "title", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]}]}}
      """
    let after = before.replacingOccurrences(of: "\"masksToBounds\": true, ", with: "")
    func run(_ json: String, file: String) throws -> SimulatedScene {
      try SimulatedScene.load(try temporaryFile(file, json), devices: .standard, io: ToolIO.standard)
    }
    let (old, new) = (try run(before, file: "before.json"), try run(after, file: "after.json"))
    func page(_ comparison: Comparison) throws -> ParsedMarkup {
      try ParsedMarkup(HTMLReportFormatter.formatComparison(before: old.htmlRun(), after: new.htmlRun(), comparison: comparison))
    }
    let comparison = Comparison(before: MetricSnapshot(old.report), after: MetricSnapshot(new.report))
    let html = try page(comparison)
    let rows = try html.elements("//*[local-name()='table' and @class='comparison']/*[local-name()='tr'][*[@scope='row']]")
    let listed = comparison.metrics.filter { $0.gated || $0.verdict != .same }
    #expect(rows.compactMap { $0.elements(forName: "th").first?.stringValue } == listed.map(\.title))
    let passes = try #require(rows.first)
    #expect(passes.elements(forName: "th").first?.elements(forName: "strong").first?.stringValue == "offscreen passes per frame (max)")
    #expect(passes.elements(forName: "td").compactMap(\.stringValue) == ["1", "0", "-1 (-100%)", "better"])
    let note = try html.elements("//*[local-name()='p' and @class='note']").compactMap(\.stringValue)
    #expect(note.contains { $0.hasPrefix("Verdict: better: offscreen passes per frame (max) 1 → 0 (-100%)") })

    // Gated on findings alone, the figures are no longer in bold; what is listed follows.
    let findingsOnly = Comparison(before: MetricSnapshot(old.report), after: MetricSnapshot(new.report), gates: ["findings"])
    let ungated = try page(findingsOnly)
    #expect(try ungated.elements("//*[local-name()='strong']").isEmpty)
    let ungatedRows = try ungated.elements("//*[local-name()='table' and @class='comparison']/*[local-name()='tr'][*[@scope='row']]")
    #expect(ungatedRows.count == findingsOnly.metrics.filter { $0.verdict != .same }.count)

    // The findings are split by the comparison's keys: one that says nothing disappeared shows
    // nothing fixed (and the after run has no finding to show as new or still there).
    var kept = comparison
    #expect(kept.disappeared == [FindingKey(rule: "rounded-clip", layer: "root/card")])
    kept.disappeared = []
    let headings = try page(kept).elements("//*[local-name()='h3']").compactMap(\.stringValue)
    #expect(headings == [])
    #expect(try html.elements("//*[local-name()='h3']").compactMap(\.stringValue) == ["Fixed (before only)"])
  }
}
