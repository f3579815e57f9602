import Compositor
import LayerTree

/// One figure of a report's summary: a row of the summary table that the text report, the HTML
/// page and the Markdown comment each lay out (``SummaryRows``).
struct SummaryRow {
  /// A rendering of the summary.
  enum Rendering: String, CaseIterable {
    case text
    case html
    case markdown
  }

  /// A row's name, what layouts place it by: `frameRate`.
  struct ID: Hashable {
    var rawValue: String
    init(_ rawValue: String) { self.rawValue = rawValue }

    static let frameRate = ID("frameRate")
    static let hitchTimeRatio = ID("hitchTimeRatio")
    static let firstDisplay = ID("firstDisplay")
    static let modelRange = ID("modelRange")
    static let frameBudget = ID("frameBudget")
    static let gpu = ID("gpu")
    static let gpuP95 = ID("gpuP95")
    static let gpuByItem = ID("gpuByItem")
    static let renderServer = ID("renderServer")
    static let mainThread = ID("mainThread")
    static let mainThreadP95 = ID("mainThreadP95")
    static let mainThreadByItem = ID("mainThreadByItem")
    static let backgroundThreads = ID("backgroundThreads")
    static let bottleneck = ID("bottleneck")
    static let memory = ID("memory")
    static let memoryTotal = ID("memoryTotal")
    static let layers = ID("layers")
    static let offscreenPasses = ID("offscreenPasses")
    static let offscreenPassesPerFrame = ID("offscreenPassesPerFrame")
    static let offscreenPixels = ID("offscreenPixels")
    static let blendedPixels = ID("blendedPixels")
    static let backingStores = ID("backingStores")
    static let rasterCache = ID("rasterCache")
    static let rasterCacheHitRate = ID("rasterCacheHitRate")
    static let images = ID("images")
  }

  /// What a rendering writes in the row's value cell.
  enum Cell {
    /// The row's ``value``.
    case value
    /// The row's ``value`` and then more: `; 33 hitches (0 commit, 33 render)`.
    case valueThen(String)
    /// Words of the rendering's own, for a rendering that shows the figure otherwise (the
    /// Markdown comment's exact figures).
    case own(String)
  }

  var id: ID
  /// The row's name in the table: `frame rate`.
  var label: String
  /// The figure as people read it, its unit written out: `44 fps of 60`.
  var value: String
  /// The unit of the number the row leads with; nil for a row of words.
  var unit: ReportMetric.Unit?
  /// The band the figure falls in, for a figure with bands (the hitch time ratio's).
  var band: HitchBand?
  /// The renderings that show the row, each with its cell; a rendering not listed leaves the row
  /// out.
  var cells: [Rendering: Cell]

  init(
    _ id: ID, _ label: String, _ value: String, unit: ReportMetric.Unit? = nil, band: HitchBand? = nil,
    cells: [Rendering: Cell] = [.text: .value, .html: .value, .markdown: .value]
  ) {
    self.id = id
    self.label = label
    self.value = value
    self.unit = unit
    self.band = band
    self.cells = cells
  }

  /// The row's value cell in `rendering`; nil when the rendering leaves the row out.
  func cell(_ rendering: Rendering) -> String? {
    switch cells[rendering] {
    case .value?: return value
    case .valueThen(let more)?: return value + more
    case .own(let text)?: return text
    case nil: return nil
    }
  }
}

/// A report's summary, built once as rows and laid out by each rendering: the text report's
/// table, the HTML page's, the Markdown comment's.
///
/// Each row says which renderings show it and with what cell (``SummaryRow/cells``); each
/// rendering's ``layout`` says the order of the rows it places. A row a layout does not name
/// comes after those it names, in the order of ``rows``: a new figure is one row here, shown by
/// every rendering its cells name.
struct SummaryRows {
  var rows: [SummaryRow]

  init(rows: [SummaryRow]) { self.rows = rows }

  init(_ report: SimulationReport) { self.init(rows: Self.rows(report)) }

  /// The order of the rows each rendering places.
  static func layout(_ rendering: SummaryRow.Rendering) -> [SummaryRow.ID] {
    switch rendering {
    case .text:
      return [
        .frameRate, .firstDisplay, .modelRange, .gpu, .gpuByItem, .renderServer, .mainThread, .mainThreadByItem, .memory, .layers,
        .offscreenPasses, .offscreenPixels, .blendedPixels, .backingStores, .rasterCache, .images,
      ]
    case .html:
      return [
        .frameRate, .firstDisplay, .modelRange, .frameBudget, .gpu, .gpuByItem, .renderServer, .mainThread, .mainThreadByItem,
        .backgroundThreads, .bottleneck, .layers, .offscreenPasses, .offscreenPixels, .blendedPixels, .rasterCache, .memory, .images,
      ]
    case .markdown:
      return [
        .frameRate, .hitchTimeRatio, .firstDisplay, .modelRange, .gpuP95, .mainThreadP95, .offscreenPassesPerFrame, .rasterCacheHitRate,
        .memoryTotal, .blendedPixels, .layers,
      ]
    }
  }

  /// The rows `rendering` shows, in its order, each as its label and its value cell.
  func laidOut(_ rendering: SummaryRow.Rendering) -> [(label: String, value: String)] {
    let order = Self.layout(rendering)
    let placed = order.compactMap { id in rows.first { $0.id == id } }
    let rest = rows.filter { !order.contains($0.id) }
    return (placed + rest).compactMap { row in row.cell(rendering).map { (row.label, $0) } }
  }

  /// The row with `id`, to read or change.
  subscript(id: SummaryRow.ID) -> SummaryRow? {
    get { rows.first { $0.id == id } }
    set {
      guard let index = rows.firstIndex(where: { $0.id == id }) else { return }
      if let newValue { rows[index] = newValue } else { rows.remove(at: index) }
    }
  }

  /// A phase's mean milliseconds a frame by cost item (docs/cost-model.md names each), in the
  /// items' order, those below 0.05 ms left out: `mean tiler 0.8, layers 0.9, downsample 1.4 ms`.
  static func byItem(_ breakdown: [String: Double], order: [String]) -> String {
    let shown = order.compactMap { name -> String? in
      guard let value = breakdown[name], value.isFinite, value >= 0.05 else { return nil }
      return "\(name) \(Readable.fixed(value, 1))"
    }
    return shown.isEmpty ? "none of 0.05 ms or more" : "mean " + shown.joined(separator: ", ") + " ms"
  }

  /// Every row of `report`'s summary. Figures are worded by ``ReportFigures`` where the outputs
  /// share them; the Markdown comment's cells give the metrics' exact values (``MetricFormat``).
  static func rows(_ report: SimulationReport) -> [SummaryRow] {
    let summary = report.summary
    let performance = summary.performance
    let figures = ReportFigures(report)
    let ms = ReportFigures.milliseconds
    func metric(_ id: String) -> String {
      guard let metric = ReportMetrics.metric(id: id) else { return "-" }
      return MetricFormat.value(metric.value(in: summary), metric.unit)
    }
    let manyFrames = report.frames.count > 1
    let passes = summary.offscreenPasses
    let reasons = passes.byReason.filter { $0.value > 0 }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    let reasonText = reasons.isEmpty ? "" : ": " + reasons.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    let screen = summary.blending.screenPixels
    let cache = summary.rasterCache
    let band = performance.hitchBand.rawValue
    let hitchTimeRatio = "\(Readable.integer(performance.hitchTimeRatio)) ms/s"
    let frames = summary.frames == 1 ? "1 frame" : "\(summary.frames) frames at \(formatNumber(summary.frameRate)) Hz"
    let background =
      performance.backgroundMs.max > 0 ? "; background threads \(Readable.fixed(performance.backgroundMs.mean, 1)) ms/frame" : ""

    var rows = [
      SummaryRow(
        .frameRate, "frame rate", figures.frameRate, unit: .fps,
        cells: [
          .text: .valueThen("; \(figures.hitches)"),
          .html: .valueThen("; \(figures.hitches); hitch time ratio \(hitchTimeRatio) (\(band))"),
          .markdown: .valueThen(" (\(frames))"),
        ]),
      SummaryRow(
        .hitchTimeRatio, "hitch time ratio", hitchTimeRatio, unit: .msPerSecond, band: performance.hitchBand,
        cells: [.markdown: .own("\(metric("hitchTimeRatio")) (\(band))")]),
      SummaryRow(.firstDisplay, "first display", figures.firstDisplay, unit: .milliseconds),
      SummaryRow(
        .modelRange, "model range", figures.modelRange ?? "none", unit: .fps,
        cells: figures.modelRange == nil ? [.markdown: .value] : [.text: .value, .html: .value, .markdown: .value]),
      SummaryRow(
        .frameBudget, "frame budget", "\(Readable.fixed(performance.budgetMs, 2)) ms", unit: .milliseconds, cells: [.html: .value]),
      SummaryRow(
        .gpu, "GPU", "\(ms(performance.gpuMs)); \(Readable.percent(performance.gpuUtilization, of: 1)) busy", unit: .milliseconds,
        cells: [.text: .value, .html: .value]),
      SummaryRow(
        .gpuByItem, "  by item", Self.byItem(performance.gpuBreakdown, order: CostItem.gpu), unit: .milliseconds,
        cells: [.text: .value, .html: .value]),
      SummaryRow(
        .gpuP95, "GPU time p95",
        "\(metric("gpuMs.p95")) (budget \(MetricFormat.plain(performance.budgetMs)) ms); \(metric("gpuUtilization")) busy",
        unit: .milliseconds, cells: [.markdown: .value]),
      SummaryRow(
        .renderServer, "render server", ms(performance.renderServerMs), unit: .milliseconds, cells: [.text: .value, .html: .value]),
      SummaryRow(
        .mainThread, "main thread", "\(ms(performance.mainThreadMs)); \(Readable.percent(performance.cpuUtilization, of: 1)) busy",
        unit: .milliseconds, cells: [.text: .valueThen(background), .html: .value]),
      SummaryRow(
        .mainThreadByItem, "  by item", Self.byItem(performance.mainThreadBreakdown, order: CostItem.mainThread), unit: .milliseconds,
        cells: [.text: .value, .html: .value]),
      SummaryRow(
        .mainThreadP95, "main-thread time p95", "\(metric("mainThreadMs.p95")); \(metric("cpuUtilization")) busy", unit: .milliseconds,
        cells: [.markdown: .value]),
      SummaryRow(
        .backgroundThreads, "background threads", ms(performance.backgroundMs), unit: .milliseconds,
        cells: performance.backgroundMs.max > 0 ? [.html: .value] : [:]),
      SummaryRow(
        .bottleneck, "bottleneck", performance.bottleneck?.rawValue ?? "none: every stage fits the budget", cells: [.html: .value]),
      SummaryRow(.memory, "memory", figures.memory, unit: .bytes, cells: [.text: .value, .html: .value]),
      SummaryRow(.memoryTotal, "memory total", metric("memoryBytes.total"), unit: .bytes, cells: [.markdown: .value]),
      SummaryRow(
        .layers, "layers",
        "\(Readable.count(summary.layers)) (\(Readable.count(summary.visibleLayers)) visible, \(Readable.count(summary.drawingLayers)) drawing)",
        unit: .count,
        cells: [
          .text: .value, .html: .value,
          .markdown: .own("\(summary.layers) (\(summary.visibleLayers) visible, \(summary.drawingLayers) drawing)"),
        ]),
      SummaryRow(
        .offscreenPasses, "offscreen passes", "\(passes.perFrameMax)", unit: .count,
        cells: [
          .text: .valueThen(
            "\(manyFrames ? " in the worst frame" : " per frame") on \(Markup.plural(passes.layers, "layer"))\(reasonText)"),
          .html: .valueThen(
            "\(manyFrames ? " in the worst frame (mean \(Readable.fixed(passes.perFrameMean, 1)))" : " per frame") on \(Markup.plural(passes.layers, "layer"))\(reasonText)"
          ),
        ]),
      SummaryRow(
        .offscreenPassesPerFrame, "offscreen passes per frame",
        "\(passes.perFrameMax) on \(Markup.plural(passes.layers, "layer"))\(reasonText)",
        unit: .count, cells: [.markdown: .value]),
      SummaryRow(
        .offscreenPixels, "offscreen pixels",
        "\(Readable.count(summary.offscreenPixelsMax)) (\(Readable.percent(summary.offscreenPixelsMax, of: screen)) of the screen)",
        unit: .pixels, cells: [.text: .value, .html: .value]),
      SummaryRow(
        .blendedPixels, "blended pixels",
        "\(Readable.count(summary.blending.blendedPixels)) (\(Readable.percent(summary.blending.blendedPixels, of: screen)) of the screen) on \(Markup.plural(summary.blending.blendedLayers, "layer")), overdraw \(Readable.fixed(summary.blending.overdraw, 2))x",
        unit: .pixels,
        cells: [
          .text: .value, .html: .value, .markdown: .own("\(metric("blending.blendedPixels")), overdraw \(metric("blending.overdraw"))"),
        ]),
      SummaryRow(
        .backingStores, "backing stores",
        "\(Readable.bytes(summary.backingStores.bytes)) in \(Markup.plural(summary.backingStores.layers, "layer"))", unit: .bytes,
        cells: [.text: .value]),
    ]
    if cache.hits + cache.misses > 0 {
      let rate = cache.hitRate.map { "\(Readable.integer($0 * 100))%" } ?? "-"
      rows.append(
        SummaryRow(
          .rasterCache, "raster cache",
          "\(Markup.plural(cache.hits, "hit")), \(Markup.plural(cache.misses, "miss", "misses")) (hit rate \(rate))", unit: .count,
          cells: [
            .text: .valueThen(", \(cache.evictions) evictions, peak \(Readable.bytes(cache.peakBytes))"),
            .html: .valueThen(", \(cache.evictions) evicted, peak \(Readable.bytes(cache.peakBytes))"),
          ]))
    }
    rows += [
      SummaryRow(.rasterCacheHitRate, "raster cache hit rate", metric("rasterCache.hitRate"), unit: .fraction, cells: [.markdown: .value]),
      SummaryRow(
        .images, "images", "\(summary.images.scaled) scaled, \(summary.images.misaligned) misaligned", unit: .count,
        cells: [.text: .value, .html: .value]),
    ]
    return rows
  }
}
