import LayerTree
import Testing

@testable import Compositor

/// The small tables a frame keeps without hashing or allocating: the cost table's inline items,
/// the extra work's place among the cost items, and the findings found per layer.
@Suite("Frame bookkeeping")
struct FrameBookkeepingTests {
  /// The table holds every cost item inline (32 places, one bit each of a 64-bit mask): adding a
  /// cost item past 32 must grow it.
  @Test func everyCostItemHasAPlaceInTheTable() {
    #expect(CostItem.all.count <= CostTable.capacity)
    #expect(CostTable.capacity <= 64)
  }

  /// A table adds each item in place, knows which were added, and sums a phase in item order:
  /// 1 + 2 on the GPU's first item and 4 on its second give 7, and only those two are listed.
  @Test func aTableAddsInPlace() {
    var table = CostTable()
    let gpu = CostItem.Phase.gpu.positions
    table.add(gpu.lowerBound, 1)
    table.add(gpu.lowerBound, 2)
    table.add(gpu.lowerBound + 1, 4)
    #expect(table.sum(.gpu) == 7)
    #expect(table.sum(.mainThread) == 0)
    #expect(table.dictionary(.gpu) == [CostItem.gpu[0]: 3, CostItem.gpu[1]: 4])
    #expect(table.dictionary(.mainThread).isEmpty)
    var same = CostTable()
    same.add(gpu.lowerBound + 1, 4)
    same.add(gpu.lowerBound, 3)
    #expect(same == table)
    same.add(CostItem.Phase.background.positions.lowerBound, 0)
    #expect(same != table, "an item added, even 0, is listed")
  }

  /// Each extra work's cost item is found by its place among the cases, which must be the order
  /// of `allCases` (a switch gives it, so that no array is made each time).
  @Test func extraWorkKnowsItsPlace() {
    for (offset, work) in ExtraWork.allCases.enumerated() {
      #expect(work.caseIndex == offset)
      #expect(CostItem.all[CostItem.positions.gpuExtraWork[work.caseIndex]].name == work.costItem)
    }
  }

  /// Findings by layer and kind: a layer with three kinds, another with one, a layer with none.
  @Test func findingsAreFoundByLayerAndKind() {
    var slots = Tally.FindingSlots()
    #expect(slots.slot(3, 0) == nil)
    slots.add(3, 2, at: 0, layers: 10)
    slots.add(7, 2, at: 1, layers: 10)
    slots.add(3, 0, at: 2, layers: 10)
    slots.add(3, 9, at: 3, layers: 10)
    #expect(slots.slot(3, 2) == 0)
    #expect(slots.slot(7, 2) == 1)
    #expect(slots.slot(3, 0) == 2)
    #expect(slots.slot(3, 9) == 3)
    #expect(slots.slot(3, 1) == nil)
    #expect(slots.slot(7, 0) == nil)
    #expect(slots.slot(5, 2) == nil)
    // A layer past the tree's end has none.
    #expect(slots.slot(12, 2) == nil)
  }
}
