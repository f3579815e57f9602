import LayerTree

extension Simulator {
  /// Rasterized layers whose bitmap is stale this frame: the layer's own appearance or size
  /// changed, or anything in its subtree changed at all. The layer's own move, fade or turn
  /// keeps the bitmap.
  static func staleEntries(_ state: FrameState, tree: FlatTree, rasterized: Set<Int>) -> Set<Int> {
    guard !rasterized.isEmpty, !state.isQuiet else { return [] }
    var stale = Set<Int>()
    func markAncestors(of index: Int) {
      var parent = tree.parents[index]
      while parent >= 0 {
        if rasterized.contains(parent) { stale.insert(parent) }
        parent = tree.parents[parent]
      }
    }
    for index in state.appearanceChanged {
      if rasterized.contains(index) { stale.insert(index) }
      markAncestors(of: index)
    }
    for index in state.placementChanged { markAncestors(of: index) }
    return stale
  }

  /// ``staleEntries(_:tree:rasterized:)`` walking only the rasterized ancestors of each changed
  /// layer: `ancestors[i]` is layer i's nearest rasterized ancestor, or -1
  /// (``rasterizedAncestors(_:rasterized:)``).
  ///
  /// - Complexity: O(c x r) for c changed layers and r rasterized layers above each, whatever
  ///   the tree's depth.
  static func staleEntries(_ state: FrameState, ancestors: [Int32], rasterized: Set<Int>) -> Set<Int> {
    guard !rasterized.isEmpty, !state.isQuiet else { return [] }
    var stale = Set<Int>()
    func markAncestors(of index: Int) {
      var ancestor = Int(ancestors[index])
      while ancestor >= 0 {
        stale.insert(ancestor)
        ancestor = Int(ancestors[ancestor])
      }
    }
    for index in state.appearanceChanged {
      if rasterized.contains(index) { stale.insert(index) }
      markAncestors(of: index)
    }
    for index in state.placementChanged { markAncestors(of: index) }
    return stale
  }

  /// Each layer's nearest rasterized ancestor, or -1; empty when no layer is rasterized.
  static func rasterizedAncestors(_ tree: FlatTree, rasterized: Set<Int>) -> [Int32] {
    guard !rasterized.isEmpty else { return [] }
    var ancestors = [Int32](repeating: -1, count: tree.count)
    for index in 0..<tree.count {
      let parent = tree.parents[index]
      guard parent >= 0 else { continue }
      ancestors[index] = rasterized.contains(parent) ? Int32(parent) : ancestors[parent]
    }
    return ancestors
  }
}
