import LayerTree

/// Turns the cells a table or collection view shows at one moment into the scene's reuse pool.
///
/// The scene format's cell reuse (`timeline.scrolls[].reuse`) needs a pool of identical copies
/// (`cell[0]`, `cell[1]`, ...) one step apart, copy 0 at item 0's place: item i is drawn by
/// copy i mod pool size at item 0's place plus i steps. A capture has the visible cells, each
/// with its item's index. The cleanest mapping:
///
/// - the **template** is the cell of the lowest item index; the **step** is the distance between
///   the two lowest cells over their index difference (one cell: its own height, or width);
/// - the cells must be the template's size and sit at their index times the step from it
///   (within half a point), or the list is not regular enough for the format: the cells are
///   kept as captured and the scroll runs without reuse;
/// - item 0's place is the template's minus its index times the step;
/// - the pool has as many copies as the viewport can show at once, `ceil(viewport / step) + 1`
///   (no more than the list's items), and at least as many as were visible.
///
/// What differs between the cells (a longer text, another image) is lost: every copy is the
/// template. Section headers and footers are kept where they were, and do not scroll by
/// reuse.
enum ReusePool {
  struct Outcome {
    var sublayers: [Layer]
    var reuse: CellReuse?
    var note: String
  }

  /// Distances within this many points count as equal.
  static let tolerance = 0.5

  static func fold(_ children: [Layer], cellIndices: [Int?], axis: Scroll.Axis, viewport: Double, items: Int?, path: String) -> Outcome {
    let cells = zip(children.indices, cellIndices).compactMap { index, item in item.map { (index: index, item: $0) } }.sorted {
      $0.item < $1.item
    }
    func keep(_ why: String) -> Outcome {
      Outcome(
        sublayers: children, reuse: nil, note: "\(path): \(why): its cells are kept as captured and the scroll runs without cell reuse.")
    }
    guard let first = cells.first else { return keep("no cells") }
    let template = children[first.index]
    func along(_ rect: Rect) -> Double { axis == .vertical ? rect.y : rect.x }
    func across(_ rect: Rect) -> Double { axis == .vertical ? rect.x : rect.y }
    let extent = axis == .vertical ? template.frame.height : template.frame.width
    var step = extent
    if cells.count >= 2 {
      let second = cells[1]
      guard second.item > first.item else { return keep("two cells show item \(first.item)") }
      step = (along(children[second.index].frame) - along(template.frame)) / Double(second.item - first.item)
    }
    guard step > tolerance else { return keep("its cells are not laid out one after the other along the scroll") }
    for cell in cells {
      let frame = children[cell.index].frame
      let expected = along(template.frame) + Double(cell.item - first.item) * step
      let sameSize = abs(frame.width - template.frame.width) <= tolerance && abs(frame.height - template.frame.height) <= tolerance
      guard sameSize, abs(along(frame) - expected) <= tolerance, abs(across(frame) - across(template.frame)) <= tolerance else {
        return keep("its cells differ in size or spacing (item \(cell.item) is not \(formatNumber(step)) pt after the one before)")
      }
    }
    let itemZero = along(template.frame) - Double(first.item) * step
    let needed = Int((viewport / step).rounded(.up)) + 1
    let poolSize = max(cells.count, min(items ?? needed, needed))
    let base = template.id
    var pool: [Layer] = []
    for copy in 0..<poolSize {
      var layer = template
      layer.id = "\(base)[\(copy)]"
      let place = itemZero + Double(copy) * step
      if axis == .vertical { layer.frame.y = place } else { layer.frame.x = place }
      pool.append(layer)
    }
    // The pool takes the place of the first cell among the sublayers; the others go.
    let cellPositions = Set(cells.map(\.index))
    let firstCell = cellPositions.min()!
    var sublayers: [Layer] = []
    for (index, child) in children.enumerated() {
      if index == firstCell { sublayers += pool }
      if !cellPositions.contains(index) { sublayers.append(child) }
    }
    let shown = cells.count == 1 ? "item \(first.item)" : "items \(first.item)-\(cells.last!.item)"
    return Outcome(
      sublayers: sublayers, reuse: CellReuse(cell: base, items: items),
      note:
        "\(path): the \(plural(cells.count, "visible cell")) (\(shown)) become a reuse pool of \(poolSize) copies of item \(first.item)'s cell, \(formatNumber(step)) pt apart; what differs between cells is not kept."
    )
  }
}
