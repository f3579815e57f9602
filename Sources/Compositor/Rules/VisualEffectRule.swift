import LayerTree

/// `visual-effect`: a `UIVisualEffectView` blur or vibrancy.
///
/// A blur captures what is behind the view and downscales it, blurs horizontally, then
/// vertically, each into its own render target, and composites the result (WWDC14 session 419):
/// three offscreen passes. Vibrancy adds one, and alpha below 1 on the effect view or any of its
/// superviews adds one more (the UIVisualEffectView reference).
public struct VisualEffectRule: OffscreenRule {
  public static let ruleID = "visual-effect"
  public var id: String { Self.ruleID }
  public var title: String { "Visual effect (blur or vibrancy)" }
  public var reason: String {
    "A blur captures and downscales the content behind it, then blurs it horizontally and vertically, each pass into its own render target."
  }
  public var fix: String {
    "Keep blurred areas small and few, avoid alpha below 1 on effect views, and use a plain translucent colour where a blur is not needed."
  }

  /// Capture + downscale, horizontal blur, vertical blur (WWDC14 419).
  static let blurPasses = 3

  public init() {}

  public var evidence: RuleEvidence {
    RuleEvidence(
      apple:
        "WWDC14 session 419 walks through the passes of a blur and of vibrancy; the UIVisualEffectView reference says what alpha below 1 on the view or any superview does.",
      undocumented:
        "The blur's downscale and radius are not published (\"this downscale depends on the hardware\", WWDC14 session 419): estimates.")
  }

  /// Each pass covers the effect view's visible rectangle; the blur runs at reduced resolution.
  public let work = PassWork(target: .visibleRect, extra: .effectBlur)

  public var xcode: XcodeCount {
    XcodeCount(
      count: nil,
      source:
        "Apple has published no count for it: tech talk 10857 describes the backdrop copied offscreen, the effect applied and copied back.",
      difference:
        "The tool counts the passes WWDC14 session 419 walks through: the backdrop captured and downscaled, a horizontal and a vertical blur (3), vibrancy's filter and an effect view's alpha below 1 one more each (up to 5)."
    )
  }

  public static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    props.isVisualEffect
  }

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    guard context.props.isVisualEffect, context.drawsSelf, case .visualEffect(let effect) = context.layer.kind else { return nil }
    var passes = Self.blurPasses
    if effect.style == .vibrancy { passes += 1 }
    // The UIVisualEffectView reference: alpha below 1 "on the visual effect view or any of its
    // superviews" makes the system combine the view and its subviews first: one more pass.
    if context.effectiveOpacity < 1 { passes += 1 }
    return RuleHit(passes: passes)
  }

  public func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords {
    guard case .visualEffect(let effect) = context.layer.kind else {
      return RuleWords(message: "A visual effect takes \(hit.passes) offscreen passes.", fix: "")
    }
    var parts = ["capture and downscale", "horizontal blur", "vertical blur"]
    if effect.style == .vibrancy { parts.append("vibrancy") }
    let own = context.props.opacity
    let alpha = context.effectiveOpacity
    if alpha < 1 {
      parts.append(own < 1 ? "alpha \(formatNumber(own)) on the effect view" : "alpha \(formatNumber(alpha)) from a superview")
    }
    return RuleWords(
      message: "A \(effect.style.rawValue) effect takes \(hit.passes) offscreen passes (\(parts.joined(separator: ", "))).",
      fix:
        alpha < 1
        ? "Do not fade the effect view or its superviews (alpha below 1 adds a pass); keep the blurred area as small as it can be."
        : "Keep the blurred area as small as it can be, or use a translucent background colour where a blur is not needed.")
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "a blur bar", passes: 3,
        layer: ##"{"id": "subject", "class": "UIVisualEffectView", "frame": [0, 0, 375, 64]}"##),
      RuleExample(
        "vibrancy adds a pass", passes: 4,
        layer: ##"{"id": "subject", "class": "UIVisualEffectView", "effect": "vibrancy", "frame": [0, 0, 375, 64]}"##),
      RuleExample(
        "an effect view with alpha below 1 adds a pass", passes: 4,
        layer: ##"{"id": "subject", "class": "UIVisualEffectView", "opacity": 0.8, "frame": [0, 0, 375, 64]}"##),
      RuleExample(
        "a hidden effect view costs nothing", passes: 0,
        layer: ##"{"id": "subject", "class": "UIVisualEffectView", "isHidden": true, "frame": [0, 0, 375, 64]}"##),
      RuleExample(
        "an effect view outside the screen costs nothing", passes: 0,
        layer: ##"{"id": "subject", "class": "UIVisualEffectView", "frame": [0, 900, 375, 64]}"##),
    ]
  }
}
