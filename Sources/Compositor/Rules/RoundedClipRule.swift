import LayerTree

/// `rounded-clip`: `cornerRadius` with `masksToBounds` over more than one thing to clip.
///
/// Rounding a single thing the layer draws itself (just a background, just contents) is done in
/// place: the single-layer fast path (Chromium's "fast rounded corner"; iOS 9 and later for image
/// contents). Clipping several things (contents plus a background colour), or any sublayer that
/// draws (another layer's pixels clipped by this layer's corners), renders them offscreen and
/// clips the composite. `cornerRadius` alone rounds only the
/// background and border, and `masksToBounds` without a radius is a scissor: neither goes
/// offscreen. Before iOS 9 even a lone image was clipped offscreen.
public struct RoundedClipRule: OffscreenRule {
  public static let ruleID = "rounded-clip"
  public var id: String { Self.ruleID }
  public var title: String { "Rounded corners clipping more than one thing" }
  public var reason: String {
    "cornerRadius with masksToBounds over more than one thing to clip (contents plus a background, or drawing sublayers) renders them offscreen to clip the composite."
  }
  public var fix: String {
    "Drop masksToBounds when nothing reaches past the rounded bounds (cornerRadius alone rounds the background), or precompose the rounded corners into the image off the main thread."
  }

  /// The first iOS release that clips a lone image's corners without an offscreen pass.
  static let singleImageFastPath = OSVersion(9)

  public init() {}

  public var evidence: RuleEvidence {
    RuleEvidence(
      apple: "Apple's tech talk 10857 names rounded rectangles (cornerRadius with masksToBounds) among the causes of offscreen passes; the CALayer.cornerRadius reference says the radius rounds the background and border, and the contents only with masksToBounds.",
      undocumented: "That clipping a single thing (only a background, or only contents from iOS 9) takes no pass is observed behaviour (Instruments' Color Offscreen-Rendered), not stated by Apple; Chromium's \"fast rounded corner\" does the same.")
  }

  /// The composite of what is clipped, clipped to the rounded bounds.
  public let work = PassWork(target: .content)

  public static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    props.cornerRadius > 0 && props.masksToBounds
  }

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    guard context.props.cornerRadius > 0, context.props.masksToBounds, context.drawingLayersInSubtree > 0 else { return nil }
    let sublayers = context.drawingSublayerCount
    let things = context.ownDrawingPartCount + sublayers
    guard things >= 2 || sublayers > 0 || Self.loneImageBeforeFastPath(context, things: things, sublayers: sublayers) else {
      return nil
    }
    return RuleHit()
  }

  /// One thing to clip, image contents, on an iOS release before the single-image fast path.
  private static func loneImageBeforeFastPath(_ context: RuleContext, things: Int, sublayers: Int) -> Bool {
    guard things == 1, sublayers == 0, context.iosVersion < singleImageFastPath else { return false }
    if case .image = context.layer.contents { return true }
    return false
  }

  public func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords {
    let layer = context.layer
    let own = context.ownDrawingParts
    let sublayerCount = context.drawingSublayerCount
    let things = own.count + sublayerCount
    // "backgroundColor, image contents, sublayers `a`, `b` and 3 more", built in place: a
    // finding that grows frame by frame is described again each time.
    var parts = ""
    for part in own {
      if !parts.isEmpty { parts += ", " }
      parts += part
    }
    if sublayerCount > 0 {
      if !parts.isEmpty { parts += ", " }
      parts += sublayerCount == 1 ? "sublayer " : "sublayers "
      for (position, id) in context.drawingSublayers(first: 4).enumerated() {
        if position > 0 { parts += ", " }
        parts += "`" + id + "`"
      }
      if sublayerCount > 4 { parts += " and \(sublayerCount - 4) more" }
    }
    let message: String
    if Self.loneImageBeforeFastPath(context, things: things, sublayers: sublayerCount) {
      message =
        "cornerRadius \(formatNumber(layer.cornerRadius)) with masksToBounds clips image contents offscreen: iOS \(context.iosVersion) predates the single-image fast path (iOS 9)."
    } else {
      message =
        "cornerRadius \(formatNumber(layer.cornerRadius)) with masksToBounds clips \(things == 1 ? "a sublayer's drawing" : "\(things) things") (\(parts)), so \(things == 1 ? "it is rendered offscreen and clipped there" : "they are rendered offscreen and clipped together")."
    }
    let fix: String
    if sublayerCount == 0 {
      fix =
        "Drop masksToBounds if the contents stay inside the rounded bounds (\"masksToBounds\": false), or precompose the rounded corners into the image on a background thread."
    } else {
      fix =
        "Drop masksToBounds if no sublayer reaches past the rounded bounds, or precompose the rounded corners into the image on a background thread and remove the clip."
    }
    return RuleWords(message: message, fix: fix)
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "card: rounded clip over an image sublayer and a label", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 150, 150], "cornerRadius": 10, "masksToBounds": true, "sublayers": [{"id": "image", "frame": [0, 0, 150, 150], "contents": {"type": "image", "pixelSize": [300, 300]}}, {"id": "title", "frame": [8, 120, 100, 20], "contents": {"type": "text", "characters": 12}}]}"##
      ),
      RuleExample(
        "contents plus a background colour", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 80, 30], "cornerRadius": 15, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": {"type": "text", "characters": 6}}"##
      ),
      RuleExample(
        "chip: background plus a label sublayer", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 80, 30], "cornerRadius": 15, "masksToBounds": true, "backgroundColor": "#EEEEEE", "sublayers": [{"id": "label", "frame": [10, 5, 60, 20], "contents": {"type": "text", "characters": 6}}]}"##
      ),
      RuleExample(
        "a lone image before iOS 9", passes: 1, iosVersion: "8.4",
        layer:
          ##"{"id": "subject", "frame": [10, 10, 60, 60], "cornerRadius": 30, "masksToBounds": true, "contents": {"type": "image", "pixelSize": [120, 120]}}"##
      ),
      RuleExample(
        "a lone image from iOS 9: fast path", passes: 0, iosVersion: "9.0",
        layer:
          ##"{"id": "subject", "frame": [10, 10, 60, 60], "cornerRadius": 30, "masksToBounds": true, "contents": {"type": "image", "pixelSize": [120, 120]}}"##
      ),
      RuleExample(
        "cornerRadius alone rounds background and border", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 80, 30], "cornerRadius": 15, "backgroundColor": "#EEEEEE", "sublayers": [{"id": "label", "frame": [10, 5, 60, 20], "contents": {"type": "text", "characters": 6}}]}"##
      ),
      RuleExample(
        "a rectangular clip is a scissor", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 150, 150], "masksToBounds": true, "backgroundColor": "#EEEEEE", "sublayers": [{"id": "image", "frame": [0, 0, 150, 150], "contents": {"type": "image", "pixelSize": [300, 300]}}]}"##
      ),
      RuleExample(
        "one thing to clip: just a background", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 80, 30], "cornerRadius": 15, "masksToBounds": true, "backgroundColor": "#EEEEEE"}"##),
      RuleExample(
        "a single image sublayer: another layer's pixels clipped by these corners", passes: 1,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 60, 60], "cornerRadius": 30, "masksToBounds": true, "sublayers": [{"id": "image", "frame": [0, 0, 60, 60], "contents": {"type": "image", "pixelSize": [120, 120]}}]}"##
      ),
    ]
  }
}
