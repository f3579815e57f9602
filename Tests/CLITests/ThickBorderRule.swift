import Compositor
import LayerTree

/// `thick-border`: a rule that exists only in the tests, written exactly as a rule in
/// `Sources/Compositor/Rules/` is (one type with its id, words, examples, record, gate,
/// conditions and finding's words), to show that the decide pass, the cost model, the reports and the pictures pick
/// a new rule up with no other change. It is not a claim about Core Animation.
///
/// A border of 4 points or more on a layer that draws is taken to render the layer's visible
/// rectangle offscreen once, and to blur it as a visual effect does.
struct ThickBorderRule: OffscreenRule {
  static let ruleID = "thick-border"
  var id: String { Self.ruleID }
  var title: String { "Thick border (test fixture)" }
  var reason: String { "A border of 4 points or more renders the layer offscreen (a rule of the tests only)." }
  var fix: String { "Use a border thinner than 4 points." }

  /// The layer's visible rectangle, blurred as an effect is.
  let work = PassWork(target: .visibleRect, extra: .effectBlur)

  static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    layer.borderWidth >= 4
  }

  func evaluate(_ context: RuleContext) -> RuleHit? {
    guard context.layer.borderWidth >= 4, context.drawsSelf else { return nil }
    return RuleHit()
  }

  func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords {
    RuleWords(
      message: "A \(formatNumber(context.layer.borderWidth))-point border renders the layer offscreen.",
      fix: "Set \"borderWidth\" below 4.")
  }

  var examples: [RuleExample] {
    [
      RuleExample(
        "a 6-point border", passes: 1,
        layer: ##"{"id": "subject", "frame": [20, 100, 100, 50], "borderWidth": 6, "backgroundColor": "#FFFFFF"}"##),
      RuleExample(
        "a 2-point border", passes: 0,
        layer: ##"{"id": "subject", "frame": [20, 100, 100, 50], "borderWidth": 2, "backgroundColor": "#FFFFFF"}"##),
    ]
  }
}
