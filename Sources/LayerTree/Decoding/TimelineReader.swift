/// Reads a scene's `timeline`: animations, content changes and scrolls, with every target
/// resolved against the layer tree. Keys, ranges and the key paths' values are the format
/// description's (`TimelineKeys.swift`).
struct TimelineReader {
  let context: DecodingContext
  let targets: TargetResolver
  /// The limit on timeline entries, among others.
  var limits = InputLimits.standard
  /// The targets resolved so far: each pattern once, and what resolving them costs.
  private let resolution = Resolution()

  /// What resolving targets has cost so far. A target is resolved by comparing it with every
  /// layer (at most), and every layer it names is one more layer each frame simulates: a file of a
  /// few kilobytes with thousands of `cell[*]` targets over a large `repeat` would otherwise
  /// take minutes and gigabytes before the work budget (``InputLimits/workProblem(layers:timeline:)``)
  /// is checked. So resolving stops once the layers named take the scene past the work budget
  /// (the scene's work check then refuses it), or once the comparisons alone would (with a
  /// message of its own).
  private final class Resolution {
    var byPattern: [String: [String]] = [:]
    /// Layer paths compared with a target so far.
    var compared = 0
    /// Layers named by the entries read so far (one layer named by two entries counts twice).
    var named = 0
    /// Frames the timeline runs, from its `duration` and `frameRate` (120 Hz without one).
    var frames = 1.0
    var refused = false
  }
  var format = SceneFormat.standard

  /// Most frames one simulation may run (ten minutes at 120 Hz).
  static let maxFrames = TimelineKeys.maxFrames

  func read(_ value: JSONValue, _ path: JSONPath) -> Timeline? {
    guard let members = context.members(value, path, expected: "a timeline object { \"duration\": seconds, ... }") else {
      return nil
    }
    let kind = format.timeline
    var timeline = Timeline(duration: 0)
    // The frames, before the entries are read: what each target named costs.
    func number(_ key: String) -> Double? {
      guard let member = members.first(where: { $0.key == key }), case .number(let value) = member.value.kind else { return nil }
      return value.isFinite && value > 0 ? value : nil
    }
    if let duration = number("duration") {
      resolution.frames = max(
        1, min(Double(Self.maxFrames), (duration * (number("frameRate") ?? InputLimits.fastestRefreshRate)).rounded()))
    }
    var seen: [String: JSONValue.Member] = [:]
    var ok = true
    for member in members {
      if let first = seen[member.key] {
        context.duplicateKey(member, in: path, first: first)
        continue
      }
      seen[member.key] = member
      let v = member.value
      switch member.key {
      case "duration":
        // The lower bound here; past the upper one, the message below speaks of frames.
        let range = kind["duration"].range ?? .positive
        let lower = NumberRange(range.lower, .greatestFiniteMagnitude, lowerIsOpen: range.lowerIsOpen, upperIsLimit: true)
        if let duration = context.number(v, path, "duration", in: lower) { timeline.duration = duration } else { ok = false }
      case "frameRate":
        if let rate = context.number(v, path, kind["frameRate"]) { timeline.frameRate = rate } else { ok = false }
      case "disableMinimumFrameDurationOnPhone":
        if let flag = context.bool(v, path, "disableMinimumFrameDurationOnPhone") {
          timeline.disablesMinimumFrameDuration = flag
        } else {
          ok = false
        }
      case "drawingQueues":
        if let count = context.integer(v, path, kind["drawingQueues"]) { timeline.drawingQueues = count } else { ok = false }
      case "animations":
        timeline.animations = list(v, path, "animations") { item, itemPath in readAnimation(item, itemPath) }
      case "contentChanges":
        timeline.contentChanges = list(v, path, "contentChanges") { item, itemPath in readContentChange(item, itemPath) }
      case "scrolls":
        timeline.scrolls = list(v, path, "scrolls") { item, itemPath in readScroll(item, itemPath) }
      default:
        context.unknownKey(member, in: path, known: kind.names, what: kind.what)
      }
    }
    if seen["duration"] == nil {
      context.error(path.rendered, at: value.offset, "missing `duration`: the seconds to simulate")
      ok = false
    }
    if let rate = timeline.frameRate, timeline.duration * rate > Double(Self.maxFrames) {
      context.error(
        path.rendered(appending: "duration"), at: seen["duration"]?.value.offset ?? value.offset,
        "\(formatNumber(timeline.duration)) s at \(formatNumber(rate)) Hz is more than \(Self.maxFrames) frames")
      ok = false
    } else if let longest = kind["duration"].range?.upper, timeline.duration > longest {
      context.error(
        path.rendered(appending: "duration"), at: seen["duration"]?.value.offset ?? value.offset,
        "expected a duration up to \(formatNumber(longest)) s, found \(formatNumber(timeline.duration))")
      ok = false
    }
    return ok ? timeline : nil
  }

  private func list<T>(_ value: JSONValue, _ path: JSONPath, _ key: String, _ read: (JSONValue, JSONPath) -> T?) -> [T] {
    guard case .array(let items) = value.kind else {
      context.error(path, key: key, at: value.offset, "expected an array, found \(context.describe(value))")
      return []
    }
    guard items.count <= limits.maxTimelineEntries else {
      context.error(
        path, key: key, at: value.offset,
        "expected at most \(NumberRange.grouped(Double(limits.maxTimelineEntries))) entries, found \(NumberRange.grouped(Double(items.count)))",
        notes: ["the limit bounds what an untrusted file can cost"])
      return []
    }
    let base = path.key(key)
    return items.enumerated().compactMap { index, item in read(item, base.index(index)) }
  }

  /// Resolves `target` (an id, a path, or a pattern such as `cell[*]/title`) to layer paths.
  private func resolve(_ value: JSONValue, _ path: JSONPath) -> [String]? {
    guard let pattern = context.string(value, path, "target") else { return nil }
    if resolution.refused { return [] }
    let budget = Double(limits.maxLayerFrames)
    let matches: [String]
    if let known = resolution.byPattern[pattern] {
      matches = known
    } else {
      // A different target costs at least a comparison with every layer, and more when the layers
      // that share its last id are followed up long chains of ancestors (a tail of 900
      // components over a chain of 1,000 layers): what the resolver compares is counted too,
      // and it stops once the budget is spent.
      let left = Int(min(budget - Double(resolution.compared), Double(Int.max / 2)))
      let before = targets.compared
      let found = targets.resolve(pattern, limit: before + max(0, left))
      resolution.compared += max(targets.layerCount, targets.compared - before)
      guard let found, Double(resolution.compared) <= budget else {
        resolution.refused = true
        context.error(
          path, key: "target", at: value.offset,
          "the timeline has too many different targets to resolve: \(NumberRange.grouped(Double(resolution.byPattern.count + 1))) targets so far over \(NumberRange.grouped(Double(targets.layerCount))) layers compare more than \(NumberRange.grouped(budget)) layer paths, the work budget",
          notes: ["the budget bounds what an untrusted file can cost; raise it to read a scene this large (--work-budget)"])
        return nil
      }
      matches = found
      resolution.byPattern[pattern] = matches
    }
    resolution.named += matches.count
    if resolution.named > limits.maxAnimatedLayers {
      resolution.refused = true
      context.error(
        path, key: "target", at: value.offset,
        "the timeline's entries name more than \(NumberRange.grouped(Double(limits.maxAnimatedLayers))) layers (\(NumberRange.grouped(Double(resolution.named))) with this one, a layer named by two entries counting twice), four times the layer limit",
        notes: ["the limit bounds what an untrusted file can cost; raise it with the layer limit for a scene you trust (--max-layers)"])
      return nil
    }
    if Double(targets.layerCount + resolution.named) * resolution.frames > budget {
      // Past the budget already: the entries after this one are not resolved (they name no
      // layer), and the scene's work check refuses the scene with the figures counted so far.
      resolution.refused = true
    }
    if matches.isEmpty {
      var notes: [String] = []
      // Only for the problems printed (DecodingContext.suggestion(for:in:)).
      if context.diagnostics.count < SceneErrors.shownLimit, let suggestion = targets.suggestion(for: pattern) {
        notes.append("did you mean \"\(suggestion)\"?")
      }
      notes.append("a target is a layer id, a path (root/feed/cell[3]/title) or a pattern over repeated layers (cell[*]/title)")
      context.error(path, key: "target", at: value.offset, "target \"\(pattern)\" matches no layer", notes: notes)
      return nil
    }
    return matches
  }

  private func readAnimation(_ value: JSONValue, _ path: JSONPath) -> LayerAnimation? {
    guard let members = context.members(value, path, expected: "an animation object { \"target\", \"keyPath\", \"toValue\", ... }")
    else { return nil }
    let kind = format.animation
    let fields = context.fields(members, in: path, known: kind.names, what: kind.what)
    var ok = true
    for required in kind.keys where required.requirement == .required && fields[required.name] == nil {
      let required = required.name
      context.error(path.rendered, at: value.offset, "missing `\(required)`")
      ok = false
    }
    let targets = fields["target"].flatMap { resolve($0.value, path) }
    let keyPath = fields["keyPath"].flatMap { context.choice($0.value, path, "keyPath", as: AnimatableKeyPath.self) }
    var animation = LayerAnimation(targets: targets ?? [], keyPath: keyPath ?? .opacity, toValue: .number(0))
    if let keyPath {
      if let member = fields["toValue"] {
        if let v = readValue(member.value, path, "toValue", keyPath) { animation.toValue = v } else { ok = false }
      }
      if let member = fields["fromValue"] {
        if let v = readValue(member.value, path, "fromValue", keyPath) { animation.fromValue = v } else { ok = false }
      }
    }
    if let member = fields["beginTime"] {
      if let v = context.number(member.value, path, kind["beginTime"]) { animation.beginTime = v } else { ok = false }
    }
    if let member = fields["duration"] {
      if let v = context.number(member.value, path, kind["duration"]) { animation.duration = v } else { ok = false }
    }
    if let member = fields["timingFunction"] {
      if let v = context.choice(member.value, path, "timingFunction", as: TimingFunction.self) {
        animation.timingFunction = v
      } else {
        ok = false
      }
    }
    if let member = fields["repeatCount"] {
      if let v = context.number(member.value, path, kind["repeatCount"]) { animation.repeatCount = v } else { ok = false }
    }
    if let member = fields["autoreverses"] {
      if let v = context.bool(member.value, path, "autoreverses") { animation.autoreverses = v } else { ok = false }
    }
    if let member = fields["removedOnCompletion"] {
      if let v = context.bool(member.value, path, "removedOnCompletion") { animation.removedOnCompletion = v } else { ok = false }
    }
    guard ok, targets != nil, keyPath != nil else { return nil }
    return animation
  }

  private func readValue(_ value: JSONValue, _ path: JSONPath, _ key: String, _ keyPath: AnimatableKeyPath) -> AnimationValue? {
    let expected: String
    // The values the key path takes, from the description.
    let range = format.keyPath(keyPath.rawValue)?.value.range ?? .any
    switch keyPath.valueKind {
    case .number:
      if case .number = value.kind, let number = context.number(value, path, key) {
        guard range.contains(number) else {
          context.error(
            path, key: key, at: value.offset,
            "expected \(range.expectation(for: number)) for `\(keyPath.rawValue)`, found \(formatNumber(number))",
            notes: range.limitNote(for: number).map { [$0] } ?? [])
          return nil
        }
        return .number(number)
      }
      expected = "a number"
    case .pair:
      if case .array(let items) = value.kind, items.count == 2,
        let pair = context.pair(value, path, key, shape: "[a, b]")
      {
        guard range.contains(pair.0), range.contains(pair.1) else {
          // A number below the range is told first, then one past its limit.
          let outside = [pair.0, pair.1].filter { !range.contains($0) }
          let bad = outside.first { !range.passesLimit($0) } ?? outside[0]
          context.error(
            path, key: key, at: value.offset,
            "expected \(keyPath == .position ? "x and y" : "a width and height") \(range.bounds(for: bad)) for `\(keyPath.rawValue)`, found \(formatNumber(pair.0)) x \(formatNumber(pair.1))",
            notes: range.limitNote(for: bad).map { [$0] } ?? [])
          return nil
        }
        return .pair(pair.0, pair.1)
      }
      expected = keyPath == .position ? "a point [x, y]" : "a size [width, height]"
    case .color:
      if case .string = value.kind, let color = context.color(value, path, key) { return .color(color) }
      if case .string = value.kind { return nil }
      expected = "a colour \"#RRGGBB\""
    }
    context.error(
      path, key: key, at: value.offset, "expected \(expected) for `\(keyPath.rawValue)`, found \(context.describe(value))")
    return nil
  }

  private func readContentChange(_ value: JSONValue, _ path: JSONPath) -> ContentChange? {
    guard let members = context.members(value, path, expected: "a content change { \"target\", \"times\" or \"rate\" }") else {
      return nil
    }
    let kind = format.contentChange
    var change = ContentChange(targets: [])
    var resolved: [String]? = nil
    var ok = true
    var seen = Set<String>()
    for member in members {
      guard seen.insert(member.key).inserted else {
        context.error(path, key: member.key, at: member.keyOffset, "key `\(member.key)` is written twice")
        continue
      }
      let v = member.value
      switch member.key {
      case "target": resolved = resolve(v, path)
      case "times":
        if case .array(let items) = v.kind {
          let base = path.key("times")
          let range = kind["times"].type.listItem?.range ?? .nonNegative
          for (index, item) in items.enumerated() {
            if let time = context.number(item, base.index(index), "", in: range) { change.times.append(time) } else { ok = false }
          }
        } else {
          context.error(path, key: "times", at: v.offset, "expected an array of times in seconds, found \(context.describe(v))")
          ok = false
        }
      case "rate":
        if let rate = context.number(v, path, kind["rate"]) { change.rate = rate } else { ok = false }
      case "beginTime":
        if let time = context.number(v, path, kind["beginTime"]) { change.beginTime = time } else { ok = false }
      case "endTime":
        if let time = context.number(v, path, kind["endTime"]) { change.endTime = time } else { ok = false }
      default:
        context.unknownKey(member, in: path, known: kind.names, what: kind.what)
      }
    }
    if !seen.contains("target") {
      context.error(path.rendered, at: value.offset, "missing `target`")
      ok = false
    }
    if !seen.contains("times") && !seen.contains("rate") {
      context.error(path.rendered, at: value.offset, "missing `times` or `rate`: when the contents change")
      ok = false
    }
    guard ok, let resolved else { return nil }
    change.targets = resolved
    return change
  }

  private func readScroll(_ value: JSONValue, _ path: JSONPath) -> Scroll? {
    guard let members = context.members(value, path, expected: "a scroll { \"target\", \"velocity\" or \"offsets\", ... }") else {
      return nil
    }
    let kind = format.scroll
    let fields = context.fields(members, in: path, known: kind.names, what: kind.what)
    var ok = true
    guard let targetMember = fields["target"] else {
      context.error(path.rendered, at: value.offset, "missing `target`: the scroll view's id or path")
      return nil
    }
    let resolved = resolve(targetMember.value, path)
    if let resolved, resolved.count > 1 {
      context.error(
        path, key: "target", at: targetMember.value.offset,
        "target matches \(resolved.count) layers; a scroll drives one scroll view (use its path)")
      ok = false
    }
    if let resolved, resolved.count == 1, targets.sublayerCount(of: resolved[0]) == 0 {
      context.error(
        path.rendered, at: value.offset, "the scroll view \(resolved[0]) has no sublayers to scroll",
        notes: ["a scroll moves the target's sublayers by the content offset: target the container that holds the content"])
      ok = false
    }
    var scroll = Scroll(target: resolved?.first ?? "", motion: .offsets([]))
    if let member = fields["axis"] {
      if let axis = context.choice(member.value, path, "axis", as: Scroll.Axis.self) { scroll.axis = axis } else { ok = false }
    }
    var rate = Scroll.normalDeceleration
    if let member = fields["deceleration"] {
      switch member.value.kind {
      case .string(let text) where text == "normal": rate = Scroll.normalDeceleration
      case .string(let text) where text == "fast": rate = Scroll.fastDeceleration
      case .number:
        if let number = context.number(member.value, path, kind["deceleration"]) { rate = number } else { ok = false }
      default:
        context.error(
          path, key: "deceleration", at: member.value.offset,
          "expected \"normal\" (0.998), \"fast\" (0.99) or a rate per millisecond, found \(context.describe(member.value))")
        ok = false
      }
    }
    switch (fields["velocity"], fields["offsets"]) {
    case (let velocity?, nil):
      if let v = context.number(velocity.value, path, kind["velocity"]) {
        scroll.motion = .fling(velocity: v, decelerationRate: rate)
      } else {
        ok = false
      }
    case (nil, let offsets?):
      if let points = readOffsets(offsets.value, path) { scroll.motion = .offsets(points) } else { ok = false }
    case (.some, .some):
      context.error(path.rendered, at: value.offset, "give either `velocity` (a fling) or `offsets` (a curve), not both")
      ok = false
    case (nil, nil):
      context.error(path.rendered, at: value.offset, "missing `velocity` or `offsets`: how the scroll view moves")
      ok = false
    }
    if let member = fields["beginTime"] {
      if let v = context.number(member.value, path, kind["beginTime"]) { scroll.beginTime = v } else { ok = false }
    }
    if let member = fields["startOffset"] {
      if let v = context.number(member.value, path, kind["startOffset"]) { scroll.startOffset = v } else { ok = false }
    }
    if let member = fields["contentLength"] {
      if let v = context.number(member.value, path, kind["contentLength"]) { scroll.contentLength = v } else { ok = false }
    }
    if let member = fields["reuse"] {
      let scrollView = resolved?.count == 1 ? resolved?.first : nil
      if let reuse = readReuse(
        member.value, path.key("reuse"), scrollView: scrollView, axis: scroll.axis,
        isFling: fields["velocity"] != nil)
      {
        scroll.reuse = reuse
      } else {
        ok = false
      }
    }
    guard ok, resolved != nil else { return nil }
    return scroll
  }

  private func readOffsets(_ value: JSONValue, _ path: JSONPath) -> [Point]? {
    guard case .array(let items) = value.kind, !items.isEmpty else {
      context.error(path, key: "offsets", at: value.offset, "expected an array of [time, offset] points, found \(context.describe(value))")
      return nil
    }
    var points: [Point] = []
    let base = path.key("offsets")
    // The ranges of a time and an offset, from the description.
    var times = NumberRange.nonNegative
    var offsets = NumberRange.coordinate
    if case .pair(_, let first, let second)? = format.scroll["offsets"].type.listItem {
      times = first
      offsets = second ?? first
    }
    for (index, item) in items.enumerated() {
      guard let (time, offset) = context.pair(item, base.index(index), "", shape: "[time, offset]") else { return nil }
      if let last = points.last, time < last.x {
        context.error(
          base.rendered + "[\(index)]", at: item.offset, "times must not go backwards: \(formatNumber(time)) after \(formatNumber(last.x))")
        return nil
      }
      guard times.contains(time) else {
        context.error(
          base.rendered + "[\(index)]", at: item.offset, "expected a time \(times.bounds(for: time)), found \(formatNumber(time))")
        return nil
      }
      guard offsets.contains(offset) else {
        context.error(
          base.rendered + "[\(index)]", at: item.offset,
          "expected an offset \(offsets.bounds(for: offset)) in [time, offset], found \(formatNumber(offset))",
          notes: offsets.limitNote(for: offset).map { [$0] } ?? [])
        return nil
      }
      points.append(Point(time, offset))
    }
    return points
  }

  private func readReuse(_ value: JSONValue, _ path: JSONPath, scrollView: String?, axis: Scroll.Axis, isFling: Bool) -> CellReuse? {
    guard let all = context.members(value, path, expected: "{ \"cell\": id of the repeated cell, \"items\": N }") else { return nil }
    let kind = format.reuse
    let members = context.unique(all, in: path)
    var cell: String? = nil
    var items: Int? = nil
    var layout: CellLayout? = nil
    var constraints: Int? = nil
    var rowHeights = RowHeights.fixed
    var textLayouts = TextLayouts.perDisplay
    var skip: Int? = nil
    var pastStop: Int? = nil
    var ok = true
    for member in members {
      switch member.key {
      case "cell":
        cell = context.string(member.value, path, "cell")
        if let id = cell, let scrollView, !targets.hasRepeatedChild(of: scrollView, id: id) {
          context.error(
            path, key: "cell", at: member.value.offset,
            "the scroll view \(scrollView) has no repeated sublayer \"\(id)\" (\(id)[0], \(id)[1], ...) to reuse",
            notes: ["give the cell layer a `repeat` inside the scroll view"])
          ok = false
        }
      case "items":
        if let count = context.integer(member.value, path, kind["items"]) { items = count } else { ok = false }
      case "layout":
        if let value = context.choice(member.value, path, "layout", as: CellLayout.self) { layout = value } else { ok = false }
      case "constraints":
        if let count = context.integer(member.value, path, kind["constraints"]) { constraints = count } else { ok = false }
      case "rowHeights":
        if let value = context.choice(member.value, path, "rowHeights", as: RowHeights.self) { rowHeights = value } else { ok = false }
      case "textLayouts":
        if let value = context.choice(member.value, path, "textLayouts", as: TextLayouts.self) { textLayouts = value } else { ok = false }
      case "skipDrawingOnFling":
        if let count = context.integer(member.value, path, kind["skipDrawingOnFling"]) { skip = count } else { ok = false }
      case "rowsDrawnBeforeStop":
        if let count = context.integer(member.value, path, kind["rowsDrawnBeforeStop"]) { pastStop = count } else { ok = false }
      default:
        context.unknownKey(member, in: path, known: kind.names, what: kind.what)
      }
    }
    guard let cell else {
      if !members.contains(where: { $0.key == "cell" }) {
        context.error(path.rendered, at: value.offset, "missing `cell`: the id of the repeated cell layer")
      }
      return nil
    }
    if ok, let scrollView, let (pool, needed, step, viewport) = targets.reusePool(of: scrollView, cell: cell, axis: axis) {
      // The pool must cover every item the viewport can show at once (fewer when the list is
      // shorter), or visible items would have no cell.
      let wanted = min(needed, items ?? needed)
      if pool < wanted {
        context.error(
          path.rendered, at: value.offset,
          "the reuse pool of `\(cell)` has \(pool) cells but the viewport of \(scrollView) can show \(wanted) at once (\(formatNumber(viewport)) pt over cells \(formatNumber(step)) pt apart)",
          notes: ["give `\(cell)` a `repeat` count of at least \(wanted)"])
        ok = false
      }
    }
    if let member = members.first(where: { $0.key == "constraints" }), constraints != nil, layout != .autoLayout {
      context.error(
        path, key: "constraints", at: member.value.offset,
        "`constraints` needs `\"layout\": \"autoLayout\"`: a cell laid out with frames solves none",
        notes: ["set `\"layout\": \"autoLayout\"`, or leave `constraints` out"])
      ok = false
    }
    if let member = members.first(where: { $0.key == "rowsDrawnBeforeStop" }), pastStop != nil, skip == nil {
      context.error(
        path, key: "rowsDrawnBeforeStop", at: member.value.offset, "`rowsDrawnBeforeStop` needs `skipDrawingOnFling`, the row threshold",
        notes: ["give `skipDrawingOnFling` (VVeboTableView skips past 8 rows), or leave `rowsDrawnBeforeStop` out"])
      ok = false
    }
    if let member = members.first(where: { $0.key == "skipDrawingOnFling" }), skip != nil, !isFling {
      context.error(
        path, key: "skipDrawingOnFling", at: member.value.offset,
        "`skipDrawingOnFling` needs a fling (`velocity`): the stop is where the fling's deceleration ends",
        notes: ["drive the scroll with `velocity`, or leave `skipDrawingOnFling` out"])
      ok = false
    }
    return ok
      ? CellReuse(
        cell: cell, items: items, layout: layout, constraints: constraints, rowHeights: rowHeights, textLayouts: textLayouts,
        skipDrawingOnFling: skip, rowsDrawnBeforeStop: pastStop ?? 3) : nil
  }
}
