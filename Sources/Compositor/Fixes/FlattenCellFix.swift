import LayerTree

/// `flatten-cell`: draw a cell's static labels and images (and the gradients and colours among
/// them) into the cell's own layer on a background thread, answering `rounded-clip` and
/// `group-opacity`.
///
/// The cell becomes one layer with `drawing` contents drawn asynchronously, as YYAsyncLayer and
/// Texture do: a rounded clip then has one thing to clip (the single-layer fast path), group
/// opacity one layer to fade (applied directly), and the main thread draws no labels. The cost
/// moves to a background thread.
///
/// The scene format's `drawing` contents count the cell's backing-store pixels; the text layout
/// and image decoding the drawing now includes are not in that figure, so ``uncountedWork(_:in:)``
/// estimates them and `explain` shows them beside the background time.
public struct FlattenCellFix: SceneFix {
  public let id = "flatten-cell"
  public let rules = [RoundedClipRule.ruleID, GroupOpacityRule.ruleID]
  public let title = "Flatten the cell into one layer drawn on a background thread"
  public let words =
    "Draw the cell's labels, images, gradients and background into the cell's own layer on a background thread (asynchronous display, as YYAsyncLayer or Texture do) and remove the sublayers: one layer to clip or fade, and no label drawing on the main thread."
  public let appearance = FixAppearance.mayChange(
    because:
      "the cell is drawn asynchronously: it shows its content only once the background drawing finishes, and text drawn with Core Text may differ slightly from UILabel's"
  )

  /// It redraws the cell as one image rather than removing a trigger.
  public let approach = FixApproach.restructures

  public init() {}

  public func check(_ path: String, in context: FixContext) -> FixCheck {
    guard let cell = context.layer(path) else { return .doesNotApply("no layer at \(path)") }
    guard case .plain = cell.kind else { return .doesNotApply("a \(cell.kind.className) draws itself; only plain layers are flattened") }
    guard cell.mask == nil else { return .doesNotApply("the cell has a mask") }
    guard !cell.sublayers.isEmpty else { return .doesNotApply("the cell has no sublayers to flatten") }
    if context.scene.timeline?.scrolls.contains(where: { $0.target == path }) ?? false {
      return .doesNotApply("the layer is a scroll view: its sublayers move")
    }
    let targets = context.timelineTargets
    var wide = false
    var problem: String? = nil
    func visit(_ layer: Layer, _ layerPath: String) {
      guard problem == nil else { return }
      if targets.contains(layerPath) {
        problem = "the timeline changes \(layerPath), so it is not static"
        return
      }
      if layer.mask != nil || LayerDrawing.hasShadow(layer) || !layer.transform.isIdentity || layer.shouldRasterize {
        problem = "\(layerPath) has a mask, a shadow, a transform or rasterization, which one drawing does not reproduce cheaply"
        return
      }
      switch layer.kind {
      case .plain, .gradient: break
      case .shape, .visualEffect, .transformLayer, .replicator:
        problem = "\(layerPath) is a \(layer.kind.className), which is not a static label or image"
        return
      }
      switch layer.contents {
      case .image(let image)?: wide = wide || image.wideColor
      case .text(let text)?: wide = wide || text.wideColor
      case .drawing(let drawing)?: wide = wide || drawing.wideColor
      case nil: break
      }
      for sublayer in layer.sublayers { visit(sublayer, LayerPath.child(layerPath, sublayer.id)) }
    }
    for sublayer in cell.sublayers { visit(sublayer, LayerPath.child(path, sublayer.id)) }
    if let problem { return .doesNotApply(problem) }

    // Opaque when an opaque background or an opaque sublayer covers the whole cell (a rounded
    // clip cuts the corners itself).
    let scale = context.scale
    let square = cell.cornerRadius == 0 || cell.masksToBounds
    var covered = cell.backgroundColor?.isOpaque ?? false
    if !covered {
      covered = cell.sublayers.contains { sublayer in
        sublayer.sublayers.isEmpty && sublayer.opacity >= 1 && !sublayer.isHidden && LayerDrawing.coversOpaque(sublayer)
          && (FixGeometry.extent(sublayer, path: "", scale: scale).map { $0.contains(cell.bounds) } ?? false)
      }
    }
    var changes: [LayerChange] = cell.sublayers.map { .removeSublayer($0.id) }
    if cell.backgroundColor != nil { changes.append(.setBackgroundColor(nil)) }
    changes.append(.setContents(.drawing(DrawingContents(drawnOn: .background, wideColor: wide, opaque: covered && square))))
    return .applies([LayerEdit(path: path, changes: changes)])
  }

  /// The text layout (glyphs) and image decoding of the flattened layers, which the `drawing`
  /// contents do not count: `glyphTime` per character (and `emojiGlyphTime` per emoji) and `decodePixelTime` per image pixel, at
  /// the device's CPU speed.
  public func uncountedWork(_ edits: [LayerEdit], in context: FixContext) -> UncountedWork? {
    let c = context.coefficients
    var seconds = 0.0
    func visit(_ layer: Layer) {
      if layer.isHidden || layer.opacity <= 0 { return }
      switch layer.contents {
      case .text(let text)?: seconds += Double(text.characters) * c.glyphTime + Double(text.emoji) * c.emojiGlyphTime
      case .image(let image)?: seconds += image.pixelSize.width * image.pixelSize.height * c.decodePixelTime
      case .drawing?, nil: break
      }
      layer.sublayers.forEach(visit)
    }
    for edit in edits {
      guard let cell = context.layer(edit.path) else { continue }
      visit(cell)
    }
    guard seconds > 0 else { return nil }
    return UncountedWork(
      backgroundMs: seconds / context.device.cpuSpeed * 1000, what: "text layout and image decoding inside the flattened drawing")
  }

  public var examples: [FixExample] {
    [
      FixExample(
        "a rounded card of cover, gradient and two labels", applies: true,
        layers:
          ##"{"id": "subject", "frame": [10, 100, 126, 126], "cornerRadius": 10, "masksToBounds": true, "sublayers": [{"id": "cover", "frame": [0, 0, 126, 126], "contents": {"type": "image", "pixelSize": [252, 252], "opaque": true}}, {"id": "shade", "class": "CAGradientLayer", "frame": [0, 66, 126, 60], "colors": ["#33333300", "#333333B3"]}, {"id": "title", "frame": [8, 100, 110, 18], "contents": {"type": "text", "characters": 8}}]}"##
      ),
      FixExample(
        "a half-transparent cell of a background and a label", applies: true,
        layers:
          ##"{"id": "subject", "frame": [0, 100, 375, 64], "opacity": 0.5, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "title", "frame": [15, 20, 300, 20], "contents": {"type": "text", "characters": 30}}]}"##
      ),
      FixExample(
        "a cell whose label the timeline changes", applies: false,
        layers:
          ##"{"id": "subject", "frame": [0, 100, 375, 64], "opacity": 0.5, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "title", "frame": [15, 20, 300, 20], "contents": {"type": "text", "characters": 30}}]}"##,
        timeline: ##"{"duration": 0.1, "contentChanges": [{"target": "title", "times": [0.05]}]}"##
      ),
      FixExample(
        "a cell holding a blur", applies: false,
        layers:
          ##"{"id": "subject", "frame": [0, 100, 375, 64], "opacity": 0.5, "backgroundColor": "#FFFFFF", "sublayers": [{"id": "blur", "class": "UIVisualEffectView", "frame": [0, 0, 375, 64]}]}"##
      ),
    ]
  }
}
