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
/// - Complexity: O(m x k) for m drawing layers, each compared with the k others that share a
///   cell of a grid over the drawn area (cells the size of the median layer: distant layers are
///   never compared) or that are much larger than most, stopping at `limit` overlaps or after
///   ``maxCompared`` comparisons.
public enum Overdraw {
  /// The depth at which counting stops: Android's scale ends at 4x; 100 keeps pictures of
  /// thousands of stacked layers fast.
  public static let standardLimit = 100
  /// Most earlier layers one layer is compared with: a cell of a screen the size of its median
  /// layer holds a few dozen; a generated stack of hundreds of thousands would make every layer
  /// walk all of them (quadratic in the layers). A layer compared with this many without meeting
  /// `limit` overlaps keeps the count it reached.
  public static let maxCompared = 1_000

  /// The area a layer draws on screen this frame, in points, or nil when it draws nothing.
  public static func drawnArea(inMask: Bool, _ plan: NodePlan) -> Rect? {
    if inMask || plan.culled || plan.insideRasterHit { return nil }
    if plan.rasterHit {
      let area = plan.visibleRect.union(plan.contentRect)
      return area.isEmpty ? nil : area
    }
    return plan.draws ? plan.visibleRect : nil
  }

  /// Each layer's overdraw depth, in ``FlatTree`` order, up to `limit` (a depth of `limit`
  /// means `limit` or more); nil for a layer that draws nothing.
  public static func depths(tree: FlatTree, plan: FramePlan, limit: Int = standardLimit) -> [Int?] {
    var depths = [Int?](repeating: nil, count: tree.count)
    var drawn: [(index: Int, area: Rect)] = []
    for index in 0..<tree.count {
      if let area = drawnArea(inMask: tree.inMask[index], plan.nodes[index]) { drawn.append((index, area)) }
    }
    guard !drawn.isEmpty else { return depths }
    // A grid whose cells are about the size of the median layer, so that a typical layer falls
    // in a few cells; at most 256 x 256 cells. A layer spanning more than 64 cells is "large":
    // it is compared with every earlier layer, and every later layer compares with it.
    let bounds = drawn.dropFirst().reduce(drawn[0].area) { $0.union($1.area) }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let cellWidth = max(median(drawn.map(\.area.width)), bounds.width / 256, 1e-9)
    let cellHeight = max(median(drawn.map(\.area.height)), bounds.height / 256, 1e-9)
    let columns = max(1, min(256, Int((bounds.width / cellWidth).rounded(.up))))
    let rows = max(1, min(256, Int((bounds.height / cellHeight).rounded(.up))))
    func cellRange(_ area: Rect) -> (x: ClosedRange<Int>, y: ClosedRange<Int>) {
      func clamp(_ value: Double, _ count: Int) -> Int { min(count - 1, max(0, Int(value))) }
      return (
        clamp((area.minX - bounds.minX) / cellWidth, columns)...clamp((area.maxX - bounds.minX) / cellWidth, columns),
        clamp((area.minY - bounds.minY) / cellHeight, rows)...clamp((area.maxY - bounds.minY) / cellHeight, rows)
      )
    }
    var grid = [[Int]](repeating: [], count: columns * rows)
    var large: [Int] = []
    // The last entry a drawn layer was compared for, so one met in several cells counts once.
    var comparedFor = [Int](repeating: -1, count: drawn.count)
    for (entry, item) in drawn.enumerated() {
      let range = cellRange(item.area)
      let isLarge = range.x.count * range.y.count > 64
      var depth = 0
      var compared = 0
      func compare(_ other: Int) -> Bool {
        guard comparedFor[other] != entry else { return false }
        comparedFor[other] = entry
        compared += 1
        if !drawn[other].area.intersection(item.area).isEmpty { depth += 1 }
        return depth >= limit || compared >= maxCompared
      }
      if isLarge {
        for other in 0..<entry where compare(other) { break }
      } else {
        search: do {
          for other in large where compare(other) { break search }
          for y in range.y {
            for x in range.x {
              for other in grid[y * columns + x] where compare(other) { break search }
            }
          }
        }
      }
      depths[item.index] = depth
      if isLarge {
        large.append(entry)
      } else {
        for y in range.y {
          for x in range.x { grid[y * columns + x].append(entry) }
        }
      }
    }
    return depths
  }
}

extension FrameSnapshot {
  /// Each layer's overdraw depth in this frame, up to ``Overdraw/standardLimit`` (see
  /// ``Overdraw``); nil for a layer that draws nothing.
  public func overdraw() -> [Int?] { Overdraw.depths(tree: tree, plan: plan) }
}
