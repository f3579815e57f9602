import LayerTree

/// The sublayers of one layer laid out along an axis in the order they are drawn, so that the
/// decide pass finds the ones a clip can show by binary search instead of testing each: a scroll
/// view's cells, a long list's rows.
///
/// A layer gets an index when it has no mask, at least ``minimumCount`` sublayers, and every
/// sublayer's subtree is static (nothing in it moves, ``SceneAnimator/staticExtents``) with a
/// finite extent, and the sublayers' placed extents start in non-decreasing order along y, or
/// else along x. The index holds while no sublayer of the layer is changed by the timeline in
/// the frame; the decide pass checks that (``FramePlanner``).
///
/// - Complexity: building is O(n) over all layers; a lookup is O(log k) for k sublayers.
struct SortedSublayers: Sendable {
  /// Layers with fewer sublayers are tested one by one.
  static let minimumCount = 8

  /// The sublayers' tree indices, in drawing order.
  let children: [Int]
  /// True when sorted along y, false along x.
  let vertical: Bool
  /// Each sublayer's placed extent's start along the axis, in the layer's bounds coordinates
  /// (non-decreasing).
  let starts: [Double]
  /// The largest end along the axis of the sublayers up to each one (non-decreasing).
  let endsSoFar: [Double]

  /// The positions in ``children`` of the sublayers whose placed extents may meet `low...high`
  /// along the axis (the layer's bounds coordinates), widened by `margin`: every sublayer outside
  /// that range lies wholly before `low` or after `high`.
  func candidates(low: Double, high: Double, margin: Double) -> Range<Int> {
    // The first whose running end reaches low: every one before it ends before low.
    let first = Self.firstIndex(in: endsSoFar) { $0 >= low - margin }
    // The first that starts after high: it and every one after it start after high.
    let end = Self.firstIndex(in: starts) { $0 > high + margin }
    return first..<max(first, end)
  }

  /// The first index of the non-decreasing `values` where `holds` turns true.
  private static func firstIndex(in values: [Double], where holds: (Double) -> Bool) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if holds(values[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Indexes every layer of `tree` that qualifies; `slots[i]` is layer i's position in
  /// `indexes`, or -1.
  static func build(_ tree: FlatTree, staticExtents: [Bool]) -> (slots: [Int32], indexes: [SortedSublayers]) {
    let count = tree.count
    var slots = [Int32](repeating: -1, count: count)
    var indexes: [SortedSublayers] = []
    for parent in 0..<count where tree.masks[parent] < 0 && tree.subtreeEnds[parent] - parent > minimumCount {
      var children: [Int] = []
      var child = parent + 1
      var qualifies = true
      while child < tree.subtreeEnds[parent] {
        if !staticExtents[child] || tree.inMask[child] {
          qualifies = false
          break
        }
        children.append(child)
        child = tree.subtreeEnds[child]
      }
      guard qualifies, children.count >= minimumCount else { continue }
      let placed = children.map { index -> Rect in
        let layer = tree.layer(index)
        return Affine.layer(frame: layer.frame, transform: layer.transform, anchor: layer.anchorPoint)
          .boundingBox(of: tree.extents[index])
      }
      guard placed.allSatisfy({ $0.minX.isFinite && $0.minY.isFinite && $0.maxX.isFinite && $0.maxY.isFinite }) else {
        continue
      }
      for vertical in [true, false] {
        let starts = placed.map { vertical ? $0.minY : $0.minX }
        guard zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }) else { continue }
        var endsSoFar: [Double] = []
        endsSoFar.reserveCapacity(placed.count)
        var end = -Double.infinity
        for rect in placed {
          end = max(end, vertical ? rect.maxY : rect.maxX)
          endsSoFar.append(end)
        }
        slots[parent] = Int32(indexes.count)
        indexes.append(SortedSublayers(children: children, vertical: vertical, starts: starts, endsSoFar: endsSoFar))
        break
      }
    }
    return (slots, indexes)
  }
}
