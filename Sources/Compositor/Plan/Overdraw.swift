import LayerTree

/// Overdraw per layer: how many layers drawn earlier overlap what a layer draws, the figure
/// Android's "Debug GPU overdraw" colours (1x blue, 2x green, 3x pink, 4x and more red) and
/// Instruments' "Color Blended Layers" hints at.
///
/// Counted per layer, not per pixel: a layer's depth is the number of drawing layers before it
/// in drawing order whose drawn area overlaps its own by any area. That is an upper bound of the
/// overdraw of its most covered pixel (the layers below may overlap different parts of it), and
/// it is exact for the usual stack of a background, a card on it and a label on the card.
///
/// A drawing layer is one that draws itself on screen (``NodePlan/draws``: its drawn area is its
/// visible rectangle), or a rasterized layer whose cached bitmap is drawn (its visible rectangle
/// and its sublayers' content); layers in a mask, culled, or drawn by a cached bitmap do not
/// draw. Opaque layers count like the others: Android counts every draw.
///
/// ```swift
/// let snapshot = Simulator.snapshot(scene, on: device, frame: 0)
/// let depths = Overdraw.depths(tree: snapshot.tree, plan: snapshot.plan)
/// // depths[i] == nil: layer i draws nothing; 0: nothing below it; 1: drawn over once (blue).
/// ```
///
/// - Complexity: O(m x k) for m drawing layers, each overlapping k others; layers are bucketed
///   in a coarse grid so that distant layers are never compared.
public enum Overdraw {
  /// The area a layer draws on screen this frame, in points, or nil when it draws nothing.
  public static func drawnArea(_ node: FlatTree.Node, _ plan: NodePlan) -> Rect? {
    if node.inMask || plan.culled || plan.insideRasterHit { return nil }
    if plan.rasterHit {
      let area = plan.visibleRect.union(plan.contentRect)
      return area.isEmpty ? nil : area
    }
    return plan.draws ? plan.visibleRect : nil
  }

  /// Each layer's overdraw depth, in ``FlatTree`` order; nil for a layer that draws nothing.
  public static func depths(tree: FlatTree, plan: FramePlan) -> [Int?] {
    var depths = [Int?](repeating: nil, count: tree.count)
    var drawn: [(index: Int, area: Rect)] = []
    for (index, node) in tree.nodes.enumerated() {
      if let area = drawnArea(node, plan.nodes[index]) { drawn.append((index, area)) }
    }
    guard !drawn.isEmpty else { return depths }
    let bounds = drawn.dropFirst().reduce(drawn[0].area) { $0.union($1.area) }
    let columns = 16
    let rows = 16
    let cellWidth = max(bounds.width / Double(columns), 1e-9)
    let cellHeight = max(bounds.height / Double(rows), 1e-9)
    func cells(_ area: Rect) -> [Int] {
      let x0 = min(columns - 1, max(0, Int((area.minX - bounds.minX) / cellWidth)))
      let x1 = min(columns - 1, max(0, Int((area.maxX - bounds.minX) / cellWidth)))
      let y0 = min(rows - 1, max(0, Int((area.minY - bounds.minY) / cellHeight)))
      let y1 = min(rows - 1, max(0, Int((area.maxY - bounds.minY) / cellHeight)))
      var result: [Int] = []
      for y in y0...y1 {
        for x in x0...x1 { result.append(y * columns + x) }
      }
      return result
    }
    var grid = [[Int]](repeating: [], count: columns * rows)
    // The last entry a drawn layer was counted for, so one met in several cells counts once.
    var countedFor = [Int](repeating: -1, count: drawn.count)
    for (entry, item) in drawn.enumerated() {
      let itemCells = cells(item.area)
      var depth = 0
      for cell in itemCells {
        for other in grid[cell] where countedFor[other] != entry {
          countedFor[other] = entry
          if !drawn[other].area.intersection(item.area).isEmpty { depth += 1 }
        }
      }
      depths[item.index] = depth
      for cell in itemCells { grid[cell].append(entry) }
    }
    return depths
  }
}

extension FrameSnapshot {
  /// Each layer's overdraw depth in this frame (see ``Overdraw``); nil for a layer that draws
  /// nothing.
  public func overdraw() -> [Int?] { Overdraw.depths(tree: tree, plan: plan) }
}
