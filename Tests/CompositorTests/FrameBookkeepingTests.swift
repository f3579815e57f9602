import LayerTree
import TestSupport
import Testing

@testable import Compositor

/// The small tables a frame keeps without hashing or allocating: the extra work's place among the
/// cost items, and the findings found per layer (the cost table: `PreparedSimulationTests`); and
/// the image checks' rounding without a library call.
@Suite("Frame bookkeeping")
struct FrameBookkeepingTests {
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

  /// `roundedToNearest` is `rounded()` to the bit (the sign of a zero included): on halves, the
  /// doubles next to them, zeros, values near and past 2^52 where every double is whole, the
  /// infinities and NaN, and a million doubles of every exponent from a seeded generator.
  @Test func roundingWithoutTheLibraryIsRounded() {
    var values: [Double] = [0, -0.0, 0.3, -0.3, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 1e15 + 0.5, .infinity, -.infinity]
    for half in [0.5, 1.5, 2.5, 1023.5, 4_503_599_627_370_495.5] {
      values += [half, half.nextUp, half.nextDown, -half, -half.nextUp, -half.nextDown]
    }
    let twoTo52 = 4_503_599_627_370_496.0
    values += [twoTo52, twoTo52.nextDown, twoTo52.nextUp, -twoTo52, -twoTo52.nextDown, 1e300, -1e300, .leastNonzeroMagnitude]
    var random = SplitMix64(seed: 52)
    for _ in 0..<1_000_000 {
      let bits = random.next()
      let value = Double(bitPattern: bits)
      // Half of them scaled into the range where rounding happens.
      values.append(bits & 1 == 0 ? value : Double(Int64(bitPattern: bits) >> 20) / 4096)
    }
    var differing = 0
    for value in values where !value.isNaN {
      if roundedToNearest(value).bitPattern != value.rounded().bitPattern { differing += 1 }
    }
    #expect(differing == 0)
    #expect(roundedToNearest(.nan).isNaN)
  }
}
