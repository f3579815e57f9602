import LayerTree

/// Counts over every frame's plan and cost, frame by frame: offscreen passes by reason,
/// visible, drawing and blended layers, backing stores, image findings, the raster cache's
/// hits and misses, and one finding per rule and layer.
///
/// After the last frame, ``pace(frameRate:coefficients:steady:)`` (`Tally+Pacing.swift`)
/// lays the frames on the display and ``report(scene:layers:frameRate:)``
/// (`Tally+Summary.swift`) writes the summary.
struct Tally {
  let device: DeviceProfile
  var frames: [FrameReport] = []
  var findings: [PassKey: Finding] = [:]
  var findingOrder: [PassKey] = []
  var backingStores: [Int: BackingStore] = [:]
  var maxVisible = 0
  var visibleLayerFrames = 0
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

  /// The iOS version the scene runs on: it decides the element size of backing stores.
  let iosVersion: OSVersion

  init(device: DeviceProfile, iosVersion: OSVersion = .latest) {
    self.device = device
    self.iosVersion = iosVersion
  }

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
        // The node's fields are read in place: copying the whole node (its layer, its path) for each
        // layer in each frame is costly.
        for pass in nodePlan.pointee.offscreen {
          byReason[pass.rule, default: 0] += pass.passes
          offscreenPixels += pass.pixelArea
          record(
            Finding(
              rule: pass.rule, category: .offscreen, layer: tree.nodes[index].path, message: pass.message, fix: pass.fix,
              passes: pass.passes, pixelArea: pass.pixelArea, depth: nodePlan.pointee.offscreenDepth,
              source: tree.nodes[index].layer.source, frames: 1,
              gpuMs: cost.passGPU[PassKey(index: index, rule: pass.rule)] ?? 0), key: PassKey(index: index, rule: pass.rule))
        }
        guard onScreen, props.isTextured else { continue }
        switch tree.nodes[index].layer.contents {
        case .text, .drawing:
          if backingStores[index] == nil {
            var layer = tree.nodes[index].layer
            layer.frame = props.frame
            if let store = Simulator.backingStore(
              layer, path: tree.nodes[index].path, scale: scale, gamut: device.displayGamut, iosVersion: iosVersion)
            {
              backingStores[index] = store
            }
          }
        case .image(let image):
          guard nodePlan.pointee.draws else { break }
          let found = ImageChecks.findings(
            image, layer: tree.nodes[index].layer, path: tree.nodes[index].path, plan: nodePlan.pointee, scale: scale)
          for finding in found {
            record(finding, key: PassKey(index: index, rule: finding.rule))
          }
        case nil:
          break
        }
      }
    }
    let passes = byReason.values.reduce(0, +)
    maxVisible = max(maxVisible, visible)
    visibleLayerFrames += visible
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

  /// Counts the raster cache's work in a still screen's steady frame, which is paced but not
  /// reported as a frame of its own.
  mutating func addSteadyCache(_ counts: RasterCache.FrameCounts) {
    hits += counts.hits
    misses += counts.misses
    evictions += counts.evictions
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
}
