/// The keys of a timeline and of its animations, content changes, scrolls and cell reuse, and the
/// key paths an animation can name.
enum TimelineKeys {
  /// Most frames one simulation may run (ten minutes at 120 Hz).
  static let maxFrames = 72_000

  static let targetDoc =
    "The layers: an id (every layer with it), a path or its end (`root/table/cell[3]/title`, `cell[3]/title`), or a pattern (`cell[*]/title`); a leading `/` anchors it at the root."

  static let timeline = ObjectKind(
    name: "timeline", what: "the timeline",
    doc:
      "What changes over time. The run has round(duration x frameRate) frames (at least 1); frame k shows the tree at k / frameRate seconds.",
    keys: [
      FormatKey(
        "duration", .number(.above(0, limit: Double(maxFrames) / 120)), requirement: .required,
        doc: "Seconds to simulate, and at most 72,000 frames at the frame rate."),
      FormatKey(
        "frameRate", .number(NumberRange(1, 240)),
        defaultText:
          "the device's refresh rate (60, or 120 on ProMotion devices); 60 on a ProMotion iPhone for a timeline without scrolls unless `disableMinimumFrameDurationOnPhone`",
        doc:
          "Frames per second. The frames are paced at this rate when the display's refresh rate is a whole multiple of it (30 on a 60 Hz display, 60 on a 120 Hz one): the frame budget and deadlines are its interval; else at the display's rate."
      ),
      FormatKey(
        "disableMinimumFrameDurationOnPhone", .boolean, defaultValue: .bool(false),
        doc:
          "The app sets `CADisableMinimumFrameDurationOnPhone` in its Info.plist: Core Animation animations may run above 60 Hz on a ProMotion iPhone, and are judged against its 8.3 ms budget. Without it they run at 60 Hz there, with a 16.7 ms budget; UIKit scrolling runs at the display's rate either way."
      ),
      FormatKey(
        "drawingQueues", .integer(1...64), defaultText: "the device's CPU cores (docs/cost-model.md, \"Drawing queues\")",
        doc:
          "Serial queues the app draws asynchronous contents on (YYAsyncLayer's pool: one per active processor; Texture's display queue): each layer drawn on a background thread is one task, taken by the first queue free; a task that waits past its frame shows its layer late. See [Drawing queues](#drawing-queues)."
      ),
      FormatKey(
        "animations", .list(.object("animation"), minCount: 0, unique: false, noun: "animations"), defaultValue: .array([]),
        doc: "`CABasicAnimation`s. See [Animations](#animations)."),
      FormatKey(
        "contentChanges", .list(.object("contentChange"), minCount: 0, unique: false, noun: "content changes"),
        defaultValue: .array([]), doc: "Contents replaced at given times or at a rate. See [Content changes](#content-changes)."),
      FormatKey(
        "scrolls", .list(.object("scroll"), minCount: 0, unique: false, noun: "scrolls"), defaultValue: .array([]),
        doc: "Scroll views driven by a fling or an offset curve, with cell reuse. See [Scrolls](#scrolls)."),
    ])

  static let animation = ObjectKind(
    name: "animation", what: "an animation",
    doc:
      "A CABasicAnimation: one key path of the target layers from fromValue (default: the layer's own value) to toValue; afterwards the layer holds the value where the last cycle ended, unless removedOnCompletion.",
    keys: [
      FormatKey("target", .string(maxLength: nil), requirement: .required, doc: targetDoc),
      FormatKey(
        "keyPath", .choice(AnimatableKeyPath.allCases.map(\.rawValue)), requirement: .required,
        doc: "The property, as Core Animation names it. See the key paths below."),
      FormatKey(
        "fromValue", .custom(text: "value", schema: .object([])), defaultText: "the layer's own value",
        doc: "The value it starts from; its type follows the key path."),
      FormatKey(
        "toValue", .custom(text: "value", schema: .object([])), requirement: .required,
        doc: "The value it goes to; its type follows the key path."),
      FormatKey(
        "beginTime", .number(.nonNegative), defaultValue: .int(0), doc: "When it starts, seconds; before it the layer has its own value."),
      FormatKey("duration", .number(.positive), defaultValue: .number(0.25), doc: "One cycle, in seconds (Core Animation's default)."),
      FormatKey(
        "timingFunction", .choice(TimingFunction.allCases.map(\.rawValue)), defaultValue: .string("linear"),
        doc:
          "`CAMediaTimingFunction`'s named curves, the cubic Béziers with control points (0.42, 0) (1, 1), (0, 0) (0.58, 1) and (0.42, 0) (0.58, 1)."
      ),
      FormatKey(
        "repeatCount", .number(NumberRange(0, 1_000_000)), defaultValue: .int(1),
        doc: "Cycles, fractions allowed (`2.5`); 0 means once, as in Core Animation."),
      FormatKey(
        "autoreverses", .boolean, defaultValue: .bool(false), doc: "Each cycle runs forward, then back: a cycle takes `2 x duration`."),
      FormatKey(
        "removedOnCompletion", .boolean, defaultValue: .bool(false),
        doc: "At the end the layer snaps back to its own value instead of holding the last one."),
    ])

  /// The key paths an animation can name: ``AnimatableKeyPath``'s cases, in its order, each with
  /// its value, its range and the layer key it animates. The layer keys' `animatedBy` and the
  /// `keyPath` choice are read from here, so a key path is added once: its case, and its entry
  /// below (the switch holds every case).
  static let keyPaths: [AnimatedKeyPath] = AnimatableKeyPath.allCases.map(describe)

  static func describe(_ keyPath: AnimatableKeyPath) -> AnimatedKeyPath {
    let name = keyPath.rawValue
    switch keyPath {
    case .positionX:
      return AnimatedKeyPath(
        name, .number(.coordinate), layerKey: "frame",
        doc: "Where the layer's anchor point sits in the superlayer, x, in points: the layer moves.")
    case .positionY: return AnimatedKeyPath(name, .number(.coordinate), layerKey: "frame", doc: "The same, y.")
    case .position:
      return AnimatedKeyPath(name, .pair(shape: "a point [x, y]", .coordinate), layerKey: "frame", doc: "Both at once, `[x, y]`.")
    case .boundsWidth:
      return AnimatedKeyPath(name, .number(.length), layerKey: "frame", doc: "The layer's width, changed about its anchor point.")
    case .boundsHeight: return AnimatedKeyPath(name, .number(.length), layerKey: "frame", doc: "The layer's height, likewise.")
    case .boundsSize:
      return AnimatedKeyPath(
        name, .pair(shape: "a size [width, height]", .length), layerKey: "frame", doc: "Both at once, `[width, height]`.")
    case .opacity: return AnimatedKeyPath(name, .number(.unit), layerKey: "opacity", doc: "The layer's opacity.")
    case .cornerRadius: return AnimatedKeyPath(name, .number(.length), layerKey: "cornerRadius", doc: "The corner radius.")
    case .shadowOpacity: return AnimatedKeyPath(name, .number(.unit), layerKey: "shadowOpacity", doc: "The shadow's opacity.")
    case .shadowRadius: return AnimatedKeyPath(name, .number(.length), layerKey: "shadowRadius", doc: "The shadow's blur radius.")
    case .transformScale:
      return AnimatedKeyPath(name, .number(.any), layerKey: "transform", doc: "The scale on both axes, about the anchor point.")
    case .transformRotation:
      return AnimatedKeyPath(
        name, .number(.any), layerKey: "transform",
        doc: "The rotation about the anchor point, in **degrees** like `transform` (Core Animation's own value is radians).")
    case .backgroundColor:
      return AnimatedKeyPath(
        name, .color(nullable: false), layerKey: "backgroundColor", doc: "Interpolated channel by channel, alpha included.")
    }
  }

  static let contentChange = ObjectKind(
    name: "contentChange", what: "a content change",
    doc: "The target layers' contents replaced (a label's text set, an image arrived): at each of `times`, and/or at `rate` per second.",
    keys: [
      FormatKey("target", .string(maxLength: nil), requirement: .required, doc: targetDoc),
      FormatKey(
        "times", .list(.number(.nonNegative), minCount: 0, unique: false, noun: "times in seconds"), defaultValue: .array([]),
        doc: "Each time, in seconds, the contents change once; `times` or `rate` is required."),
      FormatKey(
        "rate", .number(NumberRange(0.001, 1000)), doc: "Or a steady rate, changes per second, at `beginTime`, `beginTime + 1/rate`, ..."),
      FormatKey("beginTime", .number(.nonNegative), defaultValue: .int(0), doc: "Where the rate starts, seconds."),
      FormatKey("endTime", .number(.nonNegative), defaultText: "none", doc: "Where the rate stops (exclusive), seconds."),
    ])

  static let scroll = ObjectKind(
    name: "scroll", what: "a scroll",
    doc:
      "A scroll view (a layer whose sublayers move with its content offset) driven by a fling (`velocity`) or an offset curve (`offsets`), not both.",
    keys: [
      FormatKey(
        "target", .string(maxLength: nil), requirement: .required,
        doc: "The scroll view: an id or path that matches exactly one layer, which must have sublayers."),
      FormatKey(
        "axis", .choice(Scroll.Axis.allCases.map(\.rawValue)), defaultValue: .string("vertical"),
        doc: "`vertical` (a table) or `horizontal` (a row of a collection view)."),
      FormatKey(
        "velocity", .number(NumberRange(-100_000, 100_000)),
        doc:
          "A fling: the content offset's speed at `beginTime`, points per second (positive: the offset grows, the content moves up or left, as after a flick upwards)."
      ),
      FormatKey(
        "deceleration",
        .oneOf([.choice(["normal", "fast"]), .number(NumberRange(0.9, 0.99999))]), defaultValue: .string("normal"),
        doc:
          "How a fling slows: `UIScrollView.DecelerationRate`, the fraction of the velocity kept per millisecond: `normal` 0.998 (tables and most scroll views), `fast` 0.99, or a number."
      ),
      FormatKey(
        "offsets",
        .list(.pair(shape: "[time, offset]", .nonNegative, second: .coordinate), minCount: 1, unique: false, noun: "[time, offset] points"),
        doc:
          "Or an explicit curve: content offsets at times in seconds (>= 0, not going backwards; two points at the same time make a jump), linearly interpolated, held before the first point and after the last."
      ),
      FormatKey(
        "beginTime", .number(.nonNegative), defaultValue: .int(0), doc: "When the fling starts; before it the offset is `startOffset`."),
      FormatKey(
        "startOffset", .number(.coordinate), defaultValue: .int(0), doc: "The content offset at `beginTime`, points (a fling only)."),
      FormatKey(
        "contentLength", .number(.positiveLength), defaultText: "none (unbounded)",
        doc:
          "The content's length along the axis: the offset stays within `0` and `contentLength` minus the viewport (the scroll view's height, or width)."
      ),
      FormatKey("reuse", .object("reuse"), doc: "Cell reuse as table and collection views do it. See [Cell reuse](#cell-reuse)."),
    ])

  static let reuse = ObjectKind(
    name: "reuse", what: "`reuse`",
    doc: "Cell reuse: the copies of the repeated sublayer `cell` are a pool; item i is shown by cell i mod (pool size).",
    keys: [
      FormatKey(
        "cell", .string(maxLength: nil), requirement: .required,
        doc: "The id of a repeated sublayer of the scroll view (without `[n]`): its copies `cell[0]`, `cell[1]`, ... are the pool."),
      FormatKey("items", .integer(0...100_000_000), defaultText: "as many as the scroll reaches", doc: "Items in the list."),
      FormatKey(
        "layout", .choice(CellLayout.allCases.map(\.rawValue)), defaultText: "not said: each view's layout costs `layoutTime`",
        doc:
          "How a cell lays out its views when it takes a new item: `autoLayout` (its constraints solved, each label's size measured in the solve) or `frames` (computed by the app). See [List techniques](#list-techniques)."
      ),
      FormatKey(
        "constraints", .integer(0...CellReuse.maxConstraints), defaultText: "4 for each layer below the cell",
        doc: "With `autoLayout`: the cell's constraints, the measure its solve's cost follows."),
      FormatKey(
        "rowHeights", .choice(RowHeights.allCases.map(\.rawValue)), defaultValue: .string("fixed"),
        doc:
          "How the table gets each row's height: `fixed` (one `rowHeight`), `cached` (computed once per item), `computed` (again each time a row comes into view) or `automatic` (self-sizing cells, sized each time they come into view)."
      ),
      FormatKey(
        "textLayouts", .choice(TextLayouts.allCases.map(\.rawValue)), defaultValue: .string("perDisplay"),
        doc:
          "`cached`: each label's text layout (`CTFrame`, `YYTextLayout`) made once per text, ahead of the scroll; `perDisplay`: made again at each display."
      ),
      FormatKey(
        "skipDrawingOnFling", .integer(1...100_000), defaultText: "none: every cell is drawn",
        doc:
          "A fling whose stop lies more than this many rows from where it started leaves the cells it passes over blank, and draws only the rows around the stop (VVeboTableView: 8). A fling only."
      ),
      FormatKey(
        "rowsDrawnBeforeStop", .integer(0...1_000), defaultValue: .int(3),
        doc:
          "With `skipDrawingOnFling`: rows drawn before those visible at the stop, the last the fling passes as it slows (VVeboTableView: 3)."
      ),
    ])
}

/// The keys of a budgets object: a scene's `budgets`, or a budgets file.
enum BudgetKeys {
  static let budgets = ObjectKind(
    name: "budgets", what: "the budgets",
    doc: "Limits `offscreen-sim check` holds the scene to; a max budget passes at most at its limit, a min budget at least at it.",
    keys: BudgetKind.allCases.map(limit) + [
      FormatKey(
        "devices", .custom(text: "object of device ids", schema: .object([])),
        doc: "Budgets by device id that replace (or add to) the ones above on that device."),
      FormatKey(
        "checkOn", .list(.device, minCount: 1, unique: true, noun: "device ids"), defaultText: "the scene's `device`",
        doc: "The devices to check on, each once."),
    ])

  /// A limit's key: its range and what it limits.
  static func limit(_ kind: BudgetKind) -> FormatKey {
    FormatKey(kind.rawValue, range(kind), doc: kind.doc)
  }

  static func range(_ kind: BudgetKind) -> ValueType {
    switch kind {
    case .maxOffscreenPassesPerFrame: return .integer(0...1_000_000_000)
    case .minRasterHitRate: return .number(.unit)
    case .minFps: return .number(NumberRange(0, 1000))
    case .maxGpuMsP95, .maxMainThreadMsP95, .maxHitchTimeRatio, .maxMemoryBytes: return .number(.nonNegative)
    }
  }
}

extension BudgetKind {
  /// What the budget limits, one line.
  var doc: String {
    switch self {
    case .maxOffscreenPassesPerFrame: return "`summary.offscreenPasses.perFrameMax`, the passes of the frame with the most: found <= limit."
    case .minRasterHitRate: return "`summary.rasterCache.hitRate`: found >= limit, or nothing was rasterized."
    case .maxGpuMsP95: return "`summary.gpuMs.p95`, GPU milliseconds per frame: found <= limit."
    case .maxMainThreadMsP95: return "`summary.mainThreadMs.p95`, main-thread milliseconds per frame: found <= limit."
    case .maxHitchTimeRatio:
      return
        "`summary.hitchTimeRatio`, hitch ms per second after the screen's first display (Apple: good < 5, critical >= 10): found <= limit."
    case .minFps: return "`summary.fps`, after the screen's first display: found >= limit."
    case .maxMemoryBytes: return "`summary.memoryBytes.total`: found <= limit."
    }
  }
}
