/// The keys of the top-level object and of the small objects a layer holds: contents, a shape
/// layer's path, a shadow path, a transform, `repeat`, and the scene's `source`.
enum SceneKeys {
  static let scene = ObjectKind(
    name: "scene", what: "a scene", doc: "A UIKit / Core Animation layer tree for offscreen-sim to simulate.",
    keys: [
      FormatKey(
        "version", .integer(Scene.formatVersion...Scene.formatVersion), requirement: .required,
        doc: "The format version: `\(Scene.formatVersion)`; any other number is refused."),
      FormatKey("name", .string(maxLength: nil), defaultValue: .string(""), doc: "A short name, printed at the top of the report."),
      FormatKey(
        "description", .string(maxLength: nil), defaultValue: .string(""),
        doc: "Free text: the screen, what was measured on the device, what the file models and leaves out."),
      FormatKey(
        "device", .device, requirement: .requiredUnless("`--device` is given"),
        doc: "The device the scene runs on (`offscreen-sim devices`); `--device` replaces it."),
      FormatKey(
        "iosVersion",
        .custom(
          text: "string (or number)",
          schema: .object([
            (
              "anyOf",
              .array([
                .object([("type", .string("string")), ("pattern", .string(#"^(0?[1-9]|[1-9][0-9])(\.[0-9]{1,2}(\.[0-9]+)?)?$"#))]),
                .object([("type", .string("number")), ("minimum", .int(1)), ("exclusiveMaximum", .int(100))]),
              ])
            )
          ])),
        defaultValue: .string(OSVersion.latest.description),
        doc:
          "The iOS release the screen runs on: `\"10\"`, `\"10.2\"` or `\"10.2.1\"` (patch ignored). Write a string: the number 10.10 reads as 10.1."
      ),
      FormatKey("source", .object("source"), doc: "Where an imported or captured scene came from. See [source](#source)."),
      FormatKey("root", .layer, requirement: .required, doc: "The root layer, usually the window's layer. See [Layers](#layers)."),
      FormatKey(
        "timeline", .object("timeline"), defaultText: "none (one frame)",
        doc: "What changes over time: animations, content changes, scrolling. See [Timeline](#timeline)."),
      FormatKey("budgets", .object("budgets"), doc: "Limits `offscreen-sim check` holds the scene to. See [Budgets](#budgets)."),
      FormatKey(
        "$schema", .string(maxLength: nil),
        doc: "The JSON Schema editors use for the file (`\"./scene.schema.json\"`); the tool does not read it."),
    ])

  static let contentTypes = ["image", "text", "drawing"]

  static let contents = ObjectKind(
    name: "contents", what: "contents", doc: "What a layer shows: a bitmap the app supplies, or a backing store the app draws.",
    discriminator: "type",
    keys: [
      FormatKey(
        "type", .choice(contentTypes), requirement: .required,
        doc:
          "`image`: a decoded bitmap; `text`: a label's text drawn on the CPU into a backing store; `drawing`: a `draw(_:)` backing store."
      ),
      FormatKey(
        "pixelSize", .pair(shape: "[width, height] in pixels", .pixels), requirement: .requiredFor(["image"]), variants: ["image"],
        doc: "The bitmap's size in pixels."),
      FormatKey(
        "opaque", .boolean, defaultValue: .bool(false), variants: ["image", "drawing"],
        doc: "`image`: no alpha channel, or every pixel opaque; `drawing`: the drawing fills its bounds with opaque pixels."),
      FormatKey("wideColor", .boolean, defaultValue: .bool(false), doc: "Extended-range colour: 8 bytes a pixel instead of 4."),
      FormatKey(
        "characters", .integer(0...100_000_000), requirement: .requiredFor(["text"]), variants: ["text"],
        doc: "How many characters the label draws; 0 draws nothing."),
      FormatKey(
        "emoji", .integer(0...100_000_000), defaultValue: .int(0), variants: ["text"],
        doc:
          "How many of `characters` are colour emoji (glyphs of a bitmap font, each found, decoded and scaled where it is measured or drawn); at most `characters`."
      ),
      FormatKey(
        "drawnOn", .choice(DrawingThread.allCases.map(\.rawValue)), defaultText: "`\"main\"` (`image`: none, only decoded)",
        doc:
          "The thread that draws the backing store (`background`: asynchronous display); for an image, the thread the app draws it on with Core Graphics each time it changes."
      ),
    ])

  static let shapeTypes = ["rect", "roundedRect", "ellipse", "arbitrary"]

  static let shapePath = ObjectKind(
    name: "shapePath", what: "a path", doc: "A CAShapeLayer's path, in the layer's coordinates.", discriminator: "type",
    keys: [
      FormatKey(
        "type", .choice(shapeTypes), requirement: .required,
        doc: "`rect`, `roundedRect`, `ellipse` (inscribed in `rect`) or `arbitrary` (any other path)."),
      FormatKey("rect", .rect, requirement: .required, doc: "The path's bounds `[x, y, width, height]`."),
      FormatKey(
        "cornerRadius", .number(.length), defaultValue: .int(0), variants: ["roundedRect"], doc: "The corners' radius in points."),
      FormatKey(
        "points", .integer(1...10_000_000), requirement: .requiredFor(["arbitrary"]), variants: ["arbitrary"],
        doc: "How many points the path has: the rasterization cost follows it."),
    ])

  static let shadowPath = ObjectKind(
    name: "shadowPath", what: "`shadowPath`", doc: "An explicit rectangle that casts the shadow, in the layer's coordinates.",
    keys: [
      FormatKey("rect", .rect, requirement: .required, doc: "The shadow's rectangle `[x, y, width, height]`."),
      FormatKey("cornerRadius", .number(.length), defaultValue: .int(0), doc: "The rectangle's corner radius in points."),
    ])

  static let transform = ObjectKind(
    name: "transform", what: "`transform`",
    doc: "A scale, then a rotation, about the layer's anchor point, then a translation.",
    keys: [
      FormatKey(
        "rotation", .number(.any), defaultValue: .int(0),
        doc: "Degrees; positive turns clockwise on screen, as `CGAffineTransform(rotationAngle:)` on iOS."),
      FormatKey(
        "scale", .oneOf([.number(.any), .pair(shape: "[sx, sy]", .any)]), defaultValue: .int(1),
        doc: "One number for both axes, or `[sx, sy]`."),
      FormatKey(
        "translation", .pair(shape: "[x, y] in points", .coordinate), defaultValue: .array([.int(0), .int(0)]),
        doc: "A move in the superlayer's coordinates, after the scale and rotation."),
    ])

  static let repeatBlock = ObjectKind(
    name: "repeat", what: "`repeat`", doc: "Copies of the layer: `id[0]`, `id[1]`, ..., each moved by `step` from the previous one.",
    keys: [
      FormatKey(
        "count", .integer(0...5_000_000), requirement: .required, doc: "How many copies; 0 removes the layer."),
      FormatKey(
        "step", .pair(shape: "[dx, dy]", .coordinate), defaultValue: .array([.int(0), .int(0)]),
        doc: "How far each copy's frame moves from the previous one, in points."),
    ])

  static let source = ObjectKind(
    name: "source", what: "`source`", doc: "Where an imported or captured scene came from; the simulation does not read it.",
    keys: [
      FormatKey("tool", .string(maxLength: nil), requirement: .required, doc: "The program that made the scene, with its version."),
      FormatKey("file", .string(maxLength: nil), doc: "The input file, as the tool named it."),
      FormatKey(
        "frames", .pair(shape: "[first, last] frame numbers", .nonNegative),
        doc: "The frames taken from the input (in and out points, frame numbers); last >= first."),
      FormatKey(
        "notes", .list(.string(maxLength: nil), minCount: 0, unique: false, noun: "strings"), defaultValue: .array([]),
        doc: "What the import left out or approximated, one note a line."),
    ])
}

/// A transform written as the format writes it: only what differs from the identity.
enum TransformOutput {
  static func object(_ transform: Transform) -> JSONOutput {
    var members: [(String, JSONOutput)] = []
    if transform.rotationDegrees != 0 { members.append(("rotation", .number(transform.rotationDegrees))) }
    if transform.scaleX == transform.scaleY {
      if transform.scaleX != 1 { members.append(("scale", .number(transform.scaleX))) }
    } else {
      members.append(("scale", .array([.number(transform.scaleX), .number(transform.scaleY)])))
    }
    if transform.translationX != 0 || transform.translationY != 0 {
      members.append(("translation", .array([.number(transform.translationX), .number(transform.translationY)])))
    }
    return .object(members)
  }
}
