import LayerTree

/// `precompose-corners`: draw the rounded corners into the image on a background thread and drop
/// the clip, answering `rounded-clip`.
///
/// What reaches into the rounded corners (a cover image, a gradient laid over it, the layer's
/// own background or image) is drawn once with Core Graphics, clipped to the rounded rectangle,
/// into one image whose corners are transparent, off the main thread; the layer then needs no
/// `masksToBounds`. The labels that stay inside the rounded bounds are kept as they are. This is
/// QQ Music's v2: the GPU's offscreen pass becomes CPU drawing on a background thread ("GPU not
/// enough, CPU makes up for it").
public struct PrecomposeCornersFix: SceneFix {
  public let id = "precompose-corners"
  public let rules = [RoundedClipRule.ruleID]
  public let title = "Precompose the rounded corners into the image, off the main thread"
  public let words =
    "Draw what reaches into the corners (the image, the gradient over it, the background) with Core Graphics on a background thread, clipped to the rounded rectangle, set the result as the image layer's contents, and remove masksToBounds. The work moves from the GPU to the CPU."
  public let appearance = FixAppearance.mayChange(
    because:
      "the image is drawn asynchronously: a cell shows it only once the background drawing finishes (blank or a placeholder before), and every change of the image is drawn again"
  )

  public init() {}

  public func check(_ path: String, in context: FixContext) -> FixCheck {
    guard let layer = context.layer(path) else { return .doesNotApply("no layer at \(path)") }
    guard layer.masksToBounds, layer.cornerRadius > 0 else { return .doesNotApply("the layer has no rounded clip") }
    guard case .plain = layer.kind else {
      return .doesNotApply("a \(layer.kind.className) draws itself; only plain layers are precomposed")
    }
    guard layer.mask == nil else { return .doesNotApply("a mask also clips the layer") }
    guard !LayerDrawing.hasShadow(layer) else {
      return .doesNotApply("masksToBounds hides the layer's own shadow; without the clip the shadow would show")
    }
    if let contents = layer.contents, LayerDrawing.contentsDraw(contents), contents.typeName != "image" {
      return .doesNotApply("the layer draws its own \(contents.typeName) contents; clip them in the app's own drawing instead")
    }
    if let moved = context.geometryChanges(under: path).first {
      return .doesNotApply("the timeline moves or resizes \(moved) inside the clip")
    }
    let scale = context.scale
    let radius = layer.cornerRadius
    let shows = context.opacityAnimated.contains
    let animated = Set(context.scene.timeline?.animations.flatMap(\.targets) ?? [])

    // Sublayers reaching into the corners are baked; the others stay above the image.
    var baked: [(index: Int, layer: Layer, extent: Rect)] = []
    var kept: [(index: Int, id: String, extent: Rect)] = []
    for (index, sublayer) in layer.sublayers.enumerated() {
      let sublayerPath = LayerPath.child(path, sublayer.id)
      guard let extent = FixGeometry.extent(sublayer, path: sublayerPath, scale: scale, shows: shows) else { continue }
      if FixGeometry.roundedRect(layer.bounds, radius: radius, contains: extent) {
        kept.append((index, sublayer.id, extent))
        continue
      }
      guard Self.isBakeable(sublayer) else {
        return .doesNotApply(
          "sublayer `\(sublayer.id)` reaches into the corners but is not a plain image, gradient or colour to draw into the image")
      }
      if animated.contains(sublayerPath) {
        return .doesNotApply("the timeline animates sublayer `\(sublayer.id)`, which would be baked into the image")
      }
      baked.append((index, sublayer, extent))
    }
    let ownBackground = layer.backgroundColor.map { !$0.isClear } ?? false
    let ownImage = layer.contents.map(LayerDrawing.contentsDraw) ?? false
    guard !baked.isEmpty || ownBackground || ownImage else {
      return .doesNotApply("nothing reaches into the corners; dropping masksToBounds is enough")
    }
    // Baked content ends up below every kept sublayer: a kept sublayer drawn below a baked one
    // that it overlaps would come out on top.
    for keptLayer in kept {
      if let over = baked.first(where: { $0.index > keptLayer.index && !$0.extent.intersection(keptLayer.extent).isEmpty }) {
        return .doesNotApply("sublayer `\(keptLayer.id)` is drawn below `\(over.layer.id)`, which would be baked into the image under it")
      }
    }

    let wide = baked.contains { if case .image(let image) = $0.layer.contents { return image.wideColor } else { return false } }
    var removals: [LayerChange] = []
    var ownChanges: [LayerChange] = [.setMasksToBounds(false)]
    if ownBackground { ownChanges.append(.setBackgroundColor(nil)) }
    var edits: [LayerEdit] = []
    // The image goes into the cover when one image sublayer spans everything baked (and the
    // whole layer when its own background or image is baked too); else into the layer itself.
    let union = baked.dropFirst().reduce(baked.first?.extent ?? .zero) { $0.union($1.extent) }
    let needsWhole = ownBackground || ownImage
    let cover = baked.first { entry in
      guard case .image = entry.layer.contents, entry.layer.transform.isIdentity else { return false }
      // The layer's own background and image lie below every sublayer: baked into the cover they
      // must not rise above a kept sublayer drawn before it.
      if needsWhole && kept.contains(where: { $0.index < entry.index }) { return false }
      return entry.extent.contains(union) && (!needsWhole || entry.extent.contains(layer.bounds))
    }
    if let cover {
      let size = Size(max(1, (cover.layer.frame.width * scale).rounded()), max(1, (cover.layer.frame.height * scale).rounded()))
      let image = ImageContents(pixelSize: size, opaque: false, wideColor: wide, drawnOn: .background)
      edits.append(LayerEdit(path: LayerPath.child(path, cover.layer.id), changes: [.setContents(.image(image))]))
      if ownImage { ownChanges.append(.setContents(nil)) }
      for entry in baked where entry.index != cover.index { removals.append(.removeSublayer(entry.layer.id)) }
    } else {
      let size = Size((layer.frame.width * scale).rounded(), (layer.frame.height * scale).rounded())
      guard size.width >= 1, size.height >= 1 else { return .doesNotApply("the layer is less than a pixel wide or high") }
      let image = ImageContents(pixelSize: size, opaque: false, wideColor: wide, drawnOn: .background)
      ownChanges.append(.setContents(.image(image)))
      for entry in baked { removals.append(.removeSublayer(entry.layer.id)) }
    }
    edits.insert(LayerEdit(path: path, changes: ownChanges + removals), at: 0)
    return .applies(edits)
  }

  /// A leaf that Core Graphics can draw into the image as it is: an image, a gradient or a colour,
  /// without sublayers, mask, shadow, rasterization or a turn.
  static func isBakeable(_ layer: Layer) -> Bool {
    guard layer.sublayers.isEmpty, layer.mask == nil, !LayerDrawing.hasShadow(layer), !layer.shouldRasterize,
      layer.transform.isAxisAligned
    else { return false }
    switch layer.kind {
    case .plain, .gradient: break
    case .shape, .visualEffect, .transformLayer, .replicator: return false
    }
    switch layer.contents {
    case nil, .image?: return true
    case .text?, .drawing?: return false
    }
  }

  public var examples: [FixExample] {
    [
      FixExample(
        "a card: cover and gradient reach the corners, the labels do not", applies: true,
        layers:
          ##"{"id": "subject", "frame": [10, 100, 126, 126], "cornerRadius": 10, "masksToBounds": true, "sublayers": [{"id": "cover", "frame": [0, 0, 126, 126], "contents": {"type": "image", "pixelSize": [252, 252], "opaque": true}}, {"id": "shade", "class": "CAGradientLayer", "frame": [0, 66, 126, 60], "colors": ["#33333300", "#333333B3"]}, {"id": "title", "frame": [8, 100, 110, 18], "contents": {"type": "text", "characters": 8}}]}"##
      ),
      FixExample(
        "a rounded image with a background colour behind it", applies: true,
        layers:
          ##"{"id": "subject", "frame": [10, 100, 60, 60], "cornerRadius": 30, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": {"type": "image", "pixelSize": [120, 120]}}"##
      ),
      FixExample(
        "a label reaching into a corner cannot be baked", applies: false,
        layers:
          ##"{"id": "subject", "frame": [10, 100, 126, 126], "cornerRadius": 10, "masksToBounds": true, "sublayers": [{"id": "cover", "frame": [0, 0, 126, 126], "contents": {"type": "image", "pixelSize": [252, 252]}}, {"id": "title", "frame": [0, 108, 126, 18], "contents": {"type": "text", "characters": 8}}]}"##
      ),
      FixExample(
        "a layer drawing its own text", applies: false,
        layers:
          ##"{"id": "subject", "frame": [10, 100, 80, 30], "cornerRadius": 15, "masksToBounds": true, "backgroundColor": "#EEEEEE", "contents": {"type": "text", "characters": 6}}"##
      ),
    ]
  }
}
