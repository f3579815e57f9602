import Compositor
import Foundation
import LayerTree

/// `wide-corner`: a rule that exists only in the tests, written exactly as a rule in
/// `Sources/Compositor/Rules/` is, that keeps a per-layer fact of its own
/// (``OffscreenRule/layerFact``): the layer's corner radius in whole points. It shows that a rule
/// needing such a fact is one file, with nothing added to ``LayerProps``, the decide pass or the
/// cost model. It is not a claim about Core Animation.
///
/// A corner radius of 20 points or more on a layer that draws is taken to render the layer's
/// visible rectangle offscreen once.
struct WideCornerRule: OffscreenRule {
  static let ruleID = "wide-corner"
  var id: String { Self.ruleID }
  var title: String { "Wide corner (test fixture)" }
  var reason: String { "A corner radius of 20 points or more renders the layer offscreen (a rule of the tests only)." }
  var fix: String { "Use a corner radius below 20 points." }

  let work = PassWork(target: .visibleRect)

  /// `cornerRadius` is animatable: the gate cannot rule a layer out by it.
  static func mightFire(on layer: Layer, props: LayerProps) -> Bool { true }

  /// The corner radius in whole points, rounded down; each derivation counted by layer id
  /// (``derivations``), so that a test sees how often the decide pass derives it.
  static let layerFact: LayerFact? = LayerFact { layer in
    derivations.add(layer.id)
    return UInt16(min(max(layer.cornerRadius, 0), 65_535).rounded(.down))
  }

  /// How many times the fact was derived, by layer id.
  static let derivations = Derivations()

  func evaluate(_ context: RuleContext) -> RuleHit? {
    guard context.layerFact(Self.self) >= 20, context.drawsSelf else { return nil }
    return RuleHit()
  }

  func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords {
    RuleWords(
      message: "A \(context.layerFact(Self.self))-point corner radius renders the layer offscreen.",
      fix: "Set \"cornerRadius\" below 20.")
  }

  var examples: [RuleExample] {
    [
      RuleExample(
        "a 24-point corner radius", passes: 1,
        layer: ##"{"id": "subject", "frame": [20, 100, 100, 50], "cornerRadius": 24, "backgroundColor": "#FFFFFF"}"##),
      RuleExample(
        "an 8-point corner radius", passes: 0,
        layer: ##"{"id": "subject", "frame": [20, 100, 100, 50], "cornerRadius": 8, "backgroundColor": "#FFFFFF"}"##),
    ]
  }
}

/// Counts by key, safe to share between the tests that run at the same time.
final class Derivations: @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [String: Int] = [:]

  func add(_ key: String) {
    lock.lock()
    counts[key, default: 0] += 1
    lock.unlock()
  }

  func count(_ key: String) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return counts[key] ?? 0
  }
}
