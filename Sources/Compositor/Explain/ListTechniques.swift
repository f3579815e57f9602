import LayerTree

/// The list techniques `explain` offers for a scroll view that reuses cells (docs/cost-model.md,
/// "List techniques"; docs/explain-and-optimize.md): cache the row heights, cache the text layouts,
/// lay the cells out with frames, skip drawing on fast flings, draw the labels off the main thread.
/// Each applies where the scene's pool does not use it yet, and is measured as every fix is: the
/// scene simulated with it, against the scene as it is.
public struct ListTechnique: Sendable, Hashable {
  public var id: String
  public var title: String
  /// The technique in words, as an engineer who tunes a feed says it.
  public var words: String
  /// True when the user sees the same list with it; false when it shows something else for a
  /// while (blank cells, contents late), which `optimize` never applies.
  public var keepsAppearance: Bool
  /// What can go wrong, said once.
  public var risk: String

  /// Every technique, in the order they are tried.
  public static let all: [ListTechnique] = [
    ListTechnique(
      id: "cache-row-heights", title: "Cache the row heights",
      words:
        "Compute each row's height once per item (with the item's model, or in a cache keyed by the item, as FDTemplateLayoutCell does) and return it from tableView(_:heightForRowAt:): the table asks for a row's height each time it comes into view.",
      keepsAppearance: true,
      risk:
        "a cached height goes stale when the item's content or the table's width changes (rotation, Dynamic Type): invalidate it there, or rows are cut or overlap, and a row reloaded with a new height flickers"
    ),
    ListTechnique(
      id: "cache-text-layouts", title: "Cache the text layouts",
      words:
        "Make each label's text layout (a CTFrame, a YYTextLayout) once per text, on a background queue when the item arrives, keep it with the item, and draw from it: neither a display nor a height measures the text again.",
      keepsAppearance: true,
      risk: "each kept layout costs memory, and one made for another width or font is wrong: make them again on rotation and Dynamic Type"
    ),
    ListTechnique(
      id: "frames-instead-of-auto-layout", title: "Lay the cells out with frames",
      words:
        "Compute the cell's frames (with its height, ahead of the scroll) and set them in layoutSubviews instead of solving constraints each time the cell takes an item.",
      keepsAppearance: true,
      risk:
        "the frames are code kept in step with the design by hand: right-to-left layouts, Dynamic Type and rotation are the app's to handle"
    ),
    ListTechnique(
      id: "skip-drawing-on-fling", title: "Skip drawing on fast flings",
      words:
        "In scrollViewWillEndDragging(_:withVelocity:targetContentOffset:), when the stop lies more than 8 rows away, draw only the rows visible at the stop and the 3 before it; leave the cells the fling passes over blank (VVeboTableView).",
      keepsAppearance: false,
      risk: "the user sees blank cells while the list flies past them, and a fling stopped by a touch shows blank rows until they are drawn"
    ),
    ListTechnique(
      id: "draw-text-off-main-thread", title: "Draw the labels' text off the main thread",
      words:
        "Lay out and draw the cells' text on a background queue (YYLabel's displaysAsynchronously, Texture's text nodes) and set the image as the layer's contents on the main thread.",
      keepsAppearance: false,
      risk:
        "contents arrive late: a cell can show before its text is drawn, and reloading a row redraws it blank first (flicker) unless the old contents stay until the new arrive"
    ),
  ]
}

/// A list technique tried on one scroll view: what the simulation says it saves.
public struct ListTechniqueTrial: Sendable {
  public var technique: ListTechnique
  /// The scroll view's path.
  public var scrollView: String
  public var saving: Saving
  /// Main-thread milliseconds per frame, mean over the run, before and after: a technique that
  /// spares a few frames (the rows a fling passes over) shows here before it shows in the p95.
  public var mainThreadMsMean: (before: Double, after: Double)
}

extension ListTechnique {
  /// `scene` with the technique applied to the reuse pool of `scrolls[index]`, or nil when the
  /// pool uses it already (or it has nothing to act on).
  func applied(to scene: Scene, scroll index: Int, tree: FlatTree) -> Scene? {
    guard var timeline = scene.timeline, index < timeline.scrolls.count, var reuse = timeline.scrolls[index].reuse else { return nil }
    let scroll = timeline.scrolls[index]
    var result = scene
    switch id {
    case "cache-row-heights":
      guard reuse.rowHeights == .computed || reuse.rowHeights == .automatic else { return nil }
      reuse.rowHeights = .cached
    case "cache-text-layouts":
      guard reuse.textLayouts == .perDisplay, Self.labels(in: scene.root, under: scroll.target, drawnOn: nil) > 0 else { return nil }
      reuse.textLayouts = .cached
    case "frames-instead-of-auto-layout":
      guard reuse.layout == .autoLayout else { return nil }
      reuse.layout = .frames
      reuse.constraints = nil
    case "skip-drawing-on-fling":
      guard reuse.skipDrawingOnFling == nil, case .fling = scroll.motion else { return nil }
      reuse.skipDrawingOnFling = 8
      reuse.rowsDrawnBeforeStop = 3
      // Only when the fling is long enough to skip a row.
      guard let first = tree.index(ofPath: scroll.target + "/" + reuse.cell + "[0]") else { return nil }
      let frame = tree.layer(first).frame
      let bounds = tree.index(ofPath: scroll.target).map { tree.layer($0).frame } ?? frame
      let vertical = scroll.axis == .vertical
      var step = vertical ? frame.height : frame.width
      if let second = tree.index(ofPath: scroll.target + "/" + reuse.cell + "[1]") {
        step = vertical ? tree.layer(second).frame.y - frame.y : tree.layer(second).frame.x - frame.x
      }
      let skipped = SceneAnimator.skippedItems(
        scroll, reuse: reuse, origin: vertical ? frame.y : frame.x, step: step, viewport: vertical ? bounds.height : bounds.width)
      guard !skipped.isEmpty else { return nil }
    case "draw-text-off-main-thread":
      guard Self.labels(in: scene.root, under: scroll.target, drawnOn: .main) > 0 else { return nil }
      result.root = Self.drawingTextInBackground(scene.root, path: scene.root.id, under: scroll.target)
    default: return nil
    }
    timeline.scrolls[index].reuse = reuse
    result.timeline = timeline
    return result
  }

  /// Labels in the subtree at `target` (drawn on `thread`, or any).
  static func labels(in layer: Layer, path: String? = nil, under target: String, drawnOn thread: DrawingThread?) -> Int {
    let path = path ?? layer.id
    let inside = path == target || path.hasPrefix(target + "/")
    var count = 0
    if inside, case .text(let text)? = layer.contents, text.characters > 0, thread.map({ text.drawnOn == $0 }) ?? true { count += 1 }
    for sublayer in layer.sublayers where inside || target.hasPrefix(path + "/") {
      count += labels(in: sublayer, path: path + "/" + sublayer.id, under: target, drawnOn: thread)
    }
    return count
  }

  /// The tree with every label in the subtree at `target` drawn on a background thread.
  static func drawingTextInBackground(_ layer: Layer, path: String, under target: String) -> Layer {
    var layer = layer
    let inside = path == target || path.hasPrefix(target + "/")
    if inside, case .text(var text)? = layer.contents, text.drawnOn == .main {
      text.drawnOn = .background
      layer.contents = .text(text)
    }
    guard inside || target.hasPrefix(path + "/") else { return layer }
    layer.sublayers = layer.sublayers.map { drawingTextInBackground($0, path: path + "/" + $0.id, under: target) }
    return layer
  }
}

extension Explainer {
  /// Each list technique that applies to a reuse pool of `scene`, simulated with it applied, best
  /// saving first; those that save nothing are left out.
  static func listTrials(
    _ scene: Scene, before: SceneMetrics, mainThreadMsMean: Double, tree: FlatTree, on device: DeviceProfile,
    coefficients: CostCoefficients, budget: WorkBudget, jobs: Int
  ) -> [ListTechniqueTrial] {
    guard let timeline = scene.timeline else { return [] }
    var planned: [(ListTechnique, String, Scene)] = []
    for (index, scroll) in timeline.scrolls.enumerated() where scroll.reuse != nil {
      for technique in ListTechnique.all {
        if let edited = technique.applied(to: scene, scroll: index, tree: tree) { planned.append((technique, scroll.target, edited)) }
      }
    }
    guard !planned.isEmpty, budget.admit(layers: scene.root.subtreeCount, frames: before.frames, times: planned.count) else { return [] }
    let scenes = planned.map(\.2)
    let measured = Parallel.map(count: scenes.count, jobs: jobs) { index in
      let report = Simulator.run(scenes[index], on: device, coefficients: coefficients)
      return (SceneMetrics(report), report.summary.performance.mainThreadMs.mean)
    }
    let trials = zip(planned, measured).map { plan, after in
      ListTechniqueTrial(
        technique: plan.0, scrollView: plan.1, saving: Saving(before: before, after: after.0),
        mainThreadMsMean: (mainThreadMsMean, after.1))
    }.filter { $0.saving.improvesListWork || $0.mainThreadMsMean.after < $0.mainThreadMsMean.before - 1e-9 }
    return trials.enumerated().sorted { lhs, rhs in
      if lhs.element.saving.isBetter(than: rhs.element.saving) { return true }
      if rhs.element.saving.isBetter(than: lhs.element.saving) { return false }
      let l = lhs.element.mainThreadMsMean
      let r = rhs.element.mainThreadMsMean
      if abs((l.before - l.after) - (r.before - r.after)) > 1e-9 { return l.before - l.after > r.before - r.after }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }
}

extension Saving {
  /// True when the list's work fell: the frame rate rose, hitches fell, or the main thread's time.
  var improvesListWork: Bool {
    after.fps > before.fps + 1e-9 || after.hitchTimeRatio < before.hitchTimeRatio - 1e-9
      || after.mainThreadMsP95 < before.mainThreadMsP95 - 1e-9 || improves
  }
}

extension ListTechnique {
  /// The keys of the pool's `reuse` object the technique sets in a scene file (nil: removed);
  /// nil for a technique that changes layers (drawing off the main thread).
  var reuseKeys: [(key: String, value: JSONValue.Kind?)]? {
    switch id {
    case "cache-row-heights": return [("rowHeights", .string("cached"))]
    case "cache-text-layouts": return [("textLayouts", .string("cached"))]
    case "frames-instead-of-auto-layout": return [("layout", .string("frames")), ("constraints", nil)]
    case "skip-drawing-on-fling": return [("skipDrawingOnFling", .number(8)), ("rowsDrawnBeforeStop", .number(3))]
    default: return nil
    }
  }
}

extension Optimizer {
  /// The list techniques on the file's reuse pools: those that keep the picture applied one at a
  /// time, each written into the pool's `reuse` object and kept when the simulation shows the
  /// list's work falls and the GPU's does not rise; those that change what the user sees said, with
  /// why, and left.
  static func applyListTechniques(
    to current: inout (document: SceneDocument, scene: Scene, metrics: SceneMetrics), steps: inout [OptimizationStep],
    skipped: inout [OptimizationSkip], decoding options: SceneDecoder.Options, on device: DeviceProfile,
    coefficients: CostCoefficients, budget: WorkBudget
  ) {
    guard let scrolls = current.scene.timeline?.scrolls else { return }
    for (index, scroll) in scrolls.enumerated() where scroll.reuse != nil {
      for technique in ListTechnique.all where !budget.exhausted {
        guard let edited = technique.applied(to: current.scene, scroll: index, tree: FlatTree(current.scene.root)) else { continue }
        func skip(_ reason: String) {
          skipped.append(OptimizationSkip(fixID: technique.id, rule: "list", pattern: scroll.target, reason: reason))
        }
        guard technique.keepsAppearance, let keys = technique.reuseKeys else {
          skip("changes what the user sees (\(technique.risk)); `offscreen-sim explain` measures it")
          continue
        }
        var document = current.document
        guard document.setReuse(scroll: index, keys) else {
          skip("the file has no `reuse` object for this scroll")
          continue
        }
        guard let scene = try? SceneDecoder.decode(Array(document.rendered().utf8), options: options), scene.timeline == edited.timeline
        else {
          skip("the edited file does not read back as the edited scene")
          continue
        }
        guard budget.admit(layers: scene.root.subtreeCount, frames: current.metrics.frames, times: 1) else { return }
        let metrics = SceneMetrics(Simulator.run(scene, on: device, coefficients: coefficients))
        let old = current.metrics
        let eps = 1e-9
        if metrics.gpuMsP95 > old.gpuMsP95 + eps || metrics.gpuMsMean > old.gpuMsMean + eps
          || metrics.offscreenPassesMax > old.offscreenPassesMax || metrics.offscreenPassesMean > old.offscreenPassesMean + eps
        {
          skip("raises GPU time or offscreen passes")
        } else if !(metrics.mainThreadMsP95 < old.mainThreadMsP95 - eps || metrics.fps > old.fps + eps
          || metrics.hitchTimeRatio < old.hitchTimeRatio - eps)
        {
          skip("saves nothing on this scene")
        } else {
          steps.append(
            OptimizationStep(
              fixID: technique.id, title: technique.title, rule: "list", pattern: scroll.target, objects: [],
              saving: Saving(before: old, after: metrics)))
          current = (document, scene, metrics)
        }
      }
    }
  }
}
