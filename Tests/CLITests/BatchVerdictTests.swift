import Compositor
import Foundation
import LayerTree
import SceneBatch
import Testing

@testable import offscreen_sim

/// The verdict over many comparisons is the batch result's (``CompareRun/verdict``), and the
/// text, JSON and Markdown outputs of `compare` print that one verdict.
@Suite("The verdict over many comparisons")
struct BatchVerdictTests {
  /// A snapshot with `values` and 0 for every other metric a report always has (as
  /// ComparisonTests makes them): one frame at 60 Hz on an iPhone 7.
  static func snapshot(_ values: [String: Double]) -> MetricSnapshot {
    var all = values
    for metric in ReportMetrics.all where !metric.optional && all[metric.id] == nil { all[metric.id] = 0 }
    return MetricSnapshot(deviceID: "iphone-7", frames: 1, frameRate: 60, values: all, findings: [])
  }

  static func result(_ name: String, before: [String: Double], after: [String: Double]) -> SceneBatch.ComparisonResult {
    ComparisonResult(
      before: .init(file: "\(name)-before.json", kind: "report", name: name),
      after: .init(file: "\(name)-after.json", kind: "report", name: name), deviceID: "iphone-7", deviceName: "iPhone 7",
      comparison: Comparison(before: snapshot(before), after: snapshot(after)))
  }

  /// GPU time p95, gated by default, halves: far past the 5% tolerance, better.
  static let better = result("better", before: ["gpuMs.p95": 10], after: ["gpuMs.p95": 5])
  /// Nothing moves: the same.
  static let same = result("same", before: ["gpuMs.p95": 10], after: ["gpuMs.p95": 10])
  /// One offscreen pass appears: a count, gated by default and compared exactly, worse.
  static let worse = result("worse", before: ["offscreenPasses.perFrameMax": 0], after: ["offscreenPasses.perFrameMax": 1])

  @Test func theComparisonsHaveTheirOwnVerdicts() {
    #expect(Self.better.comparison.verdict == .better)
    #expect(Self.same.comparison.verdict == .same)
    #expect(Self.worse.comparison.verdict == .worse)
  }

  /// Worse when one failed; else better when one got better; else the same.
  @Test func theRunsVerdictAndCounts() {
    let mixed = CompareRun(results: [Self.better, Self.same])
    #expect(mixed.verdict == .better)
    #expect(!mixed.failed)
    #expect([mixed.count(.better), mixed.count(.same), mixed.count(.worse)] == [1, 1, 0] as [Int])

    let failing = CompareRun(results: [Self.better, Self.same, Self.worse])
    #expect(failing.verdict == .worse)
    #expect(failing.failed)
    #expect([failing.count(.better), failing.count(.same), failing.count(.worse)] == [1, 1, 1] as [Int])

    #expect(CompareRun(results: [Self.same, Self.same]).verdict == .same)
    #expect(CompareRun().verdict == .same)
  }

  /// The three outputs print the run's verdict and totals.
  @Test func everyOutputPrintsTheRunsVerdict() throws {
    for (results, verdict, totals) in [
      ([Self.better, Self.same], "better", "2 comparisons: 1 better, 1 same, 0 worse"),
      ([Self.worse, Self.better, Self.same], "worse", "3 comparisons: 1 better, 1 same, 1 worse"),
      ([Self.same, Self.same], "same", "2 comparisons: 0 better, 2 same, 0 worse"),
    ] {
      let run = CompareRun(results: results)
      #expect(run.verdict.rawValue == verdict)
      let text = CompareTextFormatter.format(run).plain
      #expect(text.hasPrefix(totals + "\n"), "\(text)")
      let markdown = CompareMarkdownFormatter.format(run)
      #expect(markdown.contains("**Verdict: \(verdict).** \(totals)."), "\(markdown)")
      let json = CompareJSONFormatter.format(run, tolerance: Comparison.defaultTolerance)
      let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      #expect(document["verdict"] as? String == verdict)
      #expect(document["failed"] as? Bool == (verdict == "worse"))
    }
  }

  /// An input that could not be used makes the JSON document worse and failed, whatever the
  /// comparisons say: no document reads green on a run that exits 2.
  @Test func anUnusableInputFailsTheDocument() throws {
    let run = CompareRun(results: [Self.better])
    let json = CompareJSONFormatter.format(
      run, tolerance: Comparison.defaultTolerance, errors: [InputError("missing.json: error: no such file")])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(document["verdict"] as? String == "worse")
    #expect(document["failed"] as? Bool == true)
    #expect(run.verdict == .better)
  }
}
