import LayerTree

/// A Lottie animation as lottie-ios' model types read it (`LottieAnimation`, `LayerModel`,
/// `Transform`, `Mask`, the shape items, `DropShadowEffect`), keeping what the Core Animation
/// engine turns into layers and animations.
struct LottieComposition: Sendable {
  var version: String
  var name: String
  /// The composition's size (`w`, `h`), in points.
  var width: Double
  var height: Double
  /// Frames per second (`fr`).
  var frameRate: Double
  /// The first and the end frame (`ip`, `op`).
  var inPoint: Double
  var outPoint: Double
  var layers: [LottieLayer]
  /// Precomposition assets by id.
  var precomps: [String: LottiePrecomp]
  /// Image assets by id.
  var images: [String: LottieImageAsset]
}

struct LottiePrecomp: Sendable {
  var id: String
  var layers: [LottieLayer]
}

struct LottieImageAsset: Sendable {
  var id: String
  var width: Double
  var height: Double
}

/// Where a model value was read: its JSON path, for warnings (`layers[3]`,
/// `assets[1].layers[0]`), and the byte offset of its object.
struct ModelSource: Sendable, Hashable {
  var path: String
  var offset: Int
}

/// `LayerModel.ty`. lottie-ios reads a type it does not know as a null layer.
enum LottieLayerType: Sendable, Equatable {
  case precomp
  case solid
  case image
  case null
  case shape
  case text
}

/// The track matte a layer uses (`tt`), with lottie-ios' `MatteType` cases: 1 alpha (`add`), 2
/// alpha inverted (`invert`), anything else unsupported.
enum MatteMode: Sendable, Equatable {
  case alpha
  case alphaInverted
  /// Luma (3), luma inverted (4) or an unknown number: lottie-ios pairs the matte layer but
  /// applies no mask.
  case unsupported(Int)
}

struct LottieLayer: Sendable {
  var source: ModelSource
  var name: String
  /// `ind`: what `parent` and `tp` refer to.
  var index: Int?
  var type: LottieLayerType
  /// The `ty` number as written, for messages about types lottie-ios does not draw.
  var typeNumber: Int
  var parent: Int?
  var inPoint: Double
  var outPoint: Double
  /// `st` and `sr`: a precomp's children run at `local x sr + st` in this layer's time.
  var startTime: Double
  var timeStretch: Double
  var transform: LottieTransform
  /// `bm`, 0 normal to 15 luminosity.
  var blendMode: Int
  var masks: [LottieMask]
  var matte: MatteMode?
  /// `tp`: the `ind` of the layer providing the matte, when not the one listed above.
  var matteParent: Int?
  /// `td`: the layer is a track matte and is not drawn on its own.
  var isMatteSource: Bool
  /// `hd`: lottie-ios draws nothing of it but keeps its transform for its children.
  var hidden: Bool
  var shadow: DropShadow?
  var shapes: [ShapeItem]
  /// `refId`: the precomp or image asset.
  var referenceID: String?
  /// A precomp layer's clip size (`w`, `h`).
  var width: Double
  var height: Double
  /// A solid layer's size and colour (`sw`, `sh`, `sc`).
  var solidWidth: Double
  var solidHeight: Double
  var solidColor: Color
  var text: LottieText?
}

/// A layer's or a shape group's transform (`ks`, `tr`): anchor point, position, scale in percent,
/// rotation in degrees, opacity in percent.
struct LottieTransform: Sendable {
  var anchor: Keyframed<[Double]> = Keyframed([0, 0])
  /// Position as one property, or split into `px` / `py`.
  var position: Keyframed<[Double]> = Keyframed([0, 0])
  var positionX: Keyframed<Double>? = nil
  var positionY: Keyframed<Double>? = nil
  var scale: Keyframed<[Double]> = Keyframed([100, 100])
  var rotation: Keyframed<Double> = Keyframed(0)
  var opacity: Keyframed<Double> = Keyframed(100)
  /// Skew (`sk`) other than 0, which the scene's transform cannot state.
  var hasSkew = false
  /// 3D rotations (`rx`, `ry`) other than 0.
  var has3DRotation = false

  /// Some property carries an expression.
  var hasExpression: Bool {
    anchor.hasExpression || position.hasExpression || (positionX?.hasExpression ?? false) || (positionY?.hasExpression ?? false)
      || scale.hasExpression || rotation.hasExpression || opacity.hasExpression
  }
}

/// A layer mask (`masksProperties`): mode, inverted, opacity, path.
struct LottieMask: Sendable {
  enum Mode: String, Sendable {
    case add = "a"
    case subtract = "s"
    case intersect = "i"
    case lighten = "l"
    case darken = "d"
    case difference = "f"
    case none = "n"

    /// lottie-ios' `MaskMode.usableMode`: lighten is drawn as add, difference as intersect.
    var usable: Mode {
      switch self {
      case .lighten: return .add
      case .difference: return .intersect
      default: return self
      }
    }
  }

  var name: String
  var mode: Mode
  var inverted: Bool
  var path: Keyframed<BezierShape>
  var expanded: Bool
}

/// A drop shadow, from the Drop Shadow effect (`ef` `ty` 25) or the layer style (`sy` `ty` 1), in
/// Core Animation's terms as lottie-ios converts it (`DropShadowAnimation.swift`).
struct DropShadow: Sendable {
  /// 0 to 1.
  var opacity: Keyframed<Double>
  /// Points.
  var radius: Keyframed<Double>
  var offset: Size
  var color: Color
}

/// A text layer's first text document: what Core Text draws.
struct LottieText: Sendable {
  var characters: Int
  var fontSize: Double
  var lineHeight: Double
  /// The text box (`sz`) when the text is box text.
  var boxSize: Size?
  var position: Point
  var hasAnimators: Bool
  var isAnimated: Bool
}

/// A Bézier path (`{"v", "i", "o", "c"}`): what the render server has to rasterize.
struct BezierShape: Sendable, Equatable {
  var bounds: Rect
  /// Points of the `CGPath`: the move, then one per straight segment and three per curve.
  var points: Int

  static let empty = BezierShape(bounds: .zero, points: 0)
}

/// A shape item of a shape layer (`shapes`, a group's `it`).
struct ShapeItem: Sendable {
  enum Kind: Sendable {
    case group([ShapeItem])
    case transform(LottieTransform)
    /// A path-drawing item: `sh`, `rc`, `el`, `sr`.
    case path(PathItem)
    case fill(FillItem)
    case stroke(StrokeItem)
    case gradientFill(GradientItem)
    case gradientStroke(GradientItem)
    case trim(TrimItem)
    case roundedCorners(Keyframed<Double>)
    case merge
    case repeater(RepeaterItem)
    case unknown(String)
  }

  var kind: Kind
  var name: String
  var hidden: Bool
  var source: ModelSource

  var drawsPath: Bool {
    if case .path = kind { return true }
    return false
  }

  var isFill: Bool {
    switch kind {
    case .fill, .gradientFill: return true
    default: return false
    }
  }

  var isStroke: Bool {
    switch kind {
    case .stroke, .gradientStroke: return true
    default: return false
    }
  }

  var isGroup: Bool {
    if case .group = kind { return true }
    return false
  }

  var isTrim: Bool {
    if case .trim = kind { return true }
    return false
  }

  /// The opacity keyframes of a fill or stroke, which become the shape layer's `opacity`.
  var paintOpacity: Keyframed<Double>? {
    switch kind {
    case .fill(let fill): return fill.opacity
    case .stroke(let stroke): return stroke.opacity
    case .gradientFill(let gradient), .gradientStroke(let gradient): return gradient.opacity
    default: return nil
    }
  }
}

struct PathItem: Sendable {
  enum Shape: Sendable {
    /// `sh`: a free Bézier path.
    case bezier
    case rectangle
    case ellipse
    /// `sr`: a star or polygon.
    case star
  }

  var shape: Shape
  /// The path over time: its bounds and points.
  var path: Keyframed<BezierShape>
  /// A rectangle's corner radius (`r`), for the scene's `roundedRect` path.
  var cornerRadius: Double
}

struct FillItem: Sendable {
  var color: Keyframed<[Double]>
  var opacity: Keyframed<Double>
}

struct StrokeItem: Sendable {
  var color: Keyframed<[Double]>
  var opacity: Keyframed<Double>
  var width: Keyframed<Double>
  /// Dash lengths and offset (`d`), which change the stroked path when keyframed.
  var dashes: [Keyframed<Double>]
}

struct GradientItem: Sendable {
  /// `g.k`: colour stops `[offset, r, g, b]` then alpha stops `[offset, alpha]`.
  var stops: Keyframed<[Double]>
  /// `g.p`: the number of colour stops.
  var colorStops: Int
  var opacity: Keyframed<Double>
  /// Start and end points, highlight length and angle.
  var geometry: [Keyframed<[Double]>]
  /// A gradient stroke's width.
  var width: Keyframed<Double>

  /// lottie-ios' `GradientShapeItem.hasAlphaComponent`: some alpha stop, at some keyframe, is
  /// below 0.999; then the gradient needs a second gradient layer as its mask.
  var hasAlpha: Bool {
    for keyframe in stops.keyframes {
      let values = keyframe.value
      var index = colorStops * 4 + 1
      while index < values.count {
        if values[index] < 0.999 { return true }
        index += 2
      }
    }
    return false
  }

  /// The colour stops of the first keyframe, opaque, for the colour layer.
  var colors: [Color] {
    let values = stops.first
    var colors: [Color] = []
    var index = 0
    while index + 3 < values.count, colors.count < max(colorStops, 1) {
      colors.append(Color(red: unit(values[index + 1]), green: unit(values[index + 2]), blue: unit(values[index + 3])))
      index += 4
    }
    return colors.isEmpty ? [.black] : colors
  }

  /// The alpha stops of the first keyframe, as black at that alpha, for the alpha mask layer.
  var alphaColors: [Color] {
    let values = stops.first
    var colors: [Color] = []
    var index = colorStops * 4 + 1
    while index < values.count {
      colors.append(Color(red: 0, green: 0, blue: 0, alpha: unit(values[index])))
      index += 2
    }
    return colors.isEmpty ? [.black] : colors
  }
}

struct TrimItem: Sendable {
  var start: Keyframed<Double>
  var end: Keyframed<Double>
  var offset: Keyframed<Double>

  /// lottie-ios skips a trim that keeps the whole path (start 0, end 100, never animated).
  var isEmpty: Bool {
    !start.isAnimated && !end.isAnimated && !offset.isAnimated && start.first == 0 && end.first == 100
  }
}

struct RepeaterItem: Sendable {
  var copies: Keyframed<Double>
  var anchor: [Double]
  var position: [Double]
  var scale: [Double]
  var rotation: Double
}

/// A colour component held to 0...1.
func unit(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }

/// `value` rounded to a whole number and held to `range` before it becomes an `Int`: a file may
/// give 9.3e18 or 1e300 where a count is expected, and `Int(_:)` traps past `Int`'s range. NaN
/// gives the range's lower bound. `range` is within +-2^53, where every whole `Double` is exact.
func wholeNumber(_ value: Double, in range: ClosedRange<Int>) -> Int {
  guard !value.isNaN else { return range.lowerBound }
  return Int(min(max(value.rounded(), Double(range.lowerBound)), Double(range.upperBound)))
}
