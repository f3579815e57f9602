import Foundation

/// What happens to a scene over time: animations, content changes and scrolling.
///
/// A scene without a timeline is one frame. With one, the simulator steps through
/// `duration x frameRate` frames and works out each frame's tree.
public struct Timeline: Sendable, Hashable {
  /// Seconds simulated.
  public var duration: Double
  /// Frames per second; nil means the device's rate: the display's refresh rate while the app
  /// scrolls, but at most 60 Hz for Core Animation animations on a ProMotion iPhone unless
  /// ``disablesMinimumFrameDuration`` is set.
  public var frameRate: Double?
  /// The app sets `CADisableMinimumFrameDurationOnPhone` in its Info.plist: its Core Animation
  /// animations may run above 60 Hz on a ProMotion iPhone (Apple's Information Property List
  /// reference). JSON key `disableMinimumFrameDurationOnPhone`.
  public var disablesMinimumFrameDuration = false
  /// Serial queues the app's asynchronous drawing runs on; nil: one per CPU core of the device.
  /// JSON key `drawingQueues`.
  public var drawingQueues: Int?
  public var animations: [LayerAnimation]
  public var contentChanges: [ContentChange]
  public var scrolls: [Scroll]

  public init(
    duration: Double, frameRate: Double? = nil, animations: [LayerAnimation] = [], contentChanges: [ContentChange] = [],
    scrolls: [Scroll] = []
  ) {
    self.duration = duration
    self.frameRate = frameRate
    self.animations = animations
    self.contentChanges = contentChanges
    self.scrolls = scrolls
  }
}

/// A `CABasicAnimation`: one key path from one value to another.
public struct LayerAnimation: Sendable, Hashable {
  /// The paths of the layers it animates (the target resolved against the tree).
  public var targets: [String]
  public var keyPath: AnimatableKeyPath
  /// nil: from the layer's own value.
  public var fromValue: AnimationValue?
  public var toValue: AnimationValue
  public var beginTime: Double
  public var duration: Double
  public var timingFunction: TimingFunction
  /// Repetitions of the whole cycle; fractions allowed as in Core Animation.
  public var repeatCount: Double
  public var autoreverses: Bool
  /// After the animation ends the layer keeps `toValue` (as `UIView.animate` leaves the model
  /// value), unless `removedOnCompletion` is true, when it snaps back to its own value.
  public var removedOnCompletion: Bool

  public init(
    targets: [String], keyPath: AnimatableKeyPath, fromValue: AnimationValue? = nil, toValue: AnimationValue,
    beginTime: Double = 0, duration: Double = 0.25, timingFunction: TimingFunction = .linear, repeatCount: Double = 1,
    autoreverses: Bool = false, removedOnCompletion: Bool = false
  ) {
    self.targets = targets
    self.keyPath = keyPath
    self.fromValue = fromValue
    self.toValue = toValue
    self.beginTime = beginTime
    self.duration = duration
    self.timingFunction = timingFunction
    self.repeatCount = repeatCount
    self.autoreverses = autoreverses
    self.removedOnCompletion = removedOnCompletion
  }

  /// Seconds from `beginTime` to the end of the last repetition.
  public var activeDuration: Double { duration * max(repeatCount, 1) * (autoreverses ? 2 : 1) }
}

/// The key paths a scene can animate, named as Core Animation names them: the one list of them.
/// The format's description of each (its value, range and the layer key it animates) is
/// `TimelineKeys.describe`, a switch over these cases.
public enum AnimatableKeyPath: String, Sendable, Hashable, CaseIterable {
  case positionX = "position.x"
  case positionY = "position.y"
  case position
  case boundsWidth = "bounds.size.width"
  case boundsHeight = "bounds.size.height"
  case boundsSize = "bounds.size"
  case opacity
  case cornerRadius
  case shadowOpacity
  case shadowRadius
  case transformScale = "transform.scale"
  /// Degrees, the unit the scene's `transform` uses (Core Animation's own value is radians).
  case transformRotation = "transform.rotation"
  case backgroundColor

  public enum ValueKind: Sendable {
    case number
    case pair
    case color
  }

  public var valueKind: ValueKind {
    switch self {
    case .position, .boundsSize: return .pair
    case .backgroundColor: return .color
    default: return .number
    }
  }

  /// True when animating the key path changes what the layer draws (its size or appearance), so
  /// a cached bitmap of it is stale. Position, opacity and transform only move or fade the layer.
  public var changesOwnContent: Bool {
    switch self {
    case .positionX, .positionY, .position, .opacity, .transformScale, .transformRotation: return false
    default: return true
    }
  }

  /// True when animating the key path moves, resizes, turns or re-rounds the layer, so that its
  /// geometry on the first frame is not its geometry throughout. Opacities and colours leave it.
  public var changesGeometry: Bool {
    switch self {
    case .opacity, .backgroundColor, .shadowOpacity: return false
    default: return true
    }
  }
}

/// A value an animation goes through.
public enum AnimationValue: Sendable, Hashable {
  case number(Double)
  case pair(Double, Double)
  case color(Color)
}

/// `CAMediaTimingFunction`'s named curves, as cubic Béziers from (0, 0) to (1, 1).
public enum TimingFunction: String, Sendable, Hashable, CaseIterable {
  case linear
  case easeIn
  case easeOut
  case easeInEaseOut

  /// The control points Core Animation documents for each named function.
  var controlPoints: (Double, Double, Double, Double) {
    switch self {
    case .linear: return (0, 0, 1, 1)
    case .easeIn: return (0.42, 0, 1, 1)
    case .easeOut: return (0, 0, 0.58, 1)
    case .easeInEaseOut: return (0.42, 0, 0.58, 1)
    }
  }

  /// The eased progress for linear progress `x` in 0...1.
  public func progress(_ x: Double) -> Double {
    let x = min(max(x, 0), 1)
    // Every curve runs from (0, 0) to (1, 1): the ends need no search (an animation held at its
    // end asks for 1 every frame).
    if self == .linear || x == 0 || x == 1 { return x }
    let (x1, y1, x2, y2) = controlPoints
    func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
      let u = 1 - t
      return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    // Bisection on x(t): monotonic for these control points; 40 steps is below 1e-12.
    var low = 0.0
    var high = 1.0
    for _ in 0..<40 {
      let mid = (low + high) / 2
      if bezier(mid, x1, x2) < x { low = mid } else { high = mid }
    }
    return bezier((low + high) / 2, y1, y2)
  }
}

/// A layer's contents replaced: a label's text set, an image arriving from the network.
public struct ContentChange: Sendable, Hashable {
  public var targets: [String]
  /// Explicit times, in seconds.
  public var times: [Double]
  /// Or a steady rate, in changes per second, from `beginTime` to `endTime`.
  public var rate: Double?
  public var beginTime: Double
  public var endTime: Double?

  public init(targets: [String], times: [Double] = [], rate: Double? = nil, beginTime: Double = 0, endTime: Double? = nil) {
    self.targets = targets
    self.times = times
    self.rate = rate
    self.beginTime = beginTime
    self.endTime = endTime
  }

  /// The change times in `[start, end)`.
  public func changes(from start: Double, to end: Double) -> Int {
    var count = times.filter { $0 >= start && $0 < end }.count
    if let rate, rate > 0 {
      let first = max(start, beginTime)
      let last = min(end, endTime ?? .infinity)
      if last > first {
        // Changes happen at beginTime + k / rate, k = 0, 1, ...
        let lowK = ((first - beginTime) * rate).rounded(.up)
        let highK = ((last - beginTime) * rate).rounded(.up)
        count += max(0, Int(highK - lowK))
      }
    }
    return count
  }
}

/// A scroll view (a layer whose sublayers move with its content offset, as `UIScrollView`
/// shifts its bounds origin), driven by a fling or by an explicit offset curve.
public struct Scroll: Sendable, Hashable {
  public enum Axis: String, Sendable, Hashable, CaseIterable {
    case vertical
    case horizontal
  }

  public enum Motion: Sendable, Hashable {
    /// A fling: the initial velocity in points per second, decaying by `rate` per millisecond
    /// (`UIScrollView.DecelerationRate`: normal 0.998, fast 0.99).
    case fling(velocity: Double, decelerationRate: Double)
    /// Explicit (time, offset) points, linearly interpolated, held after the last.
    case offsets([Point])
  }

  /// The scroll view's path.
  public var target: String
  public var axis: Axis
  public var motion: Motion
  public var beginTime: Double
  /// The content offset at `beginTime`.
  public var startOffset: Double
  /// The scrollable content's length along the axis; the offset stays within
  /// `0...contentLength - viewport`. nil: unbounded.
  public var contentLength: Double?
  public var reuse: CellReuse?

  public init(
    target: String, axis: Axis = .vertical, motion: Motion, beginTime: Double = 0, startOffset: Double = 0,
    contentLength: Double? = nil, reuse: CellReuse? = nil
  ) {
    self.target = target
    self.axis = axis
    self.motion = motion
    self.beginTime = beginTime
    self.startOffset = startOffset
    self.contentLength = contentLength
    self.reuse = reuse
  }

  public static let normalDeceleration = 0.998
  public static let fastDeceleration = 0.99

  /// The content offset at time `t` (before clamping to the content).
  public func offset(at t: Double) -> Double {
    let elapsed = t - beginTime
    switch motion {
    case .fling(let velocity, let rate):
      guard elapsed > 0 else { return startOffset }
      // v(t) = v0 * rate^(1000 t); offset = v0 * (rate^(1000 t) - 1) / (1000 ln rate).
      let milliseconds = elapsed * 1000
      let logRate = log(rate)
      guard logRate < 0 else { return startOffset + velocity * elapsed }
      return startOffset + velocity * (pow(rate, milliseconds) - 1) / (1000 * logRate)
    case .offsets(let points):
      guard let first = points.first else { return startOffset }
      if t <= first.x { return first.y }
      for (a, b) in zip(points, points.dropFirst()) where t <= b.x {
        let span = b.x - a.x
        return span > 0 ? a.y + (b.y - a.y) * (t - a.x) / span : b.y
      }
      return points.last?.y ?? startOffset
    }
  }
}

/// Cell reuse, as `UITableView` and `UICollectionView` do it: the scroll view's repeated
/// sublayers (`cell[0]`, `cell[1]`, ...) are a pool; item `i` of the list is shown by cell
/// `i mod poolSize` at `i x step`. A cell that takes a new item gets new contents.
public struct CellReuse: Sendable, Hashable {
  /// The id of the repeated sublayer (without `[n]`).
  public var cell: String
  /// Items in the list; nil: as many as the scroll reaches.
  public var items: Int?
  /// How the cell lays out its views when it takes a new item; nil: not said, each view's layout
  /// costs the same flat time (`layoutTime`) either way.
  public var layout: CellLayout?
  /// Auto Layout's constraints in the cell, the measure its solve follows; nil: 4 for each layer
  /// below the cell (each placed by its x, y, width and height). Only with ``CellLayout/autoLayout``.
  public var constraints: Int?
  /// The most ``constraints`` a scene's reuse may say (the `constraints` key's range).
  public static let maxConstraints = 100_000
  /// How the table gets each row's height.
  public var rowHeights: RowHeights
  /// Whether each label's text layout (a `CTFrame`, a `YYTextLayout`) is made once per text or
  /// again at each display.
  public var textLayouts: TextLayouts
  /// Skipped drawing on fast flings (VVeboTableView): a fling whose stop lies more than this many
  /// rows from where it started leaves the cells it passes over blank; nil: every cell is drawn.
  public var skipDrawingOnFling: Int?
  /// With ``skipDrawingOnFling``: the rows drawn before those visible at the stop, on the side the
  /// fling comes from (the last it passes as it slows).
  public var rowsDrawnBeforeStop: Int

  public init(
    cell: String, items: Int? = nil, layout: CellLayout? = nil, constraints: Int? = nil, rowHeights: RowHeights = .fixed,
    textLayouts: TextLayouts = .perDisplay, skipDrawingOnFling: Int? = nil, rowsDrawnBeforeStop: Int = 3
  ) {
    self.cell = cell
    self.items = items
    self.layout = layout
    self.constraints = constraints
    self.rowHeights = rowHeights
    self.textLayouts = textLayouts
    self.skipDrawingOnFling = skipDrawingOnFling
    self.rowsDrawnBeforeStop = rowsDrawnBeforeStop
  }

  /// True when a key of the list techniques is set (layout, row heights, text layouts, skipped
  /// drawing): a pool without them costs as it always has.
  public var usesListTechniques: Bool {
    layout != nil || rowHeights != .fixed || textLayouts != .perDisplay || skipDrawingOnFling != nil
  }
}

/// How a cell places its views when it takes a new item.
public enum CellLayout: String, Sendable, Hashable, CaseIterable {
  /// Auto Layout: the cell's constraints solved in its layout pass.
  case autoLayout
  /// Frames computed by the app (in `layoutSubviews`, or ahead with the item's model).
  case frames
}

/// How a table gets each row's height (`tableView(_:heightForRowAt:)`).
public enum RowHeights: String, Sendable, Hashable, CaseIterable {
  /// One height for every row (`rowHeight`): nothing to compute.
  case fixed
  /// Computed once per item and kept (with the item's model, or in a cache keyed by the item).
  case cached
  /// Computed again each time a row comes into view: a template cell laid out with Auto Layout,
  /// or its labels measured with frames.
  case computed
  /// Self-sizing cells (`UITableView.automaticDimension`): the cell itself is sized each time it
  /// comes into view.
  case automatic
}

/// Whether a label's text layout is kept.
public enum TextLayouts: String, Sendable, Hashable, CaseIterable {
  /// Made again each time the label is displayed.
  case perDisplay
  /// Made once per text, ahead of the scroll (on a background queue when the item arrives, as
  /// YYKit's and Texture's feeds do) and kept with the item.
  case cached
}
