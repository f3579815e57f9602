import LayerTree

/// Finds the disputed points that decide a result in a scene, and what their other answers give.
///
/// A point is tried only where some layer of the scene passes its cheap check
/// (``DisputedPoint/mightDecide``); then the scene is simulated once more with that point
/// answered the other way (``OffscreenRules/all(assuming:)``), and the two runs' findings of the
/// point's rule are compared layer by layer. A point whose answer changes no finding decides
/// nothing and is not reported.
///
/// - Complexity: one walk over the scene's layers, and one more simulation per point that might
///   decide something (three points at most today); none for most scenes.
public enum Disputes {
  /// The decisions of the disputed points in `scene` on `device`, whose report under
  /// `assumptions` is `report`.
  public static func assess(
    _ scene: Scene, on device: DeviceProfile, report: SimulationReport, assuming assumptions: Assumptions = .defaults,
    coefficients: CostCoefficients = .standard
  ) -> [DisputedDecision] {
    let candidates = pointsThatMightDecide(scene)
    var decisions: [DisputedDecision] = []
    for point in candidates {
      let rules = OffscreenRules.all(assuming: assumptions.flipping(point.id))
      let other = Simulator.run(scene, on: device, rules: rules, coefficients: coefficients)
      let layers = differingLayers(rule: point.rule, report, other)
      guard !layers.isEmpty else { continue }
      let takenIsDefault = !assumptions.takesOther(point.id)
      decisions.append(
        DisputedDecision(
          point: point.id, rule: point.rule, question: point.question,
          taken: takenIsDefault ? point.assumed : point.other, takenIsDefault: takenIsDefault,
          other: takenIsDefault ? point.other : point.assumed, layers: layers,
          passes: report.summary.offscreenPasses.perFrameMax, otherPasses: other.summary.offscreenPasses.perFrameMax,
          gpuMs: report.summary.performance.gpuMs.mean, otherGpuMs: other.summary.performance.gpuMs.mean))
    }
    return decisions
  }

  /// The registered points some layer of `scene` might be decided by, in the registry's order.
  public static func pointsThatMightDecide(_ scene: Scene) -> [DisputedPoint] {
    let points = OffscreenRules.disputedPoints
    var found = [Bool](repeating: false, count: points.count)
    let animated = Set(scene.timeline?.animations.map(\.keyPath) ?? [])
    // An explicit stack: a scene may nest thousands of layers deep.
    var stack = [scene.root]
    while let layer = stack.popLast() {
      for (index, point) in points.enumerated() where !found[index] && point.mightDecide(layer, scene.iosVersion, animated) {
        found[index] = true
      }
      if !found.contains(false) { break }
      stack.append(contentsOf: layer.sublayers)
    }
    return points.enumerated().filter { found[$0.offset] }.map(\.element)
  }

  /// The layers whose passes for `rule` differ between two reports of the same scene, in the
  /// first report's order of findings, then the second's.
  static func differingLayers(rule: String, _ taken: SimulationReport, _ other: SimulationReport) -> [DisputedLayer] {
    var takenPasses: [String: Int] = [:]
    var order: [String] = []
    for finding in taken.findings where finding.rule == rule {
      takenPasses[finding.layer] = finding.passes
      order.append(finding.layer)
    }
    var otherPasses: [String: Int] = [:]
    for finding in other.findings where finding.rule == rule {
      otherPasses[finding.layer] = finding.passes
      if takenPasses[finding.layer] == nil { order.append(finding.layer) }
    }
    return order.compactMap { layer in
      let passes = takenPasses[layer] ?? 0
      let others = otherPasses[layer] ?? 0
      return passes == others ? nil : DisputedLayer(layer: layer, passes: passes, otherPasses: others)
    }
  }
}
