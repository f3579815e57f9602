import LayerTree

/// `mask`: a layer with a `mask` layer, over content that draws.
///
/// The mask applies to the composite of the layer and its sublayers, so they are rendered into
/// an offscreen target first, then multiplied by the mask's alpha (Apple, tech talk 10857). WWDC14
/// session 419 draws it as three render passes: the mask into a texture of its own, the content
/// into another, then the two composited into the parent: two offscreen targets, each the size of
/// the content. A `CAShapeLayer` mask is no exception (its path is rasterized on the render
/// server, as any shape layer's). A mask that draws nothing hides everything: the layer is
/// culled and costs nothing.
public struct MaskRule: OffscreenRule {
  public static let ruleID = "mask"
  public var id: String { Self.ruleID }
  public var title: String { "Mask layer" }
  public var reason: String { "A mask applies to the composite of the layer and its sublayers, which is rendered offscreen first." }
  public var fix: String {
    "Use cornerRadius with masksToBounds instead of a rect, rounded-rect or ellipse mask; or precompose the masked shape into the image."
  }

  public init() {}

  /// What made a mask in an imported Lottie animation (``SceneOrigin/lottie``), told apart by the
  /// ids the import gives lottie-ios' layers (docs/lottie.md, "Mapping").
  public enum LottieCause: Sendable, Hashable, CaseIterable {
    /// A track matte (`tt`): the matted layer's `... (parent, masked)` container, masked by the
    /// matte layer.
    case trackMatte
    /// The layer's masks (`masksProperties`): its `mask`, a `MaskCompositionLayer` holding `masks`.
    case layerMasks
    /// A subtract or intersect mask after the first: the `masks` container masked by the next.
    case maskModes
    /// A gradient fill (`gf`): its `gradient/path` container, masked by the shape's path.
    case gradientFill
    /// A gradient stroke (`gs`): its `gradientStroke` container, masked by the stroked path.
    case gradientStroke
    /// Gradient stops with opacity below 100: the `colors` gradient masked by the `alpha` one.
    case gradientAlpha
    /// None of these.
    case other

    /// The cause of the mask `maskID` (whose first sublayer is `maskChild`) on the layer at `path`.
    public init(path: String, maskID: String, maskChild: String?) {
      let components = path.split(separator: "/")
      let id = components.last ?? ""
      let parent = components.dropLast().last
      if id.contains("(parent,_masked)") {
        self = .trackMatte
      } else if id == "path", parent == "gradient" {
        self = .gradientFill
      } else if id == "gradientStroke" {
        self = .gradientStroke
      } else if id == "colors", maskID == "alpha" {
        self = .gradientAlpha
      } else if id == "masks" {
        self = .maskModes
      } else if maskID == "mask", maskChild == "masks" {
        self = .layerMasks
      } else {
        self = .other
      }
    }

    /// The fix in the animation's terms.
    public var fix: String {
      switch self {
      case .trackMatte:
        "In the animation, this layer has a track matte (Track Matte in After Effects, `tt` in the file), which lottie-ios builds as a mask over everything the layer draws. Remove the matte and cut the artwork to its shape instead (the shapes' own paths), or bake the matted artwork into an image."
      case .layerMasks:
        "In the animation, this layer's masks (`masksProperties`) become one mask over everything it draws. Where a mask only crops, remove it and cut the shapes' paths instead (a precomp already clips to its own width and height, at no cost)."
      case .maskModes:
        "In the animation, a Subtract or Intersect mask after the layer's first mask nests a mask inside the mask, one more pass each. Combine the masks into one Add mask (one path), or cut the shapes to the result."
      case .gradientFill:
        "In the animation, this gradient fill (`gf`) is a gradient layer masked by the shape's path in lottie-ios. Use a solid fill where the gradient is not needed: it costs no pass."
      case .gradientStroke:
        "In the animation, this gradient stroke (`gs`) is a gradient layer masked by the stroked path in lottie-ios. Use a solid stroke where the gradient is not needed: it costs no pass."
      case .gradientAlpha:
        "In the animation, this gradient has stops with opacity below 100%, which lottie-ios draws as a second gradient masking the colours. Make every stop opaque, and fade the shape with the gradient's own Opacity (`o`) where it must fade."
      case .other:
        "In the animation, this mask comes from a matte, a layer mask or a gradient: remove it, or bake the masked artwork into plain shapes or an image."
      }
    }
  }

  public var evidence: RuleEvidence {
    RuleEvidence(
      apple:
        "WWDC14 session 419 walks through a mask's passes (the mask, the content, the composite); Apple's tech talk 10857 names masks among the causes of offscreen passes; Xcode 12's optimization opportunities flag simple shape and colour masks.",
      undocumented: nil)
  }

  /// The composite of the drawing layers, multiplied by the mask.
  public let work = PassWork(target: .content)

  public var xcode: XcodeCount {
    XcodeCount(
      count: 2,
      source:
        "Tech talk 10857: both masks it shows take two offscreens, a plain layer with a background colour masking a view that holds an image view and a label, and a rounded-rect CAShapeLayer masking an image view.",
      difference:
        "The tool counts the mask rule's passes, priced per WWDC14 session 419 (the mask's target and the content's, then the composite)."
    )
  }

  public static func mightFire(on layer: Layer, props: LayerProps) -> Bool {
    props.hasMask
  }

  public func evaluate(_ context: RuleContext) -> RuleHit? {
    guard context.tree.masks[context.index] >= 0, context.drawingLayersInSubtree > 0 else { return nil }
    // The mask's target and the content's.
    return RuleHit(passes: 2)
  }

  public func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords {
    let maskIndex = context.tree.masks[context.index]
    let mask = context.state.layer(maskIndex, in: context.tree)
    let composite = "applies to the composite of \(context.drawingLayersInSubtree) drawing layer(s), rendered offscreen first"
    var message = "A mask (\(mask.kind.className), `\(mask.id)`) \(composite)."
    var fix = "Precompose the masked content into an image (drawn off the main thread), or avoid the mask."
    switch mask.kind {
    case .shape(let shapeLayer):
      let values: String?
      switch shapeLayer.path {
      case .rect: values = "\"masksToBounds\": true (a rectangular clip is a scissor)"
      case .roundedRect(_, let radius): values = "\"cornerRadius\": \(formatNumber(radius)) and \"masksToBounds\": true"
      case .ellipse(let rect):
        values = rect.width == rect.height ? "\"cornerRadius\": \(formatNumber(rect.width / 2)) and \"masksToBounds\": true" : nil
      case .arbitrary: values = nil
      }
      if shapeLayer.path.isSimpleShape {
        let shape: String
        switch shapeLayer.path {
        case .rect: shape = "a rect"
        case .roundedRect: shape = "a rounded rect"
        default: shape = "an ellipse"
        }
        // Xcode 12's optimization opportunity, in Xcode's words.
        message =
          "The layer is masked by a CAShapeLayer with a path that's a rect, a rounded-rect, or an ellipse (here \(shape), `\(mask.id)`): the mask \(composite)."
        fix = "Instead, use an appropriately transformed container layer with cornerRadius and masksToBounds set"
        fix += values.map { ": replace the mask with \($0)." } ?? "."
      } else if case .arbitrary(_, let points) = shapeLayer.path {
        message = "A mask (CAShapeLayer with a \(points)-point path, `\(mask.id)`) \(composite)."
      }
    case .plain:
      let leaf = context.tree.subtreeEnds[maskIndex] == maskIndex + 1
      if let color = mask.backgroundColor, !color.isClear, mask.contents == nil, leaf {
        // Xcode 12's optimization opportunity, as Apple's tech talk 10857 reads it out.
        message = "The layer is using a simple layer with background color set as a mask (`\(mask.id)`): the mask \(composite)."
        fix =
          "Instead, use a container layer of the same frame and cornerRadius as the mask, with masksToBounds set to YES: replace the mask with \"cornerRadius\": \(formatNumber(mask.cornerRadius)) and \"masksToBounds\": true."
      }
    case .gradient, .visualEffect, .transformLayer, .replicator:
      break
    }
    if context.origin == .lottie {
      let maskChild = context.tree.subtreeEnds[maskIndex] > maskIndex + 1 ? context.tree.layer(maskIndex + 1).id : nil
      fix = LottieCause(path: context.path, maskID: mask.id, maskChild: maskChild).fix
    }
    return RuleWords(message: message, fix: fix)
  }

  public var examples: [RuleExample] {
    [
      RuleExample(
        "a rounded-rect shape mask over an image", passes: 2,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 100, 100], "contents": {"type": "image", "pixelSize": [200, 200]}, "mask": {"id": "shape", "class": "CAShapeLayer", "frame": [0, 0, 100, 100], "path": {"type": "roundedRect", "rect": [0, 0, 100, 100], "cornerRadius": 12}}}"##
      ),
      RuleExample(
        "a plain layer with a background as a mask", passes: 2,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 100, 100], "backgroundColor": "#FF0000", "mask": {"id": "m", "frame": [0, 0, 50, 50], "backgroundColor": "#000000"}}"##
      ),
      RuleExample(
        "no mask", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 100, 100], "backgroundColor": "#FF0000"}"##),
      RuleExample(
        "a mask that draws nothing hides the layer: culled", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 100, 100], "backgroundColor": "#FF0000", "mask": {"id": "m", "frame": [0, 0, 100, 100]}}"##
      ),
      RuleExample(
        "a mask over a layer that draws nothing", passes: 0,
        layer:
          ##"{"id": "subject", "frame": [10, 10, 100, 100], "mask": {"id": "m", "frame": [0, 0, 100, 100], "backgroundColor": "#000000"}}"##
      ),
    ]
  }
}
