import Compositor
import LayerTree

/// What Instruments' and Android's colour overlays paint, chosen with `render --overlay`.
///
/// The cases are in the order the overlays are painted when several are chosen: overdraw
/// first, as a heat map under the others.
enum Overlay: String, CaseIterable, Sendable {
  /// Android's GPU overdraw scale on every drawing layer drawn over others.
  case blended
  /// Color Offscreen-Rendered Yellow: every layer that takes an offscreen pass, darker when nested.
  case offscreen
  /// Color Hits Green and Misses Red: rasterized layers whose cached bitmap was drawn or rebuilt.
  case raster
  /// Color Misaligned Images: images scaled or off the pixel grid.
  case misaligned

  /// Parses `offscreen`, `all`, or a comma-separated list (`offscreen,raster`), in the
  /// overlays' fixed order whatever the order written.
  static func parse(_ value: String) -> [Overlay]? {
    if value == "all" { return allCases }
    var chosen = Set<Overlay>()
    for part in value.split(separator: ",", omittingEmptySubsequences: false) {
      guard let overlay = Overlay(rawValue: String(part)) else { return nil }
      chosen.insert(overlay)
    }
    return allCases.filter { chosen.contains($0) }
  }
}

/// One frame's screen as SVG: each visible layer at its place with its corner radius (text as
/// grey bars, images as a light fill: the picture explains layout and cost, it renders no
/// pixels), the chosen overlays on top, a caption with the frame's counts and a legend.
///
/// Coordinates are points: one SVG unit is one point of the device's screen, so an iPhone's
/// screen is about 400 units wide. Every tint is one element with `class="tint"` and
/// `data-overlay`, `data-layer` (the layer path) and the overlay's own figure (`data-depth`,
/// `data-raster`, `data-overdraw`), so a test or a script can count what the picture shows.
/// The overlays and their colours are documented in docs/pictures.md.
enum FramePictureFormatter {
  struct Input {
    var snapshot: FrameSnapshot
    /// The scene's name, or the file when it has none.
    var title: String
    /// Frames in the run, for "frame 3 of 30".
    var frameCount: Int
    var overlays: [Overlay]
    /// Prefixes every `id` in the picture, so that several pictures can share one HTML page.
    var idPrefix: String = ""
  }

  // Colours, shared by the tints and the legend.
  /// Offscreen tints by nesting depth: 0 (renders into the screen), 1, 2, 3 or more.
  static let offscreenColors = ["#FFE14D", "#FFC107", "#E69500", "#B36B00"]
  static let rasterHitColor = "#22C55E"
  static let rasterMissColor = "#EF4444"
  /// Android's overdraw colours: 1x blue, 2x green, 3x pink, 4x and more red.
  static let overdrawColors = ["#3B6BFF", "#2EB82E", "#FF7FC8", "#FF2A2A"]
  static let misalignedColor = "#FF00FF"
  static let tintOpacity = "0.55"

  static let margin = 16.0
  /// Most layers a picture draws, and most it tints per overlay, in drawing order: a screen has
  /// hundreds; a generated stack of 500,000 would make a file of about 800 MB that no viewer
  /// opens. The caption says when the limit leaves layers out.
  static let maxDrawnLayers = 20_000
  static let legendWidth = 260.0
  static let lineHeight = 16.0

  /// The picture as a standalone SVG file.
  static func document(_ input: Input) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg(input)
  }

  /// The `<svg>` element alone, to embed in HTML.
  static func svg(_ input: Input) -> String {
    let facts = Facts(input.snapshot)
    let screen = input.snapshot.device.screen.points
    let caption = captionLines(input, facts)
    let top = margin + Double(caption.count) * lineHeight + 8
    let legend = legendItems(input.overlays, facts)
    let legendHeight = Double(legend.count) * lineHeight
    let width = margin * 3 + screen.width + legendWidth
    let height = top + max(screen.height, legendHeight) + margin
    let p = input.idPrefix

    let defs = Definitions(prefix: p, plan: facts.plan)
    defs.text += "<clipPath id=\"\(p)screen\"><rect \(Markup.rectAttributes(input.snapshot.device.screen.bounds))/></clipPath>\n"

    var body = ""
    body += "<g class=\"screen\" transform=\"translate(\(Markup.number(margin)) \(Markup.number(top)))\">\n"
    body +=
      "<rect class=\"screen-background\" \(Markup.rectAttributes(input.snapshot.device.screen.bounds)) fill=\"#FFFFFF\" stroke=\"#9CA3AF\" stroke-width=\"1\"/>\n"
    body += "<g clip-path=\"url(#\(p)screen)\">\n"
    body += "<g class=\"layers\">\n" + layers(facts, defs: defs) + "</g>\n"
    for overlay in input.overlays {
      body += "<g class=\"overlay\" data-overlay=\"\(overlay.rawValue)\">\n"
      body += tints(overlay, facts, defs: defs)
      body += "</g>\n"
    }
    body += "</g>\n</g>\n"

    var text = ""
    for (line, caption) in caption.enumerated() {
      let y = margin + Double(line) * lineHeight + 11
      let weight = line == 0 ? " font-weight=\"bold\"" : ""
      text +=
        "<text class=\"caption\" x=\"\(Markup.number(margin))\" y=\"\(Markup.number(y))\" font-size=\"12\"\(weight)>\(Markup.escape(caption))</text>\n"
    }
    let legendX = margin * 2 + screen.width
    text += "<g class=\"legend\" transform=\"translate(\(Markup.number(legendX)) \(Markup.number(top)))\">\n"
    for (row, item) in legend.enumerated() {
      let y = Double(row) * lineHeight
      if let color = item.color {
        text +=
          "<rect class=\"swatch\" data-overlay=\"\(item.overlay.rawValue)\" x=\"0\" y=\"\(Markup.number(y + 2))\" width=\"12\" height=\"12\" fill=\"\(color)\" fill-opacity=\"\(tintOpacity)\" stroke=\"#6B7280\" stroke-width=\"0.5\"/>\n"
        text += "<text x=\"18\" y=\"\(Markup.number(y + 12))\" font-size=\"11\">\(Markup.escape(item.label))</text>\n"
      } else {
        text += "<text x=\"0\" y=\"\(Markup.number(y + 12))\" font-size=\"11\" font-weight=\"bold\">\(Markup.escape(item.label))</text>\n"
      }
    }
    text += "</g>\n"

    let titleText = "\(input.title): frame \(facts.frame) on \(input.snapshot.device.name)"
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(Markup.number(width, 0))\" height=\"\(Markup.number(height, 0))\" viewBox=\"0 0 \(Markup.number(width, 0)) \(Markup.number(height, 0))\" font-family=\"\(Markup.fontFamily)\" fill=\"#111827\">\n"
    svg += "<title>\(Markup.escape(titleText))</title>\n"
    svg += "<defs>\n" + defs.text + "</defs>\n"
    svg +=
      "<rect class=\"page\" x=\"0\" y=\"0\" width=\"\(Markup.number(width, 0))\" height=\"\(Markup.number(height, 0))\" fill=\"#F9FAFB\"/>\n"
    svg += text + body + "</svg>\n"
    return svg
  }

  /// The `<defs>` a picture collects as it is written, ids prefixed: the shape each clipping
  /// layer clips its sublayers to, the visible rectangle of each tint that needs one, and a
  /// gradient per gradient layer.
  final class Definitions {
    let prefix: String
    let plan: NodePlans
    var text = ""
    private var visibleClips = Set<Int>()

    init(prefix: String, plan: NodePlans) {
      self.prefix = prefix
      self.plan = plan
    }

    /// The id of a clip to layer `index`'s visible rectangle on screen, defined on first use.
    func clip(_ index: Int) -> String {
      if visibleClips.insert(index).inserted {
        text += "<clipPath id=\"\(prefix)visible-\(index)\"><rect \(Markup.rectAttributes(plan[index].visibleRect))/></clipPath>\n"
      }
      return "\(prefix)visible-\(index)"
    }

    /// Defines a clip to `shape` (one shape element: a clip path holds no groups) and returns
    /// its id.
    func clip(_ index: Int, kind: String, shape: String) -> String {
      let id = "\(prefix)\(kind)-\(index)"
      text += "<clipPath id=\"\(id)\">\(shape)</clipPath>\n"
      return id
    }
  }

  /// The layers in drawing order, nested as the tree is where a layer clips: `masksToBounds`
  /// clips the layer's contents and sublayers to its rounded bounds, a `mask` to the mask's
  /// shape (a shape layer's path, else the mask layer's rounded bounds). Culled subtrees and
  /// masks are left out; a layer with nothing on screen draws nothing but its sublayers may.
  static func layers(_ facts: Facts, defs: Definitions) -> String {
    let tree = facts.snapshot.tree
    var result = ""
    var open: [Int] = []  // subtree ends of the open clip groups
    var index = 0
    var drawn = 0
    while index < tree.count && drawn < maxDrawnLayers {
      while let end = open.last, end <= index {
        result += "</g>\n"
        open.removeLast()
      }
      let subtreeEnd = tree.subtreeEnds[index]
      let plan = facts.plan[index]
      if tree.inMask[index] || plan.culled {
        index = subtreeEnd
        continue
      }
      let layer = facts.layer(index)
      let transform = transformAttribute(facts.transforms[index])
      if tree.masks[index] >= 0 {
        let mask = tree.masks[index]
        let maskLayer = facts.layer(mask)
        let placed = "transform=\"\(transformAttribute(facts.transforms[mask]))\""
        let shape: String
        if case .shape(let shapeLayer) = maskLayer.kind {
          shape = shapeElement(shapeLayer, paint: placed)
        } else {
          shape = boundsRect(maskLayer, extra: placed)
        }
        let id = defs.clip(index, kind: "mask", shape: shape)
        result += "<g class=\"clip\" data-clip=\"mask\" clip-path=\"url(#\(id))\">\n"
        open.append(subtreeEnd)
      }
      if layer.masksToBounds {
        let id = defs.clip(index, kind: "bounds", shape: boundsRect(layer, extra: "transform=\"\(transform)\""))
        result += "<g class=\"clip\" data-clip=\"masksToBounds\" clip-path=\"url(#\(id))\">\n"
        open.append(subtreeEnd)
      }
      if !plan.visibleRect.isEmpty {
        let element = layerElement(index, facts, defs: defs)
        if !element.isEmpty {
          result += element
          drawn += 1
        }
      }
      index += 1
    }
    result += String(repeating: "</g>\n", count: open.count)
    return result
  }

  // MARK: - Facts of the frame

  /// What the picture reads from the snapshot, computed once.
  struct Facts {
    let snapshot: FrameSnapshot
    let plan: NodePlans
    let transforms: [ScreenTransform]
    /// Layers on screen as the report counts them: not culled, not in a mask, not drawn by a
    /// rasterized ancestor's cached bitmap, some part visible; in drawing order.
    let visible: [Int]
    let drawing: Int
    let offscreen: [Int]
    let passes: Int
    let rasterHits: [Int]
    let rasterMisses: [Int]
    let overdraw: [Int?]
    let images: [[Finding]]
    var frame: Int { snapshot.state.frame }

    init(_ snapshot: FrameSnapshot) {
      self.snapshot = snapshot
      plan = snapshot.plan.nodes
      transforms = snapshot.screenTransforms()
      let tree = snapshot.tree
      visible = (0..<tree.count).filter {
        let plan = snapshot.plan.nodes[$0]
        return !tree.inMask[$0] && !plan.culled && !plan.insideRasterHit && !plan.visibleRect.isEmpty
      }
      drawing = visible.filter { snapshot.plan.nodes[$0].draws }.count
      offscreen = (0..<tree.count).filter { !snapshot.plan.nodes[$0].offscreen.isEmpty }
      passes = snapshot.plan.offscreenPasses
      rasterHits = (0..<tree.count).filter { snapshot.plan.nodes[$0].rasterHit }
      rasterMisses = (0..<tree.count).filter { snapshot.plan.nodes[$0].rasterMiss }
      overdraw = snapshot.overdraw()
      images = snapshot.imageFindings()
    }

    func layer(_ index: Int) -> Layer { snapshot.layer(index) }
    func path(_ index: Int) -> String { snapshot.tree.path(index) }

    /// Nesting depth bucket of an offscreen layer's tint: 0, 1, 2, 3 or more.
    func offscreenBucket(_ index: Int) -> Int { min(plan[index].offscreenDepth, 3) }

    var overdrawn: [Int] { overdraw.indices.filter { (overdraw[$0] ?? 0) > 0 } }
    var imageLayers: [Int] { images.indices.filter { !images[$0].isEmpty } }
    var blendedLayers: Int { visible.filter { plan[$0].draws && !plan[$0].opaque }.count }
  }

  static func captionLines(_ input: Input, _ facts: Facts) -> [String] {
    let snapshot = input.snapshot
    let device = snapshot.device
    var lines: [String] = []
    lines.append(
      "\(input.title): frame \(facts.frame) of \(input.frameCount) (t = \(Markup.number(snapshot.state.time, 3)) s) on \(device.name), \(formatNumber(device.refreshRate)) Hz"
    )
    lines.append(
      "\(Markup.plural(facts.visible.count, "layer")) on screen, \(facts.drawing) drawing; GPU \(Markup.number(snapshot.cost.gpuMs)) ms, render server \(Markup.number(snapshot.cost.renderServerMs)) ms, main thread \(Markup.number(snapshot.cost.mainThreadMs)) ms"
    )
    lines.append(
      "offscreen: \(Markup.plural(facts.passes, "pass", "passes")) on \(Markup.plural(facts.offscreen.count, "layer")); raster cache: \(Markup.plural(facts.rasterHits.count, "hit")), \(Markup.plural(facts.rasterMisses.count, "miss", "misses"))"
    )
    let maxOverdraw = facts.overdraw.compactMap { $0 }.max() ?? 0
    let scaled = facts.images.reduce(0) { $0 + $1.filter { $0.rule == ScaledImageCheck.checkID }.count }
    let misaligned = facts.images.reduce(0) { $0 + $1.filter { $0.rule == MisalignedImageCheck.checkID }.count }
    lines.append(
      "blending: \(Markup.plural(facts.blendedLayers, "layer")) not opaque, \(facts.overdrawn.count) drawn over others (deepest \(maxOverdraw)x\(maxOverdraw >= Overdraw.standardLimit ? " or more" : "")); images: \(scaled) scaled, \(misaligned) misaligned"
    )
    let listed = [facts.visible.count, facts.offscreen.count, facts.rasterHits.count + facts.rasterMisses.count, facts.overdrawn.count]
    if listed.contains(where: { $0 > maxDrawnLayers }) {
      lines.append(
        "the picture draws and tints at most \(Readable.count(maxDrawnLayers)) layers each, the first in drawing order: the rest are left out"
      )
    }
    return lines
  }

  struct LegendItem {
    var overlay: Overlay
    /// nil for a heading.
    var color: String?
    var label: String
  }

  static func legendItems(_ overlays: [Overlay], _ facts: Facts) -> [LegendItem] {
    var items: [LegendItem] = []
    for overlay in overlays {
      if !items.isEmpty { items.append(LegendItem(overlay: overlay, color: nil, label: "")) }
      switch overlay {
      case .offscreen:
        items.append(LegendItem(overlay: overlay, color: nil, label: "Offscreen passes (yellow)"))
        let names = ["renders into the screen", "nested 1 deep", "nested 2 deep", "nested 3+ deep"]
        for bucket in 0..<4 {
          let count = facts.offscreen.filter { facts.offscreenBucket($0) == bucket }.count
          items.append(
            LegendItem(overlay: overlay, color: offscreenColors[bucket], label: "\(names[bucket]): \(Markup.plural(count, "layer"))"))
        }
      case .raster:
        items.append(LegendItem(overlay: overlay, color: nil, label: "Raster cache (shouldRasterize)"))
        items.append(LegendItem(overlay: overlay, color: rasterHitColor, label: "hit, bitmap reused: \(facts.rasterHits.count)"))
        items.append(LegendItem(overlay: overlay, color: rasterMissColor, label: "miss, rendered offscreen: \(facts.rasterMisses.count)"))
      case .blended:
        items.append(LegendItem(overlay: overlay, color: nil, label: "Overdraw (layers drawn below)"))
        let names = ["1x", "2x", "3x", "4x and more"]
        for bucket in 0..<4 {
          let count = facts.overdrawn.filter { min(facts.overdraw[$0] ?? 0, 4) == bucket + 1 }.count
          items.append(
            LegendItem(overlay: overlay, color: overdrawColors[bucket], label: "\(names[bucket]): \(Markup.plural(count, "layer"))"))
        }
      case .misaligned:
        items.append(LegendItem(overlay: overlay, color: nil, label: "Images (Color Misaligned Images)"))
        items.append(
          LegendItem(
            overlay: overlay, color: misalignedColor, label: "scaled or misaligned: \(Markup.plural(facts.imageLayers.count, "layer"))"))
      }
    }
    return items
  }

  // MARK: - Layers

  /// The transform attribute for a layer's own coordinates.
  static func transformAttribute(_ t: ScreenTransform) -> String {
    if t.isTranslation { return "translate(\(Markup.number(t.tx)) \(Markup.number(t.ty)))" }
    return
      "matrix(\([t.a, t.b, t.c, t.d].map { Markup.number($0, 4) }.joined(separator: " ")) \(Markup.number(t.tx)) \(Markup.number(t.ty)))"
  }

  /// True when the layer's visible part is its whole bounds: no clip needed.
  static func wholeLayerVisible(_ plan: NodePlan) -> Bool {
    let tolerance = 1e-6
    return abs(plan.visibleRect.x - plan.screenRect.x) < tolerance && abs(plan.visibleRect.y - plan.screenRect.y) < tolerance
      && abs(plan.visibleRect.width - plan.screenRect.width) < tolerance
      && abs(plan.visibleRect.height - plan.screenRect.height) < tolerance
  }

  /// A rounded rectangle of the layer's bounds in its own coordinates.
  static func boundsRect(_ layer: Layer, inset: Double = 0, extra: String) -> String {
    let radius = max(0, min(layer.cornerRadius, min(layer.frame.width, layer.frame.height) / 2) - inset)
    let rect = Rect(inset, inset, max(0, layer.frame.width - 2 * inset), max(0, layer.frame.height - 2 * inset))
    let corners = radius > 0 ? " rx=\"\(Markup.number(radius))\"" : ""
    return "<rect \(Markup.rectAttributes(rect))\(corners) \(extra)/>"
  }

  static func fill(_ color: Color) -> String {
    "fill=\"\(Markup.rgb(color))\"" + (color.alpha < 1 ? " fill-opacity=\"\(Markup.number(color.alpha))\"" : "")
  }

  static func layerElement(_ index: Int, _ facts: Facts, defs: Definitions) -> String {
    let layer = facts.layer(index)
    let plan = facts.plan[index]
    var shapes = ""
    if let color = layer.backgroundColor, !color.isClear {
      shapes += boundsRect(layer, extra: "class=\"background\" " + fill(color)) + "\n"
    }
    switch layer.kind {
    case .plain, .transformLayer, .replicator: break
    case .gradient(let gradient):
      if gradient.colors.contains(where: { !$0.isClear }) {
        let id = "\(defs.prefix)gradient-\(index)"
        defs.text += "<linearGradient id=\"\(id)\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
        for (offset, color) in gradient.colors.enumerated() {
          let position = gradient.colors.count > 1 ? Double(offset) / Double(gradient.colors.count - 1) : 0
          defs.text +=
            "<stop offset=\"\(Markup.number(position, 3))\" stop-color=\"\(Markup.rgb(color))\" stop-opacity=\"\(Markup.number(color.alpha))\"/>"
        }
        defs.text += "</linearGradient>\n"
        shapes += boundsRect(layer, extra: "class=\"gradient\" fill=\"url(#\(id))\"") + "\n"
      }
    case .shape(let shape):
      shapes += shapeElement(shape, paint: shapePaint(shape)) + "\n"
    case .visualEffect(let effect):
      shapes +=
        boundsRect(layer, extra: "class=\"visual-effect\" fill=\"#D1D5DB\" fill-opacity=\"0.85\" data-effect=\"\(effect.style.rawValue)\"")
        + "\n"
    }
    switch layer.contents {
    case .image?:
      let rounded =
        layer.masksToBounds
        ? layer
        : {
          var square = layer; square.cornerRadius = 0; return square
        }()
      shapes += boundsRect(rounded, extra: "class=\"image\" fill=\"#DCE7F3\" stroke=\"#AFC4DA\" stroke-width=\"0.5\"") + "\n"
    case .text(let text)?:
      shapes += textBars(
        text, width: layer.frame.width, height: layer.frame.height,
        visible: visibleSpan(plan.visibleRect, through: facts.transforms[index]))
    case .drawing?:
      shapes +=
        boundsRect(layer, extra: "class=\"drawing\" fill=\"#F3EBDD\" stroke=\"#D6C4A3\" stroke-width=\"0.5\" stroke-dasharray=\"2 2\"")
        + "\n"
    case nil: break
    }
    if layer.borderWidth > 0 && !layer.borderColor.isClear {
      let stroke = layer.borderColor
      let opacity = stroke.alpha < 1 ? " stroke-opacity=\"\(Markup.number(stroke.alpha))\"" : ""
      shapes +=
        boundsRect(
          layer, inset: layer.borderWidth / 2,
          extra:
            "class=\"border\" fill=\"none\" stroke=\"\(Markup.rgb(stroke))\"\(opacity) stroke-width=\"\(Markup.number(layer.borderWidth))\""
        )
        + "\n"
    }
    guard !shapes.isEmpty else { return "" }
    let path = Markup.escape(facts.path(index))
    var attributes = "class=\"layer\" data-layer=\"\(path)\""
    if plan.effectiveOpacity < 1 { attributes += " opacity=\"\(Markup.number(plan.effectiveOpacity, 3))\"" }
    return "<g \(attributes)><title>\(path)</title>\n<g transform=\"\(transformAttribute(facts.transforms[index]))\">\n\(shapes)</g></g>\n"
  }

  /// A shape layer's fill and stroke attributes.
  static func shapePaint(_ shape: ShapeLayer) -> String {
    var paint = "class=\"shape\""
    if let fillColor = shape.fillColor, !fillColor.isClear { paint += " " + fill(fillColor) } else { paint += " fill=\"none\"" }
    if let stroke = shape.strokeColor, !stroke.isClear, shape.lineWidth > 0 {
      paint += " stroke=\"\(Markup.rgb(stroke))\" stroke-width=\"\(Markup.number(shape.lineWidth))\""
      if stroke.alpha < 1 { paint += " stroke-opacity=\"\(Markup.number(stroke.alpha))\"" }
    }
    return paint
  }

  /// A shape layer's path as an SVG element in its own coordinates, with `paint` attributes.
  static func shapeElement(_ shape: ShapeLayer, paint: String) -> String {
    switch shape.path {
    case .rect(let rect):
      return "<rect \(Markup.rectAttributes(rect)) \(paint)/>"
    case .roundedRect(let rect, let radius):
      let r = max(0, min(radius, min(rect.width, rect.height) / 2))
      return "<rect \(Markup.rectAttributes(rect)) rx=\"\(Markup.number(r))\" \(paint)/>"
    case .ellipse(let rect):
      return
        "<ellipse cx=\"\(Markup.number(rect.midX))\" cy=\"\(Markup.number(rect.midY))\" rx=\"\(Markup.number(rect.width / 2))\" ry=\"\(Markup.number(rect.height / 2))\" \(paint)/>"
    case .arbitrary(let bounds, _):
      // Only the bounding box is known: drawn dashed.
      return "<rect \(Markup.rectAttributes(bounds)) \(paint) stroke-dasharray=\"3 2\" data-path=\"arbitrary\"/>"
    }
  }

  /// The most text bars one layer draws. A label taller than the screen holds more lines than
  /// anyone can see; past this many visible lines the visible part is drawn as one grey block.
  static let maxTextBars = 256

  /// A label as grey bars: lines of about 20 pt, filled with the label's characters at about
  /// half a line's height each, the last line shorter. Only the lines within `visible` (the
  /// layer's visible part, as y in the layer's own coordinates; nil: all of them) are drawn, so
  /// what the picture holds is bounded by the screen whatever the label's size. Every count is
  /// kept in `Double` until it is small enough to be an `Int`: a label 1e300 pt tall is drawn
  /// like any other.
  static func textBars(_ text: TextContents, width: Double, height: Double, visible: ClosedRange<Double>? = nil) -> String {
    guard text.characters > 0, width > 0, height > 0, width.isFinite, height.isFinite else { return "" }
    let lines = max(1, (height / 20).rounded(.down))
    let lineHeight = height / lines
    let barHeight = min(lineHeight * 0.55, 12)
    let characterWidth = lineHeight * 0.5
    let textWidth = Double(text.characters) * characterWidth
    // Lines with characters on them, and what the last one holds.
    let filled = min(lines, max(1, (textWidth / width).rounded(.up)))
    let lastWidth = textWidth - (filled - 1) * width
    let span = visible ?? 0...height
    let first = max(0, (span.lowerBound / lineHeight).rounded(.down))
    let last = min(filled - 1, (span.upperBound / lineHeight).rounded(.down))
    guard first <= last, first.isFinite, last.isFinite else { return "" }
    func bar(_ y: Double, _ barWidth: Double, _ barHeight: Double) -> String {
      "<rect class=\"text\" \(Markup.rectAttributes(Rect(0, y, barWidth, barHeight))) rx=\"\(Markup.number(min(2, barHeight / 2)))\" fill=\"#9CA3AF\"/>\n"
    }
    if last - first + 1 > Double(maxTextBars) {
      let top = first * lineHeight
      return bar(top, width, (last + 1) * lineHeight - top)
    }
    var result = ""
    for offset in 0...Int(last - first) {
      let line = first + Double(offset)
      let y = line * lineHeight + (lineHeight - barHeight) / 2
      result += bar(y, line == filled - 1 ? min(width, lastWidth) : width, barHeight)
    }
    return result
  }

  /// The y range, in a layer's own coordinates, of the part of it that shows on screen:
  /// `visibleRect` (on screen) mapped back through the layer's transform to the screen. Nil
  /// when the transform cannot be inverted (the layer is flattened to a line or a point).
  static func visibleSpan(_ visibleRect: Rect, through t: ScreenTransform) -> ClosedRange<Double>? {
    let determinant = t.a * t.d - t.b * t.c
    guard determinant.isFinite, abs(determinant) > 1e-12, !visibleRect.isEmpty else { return nil }
    var low = Double.infinity
    var high = -Double.infinity
    for (x, y) in [
      (visibleRect.minX, visibleRect.minY), (visibleRect.maxX, visibleRect.minY), (visibleRect.minX, visibleRect.maxY),
      (visibleRect.maxX, visibleRect.maxY),
    ] {
      let dx = x - t.tx
      let dy = y - t.ty
      let layerY = (-t.b * dx + t.a * dy) / determinant
      low = min(low, layerY)
      high = max(high, layerY)
    }
    guard low.isFinite, high.isFinite, low <= high else { return nil }
    return low...high
  }

  // MARK: - Tints

  static func tints(_ overlay: Overlay, _ facts: Facts, defs: Definitions) -> String {
    var result = ""
    switch overlay {
    case .offscreen:
      for index in facts.offscreen.prefix(maxDrawnLayers) {
        let plan = facts.plan[index]
        let passes = plan.offscreen.reduce(0) { $0 + $1.passes }
        let reasons = plan.offscreen.map { "\($0.rule) \($0.passes)" }.joined(separator: ", ")
        let depth = plan.offscreenDepth
        let note =
          "\(facts.path(index)): \(Markup.plural(passes, "offscreen pass", "offscreen passes")) (\(reasons))"
          + (depth > 0 ? ", nested \(depth) deep" : "")
        result += tint(
          index, facts, color: offscreenColors[facts.offscreenBucket(index)], data: "data-depth=\"\(depth)\" data-passes=\"\(passes)\"",
          overlay: overlay, note: note, defs: defs)
      }
    case .raster:
      for index in facts.rasterHits.prefix(maxDrawnLayers) {
        result += tint(
          index, facts, color: rasterHitColor, data: "data-raster=\"hit\"", overlay: overlay,
          note: "\(facts.path(index)): raster cache hit, the cached bitmap is drawn", defs: defs)
      }
      for index in facts.rasterMisses.prefix(maxDrawnLayers) {
        result += tint(
          index, facts, color: rasterMissColor, data: "data-raster=\"miss\"", overlay: overlay,
          note: "\(facts.path(index)): raster cache miss, the subtree is rendered offscreen into a new bitmap", defs: defs)
      }
    case .blended:
      for index in facts.overdrawn.prefix(maxDrawnLayers) {
        let depth = facts.overdraw[index] ?? 0
        let blends = facts.plan[index].opaque ? "opaque" : "blended"
        result += tint(
          index, facts, color: overdrawColors[min(depth, 4) - 1], data: "data-overdraw=\"\(depth)\"", overlay: overlay,
          note:
            "\(facts.path(index)): drawn over \(depth >= Overdraw.standardLimit ? "\(depth) or more layers" : Markup.plural(depth, "layer")) (\(blends))",
          defs: defs)
      }
    case .misaligned:
      for index in facts.imageLayers.prefix(maxDrawnLayers) {
        let rules = facts.images[index].map(\.rule).joined(separator: ", ")
        let messages = facts.images[index].map(\.message).joined(separator: " ")
        result += tint(
          index, facts, color: misalignedColor, data: "data-images=\"\(Markup.escape(rules))\"", overlay: overlay,
          note: "\(facts.path(index)): \(messages)", defs: defs)
      }
    }
    return result
  }

  /// One tinted layer: its rounded bounds, clipped as the layer is, when its bounds hold what the
  /// overlay is about; otherwise (a container whose sublayers reach past it, or which has no size
  /// of its own) the rectangle on screen its visible part and its sublayers' content cover.
  static func tint(
    _ index: Int, _ facts: Facts, color: String, data: String, overlay: Overlay, note: String, defs: Definitions
  ) -> String {
    let plan = facts.plan[index]
    let layer = facts.layer(index)
    let extent = plan.visibleRect.union(plan.contentRect)
    let tolerance = 1e-6
    let insideBounds =
      !plan.visibleRect.isEmpty && extent.minX >= plan.screenRect.minX - tolerance && extent.minY >= plan.screenRect.minY - tolerance
      && extent.maxX <= plan.screenRect.maxX + tolerance && extent.maxY <= plan.screenRect.maxY + tolerance
    var attributes = "class=\"tint\" data-overlay=\"\(overlay.rawValue)\" data-layer=\"\(Markup.escape(facts.path(index)))\" \(data)"
    let paint = "fill=\"\(color)\" fill-opacity=\"\(tintOpacity)\" stroke=\"\(color)\" stroke-width=\"1\""
    if insideBounds {
      if !wholeLayerVisible(plan) { attributes += " clip-path=\"url(#\(defs.clip(index)))\"" }
      return
        "<g \(attributes)><title>\(Markup.escape(note))</title><g transform=\"\(transformAttribute(facts.transforms[index]))\">\(boundsRect(layer, extra: paint))</g></g>\n"
    }
    return "<g \(attributes)><title>\(Markup.escape(note))</title><rect \(Markup.rectAttributes(extent)) \(paint)/></g>\n"
  }
}
