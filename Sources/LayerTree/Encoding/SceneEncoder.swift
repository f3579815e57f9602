/// Writes a ``Scene`` as a canonical scene file: the text ``SceneDecoder`` reads back into an
/// equal scene (but for the split below).
///
/// The output is laid out like ``SceneDocument/rendered()`` (two-space indentation, small objects
/// on one line within ``SceneDocument/lineWidth`` columns) and leaves out every key at its
/// default, so a plain layer is `{ "id": "dot", "frame": [0, 0, 4, 4] }`. Keys come in the
/// format's order: `id`, `class`, `frame`, `repeat`, the properties, `contents`, `mask`, then
/// `sublayers`.
///
/// What the model expands, the encoder folds back:
/// - copies made by `repeat` (siblings `cell[0]`, `cell[1]`, ... that differ only by a constant
///   frame step) become one object with `repeat`;
/// - a timeline target (the list of layer paths it resolved to) becomes the shortest pattern that
///   resolves to exactly that list: an id (`"title"`), a pattern (`"cell[*]/title"`), or the
///   layer's path anchored at the root (`"/root/feed/cell[3]/title"`). An animation or content
///   change whose layers no single pattern names (`gradient/path/mask` and `gradient/stroke`
///   under one shape) is written as several entries with its other keys, one per pattern that
///   names a part of its layers (the layers of one depth, else of one depth and id, else each
///   layer alone): read back, the same layers change at the same times, from more entries.
///
/// Colours are written with 8 bits a channel, as the format stores them; the root's `frame` is
/// always written (its default depends on the device). Where a layer carries a source location,
/// it is not written: it belongs to the file the layer was read from.
///
/// ```swift
/// let text = try SceneEncoder.rendered(scene)
/// let again = try SceneDecoder.decode(Array(text.utf8), options: options)  // == scene
/// ```
public enum SceneEncoder {
  /// The scene as a JSON document; an error when the scene holds a number outside the range the
  /// format gives its key (``Scene/firstValueOutOfRange(format:)``), which the readers would refuse.
  ///
  /// Naming the timeline's targets compares layer ids (``TargetNamer``); `workBudget` bounds
  /// how many, for a scene made from an untrusted file: past it, the scene is not written.
  public static func encode(_ scene: Scene, format: SceneFormat = .standard, workBudget: Int = .max) throws(SceneEncodingError)
    -> JSONOutput
  {
    if let problem = scene.firstValueOutOfRange(format: format) {
      throw SceneEncodingError(path: problem.path, message: problem.message)
    }
    var writer = SceneWriter(scene: scene, format: format, workBudget: workBudget)
    return try writer.document()
  }

  /// The scene as the text of a scene file, with a trailing newline.
  public static func rendered(_ scene: Scene, format: SceneFormat = .standard, workBudget: Int = .max) throws(SceneEncodingError)
    -> String
  {
    try encode(scene, format: format, workBudget: workBudget).rendered(lineWidth: SceneDocument.lineWidth)
  }
}

/// A scene the format cannot express: copies that `repeat` cannot make, a timeline target no
/// pattern names, a number JSON cannot hold.
public struct SceneEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The layer path or timeline entry at fault.
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// The encoder's walk over one scene.
private struct SceneWriter {
  let scene: Scene
  /// The default of `allowsGroupOpacity`, which follows the iOS version.
  let defaults: LayerDefaults
  let format: SceneFormat
  /// A layer of each class with every property at its default, in `LayerClass.allCases` order.
  let initialLayers: [Layer]
  /// The most layer ids naming the timeline's targets may compare (``TargetNamer``).
  let workBudget: Int

  init(scene: Scene, format: SceneFormat, workBudget: Int) {
    self.scene = scene
    self.format = format
    self.workBudget = workBudget
    defaults = LayerDefaults(iosVersion: scene.iosVersion)
    initialLayers = LayerClass.allCases.map { LayerDraft.defaultLayer($0, defaults: LayerDefaults(iosVersion: scene.iosVersion)) }
  }

  /// The layer of `layerClass` with every property at its default, with `frame`: a shape
  /// layer's default path follows its bounds.
  func defaultLayer(_ layerClass: LayerClass, frame: Rect) -> Layer {
    if layerClass == .CAShapeLayer { return LayerDraft.defaultLayer(layerClass, defaults: defaults, frame: frame) }
    return initialLayers[LayerClass.allCases.firstIndex(of: layerClass)!]
  }

  /// Throws when `value` holds a number JSON cannot (an infinity or NaN).
  static func checkFinite(_ value: JSONOutput, _ path: String, _ key: String) throws(SceneEncodingError) {
    switch value {
    case .number(let number): _ = try self.number(number, path, key)
    case .array(let items): for item in items { try checkFinite(item, path, key) }
    case .object(let members): for (_, member) in members { try checkFinite(member, path, key) }
    default: break
    }
  }

  mutating func document() throws(SceneEncodingError) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("version", .int(Scene.formatVersion))]
    if !scene.name.isEmpty { members.append(("name", .string(scene.name))) }
    if !scene.description.isEmpty { members.append(("description", .string(scene.description))) }
    members.append(("device", .string(scene.device)))
    if scene.iosVersion != .latest { members.append(("iosVersion", .string(scene.iosVersion.description))) }
    if let source = scene.source { members.append(("source", try Self.source(source))) }
    if let budgets = scene.budgets { members.append(("budgets", Self.budgets(budgets))) }
    members.append(("root", try layer(scene.root, path: scene.root.id, role: .root)))
    if let timeline = scene.timeline { members.append(("timeline", try self.timeline(timeline))) }
    return .object(members)
  }

  // MARK: Layers

  enum Role {
    case root
    case mask
    case sublayer
  }

  /// The object of one layer; `repeatBlock` is given for the template of `repeat` copies, whose
  /// id is then `id`.
  func layer(
    _ layer: Layer, path: String, role: Role, id: String? = nil, repeatBlock: JSONOutput? = nil
  ) throws(SceneEncodingError) -> JSONOutput {
    let id = id ?? layer.id
    if let problem = LayerPath.problem(withID: id) {
      throw SceneEncodingError(path: path, message: problem)
    }
    var members: [(String, JSONOutput)] = []
    let layerClass = LayerClass(layer.kind)
    let initial = defaultLayer(layerClass, frame: layer.frame)
    // In the format's order, with `repeat` after `frame` and what a layer holds (its contents,
    // mask and sublayers) last.
    for key in format.layer.keys {
      switch key.binding ?? .structural {
      case .structural:
        switch key.name {
        case "id":
          let defaultID = role == .root ? "root" : role == .mask ? "mask" : nil
          if id != defaultID { members.append(("id", .string(id))) }
        case "class":
          if layerClass != .CALayer { members.append(("class", .string(layerClass.rawValue))) }
        case "frame":
          if role == .root || layer.frame != Layer(id: "").frame { members.append(("frame", try Self.rect(layer.frame, path, "frame"))) }
          if let repeatBlock { members.append(("repeat", repeatBlock)) }
        case "shadowPath":
          if let shadowPath = layer.shadowPath {
            if case .rect(let rect, let radius) = shadowPath {
              _ = try Self.rect(rect, path, "shadowPath")
              _ = try Self.number(radius, path, "shadowPath")
            }
            if let (key, value) = LayerChange.setShadowPath(shadowPath).member, let value { members.append((key, value)) }
          }
        case "path":
          // A shape layer's path is its bounds unless written.
          if case .shape(let shape) = layer.kind, shape.path != .rect(layer.bounds) {
            members.append(("path", try Self.shapePath(shape.path, path)))
          }
        default: break  // `contents`, `mask` and `sublayers` below; `repeat` after `frame`
        }
      case let binding:
        if let value = LayerKeys.changedOutput(binding, key.type, of: layer, from: initial) {
          try Self.checkFinite(value, path, key.name)
          members.append((key.name, value))
        }
      }
    }
    if let contents = layer.contents {
      if case .image(let image) = contents {
        _ = try Self.numbers([image.pixelSize.width, image.pixelSize.height], path, "contents.pixelSize")
      }
      members.append(("contents", LayerChange.contents(contents)))
    }
    if let mask = layer.mask {
      members.append(("mask", try self.layer(mask, path: LayerPath.child(path, mask.id), role: .mask)))
    }
    if !layer.sublayers.isEmpty { members.append(("sublayers", .array(try sublayers(of: layer, path: path)))) }
    return .object(members)
  }

  /// The objects of a layer's sublayers, with runs of `repeat` copies folded into one object.
  func sublayers(of parent: Layer, path: String) throws(SceneEncodingError) -> [JSONOutput] {
    var objects: [JSONOutput] = []
    var sublayers = parent.sublayers
    if case .replicator = parent.kind {
      // The copies of the instances are made again when the scene is read.
      sublayers.removeAll { ReplicatorInstances.isInstanceID($0.id) }
    }
    var index = 0
    while index < sublayers.count {
      let first = sublayers[index]
      let firstPath = LayerPath.child(path, first.id)
      guard let (base, copyIndex) = Self.copyID(first.id) else {
        objects.append(try layer(first, path: firstPath, role: .sublayer))
        index += 1
        continue
      }
      guard copyIndex == 0 else {
        throw SceneEncodingError(
          path: firstPath, message: "the id ends in [\(copyIndex)] but no copy [0] comes before it: only `repeat` makes ids with [n]")
      }
      var end = index + 1
      while end < sublayers.count, let (nextBase, next) = Self.copyID(sublayers[end].id), nextBase == base, next == end - index {
        end += 1
      }
      let copies = Array(sublayers[index..<end])
      let block = try repeatBlock(copies, path: LayerPath.child(path, base))
      objects.append(try layer(first, path: firstPath, role: .sublayer, id: base, repeatBlock: block))
      index = end
    }
    return objects
  }

  /// The `repeat` object that makes `copies` from the first, or an error when they differ by more
  /// than a constant frame step.
  func repeatBlock(_ copies: [Layer], path: String) throws(SceneEncodingError) -> JSONOutput {
    let first = copies[0]
    let xs = copies.map(\.frame.x)
    let ys = copies.map(\.frame.y)
    guard let dx = Self.step(xs), let dy = Self.step(ys) else {
      throw SceneEncodingError(
        path: path + "[*]", message: "the \(copies.count) copies are not placed a constant step apart, as `repeat` places them")
    }
    for copy in copies.dropFirst() {
      var normalized = copy
      normalized.id = first.id
      normalized.frame = first.frame
      guard Self.sameIgnoringSource(normalized, first) else {
        throw SceneEncodingError(
          path: LayerPath.child(path.split(separator: "/").dropLast().joined(separator: "/"), copy.id),
          message: "differs from \(first.id) by more than its frame; copies made by `repeat` are alike")
      }
    }
    // Copies far apart need a step past the range of coordinates, though each copy is within it.
    if let range = format.repeatBlock["step"].range, !range.contains(dx) || !range.contains(dy) {
      throw SceneEncodingError(
        path: path + "[*]",
        message:
          "the \(copies.count) copies are \(formatNumber(range.contains(dx) ? dy : dx)) pt apart; `repeat`'s step is held \(range.bounds(for: range.contains(dx) ? dy : dx))"
      )
    }
    var members: [(String, JSONOutput)] = [("count", .int(copies.count))]
    if dx != 0 || dy != 0 { members.append(("step", try Self.numbers([dx, dy], path, "repeat.step"))) }
    return .object(members)
  }

  /// `cell[3]` -> ("cell", 3); nil for an id without an index.
  static func copyID(_ id: String) -> (String, Int)? {
    let (base, index) = SceneDocument.split(Substring(id))
    guard let index else { return nil }
    return (base, index)
  }

  /// The step `s` for which `values[i] == values[0] + s * i` holds exactly, as `repeat` computes
  /// each copy's position, or nil. The difference of the first two values is the step for most
  /// scenes; where rounding hides it, the neighbouring doubles are tried.
  static func step(_ values: [Double]) -> Double? {
    guard values.count > 1 else { return 0 }
    let origin = values[0]
    func fits(_ step: Double) -> Bool {
      values.indices.allSatisfy { origin + step * Double($0) == values[$0] }
    }
    let guesses = [values[1] - origin, (values[values.count - 1] - origin) / Double(values.count - 1)]
    for guess in guesses where guess.isFinite {
      var down = guess
      var up = guess
      for _ in 0..<8 {
        if fits(down) { return down }
        if fits(up) { return up }
        down = down.nextDown
        up = up.nextUp
      }
    }
    return nil
  }

  /// True when the layers are equal but for where they were read from.
  static func sameIgnoringSource(_ a: Layer, _ b: Layer) -> Bool {
    var shallowA = a
    var shallowB = b
    shallowA.source = nil
    shallowB.source = nil
    shallowA.sublayers = []
    shallowB.sublayers = []
    shallowA.mask = nil
    shallowB.mask = nil
    guard shallowA == shallowB, a.sublayers.count == b.sublayers.count else { return false }
    switch (a.mask, b.mask) {
    case (nil, nil): break
    case (let maskA?, let maskB?): guard sameIgnoringSource(maskA, maskB) else { return false }
    default: return false
    }
    return zip(a.sublayers, b.sublayers).allSatisfy { sameIgnoringSource($0, $1) }
  }

  // MARK: Values

  static func number(_ value: Double, _ path: String, _ key: String) throws(SceneEncodingError) -> JSONOutput {
    guard value.isFinite else {
      throw SceneEncodingError(path: path, message: "`\(key)` is \(formatNumber(value)); JSON holds finite numbers only")
    }
    return .number(value)
  }

  static func numbers(_ values: [Double], _ path: String, _ key: String) throws(SceneEncodingError) -> JSONOutput {
    var items: [JSONOutput] = []
    for value in values { items.append(try number(value, path, key)) }
    return .array(items)
  }

  static func rect(_ rect: Rect, _ path: String, _ key: String) throws(SceneEncodingError) -> JSONOutput {
    try numbers([rect.x, rect.y, rect.width, rect.height], path, key)
  }

  static func transform(_ transform: Transform, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    var members: [(String, JSONOutput)] = []
    if transform.rotationDegrees != 0 { members.append(("rotation", try number(transform.rotationDegrees, path, "transform.rotation"))) }
    if transform.translationX != 0 || transform.translationY != 0 {
      members.append(("translation", try numbers([transform.translationX, transform.translationY], path, "transform.translation")))
    }
    if transform.scaleX == transform.scaleY {
      if transform.scaleX != 1 { members.append(("scale", try number(transform.scaleX, path, "transform.scale"))) }
    } else {
      members.append(("scale", try numbers([transform.scaleX, transform.scaleY], path, "transform.scale")))
    }
    return .object(members)
  }

  static func shapePath(_ shape: ShapePath, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    switch shape {
    case .rect(let rect):
      return .object([("type", .string("rect")), ("rect", try self.rect(rect, path, "path.rect"))])
    case .roundedRect(let rect, let radius):
      var members: [(String, JSONOutput)] = [("type", .string("roundedRect")), ("rect", try self.rect(rect, path, "path.rect"))]
      if radius != 0 { members.append(("cornerRadius", try number(radius, path, "path.cornerRadius"))) }
      return .object(members)
    case .ellipse(let rect):
      return .object([("type", .string("ellipse")), ("rect", try self.rect(rect, path, "path.rect"))])
    case .arbitrary(let bounds, let points):
      return .object([("type", .string("arbitrary")), ("rect", try self.rect(bounds, path, "path.rect")), ("points", .int(points))])
    }
  }

  static func source(_ source: SceneSource) throws(SceneEncodingError) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("tool", .string(source.tool))]
    if let file = source.file { members.append(("file", .string(file))) }
    if let frames = source.frames {
      members.append(("frames", try numbers([frames.lowerBound, frames.upperBound], "source", "frames")))
    }
    if !source.notes.isEmpty { members.append(("notes", .array(source.notes.map { .string($0) }))) }
    return .object(members)
  }

  static func budgets(_ budgets: Budgets) -> JSONOutput {
    func limits(_ limits: [Budgets.Limit]) -> [(String, JSONOutput)] {
      limits.map { limit in
        (limit.kind.rawValue, limit.kind == .maxOffscreenPassesPerFrame ? .int(Int(limit.value)) : .number(limit.value))
      }
    }
    var members = limits(budgets.limits)
    if !budgets.deviceLimits.isEmpty {
      members.append(("devices", .object(budgets.deviceLimits.keys.sorted().map { ($0, .object(limits(budgets.deviceLimits[$0]!))) })))
    }
    if let checkOn = budgets.checkOn { members.append(("checkOn", .array(checkOn.map { .string($0) }))) }
    return .object(members)
  }

  // MARK: Timeline

  func timeline(_ timeline: Timeline) throws(SceneEncodingError) -> JSONOutput {
    var namer = TargetNamer(root: scene.root, budget: workBudget)
    var members: [(String, JSONOutput)] = [("duration", try Self.number(timeline.duration, "timeline", "duration"))]
    if let rate = timeline.frameRate { members.append(("frameRate", try Self.number(rate, "timeline", "frameRate"))) }
    if timeline.disablesMinimumFrameDuration { members.append(("disableMinimumFrameDurationOnPhone", .bool(true))) }
    if let queues = timeline.drawingQueues { members.append(("drawingQueues", .int(queues))) }
    if !timeline.animations.isEmpty {
      var items: [JSONOutput] = []
      for (index, animation) in timeline.animations.enumerated() {
        let path = "timeline.animations[\(index)]"
        for target in try namer.patterns(for: animation.targets, at: path) {
          items.append(try self.animation(animation, target: target, at: path))
        }
      }
      members.append(("animations", .array(items)))
    }
    if !timeline.contentChanges.isEmpty {
      var items: [JSONOutput] = []
      for (index, change) in timeline.contentChanges.enumerated() {
        let path = "timeline.contentChanges[\(index)]"
        for target in try namer.patterns(for: change.targets, at: path) {
          items.append(try contentChange(change, target: target, at: path))
        }
      }
      members.append(("contentChanges", .array(items)))
    }
    if !timeline.scrolls.isEmpty {
      var items: [JSONOutput] = []
      for (index, scroll) in timeline.scrolls.enumerated() {
        items.append(try self.scroll(scroll, at: "timeline.scrolls[\(index)]", namer: &namer))
      }
      members.append(("scrolls", .array(items)))
    }
    return .object(members)
  }

  /// The animation's object, naming its layers (or a part of them) by `target`.
  func animation(_ animation: LayerAnimation, target: String, at path: String) throws(SceneEncodingError) -> JSONOutput {
    let initial = LayerAnimation(targets: [], keyPath: animation.keyPath, toValue: animation.toValue)
    var members: [(String, JSONOutput)] = [
      ("target", .string(target)),
      ("keyPath", .string(animation.keyPath.rawValue)),
    ]
    if let from = animation.fromValue { members.append(("fromValue", try Self.value(from, path, "fromValue"))) }
    members.append(("toValue", try Self.value(animation.toValue, path, "toValue")))
    if animation.beginTime != initial.beginTime { members.append(("beginTime", try Self.number(animation.beginTime, path, "beginTime"))) }
    if animation.duration != initial.duration { members.append(("duration", try Self.number(animation.duration, path, "duration"))) }
    if animation.timingFunction != initial.timingFunction {
      members.append(("timingFunction", .string(animation.timingFunction.rawValue)))
    }
    if animation.repeatCount != initial.repeatCount {
      members.append(("repeatCount", try Self.number(animation.repeatCount, path, "repeatCount")))
    }
    if animation.autoreverses != initial.autoreverses { members.append(("autoreverses", .bool(animation.autoreverses))) }
    if animation.removedOnCompletion != initial.removedOnCompletion {
      members.append(("removedOnCompletion", .bool(animation.removedOnCompletion)))
    }
    return .object(members)
  }

  static func value(_ value: AnimationValue, _ path: String, _ key: String) throws(SceneEncodingError) -> JSONOutput {
    switch value {
    case .number(let number): return try self.number(number, path, key)
    case .pair(let a, let b): return try numbers([a, b], path, key)
    case .color(let color): return .string(color.description)
    }
  }

  /// The content change's object, naming its layers (or a part of them) by `target`.
  func contentChange(_ change: ContentChange, target: String, at path: String) throws(SceneEncodingError) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("target", .string(target))]
    // A change needs `times` or `rate`: an empty list of times is written when there is no rate.
    if !change.times.isEmpty || change.rate == nil { members.append(("times", try Self.numbers(change.times, path, "times"))) }
    if let rate = change.rate { members.append(("rate", try Self.number(rate, path, "rate"))) }
    if change.beginTime != 0 { members.append(("beginTime", try Self.number(change.beginTime, path, "beginTime"))) }
    if let end = change.endTime { members.append(("endTime", try Self.number(end, path, "endTime"))) }
    return .object(members)
  }

  func scroll(_ scroll: Scroll, at path: String, namer: inout TargetNamer) throws(SceneEncodingError) -> JSONOutput {
    guard let target = try namer.pattern(for: [scroll.target], at: path) else {
      throw SceneEncodingError(path: path, message: "no target pattern names the layer \(scroll.target) alone")
    }
    var members: [(String, JSONOutput)] = [("target", .string(target))]
    if scroll.axis != .vertical { members.append(("axis", .string(scroll.axis.rawValue))) }
    switch scroll.motion {
    case .fling(let velocity, let rate):
      members.append(("velocity", try Self.number(velocity, path, "velocity")))
      if rate == Scroll.fastDeceleration {
        members.append(("deceleration", .string("fast")))
      } else if rate != Scroll.normalDeceleration {
        members.append(("deceleration", try Self.number(rate, path, "deceleration")))
      }
    case .offsets(let points):
      var items: [JSONOutput] = []
      for point in points { items.append(try Self.numbers([point.x, point.y], path, "offsets")) }
      members.append(("offsets", .array(items)))
    }
    if scroll.beginTime != 0 { members.append(("beginTime", try Self.number(scroll.beginTime, path, "beginTime"))) }
    if scroll.startOffset != 0 { members.append(("startOffset", try Self.number(scroll.startOffset, path, "startOffset"))) }
    if let length = scroll.contentLength { members.append(("contentLength", try Self.number(length, path, "contentLength"))) }
    if let reuse = scroll.reuse {
      var block: [(String, JSONOutput)] = [("cell", .string(reuse.cell))]
      if let items = reuse.items { block.append(("items", .int(items))) }
      if let layout = reuse.layout { block.append(("layout", .string(layout.rawValue))) }
      if let constraints = reuse.constraints { block.append(("constraints", .int(constraints))) }
      if reuse.rowHeights != .fixed { block.append(("rowHeights", .string(reuse.rowHeights.rawValue))) }
      if reuse.textLayouts != .perDisplay { block.append(("textLayouts", .string(reuse.textLayouts.rawValue))) }
      if let skip = reuse.skipDrawingOnFling {
        block.append(("skipDrawingOnFling", .int(skip)))
        block.append(("rowsDrawnBeforeStop", .int(reuse.rowsDrawnBeforeStop)))
      }
      members.append(("reuse", .object(block)))
    }
    return .object(members)
  }
}

/// Finds, for a list of layer paths, the shortest target pattern that resolves to exactly that
/// list, in order; or, when there is none, the fewest patterns found by splitting the list.
///
/// A list of one layer, the common case, costs the layers that share its id
/// (``TargetResolver/shortestPattern(naming:limit:)``); a longer list costs a resolution of each
/// tail tried. What the resolver compares, summed over every list, is held to `budget`: a file of
/// a few kilobytes can make thousands of layers with one id, nested hundreds deep, each animated.
struct TargetNamer {
  let resolver: TargetResolver
  /// Patterns already found, by the list they name (nil: no single pattern names it).
  private var found: [[String]: String?] = [:]
  /// The most ids the resolver may compare in all.
  let budget: Int

  init(root: Layer, budget: Int = .max) {
    resolver = TargetResolver(root: root)
    self.budget = budget
  }

  /// Throws once the resolver has compared more than ``budget`` ids.
  func checkBudget(at location: String) throws(SceneEncodingError) {
    guard resolver.compared > budget else { return }
    throw SceneEncodingError(
      path: location,
      message:
        "naming the timeline's targets compares more than \(NumberRange.grouped(Double(budget))) layer ids, the work budget: the layers it animates share their ids with too many others, nested too deep"
    )
  }

  /// Patterns that together name exactly `paths`, each layer once per time it is listed: the one
  /// pattern of ``pattern(for:)`` when there is one; else the paths are split by their number of
  /// components (a pattern matches layers of one depth only), each part that still has no pattern
  /// by its last component, and each part that still has none into its paths one by one. Throws
  /// only when the list is empty or a single path has no pattern of its own (two sibling layers
  /// with one id).
  mutating func patterns(for paths: [String], at location: String) throws(SceneEncodingError) -> [String] {
    guard !paths.isEmpty else { throw SceneEncodingError(path: location, message: "the target names no layer") }
    if let whole = try pattern(for: paths, at: location) { return [whole] }
    var patterns: [String] = []
    for sameDepth in Self.parts(of: paths, by: { $0.split(separator: "/", omittingEmptySubsequences: false).count }) {
      if let pattern = try pattern(for: sameDepth, at: location) {
        patterns.append(pattern)
        continue
      }
      for sameID in Self.parts(of: sameDepth, by: { $0.split(separator: "/", omittingEmptySubsequences: false).last ?? "" }) {
        if let pattern = try pattern(for: sameID, at: location) {
          patterns.append(pattern)
          continue
        }
        for path in sameID {
          guard let pattern = try pattern(for: [path], at: location) else {
            throw SceneEncodingError(path: location, message: "no target pattern names the layer \(path) alone")
          }
          patterns.append(pattern)
        }
      }
    }
    return patterns
  }

  /// `paths` grouped by `key`, the groups in the order of their first path, each group's paths in
  /// their order in `paths`.
  static func parts<Key: Hashable>(of paths: [String], by key: (String) -> Key) -> [[String]] {
    var order: [Key] = []
    var groups: [Key: [String]] = [:]
    for path in paths {
      let k = key(path)
      if groups[k] == nil { order.append(k) }
      groups[k, default: []].append(path)
    }
    return order.map { groups[$0] ?? [] }
  }

  /// The pattern: the shortest tail of the paths' common pattern (each component kept where all
  /// paths agree, `stem[*]` where they differ only in a copy's index, `*` otherwise) that resolves
  /// to `paths`; else the whole pattern anchored at the root with a leading `/`; nil when neither
  /// does (or `paths` is empty).
  mutating func pattern(for paths: [String], at location: String) throws(SceneEncodingError) -> String? {
    if let known = found[paths] { return known }
    let pattern: String?
    if paths.count == 1, !paths[0].contains("*") {
      pattern = resolver.shortestPattern(naming: paths[0], limit: budget)
    } else {
      pattern = try search(paths, at: location)
    }
    try checkBudget(at: location)
    found[paths] = .some(pattern)
    return pattern
  }

  private func search(_ paths: [String], at location: String) throws(SceneEncodingError) -> String? {
    guard !paths.isEmpty else { return nil }
    let split = paths.map { $0.split(separator: "/", omittingEmptySubsequences: false) }
    let shortest = split.map(\.count).min() ?? 0
    guard shortest > 0 else { return nil }
    var tail: [String] = []
    for depth in 1...shortest {
      let components = split.map { $0[$0.count - depth] }
      tail.insert(Self.commonPattern(components), at: 0)
      let pattern = tail.joined(separator: "/")
      // Stopped past the budget within one resolution too: a pattern over many layers with one
      // id, deep, costs that much in one call.
      let found = resolver.resolve(pattern, limit: budget)
      try checkBudget(at: location)
      if found == paths { return pattern }
      if depth == shortest, split.allSatisfy({ $0.count == depth }) {
        let anchored = "/" + pattern
        if resolver.resolve(anchored) == paths { return anchored }
      }
    }
    return nil
  }

  /// The component that matches all of `components`: itself when they agree, `stem[*]` for copies
  /// of one repeated layer, `*` otherwise.
  static func commonPattern(_ components: [Substring]) -> String {
    let first = components[0]
    if components.allSatisfy({ $0 == first }) { return String(first) }
    let stems = components.map { SceneDocument.split($0) }
    if let stem = stems.first?.0, stems.allSatisfy({ $0.0 == stem && $0.1 != nil }) { return stem + "[*]" }
    return "*"
  }
}
