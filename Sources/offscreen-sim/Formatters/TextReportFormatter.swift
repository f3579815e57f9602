import Compositor
import LayerTree

/// The report as a person reads it: the summary first, then each offscreen layer (layers made by
/// `repeat` folded into one line with a count) with its reason and fix, then other costs.
enum TextReportFormatter {
  static func format(_ report: SimulationReport, file: String) -> String {
    let scene = report.scene
    var text = verdict(report) + "\n"
    let file = TerminalText.inline(file)
    let title = scene.name.isEmpty ? file : "\(TerminalText.inline(scene.name)) (\(file))"
    text += "\(title)\n"
    text +=
      "\(TerminalText.inline(scene.deviceName)), \(formatNumber(scene.renderedPixels.width))x\(formatNumber(scene.renderedPixels.height)) px @\(formatNumber(scene.scale))x, \(formatNumber(scene.refreshRate)) Hz, iOS \(scene.iosVersion)\n"
    if let profile = scene.profile { text += ProfileNote.text(profile, id: scene.deviceID) + "\n" }
    if let source = scene.source {
      // Where an imported scene came from: the tool, its input and frames, then each note.
      var line = "made by \(TerminalText.inline(source.tool))"
      if let file = source.file { line += " from \(TerminalText.inline(file))" }
      if let frames = source.frames { line += ", frames \(formatNumber(frames.lowerBound))-\(formatNumber(frames.upperBound))" }
      text += line + "\n"
      for note in source.notes { text += "  note: \(TerminalText.inline(note))\n" }
    }
    text += "\n"

    let figures = ReportFigures(report)
    text += "Summary\n" + summaryTable(SummaryRows(report))
    if report.frames.count > 1 { text += "\n" + frameStory(report) }

    let offscreen = report.findings.filter { $0.category == .offscreen }
    text += "\n"
    if offscreen.isEmpty {
      text += "Offscreen layers: none\n"
    } else {
      text += "Offscreen layers (most GPU time first)\n"
      for ranked in figures.offscreenGroups {
        let group = ranked.group
        let first = group.findings[0]
        let count = group.findings.count
        let groupPasses = ranked.passes
        let pixels = ranked.pixels
        var head = "  \(first.rule)  \(group.pattern)"
        if count > 1 { head += "  (\(count) layers)" }
        let each = Set(group.findings.map(\.passes))
        var passesText =
          count > 1 && each.count == 1
          ? "\(Markup.plural(each.first!, "pass", "passes")) each"
          : "\(Markup.plural(groupPasses, "pass", "passes"))"
        passesText += xcodeNote(group.findings)
        head += "  \(passesText), \(Readable.count(pixels)) px, \(ReportFigures.gpuPerFrame(ranked))"
        if first.depth > 0 { head += ", nested \(first.depth) deep" }
        if report.frames.count > 1 { head += ", in \(ranked.frames) of \(report.frames.count) frames" }
        text += head + "\n"
        text += "      \(first.message)\n"
        text += "      fix: \(first.fix)\n"
      }
    }

    text += disputedText(report)
    if let lists = report.lists, let frames = lists.blankFrames {
      let count = lists.blankRows.count
      text +=
        "\nBlank rows: \(count) row\(count == 1 ? "" : "s") (\(lists.blankRowsText)) came in blank in frames \(frames.lowerBound)-\(frames.upperBound): the fast fling skipped their drawing, so the user sees empty cells while the list flies past\n"
    }
    if let lists = report.lists, lists.late.tasks > 0, let frames = lists.late.frames {
      let queues = Markup.plural(lists.drawingQueues, "drawing queue")
      text +=
        "\nLate contents: \(Markup.plural(lists.late.tasks, "layer")) drawn on background threads in frames \(frames.lowerBound)-\(frames.upperBound) showed up to \(Markup.plural(lists.late.mostFrames, "frame")) late, waiting for the \(queues): until drawn, each shows blank or with its old contents\n"
    }

    let images = report.findings.filter { $0.category == .image }
    if !images.isEmpty {
      text += "\nImages\n"
      for group in groups(images) {
        let first = group.findings[0]
        let count = group.findings.count
        text += "  \(first.rule)  \(group.pattern)\(count > 1 ? "  (\(count) layers)" : "")\n"
        text += "      \(first.message)\n      fix: \(first.fix)\n"
      }
    }

    if !report.backingStores.isEmpty {
      text += "\nBacking stores (largest first)\n"
      var storeRows: [[String]] = []
      for group in groupStores(report.backingStores).prefix(8) {
        let first = group.1[0]
        let total = group.1.reduce(0) { $0 + $1.bytes }
        storeRows.append([
          group.0 + (group.1.count > 1 ? " (\(group.1.count))" : ""),
          "\(first.contents), \(formatNumber(first.pixelSize.width))x\(formatNumber(first.pixelSize.height)) px, drawn on \(first.drawnOn.rawValue) thread",
          Readable.bytes(total),
        ])
      }
      text += TextTable.render(storeRows, indent: "  ")
    }
    return text
  }

  /// The summary's rows as the text report lays them out: a table of label and value.
  static func summaryTable(_ rows: SummaryRows) -> String {
    TextTable.render(rows.laidOut(.text).map { [$0.label, $0.value] }, indent: "  ")
  }

  /// Xcode's view debugger's count beside the tool's, where Apple's examples establish it and it
  /// differs: " (Xcode counts 5)", " (Xcode counts 5 each)"; empty otherwise.
  static func xcodeNote(_ findings: [Finding]) -> String {
    let counts = Set(findings.map(\.xcodeCount))
    let passes = Set(findings.map(\.passes))
    guard counts.count == 1, let count = counts.first ?? nil, passes.count == 1, passes.first != count else { return "" }
    return " (Xcode counts \(count)\(findings.count > 1 ? " each" : ""))"
  }

  /// The disputed points that decide a result in the scene (``DisputedDecision``): the rule, the
  /// answer taken and the other, each with its sources, and what the other answer gives.
  static func disputedText(_ report: SimulationReport) -> String {
    guard !report.disputed.isEmpty else { return "" }
    var text =
      "\nDisputed rules (published device tests disagree; the figures above take the first answer, report --assume <point> the other)\n"
    for decision in report.disputed {
      text += "  \(decision.rule), \(decision.point): \(decision.question)\n"
      let shown = decision.layers.prefix(3).map { TerminalText.inline($0.layer) }.joined(separator: ", ")
      let more = decision.layers.count - min(decision.layers.count, 3)
      text += "      decides \(shown)\(more > 0 ? " and \(Markup.plural(more, "more layer"))" : "")\n"
      for (label, answer) in [
        (decision.takenIsDefault ? "assumed (the documented default)" : "assumed (--assume)", decision.taken),
        ("other answer", decision.other),
      ] {
        text += "      \(label): \(answer.claim)\n"
        for source in answer.sources { text += "        \(source.title): \(source.says) (\(source.url))\n" }
      }
      var line = "      with the other answer: "
      let pairs = Set(decision.layers.map { [$0.otherPasses, $0.passes] })
      if pairs.count == 1, let pair = pairs.first {
        let on = decision.layers.count == 1 ? "that layer" : "each of those layers"
        line += "\(Markup.plural(pair[0], "pass", "passes")) on \(on) (now \(pair[1])); "
      }
      let delta = decision.otherGpuMs - decision.gpuMs
      line +=
        "\(Markup.plural(decision.otherPasses, "pass", "passes")) in the worst frame (now \(decision.passes)), "
        + "GPU \(Readable.fixed(decision.otherGpuMs, 2)) ms/frame (now \(Readable.fixed(decision.gpuMs, 2)), "
        + "\(delta >= 0 ? "+" : "-")\(Readable.fixed(abs(delta), 2)))"
      text += line + "\n"
    }
    return text
  }

  /// The line a person wants first: "iPhone 6 Plus, 60 Hz: 41 fps, GPU-bound (22.1 ms/frame,
  /// budget 16.7), hitch time ratio 310 ms/s (critical)"; a stage whose mean is within the budget
  /// but whose frames hitch says those frames: "main-thread-bound (7 frames over budget, up to
  /// 23.5 ms; mean 2.4 ms/frame, budget 16.7)". Content paced slower than the display
  /// names both rates: "iPhone 13 Pro, 60 Hz content on a 120 Hz display: ...". A late first
  /// display comes first, apart from the frames after it: "iPhone 6, 60 Hz: first display 60.3 ms
  /// on the main thread (3 frames late), then 60 fps, within budget (...)".
  static func verdict(_ report: SimulationReport) -> String {
    let performance = report.summary.performance
    var text = "\(TerminalText.inline(report.scene.deviceName)), \(rates(performance)): "
    let firstDisplay = ReportFigures(report).lateFirstDisplay
    if let firstDisplay { text += firstDisplay + ", then " }
    text += "\(Readable.integer(performance.fps)) fps, "
    let budget = Readable.fixed(performance.budgetMs, 1)
    // The limiting stage with its time: its mean when that is over the budget; else the frames
    // after the first display that ran past it, which are what hitched (a mean of 2.4 ms against
    // 16.7 would say the stage is not the problem).
    // The frames after the first display: after the first frame shown (those before it are the
    // first display's).
    let firstShown = report.frames.firstIndex { $0.outcome.presentedAt != nil } ?? 0
    let afterFirstDisplay = report.frames.dropFirst(firstShown + 1)
    func bound(_ name: String, mean: Double, hitches: Int, kind: String, _ perFrame: (FrameReport) -> Double) -> String {
      let meanText = "\(Readable.fixed(mean, 1)) ms/frame, budget \(budget)"
      guard mean <= performance.budgetMs else { return "\(name)-bound (\(meanText))" }
      let over = afterFirstDisplay.map(perFrame).filter { $0 > performance.budgetMs + 1e-9 }
      guard let most = over.max() else {
        // No frame over the budget on this stage alone: the stages together were (the render
        // server and the GPU one after the other), as the hitches say; without hitches, the mean.
        guard hitches > 0 else { return "\(name)-bound (\(meanText))" }
        return "\(name)-bound (\(Markup.plural(hitches, "\(kind) hitch", "\(kind) hitches")); mean \(meanText))"
      }
      return "\(name)-bound (\(Markup.plural(over.count, "frame")) over budget, up to \(Readable.fixed(most, 1)) ms; mean \(meanText))"
    }
    switch performance.bottleneck {
    case .gpu?: text += bound("GPU", mean: performance.gpuMs.mean, hitches: performance.renderHitches, kind: "render") { $0.cost.gpuMs }
    case .renderServer?:
      text += bound("render-server", mean: performance.renderServerMs.mean, hitches: performance.renderHitches, kind: "render") {
        $0.cost.renderServerMs
      }
    case .mainThread?:
      text += bound("main-thread", mean: performance.mainThreadMs.mean, hitches: performance.commitHitches, kind: "commit") {
        $0.cost.mainThreadMs
      }
    case nil:
      // Smooth on the display after the first display. A still screen's main thread is its one
      // frame's, the first display's: past a late first display only the GPU is said. A frame
      // after the first display whose main thread ran past the budget is said so: a late commit
      // too rare to leave the good hitch band.
      let late = afterFirstDisplay.filter { $0.cost.mainThreadMs > performance.budgetMs + 1e-9 }
      let gpu = Readable.fixed(performance.gpuMs.mean, 1)
      if report.frames.count == 1 && firstDisplay != nil {
        text += "within budget (GPU \(gpu) ms/frame, budget \(budget))"
      } else if late.isEmpty {
        text +=
          "within budget (GPU \(gpu), main thread \(Readable.fixed(performance.mainThreadMs.mean, 1)) ms/frame, budget \(budget))"
      } else {
        let most = late.map(\.cost.mainThreadMs).max() ?? 0
        text +=
          "within budget but for \(Markup.plural(late.count, "frame")) over it (main thread up to \(Readable.fixed(most, 1)) ms, budget \(budget); GPU \(gpu) ms/frame)"
      }
    }
    text += ", hitch time ratio \(Readable.integer(performance.hitchTimeRatio)) ms/s (\(performance.hitchBand.rawValue))"
    return text
  }

  /// The rate the frames were paced at: the display's (`60 Hz`), or the content's when slower
  /// (`60 Hz content on a 120 Hz display`).
  static func rates(_ performance: Performance) -> String {
    let display = "\(formatNumber(performance.refreshRate)) Hz"
    guard abs(performance.contentRate - performance.refreshRate) > 1e-9 else { return display }
    return "\(formatNumber(performance.contentRate)) Hz content on a \(display) display"
  }

  /// Most rows the per-frame story prints; the JSON report has every frame.
  static let maxStoryRows = 60

  /// One row per run of identical frames: passes by reason and what the raster cache did.
  static func frameStory(_ report: SimulationReport) -> String {
    let summary = report.summary
    let text =
      "Frames (\(summary.frames) at \(formatNumber(summary.frameRate)) Hz, \(formatNumber(Double(summary.frames) / summary.frameRate)) s; offscreen passes per frame: mean \(Readable.fixed(summary.offscreenPasses.perFrameMean, 1)), p95 \(summary.offscreenPasses.perFrameP95), max \(summary.offscreenPasses.perFrameMax))\n"
    // A run is a stretch of frames with the same passes by reason and the same raster cache
    // activity; times are shown as ranges over the run, hitches as counts.
    func key(_ frame: FrameReport) -> String {
      let reasons = frame.byReason.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
      var line = "\(Markup.plural(frame.offscreenPasses, "pass", "passes"))"
      if !reasons.isEmpty { line += " (" + reasons.joined(separator: ", ") + ")" }
      let cache = frame.rasterCache
      if cache.hits + cache.misses + cache.evictions > 0 || cache.bytes > 0 {
        line +=
          "; raster \(Markup.plural(cache.hits, "hit")), \(Markup.plural(cache.misses, "miss", "misses")), \(cache.evictions) evicted, \(Readable.bytes(cache.bytes))"
      }
      return line
    }
    func range(_ values: [Double]) -> String {
      let low = Readable.fixed(values.min() ?? 0, 1)
      let high = Readable.fixed(values.max() ?? 0, 1)
      return low == high ? low : "\(low)-\(high)"
    }
    var rows: [[String]] = []
    var start = 0
    let frames = report.frames
    while start < frames.count {
      let line = key(frames[start])
      var end = start
      while end + 1 < frames.count, key(frames[end + 1]) == line { end += 1 }
      let run = frames[start...end]
      var text = line + "; GPU \(range(run.map(\.cost.gpuMs))), main \(range(run.map(\.cost.mainThreadMs))) ms"
      let replaced = run.filter { $0.contentChanges > 0 }.count
      if replaced > 0 { text += "; contents replaced in \(Markup.plural(replaced, "frame"))" }
      for kind in [FramePacing.HitchKind.commit, .render] {
        let count = run.filter { $0.outcome.hitch == kind }.count
        if count > 0 { text += "; \(Markup.plural(count, "\(kind.rawValue) hitch", "\(kind.rawValue) hitches"))" }
      }
      rows.append([start == end ? "frame \(start)" : "frames \(start)-\(end)", text])
      start = end + 1
    }
    if rows.count > maxStoryRows {
      let more = rows.count - maxStoryRows
      rows = Array(rows.prefix(maxStoryRows))
      rows.append(["...", "\(more) more rows; --format json lists every frame"])
    }
    return text + TextTable.render(rows, indent: "  ")
  }

  typealias Group = FindingGroup

  static func groups(_ findings: [Finding]) -> [FindingGroup] { FindingGroup.groups(findings) }

  static func groupStores(_ stores: [BackingStore]) -> [(String, [BackingStore])] {
    var order: [String] = []
    var byPattern: [String: [BackingStore]] = [:]
    for store in stores {
      let pattern = LayerPath.pattern(store.layer)
      if byPattern[pattern] == nil { order.append(pattern) }
      byPattern[pattern, default: []].append(store)
    }
    return order.map { pattern in
      let members = byPattern[pattern] ?? []
      return (members.count == 1 ? members[0].layer : pattern, members)
    }.sorted { lhs, rhs in
      let l = lhs.1.reduce(0) { $0 + $1.bytes }
      let r = rhs.1.reduce(0) { $0 + $1.bytes }
      return l != r ? l > r : lhs.0 < rhs.0
    }
  }

}
