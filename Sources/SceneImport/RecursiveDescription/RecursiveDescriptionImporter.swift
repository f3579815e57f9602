import Foundation
import LayerTree

/// Turns a UIKit `recursiveDescription` dump into a scene.
///
/// A dump is one moment of a view hierarchy as UIKit prints it: each view's class, `frame`, and
/// the properties that differ from the defaults. What it has becomes the layer's keys:
///
/// | in the dump | in the scene |
/// | --- | --- |
/// | class name (`Adyen.ListCell`, `_TtC5Adyen9FormView`) | the layer's `id`, short (`ListCell`, `FormView`), numbered among siblings |
/// | `frame = (x y; w h)` | `frame`, less the superview's `contentOffset`, on the device's pixel grid |
/// | `transform = [a, b, c, d, tx, ty]` | `transform`; the printed frame is then the turned bounding box, and the untransformed frame is worked out from it |
/// | `clipsToBounds = YES` | `masksToBounds` |
/// | `alpha = 0.3` | `opacity` |
/// | `hidden = YES` | `isHidden` |
/// | `backgroundColor = …` | `backgroundColor` (``UIKitColorDescription``) |
/// | `text = '…'` on a label (`_UILabelLayer`) | `text` contents with as many characters as printed |
/// | `UIImageView` | `image` contents of the view's size in pixels |
/// | `UIVisualEffectView` | class `UIVisualEffectView`, blur (or vibrancy when the dump names `UIVibrancyEffect`); its content view as the sublayer |
/// | `layer = <CAGradientLayer…>` | class `CAGradientLayer` without colours |
/// | `contentOffset: {x, y}` | the subviews' frames moved by the offset, as the screen shows them |
///
/// What a dump does not have (corner radius, shadows, masks, rasterization, image sizes, a
/// layer's own sublayers) is not in the scene: the passes those cause are missing, so the
/// figures are a lower bound. ``ImportedScene/notes`` says so, with what was assumed.
public enum RecursiveDescriptionImporter {
  public struct Options: Sendable {
    /// The device the scene runs on; nil: the known device whose screen is the top-level view's
    /// size.
    public var device: String?
    /// The devices known by id, with their screens: to guess the device and to snap frames to
    /// its pixel grid.
    public var screens: [String: DeviceScreen]
    /// The iOS release; nil: the scene format's default.
    public var iosVersion: OSVersion?
    /// The scene's name.
    public var name: String
    /// The input's name, kept in the scene's `source`.
    public var file: String?
    /// The limits the scene is held to as the dump is read, the scene readers' by default: a dump
    /// of more views than the layer limit, or nested deeper than layers may nest, is refused.
    public var limits: InputLimits

    public init(
      device: String? = nil, screens: [String: DeviceScreen], iosVersion: OSVersion? = nil, name: String = "", file: String? = nil,
      limits: InputLimits = .standard
    ) {
      self.device = device
      self.screens = screens
      self.iosVersion = iosVersion
      self.name = name
      self.file = file
      self.limits = limits
    }
  }

  /// The scene's `source.tool`.
  public static let toolName = "offscreen-sim import recursive-description"

  /// The note every imported scene carries: what a dump cannot say.
  public static let lowerBoundNote =
    "A recursiveDescription has no corner radius, shadow, mask, rasterization, image size or layer without a view: the offscreen passes and costs they cause are not in this scene, so its figures are a lower bound."

  /// Labels print at most this many characters of their text, then `...`.
  static let printedTextLimit = 25

  public static func importScene(_ bytes: [UInt8], options: Options) throws(SceneErrors) -> ImportedScene {
    let roots = try RecursiveDescriptionReader.read(bytes, limits: options.limits)
    var builder = Builder(options: options)
    let scene = builder.scene(from: roots)
    if scene == nil && builder.diagnostics.isEmpty {
      // Every way to no scene says why; this stands in should one not.
      builder.diagnostics.append(
        Diagnostic(path: "", location: roots.first?.location, message: "no scene can be made of this dump; choose the device with --device")
      )
    }
    if !builder.diagnostics.isEmpty {
      // In file order, whatever order the fields were read in.
      let ordered = builder.diagnostics.enumerated().sorted {
        ($0.element.location ?? SourceLocation(line: 0, column: 0), $0.offset) < (
          $1.element.location ?? SourceLocation(line: 0, column: 0), $1.offset
        )
      }
      throw SceneErrors(ordered.map(\.element))
    }
    guard let scene else { throw SceneErrors(builder.diagnostics) }
    // The reader held the views to the limits; what the scene adds (a root around several
    // top-level views, its name) is checked on the scene, so that no reader refuses what is written.
    if let problem = scene.firstLimitProblem(options.limits) {
      throw SceneErrors([
        Diagnostic(
          path: "", location: roots.first?.location, message: "the dump makes a scene past the scene readers' limits: \(problem)",
          notes: ["the limits bound what an untrusted file can cost; --max-layers raises the layer limit"])
      ])
    }
    return ImportedScene(scene: scene, notes: builder.notes())
  }
}

private struct Builder {
  let options: RecursiveDescriptionImporter.Options
  var diagnostics: [Diagnostic] = []
  var grid = PixelGrid(scale: 1)
  var deviceNote: String? = nil
  var truncatedLabels = 0
  var layersWithoutViews = 0
  var unreadColors: [String] = []
  var squareGuesses = 0
  var shears = 0

  init(options: RecursiveDescriptionImporter.Options) { self.options = options }

  mutating func scene(from roots: [ViewDescription]) -> Scene? {
    // The top-level frame decides the device when none is given.
    let topFrame = roots.first.flatMap { $0.field("frame") }.flatMap { Self.parseNumbers($0.value, count: 4) }
    let device: String
    if let chosen = options.device {
      device = chosen
    } else if let topFrame {
      let size = Size(topFrame[2], topFrame[3])
      let matches = options.screens.filter { $0.value.points == size }.keys.sorted()
      guard let first = matches.first else {
        let known = options.screens.sorted { $0.key < $1.key }.map {
          "\($0.key) \(formatNumber($0.value.points.width)) x \(formatNumber($0.value.points.height))"
        }
        diagnostics.append(
          Diagnostic(
            path: "", location: roots.first?.location,
            message:
              "no known device has a \(formatNumber(size.width)) x \(formatNumber(size.height)) pt screen, the top-level view's size; choose one with --device",
            notes: ["known devices: " + known.joined(separator: ", ")]))
        return nil
      }
      device = first
      let others = matches.dropFirst()
      deviceNote =
        "The device is \(first), the known device whose screen is the top-level view's size (\(formatNumber(size.width)) x \(formatNumber(size.height)) pt)"
        + (others.isEmpty ? "" : "; \(others.joined(separator: ", ")) \(others.count == 1 ? "has" : "have") the same screen")
        + ": the dump does not name its device."
    } else {
      // Nothing to choose the device by: the top-level view has no frame, or one that cannot be read.
      let top = roots.first
      let advice = "the top-level view's frame chooses the device; give it one, or choose the device with --device"
      if let field = top?.field("frame") {
        // The frame's own error, at its place, with the way out.
        let before = diagnostics.count
        _ = numbers(field, count: 4, shape: "frame = (x y; width height)")
        if diagnostics.count > before { diagnostics[before].notes.append(advice) }
      } else {
        diagnostics.append(
          Diagnostic(
            path: "", location: top?.location,
            message:
              "the top-level view\(top.map { " " + quote($0.className) } ?? "") has no `frame = (x y; width height)` to choose the device by; give it one, or choose the device with --device"
          ))
      }
      return nil
    }
    grid = PixelGrid(scale: options.screens[device]?.scale ?? 1)
    var root: Layer
    if roots.count == 1 {
      root = layer(roots[0], id: "root", parentOffset: .zero)
    } else {
      // Several top-level views (a dump of every window): a screen-sized root holds them.
      root = Layer(id: "root", frame: options.screens[device]?.bounds ?? .zero)
      var ids = LayerIDs()
      for view in roots where !view.isLayerOnly {
        root.sublayers.append(layer(view, id: ids.unique(ClassName.short(view.className)), parentOffset: .zero))
      }
    }
    var scene = Scene(name: options.name, device: device, root: root)
    if let version = options.iosVersion { scene.iosVersion = version }
    scene.source = SceneSource(tool: RecursiveDescriptionImporter.toolName, file: options.file, notes: notes())
    return scene
  }

  func notes() -> [String] {
    var notes = [RecursiveDescriptionImporter.lowerBoundNote]
    notes.append("Image views are taken to show an image of their own size in pixels; labels' text has the characters the dump prints.")
    if let deviceNote { notes.append(deviceNote) }
    if options.iosVersion == nil { notes.append("The dump does not say its iOS release: iOS \(OSVersion.latest) is assumed.") }
    if truncatedLabels > 0 {
      notes.append(
        "\(truncatedLabels) label\(truncatedLabels == 1 ? "'s text is" : "s' text is") cut at \(RecursiveDescriptionImporter.printedTextLimit) characters in the dump and counted as \(RecursiveDescriptionImporter.printedTextLimit)."
      )
    }
    if layersWithoutViews > 0 {
      notes.append(
        "\(plural(layersWithoutViews, "sublayer")) without a view (`(layer)` lines) \(layersWithoutViews == 1 ? "has" : "have") no frame in the dump and \(layersWithoutViews == 1 ? "is" : "are") left out."
      )
    }
    if !unreadColors.isEmpty {
      notes.append(
        "Colours the dump does not spell out are taken as opaque: \(unreadColors.prefix(5).map(quote).joined(separator: ", "))\(unreadColors.count > 5 ? " and \(unreadColors.count - 5) more" : "")."
      )
    }
    if squareGuesses > 0 {
      notes.append(
        "\(plural(squareGuesses, "view")) \(squareGuesses == 1 ? "is" : "are") turned so that the printed frame cannot tell width from height; taken as square."
      )
    }
    if shears > 0 {
      notes.append(
        "\(plural(shears, "view")) \(shears == 1 ? "has" : "have") a sheared transform, written as the nearest rotation and scale.")
    }
    return notes
  }

  // MARK: One view

  mutating func layer(_ view: ViewDescription, id: String, parentOffset: Point) -> Layer {
    var layer = Layer(id: id)
    let uikitClass = view.field("baseClass")?.value ?? view.className
    let layerClass = view.field("layer").map { ClassName.layerClass($0.value) } ?? "CALayer"
    // Geometry.
    if let field = view.field("frame") {
      if let values = numbers(field, count: 4, shape: "frame = (x y; width height)") {
        if values[2] < 0 || values[3] < 0 {
          error(field, "expected a width and height >= 0, found \(formatNumber(values[2])) x \(formatNumber(values[3]))")
        }
        var frame = Rect(values[0] - parentOffset.x, values[1] - parentOffset.y, max(0, values[2]), max(0, values[3]))
        let transformField = view.field("transform")
        if let transformField, let matrix = numbers(transformField, count: 6, shape: "transform = [a, b, c, d, tx, ty]") {
          frame = untransformedFrame(frame, a: matrix[0], b: matrix[1], c: matrix[2], d: matrix[3])
          let (transform, shear) = Transform.decomposing(a: matrix[0], b: matrix[1], c: matrix[2], d: matrix[3])
          layer.transform = transform
          if shear != 0 { shears += 1 }
        }
        // Printed numbers are within a million points, but a transform that shrinks the view
        // a hundredfold or more makes the bounds before it larger than the scene format holds.
        let (coordinate, length) = (NumberRange.coordinate, NumberRange.length)
        if !coordinate.contains(frame.x) || !coordinate.contains(frame.y) || !length.contains(frame.width)
          || !length.contains(frame.height)
        {
          error(
            transformField ?? field,
            "the frame before the transform, (\(formatNumber(frame.x)) \(formatNumber(frame.y)); \(formatNumber(frame.width)) \(formatNumber(frame.height))), reaches past \(NumberRange.grouped(NumberRange.maxPoints)) pt, the scene format's limit"
          )
        } else {
          layer.frame = grid.snap(frame)
        }
      }
    } else {
      diagnostics.append(
        Diagnostic(
          path: "", location: view.location, message: "the description of \(quote(view.className)) has no `frame = (x y; width height)`"))
    }
    // What the view shows.
    if let field = view.field("clipsToBounds") { layer.masksToBounds = flag(field) }
    if let field = view.field("hidden") { layer.isHidden = flag(field) }
    if let field = view.field("alpha"), let value = numbers(field, count: 1, shape: "a number from 0 to 1") {
      if (0...1).contains(value[0]) {
        layer.opacity = value[0]
      } else {
        error(field, "expected a number from 0 to 1, found \(formatNumber(value[0]))")
      }
    }
    if let field = view.field("backgroundColor") {
      if let color = UIKitColorDescription.color(field.value) {
        layer.backgroundColor = color
      } else {
        if !unreadColors.contains(field.value) { unreadColors.append(field.value) }
        layer.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5)
      }
    }
    var printedOpaque = true
    if let field = view.field("opaque") { printedOpaque = flag(field) }
    if layerClass == "_UILabelLayer" || uikitClass == "UILabel" {
      if let text = view.field("text"), let characters = characterCount(text) {
        layer.contents = .text(TextContents(characters: characters))
        // Glyphs leave transparent pixels unless the label fills its bounds with an opaque colour.
        layer.isOpaque = printedOpaque && layer.backgroundColor?.isOpaque == true
      }
    } else if uikitClass == "UIImageView", !layer.frame.isEmpty {
      let scale = grid.scale
      // The frame at the screen's scale, within the scene format's largest bitmap.
      let side = { (points: Double) in min(NumberRange.maxPixels, (points * scale).rounded()) }
      layer.contents = .image(ImageContents(pixelSize: Size(side(layer.frame.width), side(layer.frame.height))))
    }
    if uikitClass == "UIVisualEffectView" {
      let vibrancy = view.fields.contains { $0.value.contains("UIVibrancyEffect") }
      layer.kind = .visualEffect(VisualEffect(style: vibrancy ? .vibrancy : .blur))
    } else if layerClass == "CAGradientLayer" {
      layer.kind = .gradient(GradientLayer(colors: []))
    }
    // Subviews, in the scroll view's content moved by its offset.
    var offset = Point.zero
    if let field = view.field("contentOffset"), let values = numbers(field, count: 2, shape: "contentOffset: {x, y}") {
      offset = Point(values[0], values[1])
    }
    if let field = view.field("contentSize") { _ = numbers(field, count: 2, shape: "contentSize: {width, height}") }
    var ids = LayerIDs()
    for subview in view.subviews {
      if subview.isLayerOnly {
        layersWithoutViews += 1 + subview.subviews.count
        continue
      }
      // An effect view's backdrop and filter views are the effect itself, already counted.
      if uikitClass == "UIVisualEffectView", ClassName.effectInternals.contains(subview.field("baseClass")?.value ?? subview.className) {
        continue
      }
      layer.sublayers.append(self.layer(subview, id: ids.unique(ClassName.short(subview.className)), parentOffset: offset))
    }
    return layer
  }

  /// The frame before the transform: the printed frame is the bounding box of the turned
  /// bounds, centred on the layer's position. Its width and height are |a| w + |c| h and
  /// |b| w + |d| h; solved for w and h.
  mutating func untransformedFrame(_ box: Rect, a: Double, b: Double, c: Double, d: Double) -> Rect {
    let (pa, pb, pc, pd) = (abs(a), abs(b), abs(c), abs(d))
    let determinant = pa * pd - pc * pb
    var width: Double
    var height: Double
    if abs(determinant) > 1e-9 {
      width = (box.width * pd - pc * box.height) / determinant
      height = (pa * box.height - pb * box.width) / determinant
    } else {
      squareGuesses += 1
      width = pa + pc > 0 ? box.width / (pa + pc) : 0
      height = width
    }
    width = max(0, width)
    height = max(0, height)
    return Rect(box.midX - width / 2, box.midY - height / 2, width, height)
  }

  /// The characters of `text = '…'`, or nil for an empty text. A text cut by the dump
  /// (`'Get the code from your ba...'`) counts its printed characters.
  mutating func characterCount(_ field: ViewDescription.Field) -> Int? {
    var value = field.value
    guard value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") else {
      error(field, "expected the text in single quotes, `text = '…'`, found \(quote(value))")
      return nil
    }
    value = String(value.dropFirst().dropLast())
    let limit = RecursiveDescriptionImporter.printedTextLimit
    if value.hasSuffix("..."), value.count == limit + 3 {
      truncatedLabels += 1
      return limit
    }
    return value.isEmpty ? nil : value.count
  }

  // MARK: Values

  mutating func flag(_ field: ViewDescription.Field) -> Bool {
    switch field.value {
    case "YES": return true
    case "NO": return false
    default:
      error(field, "expected YES or NO for `\(field.key)`, found \(quote(field.value))")
      return false
    }
  }

  /// The numbers of a value such as `(0 47; 390 763)`, `{0, 0}` or `[1, 0, 0, 1, 0, 0]`: every
  /// number separated by spaces, `;` or `,` inside the brackets; nil (with an error) unless
  /// there are `count`, each finite and within a million points.
  mutating func numbers(_ field: ViewDescription.Field, count: Int, shape: String) -> [Double]? {
    switch Self.readNumbers(field.value, count: count) {
    case .success(let values):
      return values
    case .failure(.outOfRange(let word)):
      error(field, "expected finite numbers within a million points, found \(quote(word))")
    case .failure(.shape):
      error(field, "expected `\(shape)` (\(plural(count, "number"))), found \(quote(field.value))")
    }
    return nil
  }

  enum NumbersProblem: Error {
    case shape
    case outOfRange(String)
  }

  static func parseNumbers(_ text: String, count: Int) -> [Double]? { try? readNumbers(text, count: count).get() }

  static func readNumbers(_ text: String, count: Int) -> Result<[Double], NumbersProblem> {
    var text = Substring(text)
    if let first = text.first, "({[".contains(first) {
      guard let last = text.last, ")}]".contains(last) else { return .failure(.shape) }
      text = text.dropFirst().dropLast()
    }
    var values: [Double] = []
    for word in text.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," }) {
      guard let value = Double(word) else { return .failure(.shape) }
      guard value.isFinite, abs(value) <= 1_000_000 else { return .failure(.outOfRange(String(word))) }
      values.append(value == 0 ? 0 : value)
    }
    return values.count == count ? .success(values) : .failure(.shape)
  }

  mutating func error(_ field: ViewDescription.Field, _ message: String) {
    diagnostics.append(Diagnostic(path: "", location: field.location, message: "`\(field.key)`: " + message))
  }
}

extension ClassName {
  /// The class inside `layer = <CALayer: 0x…>`.
  static func layerClass(_ value: String) -> String {
    String(value.drop { $0 == "<" }.prefix { $0 != ":" && $0 != ";" && $0 != ">" && $0 != " " })
  }

  /// The private views a `UIVisualEffectView` draws its effect with (as `recursiveDescription`
  /// lists them since iOS 10, and `_UIVisualEffectFilterView` before): the effect itself, which
  /// the scene's `UIVisualEffectView` class already stands for.
  static let effectInternals: Set<String> = ["_UIVisualEffectBackdropView", "_UIVisualEffectSubview", "_UIVisualEffectFilterView"]
}
