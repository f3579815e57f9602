/// A number of a scene in memory outside the range the format's description gives its key: a
/// file written from the scene would be refused by the readers. Importers and the capture
/// library build scenes from numbers no reader has checked; ``Scene/firstValueOutOfRange(format:)``
/// finds such a number before the scene is written.
public struct ValueOutOfRange: Sendable, Hashable, CustomStringConvertible {
  /// Where the number is: a layer's path (`root/feed/cell[3]`), or a timeline entry
  /// (`timeline.animations[2]`), or `source`.
  public var path: String
  /// The key as a file writes it, with the number's index in an array: `frame[0]`,
  /// `contents.pixelSize[1]`, `toValue`.
  public var key: String
  public var value: Double
  public var range: NumberRange

  public init(path: String, key: String, value: Double, range: NumberRange) {
    self.path = path
    self.key = key
    self.value = value
    self.range = range
  }

  /// What is wrong, without the path: "`frame[0]` is 1000000000; the scene format holds a number
  /// from -10000000 to 10000000 there".
  public var message: String {
    "`\(key)` is \(formatNumber(value)); the scene format holds \(range.expectation(for: value)) there"
  }

  /// The message after the path: "root/a: `frame[0]` is ...".
  public var description: String { "\(path): \(message)" }
}

extension Scene {
  /// The first number of the scene outside the range the format gives its key, in the order a
  /// file writes them (the layers depth first, then the timeline, then `source`); nil when every
  /// number is within its range.
  ///
  /// It checks what the readers check with a key's range: every layer number, pair and whole
  /// number of the description, `frame`, a transform's translation, `shadowPath`, a shape's path,
  /// contents, and the timeline's values, times, rates and offsets. Non-finite numbers are outside
  /// every range. Not checked: what is not a range (the frames a duration makes at its frame rate,
  /// the layer and work limits, targets), budgets, and the copies a replicator makes of its
  /// sublayers, which a file does not hold.
  ///
  /// - Complexity: O(n) in the layers, and O(m) in the timeline's entries.
  public func firstValueOutOfRange(format: SceneFormat = .standard) -> ValueOutOfRange? {
    var stack: [(layer: Layer, path: String)] = [(root, root.id)]
    while let (layer, path) = stack.popLast() {
      if let problem = Self.valueOutOfRange(in: layer, path: path, format: format) { return problem }
      var below: [(Layer, String)] = []
      if let mask = layer.mask { below.append((mask, LayerPath.child(path, mask.id))) }
      let isReplicator = if case .replicator = layer.kind { true } else { false }
      for sublayer in layer.sublayers where !(isReplicator && ReplicatorInstances.isInstanceID(sublayer.id)) {
        below.append((sublayer, LayerPath.child(path, sublayer.id)))
      }
      // Depth first, in file order: the last pushed is the first popped.
      stack.append(contentsOf: below.reversed())
    }
    if let timeline, let problem = Self.valueOutOfRange(in: timeline, format: format) { return problem }
    if let frames = source?.frames, let problem = Self.outside([frames.lowerBound, frames.upperBound], format.source["frames"].type) {
      return ValueOutOfRange(path: "source", key: problem.key("frames"), value: problem.value, range: problem.range)
    }
    return nil
  }

  /// The first number of one layer (not its mask or sublayers) outside its range.
  static func valueOutOfRange(in layer: Layer, path: String, format: SceneFormat) -> ValueOutOfRange? {
    func found(_ key: String, _ problem: Outside?) -> ValueOutOfRange? {
      problem.map { ValueOutOfRange(path: path, key: $0.key(key), value: $0.value, range: $0.range) }
    }
    for key in format.layer.keys {
      switch key.binding ?? .structural {
      case .number(let get, _):
        if let value = get(layer), let problem = found(key.name, outside([value], key.type)) { return problem }
      case .integer(let get, _):
        if let value = get(layer), let problem = found(key.name, outside([Double(value)], key.type)) { return problem }
      case .pair(let get, _):
        if let point = get(layer), let problem = found(key.name, outside([point.x, point.y], key.type)) { return problem }
      case .transform(let get, _):
        if let transform = get(layer),
          let problem = found(
            "\(key.name).translation", outside([transform.translationX, transform.translationY], format.transform["translation"].type))
        {
          return problem
        }
      case .structural:
        switch key.name {
        case "frame":
          if let problem = found("frame", outside(layer.frame)) { return problem }
        case "shadowPath":
          guard case .rect(let rect, let radius) = layer.shadowPath else { continue }
          if let problem = found("shadowPath.rect", outside(rect)) { return problem }
          if let problem = found("shadowPath.cornerRadius", outside([radius], format.shadowPath["cornerRadius"].type)) { return problem }
        case "path":
          guard case .shape(let shape) = layer.kind else { continue }
          if let problem = found("path.rect", outside(shape.path.bounds)) { return problem }
          switch shape.path {
          case .roundedRect(_, let radius):
            if let problem = found("path.cornerRadius", outside([radius], format.shapePath["cornerRadius"].type)) { return problem }
          case .arbitrary(_, let points):
            if let problem = found("path.points", outside([Double(points)], format.shapePath["points"].type)) { return problem }
          default: break
          }
        case "contents":
          switch layer.contents {
          case .image(let image):
            let size = [image.pixelSize.width, image.pixelSize.height]
            if let problem = found("contents.pixelSize", outside(size, format.contents["pixelSize"].type)) { return problem }
          case .text(let text):
            if let problem = found("contents.characters", outside([Double(text.characters)], format.contents["characters"].type)) {
              return problem
            }
            if let problem = found("contents.emoji", outside([Double(text.emoji)], format.contents["emoji"].type)) { return problem }
            // At most `characters`: the emoji are counted among them.
            if text.emoji > text.characters,
              let problem = found("contents.emoji", outside([Double(text.emoji)], .integer(0...text.characters)))
            {
              return problem
            }
          default: break
          }
        default: break
        }
      default: break
      }
    }
    return nil
  }

  /// The first number of the timeline outside its range.
  static func valueOutOfRange(in timeline: Timeline, format: SceneFormat) -> ValueOutOfRange? {
    var path = "timeline"
    func found(_ key: String, _ problem: Outside?) -> ValueOutOfRange? {
      problem.map { ValueOutOfRange(path: path, key: $0.key(key), value: $0.value, range: $0.range) }
    }
    func check(_ key: String, _ values: [Double], in kind: ObjectKind) -> ValueOutOfRange? {
      found(key, outside(values, kind[key].type))
    }
    if let problem = check("duration", [timeline.duration], in: format.timeline) { return problem }
    if let rate = timeline.frameRate, let problem = check("frameRate", [rate], in: format.timeline) { return problem }
    if let queues = timeline.drawingQueues, let problem = check("drawingQueues", [Double(queues)], in: format.timeline) {
      return problem
    }
    for (index, animation) in timeline.animations.enumerated() {
      path = "timeline.animations[\(index)]"
      let valueType = format.keyPath(animation.keyPath.rawValue)?.value
      for (key, value) in [("fromValue", animation.fromValue), ("toValue", animation.toValue)] {
        let numbers: [Double]
        switch value {
        case .number(let number): numbers = [number]
        case .pair(let a, let b): numbers = [a, b]
        case .color, nil: numbers = []
        }
        if let valueType, let problem = found(key, outside(numbers, valueType)) { return problem }
      }
      let kind = format.animation
      if let problem = check("beginTime", [animation.beginTime], in: kind) ?? check("duration", [animation.duration], in: kind)
        ?? check("repeatCount", [animation.repeatCount], in: kind)
      {
        return problem
      }
    }
    for (index, change) in timeline.contentChanges.enumerated() {
      path = "timeline.contentChanges[\(index)]"
      let kind = format.contentChange
      if let problem = found("times", change.times.isEmpty ? nil : outside(change.times, kind["times"].type.listItem ?? .number(.any))) {
        return problem
      }
      if let rate = change.rate, let problem = check("rate", [rate], in: kind) { return problem }
      if let problem = check("beginTime", [change.beginTime], in: kind) { return problem }
      if let end = change.endTime, let problem = check("endTime", [end], in: kind) { return problem }
    }
    for (index, scroll) in timeline.scrolls.enumerated() {
      path = "timeline.scrolls[\(index)]"
      let kind = format.scroll
      switch scroll.motion {
      case .fling(let velocity, let rate):
        if let problem = check("velocity", [velocity], in: kind) ?? check("deceleration", [rate], in: kind) { return problem }
      case .offsets(let points):
        let item = kind["offsets"].type.listItem ?? .pair(shape: "[time, offset]", .any)
        for (position, point) in points.enumerated() {
          if let problem = found("offsets[\(position)]", outside([point.x, point.y], item)) { return problem }
        }
      }
      if let problem = check("beginTime", [scroll.beginTime], in: kind) ?? check("startOffset", [scroll.startOffset], in: kind) {
        return problem
      }
      if let length = scroll.contentLength, let problem = check("contentLength", [length], in: kind) { return problem }
      if let items = scroll.reuse?.items, let problem = found("reuse.items", outside([Double(items)], format.reuse["items"].type)) {
        return problem
      }
      for (key, value) in [
        ("constraints", scroll.reuse?.constraints), ("skipDrawingOnFling", scroll.reuse?.skipDrawingOnFling),
        ("rowsDrawnBeforeStop", scroll.reuse.map(\.rowsDrawnBeforeStop)),
      ] {
        if let value, let problem = found("reuse.\(key)", outside([Double(value)], format.reuse[key].type)) { return problem }
      }
    }
    return nil
  }

  /// The first of `values` outside the range `type` gives it, with that range: a number's or a
  /// whole number's, or a pair's (its second number in the second range, when it has one); for
  /// `oneOf`, the first number type's. Nil when every value is within its range, or the type has
  /// none.
  static func outside(_ values: [Double], _ type: ValueType) -> Outside? {
    let ranges: [NumberRange]
    switch type {
    case .pair(_, let first, let second): ranges = [first, second ?? first]
    case .oneOf(let types):
      guard let number = types.first(where: { if case .number = $0 { true } else { false } }) else { return nil }
      return outside(values, number)
    default:
      guard let range = type.range else { return nil }
      ranges = [range]
    }
    for (index, value) in values.enumerated() {
      let range = ranges[min(index, ranges.count - 1)]
      guard !value.isFinite || !range.contains(value) || (range.whole && value != value.rounded()) else { continue }
      return Outside(index: values.count > 1 ? index : nil, value: value, range: range)
    }
    return nil
  }

  /// The first number of a rect outside the ranges of ``ValueType/rect``: x and y, then the width
  /// and height.
  static func outside(_ rect: Rect) -> Outside? {
    let values = [rect.x, rect.y, rect.width, rect.height]
    let ranges = [NumberRange.coordinate, .coordinate, .length, .length]
    guard let index = values.indices.first(where: { !values[$0].isFinite || !ranges[$0].contains(values[$0]) }) else { return nil }
    return Outside(index: index, value: values[index], range: ranges[index])
  }

  /// A number outside its range: its index in an array (`[x, y, width, height]`, a pair), the
  /// number and the range.
  struct Outside {
    var index: Int?
    var value: Double
    var range: NumberRange

    /// The key with the number's index: `frame[2]`.
    func key(_ key: String) -> String { index.map { "\(key)[\($0)]" } ?? key }
  }
}
