import LayerTree

/// The decide pass: for one frame of a layer tree, works out what each layer costs the render
/// server before any cost is counted, as Flutter's Preroll does.
///
/// 1. Top-down: screen geometry, clipping by the screen, by `masksToBounds` ancestors and by
///    masks; culling of hidden, transparent and masked-away layers. A subtree that is culled, or
///    whose extent (``FlatTree/extents``, valid while nothing in it moves) lies outside its clip,
///    is skipped whole: a frame costs the layers near the screen, not the whole tree.
/// 2. Bottom-up over the visited layers: how many visible drawing layers each subtree holds, and
///    their union on screen.
/// 3. Top-down: rasterized layers ask the cache (on a hit the bitmap stands for the subtree,
///    which is not evaluated), then the offscreen rules run on every layer whose properties could
///    send it offscreen. This pass only reads the plan.
/// 4. The rules' passes, cache hits and the nesting depth of each pass are written.
///
/// - Complexity: O(v x r) for v visited layers and r rules.
public struct FramePlanner: Sendable {
  public var screen: DeviceScreen
  public var iosVersion: OSVersion
  public var rules: [any OffscreenRule] {
    didSet {
      gateBits = Self.gateBits(rules)
      rulesInRegistryOrder = Self.inRegistryOrder(gateBits)
      (ruleIDs, ruleWork, ruleFacts) = Self.declarations(rules)
    }
  }
  /// Each rule's ``OffscreenRule/id`` and ``OffscreenRule/work``, read once: a pass is written
  /// without asking the rule again.
  private var ruleIDs: [String]
  private var ruleWork: [PassWork]
  /// Each rule's per-layer fact (``OffscreenRule/layerFact``), or nil when it keeps none.
  private var ruleFacts: [LayerFact?]
  /// Each of ``rules``' bit in ``LayerProps/offscreenGates`` (its place in the registry, found by
  /// id), or nil for a rule the registry does not hold, whose gate is run by the decide pass.
  private var gateBits: [UInt64?]
  /// True when ``rules`` are the registry's first rules in its order: a layer's gate bits are then
  /// the positions of the rules to ask.
  private var rulesInRegistryOrder: Bool

  public init(screen: DeviceScreen, iosVersion: OSVersion, rules: [any OffscreenRule] = OffscreenRules.all) {
    self.screen = screen
    self.iosVersion = iosVersion
    self.rules = rules
    gateBits = Self.gateBits(rules)
    rulesInRegistryOrder = Self.inRegistryOrder(gateBits)
    (ruleIDs, ruleWork, ruleFacts) = Self.declarations(rules)
  }

  private static func declarations(_ rules: [any OffscreenRule]) -> ([String], [PassWork], [LayerFact?]) {
    (rules.map(\.id), rules.map(\.work), rules.map { type(of: $0).layerFact })
  }

  private static func inRegistryOrder(_ gateBits: [UInt64?]) -> Bool {
    gateBits.enumerated().allSatisfy { $0.element == 1 << UInt64($0.offset) }
  }

  private static func gateBits(_ rules: [any OffscreenRule]) -> [UInt64?] {
    rules.map { rule in OffscreenRules.all.firstIndex { $0.id == rule.id }.map { 1 << UInt64($0) } }
  }

  /// Plans one frame with no rasterization cache: every rasterized layer is a miss.
  public func plan(_ tree: FlatTree, state: FrameState = FrameState()) -> FramePlan {
    var cache: RasterCache? = nil
    var buffer = PlanBuffer()
    return plan(tree, state: state, cache: &cache, buffer: &buffer, staticExtents: [])
  }

  /// Plans one frame of `tree` as `state` has it. Each rasterized layer that is drawn asks
  /// `cache`: on a hit its bitmap stands for its subtree.
  public func plan(_ tree: FlatTree, state: FrameState, cache: inout RasterCache) -> FramePlan {
    var optional: RasterCache? = cache
    var buffer = PlanBuffer()
    let result = plan(tree, state: state, cache: &optional, buffer: &buffer, staticExtents: [])
    if let optional { cache = optional }
    return result
  }

  /// The plan storage kept from frame to frame.
  struct PlanBuffer {
    var plans = NodePlans()
    /// The scene's render properties of the layers the frames have reached.
    var props = PropsCache()
    /// The facts the rules keep on the layers the frames have reached (``LayerFacts``).
    var facts = LayerFacts()
    /// The layers the last frame visited, whose slots the next frame clears.
    var visited: [Int] = []
    /// The decide pass's stack of jumps over sublayers, kept for its room.
    var jumps: [(from: Int, to: Int)] = []
    /// The rasterized layers whose cached bitmap a frame draws, kept for its room.
    var hits: [Int] = []
    /// Which layers' sublayers are found by binary search (``SortedSublayers``), built on the
    /// first frame that may skip subtrees: `sortedSlots[i]` is layer i's entry in `sorted`, or -1.
    var sortedSlots: [Int32] = []
    var sorted: [SortedSublayers] = []
  }

  /// Builds the sorted-sublayer indexes that ``plan(_:state:cache:buffer:staticExtents:)`` would
  /// build on its first frame.
  func prepare(_ tree: FlatTree, buffer: inout PlanBuffer, staticExtents: [Bool]) {
    let count = tree.count
    if staticExtents.count == count && buffer.sortedSlots.count != count {
      (buffer.sortedSlots, buffer.sorted) = SortedSublayers.build(tree, staticExtents: staticExtents)
    }
  }

  /// The full decide pass. `staticExtents[i]` says whether layer i's extent is still as the scene
  /// writes it (nothing below it moves); empty: no subtree is skipped for being off screen.
  ///
  /// The walk's steps, in order: the storage taken out of `buffer` and the last frame's visits
  /// forgotten (`forgetVisits`); top-down, then bottom-up over the visits (`visitTopDown`,
  /// `countDrawingLayers`), their buffers opened once; the cache lookups and the rules, which only
  /// read the plan (`evaluate`); what they found written into the records (`writePasses`,
  /// `markRasterHits`, `writeDepthsAndTargets`), their buffers opened once; the storage given back.
  func plan(
    _ tree: FlatTree, state: FrameState, cache: inout RasterCache?, buffer: inout PlanBuffer, staticExtents: [Bool]
  ) -> FramePlan {
    let count = tree.count
    let parents = tree.parents
    // Take the storage out of the buffer, so that it is uniquely referenced while it is written;
    // by swapping, which moves it (a copy and an assignment would retain and release each array).
    var plans = NodePlans()
    var visited: [Int] = []
    var propsCache = PropsCache()
    swap(&plans, &buffer.plans)
    swap(&visited, &buffer.visited)
    swap(&propsCache, &buffer.props)
    Self.forgetVisits(visited, in: &plans.slots, layers: count)
    let screenRect = screen.bounds
    let canSkip = staticExtents.count == count
    if canSkip && buffer.sortedSlots.count != count {
      (buffer.sortedSlots, buffer.sorted) = SortedSublayers.build(tree, staticExtents: staticExtents)
    }
    let sortedSlots = canSkip ? buffer.sortedSlots : []
    let sorted = buffer.sorted
    // Layers some of whose sublayers the timeline changes this frame: their index may not hold.
    var changedParents: [Int] = []
    for changed in state.props.keys where !changedParents.contains(parents[changed]) { changedParents.append(parents[changed]) }
    // Where the decide pass jumps over sublayers the clip cannot show: on reaching `from`, go on
    // at `to`. Nested, so a stack.
    var jumps: [(from: Int, to: Int)] = []
    swap(&jumps, &buffer.jumps)
    defer { swap(&jumps, &buffer.jumps) }

    // 1 and 2. Top-down: geometry, clips, culling; skip what cannot show. Then bottom-up over the
    // visits: drawing layers per subtree and their extent. The records, render properties and
    // visits are written in place into room made ahead (the storage keeps the room of earlier
    // frames; what lies past this frame's visits is room, never read). A frame that visits more
    // layers than there is room for runs the top-down pass again with twice the room: the pass has
    // no effect but its writes and the render properties it keeps, the same the second time.
    // A frame visits each layer once at most: the room is never more than the tree's layers, and
    // made to measure.
    let mostRoom = max(tree.count, 64)
    var room = min(max(plans.records.count, 64), mostRoom)
    var visitedCount = -1
    while visitedCount < 0 {
      plans.records.grow(to: room, with: PlanRecord())
      plans.props.grow(to: room, with: .none)
      visited.grow(to: room, with: 0)
      jumps.removeAll(keepingCapacity: true)
      visitedCount = plans.records.withUnsafeMutableBufferPointer { records in
        plans.props.withUnsafeMutableBufferPointer { props in
          visited.withUnsafeMutableBufferPointer { visits in
            plans.slots.withUnsafeMutableBufferPointer { slots in
              tree.withColumns { columns in
                staticExtents.withUnsafeBufferPointer { staticExtents in
                  sortedSlots.withUnsafeBufferPointer { sortedSlots in
                    let visitCount = Self.visitTopDown(
                      tree, columns: columns, state: state, screen: screenRect, canSkip: canSkip, staticExtents: staticExtents,
                      sortedSlots: sortedSlots, sorted: sorted, changedParents: changedParents, propsCache: &propsCache,
                      jumps: &jumps, records: records, props: props, visits: visits, slots: slots)
                    if visitCount >= 0 {
                      Self.countDrawingLayers(
                        records: records, slots: UnsafeBufferPointer(slots), visited: UnsafeBufferPointer(rebasing: visits[0..<visitCount]),
                        columns: columns)
                    }
                    return visitCount
                  }
                }
              }
            }
          }
        }
      }
      if visitedCount < 0 {
        for index in visited[..<room] { plans.slots[index] = -1 }
        // (Past the tree's layers only if a frame could visit a layer twice, which it cannot.)
        room = room >= mostRoom ? room * 2 : min(room * 2, mostRoom)
      }
    }
    // The visits are the list's first `visitedCount` entries; the records and properties past them
    // are room for the next frame.
    visited.removeLast(visited.count - visitedCount)
    swap(&propsCache, &buffer.props)

    // 3. Top-down, reading only: cache lookups and rules. The pass list keeps its room from frame
    // to frame.
    var passes: [OffscreenPass] = []
    swap(&passes, &plans.passes)
    passes.removeAll(keepingCapacity: true)
    var hits: [Int] = []
    swap(&hits, &buffer.hits)
    hits.removeAll(keepingCapacity: true)
    defer { swap(&hits, &buffer.hits) }
    evaluate(tree, plans, state: state, visited: visited, cache: &cache, hits: &hits, facts: &buffer.facts, into: &passes)

    // 4. Write the passes and cache hits, then the nesting depth and render target of every
    // visited layer.
    plans.records.withUnsafeMutableBufferPointer { records in
      plans.slots.withUnsafeBufferPointer { slots in
        visited.withUnsafeBufferPointer { visited in
          passes.withUnsafeBufferPointer { passes in
            tree.withColumns { columns in
              Self.writePasses(passes, records: records, slots: slots)
              Self.markRasterHits(hits, records: records, slots: slots, visited: visited, columns: columns)
              Self.writeDepthsAndTargets(records: records, slots: slots, visited: visited, columns: columns)
            }
          }
        }
      }
    }
    swap(&passes, &plans.passes)
    buffer.plans = plans
    buffer.visited = visited
    return FramePlan(nodes: plans, visited: visited)
  }

  /// Forgets the last frame's visits: their slots back to -1 (all of them when the tree is new).
  private static func forgetVisits(_ visited: [Int], in slots: inout [Int32], layers count: Int) {
    if slots.count != count {
      slots = [Int32](repeating: -1, count: count)
    } else {
      slots.withUnsafeMutableBufferPointer { slots in
        visited.withUnsafeBufferPointer { visited in
          // Each visit is a layer of the tree: within the slots, which are one per layer.
          for index in visited { slots[index] = -1 }
        }
      }
    }
  }

  /// Step 2, bottom-up over the visited layers: how many visible drawing layers each subtree
  /// holds, and their union on screen. (A visited layer's superlayer was visited before it: its
  /// slot is a record.)
  @inline(__always)
  private static func countDrawingLayers(
    records: UnsafeMutableBufferPointer<PlanRecord>, slots: UnsafeBufferPointer<Int32>, visited: UnsafeBufferPointer<Int>,
    columns: FlatTree.Columns
  ) {
    for position in stride(from: visited.count - 1, through: 0, by: -1) {
      let index = visited[position]
      if columns.inMask[index] || records[position].culled { continue }
      if records[position].draws {
        records[position].drawingLayersInSubtree += 1
        records[position].contentRect = records[position].contentRect.union(records[position].visibleRect)
      }
      let parent = Int(columns.parents[index])
      if parent >= 0 && Int(columns.masks[parent]) != index {
        let slot = Int(slots[parent])
        records[slot].drawingLayersInSubtree += records[position].drawingLayersInSubtree
        records[slot].contentRect = records[slot].contentRect.union(records[position].contentRect)
      }
    }
  }

  /// Step 4: each layer's passes, a range of the frame's pass list (which is in tree order, layer by
  /// layer), and whether one renders the raster cache's bitmap again.
  @inline(__always)
  private static func writePasses(
    _ passes: UnsafeBufferPointer<OffscreenPass>, records: UnsafeMutableBufferPointer<PlanRecord>, slots: UnsafeBufferPointer<Int32>
  ) {
    var position = 0
    while position < passes.count {
      let layer = passes[position].layer
      let slot = Int(slots[layer])
      records[slot].firstPass = Int32(position)
      while position < passes.count && passes[position].layer == layer {
        if passes[position].work.target == .rasterBitmap { records[slot].rasterMiss = true }
        position += 1
      }
      records[slot].passCount = Int32(position) - records[slot].firstPass
    }
  }

  /// Step 4: each rasterized layer whose cached bitmap is drawn, and every visited layer of its
  /// subtree, which the bitmap draws.
  @inline(__always)
  private static func markRasterHits(
    _ hits: [Int], records: UnsafeMutableBufferPointer<PlanRecord>, slots: UnsafeBufferPointer<Int32>,
    visited: UnsafeBufferPointer<Int>, columns: FlatTree.Columns
  ) {
    for index in hits {
      let slot = Int(slots[index])
      records[slot].rasterHit = true
      var inner = slot + 1
      let end = Int(columns.subtreeEnds[index])
      while inner < visited.count && visited[inner] < end {
        records[inner].insideRasterHit = true
        inner += 1
      }
    }
  }

  /// Step 4, top-down over the visits: how many offscreen passes enclose each layer's, and the
  /// layer whose render target it draws into.
  @inline(__always)
  private static func writeDepthsAndTargets(
    records: UnsafeMutableBufferPointer<PlanRecord>, slots: UnsafeBufferPointer<Int32>, visited: UnsafeBufferPointer<Int>,
    columns: FlatTree.Columns
  ) {
    for position in visited.indices {
      let index = visited[position]
      let parent = Int(columns.parents[index])
      if records[position].hasPasses { records[position].target = Int32(index) }
      guard parent >= 0, !records[position].culled else { continue }
      // The parent's fields one by one: its whole record is not copied.
      let parentSlot = Int(slots[parent])
      let parentHasPasses = records[parentSlot].hasPasses
      records[position].offscreenDepth = records[parentSlot].offscreenDepth + (parentHasPasses ? 1 : 0)
      if !records[position].hasPasses { records[position].target = records[parentSlot].target }
    }
  }

  /// Step 1 of ``plan(_:state:cache:buffer:staticExtents:)``: top-down from the root, each
  /// layer's geometry, clips and culling, written in place at its visit's position in `records`,
  /// `props` and `visits`, and its position in `slots`; subtrees that cannot show are skipped.
  /// Returns the number of layers visited, or -1 when there was no room for them all (the
  /// positions written are then those of the first `visits.count` visits).
  private static func visitTopDown(
    _ tree: FlatTree, columns: FlatTree.Columns, state: FrameState, screen screenRect: Rect, canSkip: Bool,
    staticExtents: UnsafeBufferPointer<Bool>, sortedSlots: UnsafeBufferPointer<Int32>, sorted: [SortedSublayers],
    changedParents: [Int], propsCache: inout PropsCache, jumps: inout [(from: Int, to: Int)],
    records: UnsafeMutableBufferPointer<PlanRecord>, props: UnsafeMutableBufferPointer<LayerProps>,
    visits: UnsafeMutableBufferPointer<Int>, slots: UnsafeMutableBufferPointer<Int32>
  ) -> Int {
    let count = tree.count
    // The tree's columns and the per-layer flags, read for each visit without a bounds check:
    // each column has an entry for every layer, and every index read is a layer's. The flags are
    // read only where they have one: `staticExtents` behind `canSkip` (its length is the tree's),
    // `sortedSlots` when not empty (it is empty or the tree's length).
    let parents = columns.parents
    let subtreeEnds = columns.subtreeEnds
    let masks = columns.masks
    let inMask = columns.inMask
    let extents = columns.extents
    // Every buffer is grown to the pass's room together; the shortest bounds the visits.
    let room = min(records.count, props.count, visits.count)
    // ``FrameState/boundsOrigin(_:)`` with the frame's fields read once: asked for every visit's
    // superlayer, a scroll view only now and then.
    let anyOrigins = !state.boundsOrigins.isEmpty
    let scrollViews = state.scrollViews
    // A frame scrolls a few views: their origins are found by walking the few entries, not by
    // hashing.
    let fewOrigins = state.boundsOrigins.count <= 4
    @inline(__always) func boundsOrigin(_ index: Int) -> Point? {
      guard anyOrigins, scrollViews.isEmpty || scrollViews[index] else { return nil }
      guard fewOrigins else { return state.boundsOrigins[index] }
      for (layer, origin) in state.boundsOrigins where layer == index { return origin }
      return nil
    }
    var visitCount = 0
    var index = 0
    while true {
      while let jump = jumps.last, index == jump.from {
        index = jump.to
        jumps.removeLast()
      }
      if index >= count { break }
      guard visitCount < room else { return -1 }
      let position = visitCount
      visitCount += 1
      visits[position] = index
      slots[index] = Int32(position)
      if let changed = state.changedProps(index) {
        props[position] = changed
      } else {
        props[position] = propsCache.props[Int(propsCache.slot(index, in: tree))]
      }
      let parentIndex = Int(parents[index])
      var clip: Rect
      var parentAffine = Affine.identity
      var parentOpacity = 1.0
      var parentCulled = false
      if parentIndex >= 0 {
        // Read the parent's fields one by one: copying its whole record for each child is costly.
        let parent = Int(slots[parentIndex])
        parentAffine = records[parent].affine
        if let origin = boundsOrigin(parentIndex) {
          parentAffine = parentAffine.concatenating(.translation(-origin.x, -origin.y))
        }
        // A mask lives in its owner's coordinates and is not clipped by the owner's bounds.
        clip = inMask[index] && Int(masks[parentIndex]) == index ? records[parent].incomingClip : records[parent].childClip
        parentOpacity = records[parent].effectiveOpacity
        parentCulled = records[parent].culled
      } else {
        clip = screenRect
      }
      let frame = props[position].frame
      let local = Affine.layer(frame: frame, transform: props[position].transform, anchor: props[position].anchorPoint)
      let affine = parentAffine.concatenating(local)
      var record = PlanRecord()
      record.culled = parentCulled || props[position].isHidden || props[position].opacity <= 0 || clip.isEmpty
      // Skip the subtree whole when it is culled or, with nothing in it moving, entirely outside
      // its clip.
      if !record.culled, canSkip, staticExtents[index], !inMask[index], affine.boundingBox(of: extents[index]).intersection(clip).isEmpty {
        record.culled = true
      }
      if record.culled {
        records[position] = record
        index = Int(subtreeEnds[index])
        continue
      }
      record.affine = affine
      let bounds = Rect(0, 0, frame.width, frame.height)
      record.screenRect = affine.boundingBox(of: bounds)
      record.axisAligned = affine.isAxisAligned
      record.effectiveOpacity = parentOpacity * props[position].opacity
      if masks[index] >= 0 {
        let maskIndex = Int(masks[index])
        let maskProps = state.props(maskIndex, in: tree)
        let maskAffine = affine.concatenating(.layer(frame: maskProps.frame, transform: maskProps.transform, anchor: maskProps.anchorPoint))
        clip = clip.intersection(maskAffine.boundingBox(of: maskProps.bounds))
        if !maskDrawsAnything(tree, maskIndex, state) { clip = Rect(0, 0, 0, 0) }
      }
      record.incomingClip = clip
      // A shadow with no path is cast by what the subtree draws, rendered first: the subtree is
      // drawn wherever its shadow can reach the clip, even off screen (a card just below the
      // screen whose shadow falls on it).
      if props[position].hasShadow, !props[position].hasShadowPath, !props[position].masksToBounds, !clip.isEmpty {
        clip = clip.union(Self.shadowCasters(clip, affine: affine, props: props[position]))
      }
      record.visibleRect = record.screenRect.intersection(clip)
      record.childClip = props[position].masksToBounds ? record.visibleRect : clip
      if !inMask[index] {
        record.draws = !record.visibleRect.isEmpty && props[position].drawsSelf
        record.opaque = record.draws && record.effectiveOpacity >= 1 && props[position].coversOpaque
      }
      records[position] = record
      if !sortedSlots.isEmpty, sortedSlots[index] >= 0, !record.childClip.isEmpty, !changedParents.contains(index),
        let range = Self.sublayersToVisit(sorted[Int(sortedSlots[index])], record: record, boundsOrigin: boundsOrigin(index))
      {
        // Sublayers wholly outside the clip along the axis are culled: they are not visited and
        // read as skipped (``NodePlan/skipped``).
        let children = sorted[Int(sortedSlots[index])].children
        if range.isEmpty {
          index = Int(subtreeEnds[index])
        } else {
          let after = Int(subtreeEnds[children[range.upperBound - 1]])
          let end = Int(subtreeEnds[index])
          if after < end { jumps.append((after, end)) }
          index = children[range.lowerBound]
        }
        continue
      }
      index += 1
    }
    return visitCount
  }

  /// Where, in screen points, a layer's drawing casts a shadow into `clip`: a point drawn at p
  /// shades p + offset, spread by the blur radius, so the content within `shadowRadius` of the
  /// clip moved back by `shadowOffset` (both in the layer's coordinates, taken to the screen by
  /// its transform) casts onto it.
  static func shadowCasters(_ clip: Rect, affine: Affine, props: LayerProps) -> Rect {
    let dx = affine.a * props.shadowOffset.width + affine.c * props.shadowOffset.height
    let dy = affine.b * props.shadowOffset.width + affine.d * props.shadowOffset.height
    let scale = Swift.max(
      (affine.a * affine.a + affine.b * affine.b).squareRoot(), (affine.c * affine.c + affine.d * affine.d).squareRoot())
    let radius = props.shadowRadius * scale
    guard dx.isFinite, dy.isFinite, radius.isFinite else { return .zero }
    return clip.offsetBy(-dx, -dy).insetBy(-radius, -radius)
  }

  /// The positions of the sublayers of the layer whose record is `record` (and whose bounds origin
  /// this frame is `boundsOrigin`, when it is a scroll view) that its child clip may show, by
  /// binary search over `sorted`; nil when the layer's transform to the screen turns, flips or
  /// shears the axis (the sublayers are then tested one by one).
  private static func sublayersToVisit(
    _ sorted: SortedSublayers, record: PlanRecord, boundsOrigin: Point?
  ) -> Range<Int>? {
    var affine = record.affine
    if let origin = boundsOrigin {
      affine = affine.concatenating(.translation(-origin.x, -origin.y))
    }
    guard affine.b == 0, affine.c == 0 else { return nil }
    let clip = record.childClip
    let scale = sorted.vertical ? affine.d : affine.a
    let offset = sorted.vertical ? affine.ty : affine.tx
    guard scale > 0, scale.isFinite, offset.isFinite else { return nil }
    let low = ((sorted.vertical ? clip.minY : clip.minX) - offset) / scale
    let high = ((sorted.vertical ? clip.maxY : clip.maxX) - offset) / scale
    guard low.isFinite, high.isFinite else { return nil }
    // Rounding differs between this and each sublayer's own test: a sublayer this close to the
    // clip is tested one by one.
    let margin = 1e-3 + 1e-9 * (abs(low) + abs(high))
    return sorted.candidates(low: low, high: high, margin: margin)
  }

  /// Step 3: asks the cache for each rasterized layer drawn (on a hit its bitmap stands for its
  /// subtree, which is not evaluated, and the layer goes into `hits`), and runs the rules on every
  /// layer that could go offscreen, appending its passes to `passes` layer by layer in tree order.
  /// Reads `plans` only; its own function so that the plans are not referenced twice when step 4
  /// writes them.
  private func evaluate(
    _ tree: FlatTree, _ plans: NodePlans, state: FrameState, visited: [Int], cache: inout RasterCache?, hits: inout [Int],
    facts: inout LayerFacts, into passes: inout [OffscreenPass]
  ) {
    // The layers' own gates cover the registered rules; a rule from elsewhere runs its gate here.
    let gatedByRegistry = !gateBits.contains(nil)
    // The rules that keep a per-layer fact (``OffscreenRule/layerFact``), a bit each by position
    // (a rule past the 64th reads its fact from the layer, ``RuleContext/layerFact(_:)``).
    var factBits: UInt64 = 0
    for (ruleIndex, fact) in ruleFacts.enumerated() where fact != nil && ruleIndex < 64 { factBits |= 1 << UInt64(ruleIndex) }
    // One context for the frame, moved from layer to layer: building one per layer would retain
    // the tree's, the plans' and the state's storage each time.
    var context = RuleContext(tree: tree, plans: plans, state: state, index: 0, iosVersion: iosVersion)
    let inMask = tree.inMask
    let subtreeEnds = tree.subtreeEnds
    var position = 0
    while position < visited.count {
      let index = visited[position]
      defer { position += 1 }
      if inMask[index] { continue }
      let gates = plans.props[position].offscreenGates
      let rasterizes = plans.props[position].shouldRasterize
      if !rasterizes && gatedByRegistry && gates == 0 { continue }
      if plans.records[position].culled { continue }
      if rasterizes, plans.records[position].drawingLayersInSubtree > 0 || plans.props[position].hasShadow {
        if cache != nil {
          let bytes = RenderTarget.rasterBitmapArea(index: index, props: plans.props[position], tree: tree) * 4
          if cache!.draw(index, bytes: bytes, time: state.time) {
            // The cached bitmap is drawn instead of the subtree. Its shadow, mask and clip are
            // baked into it; its own opacity is applied as the texture is drawn: no pass at all.
            hits.append(index)
            // On after the visits of its subtree, which follow it.
            while position + 1 < visited.count && visited[position + 1] < subtreeEnds[index] { position += 1 }
            continue
          }
        }
      }
      if gatedByRegistry && gates == 0 { continue }
      context.move(to: index, position: position)
      func ask(_ ruleIndex: Int) {
        context.keptFact = nil
        if factBits & (1 << UInt64(ruleIndex & 63)) != 0, ruleIndex < 64, let declaration = ruleFacts[ruleIndex] {
          context.keptFact = facts.fact(declaration, rule: ruleIndex, layer: index, tree: tree, state: state)
        }
        guard let hit = rules[ruleIndex].evaluate(context) else { return }
        let work = ruleWork[ruleIndex]
        let area = work.target.pixelArea(index: index, props: plans.props[position], tree: tree, plans: plans, screen: screen)
        passes.append(
          OffscreenPass(
            rule: ruleIDs[ruleIndex], work: work, passes: hit.passes, pixelArea: area * Double(hit.passes),
            ruleIndex: ruleIndex, layer: index))
      }
      if rulesInRegistryOrder {
        // The set bits in order: the rules in order.
        var bits = gates
        while bits != 0 {
          let ruleIndex = bits.trailingZeroBitCount
          bits &= bits - 1
          if ruleIndex < rules.count { ask(ruleIndex) }
        }
        continue
      }
      for ruleIndex in rules.indices {
        if let bit = gateBits[ruleIndex] {
          if gates & bit == 0 { continue }
        } else if !type(of: rules[ruleIndex]).mightFire(on: state.layer(index, in: tree), props: plans.props[position]) {
          continue
        }
        ask(ruleIndex)
      }
    }
  }

  /// True when some layer in the mask's subtree would put alpha down: a mask that draws nothing
  /// hides everything it masks.
  private static func maskDrawsAnything(_ tree: FlatTree, _ maskIndex: Int, _ state: FrameState) -> Bool {
    let end = tree.subtreeEnds[maskIndex]
    for index in maskIndex..<end {
      let props = state.props(index, in: tree)
      if props.isHidden || props.opacity <= 0 { continue }
      if props.drawsSelf || props.hasShadow { return true }
    }
    return false
  }
}
