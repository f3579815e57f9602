import Compositor
import LayerTree

/// The report as a versioned JSON document (docs/report-format.md). Keys keep a fixed order and
/// every rule id appears in `byReason`, so documents compare cleanly across runs and versions.
enum JSONReportFormatter {
  static func format(_ report: SimulationReport, file: String) -> String {
    document(report, file: file).rendered()
  }

  static func document(_ report: SimulationReport, file: String) -> JSONOutput {
    let scene = report.scene
    let summary = report.summary
    var sceneMembers: [(String, JSONOutput)] = [
      ("file", .string(file)),
      ("name", .string(scene.name)),
      ("description", .string(scene.description)),
      ("iosVersion", .string(scene.iosVersion.description)),
      (
        "device",
        .object(
          ProfileNote.adding(
            scene.profile,
            to: [
              ("id", .string(scene.deviceID)),
              ("name", .string(scene.deviceName)),
              ("scale", .number(scene.scale)),
              ("renderedPixels", .array([.number(scene.renderedPixels.width), .number(scene.renderedPixels.height)])),
              ("refreshRate", .number(scene.refreshRate)),
            ]))
      ),
    ]
    if let source = scene.source {
      var members: [(String, JSONOutput)] = [("tool", .string(source.tool))]
      if let file = source.file { members.append(("file", .string(file))) }
      if let frames = source.frames { members.append(("frames", .array([.number(frames.lowerBound), .number(frames.upperBound)]))) }
      members.append(("notes", .array(source.notes.map { .string($0) })))
      sceneMembers.append(("source", .object(members)))
    }
    var members: [(String, JSONOutput)] = [
      ("reportVersion", .int(SimulationReport.formatVersion)),
      ("tool", .object([("name", .string("offscreen-sim")), ("version", .string(toolVersion))])),
      ("scene", .object(sceneMembers)),
      (
        "summary",
        .object([
          ("layers", .int(summary.layers)),
          ("visibleLayers", .int(summary.visibleLayers)),
          ("drawingLayers", .int(summary.drawingLayers)),
          (
            "offscreenPasses",
            .object([
              ("perFrameMax", .int(summary.offscreenPasses.perFrameMax)),
              ("perFrameMean", .number(rounded(summary.offscreenPasses.perFrameMean))),
              ("perFrameP95", .int(summary.offscreenPasses.perFrameP95)),
              ("layers", .int(summary.offscreenPasses.layers)),
              ("byReason", byReason(summary.offscreenPasses.byReason)),
            ])
          ),
          (
            "rasterCache",
            .object([
              ("hits", .int(summary.rasterCache.hits)),
              ("misses", .int(summary.rasterCache.misses)),
              ("evictions", .int(summary.rasterCache.evictions)),
              ("hitRate", summary.rasterCache.hitRate.map { .number(rounded($0)) } ?? .null),
              ("peakBytes", .number(summary.rasterCache.peakBytes)),
            ])
          ),
          ("frames", .int(summary.frames)),
          ("frameRate", .number(summary.frameRate)),
          ("offscreenPixelsMax", .number(rounded(summary.offscreenPixelsMax))),
          (
            "blending",
            .object([
              ("blendedPixels", .number(rounded(summary.blending.blendedPixels))),
              ("drawnPixels", .number(rounded(summary.blending.drawnPixels))),
              ("screenPixels", .number(summary.blending.screenPixels)),
              ("overdraw", .number(rounded(summary.blending.overdraw))),
              ("blendedLayers", .int(summary.blending.blendedLayers)),
            ])
          ),
          (
            "backingStores",
            .object([("layers", .int(summary.backingStores.layers)), ("bytes", .number(summary.backingStores.bytes))])
          ),
          ("images", .object([("scaled", .int(summary.images.scaled)), ("misaligned", .int(summary.images.misaligned))])),
          ("firstFrame", firstFrame(summary.performance.firstFrame)),
          ("ranges", summary.ranges.map(ranges) ?? .null),
          ("fps", .number(rounded(summary.performance.fps))),
          ("budgetMs", .number(rounded(summary.performance.budgetMs))),
          ("hitchTimeRatio", .number(rounded(summary.performance.hitchTimeRatio))),
          ("hitchBand", .string(summary.performance.hitchBand.rawValue)),
          ("hitches", .int(summary.performance.hitches)),
          ("commitHitches", .int(summary.performance.commitHitches)),
          ("renderHitches", .int(summary.performance.renderHitches)),
          ("bottleneck", summary.performance.bottleneck.map { .string($0.rawValue) } ?? .null),
          ("gpuUtilization", .number(rounded(summary.performance.gpuUtilization))),
          ("cpuUtilization", .number(rounded(summary.performance.cpuUtilization))),
          ("processCpuUtilization", .number(rounded(summary.performance.processCpuUtilization))),
          ("renderServerUtilization", .number(rounded(summary.performance.renderServerUtilization))),
          ("gpuMs", distribution(summary.performance.gpuMs)),
          ("renderServerMs", distribution(summary.performance.renderServerMs)),
          ("mainThreadMs", distribution(summary.performance.mainThreadMs)),
          ("backgroundMs", distribution(summary.performance.backgroundMs)),
          ("gpuBreakdownMs", items(summary.performance.gpuBreakdown, order: CostItem.gpu)),
          ("mainThreadBreakdownMs", items(summary.performance.mainThreadBreakdown, order: CostItem.mainThread)),
          (
            "memoryBytes",
            .object([
              ("backingStores", .number(summary.memory.backingStores)),
              ("offscreenTargetsPeak", .number(rounded(summary.memory.offscreenTargetsPeak))),
              ("rasterCache", .number(summary.memory.rasterCache)),
              ("images", .number(summary.memory.images)),
              ("total", .number(rounded(summary.memory.total))),
            ])
          ),
        ])
      ),
      (
        "frames",
        .array(
          report.frames.map { frame in
            .object([
              ("index", .int(frame.index)),
              ("time", .number(rounded(frame.time))),
              ("offscreenPasses", .int(frame.offscreenPasses)),
              ("byReason", byReason(frame.byReason)),
              ("offscreenPixels", .number(rounded(frame.offscreenPixels))),
              (
                "rasterCache",
                .object([
                  ("hits", .int(frame.rasterCache.hits)),
                  ("misses", .int(frame.rasterCache.misses)),
                  ("evictions", .int(frame.rasterCache.evictions)),
                  ("bytes", .number(frame.rasterCache.bytes)),
                ])
              ),
              ("contentChanges", .int(frame.contentChanges)),
              ("gpuMs", .number(rounded(frame.cost.gpuMs))),
              ("renderServerMs", .number(rounded(frame.cost.renderServerMs))),
              ("mainThreadMs", .number(rounded(frame.cost.mainThreadMs))),
              ("backgroundMs", .number(rounded(frame.cost.backgroundMs))),
              ("presentedAtMs", frame.outcome.presentedAt.map { .number(rounded($0)) } ?? .null),
              (
                "hitch",
                frame.outcome.hitch.map { .object([("kind", .string($0.rawValue)), ("ms", .number(rounded(frame.outcome.hitchMs)))]) }
                  ?? .null
              ),
            ])
          })
      ),
      ("findings", .array(report.findings.map(finding))),
      (
        "backingStores",
        .array(
          report.backingStores.map { store in
            .object([
              ("layer", .string(store.layer)),
              ("contents", .string(store.contents)),
              ("pixelSize", .array([.number(store.pixelSize.width), .number(store.pixelSize.height)])),
              ("bytes", .number(store.bytes)),
              ("drawnOn", .string(store.drawnOn.rawValue)),
            ])
          })
      ),
    ]
    // Only where a disputed point decides a result (docs/report-format.md#disputed).
    if !report.disputed.isEmpty { members.append(("disputed", .array(report.disputed.map(disputed)))) }
    // Only when a list technique made rows blank, or the drawing queues made contents late
    // (docs/report-format.md#lists).
    if let lists = report.lists {
      var block: [(String, JSONOutput)] = []
      if !lists.blankRows.isEmpty { block.append(("blankRows", .array(lists.blankRows.map { .int($0) }))) }
      if let frames = lists.blankFrames { block.append(("blankFrames", .array([.int(frames.lowerBound), .int(frames.upperBound)]))) }
      if lists.late.tasks > 0 {
        block.append(("drawingQueues", .int(lists.drawingQueues)))
        block.append(("lateContents", .int(lists.late.tasks)))
        if let frames = lists.late.frames { block.append(("lateFrames", .array([.int(frames.lowerBound), .int(frames.upperBound)]))) }
        block.append(("mostFramesLate", .int(lists.late.mostFrames)))
      }
      members.append(("lists", .object(block)))
    }
    return .object(members)
  }

  static func disputed(_ decision: DisputedDecision) -> JSONOutput {
    func answer(_ answer: DisputeAnswer) -> JSONOutput {
      .object([
        ("claim", .string(answer.claim)),
        (
          "sources",
          .array(
            answer.sources.map { .object([("title", .string($0.title)), ("url", .string($0.url)), ("says", .string($0.says))]) })
        ),
      ])
    }
    return .object([
      ("point", .string(decision.point)),
      ("rule", .string(decision.rule)),
      ("question", .string(decision.question)),
      ("assumed", .string(decision.takenIsDefault ? "default" : "other")),
      ("taken", answer(decision.taken)),
      ("other", answer(decision.other)),
      (
        "layers",
        .array(
          decision.layers.map {
            .object([("layer", .string($0.layer)), ("passes", .int($0.passes)), ("otherPasses", .int($0.otherPasses))])
          })
      ),
      ("perFrameMax", .int(decision.passes)),
      ("otherPerFrameMax", .int(decision.otherPasses)),
      ("gpuMsMean", .number(rounded(decision.gpuMs))),
      ("otherGpuMsMean", .number(rounded(decision.otherGpuMs))),
    ])
  }

  static func finding(_ finding: Finding) -> JSONOutput {
    var members: [(String, JSONOutput)] = [
      ("rule", .string(finding.rule)),
      ("category", .string(finding.category.rawValue)),
      ("layer", .string(finding.layer)),
      ("message", .string(finding.message)),
      ("fix", .string(finding.fix)),
      ("passes", .int(finding.passes)),
      ("pixelArea", .number(rounded(finding.pixelArea))),
      ("depth", .int(finding.depth)),
      ("frames", .int(finding.frames)),
      ("gpuMs", .number(rounded(finding.gpuMs))),
    ]
    if finding.category == .offscreen { members.append(("xcodeCount", finding.xcodeCount.map { .int($0) } ?? .null)) }
    if let source = finding.source {
      members.append(("line", .int(source.line)))
      members.append(("column", .int(source.column)))
    }
    return .object(members)
  }

  /// The absolute figures' ranges (``FigureRanges``): `[low, high]` each, the errors they come
  /// from and whether the device's GPU generation has measured cases.
  static func ranges(_ ranges: FigureRanges) -> JSONOutput {
    func pair(_ range: ClosedRange<Double>) -> JSONOutput {
      .array([.number(rounded(range.lowerBound)), .number(rounded(range.upperBound))])
    }
    return .object([
      ("fps", pair(ranges.fps)),
      ("gpuMsMean", pair(ranges.gpuMs)),
      ("mainThreadMsMean", pair(ranges.mainThreadMs)),
      ("gpuGeneration", .int(ranges.generation)),
      ("measuredOnGeneration", .bool(ranges.measured)),
      (
        "errors",
        .object([
          ("fps", .number(rounded(ranges.error.fps))), ("gpu", .number(rounded(ranges.error.gpu))),
          ("mainThread", .number(rounded(ranges.error.mainThread))),
        ])
      ),
    ])
  }

  /// The screen's first display (``FirstFrame``).
  static func firstFrame(_ first: FirstFrame) -> JSONOutput {
    .object([
      ("presentedAtMs", .number(rounded(first.presentedAtMs))),
      ("lateMs", .number(rounded(first.lateMs))),
      ("cause", first.cause.map { .string($0.rawValue) } ?? .null),
      ("mainThreadMs", .number(rounded(first.mainThreadMs))),
      ("renderServerMs", .number(rounded(first.renderServerMs))),
      ("gpuMs", .number(rounded(first.gpuMs))),
    ])
  }

  static func distribution(_ d: Distribution) -> JSONOutput {
    .object([("mean", .number(rounded(d.mean))), ("p95", .number(rounded(d.p95))), ("max", .number(rounded(d.max)))])
  }

  /// Items in a fixed order, each present (0 when absent).
  static func items(_ values: [String: Double], order: [String]) -> JSONOutput {
    .object(order.map { ($0, .number(rounded(values[$0] ?? 0))) })
  }

  /// Every rule id, in registry order, with its count (0 when the rule did not fire), then any
  /// rule the simulation ran beside the registry, by id.
  static func byReason(_ counts: [String: Int]) -> JSONOutput {
    let registered = OffscreenRules.all.map(\.id)
    let others = counts.keys.filter { !registered.contains($0) }.sorted()
    return .object((registered + others).map { ($0, .int(counts[$0] ?? 0)) })
  }

  /// Three decimals: enough for pixels and milliseconds, stable across platforms.
  /// ``ReportMetrics/rounded(_:)``: 3 decimals, and past 1e15 the value as it is.
  static func rounded(_ value: Double) -> Double { ReportMetrics.rounded(value) }
}
