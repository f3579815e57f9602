import LayerTree

/// What a frame redraws: the screen regions whose pixels changed since the previous frame, and the
/// offscreen passes that must run again.
///
/// WWDC14 session 419: "Only dirty regions are redrawn", and a static blur is "applied once".
/// A layer is damaged when it is shown for the first time or no longer shown, when its place on
/// screen (visible rectangle) or its opacity changed, when the app replaced its contents or
/// changed its appearance, and while an animation runs on it. Its old and new places are damaged.
/// Per frame:
/// - the region is the union of the damaged places, kept as a few disjoint rectangles (overlapping
///   ones merged, then the pair that grows least, past ``maxRects``);
/// - a layer drawn straight to the screen is shaded only where it lies in the region; the frame is
///   stored for the display only there; a frame with nothing damaged costs no GPU time;
/// - an offscreen pass runs again only when a layer drawn into it is damaged (its subtree), or,
///   for a visual effect, when the region reaches its backdrop (a place damaged by a layer drawn
///   before it); a pass that does not run keeps its target and is only composited where the
///   region covers it. A raster cache miss always runs.
///
/// Scrolling moves every layer in the scroll view: their old and new places cover the scroll
/// view's visible area, so a scrolling frame redraws it whole, and every pass in it runs again.
/// A frame's first display (frame 0) and any frame whose tree changed size redraw the screen.
struct Damage {
  /// At most this many disjoint rectangles describe a frame's region.
  static let maxRects = 16

  /// Per layer, across frames: the place it was last shown (its drawing, or a pass's content and
  /// drawing), the opacity it was shown at, and the frame stamp it was last shown in.
  private var lastPlace: [Rect] = []
  private var lastOpacity: [Double] = []
  private var shownStamp: [Int32] = []
  /// Per layer: the stamp of the frame in which the timeline changed it.
  private var changedStamp: [Int32] = []
  /// Per layer taking passes: the stamp of the frame in which they run again.
  private var runStamp: [Int32] = []
  /// The layers shown in the previous frame and in this one.
  private var shownBefore: [Int] = []
  private var shownNow: [Int] = []
  /// This frame's damaged places, each with the visit position of the layer that damaged it.
  private var places: [(rect: Rect, position: Int)] = []
  /// This frame's visual effects: their layer, visit position and place.
  private var effects: [(index: Int, position: Int, rect: Rect)] = []
  private var stamp: Int32 = 0

  /// The frame redraws the whole screen.
  private(set) var full = true
  /// The frame's region: disjoint rectangles in screen points.
  private(set) var rects: [Rect] = []

  /// Points of screen the frame redraws.
  var area: Double {
    var sum = 0.0
    for rect in rects { sum += rect.area }
    return sum
  }

  /// Finds the frame's region and the passes that run again, from the plan and what the timeline
  /// changed.
  /// `redrawAll` redraws the screen whatever changed: a still screen's steady frame stands for
  /// the screen animating (docs/cost-model.md, "Frame pacing").
  mutating func update(_ plan: FramePlan, state: FrameState, tree: FlatTree, screen: Rect, redrawAll: Bool = false) {
    let count = tree.count
    full = redrawAll || state.frame == 0 || lastPlace.count != count
    if lastPlace.count != count {
      lastPlace = [Rect](repeating: Rect(0, 0, 0, 0), count: count)
      lastOpacity = [Double](repeating: 0, count: count)
      shownStamp = [Int32](repeating: 0, count: count)
      changedStamp = [Int32](repeating: 0, count: count)
      runStamp = [Int32](repeating: 0, count: count)
      shownBefore.removeAll(keepingCapacity: true)
      stamp = 0
    }
    stamp &+= 1
    if stamp == Int32.max {
      // Stamps wrap after two billion frames: start the memory again.
      stamp = 1
      shownStamp = [Int32](repeating: 0, count: count)
      changedStamp = [Int32](repeating: 0, count: count)
      runStamp = [Int32](repeating: 0, count: count)
      full = true
    }
    let now = stamp
    for index in state.contentChanged { changedStamp[index] = now }
    for index in state.appearanceChanged { changedStamp[index] = now }
    for index in state.animated { changedStamp[index] = now }
    places.removeAll(keepingCapacity: true)
    effects.removeAll(keepingCapacity: true)
    shownNow.removeAll(keepingCapacity: true)
    let inMask = tree.inMask
    let parents = tree.parents
    let nodes = plan.nodes
    walk(plan, inMask: inMask, parents: parents, nodes: nodes, now: now)
    // Layers shown before and not now leave their place damaged.
    for index in shownBefore where shownStamp[index] != now { places.append((lastPlace[index], 0)) }
    swap(&shownBefore, &shownNow)
    // A visual effect blurs what lies behind it: it runs again when a layer drawn before it
    // damaged its place.
    for effect in effects where runStamp[effect.index] != now {
      let reached = places.contains { $0.position < effect.position && !$0.rect.intersection(effect.rect).isEmpty }
      guard reached else { continue }
      runStamp.withUnsafeMutableBufferPointer { runStamp in
        Self.markRun(from: effect.index, stamp: now, runStamp: runStamp, parents: parents, nodes: nodes)
      }
      places.append((effect.rect, effect.position))
    }
    rects.removeAll(keepingCapacity: true)
    if full {
      rects.append(screen)
      return
    }
    for place in places {
      let rect = place.rect.intersection(screen)
      if !rect.isEmpty { add(rect) }
    }
  }

  /// The walk over the frame's visits: each shown layer's place, whether it is damaged, the passes
  /// that run again, the visual effects; the per-layer memory written through buffers opened once.
  private mutating func walk(_ plan: FramePlan, inMask: [Bool], parents: IndexColumn, nodes: NodePlans, now: Int32) {
    let full = self.full
    // The per-layer memory, taken out so that the walk writes it through buffers opened once.
    var lastPlace: [Rect] = []
    var lastOpacity: [Double] = []
    var shownStamp: [Int32] = []
    var runStamp: [Int32] = []
    var places: [(rect: Rect, position: Int)] = []
    var effects: [(index: Int, position: Int, rect: Rect)] = []
    var shownNow: [Int] = []
    exchangeWalkMemory(&lastPlace, &lastOpacity, &shownStamp, &runStamp, &places, &effects, &shownNow)
    changedStamp.withUnsafeBufferPointer { changedStamp in
      lastPlace.withUnsafeMutableBufferPointer { lastPlace in
        lastOpacity.withUnsafeMutableBufferPointer { lastOpacity in
          shownStamp.withUnsafeMutableBufferPointer { shownStamp in
            runStamp.withUnsafeMutableBufferPointer { runStamp in
              plan.withBuffers { visited, records, props in
                for position in 0..<visited.count {
                  let index = visited[position]
                  let record = records.baseAddress! + position
                  if inMask[index] || record.pointee.culled || record.pointee.insideRasterHit { continue }
                  var place = Rect(0, 0, 0, 0)
                  if record.pointee.rasterHit || record.pointee.hasPasses {
                    place = record.pointee.visibleRect.union(record.pointee.contentRect)
                  } else if record.pointee.draws {
                    place = record.pointee.visibleRect
                  }
                  if place.isEmpty { continue }
                  let wasShown = shownStamp[index] == now &- 1
                  let moved = lastPlace[index] != place
                  let opacity = record.pointee.effectiveOpacity
                  if full || !wasShown || moved || changedStamp[index] == now || lastOpacity[index] != opacity {
                    places.append((place, position))
                    if wasShown && moved { places.append((lastPlace[index], position)) }
                    // Every pass this layer is drawn into runs again: its own, then the enclosing ones.
                    Self.markRun(from: Int(record.pointee.target), stamp: now, runStamp: runStamp, parents: parents, nodes: nodes)
                  }
                  // A raster cache miss renders its bitmap again, whatever changed: its layers are drawn.
                  if record.pointee.rasterMiss {
                    Self.markRun(from: index, stamp: now, runStamp: runStamp, parents: parents, nodes: nodes)
                  }
                  if record.pointee.hasPasses && props[position].isVisualEffect { effects.append((index, position, place)) }
                  shownStamp[index] = now
                  lastPlace[index] = place
                  lastOpacity[index] = opacity
                  shownNow.append(index)
                }
              }
            }
          }
        }
      }
    }
    exchangeWalkMemory(&lastPlace, &lastOpacity, &shownStamp, &runStamp, &places, &effects, &shownNow)
  }

  /// Exchanges the walk's per-layer memory with the model's, field by field: once to take it out
  /// for the walk (into empty arrays), once to give it back.
  @inline(__always)
  private mutating func exchangeWalkMemory(
    _ lastPlace: inout [Rect], _ lastOpacity: inout [Double], _ shownStamp: inout [Int32], _ runStamp: inout [Int32],
    _ places: inout [(rect: Rect, position: Int)], _ effects: inout [(index: Int, position: Int, rect: Rect)],
    _ shownNow: inout [Int]
  ) {
    swap(&lastPlace, &self.lastPlace)
    swap(&lastOpacity, &self.lastOpacity)
    swap(&shownStamp, &self.shownStamp)
    swap(&runStamp, &self.runStamp)
    swap(&places, &self.places)
    swap(&effects, &self.effects)
    swap(&shownNow, &self.shownNow)
  }

  /// Marks the passes of the layer at `start` (a layer taking passes, or -1 for the screen) and of
  /// every enclosing one as running in the frame stamped `stamp`.
  @inline(__always)
  private static func markRun(
    from start: Int, stamp: Int32, runStamp: UnsafeMutableBufferPointer<Int32>, parents: IndexColumn, nodes: NodePlans
  ) {
    var target = start
    while target >= 0, runStamp[target] != stamp {
      runStamp[target] = stamp
      let parent = parents[target]
      target = parent >= 0 ? Int(nodes.record(parent)?.target ?? -1) : -1
    }
  }

  /// Adds `rect` to the region, merging it with every rectangle it overlaps, then the pair that
  /// grows least while there are more than ``maxRects``.
  private mutating func add(_ rect: Rect) {
    // Most places of a scrolling frame lie in the region already.
    for existing in rects where existing.contains(rect) { return }
    var merged = rect
    var position = 0
    while position < rects.count {
      if !rects[position].intersection(merged).isEmpty {
        merged = merged.union(rects.remove(at: position))
        position = 0
      } else {
        position += 1
      }
    }
    rects.append(merged)
    while rects.count > Self.maxRects {
      var best = (0, 1)
      var bestGrowth = Double.infinity
      for i in 0..<rects.count {
        for j in (i + 1)..<rects.count {
          let growth = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
          if growth < bestGrowth {
            bestGrowth = growth
            best = (i, j)
          }
        }
      }
      let union = rects[best.0].union(rects[best.1])
      rects.remove(at: best.1)
      rects.remove(at: best.0)
      add(union)
    }
  }

  /// This memory for a tree whose layer `i` is this one's `map[i]` (-1: removed), of `count`
  /// layers: a run that goes on from another's frame (``FrameStepper/resume(_:map:at:)``).
  func remapped(_ map: [Int32], count: Int) -> Damage {
    var result = self
    guard lastPlace.count == map.count else {
      result.lastPlace = []
      return result
    }
    result.lastPlace = [Rect](repeating: Rect(0, 0, 0, 0), count: count)
    result.lastOpacity = [Double](repeating: 0, count: count)
    result.shownStamp = [Int32](repeating: 0, count: count)
    result.changedStamp = [Int32](repeating: 0, count: count)
    result.runStamp = [Int32](repeating: 0, count: count)
    for (index, mine) in map.enumerated() where mine >= 0 {
      let to = Int(mine)
      result.lastPlace[to] = lastPlace[index]
      result.lastOpacity[to] = lastOpacity[index]
      result.shownStamp[to] = shownStamp[index]
      result.changedStamp[to] = changedStamp[index]
      result.runStamp[to] = runStamp[index]
    }
    result.shownBefore = shownBefore.compactMap { map[$0] >= 0 ? Int(map[$0]) : nil }
    return result
  }

  /// True when this memory of the layer at `index` is `other`'s of its layer `otherIndex`: the
  /// next frame damages it alike.
  func remembersAlike(_ index: Int, as other: Damage, _ otherIndex: Int) -> Bool {
    if lastPlace.isEmpty || other.lastPlace.isEmpty { return lastPlace.isEmpty == other.lastPlace.isEmpty }
    let shown = shownStamp[index] == stamp
    let otherShown = other.shownStamp[otherIndex] == other.stamp
    return shown == otherShown
      && (!shown || (lastPlace[index] == other.lastPlace[otherIndex] && lastOpacity[index] == other.lastOpacity[otherIndex]))
  }

  /// True when the passes of the layer at `index` run this frame.
  @inline(__always)
  func runs(_ index: Int) -> Bool { full || runStamp[index] == stamp }

  /// The share of `rect`'s pixels redrawn this frame in the render target of `target` (the
  /// screen for -1): the region's share of it on the screen; all of it in a pass that runs
  /// again, none in one that keeps its target.
  @inline(__always)
  func share(of rect: Rect, target: Int) -> Double {
    if full { return 1 }
    if target >= 0 { return runStamp[target] == stamp ? 1 : 0 }
    let area = rect.area
    guard area > 0 else { return 0 }
    var covered = 0.0
    for damaged in rects { covered += damaged.intersection(rect).area }
    return min(1, covered / area)
  }
}
