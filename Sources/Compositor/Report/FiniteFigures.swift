/// Whether every figure of a report is a finite number.
///
/// A scene whose sizes or counts are far past anything a screen holds (a label 1e200 pt wide)
/// can overflow a product such as a backing store's bytes to infinity, or a difference of two
/// infinities to NaN. Such a figure measures nothing: a report holding one would print `inf`,
/// write `null` to JSON, and compare as "the same" as any other. So a report is used only when
/// ``firstNonFiniteFigure`` is nil; the command-line tool refuses the scene otherwise.
extension SimulationReport {
  /// The first figure that is not a finite number, with its path in the report
  /// (`summary.memory.backingStores`, `frames[3].cost.mainThreadMs`); nil when all are finite.
  ///
  /// Every stored `Double` of the summary and the scene is looked at by reflection, whatever
  /// their types add later; the frames, the findings and the backing stores, many and alike, by
  /// their figures one by one (reflection over thousands of frames would cost as much as a fifth
  /// of the simulation, and over 500,000 findings several seconds). A test keeps each list of
  /// figures equal to the `Double`s reflection finds in its type.
  ///
  /// - Complexity: O(n) in the report's stored values.
  public var firstNonFiniteFigure: (path: String, value: Double)? {
    // Each part is checked by its own list of figures first; a path is made only for a part that
    // holds a figure that is not finite (made by reflection for the summary and the scene, so its
    // path is the one reflection gives).
    if !summary.figureValues.allSatisfy(\.isFinite), let found = Self.firstNonFinite(in: summary, path: "summary") {
      return found
    }
    for (index, frame) in frames.enumerated() where !frame.figuresAreFinite {
      if let found = Self.firstNonFinite(in: frame, path: "frames[\(index)]") { return found }
    }
    for (index, finding) in findings.enumerated() where !(finding.pixelArea.isFinite && finding.gpuMs.isFinite) {
      if let (name, value) = finding.figures.first(where: { !$0.value.isFinite }) { return ("findings[\(index)].\(name)", value) }
    }
    for (index, store) in backingStores.enumerated() {
      if let (name, value) = store.figures.first(where: { !$0.value.isFinite }) { return ("backingStores[\(index)].\(name)", value) }
    }
    guard !scene.figureValues.allSatisfy(\.isFinite) else { return nil }
    return Self.firstNonFinite(in: scene, path: "scene")
  }

  private static func firstNonFinite(in frame: FrameReport, path: String) -> (path: String, value: Double)? {
    let cost = frame.cost
    var figures: [(String, Double)] = [
      ("time", frame.time), ("offscreenPixels", frame.offscreenPixels), ("rasterCache.bytes", frame.rasterCache.bytes),
      ("cost.offscreenTargetBytes", cost.offscreenTargetBytes), ("cost.imageBytes", cost.imageBytes),
      ("outcome.hitchMs", frame.outcome.hitchMs), ("outcome.presentedAt", frame.outcome.presentedAt ?? 0),
    ]
    cost.table.forEachAdded { phase, item, value in
      if !value.isFinite { figures.append(("cost.\(phase).\(item)", value)) }
    }
    return figures.first { !$0.1.isFinite }.map { ("\(path).\($0.0)", $0.1) }
  }

  private static func firstNonFinite(in value: Any, path: String) -> (path: String, value: Double)? {
    if let number = value as? Double { return number.isFinite ? nil : (path, number) }
    if value is String || value is Int || value is Bool { return nil }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .dictionary?:
      for child in mirror.children {
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2 else { continue }
        if let found = firstNonFinite(in: pair[1], path: "\(path).\(pair[0])") { return found }
      }
    case .collection?, .set?:
      for (index, child) in mirror.children.enumerated() {
        if let found = firstNonFinite(in: child.value, path: "\(path)[\(index)]") { return found }
      }
    default:
      for child in mirror.children {
        let childPath = child.label.map { $0 == "some" ? path : "\(path).\($0)" } ?? path
        if let found = firstNonFinite(in: child.value, path: childPath) { return found }
      }
    }
    return nil
  }
}

extension FrameReport {
  /// True when every figure of the frame is finite (the ones ``SimulationReport/firstNonFiniteFigure``
  /// names for a frame), checked without making their names.
  var figuresAreFinite: Bool {
    guard time.isFinite, offscreenPixels.isFinite, rasterCache.bytes.isFinite, cost.offscreenTargetBytes.isFinite,
      cost.imageBytes.isFinite, outcome.hitchMs.isFinite, (outcome.presentedAt ?? 0).isFinite
    else { return false }
    var finite = true
    cost.table.forEachAdded { _, _, value in if !value.isFinite { finite = false } }
    return finite
  }
}

extension Summary {
  /// Every `Double` the summary stores, in the order reflection finds them (a test holds it so):
  /// the summary is checked from this list, and by reflection only when a figure is not finite.
  var figureValues: [Double] {
    var values = [offscreenPasses.perFrameMean]
    values.reserveCapacity(48)
    if let hitRate = rasterCache.hitRate { values.append(hitRate) }
    values += [rasterCache.peakBytes, frameRate, offscreenPixelsMax]
    values += [blending.blendedPixels, blending.drawnPixels, blending.screenPixels, blending.overdraw]
    values.append(backingStores.bytes)
    let p = performance
    values += [
      p.budgetMs, p.refreshRate, p.contentRate, p.targetFps, p.fps, p.hitchTimeRatio, p.gpuUtilization, p.cpuUtilization,
      p.processCpuUtilization, p.renderServerUtilization,
    ]
    for distribution in [p.gpuMs, p.renderServerMs, p.mainThreadMs, p.backgroundMs] {
      values += [distribution.mean, distribution.p95, distribution.max]
    }
    values += p.gpuBreakdown.values
    values += p.mainThreadBreakdown.values
    let first = p.firstFrame
    values += [first.presentedAtMs, first.lateMs, first.mainThreadMs, first.renderServerMs, first.gpuMs]
    values += [memory.backingStores, memory.offscreenTargetsPeak, memory.rasterCache, memory.images]
    if let ranges {
      values += [ranges.fps.lowerBound, ranges.fps.upperBound, ranges.gpuMs.lowerBound, ranges.gpuMs.upperBound]
      values += [ranges.mainThreadMs.lowerBound, ranges.mainThreadMs.upperBound]
      values += [ranges.error.fps, ranges.error.gpu, ranges.error.mainThread]
    }
    return values
  }
}

extension SceneInfo {
  /// Every `Double` the scene's description stores, in the order reflection finds them (a test
  /// holds it so).
  var figureValues: [Double] {
    var values = [scale, renderedPixels.width, renderedPixels.height, refreshRate]
    if let frames = source?.frames { values += [frames.lowerBound, frames.upperBound] }
    return values
  }
}

extension Finding {
  /// Every stored figure, by its path in the finding (``SimulationReport/firstNonFiniteFigure``).
  var figures: [(name: String, value: Double)] { [("pixelArea", pixelArea), ("gpuMs", gpuMs)] }
}

extension BackingStore {
  /// Every stored figure, by its path in the backing store
  /// (``SimulationReport/firstNonFiniteFigure``).
  var figures: [(name: String, value: Double)] {
    [("pixelSize.width", pixelSize.width), ("pixelSize.height", pixelSize.height), ("bytes", bytes)]
  }
}
