import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

/// The report's summary is one list of rows (``SummaryRows``) that the text report, the HTML page
/// and the Markdown comment each lay out: a row changed, or added, shows in all three.
@Suite("One list of summary rows")
struct SummaryRowsTests {
  /// One card on an iPhone 7 (@2x, 750 x 1334 = 1,000,500 px), rounded and clipping a background
  /// and a text sublayer: the classic rounded clip (a drawing sublayer clipped), one pass
  /// over its 343 x 120 pt = 686 x 240 = 164,640 px.
  static let scene = """
    {"version": 1, "name": "card", "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "card", "frame": [16, 100, 343, 120], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#FFFFFF",
       "sublayers": [{"id": "title", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]}]}}
    """

  static func report() throws -> SimulationReport {
    let scene = try SceneDecoder.decode(Array(scene.utf8), options: .init(devices: DeviceCatalogue.screens))
    return Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
  }

  /// The three renderings of `rows`' summary table.
  static func renderings(_ rows: SummaryRows) -> (text: String, html: String, markdown: String) {
    (
      TextReportFormatter.summaryTable(rows), HTMLReportFormatter.summaryTable(rows),
      MarkdownReportFormatter.summaryTable(rows)
    )
  }

  /// Each rendering's whole document holds the table made from the report's rows.
  @Test func theDocumentsHoldTheTablesOfTheRows() throws {
    let simulated = try SimulatedScene.load(try temporaryFile("card.json", Self.scene), devices: .standard, io: ToolIO.standard)
    let report = simulated.report
    let tables = Self.renderings(SummaryRows(report))
    #expect(TextReportFormatter.format(report, file: "card.json").contains("Summary\n" + tables.text))
    #expect(MarkdownReportFormatter.format(report, file: "card.json").contains(tables.markdown))
    #expect(HTMLReportFormatter.format(simulated.htmlRun()).contains("<h2>Summary</h2>\n" + tables.html))
  }

  /// The offscreen passes, counted by hand above (one rounded clip on one layer, one frame), as
  /// each rendering words them: the text report and the page "per frame", the comment's own row.
  @Test func theRowsHoldTheFigures() throws {
    let rows = SummaryRows(try Self.report())
    let passes = try #require(rows[.offscreenPasses])
    #expect(passes.value == "1")
    #expect(passes.cell(.text) == "1 per frame on 1 layer: rounded-clip 1")
    #expect(passes.cell(.html) == "1 per frame on 1 layer: rounded-clip 1")
    #expect(passes.cell(.markdown) == nil)
    #expect(rows[.offscreenPassesPerFrame]?.cell(.markdown) == "1 on 1 layer: rounded-clip 1")
    // 164,640 of 1,000,500 px: 16.5%, shown whole.
    #expect(rows[.offscreenPixels]?.value == "164,640 (16% of the screen)")
    // root, card and title; the card's background and the title's text draw.
    #expect(rows[.layers]?.value == "3 (3 visible, 2 drawing)")
  }

  /// The rows under the GPU and the main thread name each item's mean a frame in the items' order
  /// (docs/cost-model.md), one decimal, leaving out those below 0.05 ms and any that is not a
  /// number; with none left, they say so. Figures written by hand: 0.76 -> 0.8, 0.857 -> 0.9,
  /// 1.50498 -> 1.5; 0.04 is left out.
  @Test func theItemRowsNameTheItemsInTheirOrder() throws {
    let gpu = ["downsample": 1.50498, "tiler": 0.76, "layers": 0.04, "framebuffer": 0.857, "textures": .nan]
    #expect(SummaryRows.byItem(gpu, order: CostItem.gpu) == "mean tiler 0.8, framebuffer 0.9, downsample 1.5 ms")
    #expect(SummaryRows.byItem(["frame": 0.01], order: CostItem.mainThread) == "none of 0.05 ms or more")
    // The card's report: both rows in the text report and the page, not in the comment.
    let rows = SummaryRows(try Self.report())
    for id in [SummaryRow.ID.gpuByItem, .mainThreadByItem] {
      let row = try #require(rows[id])
      #expect(row.cell(.text) != nil && row.cell(.html) != nil && row.cell(.markdown) == nil)
      #expect(row.value.hasPrefix("mean "), "\(row.value)")
    }
    // The text report indents them under their rows; the page, whose cells keep no indentation,
    // names them with the row above.
    let html = HTMLReportFormatter.summaryTable(rows)
    #expect(html.contains("<tr><th scope=\"row\">GPU by item</th><td>mean "))
    #expect(html.contains("<tr><th scope=\"row\">main thread by item</th><td>mean "))
    #expect(TextReportFormatter.summaryTable(rows).contains("\n    by item "))
  }

  /// A row changed once, label and value, reads changed in all three tables; the frame rate's
  /// row keeps what each rendering adds after the value.
  @Test func oneRowChangedShowsInAllThree() throws {
    var rows = SummaryRows(try Self.report())
    var display = try #require(rows[.firstDisplay])
    display.label = "first paint"
    display.value = "at 1.5 ms & on time"
    rows[.firstDisplay] = display
    var rate = try #require(rows[.frameRate])
    rate.value = "99 fps of 120"
    rows[.frameRate] = rate

    let (text, html, markdown) = Self.renderings(rows)
    #expect(text.contains("  first paint       at 1.5 ms & on time\n"))
    #expect(html.contains("<tr><th scope=\"row\">first paint</th><td>at 1.5 ms &amp; on time</td></tr>\n"))
    #expect(markdown.contains("| first paint | at 1.5 ms &amp; on time |\n"))
    for table in [text, html, markdown] { #expect(!table.contains("first display")) }

    // The one frame has no hitch (0 commit, 0 render); the comment names the frames instead.
    #expect(text.contains("  frame rate        99 fps of 120; 0 hitches (0 commit, 0 render)\n"))
    #expect(html.contains("<td>99 fps of 120; 0 hitches (0 commit, 0 render); hitch time ratio 0 ms/s (good)</td>"))
    #expect(markdown.contains("| frame rate | 99 fps of 120 (1 frame) |\n"))
  }

  /// A new figure is one row: shown by every rendering its cells name, after the rows the
  /// layouts place; a rendering it does not name leaves it out.
  @Test func aNewRowShowsInEveryRenderingItNames() throws {
    var rows = SummaryRows(try Self.report())
    rows.rows.append(SummaryRow(SummaryRow.ID("cachedHeights"), "cached heights", "12 of 40 cells", unit: .count))
    let (text, html, markdown) = Self.renderings(rows)
    #expect(text.hasSuffix("  cached heights    12 of 40 cells\n"))
    #expect(html.hasSuffix("<tr><th scope=\"row\">cached heights</th><td>12 of 40 cells</td></tr>\n</table>\n"))
    #expect(markdown.hasSuffix("| cached heights | 12 of 40 cells |\n"))

    rows.rows[rows.rows.count - 1].cells = [.text: .value]
    let only = Self.renderings(rows)
    #expect(only.text.contains("cached heights"))
    #expect(!only.html.contains("cached heights"))
    #expect(!only.markdown.contains("cached heights"))
  }

  /// Each layout places a row once, and only rows that exist; every row is shown somewhere.
  @Test func theLayoutsPlaceEachRowOnce() throws {
    let rows = SummaryRows(try Self.report())
    let ids = rows.rows.map(\.id)
    #expect(Set(ids).count == ids.count)
    for rendering in SummaryRow.Rendering.allCases {
      let layout = SummaryRows.layout(rendering)
      #expect(Set(layout).count == layout.count, "\(rendering)")
      // The raster cache's row is there only when something was rasterized: not in this scene.
      for id in layout where id != .rasterCache { #expect(ids.contains(id), "\(rendering): \(id.rawValue)") }
    }
    for row in rows.rows where row.cells.isEmpty == false {
      #expect(SummaryRow.Rendering.allCases.contains { row.cell($0) != nil })
    }
  }
}
