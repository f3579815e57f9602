import Compositor
import LayerTree
import Testing

@Suite("Comparison and budgets")
struct ComparisonTests {
  /// A snapshot with the given metric values and findings, on an iPhone 7, one frame at 60 Hz.
  /// A snapshot holding `values`, and 0 for every other metric a report always has (a gated
  /// metric a side lacks counts as worse).
  static func snapshot(_ values: [String: Double], findings: [FindingKey] = []) -> MetricSnapshot {
    var all = values
    for metric in ReportMetrics.all where !metric.optional && all[metric.id] == nil { all[metric.id] = 0 }
    return MetricSnapshot(deviceID: "iphone-7", frames: 1, frameRate: 60, values: all, findings: findings)
  }

  static func change(_ comparison: Comparison, _ id: String) -> MetricChange? { comparison.metrics.first { $0.id == id } }

  // MARK: The metric catalogue

  @Test func metricIdsAreUniqueAndGatesAndBudgetsNameRealMetrics() {
    let ids = ReportMetrics.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    for gate in ReportMetrics.defaultGates { #expect(ReportMetrics.metric(id: gate) != nil, "\(gate)") }
    for kind in BudgetKind.allCases { #expect(ReportMetrics.metric(id: kind.metricID) != nil, "\(kind)") }
    // Budgets bound in the direction the metric improves: max on lower-is-better, min on higher.
    for kind in BudgetKind.allCases {
      let metric = ReportMetrics.metric(id: kind.metricID)!
      #expect(kind.isMinimum == (metric.direction == .higherIsBetter), "\(kind)")
    }
  }

  // MARK: Verdicts

  @Test func identicalSnapshotsShowNoChange() throws {
    let scene = try TestScenes.scene(
      ##"{"id": "card", "frame": [16, 100, 343, 120], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "t", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]}"##
    )
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
    let comparison = Comparison(before: MetricSnapshot(report), after: MetricSnapshot(report))
    #expect(comparison.unchanged)
    #expect(comparison.verdict == .same)
    #expect(!comparison.failed)
    #expect(comparison.metrics.allSatisfy { $0.verdict == .same })
    #expect(comparison.appeared.isEmpty && comparison.disappeared.isEmpty)
  }

  @Test func toleranceEdges() {
    // GPU p95 20 ms: 21 ms is exactly 5% more, still the same; 21.001 ms is worse.
    let before = Self.snapshot(["gpuMs.p95": 20])
    #expect(Self.change(Comparison(before: before, after: Self.snapshot(["gpuMs.p95": 21])), "gpuMs.p95")?.verdict == .same)
    #expect(Self.change(Comparison(before: before, after: Self.snapshot(["gpuMs.p95": 19])), "gpuMs.p95")?.verdict == .same)
    let worse = Comparison(before: before, after: Self.snapshot(["gpuMs.p95": 21.001]))
    #expect(Self.change(worse, "gpuMs.p95")?.verdict == .worse)
    #expect(worse.failed)
    #expect(worse.regressions.map(\.id) == ["gpuMs.p95"])
    #expect(Self.change(Comparison(before: before, after: Self.snapshot(["gpuMs.p95": 18.999])), "gpuMs.p95")?.verdict == .better)
    // With no tolerance any move counts.
    let strict = Comparison(before: before, after: Self.snapshot(["gpuMs.p95": 20.001]), tolerance: 0)
    #expect(Self.change(strict, "gpuMs.p95")?.verdict == .worse)
  }

  @Test func countsCompareExactly() {
    // One more pass on 100 is 1%, inside any tolerance, but passes are counted.
    let comparison = Comparison(
      before: Self.snapshot(["offscreenPasses.perFrameMax": 100]), after: Self.snapshot(["offscreenPasses.perFrameMax": 101]),
      tolerance: 0.5)
    #expect(Self.change(comparison, "offscreenPasses.perFrameMax")?.verdict == .worse)
    #expect(comparison.failed)
  }

  @Test func higherIsBetterForFrameRateAndHitRate() {
    let comparison = Comparison(
      before: Self.snapshot(["fps": 40, "rasterCache.hitRate": 0.5]), after: Self.snapshot(["fps": 59, "rasterCache.hitRate": 0.25]))
    #expect(Self.change(comparison, "fps")?.verdict == .better)
    #expect(Self.change(comparison, "rasterCache.hitRate")?.verdict == .worse)
    #expect(comparison.failed)
  }

  @Test func aMissingValueIsNotComparable() {
    let comparison = Comparison(before: Self.snapshot([:]), after: Self.snapshot(["rasterCache.hitRate": 0.5]))
    #expect(Self.change(comparison, "rasterCache.hitRate")?.verdict == .notComparable)
    #expect(!comparison.failed)
    // Missing on both sides: nothing changed.
    #expect(Self.change(Comparison(before: Self.snapshot([:]), after: Self.snapshot([:])), "rasterCache.hitRate")?.verdict == .same)
  }

  @Test func onlyGatedMetricsFail() {
    let before = Self.snapshot(["blending.blendedPixels": 100, "gpuMs.p95": 10])
    let after = Self.snapshot(["blending.blendedPixels": 200, "gpuMs.p95": 5])
    let comparison = Comparison(before: before, after: after)
    #expect(Self.change(comparison, "blending.blendedPixels")?.verdict == .worse)
    #expect(!comparison.failed)
    #expect(comparison.verdict == .better)
    let gatedOnBlending = Comparison(before: before, after: after, gates: ["blending.blendedPixels"])
    #expect(gatedOnBlending.failed)
    #expect(gatedOnBlending.verdict == .worse)
    #expect(Comparison(before: before, after: after, gates: []).verdict == .same)
  }

  @Test func findingsMatchOnLayerAndRule() {
    let card = FindingKey(rule: RoundedClipRule.ruleID, layer: "root/card")
    let chip = FindingKey(rule: RoundedClipRule.ruleID, layer: "root/chip[0]")
    let shadow = FindingKey(rule: ShadowWithoutPathRule.ruleID, layer: "root/card")
    let comparison = Comparison(before: Self.snapshot([:], findings: [card, chip]), after: Self.snapshot([:], findings: [shadow, card]))
    #expect(comparison.appeared == [shadow])
    #expect(comparison.disappeared == [chip])
    #expect(!comparison.failed)
    let gated = Comparison(
      before: Self.snapshot([:], findings: [card, chip]), after: Self.snapshot([:], findings: [shadow, card]),
      gates: [ReportMetrics.findingsGate])
    #expect(gated.failed)
  }

  // MARK: Budgets, at their edges

  static func limits(_ pairs: [(BudgetKind, Double)]) -> Budgets {
    Budgets(limits: pairs.map { Budgets.Limit(kind: $0.0, value: $0.1) })
  }

  static func passed(_ budgets: Budgets, _ snapshot: MetricSnapshot) -> [Bool] {
    BudgetCheck.evaluate(budgets, device: snapshot.deviceID, snapshot: snapshot).map(\.passed)
  }

  @Test func maxAndMinBudgetsPassAtTheLimit() {
    let snapshot = Self.snapshot(["hitchTimeRatio": 5, "fps": 55, "rasterCache.hitRate": 0.9])
    #expect(Self.passed(Self.limits([(.maxHitchTimeRatio, 5), (.minFps, 55), (.minRasterHitRate, 0.9)]), snapshot) == [true, true, true])
    #expect(
      Self.passed(Self.limits([(.maxHitchTimeRatio, 4.999), (.minFps, 55.001), (.minRasterHitRate, 0.901)]), snapshot)
        == [false, false, false])
  }

  @Test func aHitRateBudgetPassesWhenNothingIsRasterized() {
    let results = BudgetCheck.evaluate(
      Self.limits([(.minRasterHitRate, 1)]), device: "iphone-7", snapshot: Self.snapshot([:]))
    #expect(results.map(\.passed) == [true])
    #expect(results.first?.found == nil)
  }

  @Test func deviceLimitsReplaceTheDefaults() {
    let budgets = Budgets(
      limits: [Budgets.Limit(kind: .minFps, value: 55)], deviceLimits: ["iphone-13-pro": [Budgets.Limit(kind: .minFps, value: 110)]])
    let at60 = MetricSnapshot(deviceID: "iphone-13-pro", frames: 1, frameRate: 120, values: ["fps": 60], findings: [])
    #expect(BudgetCheck.evaluate(budgets, device: "iphone-13-pro", snapshot: at60).map(\.passed) == [false])
    #expect(BudgetCheck.evaluate(budgets, device: "iphone-7", snapshot: Self.snapshot(["fps": 60])).map(\.passed) == [true])
  }

  /// Edges from tiny scenes whose figures are worked out by hand (and, for times, from the
  /// cost coefficients), so the test holds whatever values calibration gives the coefficients.
  @Test func budgetEdgesFromTinyScenes() throws {
    let c = CostCoefficients.standard

    // One rounded card clipping a background and a label: 1 offscreen pass.
    let card = try TestScenes.scene(
      ##"{"id": "card", "frame": [16, 100, 343, 120], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "t", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]}"##
    )
    let cardSnapshot = MetricSnapshot(Simulator.run(card, on: DeviceCatalogue.device(id: "iphone-7")!))
    #expect(Self.passed(Self.limits([(.maxOffscreenPassesPerFrame, 1)]), cardSnapshot) == [true])
    #expect(Self.passed(Self.limits([(.maxOffscreenPassesPerFrame, 0)]), cardSnapshot) == [false])

    // A 100 x 50 pt label on an iPhone 7 (@2x), iOS 17: a single-colour label's backing store of
    // 200 x 100 px x 1 B = 20,000 B (WWDC18 session 219), and nothing else held (no image, no
    // pass, no cache).
    let label = try TestScenes.scene(##"{"id": "l", "frame": [0, 0, 100, 50], "contents": {"type": "text", "characters": 10}}"##)
    let labelSnapshot = MetricSnapshot(Simulator.run(label, on: DeviceCatalogue.device(id: "iphone-7")!))
    #expect(labelSnapshot.values["memoryBytes.total"] == 20_000)
    #expect(Self.passed(Self.limits([(.maxMemoryBytes, 20_000)]), labelSnapshot) == [true])
    #expect(Self.passed(Self.limits([(.maxMemoryBytes, 19_999)]), labelSnapshot) == [false])

    // An opaque white root alone on an iPhone 6 (A8: gpuSpeed = cpuSpeed = 1, 12.8 GB/s;
    // 750 x 1334 = 1,000,500 px). GPU per frame: the root's pixels shaded as opaque ones, and the
    // framebuffer stored once to DRAM, and the root's quad through the tiler (`tilerLayerTime`). Main thread: the first frame's base work only (nothing to draw or lay out).
    // The frame fits the 60 Hz budget, so 60 fps and no hitch.
    let plain = try TestScenes.decode(##"{"version": 1, "device": "iphone-6", "root": {"id": "root", "backgroundColor": "#FFFFFF"}}"##)
    let plainSnapshot = MetricSnapshot(Simulator.run(plain, on: DeviceCatalogue.device(id: "iphone-6")!))
    let pixels = 750.0 * 1334
    let gpuMs = ReportMetrics.rounded(
      pixels * c.opaquePixelTime * 1000 + pixels * c.targetBytesPerPixel / 12.8e9 * 1000 + c.tilerLayerTime * 1000)
    let mainMs = ReportMetrics.rounded(c.frameBaseTime * 1000)
    #expect(plainSnapshot.values["gpuMs.p95"] == gpuMs)
    #expect(plainSnapshot.values["mainThreadMs.p95"] == mainMs)
    #expect(plainSnapshot.values["fps"] == 60)
    #expect(plainSnapshot.values["hitchTimeRatio"] == 0)
    let atEdge = Self.limits([(.maxGpuMsP95, gpuMs), (.maxMainThreadMsP95, mainMs), (.minFps, 60), (.maxHitchTimeRatio, 0)])
    #expect(Self.passed(atEdge, plainSnapshot) == [true, true, true, true])
    let pastEdge = Self.limits([(.maxGpuMsP95, gpuMs - 0.001), (.maxMainThreadMsP95, mainMs - 0.001), (.minFps, 60.001)])
    #expect(Self.passed(pastEdge, plainSnapshot) == [false, false, false])

    // A rasterized badge that never changes, 20 frames: the first draw misses, the 19 others
    // hit (frames 50 ms apart, within the cache's 100 ms lifetime): hit rate 19 / 20 = 0.95.
    let badge = try TestScenes.decode(
      ##"{"version": 1, "device": "iphone-7", "timeline": {"duration": 1, "frameRate": 20}, "root": {"id": "root", "sublayers": [{"id": "badge", "frame": [16, 100, 100, 40], "backgroundColor": "#FF0000", "shouldRasterize": true, "sublayers": [{"id": "label", "frame": [8, 8, 84, 24], "contents": {"type": "text", "characters": 5}}]}]}}"##
    )
    let badgeSnapshot = MetricSnapshot(Simulator.run(badge, on: DeviceCatalogue.device(id: "iphone-7")!))
    #expect(badgeSnapshot.values["rasterCache.hitRate"] == 0.95)
    #expect(Self.passed(Self.limits([(.minRasterHitRate, 0.95)]), badgeSnapshot) == [true])
    #expect(Self.passed(Self.limits([(.minRasterHitRate, 0.951)]), badgeSnapshot) == [false])
  }
}
