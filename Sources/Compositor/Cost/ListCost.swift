import LayerTree

/// The main-thread work of the list techniques (``CellReuse``) for the cells set up for an item
/// in a frame, on the A8 (the caller scales it by the device's CPU):
///
/// - **Auto Layout**: a cell's layout pass solves its constraints (`constraintTime` each) and asks
///   each label for its size, which measures its text unless the label's text layout is cached:
///   its set-up (`textLayoutTime`) and every glyph laid out in lines (`glyphTime` a character,
///   `emojiGlyphTime` more an emoji), as drawing it would; a cell laid out with frames adds
///   nothing to its views' `layoutTime`.
/// - **Row heights** computed while scrolling (`computed`, or self-sizing cells: `automatic`): each
///   row coming into view is sized again on the main thread: with Auto Layout a template cell (or
///   the cell itself) solved as above, with frames its labels measured as above (none when the
///   text layouts are cached: the layout holds the height). `fixed` and `cached` heights
///   cost nothing while scrolling.
/// - **Cached text layouts**: a label's text set-up (`textLayoutTime`, on the thread that draws
///   it) was made once per text ahead of the scroll, so a display does not make it again.
///
/// A cell a fast fling leaves blank sets up nothing inside it: only its height is asked for.
enum ListCost {
  struct Cells {
    /// Labels whose text set-up a cached text layout saves, on the main thread and on background
    /// threads.
    var cachedLabels = 0
    var cachedBackgroundLabels = 0
    /// Auto Layout's solves of the cells' layout passes, seconds on the A8.
    var solveSeconds = 0.0
    /// Row heights computed on the main thread, seconds on the A8.
    var rowHeightSeconds = 0.0
  }

  /// Seconds on the A8 to measure a label's text for its size: its set-up (`textLayoutTime`) and
  /// every glyph laid out in lines (`glyphTime` a character, `emojiGlyphTime` more an emoji).
  static func measuring(_ text: TextContents, coefficients c: CostCoefficients) -> Double {
    c.textLayoutTime + Double(text.characters) * c.glyphTime + Double(text.emoji) * c.emojiGlyphTime
  }

  static func cells(_ setUps: [CellSetUp], tree: FlatTree, coefficients c: CostCoefficients) -> Cells {
    var result = Cells()
    for setUp in setUps {
      var labels = 0
      var background = 0
      var measured = 0.0
      for index in setUp.cell..<tree.subtreeEnds[setUp.cell] {
        guard case .text(let text)? = tree.contents(index), text.characters > 0 else { continue }
        labels += 1
        measured += measuring(text, coefficients: c)
        if text.drawnOn == .background { background += 1 }
      }
      // Each label measured for its size: nothing when its text layout is kept.
      let measuring = setUp.textLayoutsCached ? 0 : measured
      let solve = setUp.constraints.map { Double($0) * c.constraintTime + measuring }
      switch setUp.rowHeights {
      case .fixed, .cached: break
      case .computed, .automatic: result.rowHeightSeconds += solve ?? measuring
      }
      if setUp.blank { continue }
      result.solveSeconds += solve ?? 0
      if setUp.textLayoutsCached && !setUp.firstShow {
        result.cachedLabels += labels - background
        result.cachedBackgroundLabels += background
      }
    }
    return result
  }
}
