import Foundation
import LayerTree

/// Walks a tree of ``CapturableLayer`` values into a scene.
///
/// Stages, for each layer, back to front:
/// 1. **id**: the accessibility identifier, else the layer's `name`, else its class name, made
///    valid and unique among its siblings (``LayerIDs``); the captured layer itself is `root`.
/// 2. **geometry** (``placement(of:in:)``): `position`, `bounds`, `anchorPoint` and the
///    transform's 2D part become the scene's untransformed `frame`, `anchorPoint` and `transform`
///    (scale and rotation about the anchor point, then a move), in the superlayer's coordinates
///    less its bounds origin, snapped to the pixel grid of the captured screen (``PixelGrid``).
///    The root is placed at (0, 0).
/// 3. **appearance**: every ``LayerProperties`` value the scene format has, with Core
///    Animation's meaning; colours rounded to 8 bits a channel as scene files hold them.
/// 4. **mask**, then **sublayers**, each the same way.
/// 5. **lists**: with a ``ScrollRequest`` the scroll view it names keeps its sublayers in content
///    coordinates and scrolls from its captured offset; a table or collection view's visible
///    cells become a reuse pool (``ReusePool``).
///
/// What the scene format cannot state is written as the nearest thing it can and listed in
/// ``CapturedScene/notes`` and the scene's `source`: a shear, a perspective, a `shadowPath` that
/// is not a rectangle, a length or position past the format's physical limit (a view parked
/// 10^9 pt away, a list 10^8 pt long: 10,000,000 pt, docs/scene-format.md, "Limits"), written at
/// the limit so that the scene is one the readers take. What it cannot state at all is named
/// there too: a `sublayerTransform`, a `compositingFilter` that is not a blend mode it names, a
/// backing store at another `contentsScale` than the screen's, contents that are not a
/// `CGImage`, animations in flight.
///
/// The scene holds a `CAReplicatorLayer`'s sublayers once, as a file does; reading the file
/// makes the copies. Write it (`SceneEncoder`) and read it back before simulating a scene with
/// replicators, as `RenderCost` does.
///
/// ```swift
/// let captured = try SceneCapture.capture(window.layer, options: CaptureOptions(device: "iphone-13-pro", scale: 3))
/// ```
public enum SceneCapture {
  /// The scene's `source.tool`.
  public static let toolName = "offscreen-sim LayerCapture"

  @MainActor
  public static func capture(_ root: any CapturableLayer, options: CaptureOptions) throws(CaptureError) -> CapturedScene {
    var walker = Walker(options: options)
    let rootLayer = walker.layer(root, id: "root", path: "root", parentOrigin: .zero, depth: 0)
    var scene = Scene(name: options.name, device: options.device, iosVersion: options.iosVersion, root: rootLayer)
    if let request = options.scroll {
      guard let scroll = walker.scroll else {
        throw CaptureError(
          request.target.map { "no scroll view matches \"\($0)\": give its accessibility identifier, its id or the end of its path" }
            ?? "no table or collection view to scroll in the captured tree")
      }
      scene.timeline = Timeline(duration: request.duration, frameRate: request.frameRate, scrolls: [scroll])
    }
    scene.source = SceneSource(tool: SceneCapture.toolName, notes: walker.notes)
    return CapturedScene(scene: scene, notes: walker.notes)
  }

  /// The scene's `frame`, `anchorPoint` and `transform` for a layer, and what they leave out.
  public struct Placement: Sendable, Hashable {
    /// The untransformed frame: the bounds' size with the anchor point at `position`.
    public var frame: Rect
    public var anchorPoint: Point
    /// Scale and rotation about the anchor point, then the translation.
    public var transform: Transform
    /// The part of the transform a rotation and scale cannot state (0 when there is none).
    public var shear: Double
    /// True when the transform has a perspective (m14 or m24), which the scene drops.
    public var perspective: Bool
  }

  /// Where a layer is in its superlayer, as the scene states it.
  ///
  /// Core Animation places the layer's anchor point at `position`, in the superlayer's bounds
  /// coordinates (so less the superlayer's bounds origin `parentOrigin`), and applies the
  /// transform about it, its translation last. The scene says the same with the same names: the
  /// untransformed frame is `position - anchorPoint x size`, UIKit's `frame` before any transform;
  /// `anchorPoint` is kept; the transform is its 2D part decomposed into a scale and a rotation
  /// (``Transform/decomposing(a:b:c:d:)``) and its translation (m41, m42).
  ///
  /// For a layer's own points (z = 0) without perspective a 3D transform is exactly its 2D part
  /// (a turn about x or y squashes the layer), so only a perspective is lost; m44 other than 1
  /// divides everything.
  public nonisolated static func placement(of properties: LayerProperties, in parentOrigin: Point) -> Placement {
    let t = properties.transform
    let w = t.m44 != 0 && t.m44.isFinite ? t.m44 : 1
    let width = max(0, properties.bounds.width)
    let height = max(0, properties.bounds.height)
    let frame = Rect(
      properties.position.x - parentOrigin.x - properties.anchorPoint.x * width,
      properties.position.y - parentOrigin.y - properties.anchorPoint.y * height, width, height)
    var (transform, shear) = Transform.decomposing(a: t.m11 / w, b: t.m12 / w, c: t.m21 / w, d: t.m22 / w)
    transform.translationX = t.m41 / w == 0 ? 0 : t.m41 / w
    transform.translationY = t.m42 / w == 0 ? 0 : t.m42 / w
    return Placement(
      frame: frame, anchorPoint: properties.anchorPoint, transform: transform, shear: shear, perspective: t.m14 != 0 || t.m24 != 0)
  }
}

@MainActor
struct Walker {
  let options: CaptureOptions
  let grid: PixelGrid
  var notes: [String] = []
  var scroll: Scroll? = nil
  /// Set when the scroll view to scroll is found, before its subtree is walked.
  var scrollClaimed = false

  init(options: CaptureOptions) {
    self.options = options
    self.grid = PixelGrid(scale: options.scale)
  }

  mutating func note(_ text: String) {
    if !notes.contains(text) { notes.append(text) }
  }

  /// The layer and its subtree. `parentOrigin` is the superlayer's bounds origin, which
  /// `position` is measured against.
  mutating func layer(_ source: any CapturableLayer, id: String, path: String, parentOrigin: Point, depth: Int) -> Layer {
    let p = source.captureProperties()
    var layer = Layer(id: id)
    // Geometry.
    if depth == 0 {
      layer.frame = limited(grid.snap(Rect(0, 0, max(0, p.bounds.width), max(0, p.bounds.height))), path, "frame")
      if p.transform != .identity { note("\(path): the captured layer's own transform is left out; the scene's root is placed at (0, 0).") }
    } else {
      let placement = SceneCapture.placement(of: p, in: parentOrigin)
      layer.frame = limited(grid.snap(placement.frame), path, "frame")
      layer.anchorPoint = placement.anchorPoint
      layer.transform = placement.transform
      layer.transform.translationX = limited(grid.snap(placement.transform.translationX), .coordinate, path, "transform")
      layer.transform.translationY = limited(grid.snap(placement.transform.translationY), .coordinate, path, "transform")
      if placement.shear != 0 {
        note("\(path): its transform has a shear (\(formatNumber(placement.shear))), written as the nearest rotation and scale.")
      }
      if placement.perspective { note("\(path): its transform's perspective is left out; the layer is drawn flat.") }
    }
    // Appearance.
    layer.cornerRadius = limited(Self.clean(p.cornerRadius, atLeast: 0), .length, path, "cornerRadius")
    layer.maskedCorners = p.maskedCorners
    layer.cornerCurve = p.cornerCurve
    layer.masksToBounds = p.masksToBounds
    layer.opacity = min(1, Self.clean(p.opacity, atLeast: 0))
    layer.allowsGroupOpacity = p.allowsGroupOpacity
    layer.isHidden = p.isHidden
    layer.isOpaque = p.isOpaque
    layer.backgroundColor = p.backgroundColor.map(Self.color)
    layer.borderWidth = limited(Self.clean(p.borderWidth, atLeast: 0), .length, path, "borderWidth")
    layer.borderColor = p.borderColor.map(Self.color) ?? .clear
    layer.shadowOpacity = min(1, Self.clean(p.shadowOpacity, atLeast: 0))
    layer.shadowRadius = limited(Self.clean(p.shadowRadius, atLeast: 0), .length, path, "shadowRadius")
    layer.shadowOffset = Size(
      limited(Self.clean(p.shadowOffset.width), .coordinate, path, "shadowOffset"),
      limited(Self.clean(p.shadowOffset.height), .coordinate, path, "shadowOffset"))
    layer.shadowColor = p.shadowColor.map(Self.color) ?? .clear
    if let shadow = p.shadowPath { layer.shadowPath = limited(shadowPath(shadow, of: p, at: id), path) }
    layer.shouldRasterize = p.shouldRasterize
    layer.rasterizationScale = p.rasterizationScale > 0 ? Self.clean(p.rasterizationScale) : 1
    layer.allowsEdgeAntialiasing = p.allowsEdgeAntialiasing
    layer.contents = limited(p.contents, path)
    layer.contentsGravity = p.contentsGravity
    layer.constraints = constraints(p.constraints, path)
    layer.kind = kind(p, path: path, layer: &layer)
    noteUnwritten(p, path: path)
    switch p.compositingFilter {
    case .blendMode(let filter)?: layer.compositingFilter = filter
    case .other(let name)?:
      note(
        "\(path): its compositingFilter (\(name)) is not a Core Animation blend mode the scene format names; it is left out, so the layer is composited source-over and any offscreen pass the filter takes is not counted."
      )
    case nil: break
    }
    // Mask and sublayers, placed against this layer's bounds origin.
    let origin = Point(p.bounds.x, p.bounds.y)
    guard depth < CaptureOptions.maxDepth else {
      note("Layers nested more than \(CaptureOptions.maxDepth) deep are left out.")
      return layer
    }
    if let mask = source.maskToCapture {
      let maskID = LayerIDs.valid(Self.name(of: mask.captureProperties(), fallback: "mask"))
      layer.mask = self.layer(mask, id: maskID, path: LayerPath.child(path, maskID), parentOrigin: origin, depth: depth + 1)
    }
    let scrolls = isScrollTarget(p, id: id, path: path)
    if scrolls { scrollClaimed = true }
    var ids = LayerIDs()
    var cellIndices: [Int?] = []
    for sublayer in source.sublayersToCapture {
      let properties = sublayer.captureProperties()
      let childID = ids.unique(Self.name(of: properties, fallback: properties.className))
      // A scrolling view keeps its content in content coordinates: the scroll moves it.
      let childOrigin = scrolls ? .zero : origin
      layer.sublayers.append(
        self.layer(sublayer, id: childID, path: LayerPath.child(path, childID), parentOrigin: childOrigin, depth: depth + 1))
      cellIndices.append(properties.cellIndex)
    }
    if let info = p.scroll {
      if scrolls {
        startScroll(info, properties: p, layer: &layer, path: path, cellIndices: cellIndices)
      } else if info.reusesCells {
        let cells = cellIndices.compactMap { $0 }.count
        note(
          "\(path): a list showing \(plural(cells, "cell"))\(info.itemCount.map { " of \($0) items" } ?? ""); a capture of one moment holds the visible cells only: capture with a scroll to simulate scrolling with cell reuse."
        )
      }
    }
    return layer
  }

  /// Notes what the capture read but the scene cannot hold: a `sublayerTransform`, a backing store
  /// at another scale than the screen's, contents that are not a `CGImage`, animations in flight.
  mutating func noteUnwritten(_ p: LayerProperties, path: String) {
    if p.sublayerTransform != .identity {
      note("\(path): its sublayerTransform is left out (the scene format has none); its sublayers are placed without it.")
    }
    if let scale = p.contentsScale, scale.isFinite, scale > 0, options.scale > 0, abs(scale - options.scale) > 1e-6 {
      let ratio = options.scale / scale
      switch p.contents {
      case .drawing?, .text?:
        note(
          "\(path): its contentsScale is \(formatNumber(Self.clean(scale))) where the screen's scale is \(formatNumber(Self.clean(options.scale))): the scene sizes its backing store at the screen's scale, \(formatNumber(Self.clean(ratio * ratio))) times the pixels the layer has."
        )
      case .image?, nil:
        break
      }
    }
    if let type = p.otherContentsType {
      note("\(path): its contents are a \(type), not a CGImage: written as a drawing the layer's size (a backing store).")
    }
    if !p.animationKeys.isEmpty {
      let count = p.animationKeys.count
      note(
        "\(path): \(plural(count, "animation")) in flight (\(p.animationKeys.joined(separator: ", "))): captured at the model values, where \(count == 1 ? "it ends" : "they end"), not as the screen shows the layer now."
      )
    }
  }

  /// The layer's name in the scene: accessibility identifier, `name`, or `fallback`.
  static func name(of properties: LayerProperties, fallback: String) -> String {
    if let id = properties.accessibilityIdentifier, !id.isEmpty { return id }
    if let name = properties.name, !name.isEmpty { return name }
    return fallback
  }

  // MARK: Classes

  mutating func kind(_ p: LayerProperties, path: String, layer: inout Layer) -> LayerKind {
    switch p.kind {
    case .plain:
      return .plain
    case .shape(let shapePath, let fill, let stroke, let lineWidth):
      // A shape layer without a path draws nothing: a plain layer says the same.
      guard let shapePath else { return .plain }
      var shape = ShapeLayer(path: limited(Self.shapePath(shapePath), path))
      shape.fillColor = fill.map(Self.color)
      shape.strokeColor = stroke.map(Self.color)
      shape.lineWidth = limited(Self.clean(lineWidth, atLeast: 0), .length, path, "lineWidth")
      return .shape(shape)
    case .gradient(let colors):
      return .gradient(GradientLayer(colors: colors.map(Self.color)))
    case .visualEffect(let style):
      return .visualEffect(VisualEffect(style: style))
    case .transformLayer:
      return .transformLayer
    case .replicator(let captured):
      var replicator = ReplicatorLayer(instanceCount: min(max(1, captured.instanceCount), ReplicatorLayer.instanceCountRange.upperBound))
      let t = captured.instanceTransform
      var (transform, shear) = Transform.decomposing(a: t.m11, b: t.m12, c: t.m21, d: t.m22)
      transform.translationX = limited(Self.clean(t.m41), .coordinate, path, "instanceTransform")
      transform.translationY = limited(Self.clean(t.m42), .coordinate, path, "instanceTransform")
      replicator.instanceTransform = transform
      if shear != 0 || !t.isAffineOnLayerPlane {
        note("\(path): its instanceTransform is written as the nearest rotation, scale and move.")
      }
      replicator.instanceColor = captured.instanceColor.map(Self.color) ?? .white
      replicator.instanceRedOffset = Self.clean(captured.instanceRedOffset)
      replicator.instanceGreenOffset = Self.clean(captured.instanceGreenOffset)
      replicator.instanceBlueOffset = Self.clean(captured.instanceBlueOffset)
      replicator.instanceAlphaOffset = Self.clean(captured.instanceAlphaOffset)
      return .replicator(replicator)
    }
  }

  static func shapePath(_ path: PathShape) -> ShapePath {
    switch path {
    case .rect(let rect): return .rect(rect)
    case .roundedRect(let rect, let radius): return .roundedRect(rect, cornerRadius: max(0, radius))
    case .ellipse(let rect): return .ellipse(rect)
    case .other(let bounds, let points): return .arbitrary(bounds: bounds, points: max(1, points))
    }
  }

  /// `shadowPath`: the scene states a rectangle, rounded or not; the layer's own rounded
  /// bounds are `bounds`. An ellipse becomes its rectangle rounded by half its shorter side;
  /// another shape, its bounding box.
  mutating func shadowPath(_ path: PathShape, of p: LayerProperties, at id: String) -> ShadowPath {
    let bounds = Rect(0, 0, p.bounds.width, p.bounds.height)
    switch path {
    case .rect(let rect):
      return rect == bounds && p.cornerRadius == 0 ? .bounds : .rect(rect, cornerRadius: 0)
    case .roundedRect(let rect, let radius):
      return rect == bounds && radius == p.cornerRadius ? .bounds : .rect(rect, cornerRadius: max(0, radius))
    case .ellipse(let rect):
      return .rect(rect, cornerRadius: min(rect.width, rect.height) / 2)
    case .other(let box, _):
      note("Shadow paths that are not rectangles or ellipses are written as their bounding box.")
      return .rect(box, cornerRadius: 0)
    }
  }

  // MARK: Scrolling

  func isScrollTarget(_ p: LayerProperties, id: String, path: String) -> Bool {
    guard let request = options.scroll, !scrollClaimed, let info = p.scroll else { return false }
    guard let target = request.target else { return info.reusesCells }
    return p.accessibilityIdentifier == target || id == target || path == target || path.hasSuffix("/" + target)
  }

  mutating func startScroll(
    _ info: LayerProperties.ScrollInfo, properties p: LayerProperties, layer: inout Layer, path: String, cellIndices: [Int?]
  ) {
    guard let request = options.scroll else { return }
    let horizontal = info.contentSize.width > p.bounds.width && info.contentSize.height <= p.bounds.height
    let axis: Scroll.Axis = horizontal ? .horizontal : .vertical
    var reuse: CellReuse? = nil
    if info.reusesCells {
      let pool = ReusePool.fold(
        layer.sublayers, cellIndices: cellIndices, axis: axis, viewport: horizontal ? p.bounds.width : p.bounds.height,
        items: info.itemCount, path: path)
      layer.sublayers = pool.sublayers
      reuse = pool.reuse
      note(pool.note)
      if var cellReuse = reuse {
        autoLayoutCells(&cellReuse, in: &layer, path: path)
        reuse = cellReuse
      }
    }
    let offset = horizontal ? p.bounds.x : p.bounds.y
    let contentLength = grid.snap(horizontal ? info.contentSize.width : info.contentSize.height)
    scroll = Scroll(
      target: path, axis: axis, motion: request.motion, startOffset: limited(grid.snap(offset), .coordinate, path, "content offset"),
      contentLength: limited(contentLength, .positiveLength, path, "content size"), reuse: reuse)
  }

  /// A pool whose cells' views hold Auto Layout constraints lays its cells out with Auto Layout:
  /// UIKit solves a cell's constraints each time it shows or takes a new item (its labels'
  /// sizes measured in the solve), which the reuse's `layout` and `constraints` say. The counts
  /// move from the copies' layers to the reuse, so that a cell's first showing is not solved
  /// twice (once as the pool's set-up, once as its views'). Row heights stay fixed: a capture
  /// cannot tell a table that sizes its rows itself.
  mutating func autoLayoutCells(_ reuse: inout CellReuse, in layer: inout Layer, path: String) {
    let copy = "\(reuse.cell)["
    guard let template = layer.sublayers.first(where: { $0.id.hasPrefix(copy) }) else { return }
    let held = Self.constraintsHeld(in: template)
    guard held > 0 else { return }
    let limit = CellReuse.maxConstraints
    reuse.layout = .autoLayout
    reuse.constraints = min(held, limit)
    for index in layer.sublayers.indices where layer.sublayers[index].id.hasPrefix(copy) {
      Self.clearConstraints(&layer.sublayers[index])
    }
    note(
      "\(path): each cell's views hold \(plural(held, "Auto Layout constraint")): the reuse is written with `\"layout\": \"autoLayout\"` and `\"constraints\": \(min(held, limit))`, solved each time a cell shows or takes a new item; its row heights are taken as fixed (`rowHeight`): set `rowHeights` if the table sizes its rows itself."
    )
  }

  /// The constraints the views of `layer`'s subtree hold, mask layers left out (no view backs
  /// them).
  static func constraintsHeld(in layer: Layer) -> Int {
    layer.sublayers.reduce(layer.constraints) { $0 + constraintsHeld(in: $1) }
  }

  static func clearConstraints(_ layer: inout Layer) {
    layer.constraints = 0
    for index in layer.sublayers.indices { clearConstraints(&layer.sublayers[index]) }
  }

  // MARK: Values

  /// The view's constraint count as the scene holds it: past the format's limit it is written at
  /// the limit, with a note; a count below 0 (from a conformance other than UIKit's) is 0.
  mutating func constraints(_ count: Int, _ path: String) -> Int {
    guard count > Layer.maxConstraints else { return max(0, count) }
    note(
      "\(path): its view holds \(NumberRange.grouped(Double(count))) constraints, more than the scene format's \(NumberRange.grouped(Double(Layer.maxConstraints))), and is written with \(NumberRange.grouped(Double(Layer.maxConstraints)))."
    )
    return Layer.maxConstraints
  }

  /// A captured length or position within `range`: past its physical limit (a view parked 10^9
  /// pt away, a list 10^8 pt long) it is written at the limit, with a note naming the layer and
  /// `what`; a value below the range or not finite is left as it is.
  mutating func limited(_ value: Double, _ range: NumberRange, _ path: String, _ what: String) -> Double {
    guard range.passesLimit(value) || value.isInfinite else { return value }
    let unit = range.unit == .pixels ? "px" : "pt"
    note(
      "\(path): its \(what) reaches past \(NumberRange.grouped(range.upper)) \(unit), the scene format's limit, and is written at the limit."
    )
    return value > 0 ? range.upper : range.lower
  }

  /// A captured rectangle within the ranges of a scene's rects. One wholly past -10^7 or 10^7 pt
  /// (a view parked far away) moves to the limit, its size at most 10^7; one that crosses into
  /// them keeps the part within, and when that is more than 10^7 pt across, the 10^7 nearest 0 (a
  /// background far larger than the screen keeps the part a screen near 0 shows).
  mutating func limited(_ rect: Rect, _ path: String, _ what: String) -> Rect {
    let limit = NumberRange.maxPoints
    var changed = false
    func span(_ start: Double, _ length: Double) -> (start: Double, length: Double) {
      guard !start.isNaN, !length.isNaN, !NumberRange.coordinate.contains(start) || !NumberRange.length.contains(length) else {
        return (start, length)
      }
      changed = true
      let end = start + length
      if start >= limit || end <= -limit { return (start > 0 ? limit : -limit, min(limit, max(0, length))) }
      var low = max(-limit, start)
      let high = min(limit, end)
      if high - low > limit { low = min(max(-limit / 2, low), high - limit) }
      return (low, max(0, min(limit, high - low)))
    }
    let (x, width) = span(rect.x, rect.width)
    let (y, height) = span(rect.y, rect.height)
    let result = Rect(x, y, width, height)
    if changed {
      note(
        "\(path): its \(what) reaches past \(NumberRange.grouped(limit)) pt, the scene format's limit, and is written within it.")
    }
    return result
  }

  mutating func limited(_ shadowPath: ShadowPath, _ path: String) -> ShadowPath {
    guard case .rect(let rect, let radius) = shadowPath else { return shadowPath }
    return .rect(limited(rect, path, "shadowPath"), cornerRadius: limited(radius, .length, path, "shadowPath"))
  }

  mutating func limited(_ shape: ShapePath, _ path: String) -> ShapePath {
    switch shape {
    case .rect(let rect): return .rect(limited(rect, path, "path"))
    case .roundedRect(let rect, let radius):
      return .roundedRect(limited(rect, path, "path"), cornerRadius: limited(radius, .length, path, "path"))
    case .ellipse(let rect): return .ellipse(limited(rect, path, "path"))
    case .arbitrary(let bounds, let points):
      let most = SceneFormat.standard.shapePath["points"].range.map { Int($0.upper) } ?? points
      return .arbitrary(bounds: limited(bounds, path, "path"), points: min(most, points))
    }
  }

  /// Contents whose image is within the largest bitmap the scene format holds.
  mutating func limited(_ contents: Contents?, _ path: String) -> Contents? {
    guard case .image(var image) = contents else { return contents }
    image.pixelSize = Size(
      limited(image.pixelSize.width, .pixels, path, "image"), limited(image.pixelSize.height, .pixels, path, "image"))
    return .image(image)
  }

  /// A captured number as the scene writes it: finite, at least `minimum`, and rounded to 1e-6
  /// (a `Float` property such as `opacity` 0.3 reads 0.30000001192...).
  static func clean(_ value: Double, atLeast minimum: Double = -.infinity) -> Double {
    guard value.isFinite else { return max(minimum, 0) }
    let rounded = (max(minimum, value) * 1e6).rounded() / 1e6
    return rounded == 0 ? 0 : rounded
  }

  /// A colour as a scene file holds it: each channel within 0...1, to 8 bits.
  static func color(_ color: Color) -> Color {
    func channel(_ value: Double) -> Double { value.isFinite ? (min(1, max(0, value)) * 255).rounded() / 255 : 0 }
    return Color(red: channel(color.red), green: channel(color.green), blue: channel(color.blue), alpha: channel(color.alpha))
  }
}
