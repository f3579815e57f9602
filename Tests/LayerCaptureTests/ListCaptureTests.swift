import Compositor
import LayerTree
import Testing

@testable import LayerCapture

/// Tables and collection views: one moment as captured, and the reuse pool of a scroll.
@Suite("Capturing lists")
@MainActor
struct ListCaptureTests {
  /// A 390 x 600 table at y 100, scrolled to 120 pt, 200 rows of 100 pt, showing rows 1 to 7
  /// (content y 100 to 700: rows whose cells reach into 120...720).
  /// `constraints`: those each cell's view holds, and its label's.
  static func table(
    rows: ClosedRange<Int> = 1...7, height: (Int) -> Double = { _ in 100 }, constraints: (cell: Int, label: Int) = (0, 0)
  ) -> FakeLayer {
    var y = 0.0
    var cells: [FakeLayer] = []
    for row in 0...rows.upperBound {
      let cellHeight = height(row)
      if rows.contains(row) {
        cells.append(
          FakeLayer(
            "FeedCell", frame: Rect(0, y, 390, cellHeight),
            configure: {
              $0.cellIndex = row
              $0.constraints = constraints.cell
            },
            sublayers: [
              FakeLayer(
                "UILabel", frame: Rect(16, 10, 300, 20),
                configure: {
                  $0.contents = .text(TextContents(characters: 10 + row))
                  $0.constraints = constraints.label
                })
            ]))
      }
      y += cellHeight
    }
    let indicator = FakeLayer("_UIScrollViewScrollIndicator", frame: Rect(384, 130, 3, 80), configure: { $0.opacity = 0 })
    return FakeLayer(
      "UITableView", frame: Rect(0, 100, 390, 600),
      configure: {
        $0.bounds.y = 120  // contentOffset
        $0.masksToBounds = true
        $0.scroll = .init(contentSize: Size(390, 20_000), reusesCells: true, itemCount: 200)
      }, sublayers: cells + [indicator])
  }

  static func capture(_ table: FakeLayer, scroll: ScrollRequest? = nil) throws -> CapturedScene {
    try SceneCapture.capture(
      SceneCaptureTests.screen([table]), options: CaptureOptions(device: "iphone-13-pro", scale: 3, scroll: scroll))
  }

  /// Without a scroll the screen is as captured: row 1 (content y 100) shows at y -20 in the
  /// table scrolled by 120, and each cell keeps its own text.
  @Test func oneMomentKeepsTheCellsAsTheyAre() throws {
    let captured = try Self.capture(Self.table())
    let table = captured.scene.root.sublayers[0]
    #expect(
      table.sublayers.map(\.id) == [
        "FeedCell", "FeedCell-2", "FeedCell-3", "FeedCell-4", "FeedCell-5", "FeedCell-6", "FeedCell-7", "_UIScrollViewScrollIndicator",
      ])
    #expect(table.sublayers[0].frame == Rect(0, -20, 390, 100))
    #expect(table.sublayers[6].frame == Rect(0, 580, 390, 100))
    #expect(table.sublayers[6].sublayers[0].contents == .text(TextContents(characters: 17)))
    #expect(captured.scene.timeline == nil)
    #expect(
      captured.notes.contains {
        $0.hasPrefix("root/UITableView: a list showing 7 cells of 200 items; a capture of one moment holds the visible cells only")
      })
  }

  /// With a fling the cells become a pool: step 100 pt (rows 1 and 2 are 100 pt apart), item 0
  /// at content y 0 (row 1 at 100 less one step), ceil(600 / 100) + 1 = 7 copies (as many as
  /// were visible), all row 1's cell; content in content coordinates; the scroll starts at the
  /// captured offset 120 with the content's 20,000 pt.
  @Test func aScrollMakesAReusePool() throws {
    let captured = try Self.capture(Self.table(), scroll: .fling(3000, duration: 0.5))
    let table = captured.scene.root.sublayers[0]
    #expect(table.sublayers.map(\.id) == (0..<7).map { "FeedCell[\($0)]" } + ["_UIScrollViewScrollIndicator"])
    #expect(table.sublayers[0].frame == Rect(0, 0, 390, 100))
    #expect(table.sublayers[6].frame == Rect(0, 600, 390, 100))
    #expect(table.sublayers.prefix(7).allSatisfy { $0.sublayers[0].contents == .text(TextContents(characters: 11)) })
    // The indicator stays in content coordinates too: y 130, not 10.
    #expect(table.sublayers[7].frame.y == 130)
    let scroll = try #require(captured.scene.timeline?.scrolls.first)
    #expect(scroll.target == "root/UITableView")
    #expect(scroll.axis == .vertical)
    #expect(scroll.startOffset == 120)
    #expect(scroll.contentLength == 20_000)
    #expect(scroll.reuse == CellReuse(cell: "FeedCell", items: 200))
    #expect(scroll.motion == .fling(velocity: 3000, decelerationRate: 0.998))
    #expect(captured.scene.timeline?.duration == 0.5)
  }

  /// A list longer than the scene format's 10,000,000 pt (1,000,000 rows of 44 pt, 44,000,000
  /// pt) is scrolled within its first 10,000,000 pt, with a note: the scene is one the readers
  /// take.
  @Test func aListLongerThanThePhysicalLimit() throws {
    var table = Self.table()
    table.properties.scroll = .init(contentSize: Size(390, 44_000_000), reusesCells: true, itemCount: 1_000_000)
    let captured = try Self.capture(table, scroll: .fling(3000, duration: 0.5))
    let scroll = try #require(captured.scene.timeline?.scrolls.first)
    #expect(scroll.contentLength == 10_000_000)
    #expect(scroll.startOffset == 120)
    #expect(
      captured.notes.contains(
        "root/UITableView: its content size reaches past 10,000,000 pt, the scene format's limit, and is written at the limit."))
    #expect(captured.scene.firstValueOutOfRange() == nil)
    let written = try SceneEncoder.rendered(captured.scene)
    #expect(throws: Never.self) { try SceneDecoder.decode(Array(written.utf8), options: .init(devices: DeviceCatalogue.screens)) }
  }

  /// A short screen: a 600 pt viewport over 150 pt rows needs ceil(600 / 150) + 1 = 5 cells, but
  /// the list has only 3 items and all 3 are visible: a pool of 3.
  @Test func thePoolIsNoLargerThanTheList() throws {
    var table = Self.table(rows: 0...2, height: { _ in 150 })
    table.properties.scroll = .init(contentSize: Size(390, 450), reusesCells: true, itemCount: 3)
    table.properties.bounds.y = 0
    let captured = try Self.capture(table, scroll: .fling(1000))
    #expect(captured.scene.root.sublayers[0].sublayers.filter { $0.id.hasPrefix("FeedCell[") }.count == 3)
  }

  /// Rows of different heights cannot be one repeated cell: kept as captured, no reuse.
  @Test func irregularCellsAreKept() throws {
    let captured = try Self.capture(Self.table(height: { $0 % 2 == 0 ? 100 : 140 }), scroll: .fling(3000))
    let table = captured.scene.root.sublayers[0]
    #expect(table.sublayers.first?.id == "FeedCell")
    #expect(captured.scene.timeline?.scrolls.first?.reuse == nil)
    #expect(captured.notes.contains { $0.hasPrefix("root/UITableView: its cells differ in size or spacing") })
  }

  /// The pooled scene simulates with cell reuse.
  @Test func thePooledSceneSimulates() throws {
    let scene = try Self.capture(Self.table(), scroll: .fling(3000, duration: 0.5)).scene
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-13-pro")!)
    // 0.5 s at the iPhone 13 Pro's 120 Hz.
    #expect(report.summary.frames == 60)
  }

  /// Written as a scene file and read back, the pool passes the reader's checks (the pool covers
  /// the viewport, the scroll names a scroll view with a repeated `FeedCell`) and `repeat` holds
  /// the copies.
  @Test func thePooledSceneIsAValidSceneFile() throws {
    let scene = try Self.capture(Self.table(), scroll: .fling(3000, duration: 0.5)).scene
    let text = try SceneEncoder.rendered(scene)
    #expect(text.contains("\"repeat\": { \"count\": 7, \"step\": [0, 100] }"))
    let decoded = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(decoded.layerCount == scene.layerCount)
    #expect(decoded.timeline?.scrolls.first?.reuse == CellReuse(cell: "FeedCell", items: 200))
  }

  // MARK: Auto Layout

  /// Captured as one moment, each view keeps the constraints it holds (`UIView.constraints`):
  /// the cells 4, their labels 1, the table and the window none.
  @Test func eachViewKeepsTheConstraintsItHolds() throws {
    let captured = try Self.capture(Self.table(constraints: (4, 1)))
    let table = captured.scene.root.sublayers[0]
    #expect(captured.scene.root.constraints == 0 && table.constraints == 0)
    let cells = table.sublayers.filter { $0.id.hasPrefix("FeedCell") }
    #expect(cells.count == 7)
    #expect(cells.allSatisfy { $0.constraints == 4 && $0.sublayers[0].constraints == 1 })
  }

  /// With a scroll, a pool whose cells hold constraints is laid out with Auto Layout: the reuse
  /// says `autoLayout` and the cell's 4 + 1 = 5 constraints, solved at each set-up, and the
  /// copies' layers hold none (their first showing is the pool's set-up, not a second solve).
  @Test func aPoolOfConstrainedCellsIsLaidOutWithAutoLayout() throws {
    let captured = try Self.capture(Self.table(constraints: (4, 1)), scroll: .fling(3000, duration: 0.5))
    let table = captured.scene.root.sublayers[0]
    let reuse = try #require(captured.scene.timeline?.scrolls.first?.reuse)
    #expect(reuse.layout == .autoLayout && reuse.constraints == 5 && reuse.rowHeights == .fixed)
    let copies = table.sublayers.filter { $0.id.hasPrefix("FeedCell[") }
    #expect(copies.count == 7)
    #expect(copies.allSatisfy { $0.constraints == 0 && $0.sublayers[0].constraints == 0 })
    #expect(
      captured.notes.contains(
        "root/UITableView: each cell's views hold 5 Auto Layout constraints: the reuse is written with `\"layout\": \"autoLayout\"` and `\"constraints\": 5`, solved each time a cell shows or takes a new item; its row heights are taken as fixed (`rowHeight`): set `rowHeights` if the table sizes its rows itself."
      ))
    // The scene file reads back with the reuse as written.
    let text = try SceneEncoder.rendered(captured.scene)
    let decoded = try SceneDecoder.decode(Array(text.utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(decoded.timeline?.scrolls.first?.reuse == reuse)
    // The solves cost main-thread time the same pool without constraints does not have.
    let device = try #require(DeviceCatalogue.device(id: "iphone-13-pro"))
    let solved = Simulator.run(captured.scene, on: device).summary.performance.mainThreadMs.mean
    let plain = Simulator.run(try Self.capture(Self.table(), scroll: .fling(3000, duration: 0.5)).scene, on: device)
    #expect(solved > plain.summary.performance.mainThreadMs.mean)
    // Without constraints the pool says nothing of its layout.
    #expect(try Self.capture(Self.table(), scroll: .fling(3000, duration: 0.5)).scene.timeline?.scrolls.first?.reuse?.layout == nil)
  }

  /// A view holding more constraints than the format's 10,000 is written at the limit, noted.
  @Test func aCountPastTheLimitIsWrittenAtIt() throws {
    let captured = try Self.capture(Self.table(rows: 1...1, constraints: (12_000, 0)))
    let cell = try #require(captured.scene.root.sublayers[0].sublayers.first)
    #expect(cell.constraints == Layer.maxConstraints)
    #expect(
      captured.notes.contains(
        "root/UITableView/FeedCell: its view holds 12,000 constraints, more than the scene format's 10,000, and is written with 10,000."))
  }

  @Test func aMissingTargetIsAnError() {
    #expect(throws: CaptureError("no scroll view matches \"feed\": give its accessibility identifier, its id or the end of its path")) {
      try Self.capture(Self.table(), scroll: .fling(1000, target: "feed"))
    }
    #expect(throws: CaptureError("no table or collection view to scroll in the captured tree")) {
      try SceneCapture.capture(
        SceneCaptureTests.screen([]), options: CaptureOptions(device: "iphone-13-pro", scale: 3, scroll: .fling(1000)))
    }
  }

  @Test func aTargetByPathEnd() throws {
    let captured = try Self.capture(Self.table(), scroll: .fling(1000, target: "root/UITableView"))
    #expect(captured.scene.timeline?.scrolls.first?.target == "root/UITableView")
  }
}
