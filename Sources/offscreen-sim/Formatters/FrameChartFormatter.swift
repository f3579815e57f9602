import Compositor
import LayerTree

/// Frame times as an SVG chart, after Android's Profile GPU Rendering bars: per frame the GPU,
/// render-server and main-thread milliseconds as lines against the frame budget (one refresh
/// interval, dashed), hitches marked above the plot, and offscreen passes per frame as grey bars
/// on a second axis. Given two runs (before and after a change) it draws both on one chart:
/// the first dashed and paler, the second solid.
///
/// Scales (docs/pictures.md): the time axis runs from 0 to the first "nice" value (1, 1.5, 2,
/// 2.5, 3, 4, 5, 6 or 8 x 10^k) at or above the larger of 1.5 x the budget and 1.1 x the largest
/// time drawn; the passes axis from 0 to the first nice value at or above the most passes (at
/// least 4). Runs longer than ``maxSlots`` frames are drawn in slots of several frames, each
/// showing the maximum of its frames.
enum FrameChartFormatter {
  struct Run {
    var report: SimulationReport
    /// How the legend names the run: the scene's name, or "before: ...".
    var label: String
  }

  static let width = 880.0
  static let plotHeight = 260.0
  static let plotLeft = 64.0
  static let plotRight = 64.0
  static let maxSlots = 376

  /// Stage colours, shared by lines and legend.
  static let gpuColor = "#E4572E"
  static let renderServerColor = "#4C78A8"
  static let mainThreadColor = "#54A24B"
  static let passesColor = "#C7CCD4"
  static let hitchColor = "#DC2626"

  /// The chart as a standalone SVG file.
  static func document(_ runs: [Run]) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg(runs)
  }

  /// A nice axis top at or above `value`, and its tick step.
  static func niceAxis(_ value: Double) -> (top: Double, step: Double) {
    let table: [(Double, Double)] = [(1, 0.2), (1.5, 0.5), (2, 0.5), (2.5, 0.5), (3, 0.5), (4, 1), (5, 1), (6, 1), (8, 2), (10, 2)]
    guard value.isFinite, value > 0 else { return (1, 0.2) }
    // Tops up to 10 x the decade must stay finite: anything larger is drawn at the axis's top.
    let value = min(value, 1e300)
    var decade = 1.0
    while decade * 10 <= value { decade *= 10 }
    while decade > value { decade /= 10 }
    for (top, step) in table where top * decade >= value - 1e-9 * decade {
      return (top * decade, step * decade)
    }
    return (10 * decade, 2 * decade)
  }

  /// The tick values of an axis from ``niceAxis(_:)``: 0, step, 2 x step ... top, counted rather
  /// than summed, so there are always top / step + 1 of them (at most 11).
  static func ticks(_ axis: (top: Double, step: Double)) -> [Double] {
    let count = min(10, max(0, (axis.top / axis.step).rounded()))
    guard count.isFinite else { return [0] }
    return (0...Int(count)).map { Double($0) * axis.step }
  }

  /// One slot of the x axis: the frames it covers and the maxima over them.
  struct Slot {
    var first: Int
    var last: Int
    var gpu = 0.0
    var renderServer = 0.0
    var mainThread = 0.0
    var passes = 0
    var hitches: [FrameReport] = []
  }

  static func slots(_ frames: [FrameReport], framesPerSlot: Int) -> [Slot] {
    var result: [Slot] = []
    var start = 0
    while start < frames.count {
      let end = min(start + framesPerSlot, frames.count)
      var slot = Slot(first: start, last: end - 1)
      for frame in frames[start..<end] {
        slot.gpu = max(slot.gpu, frame.cost.gpuMs)
        slot.renderServer = max(slot.renderServer, frame.cost.renderServerMs)
        slot.mainThread = max(slot.mainThread, frame.cost.mainThreadMs)
        slot.passes = max(slot.passes, frame.offscreenPasses)
        if frame.outcome.hitch != nil { slot.hitches.append(frame) }
      }
      result.append(slot)
      start = end
    }
    return result
  }

  /// The `<svg>` element alone, to embed in HTML.
  static func svg(_ runs: [Run]) -> String {
    let frameCount = runs.map(\.report.frames.count).max() ?? 0
    let framesPerSlot = max(1, (frameCount + maxSlots - 1) / maxSlots)
    let slotCount = max(1, (frameCount + framesPerSlot - 1) / framesPerSlot)
    let runSlots = runs.map { slots($0.report.frames, framesPerSlot: framesPerSlot) }
    let budgets = runs.map(\.report.summary.performance.budgetMs)
    let largestTime = runSlots.flatMap { $0.flatMap { [$0.gpu, $0.renderServer, $0.mainThread] } }.max() ?? 0
    let timeAxis = niceAxis(max((budgets.max() ?? 16.667) * 1.5, largestTime * 1.1))
    let passAxis = niceAxis(Double(max(runSlots.flatMap { $0.map(\.passes) }.max() ?? 0, 4)))

    let titleLines = titles(runs, framesPerSlot: framesPerSlot)
    let plotTop = 16 + Double(titleLines.count) * 16 + Double(runs.count) * 12 + 12
    let plot = Rect(plotLeft, plotTop, width - plotLeft - plotRight, plotHeight)
    let (legendSVG, legendRows) = legend(runs, y: plot.maxY + 48)
    let height = plot.maxY + 48 + Double(legendRows - 1) * 16 + 16
    let slotWidth = plot.width / Double(slotCount)
    func x(_ slot: Int) -> Double { plot.minX + (Double(slot) + 0.5) * slotWidth }
    func y(ms: Double) -> Double { plot.maxY - min(ms, timeAxis.top) / timeAxis.top * plot.height }
    func y(passes: Double) -> Double { plot.maxY - min(passes, passAxis.top) / passAxis.top * plot.height }

    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(Markup.number(width, 0))\" height=\"\(Markup.number(height, 0))\" viewBox=\"0 0 \(Markup.number(width, 0)) \(Markup.number(height, 0))\" font-family=\"\(Markup.fontFamily)\" fill=\"#111827\">\n"
    svg += "<title>\(Markup.escape(titleLines[0]))</title>\n"
    svg +=
      "<rect class=\"page\" x=\"0\" y=\"0\" width=\"\(Markup.number(width, 0))\" height=\"\(Markup.number(height, 0))\" fill=\"#FFFFFF\"/>\n"
    for (line, text) in titleLines.enumerated() {
      let style = line == 0 ? "font-size=\"12\" font-weight=\"bold\"" : "font-size=\"11\""
      svg +=
        "<text class=\"caption\" x=\"\(Markup.number(plotLeft))\" y=\"\(Markup.number(16 + Double(line) * 16 + 11))\" \(style)>\(Markup.escape(text))</text>\n"
    }

    // Axes and grid.
    svg +=
      "<rect class=\"plot\" \(Markup.rectAttributes(plot)) fill=\"#F9FAFB\" stroke=\"#D1D5DB\" stroke-width=\"1\" data-ms-top=\"\(Markup.number(timeAxis.top, 3))\" data-passes-top=\"\(Markup.number(passAxis.top, 3))\"/>\n"
    svg += "<g class=\"axis\" data-axis=\"ms\" font-size=\"10\" text-anchor=\"end\">\n"
    for tick in ticks(timeAxis) {
      let ty = y(ms: tick)
      svg +=
        "<line x1=\"\(Markup.number(plot.minX))\" y1=\"\(Markup.number(ty))\" x2=\"\(Markup.number(plot.maxX))\" y2=\"\(Markup.number(ty))\" stroke=\"#E5E7EB\" stroke-width=\"1\"/>"
      svg +=
        "<text class=\"tick\" data-value=\"\(Markup.number(tick, 3))\" x=\"\(Markup.number(plot.minX - 6))\" y=\"\(Markup.number(ty + 3.5))\">\(formatNumber(tick)) ms</text>\n"
    }
    svg +=
      "<text x=\"14\" y=\"\(Markup.number(plot.midY))\" transform=\"rotate(-90 14 \(Markup.number(plot.midY)))\" text-anchor=\"middle\">ms per frame</text>\n"
    svg += "</g>\n"
    svg += "<g class=\"axis\" data-axis=\"passes\" font-size=\"10\" text-anchor=\"start\">\n"
    for tick in ticks(passAxis) {
      svg +=
        "<text class=\"tick\" data-value=\"\(Markup.number(tick, 3))\" x=\"\(Markup.number(plot.maxX + 6))\" y=\"\(Markup.number(y(passes: tick) + 3.5))\">\(formatNumber(tick))</text>\n"
    }
    let rightX = width - 14
    svg +=
      "<text x=\"\(Markup.number(rightX))\" y=\"\(Markup.number(plot.midY))\" transform=\"rotate(90 \(Markup.number(rightX)) \(Markup.number(plot.midY)))\" text-anchor=\"middle\">offscreen passes</text>\n"
    svg += "</g>\n"
    svg += "<g class=\"axis\" data-axis=\"frames\" font-size=\"10\" text-anchor=\"middle\">\n"
    let labelStep = niceFrameStep(frameCount)
    var frame = 0
    while frame < frameCount {
      let tx = x(frame / framesPerSlot)
      svg +=
        "<line x1=\"\(Markup.number(tx))\" y1=\"\(Markup.number(plot.maxY))\" x2=\"\(Markup.number(tx))\" y2=\"\(Markup.number(plot.maxY + 4))\" stroke=\"#6B7280\" stroke-width=\"1\"/>"
      svg += "<text class=\"tick\" x=\"\(Markup.number(tx))\" y=\"\(Markup.number(plot.maxY + 15))\">\(frame)</text>\n"
      frame += labelStep
    }
    svg += "<text x=\"\(Markup.number(plot.midX))\" y=\"\(Markup.number(plot.maxY + 30))\">frame</text>\n"
    svg += "</g>\n"

    // Hitch bands, then passes bars, behind the lines.
    for (run, slots) in runSlots.enumerated() {
      for (index, slot) in slots.enumerated() where !slot.hitches.isEmpty {
        svg +=
          "<rect class=\"hitch-band\" data-run=\"\(run)\" x=\"\(Markup.number(x(index) - slotWidth / 2))\" y=\"\(Markup.number(plot.minY))\" width=\"\(Markup.number(slotWidth))\" height=\"\(Markup.number(plot.height))\" fill=\"\(hitchColor)\" fill-opacity=\"0.08\"/>\n"
      }
    }
    let barGroup = slotWidth * 0.8
    let barWidth = barGroup / Double(max(runs.count, 1))
    for (run, slots) in runSlots.enumerated() {
      let opacity = runs.count > 1 && run == 0 ? "0.55" : "1"
      svg += "<g class=\"passes\" data-run=\"\(run)\" fill=\"\(passesColor)\" fill-opacity=\"\(opacity)\">\n"
      for (index, slot) in slots.enumerated() where slot.passes > 0 {
        let left = x(index) - barGroup / 2 + Double(run) * barWidth
        let top = y(passes: Double(slot.passes))
        svg +=
          "<rect class=\"passes-bar\" data-frame=\"\(slot.first)\" data-passes=\"\(slot.passes)\" x=\"\(Markup.number(left))\" y=\"\(Markup.number(top))\" width=\"\(Markup.number(barWidth))\" height=\"\(Markup.number(plot.maxY - top))\"/>\n"
      }
      svg += "</g>\n"
    }

    // Budget lines: one per distinct budget.
    var drawnBudgets: [Double] = []
    for (run, budget) in budgets.enumerated() where !drawnBudgets.contains(where: { abs($0 - budget) < 1e-9 }) {
      drawnBudgets.append(budget)
      let by = y(ms: budget)
      let refresh = runs[run].report.summary.performance.contentRate
      let owner = budgets.count > 1 && budgets.contains(where: { abs($0 - budget) >= 1e-9 }) ? " (\(runs[run].label))" : ""
      svg +=
        "<line class=\"budget\" data-ms=\"\(Markup.number(budget, 3))\" x1=\"\(Markup.number(plot.minX))\" y1=\"\(Markup.number(by))\" x2=\"\(Markup.number(plot.maxX))\" y2=\"\(Markup.number(by))\" stroke=\"#111827\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n"
      svg +=
        "<text class=\"budget-label\" x=\"\(Markup.number(plot.maxX - 4))\" y=\"\(Markup.number(by - 4))\" font-size=\"10\" text-anchor=\"end\">\(Markup.escape("budget \(Markup.number(budget)) ms (\(formatNumber(refresh)) Hz)\(owner)"))</text>\n"
    }

    // Stage lines.
    let markers = slotWidth >= 6
    for (run, slots) in runSlots.enumerated() {
      let dashed = runs.count > 1 && run == 0
      let stages: [(String, String, KeyPath<Slot, Double>)] = [
        ("gpu", gpuColor, \.gpu), ("render-server", renderServerColor, \.renderServer), ("main-thread", mainThreadColor, \.mainThread),
      ]
      for (name, color, value) in stages {
        let points = slots.enumerated().map { "\(Markup.number(x($0.offset))),\(Markup.number(y(ms: $0.element[keyPath: value])))" }
        let style = dashed ? " stroke-dasharray=\"4 3\" stroke-opacity=\"0.7\"" : ""
        svg += "<g class=\"stage\" data-stage=\"\(name)\" data-run=\"\(run)\">"
        svg +=
          "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-linejoin=\"round\"\(style)/>"
        if markers {
          for (index, slot) in slots.enumerated() {
            svg +=
              "<circle cx=\"\(Markup.number(x(index)))\" cy=\"\(Markup.number(y(ms: slot[keyPath: value])))\" r=\"2\" fill=\"\(dashed ? "#FFFFFF" : color)\" stroke=\"\(color)\" stroke-width=\"1\"/>"
          }
        }
        svg += "</g>\n"
      }
    }

    // Hitch markers: a row per run above the plot.
    for (run, slots) in runSlots.enumerated() {
      let rowY = plot.minY - 8 - Double(runs.count - 1 - run) * 12
      for (index, slot) in slots.enumerated() where !slot.hitches.isEmpty {
        let cx = x(index)
        let first = slot.hitches[0]
        let kind = first.outcome.hitch?.rawValue ?? ""
        let note =
          slot.hitches.count == 1
          ? "\(runs.count > 1 ? runs[run].label + ": " : "")frame \(first.index): \(kind) hitch, \(Markup.number(first.outcome.hitchMs)) ms late"
          : "\(runs.count > 1 ? runs[run].label + ": " : "")frames \(slot.first)-\(slot.last): \(slot.hitches.count) hitches"
        svg +=
          "<path class=\"hitch\" data-run=\"\(run)\" data-frame=\"\(first.index)\" data-kind=\"\(kind)\" d=\"M \(Markup.number(cx - 4)) \(Markup.number(rowY - 5)) L \(Markup.number(cx + 4)) \(Markup.number(rowY - 5)) L \(Markup.number(cx)) \(Markup.number(rowY + 2)) Z\" fill=\"\(hitchColor)\"\(runs.count > 1 && run == 0 ? " fill-opacity=\"0.55\"" : "")><title>\(Markup.escape(note))</title></path>\n"
      }
    }

    svg += legendSVG
    svg += "</svg>\n"
    return svg
  }

  /// Frame labels every 1, 2, 5, 10, 20, 50... frames: at most about 10 labels.
  static func niceFrameStep(_ frames: Int) -> Int {
    var step = 1
    let steps = [1, 2, 5]
    var decade = 1
    while true {
      for s in steps {
        step = s * decade
        if frames / step <= 10 { return step }
      }
      decade *= 10
    }
  }

  static func titles(_ runs: [Run], framesPerSlot: Int) -> [String] {
    var lines: [String] = []
    if runs.count == 1, let run = runs.first {
      let report = run.report
      lines.append(
        "\(shortened(run.label)): frame times on \(report.scene.deviceName), \(Markup.plural(report.frames.count, "frame")) at \(formatNumber(report.summary.frameRate)) Hz"
      )
    } else {
      lines.append("Frame times: " + runs.map { shortened($0.label, to: 48) }.joined(separator: " vs "))
    }
    for (index, run) in runs.enumerated() {
      let performance = run.report.summary.performance
      var line = runs.count > 1 ? (index == 0 ? "before: " : "after: ") : ""
      if runs.count > 1 { line += "\(run.report.scene.deviceName), " }
      line +=
        "\(ReportFigures(run.report).frameRate), \(Markup.plural(performance.hitches, "hitch", "hitches")) (\(performance.commitHitches) commit, \(performance.renderHitches) render); mean GPU \(Markup.number(performance.gpuMs.mean)) ms, main thread \(Markup.number(performance.mainThreadMs.mean)) ms; up to \(Markup.plural(run.report.summary.offscreenPasses.perFrameMax, "pass", "passes")) a frame"
      lines.append(line)
    }
    if framesPerSlot > 1 { lines.append("Each slot shows the maximum of \(framesPerSlot) frames.") }
    return lines
  }

  /// The legend from `y` down, and the rows it takes.
  static func legend(_ runs: [Run], y: Double) -> (String, Int) {
    var items: [(String, String)] = [
      ("GPU", "line:" + gpuColor), ("render server", "line:" + renderServerColor), ("main thread", "line:" + mainThreadColor),
      ("offscreen passes (right axis)", "bar:" + passesColor), ("frame budget", "dash:#111827"), ("hitch", "mark:" + hitchColor),
    ]
    if runs.count > 1 {
      items.append(("\(shortened(runs[0].label)) (dashed)", "dash:#6B7280"))
      items.append(("\(shortened(runs[1].label)) (solid)", "line:#6B7280"))
    }
    var result = "<g class=\"legend\" font-size=\"11\">\n"
    var cursor = plotLeft
    var row = y
    var rows = 1
    for (label, kind) in items {
      let estimated = 26 + Double(label.count) * 6
      if cursor + estimated > width - 16 {
        cursor = plotLeft
        row += 16
        rows += 1
      }
      let parts = kind.split(separator: ":", maxSplits: 1).map(String.init)
      let color = parts[1]
      switch parts[0] {
      case "line":
        result +=
          "<line x1=\"\(Markup.number(cursor))\" y1=\"\(Markup.number(row - 4))\" x2=\"\(Markup.number(cursor + 16))\" y2=\"\(Markup.number(row - 4))\" stroke=\"\(color)\" stroke-width=\"2\"/>"
      case "dash":
        result +=
          "<line x1=\"\(Markup.number(cursor))\" y1=\"\(Markup.number(row - 4))\" x2=\"\(Markup.number(cursor + 16))\" y2=\"\(Markup.number(row - 4))\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>"
      case "bar":
        result +=
          "<rect x=\"\(Markup.number(cursor + 3))\" y=\"\(Markup.number(row - 10))\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
      default:
        result +=
          "<path d=\"M \(Markup.number(cursor + 4)) \(Markup.number(row - 9)) L \(Markup.number(cursor + 12)) \(Markup.number(row - 9)) L \(Markup.number(cursor + 8)) \(Markup.number(row - 2)) Z\" fill=\"\(color)\"/>"
      }
      result += "<text x=\"\(Markup.number(cursor + 20))\" y=\"\(Markup.number(row))\">\(Markup.escape(label))</text>\n"
      cursor += estimated + 12
    }
    result += "</g>\n"
    return (result, rows)
  }

  /// A label cut to `limit` characters, for the title and the legend.
  static func shortened(_ label: String, to limit: Int = 60) -> String {
    label.count <= limit ? label : String(label.prefix(limit - 1)) + "\u{2026}"
  }
}
