import Foundation
import LayerTree

/// Runs a scene on a device and reports what it costs.
///
/// Stages, each a value in and a value out:
/// 1. ``FlatTree``: the scene's layer tree as one array in drawing order, with paths;
/// 2. ``SceneAnimator``: per frame, what the timeline changed (animations, scrolling, cell
///    reuse, content changes);
/// 3. ``RasterCache``: drops the entries whose subtree changed and those unused for 100 ms;
/// 4. ``FramePlanner``: the decide pass: geometry, clipping, culling, cache hits and misses,
///    the offscreen rules and their nesting;
/// 5. this type: counts over each frame's plan (passes by reason, blending, backing stores,
///    scaled and misaligned images, findings) and the summary over all frames, into a
///    ``SimulationReport``.
///
/// ```swift
/// let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
/// print(report.summary.offscreenPasses.perFrameMax)
/// ```
public enum Simulator {
  public static func run(
    _ scene: Scene, on device: DeviceProfile, rules: [any OffscreenRule] = OffscreenRules.all,
    coefficients: CostCoefficients = .standard
  ) -> SimulationReport {
    var stepper = FrameStepper(scene, on: device, rules: rules, coefficients: coefficients)
    var tally = Tally(device: device)
    for frame in 0..<stepper.frameCount {
      let (state, plan, cost) = stepper.step(frame)
      tally.add(plan, state: state, tree: stepper.tree, cache: stepper.cache, cost: cost)
    }
    tally.pace(frameRate: stepper.frameRate, coefficients: coefficients, hasTimeline: scene.timeline != nil)
    let tree = stepper.tree
    let frameRate = stepper.frameRate
    let info = SceneInfo(
      name: scene.name, description: scene.description, deviceID: device.id, deviceName: device.name,
      scale: device.screen.scale, renderedPixels: device.renderedPixels, refreshRate: device.refreshRate,
      iosVersion: scene.iosVersion)
    return tally.report(scene: info, layers: tree.count, frameRate: frameRate)
  }

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

  /// The bitmap a layer that draws on the CPU owns: width x height x scale^2 x 4 bytes, 8 for
  /// wide colour. An empty `draw(_:)` still allocates it.
  static func backingStore(_ layer: Layer, path: String, scale: Double) -> BackingStore? {
    let drawnOn: DrawingThread
    let wide: Bool
    switch layer.contents {
    case .text(let text):
      drawnOn = text.drawnOn
      wide = text.wideColor
    case .drawing(let drawing):
      drawnOn = drawing.drawnOn
      wide = drawing.wideColor
    case .image, nil:
      return nil
    }
    let size = Size((layer.frame.width * scale).rounded(.up), (layer.frame.height * scale).rounded(.up))
    let bytes = size.width * size.height * (wide ? 8 : 4)
    guard bytes > 0 else { return nil }
    return BackingStore(layer: path, contents: layer.contents?.typeName ?? "", pixelSize: size, bytes: bytes, drawnOn: drawnOn)
  }

  static func imageFindings(_ image: ImageContents, layer: Layer, path: String, plan: NodePlan, scale: Double) -> [Finding] {
    var result: [Finding] = []
    let boundsPixels = Size((plan.screenRect.width * scale).rounded(), (plan.screenRect.height * scale).rounded())
    let drawn = layer.contentsGravity.drawnSize(of: image.pixelSize, in: boundsPixels)
    let shown = Size(drawn.width.rounded(), drawn.height.rounded())
    if plan.axisAligned && (abs(image.pixelSize.width - shown.width) >= 1 || abs(image.pixelSize.height - shown.height) >= 1) {
      let wanted = layer.contentsGravity == .resize ? boundsPixels : shown
      result.append(
        Finding(
          rule: ImageChecks.scaledID, category: .image, layer: path,
          message:
            "The image is \(formatNumber(image.pixelSize.width)) x \(formatNumber(image.pixelSize.height)) pixels but is drawn at \(formatNumber(shown.width)) x \(formatNumber(shown.height)) (contentsGravity \(layer.contentsGravity.rawValue)): the GPU resamples it every frame.",
          fix:
            "Provide the image at \(formatNumber(wanted.width)) x \(formatNumber(wanted.height)) pixels, resized off the main thread.",
          passes: 0, pixelArea: 0, depth: plan.offscreenDepth, source: layer.source, frames: 1))
    }
    let x = plan.screenRect.x * scale
    let y = plan.screenRect.y * scale
    if plan.axisAligned && (abs(x - x.rounded()) > 1e-6 || abs(y - y.rounded()) > 1e-6) {
      result.append(
        Finding(
          rule: ImageChecks.misalignedID, category: .image, layer: path,
          message:
            "The image starts at (\(formatNumber(x)), \(formatNumber(y))) pixels, off the pixel grid: it is resampled and blurred.",
          fix: "Round the layer's frame origin to whole pixels (1/\(formatNumber(scale)) pt on this screen).",
          passes: 0, pixelArea: 0, depth: plan.offscreenDepth, source: layer.source, frames: 1))
    }
    return result
  }
}

/// Ids of the image checks Instruments' "Color Misaligned Images" covers.
public enum ImageChecks {
  public static let scaledID = "scaled-image"
  public static let misalignedID = "misaligned-image"
}

/// Counts over every frame's plan, then the summary.
struct Tally {
  let device: DeviceProfile
  var frames: [FrameReport] = []
  var findings: [PassKey: Finding] = [:]
  var findingOrder: [PassKey] = []
  var backingStores: [Int: BackingStore] = [:]
  var maxVisible = 0
  var maxDrawing = 0
  var worstPassesFrame: (passes: Int, byReason: [String: Int], layers: Int, pixels: Double)? = nil
  var worstBlending: BlendingSummary? = nil
  var hits = 0
  var misses = 0
  var evictions = 0
  var peakCacheBytes = 0.0
  var peakTargets = 0.0
  var peakImages = 0.0
  var performance: Performance? = nil

  init(device: DeviceProfile) { self.device = device }

  mutating func add(_ plan: FramePlan, state: FrameState, tree: FlatTree, cache: RasterCache, cost: FrameCost) {
    let scale = device.screen.scale
    let pixelsPerPoint = scale * scale
    var byReason: [String: Int] = [:]
    var offscreenPixels = 0.0
    var offscreenLayers = 0
    var visible = 0
    var drawing = 0
    var blended = 0.0
    var drawn = 0.0
    var blendedLayers = 0
    plan.nodes.storage.withUnsafeBufferPointer { storage in
      for index in plan.visited {
        if tree.inMask[index] { continue }
        // Visited entries are current: read their fields in place instead of copying each.
        let nodePlan = storage.baseAddress! + index
        if nodePlan.pointee.culled || nodePlan.pointee.insideRasterHit { continue }
        let onScreen = !nodePlan.pointee.visibleRect.isEmpty
        if !onScreen && nodePlan.pointee.offscreen.isEmpty { continue }
        let props = state.props(index, in: tree)
        if onScreen { visible += 1 }
        if nodePlan.pointee.draws {
          drawing += 1
          let pixels = nodePlan.pointee.visibleRect.area * pixelsPerPoint
          drawn += pixels
          if !nodePlan.pointee.opaque {
            blended += pixels
            blendedLayers += 1
          }
        }
        if !nodePlan.pointee.offscreen.isEmpty { offscreenLayers += 1 }
        guard !nodePlan.pointee.offscreen.isEmpty || props.isTextured else { continue }
        let node = tree.nodes[index]
        for pass in nodePlan.pointee.offscreen {
          byReason[pass.rule, default: 0] += pass.passes
          offscreenPixels += pass.pixelArea
          record(
            Finding(
              rule: pass.rule, category: .offscreen, layer: node.path, message: pass.message, fix: pass.fix,
              passes: pass.passes, pixelArea: pass.pixelArea, depth: nodePlan.pointee.offscreenDepth, source: node.layer.source, frames: 1,
              gpuMs: cost.passGPU[PassKey(index: index, rule: pass.rule)] ?? 0), key: PassKey(index: index, rule: pass.rule))
        }
        guard onScreen, props.isTextured else { continue }
        switch node.layer.contents {
        case .text, .drawing:
          if backingStores[index] == nil {
            var layer = node.layer
            layer.frame = props.frame
            if let store = Simulator.backingStore(layer, path: node.path, scale: scale) { backingStores[index] = store }
          }
        case .image(let image):
          guard nodePlan.pointee.draws else { break }
          for finding in Simulator.imageFindings(image, layer: node.layer, path: node.path, plan: nodePlan.pointee, scale: scale) {
            record(finding, key: PassKey(index: index, rule: finding.rule))
          }
        case nil:
          break
        }
      }
    }
    let passes = byReason.values.reduce(0, +)
    maxVisible = max(maxVisible, visible)
    maxDrawing = max(maxDrawing, drawing)
    if worstPassesFrame == nil || passes > worstPassesFrame!.passes {
      worstPassesFrame = (passes, byReason, offscreenLayers, offscreenPixels)
    }
    let blending = BlendingSummary(
      blendedPixels: blended, drawnPixels: drawn, screenPixels: device.screenPixelArea,
      overdraw: device.screenPixelArea > 0 ? drawn / device.screenPixelArea : 0, blendedLayers: blendedLayers)
    if worstBlending == nil || blended > worstBlending!.blendedPixels { worstBlending = blending }
    hits += cache.counts.hits
    misses += cache.counts.misses
    evictions += cache.counts.evictions
    peakCacheBytes = max(peakCacheBytes, cache.bytesInUse)
    frames.append(
      FrameReport(
        index: state.frame, time: state.time, offscreenPasses: passes, byReason: byReason, offscreenPixels: offscreenPixels,
        rasterCache: FrameRasterCache(
          hits: cache.counts.hits, misses: cache.counts.misses, evictions: cache.counts.evictions, bytes: cache.bytesInUse),
        contentChanges: state.contentChanged.count, cost: cost,
        outcome: FramePacing.FrameOutcome(presentedAt: nil, hitchMs: 0, hitch: nil)))
    peakTargets = max(peakTargets, cost.offscreenTargetBytes)
    peakImages = max(peakImages, cost.imageBytes)
  }

  /// Paces the frames on the device's display. A scene without a timeline is one frame; its
  /// rendering is repeated for one second as if the screen were animating, with only a frame's
  /// base main-thread work, so the frame rate says what this screen sustains. Its one-time work
  /// (displaying everything for the first time) still shows in the main-thread figures.
  mutating func pace(frameRate: Double, coefficients: CostCoefficients, hasTimeline: Bool) {
    let pacing = FramePacing(refreshRate: device.refreshRate)
    var stages = frames.map {
      FramePacing.Stage(mainThreadMs: $0.cost.mainThreadMs, renderServerMs: $0.cost.renderServerMs, gpuMs: $0.cost.gpuMs)
    }
    var times = frames.map { $0.time * 1000 }
    var duration = Double(frames.count) / frameRate * 1000
    var background = frames.map(\.cost.backgroundMs)
    if !hasTimeline, let first = stages.first {
      let steadyMain = coefficients.frameBaseTime * 1000 / device.cpuSpeed
      let repeats = Int(device.refreshRate.rounded())
      let steady = FramePacing.Stage(mainThreadMs: steadyMain, renderServerMs: first.renderServerMs, gpuMs: first.gpuMs)
      stages = Array(repeating: steady, count: max(repeats, 1))
      times = (0..<stages.count).map { Double($0) * pacing.interval }
      duration = Double(stages.count) * pacing.interval
      background = Array(repeating: 0, count: stages.count)
    }
    let result = pacing.run(stages, times: times, durationMs: duration)
    for index in frames.indices where index < result.frames.count { frames[index].outcome = result.frames[index] }
    func distribution(_ values: [Double]) -> Distribution { Distribution(values) }
    let gpu = stages.map(\.gpuMs)
    let main = hasTimeline ? stages.map(\.mainThreadMs) : frames.map(\.cost.mainThreadMs)
    let server = stages.map(\.renderServerMs)
    var gpuItems: [String: Double] = [:]
    var mainItems: [String: Double] = [:]
    for frame in frames {
      for (key, value) in frame.cost.gpu { gpuItems[key, default: 0] += value / Double(frames.count) }
      for (key, value) in frame.cost.mainThread { mainItems[key, default: 0] += value / Double(frames.count) }
    }
    // The limiting stage: the main thread when commits hitch most, else the slower of the render
    // server and the GPU; none when the run is smooth (good hitch band, full frame rate).
    let targetFps = min(device.refreshRate, frameRate)
    let smooth = HitchBand(ratio: result.hitchTimeRatio) == .good && result.fps >= targetFps - 0.5
    let renderStage: Performance.Stage = Distribution(server).p95 > Distribution(gpu).p95 ? .renderServer : .gpu
    let bottleneck: Performance.Stage? = smooth ? nil : (result.commitHitches > result.renderHitches ? .mainThread : renderStage)
    let wall = max(duration, pacing.interval)
    performance = Performance(
      budgetMs: pacing.interval, refreshRate: device.refreshRate, targetFps: targetFps, fps: result.fps,
      hitchTimeRatio: result.hitchTimeRatio,
      hitchBand: HitchBand(ratio: result.hitchTimeRatio), hitches: result.hitches, commitHitches: result.commitHitches,
      renderHitches: result.renderHitches, tripleBuffered: result.tripleBuffered, gpuUtilization: result.gpuUtilization,
      cpuUtilization: result.mainThreadUtilization,
      processCpuUtilization: (stages.map(\.mainThreadMs).reduce(0, +) + background.reduce(0, +)) / wall,
      renderServerUtilization: result.renderServerUtilization,
      gpuMs: distribution(gpu), renderServerMs: distribution(server), mainThreadMs: distribution(main),
      backgroundMs: distribution(hasTimeline ? background : frames.map(\.cost.backgroundMs)), gpuBreakdown: gpuItems,
      mainThreadBreakdown: mainItems,
      bottleneck: bottleneck)
  }

  /// Keeps one finding per (rule, layer): the message of the frame where it was largest (a
  /// layer half off screen clips fewer sublayers), the most passes and pixels, the number of
  /// frames it held in.
  private mutating func record(_ finding: Finding, key: PassKey) {
    if var existing = findings[key] {
      existing.frames += 1
      existing.gpuMs += finding.gpuMs
      if finding.pixelArea > existing.pixelArea {
        existing.pixelArea = finding.pixelArea
        existing.message = finding.message
        existing.fix = finding.fix
      }
      existing.passes = max(existing.passes, finding.passes)
      existing.depth = max(existing.depth, finding.depth)
      findings[key] = existing
    } else {
      findings[key] = finding
      findingOrder.append(key)
    }
  }

  func report(scene: SceneInfo, layers: Int, frameRate: Double) -> SimulationReport {
    let ordered = findingOrder.enumerated().compactMap { offset, key in
      findings[key].map { finding -> (Int, Finding) in
        var mean = finding
        mean.gpuMs = finding.gpuMs / Double(max(finding.frames, 1))
        return (offset, mean)
      }
    }
    .sorted { lhs, rhs in
      let l = lhs.1
      let r = rhs.1
      if l.category != r.category { return l.category == .offscreen }
      let lCost = l.gpuMs * Double(l.frames)
      let rCost = r.gpuMs * Double(r.frames)
      if lCost != rCost { return lCost > rCost }
      if l.pixelArea != r.pixelArea { return l.pixelArea > r.pixelArea }
      return lhs.0 < rhs.0
    }.map(\.1)
    let stores = backingStores.values.sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.layer < $1.layer }
    let perFrame = frames.map(\.offscreenPasses)
    let worst = worstPassesFrame ?? (0, [:], 0, 0)
    let images = ordered.filter { $0.category == .image }
    let summary = Summary(
      layers: layers,
      visibleLayers: maxVisible,
      drawingLayers: maxDrawing,
      offscreenPasses: PassSummary(
        perFrameMax: worst.passes,
        perFrameMean: perFrame.isEmpty ? 0 : Double(perFrame.reduce(0, +)) / Double(perFrame.count),
        byReason: worst.byReason,
        perFrameP95: Statistics.percentile(perFrame.map(Double.init), 0.95).map { Int($0) } ?? 0,
        layers: worst.layers),
      rasterCache: RasterCacheSummary(
        hits: hits, misses: misses, evictions: evictions,
        hitRate: hits + misses > 0 ? Double(hits) / Double(hits + misses) : nil, peakBytes: peakCacheBytes),
      frames: frames.count,
      frameRate: frameRate,
      offscreenPixelsMax: worst.pixels,
      blending: worstBlending
        ?? BlendingSummary(blendedPixels: 0, drawnPixels: 0, screenPixels: device.screenPixelArea, overdraw: 0, blendedLayers: 0),
      backingStores: BackingStoreSummary(layers: stores.count, bytes: stores.reduce(0) { $0 + $1.bytes }),
      images: ImageSummary(
        scaled: images.filter { $0.rule == ImageChecks.scaledID }.count,
        misaligned: images.filter { $0.rule == ImageChecks.misalignedID }.count),
      performance: performance!,
      memory: Memory(
        backingStores: stores.reduce(0) { $0 + $1.bytes }, offscreenTargetsPeak: peakTargets, rasterCache: peakCacheBytes,
        images: peakImages))
    return SimulationReport(scene: scene, summary: summary, frames: frames, findings: ordered, backingStores: stores)
  }
}

/// Order statistics over per-frame figures.
public enum Statistics {
  /// The nearest-rank percentile (`p` in 0...1) of `values`; nil when empty.
  public static func percentile(_ values: [Double], _ p: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let rank = Int((p * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}

/// One frame of a simulation, as the decide pass left it: for pictures and for explaining a
/// frame layer by layer.
public struct FrameSnapshot: Sendable {
  public var tree: FlatTree
  public var state: FrameState
  public var plan: FramePlan
  public var cost: FrameCost
  public var device: DeviceProfile

  /// The layer at `index` as it is in this frame (animations applied).
  public func layer(_ index: Int) -> Layer { state.layer(index, in: tree) }
}

extension Simulator {
  /// Runs the scene up to `frame` (clamped to the last frame) and returns that frame's snapshot.
  /// The rasterization cache and the displayed-contents memory carry over from earlier frames,
  /// exactly as in ``run(_:on:rules:coefficients:)``.
  public static func snapshot(
    _ scene: Scene, on device: DeviceProfile, frame wanted: Int, rules: [any OffscreenRule] = OffscreenRules.all,
    coefficients: CostCoefficients = .standard
  ) -> FrameSnapshot {
    var stepper = FrameStepper(scene, on: device, rules: rules, coefficients: coefficients)
    let last = min(max(wanted, 0), stepper.frameCount - 1)
    for frame in 0..<last { _ = stepper.step(frame) }
    let (state, plan, cost) = stepper.step(last)
    return FrameSnapshot(tree: stepper.tree, state: state, plan: plan, cost: cost, device: device)
  }
}

/// Steps a scene frame by frame: the timeline's state, the cache's housekeeping, the decide
/// pass and the cost, in that order. Frames must be stepped in order from 0.
struct FrameStepper {
  let tree: FlatTree
  let frameRate: Double
  private let planner: FramePlanner
  private let rasterized: Set<Int>
  private var animator: SceneAnimator
  private(set) var cache: RasterCache
  private var costModel: CostModel
  private var buffer = FramePlanner.PlanBuffer()

  init(_ scene: Scene, on device: DeviceProfile, rules: [any OffscreenRule], coefficients: CostCoefficients) {
    let tree = FlatTree(scene.root)
    self.tree = tree
    frameRate = scene.timeline?.frameRate ?? device.refreshRate
    animator = SceneAnimator(tree: tree, timeline: scene.timeline, frameRate: frameRate, scale: device.screen.scale)
    cache = RasterCache(screenPixelArea: device.screenPixelArea, limits: device.rasterCache)
    planner = FramePlanner(screen: device.screen, iosVersion: scene.iosVersion, rules: rules)
    rasterized = Set(tree.nodes.indices.filter { tree.nodes[$0].layer.shouldRasterize })
    costModel = CostModel(device: device, coefficients: coefficients)
  }

  var frameCount: Int { animator.frameCount }

  mutating func step(_ frame: Int) -> (FrameState, FramePlan, FrameCost) {
    let state = animator.state(frame: frame)
    cache.beginFrame(time: state.time, stale: Simulator.staleEntries(state, tree: tree, rasterized: rasterized))
    var optionalCache: RasterCache? = cache
    let plan = planner.plan(tree, state: state, cache: &optionalCache, buffer: &buffer, staticExtents: animator.staticExtents)
    if let optionalCache { cache = optionalCache }
    let cost = costModel.cost(plan, state: state, tree: tree)
    return (state, plan, cost)
  }
}
