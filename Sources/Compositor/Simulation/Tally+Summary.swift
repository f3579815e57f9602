import LayerTree

extension Tally {
  /// The report over all frames: findings ranked (offscreen first, then by GPU time over the
  /// run, then by pixels), backing stores largest first, and the summary.
  func report(scene: SceneInfo, layers: Int, frameRate: Double) -> SimulationReport {
    // Each finding with its mean GPU time a frame; ranked by sorting their positions on keys made
    // once (sorting the findings themselves moves whole values at every step).
    let means = findings.map { finding -> Finding in
      var mean = finding
      mean.gpuMs = finding.gpuMs / Double(max(finding.frames, 1))
      return mean
    }
    let offscreen = means.map { $0.category == .offscreen }
    let costs = means.map { $0.gpuMs * Double($0.frames) }
    let pixels = means.map(\.pixelArea)
    let order = means.indices.sorted { l, r in
      if offscreen[l] != offscreen[r] { return offscreen[l] }
      if costs[l] != costs[r] { return costs[l] > costs[r] }
      if pixels[l] != pixels[r] { return pixels[l] > pixels[r] }
      return l < r
    }
    let ordered = order.map { means[$0] }
    let stores = backingStores.values.sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.layer < $1.layer }
    let perFrame = frames.map(\.offscreenPasses)
    let worst = worstPassesFrame ?? (0, [], 0, 0)
    let images = ordered.filter { $0.category == .image }
    let summary = Summary(
      layers: layers,
      visibleLayers: maxVisible,
      drawingLayers: maxDrawing,
      offscreenPasses: PassSummary(
        perFrameMax: worst.passes,
        perFrameMean: perFrame.isEmpty ? 0 : Double(perFrame.reduce(0, +)) / Double(perFrame.count),
        byReason: ReasonCount.dictionary(worst.byReason),
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
      images: ImageSummary(byCheck: Dictionary(checks.map { check in (check.id, images.filter { $0.rule == check.id }.count) }) { $1 }),
      performance: performance!,
      memory: Memory(
        backingStores: stores.reduce(0) { $0 + $1.bytes }, offscreenTargetsPeak: peakTargets, rasterCache: peakCacheBytes,
        images: peakImages),
      visibleLayerFrames: visibleLayerFrames,
      ranges: FigureRanges(performance!, on: device))
    return SimulationReport(scene: scene, summary: summary, frames: frames, findings: ordered, backingStores: stores)
  }
}
