import Testing

@testable import offscreen_sim

/// Columns are padded by characters: a cell is never cut, and the next column starts two spaces
/// after the widest cell of the column, whatever the characters.
@Suite("text tables")
struct TextTableTests {
  /// By hand: column 1's widest cell is "layer", 5 characters ("🙂🙂" is 2 characters, 4 UTF-16
  /// units), so column 2 starts after 5 + 2 characters on every row.
  @Test func cellsArePaddedByCharacters() {
    let text = TextTable.render([["layer", "passes"], ["🙂🙂", "3"], ["a", "12"]])
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines == ["layer  passes", "🙂🙂     3", "a      12"])
  }

  /// A cell wider in UTF-16 units than the column's width in characters is kept whole: four
  /// emoji are 4 characters and 8 units.
  @Test func aCellIsNeverCut() {
    let text = TextTable.render([["🙂🙂🙂🙂", "x"], ["abcd", "y"]], indent: "  ")
    #expect(text == "  🙂🙂🙂🙂  x\n  abcd  y\n")
  }
}
