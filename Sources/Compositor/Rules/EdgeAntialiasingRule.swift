import LayerTree

/// `edge-antialiasing`: `allowsEdgeAntialiasing` on a layer whose edges are not axis-aligned.
///
/// Antialiased edges of a rotated layer are widely reported to render offscreen (not stated by
/// Apple). The default is false, and axis-aligned edges need no antialiasing.
public struct EdgeAntialiasingRule: OffscreenRule {
  public static let ruleID = "edge-antialiasing"
  public var id: String { Self.ruleID }
  public var title: String { "Edge antialiasing on a rotated layer" }
  public var reason: String {
    "allowsEdgeAntialiasing on a layer rotated off the screen's axes renders it offscreen to antialias its edges (widely reported, not stated by Apple)."
  }
  public var fix: String {
    "Turn allowsEdgeAntialiasing off, or draw a transparent 1-pixel border into the image so its edges antialias for free."
  }

  public init() {}

  public var evidence: RuleEvidence {
    RuleEvidence(
      apple: nil,
      undocumented:
        "Widely reported that allowsEdgeAntialiasing on a layer turned off the screen's axes renders it offscreen; the allowsEdgeAntialiasing reference says nothing of the cost."
    )
  }

  /// The subtree's content, its edges antialiased as it is composited.
  public let work = PassWork(target: .content)

  public static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    props.allowsEdgeAntialiasing
  }

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    guard context.props.allowsEdgeAntialiasing, context.isRotatedOnScreen, context.drawingLayersInSubtree > 0 else { return nil }
    return RuleHit()
  }

  public func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords {
    RuleWords(
      message: "allowsEdgeAntialiasing on a layer rotated off the screen's axes: its edges are antialiased in an offscreen pass.",
      fix: "Set \"allowsEdgeAntialiasing\": false, or bake a transparent 1-pixel border into the image so its edges antialias for free.")
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "a card tilted by 5 degrees with antialiasing", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [50, 50, 200, 100], "backgroundColor": "#FFFFFF", "allowsEdgeAntialiasing": true, "transform": {"rotation": 5}}"##
      ),
      RuleExample(
        "tilted without antialiasing (the default)", passes: 0,
        layer: ##"{"id": "subject", "frame": [50, 50, 200, 100], "backgroundColor": "#FFFFFF", "transform": {"rotation": 5}}"##),
      RuleExample(
        "antialiasing on a layer turned by 90 degrees: edges stay on the axes", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [50, 50, 200, 100], "backgroundColor": "#FFFFFF", "allowsEdgeAntialiasing": true, "transform": {"rotation": 90}}"##
      ),
      RuleExample(
        "antialiasing on a scaled, unrotated layer", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [50, 50, 200, 100], "backgroundColor": "#FFFFFF", "allowsEdgeAntialiasing": true, "transform": {"scale": 1.5}}"##
      ),
    ]
  }
}
