/// Reads a scene file (format version 1) into a ``Scene``, reporting every problem in it.
///
/// Reading happens in two stages: ``JSONReader`` turns bytes into ``JSONValue``s (a syntax error
/// stops there, with its line and column), then the decoder walks the values, checks every key,
/// type and range, expands `repeat`, and gathers all problems it finds, each with its JSON path
/// and line:column. Nothing traps, whatever the input.
///
/// Decoding bytes first tries ``SceneStreamReader``, which reads a well-formed file in one pass
/// without the tree and gives up at anything wrong or unusual; only then are the two stages run,
/// so problems are always found and reported by them.
///
/// ```swift
/// let scene = try SceneDecoder.decode(bytes, options: .init(devices: ["iphone-7": screen]))
/// ```
public enum SceneDecoder {
  public struct Options: Sendable {
    /// The device ids a scene may name, with their screens (the root layer's default frame).
    public var devices: [String: DeviceScreen]
    /// A device that replaces the scene's own (`--device`).
    public var deviceOverride: String?
    /// What a scene may ask of the tool (layers, work, depth, string lengths); past a limit the
    /// scene is refused.
    public var limits: InputLimits
    /// Most layers a scene may expand to, after `repeat`; beyond it the scene is refused.
    public var maxLayers: Int {
      get { limits.maxLayers }
      set { limits.maxLayers = newValue }
    }
    /// The format's description the readers follow; the standard one unless a test says
    /// otherwise.
    public var format: SceneFormat

    public init(
      devices: [String: DeviceScreen], deviceOverride: String? = nil, limits: InputLimits = .standard, format: SceneFormat = .standard
    ) {
      self.devices = devices
      self.deviceOverride = deviceOverride
      self.limits = limits
      self.format = format
    }

    public init(devices: [String: DeviceScreen], deviceOverride: String? = nil, maxLayers: Int, format: SceneFormat = .standard) {
      self.init(devices: devices, deviceOverride: deviceOverride, limits: InputLimits(maxLayers: maxLayers), format: format)
    }
  }

  /// The top-level keys of a scene file.
  public static let sceneKeys = ["version", "name", "description", "device", "iosVersion", "source", "root", "timeline", "budgets"]

  public static func decode(_ bytes: [UInt8], options: Options) throws(SceneErrors) -> Scene {
    try decodePlaceable(bytes, options: options).scene
  }

  /// Decodes a scene once to run it on several devices: ``PlaceableScene/placed(on:screen:)``
  /// then gives, for each device, the scene that decoding with that device as `deviceOverride`
  /// gives. `options` settle the device the scene is decoded on (the override, else its own).
  public static func decodePlaceable(_ bytes: [UInt8], options: Options) throws(SceneErrors) -> PlaceableScene {
    if let placeable = SceneStreamReader.readPlaceable(bytes, options: options) { return placeable }
    return try decodeTreePlaceable(bytes, options: options)
  }

  /// The deepest JSON nesting a scene within `limits` needs: each layer level is two JSON levels
  /// (the layer object and its `sublayers` array), and a layer's values add a few. Deeper than
  /// this, the file is past the layer-depth limit.
  public static func jsonDepth(for limits: InputLimits) -> Int { 2 * limits.maxDepth + 16 }

  /// Parses a scene file's JSON as every reader of scene files does (the decoders, the batch
  /// readers, ``SceneDocument``): arrays and objects nested at most ``jsonDepth(for:)`` deep, so
  /// that a scene within the layer-depth limit always parses and one past it is told so in
  /// layers, not as a JSON error.
  public static func parseJSON(_ bytes: [UInt8], limits: InputLimits) throws(JSONSyntaxError) -> JSONValue {
    let maxDepth = jsonDepth(for: limits)
    do {
      return try JSONReader.parse(bytes, maxDepth: maxDepth)
    } catch {
      guard error.isNestingLimit else { throw error }
      var nesting = JSONSyntaxError(
        offset: error.offset,
        message:
          "the file nests arrays and objects more than \(NumberRange.grouped(Double(maxDepth))) deep; layers may nest at most \(NumberRange.grouped(Double(limits.maxDepth))) deep"
      )
      nesting.isNestingLimit = true
      throw nesting
    }
  }

  /// A syntax error of a scene file as a diagnostic: `invalid JSON: ...`, or the nesting
  /// message of ``parseJSON(_:limits:)`` as it is.
  public static func diagnostic(_ error: JSONSyntaxError, in source: SourceText) -> Diagnostic {
    Diagnostic(
      path: "", location: source.location(ofOffset: error.offset),
      message: error.isNestingLimit ? error.message : "invalid JSON: \(error.message)")
  }

  /// ``decode(_:options:)`` without the fast path: the two stages alone.
  static func decodeTree(_ bytes: [UInt8], options: Options) throws(SceneErrors) -> Scene {
    try decodeTreePlaceable(bytes, options: options).scene
  }

  static func decodeTreePlaceable(_ bytes: [UInt8], options: Options) throws(SceneErrors) -> PlaceableScene {
    // The tree is read recursively, a layer level at a time, and freed the same way.
    let result = LargeStack.run { () -> Result<PlaceableScene, SceneErrors> in
      do throws(SceneErrors) {
        return .success(try decodeTreeOnThisThread(bytes, options: options))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private static func decodeTreeOnThisThread(_ bytes: [UInt8], options: Options) throws(SceneErrors) -> PlaceableScene {
    let source = SourceText(bytes)
    let value: JSONValue
    do {
      value = try parseJSON(bytes, limits: options.limits)
    } catch {
      throw SceneErrors([diagnostic(error, in: source)])
    }
    return try decodePlaceable(value, source: source, options: options)
  }

  public static func decode(_ value: JSONValue, source: SourceText, options: Options) throws(SceneErrors) -> Scene {
    try decodePlaceable(value, source: source, options: options).scene
  }

  /// ``decodePlaceable(_:options:)`` for a file already parsed.
  public static func decodePlaceable(_ value: JSONValue, source: SourceText, options: Options) throws(SceneErrors)
    -> PlaceableScene
  {
    let context = DecodingContext(source: source)
    context.maxStringLength = options.limits.maxStringLength
    var reader = SceneReader(context: context, options: options)
    let scene = reader.readScene(value)
    if let scene, context.diagnostics.isEmpty { return PlaceableScene(scene: scene, rootFillsScreen: reader.rootFillsScreen) }
    // In file order; problems without a place first. The sort is stable.
    let ordered = context.diagnostics.enumerated().sorted { lhs, rhs in
      let l = lhs.element.location ?? SourceLocation(line: 0, column: 0)
      let r = rhs.element.location ?? SourceLocation(line: 0, column: 0)
      return l != r ? l < r : lhs.offset < rhs.offset
    }.map(\.element)
    throw SceneErrors(ordered)
  }
}

/// The walk over a scene's values. One instance reads one file.
struct SceneReader {
  let context: DecodingContext
  let options: SceneDecoder.Options
  /// The file gives the root layer no `frame`: it takes the device's screen.
  private(set) var rootFillsScreen = false
  /// Layers produced so far, to enforce `maxLayers` while expanding `repeat`.
  private var layerCount = 0
  private var reportedLayerLimit = false
  private var reportedDepthLimit = false
  /// The rare boxes of the last layers read, which layers with the same rare properties share.
  private var rareBoxes = SharedRareBoxes()

  init(context: DecodingContext, options: SceneDecoder.Options) {
    self.context = context
    self.options = options
  }

  mutating func readScene(_ value: JSONValue) -> Scene? {
    let path = JSONPath.document
    guard let members = context.members(value, path, expected: "a scene object { \"version\": 1, \"root\": {...} }") else {
      return nil
    }
    var seen: [String: JSONValue.Member] = [:]
    var version: Int?
    var name = ""
    var description = ""
    var device: String?
    var deviceValue: JSONValue?
    var iosVersion = OSVersion.latest
    var rootValue: JSONValue?
    var timelineValue: JSONValue?
    var budgetsValue: JSONValue?
    var sourceValue: JSONValue?

    for member in members {
      if let first = seen[member.key] {
        context.duplicateKey(member, in: path, first: first)
        continue
      }
      seen[member.key] = member
      let value = member.value
      switch member.key {
      case "version":
        version = context.integer(value, path, "version", in: 0...Int(Int32.max))
      case "name":
        name = context.string(value, path, "name") ?? ""
      case "description":
        description = context.string(value, path, "description") ?? ""
      case "device":
        device = context.string(value, path, "device")
        deviceValue = value
      case "iosVersion":
        iosVersion = readOSVersion(value, path) ?? .latest
      case "root":
        rootValue = value
      case "timeline":
        timelineValue = value
      case "budgets":
        budgetsValue = value
      case "source":
        sourceValue = value
      case "$schema":
        // Lets editors find scenes/scene.schema.json; the tool itself does not read it.
        _ = context.string(value, path, "$schema")
      default:
        context.unknownKey(member, in: path, known: SceneDecoder.sceneKeys, what: "a scene")
      }
    }

    if seen["version"] == nil {
      context.error("version", at: value.offset, "missing `version`: expected \"version\": \(Scene.formatVersion)")
    } else if let version, version != Scene.formatVersion {
      context.error(
        "version", at: seen["version"]!.value.offset,
        "unsupported scene format version \(version); this tool reads version \(Scene.formatVersion)")
    }

    // The device: the override wins, but a device the file names must still be known.
    let knownDevices = options.devices.keys.sorted()
    if let device, let deviceValue, options.devices[device] == nil {
      var notes: [String] = []
      if let suggestion = context.suggestion(for: device, in: knownDevices) { notes.append("did you mean \"\(suggestion)\"?") }
      notes.append("known devices: \(knownDevices.joined(separator: ", "))")
      context.error("device", at: deviceValue.offset, "unknown device \"\(device)\"", notes: notes)
    }
    if let override = options.deviceOverride, options.devices[override] == nil {
      context.error(
        "", at: value.offset, "unknown device \"\(override)\" given with --device",
        notes: ["known devices: \(knownDevices.joined(separator: ", "))"])
    }
    let deviceID = options.deviceOverride ?? device
    if deviceID == nil {
      context.error(
        "device", at: value.offset, "missing `device`: name the device the scene runs on, such as \"iphone-7\", or pass --device",
        notes: ["known devices: \(knownDevices.joined(separator: ", "))"])
    }
    let screen = deviceID.flatMap { options.devices[$0] }
    let budgets = budgetsValue.flatMap {
      BudgetsReader(context: context, devices: knownDevices).read($0, path.key("budgets"), sceneDevice: device)
    }
    let sceneSource = sourceValue.flatMap { SourceReader(context: context).read($0, path.key("source")) }

    guard let rootValue else {
      context.error(
        "root", at: value.offset, "missing `root`: expected the root layer, an object such as { \"id\": \"root\", \"sublayers\": [] }")
      return nil
    }
    let defaults = LayerDefaults(iosVersion: iosVersion)
    let rootPath = path.key("root")
    guard var root = readLayers(rootValue, rootPath, isRoot: true, defaults: defaults).first else { return nil }
    rootFillsScreen = !seenKey("frame", in: rootValue)
    if rootFillsScreen, let screen { root.frame = screen.bounds }
    var timeline: Timeline? = nil
    if let timelineValue {
      timeline = TimelineReader(context: context, targets: TargetResolver(root: root), limits: options.limits, format: options.format).read(
        timelineValue, path.key("timeline"))
    }
    if !reportedLayerLimit, let problem = options.limits.workProblem(layers: layerCount, timeline: timeline) {
      context.error(
        timelineValue == nil ? "root" : "timeline", at: (timelineValue ?? rootValue).offset, problem,
        notes: ["the budget bounds what an untrusted file can cost; raise it to simulate a scene this large (--work-budget)"])
      return nil
    }
    guard let deviceID else { return nil }
    return Scene(
      name: name, description: description, device: deviceID, iosVersion: iosVersion, root: root, timeline: timeline,
      budgets: budgets, source: sceneSource)
  }

  private func seenKey(_ key: String, in value: JSONValue) -> Bool {
    guard case .object(let members) = value.kind else { return false }
    return members.contains { $0.key == key }
  }

  private func readOSVersion(_ value: JSONValue, _ path: JSONPath) -> OSVersion? {
    let text: String
    switch value.kind {
    case .string(let string): text = string
    case .number(let number) where number.isFinite && number == number.rounded():
      text = formatNumber(number)
    case .number(let number) where number.isFinite:
      context.error(
        path, key: "iosVersion", at: value.offset,
        "write the iOS version as a string (\"\(formatNumber(number))\"): as a number, 10.10 would read as 10.1")
      return nil
    default:
      context.error(path, key: "iosVersion", at: value.offset, "expected an iOS version such as \"10.2\", found \(context.describe(value))")
      return nil
    }
    guard let version = OSVersion(parsing: text) else {
      context.error(path, key: "iosVersion", at: value.offset, "expected an iOS version such as \"10.2\", found \"\(text)\"")
      return nil
    }
    return version
  }

  // MARK: Layers

  /// Reads one layer object; returns several layers when it carries `repeat`, none on a problem
  /// that leaves nothing to build.
  mutating func readLayers(
    _ value: JSONValue, _ path: JSONPath, isRoot: Bool, defaults: LayerDefaults, defaultID: String? = nil, isMask: Bool = false,
    depth: Int = 1
  ) -> [Layer] {
    guard depth <= options.limits.maxDepth else {
      if !reportedDepthLimit {
        reportedDepthLimit = true
        context.error(
          path.rendered, at: value.offset,
          "layers nest more than \(NumberRange.grouped(Double(options.limits.maxDepth))) deep; this layer is at depth \(NumberRange.grouped(Double(depth)))",
          notes: ["a sublayer or a mask is one level below its layer; the limit bounds what an untrusted file can cost"])
      }
      return []
    }
    guard let members = context.members(value, path, expected: "a layer object") else { return [] }
    let source = context.source.location(ofOffset: value.offset)

    // The class decides which keys apply, so read it first.
    let kind = options.format.layer
    var layerClass = LayerClass.CALayer
    var classIsKnown = true
    if let classMember = members.first(where: { $0.key == "class" }) {
      if let known = context.choice(classMember.value, path, "class", as: LayerClass.self) {
        layerClass = known
      } else {
        classIsKnown = false
      }
    }

    var draft = LayerDraft(id: defaultID ?? "", defaults: defaults, source: source)
    draft.layerClass = layerClass
    var hasID = defaultID != nil
    var repeatCount: Int? = nil
    var repeatStep = (0.0, 0.0)
    var repeatValue: JSONValue? = nil
    var seen: [String: JSONValue.Member] = [:]
    var sublayerValues: [(JSONValue, JSONPath)] = []
    var maskValue: JSONValue? = nil

    for member in members {
      if let first = seen[member.key] {
        context.duplicateKey(member, in: path, first: first)
        continue
      }
      seen[member.key] = member
      let key = member.key
      let v = member.value
      guard let index = kind.index(of: key) else {
        context.unknownKey(member, in: path, known: kind.names, what: kind.what)
        continue
      }
      let spec = kind.keys[index]
      if let classes = spec.variants, !classes.contains(layerClass.rawValue) {
        if !classIsKnown { continue }  // the class itself was reported
        let owners = classes.joined(separator: " or ")
        context.error(
          path, key: key, at: member.keyOffset,
          "`\(key)` applies to \(owners) layers only; this layer's class is \(layerClass.rawValue)",
          notes: ["add \"class\": \"\(classes[0])\" to the layer"])
        continue
      }
      switch spec.binding ?? .structural {
      case .number(_, let set): if let number = context.number(v, path, spec) { set(&draft, number) }
      case .integer(_, let set): if let number = context.integer(v, path, spec) { set(&draft, number) }
      case .boolean(_, let set): if let flag = context.bool(v, path, key) { set(&draft, flag) }
      case .choice(_, let set): if let index = context.choiceIndex(v, path, spec) { set(&draft, index) }
      case .color(_, let set): if let color = context.color(v, path, key) { set(&draft, color) }
      case .optionalColor(_, let set): if let color = context.optionalColor(v, path, key) { set(&draft, color) }
      case .pair(_, let set): if let (a, b) = context.pair(v, path, spec) { set(&draft, Point(a, b)) }
      case .colors(_, let set): if let colors = readColors(v, path, key) { set(&draft, colors) }
      case .choiceSet(_, let set): if let indices = context.choiceSet(v, path, spec) { set(&draft, indices) }
      case .transform(_, let set): if let transform = readTransform(v, path.key(key)) { set(&draft, transform) }
      case .structural:
        switch key {
        case "id":
          if let id = context.string(v, path, key) {
            if id.utf8.count > options.limits.maxIDLength, id.count > options.limits.maxIDLength {
              context.error(
                path, key: key, at: v.offset,
                "expected an id of at most \(NumberRange.grouped(Double(options.limits.maxIDLength))) characters, found \(NumberRange.grouped(Double(id.count)))"
              )
              hasID = true  // reported as too long, not as missing
            } else if let problem = LayerPath.problem(withID: id) {
              context.error(path, key: key, at: v.offset, problem)
              hasID = true  // reported as invalid, not as missing
            } else {
              draft.layer.id = id
              hasID = true
            }
          } else {
            hasID = true  // reported as not a string, not as missing
          }
        case "frame": draft.layer.frame = context.rect(v, path, key) ?? draft.layer.frame
        case "shadowPath": draft.layer.shadowPath = readShadowPath(v, path.key(key))
        case "mask": maskValue = v
        case "contents": draft.layer.contents = readContents(v, path.key(key))
        case "sublayers":
          if case .array(let items) = v.kind {
            let base = path.key(key)
            for (index, item) in items.enumerated() { sublayerValues.append((item, base.index(index))) }
          } else {
            context.error(path, key: key, at: v.offset, "expected an array of layers, found \(context.describe(v))")
          }
        case "repeat":
          if isRoot || isMask {
            context.error(path, key: key, at: member.keyOffset, "the \(isRoot ? "root layer" : "mask") cannot repeat")
          } else if let (count, step) = readRepeat(v, path.key(key)) {
            repeatCount = count
            repeatStep = step
            repeatValue = v
          }
        case "path":
          if let shapePath = readShapePath(v, path.key(key), key: "path") {
            draft.shape.path = shapePath
            draft.shapePathSet = true
          }
        default: break  // `class`, read first
        }
      }
    }

    if !hasID {
      if isRoot {
        draft.layer.id = "root"
      } else {
        context.error(
          path.rendered, at: value.offset, "missing `id`: every layer needs an id, unique among its siblings",
          notes: ["the id names the layer in reports: root/feed/cell[3]/avatar"])
      }
    }
    draft.finish()
    if let count = repeatCount, let repeatValue,
      let problem = Self.lastCopyProblem(frame: draft.layer.frame, count: count, step: repeatStep)
    {
      context.error(path.rendered(appending: "repeat"), at: repeatValue.offset, problem, notes: [NumberRange.pointsReason])
      repeatCount = nil
    }
    var layer = draft.layer
    layer.shareRareBox(in: &rareBoxes)

    if let maskValue {
      layer.mask =
        readLayers(
          maskValue, path.key("mask"), isRoot: false, defaults: defaults, defaultID: "mask", isMask: true, depth: depth + 1
        ).first
    }
    var sublayers: [Layer] = []
    // The index in the file's `sublayers` array of the item that first gave each id.
    var firstItemOfID: [String: Int] = [:]
    for (itemIndex, (item, itemPath)) in sublayerValues.enumerated() {
      let produced = readLayers(item, itemPath, isRoot: false, defaults: defaults, depth: depth + 1)
      var reported = false
      for sublayer in produced {
        // A layer whose id was missing or refused has none (or, repeated, only its copies'
        // `[n]`): reported already, it is no sibling's duplicate.
        if sublayer.id.isEmpty || sublayer.id.hasPrefix("[") {
          sublayers.append(sublayer)
          continue
        }
        if let earlier = firstItemOfID[sublayer.id] {
          // Once per item: a repeated layer would otherwise repeat the message for every copy.
          if !reported {
            let idOffset = idValueOffset(in: item) ?? item.offset
            context.error(
              itemPath.rendered(appending: "id"), at: idOffset,
              "duplicate id \"\(sublayer.id)\": sublayers[\(earlier)] of the same layer has it already; ids must be unique among siblings")
            reported = true
          }
        } else {
          firstItemOfID[sublayer.id] = itemIndex
        }
        sublayers.append(sublayer)
      }
    }
    layer.sublayers = sublayers

    // The layer itself; its mask and sublayers counted themselves when they were read.
    countLayers(1, path: path, offset: value.offset, cause: .written)
    if case .replicator(let replicator) = layer.kind, replicator.instanceCount > 1 {
      let added = ReplicatorInstances.addedLayers(
        instanceCount: replicator.instanceCount, sublayerLayers: sublayers.reduce(0) { $0 + $1.subtreeCount })
      countLayers(added ?? Int.max, path: path, offset: value.offset, cause: .instances(replicator.instanceCount))
      if !reportedLayerLimit { ReplicatorInstances.expand(&layer) }
    }
    guard let count = repeatCount else { return [layer] }
    if count > 1 {
      let (extra, overflow) = layer.subtreeCount.multipliedReportingOverflow(by: count - 1)
      countLayers(overflow ? Int.max : extra, path: path, offset: value.offset, cause: .copies(count, of: layer.subtreeCount))
    }
    if reportedLayerLimit { return [] }
    var copies: [Layer] = []
    copies.reserveCapacity(count)
    for index in 0..<count {
      var copy = layer
      copy.id = "\(layer.id)[\(index)]"
      copy.frame = layer.frame.offsetBy(repeatStep.0 * Double(index), repeatStep.1 * Double(index))
      copies.append(copy)
    }
    return copies
  }

  /// Why the last of `count` copies of a layer with `frame`, each moved by `step` from the one
  /// before, is past the physical range of coordinates, or nil when it is not. The copies are
  /// placed as ``readLayers(_:_:isRoot:defaults:defaultID:isMask:depth:)`` places them; the first
  /// is the frame itself, and the ones between lie between the first and the last.
  static func lastCopyProblem(frame: Rect, count: Int, step: (Double, Double)) -> String? {
    guard count > 1 else { return nil }
    let last = count - 1
    let moved = frame.offsetBy(step.0 * Double(last), step.1 * Double(last))
    let range = NumberRange.coordinate
    if range.contains(moved.x), range.contains(moved.y) { return nil }
    let (axis, value) = range.contains(moved.x) ? ("y", moved.y) : ("x", moved.x)
    return
      "the last copy, [\(last)], would be at \(axis) = \(formatNumber(value)) (the frame moved by \(last) x step): expected \(axis) \(range.bounds(for: value)); lower `count` or `step`"
  }

  /// Where the `id` value of a layer object starts.
  private func idValueOffset(in value: JSONValue) -> Int? {
    guard case .object(let members) = value.kind else { return nil }
    return members.first { $0.key == "id" }?.value.offset
  }

  /// What added the layers that took the scene past the layer limit.
  private enum LayerCause {
    /// Layers the file writes one by one.
    case written
    /// `repeat` making `count` copies of a layer with `layers` layers in its subtree.
    case copies(Int, of: Int)
    /// A replicator's `instanceCount`.
    case instances(Int)
  }

  private mutating func countLayers(_ count: Int, path: JSONPath, offset: Int, cause: LayerCause) {
    let (sum, overflow) = layerCount.addingReportingOverflow(count)
    layerCount = overflow ? Int.max : sum
    if layerCount > options.maxLayers, !reportedLayerLimit {
      reportedLayerLimit = true
      let limit = NumberRange.grouped(Double(options.maxLayers))
      let message: String
      switch cause {
      case .written:
        message = "the scene has more than \(limit) layers, the layer limit, counted up to this layer and its sublayers"
      case .copies(let copies, let layers):
        let subtree = layers == 1 ? "a layer" : "a layer with \(NumberRange.grouped(Double(layers))) layers in its subtree"
        message =
          "the scene expands to more than \(limit) layers, the layer limit: this `repeat` makes \(NumberRange.grouped(Double(copies))) copies of \(subtree); lower its count"
      case .instances(let instances):
        message =
          "the scene expands to more than \(limit) layers, the layer limit: this replicator draws its sublayers \(NumberRange.grouped(Double(instances))) times; lower `instanceCount`"
      }
      context.error(
        path.rendered, at: offset, message,
        notes: ["the limit bounds what an untrusted file can cost; raise it to read a scene this large (--max-layers)"])
    }
  }

  private func readRepeat(_ value: JSONValue, _ path: JSONPath) -> (Int, (Double, Double))? {
    guard let all = context.members(value, path, expected: "{ \"count\": N, \"step\": [dx, dy] }") else { return nil }
    let kind = options.format.repeatBlock
    let members = context.unique(all, in: path)
    var count: Int? = nil
    var step = (0.0, 0.0)
    for member in members {
      switch member.key {
      case "count":
        let range = FormatKey.integers(kind["count"])
        count = context.integer(member.value, path, "count", in: range.lowerBound...min(range.upperBound, options.maxLayers))
      case "step": step = context.pair(member.value, path, kind["step"]) ?? step
      default: context.unknownKey(member, in: path, known: kind.names, what: kind.what)
      }
    }
    if count == nil, !members.contains(where: { $0.key == "count" }) {
      context.error(path.rendered, at: value.offset, "missing `count`: how many copies of the layer")
    }
    guard let count else { return nil }
    return (count, step)
  }

  private func readTransform(_ value: JSONValue, _ path: JSONPath) -> Transform? {
    guard let all = context.members(value, path, expected: "{ \"rotation\": degrees, \"scale\": s or [sx, sy], \"translation\": [x, y] }")
    else {
      return nil
    }
    let members = context.unique(all, in: path)
    let kind = options.format.transform
    var transform = Transform.identity
    for member in members {
      switch member.key {
      case "rotation":
        transform.rotationDegrees = context.number(member.value, path, kind["rotation"]) ?? 0
      case "translation":
        if let (x, y) = context.pair(member.value, path, kind["translation"]) {
          transform.translationX = x
          transform.translationY = y
        }
      case "scale":
        if case .array = member.value.kind {
          if let (sx, sy) = context.pair(member.value, path, "scale", shape: "[sx, sy]") {
            transform.scaleX = sx
            transform.scaleY = sy
          }
        } else if let scale = context.number(member.value, path, "scale") {
          transform.scaleX = scale
          transform.scaleY = scale
        }
      default:
        context.unknownKey(member, in: path, known: kind.names, what: "`\(path.lastKey ?? "transform")`")
      }
    }
    return transform
  }

  private func readShadowPath(_ value: JSONValue, _ path: JSONPath) -> ShadowPath? {
    if case .string(let text) = value.kind {
      if text == "bounds" { return .bounds }
      context.error(
        path.rendered, at: value.offset,
        "expected \"bounds\" or { \"rect\": [x, y, width, height], \"cornerRadius\": r }, found \"\(text)\"")
      return nil
    }
    guard let all = context.members(value, path, expected: "\"bounds\" or { \"rect\": [x, y, width, height], \"cornerRadius\": r }")
    else { return nil }
    let members = context.unique(all, in: path)
    let kind = options.format.shadowPath
    var rect: Rect? = nil
    var radius = 0.0
    for member in members {
      switch member.key {
      case "rect": rect = context.rect(member.value, path, "rect")
      case "cornerRadius": radius = context.number(member.value, path, kind["cornerRadius"]) ?? 0
      default: context.unknownKey(member, in: path, known: kind.names, what: kind.what)
      }
    }
    guard let rect else {
      if !members.contains(where: { $0.key == "rect" }) {
        context.error(path.rendered, at: value.offset, "missing `rect`: the shadow's rectangle [x, y, width, height]")
      }
      return nil
    }
    return .rect(rect, cornerRadius: radius)
  }

  private func readShapePath(_ value: JSONValue, _ path: JSONPath, key: String) -> ShapePath? {
    let kind = options.format.shapePath
    let shapes = SceneKeys.shapeTypes
    guard
      let all = context.members(
        value, path, expected: "a path object { \"type\": \"rect\" | \"roundedRect\" | \"ellipse\" | \"arbitrary\", ... }")
    else { return nil }
    let members = context.unique(all, in: path)
    var type: String? = nil
    var rect: Rect? = nil
    var radius = 0.0
    var points: Int? = nil
    for member in members {
      switch member.key {
      case "type":
        if let text = context.string(member.value, path, "type") {
          if shapes.contains(text) {
            type = text
          } else {
            context.error(
              path, key: "type", at: member.value.offset,
              "expected one of \(shapes.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(text)\"",
              notes: context.suggestion(for: text, in: shapes).map { ["did you mean \"\($0)\"?"] } ?? [])
          }
        }
      case "rect": rect = context.rect(member.value, path, "rect")
      case "cornerRadius": radius = context.number(member.value, path, kind["cornerRadius"]) ?? 0
      case "points": points = context.integer(member.value, path, kind["points"])
      default: context.unknownKey(member, in: path, known: kind.names, what: kind.what)
      }
    }
    guard let type else {
      if !members.contains(where: { $0.key == "type" }) {
        context.error(path.rendered, at: value.offset, "missing `type`: one of \(shapes.map { "\"\($0)\"" }.joined(separator: ", "))")
      }
      return nil
    }
    guard let rect else {
      if !members.contains(where: { $0.key == "rect" }) {
        context.error(path.rendered, at: value.offset, "missing `rect`: the path's bounds [x, y, width, height]")
      }
      return nil
    }
    let applies = Set(kind.keys(for: type).map(\.name))
    var extraKeys = false
    for member in members where !applies.contains(member.key) {
      context.error(path, key: member.key, at: member.keyOffset, "`\(member.key)` does not apply to a \"\(type)\" path")
      extraKeys = true
    }
    if extraKeys { return nil }
    switch type {
    case "rect": return .rect(rect)
    case "roundedRect": return .roundedRect(rect, cornerRadius: radius)
    case "ellipse": return .ellipse(rect)
    default:
      guard let points else {
        context.error(path.rendered, at: value.offset, "missing `points`: how many points the arbitrary path has")
        return nil
      }
      return .arbitrary(bounds: rect, points: points)
    }
  }

  private func readColors(_ value: JSONValue, _ path: JSONPath, _ key: String) -> [Color]? {
    guard case .array(let items) = value.kind, !items.isEmpty else {
      context.error(path, key: key, at: value.offset, "expected a non-empty array of colours, found \(context.describe(value))")
      return nil
    }
    var colors: [Color] = []
    let base = path.key(key)
    for (index, item) in items.enumerated() {
      if let color = context.color(item, base.index(index), "") { colors.append(color) }
    }
    return colors.count == items.count ? colors : nil
  }

  private func readContents(_ value: JSONValue, _ path: JSONPath) -> Contents? {
    let kind = options.format.contents
    let types = SceneKeys.contentTypes
    guard let members = context.members(value, path, expected: "a contents object { \"type\": \"image\" | \"text\" | \"drawing\", ... }")
    else { return nil }
    guard let typeMember = members.first(where: { $0.key == "type" }) else {
      context.error(path.rendered, at: value.offset, "missing `type`: one of \"image\", \"text\", \"drawing\"")
      return nil
    }
    guard let type = context.string(typeMember.value, path, "type") else { return nil }
    guard types.contains(type) else {
      context.error(
        path, key: "type", at: typeMember.value.offset,
        "unknown contents type \"\(type)\"; expected \"image\", \"text\" or \"drawing\"",
        notes: context.suggestion(for: type, in: types).map { ["did you mean \"\($0)\"?"] } ?? [])
      return nil
    }
    let known = kind.keys(for: type).map(\.name)
    var pixelSize: Size? = nil
    var opaque = false
    var wideColor = false
    var characters: Int? = nil
    var emoji = 0
    var drawnOn = DrawingThread.main
    var imageDrawnOn: DrawingThread? = nil
    var seen: [String: JSONValue.Member] = [:]
    for member in members {
      if let first = seen[member.key] {
        context.duplicateKey(member, in: path, first: first)
        continue
      }
      seen[member.key] = member
      guard known.contains(member.key) else {
        context.unknownKey(member, in: path, known: known, what: "\(type) contents")
        continue
      }
      switch member.key {
      case "pixelSize":
        let pixelKey = kind["pixelSize"]
        if let (w, h) = context.pair(member.value, path, "pixelSize", shape: "[width, height] in pixels") {
          let range = pixelKey.range ?? .pixels
          if range.contains(w), range.contains(h) {
            pixelSize = Size(w, h)
          } else {
            // A side below the range is told first, then one past its limit.
            let sides = [w, h].filter { !range.contains($0) }
            let bad = sides.first { !range.passesLimit($0) } ?? sides[0]
            context.error(
              path, key: "pixelSize", at: member.value.offset,
              "expected a width and height \(range.bounds(for: bad)) in pixels, found \(formatNumber(w)) x \(formatNumber(h))",
              notes: range.limitNote(for: bad).map { [$0] } ?? [])
          }
        }
      case "opaque": opaque = context.bool(member.value, path, "opaque") ?? false
      case "wideColor": wideColor = context.bool(member.value, path, "wideColor") ?? false
      case "characters": characters = context.integer(member.value, path, kind["characters"])
      case "emoji": emoji = context.integer(member.value, path, kind["emoji"]) ?? 0
      case "drawnOn":
        drawnOn = context.choice(member.value, path, "drawnOn", as: DrawingThread.self) ?? .main
        imageDrawnOn = drawnOn
      default: break
      }
    }
    switch type {
    case "image":
      guard let pixelSize else {
        if seen["pixelSize"] == nil {
          context.error(path.rendered, at: value.offset, "missing `pixelSize`: the image's [width, height] in pixels")
        }
        return nil
      }
      return .image(ImageContents(pixelSize: pixelSize, opaque: opaque, wideColor: wideColor, drawnOn: imageDrawnOn))
    case "text":
      guard let characters else {
        if seen["characters"] == nil {
          context.error(path.rendered, at: value.offset, "missing `characters`: how many characters the label draws")
        }
        return nil
      }
      if emoji > characters, let member = seen["emoji"] {
        context.error(
          path, key: "emoji", at: member.value.offset,
          "expected at most `characters` (\(characters)) emoji, found \(emoji): the emoji are counted among the label's characters")
        return nil
      }
      return .text(TextContents(characters: characters, emoji: emoji, drawnOn: drawnOn, wideColor: wideColor))
    default:
      return .drawing(DrawingContents(drawnOn: drawnOn, wideColor: wideColor, opaque: opaque))
    }
  }
}
