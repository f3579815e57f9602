import Foundation
import LayerTree

/// Steps a scene's timeline frame by frame and says what each frame's tree looks like.
///
/// Animations follow Core Animation's media timing: before `beginTime` the layer has its own
/// value; during the animation the value goes from `fromValue` (or the layer's own) to `toValue`
/// along the timing function, repeating and reversing as asked; after it the layer keeps
/// `toValue` unless `removedOnCompletion`. Scroll views shift their bounds origin by the content
/// offset. With cell reuse, item `i` is shown by cell `i mod poolSize`, placed at the first
/// cell's position plus `i x step` (the repeat's step); a cell that takes a new item has its
/// contents replaced.
public struct SceneAnimator: Sendable {
  public let tree: FlatTree
  public let timeline: Timeline?
  public let frameRate: Double
  /// The screen's scale: content offsets stay on its pixel grid.
  public let scale: Double
  /// The layers each animation and each content change targets, resolved once (paths are
  /// hashed here, not in every frame).
  private let animationTargets: [[Int]]
  private let changeTargets: [[Int]]
  /// Each scroll's scroll view, or -1 when its target names no layer.
  private let scrollTargets: [Int]
  private var previous: Previous?
  /// The states of the two frames before: the next frame starts from the older one emptied
  /// (``FrameState/reset(frame:time:)``), whose collections nothing else holds by then in a run
  /// (the tally keeps the frame before at most).
  private var older = FrameState()
  private var old = FrameState()

  /// What the next frame compares itself with, of the frame before it: not the whole state, whose
  /// every collection a copy would retain.
  private struct Previous: Sendable {
    var time: Double
    var layers: [Int: Layer]
    var boundsOrigins: [Int: Point]
  }
  /// The item each pool cell shows, per scroll view with reuse.
  private var cellItems: [Int: Int] = [:]
  /// The pool cells set up so far (on screen for the first time, or reused).
  private var cellsSetUp: Set<Int> = []

  private struct ReusePool: Sendable {
    var scrollView: Int
    var axis: Scroll.Axis
    var cells: [Int]
    var origin: Point
    var step: Double
    var items: Int?
    var viewport: Double
    /// How the list lays out and sizes its cells, when it says (``CellReuse/usesListTechniques``).
    var reuse: CellReuse?
    /// The constraints a cell's Auto Layout solve follows (the scene's, or 4 per layer below the
    /// cell); nil without Auto Layout.
    var constraints: Int?
    /// Items whose cells a fast fling leaves blank (``CellReuse/skipDrawingOnFling``).
    var skipped: Range<Int> = 0..<0
  }

  private var pools: [ReusePool] = []

  /// Per layer, true at each cell of a pool laid out with Auto Layout (its set-ups solve the cell
  /// and measure its labels, at its first showing as at each reuse); empty when no pool is.
  var cellsSolvedAtSetUp: [Bool] {
    let cells = pools.filter { $0.constraints != nil }.flatMap(\.cells)
    guard !cells.isEmpty else { return [] }
    var flags = [Bool](repeating: false, count: tree.count)
    for cell in cells { flags[cell] = true }
    return flags
  }
  /// For each layer, true while its subtree's extent stays as the scene writes it: no animation
  /// moves or resizes anything in it and no scroll view in it scrolls. The decide pass may skip
  /// such a subtree whole when its extent is off the screen.
  public private(set) var staticExtents: [Bool] = []
  /// Per layer, true when some frame may change it: an animation's target, a reused cell
  /// (``FrameState/mayChange``).
  private var mayChange: [Bool] = []
  /// Per layer, true when an animation targets it (its other changes are moves).
  private var animated: [Bool] = []
  /// Per layer, true for a scroll view the timeline scrolls (``FrameState/scrollViews``).
  private var scrollViews: [Bool] = []

  public init(tree: FlatTree, timeline: Timeline?, frameRate: Double, scale: Double = 1) {
    self.tree = tree
    self.timeline = timeline
    self.frameRate = frameRate
    self.scale = scale
    // The layers the timeline names, found along their paths' ids.
    var named = Set<String>()
    for animation in timeline?.animations ?? [] { named.formUnion(animation.targets) }
    for change in timeline?.contentChanges ?? [] { named.formUnion(change.targets) }
    for scroll in timeline?.scrolls ?? [] { named.insert(scroll.target) }
    let map = tree.indices(ofPaths: named)
    animationTargets = (timeline?.animations ?? []).map { $0.targets.compactMap { map[$0] } }
    changeTargets = (timeline?.contentChanges ?? []).map { $0.targets.compactMap { map[$0] } }
    scrollTargets = (timeline?.scrolls ?? []).map { map[$0.target] ?? -1 }
    var staticExtents = [Bool](repeating: true, count: tree.count)
    func invalidate(_ start: Int) {
      var index = start
      while index >= 0, staticExtents[index] {
        staticExtents[index] = false
        index = tree.parents[index]
      }
    }
    for animation in timeline?.animations ?? [] {
      for path in animation.targets { if let index = map[path] { invalidate(index) } }
    }
    for scroll in timeline?.scrolls ?? [] {
      if let index = map[scroll.target] { invalidate(index) }
    }
    self.staticExtents = staticExtents
    for scroll in timeline?.scrolls ?? [] {
      guard let reuse = scroll.reuse, let scrollView = map[scroll.target] else { continue }
      // The pool: the scroll view's sublayers made by the cell's `repeat` (`cell[0]`, `cell[1]`...).
      let prefix = reuse.cell + "["
      var cells: [Int] = []
      var child = tree.masks[scrollView] >= 0 ? tree.subtreeEnds[tree.masks[scrollView]] : scrollView + 1
      while child < tree.subtreeEnds[scrollView] {
        if tree.layer(child).id.hasPrefix(prefix) { cells.append(child) }
        child = tree.subtreeEnds[child]
      }
      guard let first = cells.first else { continue }
      let firstFrame = tree.layer(first).frame
      let step: Double
      if cells.count > 1 {
        let second = tree.layer(cells[1]).frame
        step = scroll.axis == .vertical ? second.y - firstFrame.y : second.x - firstFrame.x
      } else {
        step = scroll.axis == .vertical ? firstFrame.height : firstFrame.width
      }
      let bounds = tree.layer(scrollView).frame
      var pool = ReusePool(
        scrollView: scrollView, axis: scroll.axis, cells: cells, origin: Point(firstFrame.x, firstFrame.y), step: step,
        items: reuse.items, viewport: scroll.axis == .vertical ? bounds.height : bounds.width)
      if reuse.usesListTechniques {
        pool.reuse = reuse
        if reuse.layout == .autoLayout { pool.constraints = reuse.constraints ?? 4 * (tree.subtreeEnds[first] - first - 1) }
        pool.skipped = Self.skippedItems(
          scroll, reuse: reuse, origin: scroll.axis == .vertical ? firstFrame.y : firstFrame.x, step: step, viewport: pool.viewport)
      }
      pools.append(pool)
    }
    var animated = [Bool](repeating: false, count: tree.count)
    for targets in animationTargets { for index in targets { animated[index] = true } }
    var mayChange = animated
    for pool in pools { for cell in pool.cells { mayChange[cell] = true } }
    self.mayChange = mayChange
    self.animated = animated
    var scrollViews = [Bool](repeating: false, count: tree.count)
    for scroll in timeline?.scrolls ?? [] { if let index = map[scroll.target] { scrollViews[index] = true } }
    self.scrollViews = scrollViews
  }

  /// Frames in the simulation: one without a timeline.
  public var frameCount: Int {
    guard let timeline else { return 1 }
    return max(1, Int((timeline.duration * frameRate).rounded()))
  }

  /// The state of frame `frame`; frames must be asked for in order, from 0.
  public mutating func state(frame: Int) -> FrameState {
    let time = Double(frame) / frameRate
    var state = older
    older = old
    state.reset(frame: frame, time: time)
    defer { old = state }
    state.mayChange = mayChange
    state.scrollViews = scrollViews
    guard let timeline else {
      previous = Previous(time: time, layers: [:], boundsOrigins: [:])
      return state
    }
    let previousTime = previous?.time ?? -.infinity

    for (number, animation) in timeline.animations.enumerated() {
      guard let value = Self.value(of: animation, at: time) else { continue }
      for index in animationTargets[number] {
        var layer = state.layers[index] ?? tree.layer(index)
        Self.apply(animation, value, to: &layer, base: tree.layer(index))
        state.layers[index] = layer
        if time < animation.beginTime + animation.activeDuration { state.animated.insert(index) }
      }
    }

    for (number, scroll) in timeline.scrolls.enumerated() {
      let index = scrollTargets[number]
      guard index >= 0 else { continue }
      var offset = scroll.offset(at: time)
      if let length = scroll.contentLength {
        let bounds = tree.layer(index).frame
        let viewport = scroll.axis == .vertical ? bounds.height : bounds.width
        offset = min(max(offset, 0), max(0, length - viewport))
      }
      // UIScrollView keeps its content offset on the pixel grid.
      if offset.isFinite { offset = (offset * scale).rounded() / scale }
      state.boundsOrigins[index] = scroll.axis == .vertical ? Point(0, offset) : Point(offset, 0)
    }

    for pool in pools {
      let offset = state.boundsOrigins[pool.scrollView].map { pool.axis == .vertical ? $0.y : $0.x } ?? 0
      placeCells(pool, offset: offset, state: &state)
    }

    for (number, change) in timeline.contentChanges.enumerated() {
      let count = frame == 0 ? 0 : change.changes(from: previousTime, to: time)
      guard count > 0 else { continue }
      for index in changeTargets[number] {
        markContent(index, state: &state)
      }
    }

    for (index, layer) in state.layers {
      if animated[index] {
        state.props[index] = tree.props(of: layer, at: index)
      } else {
        // A reused cell only moves: what its properties imply does not depend on where it is.
        var props = tree.props(index)
        props.frame = layer.frame
        state.props[index] = props
      }
    }

    // What differs from the previous frame.
    if let previous {
      for (index, layer) in state.layers {
        let before = previous.layers[index] ?? tree.layer(index)
        classify(index, before: before, after: layer, state: &state)
      }
      for (index, before) in previous.layers where state.layers[index] == nil {
        classify(index, before: before, after: tree.layer(index), state: &state)
      }
      for (index, origin) in state.boundsOrigins where previous.boundsOrigins[index] != origin {
        state.appearanceChanged.insert(index)
        state.appChanged.insert(index)
      }
    }
    previous = Previous(time: time, layers: state.layers, boundsOrigins: state.boundsOrigins)
    return state
  }

  private func classify(_ index: Int, before: Layer, after: Layer, state: inout FrameState) {
    if before == after { return }
    var moved = before
    moved.frame.x = after.frame.x
    moved.frame.y = after.frame.y
    moved.opacity = after.opacity
    moved.transform = after.transform
    if moved == after {
      state.placementChanged.insert(index)
    } else {
      state.appearanceChanged.insert(index)
    }
  }

  /// Puts each pool cell at the item it shows; a cell that takes a new item gets new contents.
  private mutating func placeCells(_ pool: ReusePool, offset: Double, state: inout FrameState) {
    guard pool.step > 0, !pool.cells.isEmpty else { return }
    let poolSize = pool.cells.count
    let base = pool.axis == .vertical ? pool.origin.y : pool.origin.x
    // Items whose cell intersects the viewport [offset, offset + viewport).
    // Clamped before the conversion: an offset far beyond any list (or not finite) must not trap.
    let position = ((offset - base) / pool.step).rounded(.down)
    var firstItem = position.isNaN ? 0 : Int(min(max(position, 0), 1e15))
    if let items = pool.items { firstItem = min(firstItem, max(items - 1, 0)) }
    // Each cell shows the item congruent to it that lies in [firstItem, firstItem + poolSize).
    for (slot, cell) in pool.cells.enumerated() {
      var item = firstItem + ((slot - firstItem) % poolSize + poolSize) % poolSize
      if let items = pool.items, item >= items { item -= poolSize }
      if item < 0 { item = slot }
      var layer = state.layers[cell] ?? tree.layer(cell)
      let position = base + Double(item) * pool.step
      if pool.axis == .vertical { layer.frame.y = position } else { layer.frame.x = position }
      state.layers[cell] = layer
      let key = cell
      defer { cellItems[key] = item }
      // On screen for the first time, for the item it was placed at: the table makes the cell and
      // lays it out for its row, as it does a reused one (the first display's visible rows, or a
      // pool cell that waited below the screen); a slot past a short list's last row holds none. It
      // is drawn: the model's skipping on flings clears reused cells only.
      let onScreen = position < offset + pool.viewport && position + pool.step > offset
      let isRow = pool.items.map { item < $0 } ?? true
      if let reuse = pool.reuse, onScreen, isRow, !cellsSetUp.contains(cell), cellItems[key] == nil || cellItems[key] == item {
        cellsSetUp.insert(cell)
        state.cellSetUps.append(
          CellSetUp(
            cell: cell, item: item, constraints: pool.constraints, rowHeights: reuse.rowHeights,
            textLayoutsCached: reuse.textLayouts == .cached, firstShow: true))
        continue
      }
      if let shown = cellItems[key], shown != item {
        cellsSetUp.insert(cell)
        // The app configures the cell for its new item: every layer in it is set up again, and
        // the cell shows new content (a bitmap of it is stale, even when its item's content is
        // only colours). The other cells only move.
        if let reuse = pool.reuse {
          let blank = pool.skipped.contains(item)
          state.cellSetUps.append(
            CellSetUp(
              cell: cell, item: item, constraints: pool.constraints, rowHeights: reuse.rowHeights,
              textLayoutsCached: reuse.textLayouts == .cached, blank: blank))
          if blank {
            // Skipped: the cell is moved and cleared, its contents neither set up nor drawn
            // (VVeboTableView's cell clears itself and returns before drawing).
            state.appChanged.insert(cell)
            state.appearanceChanged.insert(cell)
            continue
          }
        }
        for inner in cell..<tree.subtreeEnds[cell] { state.appChanged.insert(inner) }
        state.appearanceChanged.insert(cell)
        markSubtreeContent(cell, state: &state)
      }
    }
  }

  /// The items whose cells a fling leaves blank when the list skips drawing on fast flings
  /// (VVeboTableView, from `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`): when
  /// the row at the top of the viewport at the stop lies more than `skipDrawingOnFling` rows from
  /// the one at the top when the fling starts, only the rows visible at the stop and the
  /// `rowsDrawnBeforeStop` rows the fling passes just before it (on the side it comes from) are
  /// drawn; the rows it passes over before them are blank. Empty when the fling is shorter, or the scroll no fling.
  static func skippedItems(_ scroll: Scroll, reuse: CellReuse, origin: Double, step: Double, viewport: Double) -> Range<Int> {
    guard let threshold = reuse.skipDrawingOnFling, step > 0, case .fling(let velocity, let rate) = scroll.motion, velocity != 0
    else { return 0..<0 }
    // The fling's stop: v / (1000 ln(1/r)) points past its start (docs/scene-format.md, Scrolls).
    var stop = rate < 1 ? scroll.startOffset + velocity / (1000 * log(1 / rate)) : (velocity > 0 ? Double.infinity : -Double.infinity)
    var start = scroll.startOffset
    if let length = scroll.contentLength {
      stop = min(max(stop, 0), max(0, length - viewport))
      start = min(max(start, 0), max(0, length - viewport))
    }
    guard stop.isFinite else { return 0..<0 }
    func row(_ offset: Double) -> Int { Int(max(0, ((offset - origin) / step).rounded(.down))) }
    let startRow = row(start)
    let stopFirst = row(stop)
    let stopLast = row(stop + viewport - 0.000001)
    guard abs(stopFirst - startRow) > threshold else { return 0..<0 }
    let before = reuse.rowsDrawnBeforeStop
    if velocity > 0 {
      // Rows entering at the bottom, from the one after the start's last visible row to the last
      // before the rows drawn ahead of the stop.
      let firstEntering = row(start + viewport - 0.000001) + 1
      return firstEntering..<max(firstEntering, stopFirst - before)
    } else {
      // Rows entering at the top, from the one before the start's first visible row down to the
      // first after the rows drawn below the stop.
      let drawnTo = stopLast + before + 1
      return drawnTo..<max(drawnTo, startRow)
    }
  }

  private func markSubtreeContent(_ index: Int, state: inout FrameState) {
    for inner in index..<tree.subtreeEnds[index] where tree.layer(inner).contents != nil {
      markContent(inner, state: &state)
    }
  }

  private func markContent(_ index: Int, state: inout FrameState) {
    state.contentChanged.insert(index)
    state.appChanged.insert(index)
    state.appearanceChanged.insert(index)
  }

  // MARK: Animation values

  /// The animation's value at `time`, or nil when it does not apply (before it begins, or
  /// removed after it ends).
  static func value(of animation: LayerAnimation, at time: Double) -> AnimationProgress? {
    let local = time - animation.beginTime
    guard local >= 0 else { return nil }
    let cycle = animation.duration * (animation.autoreverses ? 2 : 1)
    let active = animation.activeDuration
    if local >= active {
      if animation.removedOnCompletion { return nil }
      // Held at the end of the last cycle: toValue, or fromValue after an autoreversed cycle
      // that completed.
      let cycles = max(animation.repeatCount, 1)
      if animation.autoreverses && cycles == cycles.rounded() { return AnimationProgress(fraction: 0) }
      let fractional = cycles - cycles.rounded(.down)
      let end = fractional > 0 ? fractional : 1
      return AnimationProgress(fraction: animation.timingFunction.progress(end))
    }
    let within = local.truncatingRemainder(dividingBy: cycle)
    var linear = within / animation.duration
    if linear > 1 { linear = 2 - linear }
    return AnimationProgress(fraction: animation.timingFunction.progress(linear))
  }

  struct AnimationProgress {
    var fraction: Double
  }

  /// Sets the animated property of `layer` to its value at `progress`; `base` is the layer as
  /// the scene writes it (the value used when the animation has no `fromValue`).
  static func apply(_ animation: LayerAnimation, _ progress: AnimationProgress, to layer: inout Layer, base: Layer) {
    let f = progress.fraction
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
    let from = animation.fromValue
    let to = animation.toValue
    // `position` is where the anchor point sits in the superlayer, and a size change keeps it
    // there (Core Animation's `position` and `bounds`); the anchor is the centre by default.
    let anchor = base.anchorPoint
    let position = Point(base.frame.x + anchor.x * base.frame.width, base.frame.y + anchor.y * base.frame.height)
    switch animation.keyPath {
    case .positionX:
      let x = mix(from.flatMap(number) ?? position.x, number(to) ?? position.x)
      layer.frame.x = x - anchor.x * layer.frame.width
    case .positionY:
      let y = mix(from.flatMap(number) ?? position.y, number(to) ?? position.y)
      layer.frame.y = y - anchor.y * layer.frame.height
    case .position:
      let a = from.flatMap(pair) ?? (position.x, position.y)
      let b = pair(to) ?? a
      layer.frame.x = mix(a.0, b.0) - anchor.x * layer.frame.width
      layer.frame.y = mix(a.1, b.1) - anchor.y * layer.frame.height
    case .boundsWidth:
      let width = max(0, mix(from.flatMap(number) ?? base.frame.width, number(to) ?? base.frame.width))
      let pinned = layer.frame.x + anchor.x * layer.frame.width
      layer.frame.width = width
      layer.frame.x = pinned - anchor.x * width
    case .boundsHeight:
      let height = max(0, mix(from.flatMap(number) ?? base.frame.height, number(to) ?? base.frame.height))
      let pinned = layer.frame.y + anchor.y * layer.frame.height
      layer.frame.height = height
      layer.frame.y = pinned - anchor.y * height
    case .boundsSize:
      let a = from.flatMap(pair) ?? (base.frame.width, base.frame.height)
      let b = pair(to) ?? a
      let pinnedX = layer.frame.x + anchor.x * layer.frame.width
      let pinnedY = layer.frame.y + anchor.y * layer.frame.height
      layer.frame.width = max(0, mix(a.0, b.0))
      layer.frame.height = max(0, mix(a.1, b.1))
      layer.frame.x = pinnedX - anchor.x * layer.frame.width
      layer.frame.y = pinnedY - anchor.y * layer.frame.height
    case .opacity:
      layer.opacity = min(1, max(0, mix(from.flatMap(number) ?? base.opacity, number(to) ?? base.opacity)))
    case .cornerRadius:
      layer.cornerRadius = max(0, mix(from.flatMap(number) ?? base.cornerRadius, number(to) ?? base.cornerRadius))
    case .shadowOpacity:
      layer.shadowOpacity = min(1, max(0, mix(from.flatMap(number) ?? base.shadowOpacity, number(to) ?? base.shadowOpacity)))
    case .shadowRadius:
      layer.shadowRadius = max(0, mix(from.flatMap(number) ?? base.shadowRadius, number(to) ?? base.shadowRadius))
    case .transformScale:
      let scale = mix(from.flatMap(number) ?? base.transform.scaleX, number(to) ?? base.transform.scaleX)
      layer.transform.scaleX = scale
      layer.transform.scaleY = scale
    case .transformRotation:
      let start = base.transform.rotationDegrees
      layer.transform.rotationDegrees = mix(from.flatMap(number) ?? start, number(to) ?? start)
    case .backgroundColor:
      var a = base.backgroundColor ?? .clear
      if case .color(let color)? = from { a = color }
      var b = a
      if case .color(let color) = to { b = color }
      layer.backgroundColor = Color(
        red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue), alpha: mix(a.alpha, b.alpha))
    }
  }

  static func number(_ value: AnimationValue) -> Double? {
    if case .number(let number) = value { return number }
    return nil
  }

  static func pair(_ value: AnimationValue) -> (Double, Double)? {
    if case .pair(let a, let b) = value { return (a, b) }
    return nil
  }
}
