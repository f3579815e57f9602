import Compositor
import LayerTree
import Testing

/// A label's colour emoji (`emoji`) and a view's own Auto Layout constraints (`constraints`), each
/// derived by hand from the coefficients on the iPhone 6 (A8: `cpuSpeed` 1, so a coefficient's
/// seconds are the main thread's): the same scene with and without the key differs by exactly
/// the work the key adds (docs/cost-model.md, "List techniques").
@Suite("Text and constraints cost")
struct TextAndConstraintsCostTests {
  static let c = CostCoefficients.standard
  static let iphone6 = DeviceCatalogue.device(id: "iphone-6")!

  static func run(_ json: String) throws -> SimulationReport {
    Simulator.run(try TestScenes.decode(json), on: iphone6)
  }

  /// A still screen of one 200 x 20 pt label of 20 characters, `emoji` of them colour emoji.
  static func label(emoji: Int, drawnOn: String) -> String {
    """
    {"version": 1, "device": "iphone-6", "iosVersion": "10.3", "root": {"id": "root", "sublayers": [
      {"id": "label", "frame": [10, 100, 200, 20],
       "contents": {"type": "text", "characters": 20, "emoji": \(emoji), "drawnOn": "\(drawnOn)"}}]}}
    """
  }

  /// Drawing a label pays `emojiGlyphTime` for each emoji beside `glyphTime` for each character,
  /// on the thread that draws it: 5 emoji cost 5 x emojiGlyphTime more, on the main thread or in
  /// the background.
  @Test(arguments: ["main", "background"])
  func eachEmojiCostsItsDrawing(drawnOn: String) throws {
    let plain = try Self.run(Self.label(emoji: 0, drawnOn: drawnOn)).frames[0].cost
    let emoji = try Self.run(Self.label(emoji: 5, drawnOn: drawnOn)).frames[0].cost
    let extra = 5 * Self.c.emojiGlyphTime * 1000
    #expect(extra > 0)
    if drawnOn == "main" {
      #expect(abs(emoji.mainThreadMs - plain.mainThreadMs - extra) < 1e-9)
      #expect(emoji.backgroundMs == plain.backgroundMs)
    } else {
      #expect(abs(emoji.backgroundMs - plain.backgroundMs - extra) < 1e-9)
      #expect(emoji.mainThreadMs == plain.mainThreadMs)
    }
  }

  /// A table scrolled 300 pt over a second that brings a row into view at y 700 (below the
  /// 667 pt screen): the row holds a header label, and a card whose two labels (10 characters, and
  /// 30 of which 4 are emoji) sit 10 and 40 pt down, so the three labels first show in different
  /// frames. `row` and `card` are the two views' `constraints` (0: none).
  static func table(row: Int, card: Int) -> String {
    func constraints(_ n: Int) -> String { n > 0 ? #""constraints": \#(n), "# : "" }
    return """
      {"version": 1, "device": "iphone-6", "iosVersion": "10.3", "root": {"id": "root", "sublayers": [
        {"id": "table", "frame": [0, 0, 375, 667], "masksToBounds": true, "sublayers": [
          {"id": "row", \(constraints(row))"frame": [0, 700, 375, 200], "sublayers": [
            {"id": "header", "frame": [10, 5, 200, 20], "contents": {"type": "text", "characters": 6}},
            {"id": "card", \(constraints(card))"frame": [10, 60, 200, 120], "sublayers": [
              {"id": "name", "frame": [10, 10, 180, 20], "contents": {"type": "text", "characters": 10}},
              {"id": "about", "frame": [10, 40, 180, 20], "contents": {"type": "text", "characters": 30, "emoji": 4}}]}]}]}]},
       "timeline": {"duration": 1, "scrolls": [{"target": "table", "offsets": [[0, 0], [1, 300]], "contentLength": 1200}]}}
      """
  }

  /// Each frame's main-thread milliseconds beyond the scene without constraints.
  static func extraMs(row: Int, card: Int) throws -> [Double] {
    let without = try run(table(row: 0, card: 0))
    let with = try run(table(row: row, card: card))
    #expect(with.frames.count == without.frames.count)
    return zip(with.frames, without.frames).map { $0.cost.mainThreadMs - $1.cost.mainThreadMs }
  }

  /// A label measured for its size: its set-up and every glyph, emoji more.
  static func measuring(characters: Int, emoji: Int = 0) -> Double {
    c.textLayoutTime + Double(characters) * c.glyphTime + Double(emoji) * c.emojiGlyphTime
  }

  /// The card's 12 constraints are solved once, in the frame its first label shows (the name,
  /// 10 pt down; the other shows frames later and solves nothing): 12 x constraintTime and both
  /// its labels measured.
  @Test func aViewIsSolvedOnceWhenItFirstShows() throws {
    let extra = try Self.extraMs(row: 0, card: 12)
    let solve = (12 * Self.c.constraintTime + Self.measuring(characters: 10) + Self.measuring(characters: 30, emoji: 4)) * 1000
    let solving = extra.indices.filter { abs(extra[$0]) > 1e-9 }
    #expect(solving.count == 1, "\(solving)")
    if let frame = solving.first { #expect(abs(extra[frame] - solve) < 1e-9, "frame \(frame): \(extra[frame]) ms, by hand \(solve)") }
    // The scroll shows the card within the second: at 300 pt/s it is on screen from about 0.2 s.
    #expect(solving.first.map { $0 > 0 && $0 < 60 } == true)
  }

  /// Nested views each solve their own: the row's 3 constraints with its header, when the header
  /// shows; the card's 5 with its two labels, when the card's first label shows. The row does not
  /// measure the card's labels: their nearest constrained view is the card.
  @Test func nestedViewsEachMeasureTheirOwnLabels() throws {
    let extra = try Self.extraMs(row: 3, card: 5)
    let rowSolve = (3 * Self.c.constraintTime + Self.measuring(characters: 6)) * 1000
    let cardSolve = (5 * Self.c.constraintTime + Self.measuring(characters: 10) + Self.measuring(characters: 30, emoji: 4)) * 1000
    let solving = extra.indices.filter { abs(extra[$0]) > 1e-9 }
    // The header (5 pt into the row) and the name (70 pt) show 65 pt apart: 13 frames at 5 pt a frame.
    #expect(solving.count == 2, "\(solving)")
    if solving.count == 2 {
      #expect(abs(extra[solving[0]] - rowSolve) < 1e-9, "\(extra[solving[0]]) ms, by hand \(rowSolve)")
      #expect(abs(extra[solving[1]] - cardSolve) < 1e-9, "\(extra[solving[1]]) ms, by hand \(cardSolve)")
    }
  }

  /// A view whose labels all sit in constrained views inside it is laid out with them: a row of
  /// 3 constraints holding a card of 5 (no header of its own here) solves both in the frame the
  /// card's first label shows, 8 x constraintTime and the card's two labels measured.
  @Test func aViewIsSolvedWithTheViewsInsideIt() throws {
    func noHeader(_ json: String) -> String {
      json.replacingOccurrences(
        of: #"{"id": "header", "frame": [10, 5, 200, 20], "contents": {"type": "text", "characters": 6}},"#, with: "")
    }
    #expect(!noHeader(Self.table(row: 3, card: 5)).contains("header"))
    let without = try Self.run(noHeader(Self.table(row: 0, card: 0)))
    let with = try Self.run(noHeader(Self.table(row: 3, card: 5)))
    let extra = zip(with.frames, without.frames).map { $0.cost.mainThreadMs - $1.cost.mainThreadMs }
    let solve = (8 * Self.c.constraintTime + Self.measuring(characters: 10) + Self.measuring(characters: 30, emoji: 4)) * 1000
    let solving = extra.indices.filter { abs(extra[$0]) > 1e-9 }
    #expect(solving.count == 1, "\(solving)")
    if let frame = solving.first { #expect(abs(extra[frame] - solve) < 1e-9, "frame \(frame): \(extra[frame]) ms, by hand \(solve)") }
  }

  /// A screen whose view holds `rootConstraints` around a table of cells laid out with Auto Layout
  /// (a pool of 8 copies, 100 pt apart, each with a 12-character label; 6 constraints a cell),
  /// scrolled 300 pt over a second.
  static func list(rootConstraints: Int) -> String {
    """
    {"version": 1, "device": "iphone-6", "iosVersion": "10.3", "root": {"id": "root", "constraints": \(rootConstraints), "sublayers": [
      {"id": "table", "frame": [0, 0, 375, 667], "masksToBounds": true, "sublayers": [
        {"id": "cell", "frame": [0, 0, 375, 100], "repeat": {"count": 8, "step": [0, 100]}, "sublayers": [
          {"id": "title", "frame": [10, 10, 300, 20], "contents": {"type": "text", "characters": 12}}]}]}]},
     "timeline": {"duration": 1, "scrolls": [{"target": "table", "offsets": [[0, 0], [1, 300]], "contentLength": 10000,
       "reuse": {"cell": "cell", "items": 100, "layout": "autoLayout", "constraints": 6}}]}}
    """
  }

  /// The view around a list of Auto Layout cells solves its own 4 constraints once, at the first
  /// display, and measures none of the cells' labels: the pool's set-ups solve each cell and
  /// measure its label (at its first showing as at each reuse), so a label is not measured twice.
  /// The scene with the view's constraints differs from the one without by 4 x constraintTime in
  /// frame 0 and nothing after.
  @Test func aViewAroundAnAutoLayoutListMeasuresNoCell() throws {
    let without = try Self.run(Self.list(rootConstraints: 0))
    let with = try Self.run(Self.list(rootConstraints: 4))
    let extra = zip(with.frames, without.frames).map { $0.cost.mainThreadMs - $1.cost.mainThreadMs }
    #expect(extra.count == 60)
    #expect(abs((extra.first ?? 0) - 4 * Self.c.constraintTime * 1000) < 1e-9, "\(extra.first ?? 0) ms")
    #expect(extra.dropFirst().allSatisfy { abs($0) < 1e-9 })
  }

  /// A scene built in code is checked as a file is: more emoji than characters is out of range at
  /// the label's `contents.emoji`.
  @Test func aSceneBuiltInCodeChecksItsEmoji() throws {
    var root = Layer(id: "root", frame: Rect(0, 0, 375, 667))
    var label = Layer(id: "label", frame: Rect(10, 10, 100, 20))
    label.contents = .text(TextContents(characters: 3, emoji: 4))
    root.sublayers = [label]
    let scene = Scene(device: "iphone-6", iosVersion: OSVersion(10, 3), root: root)
    let problem = try #require(scene.firstValueOutOfRange())
    #expect(problem.path == "root/label" && problem.key == "contents.emoji" && problem.value == 4, "\(problem)")
    label.contents = .text(TextContents(characters: 3, emoji: 3))
    root.sublayers = [label]
    #expect(Scene(device: "iphone-6", iosVersion: OSVersion(10, 3), root: root).firstValueOutOfRange() == nil)
  }

  /// The reader tells more emoji than characters, and a constraint count out of its range, at the
  /// key, saying what was expected; 0 emoji and 0 constraints are the defaults.
  @Test func theReaderChecksBothKeys() throws {
    let scene = try TestScenes.scene(#"{"id": "a", "contents": {"type": "text", "characters": 3}}"#)
    if case .text(let text)? = scene.root.sublayers.first?.contents { #expect(text.emoji == 0) } else { Issue.record("no text") }
    #expect(scene.root.sublayers.first?.constraints == 0)
    let cases: [(String, String)] = [
      (#"{"id": "a", "contents": {"type": "text", "characters": 3, "emoji": 4}}"#, "expected at most `characters` (3) emoji, found 4"),
      (#"{"id": "a", "constraints": -1}"#, "expected a whole number from 0 to 10000, found -1"),
      (#"{"id": "a", "constraints": 10001}"#, "expected a whole number from 0 to 10000, found 10001"),
    ]
    for (layer, message) in cases {
      do {
        _ = try TestScenes.scene(layer)
        Issue.record("\(layer) was read")
      } catch let error as SceneErrors {
        #expect(error.diagnostics.contains { $0.message.contains(message) }, "\(error.diagnostics.map(\.message))")
        #expect(error.diagnostics.allSatisfy { $0.path.hasPrefix("root.sublayers[0]") }, "\(error.diagnostics.map(\.path))")
      }
    }
  }
}
