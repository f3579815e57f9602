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
}
