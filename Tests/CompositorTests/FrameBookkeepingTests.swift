import LayerTree
import TestSupport
import Testing

@testable import Compositor

/// The small tables a frame keeps without hashing or allocating: the extra work's place among the
/// cost items, and the findings found per layer (the cost table: `PreparedSimulationTests`); the
/// image checks' rounding without a library call; and a finding's words, made one frame late.
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

  /// A finding has the words of the frame where its pass was largest (the first such frame), as
  /// its rule describes that frame: the tally makes them one frame late, once a frame does not
  /// grow it. Worked out here the plain way, describing every finding at every frame it grows
  /// in, on scenes whose cards scroll in and out (their clips' and shadows' passes grow and
  /// shrink), and whose cells are rasterized.
  @Test(arguments: [SceneGenerator.Kind.feed, .nested, .grid])
  func aFindingHasTheWordsOfItsLargestFrame(_ kind: SceneGenerator.Kind) throws {
    let bytes = Array(SceneGenerator(kind: kind, layers: 400, frames: 40, seed: 21).json().utf8)
    let scene = try SceneDecoder.decode(bytes, options: TestDevices.options)
    let device = try #require(DeviceCatalogue.device(id: scene.device))
    let report = Simulator.run(scene, on: device)
    var stepper = FrameStepper(scene, on: device, rules: OffscreenRules.all, coefficients: .standard)
    struct Largest {
      var area: Double
      var words: RuleWords
    }
    var largest: [String: Largest] = [:]
    for frame in 0..<stepper.frameCount {
      let (state, plan, _) = stepper.step(frame)
      for position in plan.visited.indices {
        let record = plan.nodes.records[position]
        let index = plan.visited[position]
        guard !record.culled, !record.insideRasterHit, !stepper.tree.inMask[index] else { continue }
        guard record.hasPasses else { continue }
        for pass in plan.nodes.passes[record.passRange] {
          let key = stepper.tree.path(pass.layer) + " " + pass.rule
          if let known = largest[key], pass.pixelArea <= known.area { continue }
          let context = RuleContext(tree: stepper.tree, plans: plan.nodes, state: state, index: pass.layer, iosVersion: scene.iosVersion)
          let words = stepper.rules[pass.ruleIndex].describe(context, hit: RuleHit(passes: pass.passes))
          largest[key] = Largest(area: pass.pixelArea, words: words)
        }
      }
    }
    let offscreen = report.findings.filter { $0.category == .offscreen }
    #expect(!offscreen.isEmpty)
    #expect(offscreen.count == largest.count)
    for finding in offscreen {
      let expected = try #require(largest[finding.layer + " " + finding.rule])
      #expect(finding.pixelArea == expected.area)
      #expect(finding.message == expected.words.message, "\(finding.layer) \(finding.rule)")
      #expect(finding.fix == expected.words.fix)
    }
    // A tree past FrameStepper.turnsUpToLayers has one storage and its findings described in the
    // frame they grow: the same report.
    #expect(stepper.alternates)
    var oneStorage = Simulator.prepare(scene, on: device)
    oneStorage.stepper.alternates = false
    let described = Simulator.run(oneStorage)
    #expect(described.findings == report.findings)
    #expect(described.frames == report.frames)
    #expect(described.summary == report.summary)
  }
}
