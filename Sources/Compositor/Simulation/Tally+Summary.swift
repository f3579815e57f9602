import LayerTree

extension Tally {
  /// The report over all frames: findings ranked (offscreen first, then by GPU time over the
  /// run, then by pixels), backing stores largest first, and the summary.
  func report(scene: SceneInfo, layers: Int, frameRate: Double) -> SimulationReport {
    let ordered = findings.enumerated().map { offset, finding -> (Int, Finding) in
      var mean = finding
      mean.gpuMs = finding.gpuMs / Double(max(finding.frames, 1))
      return (offset, mean)
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
      images: ImageSummary(
        scaled: images.filter { $0.rule == ScaledImageCheck.checkID }.count,
        misaligned: images.filter { $0.rule == MisalignedImageCheck.checkID }.count),
      performance: performance!,
      memory: Memory(
        backingStores: stores.reduce(0) { $0 + $1.bytes }, offscreenTargetsPeak: peakTargets, rasterCache: peakCacheBytes,
        images: peakImages),
      visibleLayerFrames: visibleLayerFrames)
    return SimulationReport(scene: scene, summary: summary, frames: frames, findings: ordered, backingStores: stores)
  }
}
