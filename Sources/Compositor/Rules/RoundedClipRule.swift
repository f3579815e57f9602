import LayerTree

/// `rounded-clip`: `cornerRadius` with `masksToBounds` over drawing sublayers, or over contents with a
/// background.
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
  public var title: String { "Rounded corners clipping sublayers, or contents with a background" }
  public var reason: String {
    "cornerRadius with masksToBounds over drawing sublayers (even one), or over contents plus a background, renders them offscreen to clip the composite; a layer's own background or contents alone is rounded in place (an image from iOS 9)."
  }
  public var fix: String {
    "Drop masksToBounds when nothing reaches past the rounded bounds (cornerRadius alone rounds the background), or precompose the rounded corners into the image off the main thread."
  }

  /// The first iOS release that clips a lone image's corners without an offscreen pass: iOS 9 by
  /// default, iOS 10 under the other answer to ``loneImagePoint``.
  var singleImageFastPath = OSVersion(9)
  /// True under the other answer to ``roundedLabelPoint``: a label's background colour is drawn
  /// into its text contents, so text plus a background is one thing to clip.
  var labelBackgroundInContents = false

  public init() {}

  public func assuming(_ assumptions: Assumptions) -> any OffscreenRule {
    var rule = self
    rule.singleImageFastPath = assumptions.takesOther(Self.loneImagePoint.id) ? OSVersion(10) : OSVersion(9)
    rule.labelBackgroundInContents = assumptions.takesOther(Self.roundedLabelPoint.id)
    return rule
  }

  public var disputes: [DisputedPoint] { [Self.loneImagePoint, Self.roundedLabelPoint] }

  /// Whether a lone image clipped by its corner radius goes offscreen on iOS 9. Both sides agree
  /// that it did before iOS 9 and does not from iOS 10 (the tests on either side found no pass
  /// there); they part on iOS 9.
  public static let loneImagePoint = DisputedPoint(
    id: "lone-image-ios9", rule: ruleID,
    question: "a lone image (contents only, no background, no sublayers) clipped by its corner radius on iOS 9",
    assumed: DisputeAnswer(
      "no pass: the single-image fast path holds from iOS 9",
      sources: [
        DisputeSource(
          "liuzhiyi1992, MyshareBlogs issue 2 (2016)", url: "https://github.com/liuzhiyi1992/MyshareBlogs/issues/2",
          says: "from iOS 9 a UIImageView with cornerRadius and masksToBounds no longer renders offscreen"),
        DisputeSource(
          "mo4tech.com, \"Set fillet method and specified position fillet\"",
          url: "https://dev.mo4tech.com/note-ios-set-fillet-method-and-specified-position-fillet.html",
          says:
            "after code and Instruments tests: before iOS 9.0 a rounded UIImageView renders offscreen; from iOS 9.0 a PNG image in one no longer does"
        ),
      ]),
    other: DisputeAnswer(
      "one pass: the fast path starts with iOS 10",
      sources: [
        DisputeSource(
          "r.izumita, Medium (2017)",
          url:
            "https://medium.com/@r.izumita/ios10%E4%BB%A5%E9%99%8D%E3%81%AEuiimageview%E3%81%A7%E3%81%AFcornerradius%E3%81%AB%E3%82%88%E3%82%8B%E3%82%AA%E3%83%95%E3%82%B9%E3%82%AF%E3%83%AA%E3%83%BC%E3%83%B3%E3%83%AC%E3%83%B3%E3%83%80%E3%83%AA%E3%83%B3%E3%82%B0%E3%81%AF%E8%A1%8C%E3%82%8F%E3%82%8C%E3%81%AA%E3%81%84-36feeaac81e7",
          says: "Instruments showed the rounded image view rendered offscreen on iOS 9, and not on iOS 10 or 11")
      ]),
    mightDecide: { layer, iosVersion, animated in
      guard iosVersion >= OSVersion(9), iosVersion < OSVersion(10), layer.masksToBounds,
        layer.cornerRadius > 0 || animated.contains(.cornerRadius)
      else {
        return false
      }
      if case .image = layer.contents { return true }
      return false
    })

  /// Whether a rounded label with a background colour (text contents plus a background, both
  /// clipped by cornerRadius with masksToBounds) goes offscreen.
  public static let roundedLabelPoint = DisputedPoint(
    id: "rounded-label", rule: ruleID,
    question: "a label (text contents) with a background colour, clipped by its corner radius",
    assumed: DisputeAnswer(
      "one pass: the text and the background are two things to clip",
      sources: [
        DisputeSource(
          "itworkman.com, \"IOS set rounded shadows to avoid off screen rendering\"",
          url: "https://www.itworkman.com/ios-set-rounded-shadows-to-avoid-off-screen-rendering",
          says:
            "to round a label without the pass masksToBounds costs, set layer.backgroundColor and cornerRadius rather than label.backgroundColor"
        ),
        DisputeSource(
          "suibi.cn", url: "http://www.suibi.cn/subject/qmxgqktx.html",
          says: "a label's masksToBounds triggers the pass; set layer.backgroundColor with cornerRadius instead"),
      ]),
    other: DisputeAnswer(
      "no pass: a label draws its background into its text contents, one thing to clip",
      sources: [
        DisputeSource(
          "ZCMUCZX, CSDN (2018)", url: "https://blog.csdn.net/ZCMUCZX/article/details/79466432",
          says: "a label with text, a background colour, cornerRadius and masksToBounds shows no yellow in Color Off-screen Rendered"),
        DisputeSource(
          "greatytc.com, p/8d3585bd6648", url: "https://greatytc.com/p/8d3585bd6648",
          says: "Xcode's debug colouring: masksToBounds on a UILabel renders nothing offscreen, with or without a background and text"),
      ]),
    mightDecide: { layer, _, animated in
      guard layer.masksToBounds, layer.cornerRadius > 0 || animated.contains(.cornerRadius),
        animated.contains(.backgroundColor) || (layer.backgroundColor.map { !$0.isClear } ?? false)
      else { return false }
      if case .text = layer.contents { return true }
      return false
    })

  public var evidence: RuleEvidence {
    RuleEvidence(
      apple:
        "Apple's tech talk 10857 names rounded rectangles (cornerRadius with masksToBounds) among the causes of offscreen passes; the CALayer.cornerRadius reference says the radius rounds the background and border, and the contents only with masksToBounds.",
      undocumented:
        "That clipping a single thing (only a background, or only contents from iOS 9) takes no pass is observed behaviour (Instruments' Color Offscreen-Rendered), not stated by Apple; Chromium's \"fast rounded corner\" does the same."
    )
  }

  /// The composite of what is clipped, clipped to the rounded bounds.
  public let work = PassWork(target: .content)

  public var xcode: XcodeCount {
    XcodeCount(
      count: 1,
      source:
        "Tech talk 10857's tag view: cornerRadius with masksToBounds over its sublayers (an image view and a label) takes one offscreen. Apple shows no count for a layer's own contents plus a background, so the reports give none there."
    )
  }

  /// One where Apple showed it, over drawing sublayers; unknown for the layer's own parts alone.
  public func xcodeCount(_ context: RuleContext, hit: RuleHit) -> Int? { context.drawingSublayerCount > 0 ? 1 : nil }

  public static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    props.cornerRadius > 0 && props.masksToBounds
  }

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    guard context.props.cornerRadius > 0, context.props.masksToBounds, context.drawingLayersInSubtree > 0 else { return nil }
    let sublayers = context.drawingSublayerCount
    let things = context.ownDrawingPartCount + sublayers
    guard things >= 2 || sublayers > 0 || loneImageBeforeFastPath(context, things: things, sublayers: sublayers) else {
      return nil
    }
    if labelBackgroundInContents, sublayers == 0, things == 2, Self.isLabelOnBackground(context) { return nil }
    return RuleHit()
  }

  /// One thing to clip, image contents, on an iOS release before the single-image fast path.
  private func loneImageBeforeFastPath(_ context: RuleContext, things: Int, sublayers: Int) -> Bool {
    guard things == 1, sublayers == 0, context.iosVersion < singleImageFastPath else { return false }
    if case .image = context.layer.contents { return true }
    return false
  }

  /// The layer draws text contents over a visible background colour, and nothing else.
  private static func isLabelOnBackground(_ context: RuleContext) -> Bool {
    let layer = context.layer
    guard case .text = layer.contents, let color = layer.backgroundColor, !color.isClear else { return false }
    return true
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
    if loneImageBeforeFastPath(context, things: things, sublayers: sublayerCount) {
      message =
        "cornerRadius \(formatNumber(layer.cornerRadius)) with masksToBounds clips image contents offscreen: iOS \(context.iosVersion) predates the single-image fast path (iOS \(singleImageFastPath.major))."
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
        "contents plus a background colour (a rounded label: the documented answer to rounded-label)", passes: 1,
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
        "a lone image on iOS 9, the other answer to lone-image-ios9: the fast path starts with iOS 10", passes: 1,
        iosVersion: "9.3", assuming: [Self.loneImagePoint.id],
        layer:
          ##"{"id": "subject", "frame": [10, 10, 60, 60], "cornerRadius": 30, "masksToBounds": true, "contents": {"type": "image", "pixelSize": [120, 120]}}"##
      ),
      RuleExample(
        "a lone image on iOS 10 under either answer: fast path", passes: 0, iosVersion: "10.0", assuming: [Self.loneImagePoint.id],
        layer:
          ##"{"id": "subject", "frame": [10, 10, 60, 60], "cornerRadius": 30, "masksToBounds": true, "contents": {"type": "image", "pixelSize": [120, 120]}}"##
      ),
      RuleExample(
        "a rounded label on a background, the other answer to rounded-label: one thing to clip", passes: 0,
        assuming: [Self.roundedLabelPoint.id],
        layer:
          ##"{"id": "subject", "frame": [10, 10, 80, 30], "cornerRadius": 15, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": {"type": "text", "characters": 6}}"##
      ),
      RuleExample(
        "image contents plus a background under the other answer to rounded-label: still two things", passes: 1,
        assuming: [Self.roundedLabelPoint.id],
        layer:
          ##"{"id": "subject", "frame": [10, 10, 80, 30], "cornerRadius": 15, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": {"type": "image", "pixelSize": [160, 60]}}"##
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
