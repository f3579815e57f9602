import LayerTree

/// A fact about a layer that one rule reads every frame it asks about the layer and that takes
/// work to find from the layer's properties (``OffscreenRule/layerFact``): a few flags, or a small
/// count, in 16 bits.
///
/// The decide pass derives it the first time the rule is asked about the layer and keeps it in a
/// column of the rule's own for the run (``LayerFacts``); for a layer the timeline changes in a
/// frame, it derives it again from the layer as it is in that frame. The rule reads it as
/// ``RuleContext/layerFact(_:)``. A rule that needs a fact declares it in its own file: nothing
/// else in the decide pass, the cost model or ``LayerProps`` names it.
public struct LayerFact: Sendable {
  /// The fact, from the layer as the scene (or the timeline, in a frame) has it.
  public let derive: @Sendable (Layer) -> UInt16

  public init(_ derive: @escaping @Sendable (Layer) -> UInt16) {
    self.derive = derive
  }
}

extension OffscreenRule {
  /// No fact of its own: the rule reads ``RuleContext`` alone.
  public static var layerFact: LayerFact? { nil }
}

/// The facts the decide pass's rules keep on the layers a run reaches: a column per rule that
/// declares one (``OffscreenRule/layerFact``), each entry derived the first time the rule is asked
/// about the layer; kept from frame to frame with the plan storage.
struct LayerFacts {
  /// Per rule (by position in the planner's rules), its column: per layer, the fact, or -1 when it
  /// was not derived yet. Made when the rule is first asked, sized to the tree.
  private var columns: [[Int32]] = []

  /// The fact `declaration` (that of the rule at `ruleIndex`) finds on the layer at `index` this
  /// frame: kept for a layer as the scene has it, derived again for one the timeline changed.
  mutating func fact(_ declaration: LayerFact, rule ruleIndex: Int, layer index: Int, tree: FlatTree, state: FrameState) -> UInt16 {
    if state.changedProps(index) != nil { return declaration.derive(state.layer(index, in: tree)) }
    if columns.count <= ruleIndex { columns += [[Int32]](repeating: [], count: ruleIndex + 1 - columns.count) }
    if columns[ruleIndex].count != tree.count { columns[ruleIndex] = [Int32](repeating: -1, count: tree.count) }
    let kept = columns[ruleIndex][index]
    if kept >= 0 { return UInt16(kept) }
    let fact = declaration.derive(tree.layer(index))
    columns[ruleIndex][index] = Int32(fact)
    return fact
  }
}
