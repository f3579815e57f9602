import Foundation

/// Reads a well-formed scene file straight from its bytes into a ``Scene``, in one pass and
/// without a ``JSONValue`` tree for the layers: keys are matched as bytes, numbers and colours are
/// read in place, and each layer is built as its object is read.
///
/// It is ``SceneDecoder``'s fast path, and it never reports a problem: at the first thing that is
/// wrong in the file, or merely unusual (an escaped key, a `class` written after a key only that
/// class has, a layer nested deeper than `maxLayerNesting`), it gives up and returns nil, and the
/// tree-based reader reads the file again, finding every problem with its JSON path and
/// line:column. So the scene it returns is always the one the tree-based reader would return,
/// and the diagnostics are always the tree-based reader's. The differential tests
/// (`Tests/CLITests/SceneStreamReaderTests.swift`) and the fuzz harness
/// (`Tests/Fuzz/SceneStreamFuzz.swift`) hold the two readers to that.
///
/// The `timeline` and `budgets` sections, small beside the layers, are parsed into
/// ``JSONValue``s and read by ``TimelineReader`` and ``BudgetsReader`` as the tree-based reader
/// reads them.
///
/// - Complexity: O(n) in the file's size, plus, for a layer with `repeat`, its copies.
struct SceneStreamReader: ~Copyable {
  /// The reader has given up: the tree-based reader takes over.
  struct Unsupported: Error {}

  /// Layers nested deeper than this are left to the tree-based reader, which keeps the recursion
  /// of this one shallow.
  static let maxLayerNesting = 100

  private var parser: JSONParser
  private let bytes: UnsafeBufferPointer<UInt8>
  private let end: Int
  private let options: SceneDecoder.Options
  /// The line of `pos`, counted from 1, and the offset where that line starts.
  private var line = 1
  private var lineStart = 0
  /// Arrays and objects open at `pos`, as the tree-based reader's `maxDepth` counts them.
  private var depth = 0
  private var layerNesting = 0
  /// Layers produced so far, to enforce `maxLayers`.
  private var layerCount = 0
  /// Layers counted in `layerCount` that are not in the tree: items repeated 0 times.
  private var droppedLayers = 0
  /// The file gives the root layer no `frame`: it takes the device's screen.
  private var rootFillsScreen = false
  /// The `allowsGroupOpacity` default the layers were read with; it depends on `iosVersion`,
  /// which a file may write after `root`.
  private var defaults = LayerDefaults(iosVersion: .latest)
  /// Finished sublayers of the layers being read, innermost layer's last.
  private var layers = MoveStack<Layer>()
  /// The ids of the sublayer items being read, innermost layer's last, for the duplicate check.
  private var siblingIDs: [SiblingID] = []

  /// Plain ids read lately, by their hash: where their bytes are, and the id made from them.
  private var recentIDs = [(bytes: Range<Int>, id: String)?](repeating: nil, count: 64)
  /// `contents` objects read lately, by a hash of their length and last bytes.
  private var recentContents = [RecentContents?](repeating: nil, count: 16)
  /// The rare boxes of the last layers read, which layers with the same rare properties share.
  private var rareBoxes = SharedRareBoxes()

  /// The key tables and masks, built from the format's description.
  private let tables: StreamTables

  /// The id of one item of a `sublayers` array.
  private struct SiblingID {
    /// Where the id's bytes are, when it was written as plain printable ASCII without escapes;
    /// nil otherwise.
    var bytes: Range<Int>?
    /// A hash of those bytes (FNV-1a), made as they are read.
    var hash: UInt64
    /// The item carries `repeat` with a count of one or more: its copies are `id[0]`, `id[1]`...
    var repeated: Bool
  }

  /// The scene in `bytes`, or nil when the tree-based reader must read it.
  static func read(_ bytes: [UInt8], options: SceneDecoder.Options) -> Scene? { readPlaceable(bytes, options: options)?.scene }

  /// ``read(_:options:)``, with whether the root takes the device's screen.
  static func readPlaceable(_ bytes: [UInt8], options: SceneDecoder.Options) -> PlaceableScene? {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = SceneStreamReader(buffer, options: options)
      do {
        let scene = try reader.readDocument(bytes)
        return PlaceableScene(scene: scene, rootFillsScreen: reader.rootFillsScreen)
      } catch {
        return nil
      }
    }
  }

  private init(_ bytes: UnsafeBufferPointer<UInt8>, options: SceneDecoder.Options) {
    parser = JSONParser(bytes, maxDepth: JSONReader.defaultMaxDepth)
    self.bytes = bytes
    end = bytes.count
    self.options = options
    tables = StreamTables.tables(for: options.format)
  }

  private var pos: Int {
    @inline(__always) get { parser.pos }
    @inline(__always) set { parser.pos = newValue }
  }

  /// The byte at `index`, or 0 (never valid where a byte is looked at) past the end.
  @inline(__always)
  private func byte(_ index: Int) -> UInt8 { index < end ? bytes[index] : 0 }

  // MARK: The scene

  private mutating func readDocument(_ source: [UInt8]) throws(Unsupported) -> Scene {
    if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
    skipWhitespace()
    var seen: UInt64 = 0
    var name = ""
    var description = ""
    var device: String?
    var iosVersion = OSVersion.latest
    var root: Layer?
    var rootHasFrame = false
    var timelineValue: JSONValue?
    var budgetsValue: JSONValue?
    var sourceValue: JSONValue?
    /// Where the first of those values starts, with its line and where that line starts: what a
    /// location in them needs of the text before.
    var valuesStart: (offset: Int, line: Int, lineStart: Int)?

    var key = try firstKey()
    while let range = key {
      guard let index = tables.sceneKeys.index(of: range, in: bytes) else { throw Unsupported() }
      try markSeen(index, in: &seen)
      switch tables.sceneNames[index] {
      case "version":
        guard try number() == 1 else { throw Unsupported() }
      case "name": name = try string()
      case "description": description = try string()
      case "device": device = try string()
      case "iosVersion": iosVersion = try osVersion()
      case "$schema": _ = try string()
      case "root":
        defaults = LayerDefaults(iosVersion: iosVersion)
        rootHasFrame = try readLayer(isRoot: true, isMask: false).hasFrame
        root = layers.pop()
      case "timeline":
        valuesStart = valuesStart ?? (pos, line, lineStart)
        timelineValue = try jsonValue()
      case "budgets":
        valuesStart = valuesStart ?? (pos, line, lineStart)
        budgetsValue = try jsonValue()
      case "source":
        valuesStart = valuesStart ?? (pos, line, lineStart)
        sourceValue = try jsonValue()
      default: throw Unsupported()
      }
      key = try nextKey()
    }
    skipWhitespace()
    guard pos == end else { throw Unsupported() }

    guard seen & tables.versionBit != 0, var root else { throw Unsupported() }
    // Layers were read with the defaults of the iOS version known when `root` began.
    guard LayerDefaults(iosVersion: iosVersion).allowsGroupOpacity == defaults.allowsGroupOpacity else { throw Unsupported() }
    if let device, options.devices[device] == nil { throw Unsupported() }
    if let override = options.deviceOverride, options.devices[override] == nil { throw Unsupported() }
    guard let deviceID = options.deviceOverride ?? device else { throw Unsupported() }
    rootFillsScreen = !rootHasFrame
    if rootFillsScreen, let screen = options.devices[deviceID] { root.frame = screen.bounds }

    var budgets: Budgets? = nil
    var timeline: Timeline? = nil
    var sceneSource: SceneSource? = nil
    if let valuesStart {
      // Budgets keep the line and column of their entries: the lines from the first value on.
      let context = DecodingContext(
        source: SourceText(source, from: valuesStart.offset, line: valuesStart.line, lineStart: valuesStart.lineStart))
      context.maxStringLength = options.limits.maxStringLength
      if let sourceValue { sceneSource = SourceReader(context: context).read(sourceValue, JSONPath.document.key("source")) }
      if let budgetsValue {
        budgets = BudgetsReader(context: context, devices: options.devices.keys.sorted())
          .read(budgetsValue, JSONPath.document.key("budgets"), sceneDevice: device)
      }
      if let timelineValue {
        let targets = TargetResolver(root: root, layerCount: layerCount - droppedLayers)
        timeline = TimelineReader(context: context, targets: targets, limits: options.limits, format: options.format)
          .read(timelineValue, JSONPath.document.key("timeline"))
      }
      guard context.diagnostics.isEmpty else { throw Unsupported() }
    }
    // Past the work budget: the tree reader reports it.
    guard options.limits.workProblem(layers: layerCount, timeline: timeline) == nil else { throw Unsupported() }
    return Scene(
      name: name, description: description, device: deviceID, iosVersion: iosVersion, root: root, timeline: timeline,
      budgets: budgets, source: sceneSource)
  }

  /// `iosVersion`: a string, or a whole number.
  private mutating func osVersion() throws(Unsupported) -> OSVersion {
    let text: String
    if byte(pos) == UInt8(ascii: "\"") {
      text = try string()
    } else {
      let number = try number()
      guard number.isFinite, number == number.rounded() else { throw Unsupported() }
      text = formatNumber(number)
    }
    guard let version = OSVersion(parsing: text) else { throw Unsupported() }
    return version
  }

  /// Parses the value at `pos` into a ``JSONValue`` with the document's offsets.
  private mutating func jsonValue() throws(Unsupported) -> JSONValue {
    let start = pos
    parser.enclosingDepth = depth
    let value: JSONValue
    do {
      value = try parser.parseValue()
    } catch {
      throw Unsupported()
    }
    // Line breaks inside the value move the line count on.
    for index in start..<pos where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return value
  }

  // MARK: Layers

  /// What the reader of a layer's parent needs to know of it.
  private struct LayerInfo {
    /// The object has a `frame` key.
    var hasFrame: Bool
    var id: SiblingID
    /// `repeat`'s count and step.
    var repeatCopies: (count: Int, step: (Double, Double))?
  }

  /// Reads the layer object at `pos` onto `layers`, before `repeat` makes its copies.
  private mutating func readLayer(isRoot: Bool, isMask: Bool) throws(Unsupported) -> LayerInfo {
    guard layerNesting < Self.maxLayerNesting else { throw Unsupported() }
    layerNesting += 1
    defer { layerNesting -= 1 }
    let source = SourceLocation(line: line, column: pos - lineStart + 1)

    var draft = LayerDraft(id: isMask ? "mask" : "", defaults: defaults, source: source)
    var id = SiblingID(bytes: nil, hash: 0, repeated: false)
    var classBit = tables.plainClassBit
    var seen: UInt64 = 0
    var repeatCopies: (Int, (Double, Double))? = nil
    let sublayersStart = layers.count

    var key = try firstKey()
    while let range = key {
      guard let index = tables.layerKeys.index(of: range, in: bytes) else { throw Unsupported() }
      try markSeen(index, in: &seen)
      let field = tables.layerFields[index]
      // The class decides which keys apply: a key only some classes have must come after `class`.
      guard field.classMask & classBit != 0 else { throw Unsupported() }
      // The value is read by its kind, and the setter the description gives stores it; the
      // structural keys are read here.
      switch field.read {
      case .number:
        let value = try number(in: field.range)
        guard case .number(let set) = tables.layerSetters[index] else { throw Unsupported() }
        set(&draft, value)
      case .integer:
        let value = try integer(in: field.integers)
        guard case .integer(let set) = tables.layerSetters[index] else { throw Unsupported() }
        set(&draft, value)
      case .boolean:
        let value = try bool()
        guard case .boolean(let set) = tables.layerSetters[index] else { throw Unsupported() }
        set(&draft, value)
      case .choice:
        let value = try choiceIndex(tables.layerChoices[index]!)
        guard case .choice(let set) = tables.layerSetters[index] else { throw Unsupported() }
        set(&draft, value)
      case .color:
        let value = try color()
        guard case .color(let set) = tables.layerSetters[index] else { throw Unsupported() }
        set(&draft, value)
      case .optionalColor:
        let value = try optionalColor()
        guard case .optionalColor(let set) = tables.layerSetters[index] else { throw Unsupported() }
        set(&draft, value)
      case .pair:
        let (a, b) = try pair(in: field.range)
        guard case .pair(let set) = tables.layerSetters[index] else { throw Unsupported() }
        set(&draft, Point(a, b))
      case .colors:
        let value = try colors()
        guard case .colors(let set) = tables.layerSetters[index] else { throw Unsupported() }
        set(&draft, value)
      case .choiceSet:
        let value = try choiceSet(tables.layerChoices[index]!)
        guard case .choiceSet(let set) = tables.layerSetters[index] else { throw Unsupported() }
        set(&draft, value)
      case .transform:
        let value = try transform()
        guard case .transform(let set) = tables.layerSetters[index] else { throw Unsupported() }
        set(&draft, value)
      case .id:
        let (text, plain, hash) = try layerID()
        draft.layer.id = text
        id.bytes = plain
        id.hash = hash
      case .class:
        let index = try choiceIndex(tables.classNames)
        draft.layerClass = tables.layerClasses[index]
        // `classNames` lists the classes in `allCases` order, as the class masks count them.
        classBit = 1 << UInt8(index)
      case .frame: draft.layer.frame = try rect()
      case .shadowPath: draft.layer.shadowPath = try shadowPath()
      case .mask:
        _ = try readLayer(isRoot: false, isMask: true)
        draft.layer.mask = layers.pop()
      case .contents: draft.layer.contents = try contents()
      case .sublayers: try readSublayers()
      case .repeat:
        guard !isRoot, !isMask else { throw Unsupported() }
        repeatCopies = try readRepeat()
      case .path:
        draft.shape.path = try shapePath()
        draft.shapePathSet = true
      case .unknown: throw Unsupported()
      }
      key = try nextKey()
    }

    if seen & tables.idBit == 0 {
      if isRoot {
        draft.layer.id = "root"
      } else if !isMask {
        throw Unsupported()
      }
    }
    draft.finish()
    let instanceCount = draft.layerClass == .CAReplicatorLayer ? draft.replicator.instanceCount : 1
    var layer = draft.layer
    layer.shareRareBox(in: &rareBoxes)
    if layers.count > sublayersStart { layer.sublayers = layers.popArray(from: sublayersStart) }

    // The layer itself; its mask and sublayers counted themselves when they were read.
    try countLayers(1)
    if instanceCount > 1, case .replicator = layer.kind {
      let sublayerLayers = layer.sublayers.reduce(0) { $0 + $1.subtreeCount }
      guard let added = ReplicatorInstances.addedLayers(instanceCount: instanceCount, sublayerLayers: sublayerLayers)
      else { throw Unsupported() }
      try countLayers(added)
      ReplicatorInstances.expand(&layer)
    }
    if let (count, step) = repeatCopies, count > 1 {
      // The last copy within the range of coordinates, as the tree-based reader checks it.
      guard SceneReader.lastCopyProblem(frame: layer.frame, count: count, step: step) == nil else { throw Unsupported() }
      let (extra, overflow) = layer.subtreeCount.multipliedReportingOverflow(by: count - 1)
      guard !overflow else { throw Unsupported() }
      try countLayers(extra)
    }
    id.repeated = repeatCopies != nil
    layers.push(layer)
    return LayerInfo(hasFrame: seen & tables.frameBit != 0, id: id, repeatCopies: repeatCopies)
  }

  private mutating func countLayers(_ count: Int) throws(Unsupported) {
    let (sum, overflow) = layerCount.addingReportingOverflow(count)
    guard !overflow, sum <= options.maxLayers else { throw Unsupported() }
    layerCount = sum
  }

  /// Reads a `sublayers` array onto `layers`, with the copies `repeat` makes, and checks that
  /// sibling ids are unique.
  private mutating func readSublayers() throws(Unsupported) {
    let start = layers.count
    let idStart = siblingIDs.count
    var more = try firstElement()
    while more {
      let info = try readLayer(isRoot: false, isMask: false)
      if let (count, step) = info.repeatCopies {
        // An item repeated 0 times makes no layer, so no id.
        if count > 0 { siblingIDs.append(info.id) }
        let layer = layers.pop()
        if count == 0 { droppedLayers += layer.subtreeCount }
        for index in 0..<count {
          var copy = layer
          copy.id = "\(layer.id)[\(index)]"
          copy.frame = layer.frame.offsetBy(step.0 * Double(index), step.1 * Double(index))
          layers.push(copy)
        }
      } else {
        siblingIDs.append(info.id)
      }
      more = try nextElement()
    }
    let items = siblingIDs.count - idStart
    defer { siblingIDs.removeSubrange(idStart...) }
    if items < 2 { return }
    if siblingIDs[idStart...].allSatisfy({ $0.bytes != nil }) {
      // Plain ASCII ids: they are equal exactly when their bytes are, which their hashes (made
      // while the bytes were read) rule out for most pairs; copies of repeated items (`id[n]`)
      // can only meet copies of another repeated item with the same id.
      try Self.checkDistinctHashedIDs(siblingIDs[idStart...], in: bytes)
    } else {
      var ids = Set<String>(minimumCapacity: layers.count - start)
      for layer in layers.elements(from: start) where !ids.insert(layer.id).inserted { throw Unsupported() }
    }
  }

  /// Gives up when two of the items have the same plain id in `bytes`, both repeated or both
  /// not.
  private static func checkDistinctHashedIDs(_ items: ArraySlice<SiblingID>, in bytes: UnsafeBufferPointer<UInt8>) throws(Unsupported) {
    func same(_ a: SiblingID, _ b: SiblingID) -> Bool {
      a.hash == b.hash && a.repeated == b.repeated && bytes.equal(a.bytes!, b.bytes!)
    }
    if items.count <= 16 {
      for first in items.indices {
        for second in first + 1..<items.endIndex where same(items[first], items[second]) { throw Unsupported() }
      }
      return
    }
    // An open-addressing table of item positions at most half full.
    let bits = (items.count * 2 - 1).bitWidth - (items.count * 2 - 1).leadingZeroBitCount
    let mask = (1 << bits) - 1
    var slots = [Int32](repeating: -1, count: mask + 1)
    for position in items.indices {
      let item = items[position]
      var slot = Int(truncatingIfNeeded: (item.hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
      while slots[slot] >= 0 {
        if same(items[Int(slots[slot])], item) { throw Unsupported() }
        slot = (slot + 1) & mask
      }
      slots[slot] = Int32(position)
    }
  }

  /// A layer id that can name a layer, with where its bytes are and their hash (FNV-1a) when
  /// they are plain printable ASCII without escapes.
  private mutating func layerID() throws(Unsupported) -> (String, Range<Int>?, UInt64) {
    guard byte(pos) == UInt8(ascii: "\"") else { throw Unsupported() }
    let start = pos + 1
    var index = start
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    while index < end {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        guard index > start else { throw Unsupported() }
        // Past the id-length limit: the tree reader reports it.
        guard index - start <= options.limits.maxIDLength else { throw Unsupported() }
        pos = index + 1
        return (plainID(start..<index, hash: hash), start..<index, hash)
      case UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: " "):
        throw Unsupported()
      case UInt8(ascii: "\\"):
        break
      case 0x21...0x7E:
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        index += 1
        continue
      default:
        break
      }
      // Escapes, other characters: read as the tree-based reader does, and checked as it checks.
      let text = try string()
      guard LayerPath.problem(withID: text) == nil, text.count <= options.limits.maxIDLength else { throw Unsupported() }
      return (text, nil, 0)
    }
    throw Unsupported()
  }

  /// The id whose plain bytes are `range`: the one made before when the same bytes were read
  /// lately (`title` in every cell is made once).
  private mutating func plainID(_ range: Range<Int>, hash: UInt64) -> String {
    let slot = Int(truncatingIfNeeded: hash &>> 58)
    if let recent = recentIDs[slot], recent.bytes.count == range.count,
      memcmp(bytes.baseAddress! + range.lowerBound, bytes.baseAddress! + recent.bytes.lowerBound, range.count) == 0
    {
      return recent.id
    }
    let id = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    recentIDs[slot] = (range, id)
    return id
  }

  private mutating func readRepeat() throws(Unsupported) -> (Int, (Double, Double)) {
    var seen: UInt64 = 0
    var count: Int? = nil
    var step = (0.0, 0.0)
    var key = try firstKey()
    while let range = key {
      guard let index = tables.repeatKeys.index(of: range, in: bytes) else { throw Unsupported() }
      try markSeen(index, in: &seen)
      switch tables.repeatFields[index] {
      case .count:
        count = try integer(in: tables.repeatCount.lowerBound...min(tables.repeatCount.upperBound, options.maxLayers))
      case .step: step = try pair(in: tables.repeatStep)
      }
      key = try nextKey()
    }
    guard let count else { throw Unsupported() }
    return (count, step)
  }

  private mutating func transform() throws(Unsupported) -> Transform {
    var seen: UInt64 = 0
    var transform = Transform.identity
    var key = try firstKey()
    while let range = key {
      guard let index = tables.transformKeys.index(of: range, in: bytes) else { throw Unsupported() }
      try markSeen(index, in: &seen)
      switch tables.transformFields[index] {
      case .rotation: transform.rotationDegrees = try finite()
      case .translation: (transform.translationX, transform.translationY) = try pair(in: tables.translation)
      case .scale:
        if byte(pos) == UInt8(ascii: "[") {
          (transform.scaleX, transform.scaleY) = try pair()
        } else {
          let scale = try finite()
          transform.scaleX = scale
          transform.scaleY = scale
        }
      }
      key = try nextKey()
    }
    return transform
  }

  private mutating func shadowPath() throws(Unsupported) -> ShadowPath {
    if byte(pos) == UInt8(ascii: "\"") {
      guard bytes.equal(try rawString(), "bounds") else { throw Unsupported() }
      return .bounds
    }
    var seen: UInt64 = 0
    var rect: Rect? = nil
    var radius = 0.0
    var key = try firstKey()
    while let range = key {
      guard let index = tables.shadowPathKeys.index(of: range, in: bytes) else { throw Unsupported() }
      try markSeen(index, in: &seen)
      switch tables.shadowPathFields[index] {
      case .rect: rect = try self.rect()
      case .cornerRadius: radius = try number(in: tables.shadowPathRadius)
      }
      key = try nextKey()
    }
    guard let rect else { throw Unsupported() }
    return .rect(rect, cornerRadius: radius)
  }

  private mutating func shapePath() throws(Unsupported) -> ShapePath {
    var seen: UInt64 = 0
    var type: Int? = nil
    var rect: Rect? = nil
    var radius = 0.0
    var points: Int? = nil
    var key = try firstKey()
    while let range = key {
      guard let index = tables.shapePathKeys.index(of: range, in: bytes) else { throw Unsupported() }
      try markSeen(index, in: &seen)
      switch tables.shapePathFields[index] {
      case .type:
        guard let shape = tables.shapeTypes.index(of: try rawString(), in: bytes) else { throw Unsupported() }
        type = shape
      case .rect: rect = try self.rect()
      case .cornerRadius: radius = try number(in: tables.shapePathRadius)
      case .points: points = try integer(in: tables.shapePathPoints)
      }
      key = try nextKey()
    }
    // Each type takes and requires the keys the description gives it.
    guard let type, let rect, seen & ~tables.shapeApplies[type] == 0, seen & tables.shapeRequired[type] == tables.shapeRequired[type]
    else { throw Unsupported() }
    switch tables.shapeTypeKinds[type] {
    case .rect: return .rect(rect)
    case .roundedRect: return .roundedRect(rect, cornerRadius: radius)
    case .ellipse: return .ellipse(rect)
    case .arbitrary:
      guard let points else { throw Unsupported() }
      return .arbitrary(bounds: rect, points: points)
    }
  }

  /// A `contents` object: one whose text was read lately is taken as read then (the same text is
  /// the same contents: a feed's avatars all write `{"type":"image","pixelSize":[80,80]}`).
  private mutating func contents() throws(Unsupported) -> Contents {
    // The object ends at its first `}` (its values hold none), on this line; the memo is for
    // objects whose arrays open within the depth limit here too.
    guard depth + 2 < JSONReader.defaultMaxDepth, let close = bytes.firstIndex(of: UInt8(ascii: "}"), from: pos), close >= 7 else {
      return try readContents()
    }
    let start = pos
    let count = close + 1 - start
    let tail = UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: max(0, close - 7), as: UInt64.self))
    let slot = Int(truncatingIfNeeded: ((tail ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 60)
    if let recent = recentContents[slot], recent.count == count,
      memcmp(bytes.baseAddress! + start, bytes.baseAddress! + recent.start, count) == 0
    {
      pos = close + 1
      return recent.contents
    }
    let lineBefore = line
    let contents = try readContents()
    if pos == close + 1, line == lineBefore { recentContents[slot] = RecentContents(start: start, count: count, contents: contents) }
    return contents
  }

  /// A `contents` object read lately: where its text is in the file, and what it read as.
  private struct RecentContents {
    var start: Int
    var count: Int
    var contents: Contents
  }

  private mutating func readContents() throws(Unsupported) -> Contents {
    // Each value is checked as it is read; whether its key applies to the type, and whether the
    // type's required keys are there, is checked at the end.
    var seen: UInt64 = 0
    var type: Int? = nil
    var pixelSize = Size.zero
    var opaque = false
    var wideColor = false
    var characters = 0
    var emoji = 0
    var drawnOn: DrawingThread? = nil
    var key = try firstKey()
    while let range = key {
      guard let index = tables.contentsKeys.index(of: range, in: bytes) else { throw Unsupported() }
      try markSeen(index, in: &seen)
      switch tables.contentsFields[index] {
      case .type:
        guard let found = tables.contentsTypes.index(of: try rawString(), in: bytes) else { throw Unsupported() }
        type = found
      case .pixelSize:
        let (width, height) = try pair(in: tables.pixelSize)
        pixelSize = Size(width, height)
      case .opaque: opaque = try bool()
      case .wideColor: wideColor = try bool()
      case .characters: characters = try integer(in: tables.characters)
      case .emoji: emoji = try integer(in: tables.emoji)
      case .drawnOn: drawnOn = tables.drawingThreadCases[try choiceIndex(tables.drawingThreads)]
      }
      key = try nextKey()
    }
    guard let type, seen & ~tables.contentsApplies[type] == 0, seen & tables.contentsRequired[type] == tables.contentsRequired[type]
    else { throw Unsupported() }
    switch tables.contentsTypeKinds[type] {
    case .image:
      return .image(ImageContents(pixelSize: pixelSize, opaque: opaque, wideColor: wideColor, drawnOn: drawnOn))
    case .text:
      // More emoji than characters is told by the full reader.
      guard emoji <= characters else { throw Unsupported() }
      return .text(TextContents(characters: characters, emoji: emoji, drawnOn: drawnOn ?? .main, wideColor: wideColor))
    case .drawing:
      return .drawing(DrawingContents(drawnOn: drawnOn ?? .main, wideColor: wideColor, opaque: opaque))
    }
  }

  /// A list of names from `names`, each once: their indices.
  private mutating func choiceSet(_ names: KeyTable) throws(Unsupported) -> [Int] {
    var indices: [Int] = []
    var more = try firstElement()
    while more {
      guard let index = names.index(of: try rawString(), in: bytes), !indices.contains(index) else { throw Unsupported() }
      indices.append(index)
      more = try nextElement()
    }
    return indices
  }

  /// One of `names`: its index.
  private mutating func choiceIndex(_ names: KeyTable) throws(Unsupported) -> Int {
    guard let index = names.index(of: try rawString(), in: bytes) else { throw Unsupported() }
    return index
  }

  /// A non-empty array of colours.
  private mutating func colors() throws(Unsupported) -> [Color] {
    var colors: [Color] = []
    var more = try firstElement()
    guard more else { throw Unsupported() }
    while more {
      colors.append(try color())
      more = try nextElement()
    }
    return colors
  }

  // MARK: Values

  /// Records key `index` as seen in an object; a key written twice is for the tree-based reader.
  @inline(__always)
  private func markSeen(_ index: Int, in seen: inout UInt64) throws(Unsupported) {
    let bit: UInt64 = 1 << UInt64(index)
    guard seen & bit == 0 else { throw Unsupported() }
    seen |= bit
  }

  @inline(__always)
  private mutating func number() throws(Unsupported) -> Double {
    // Most numbers in a scene are short integers: as the reader's exact path reads them, each is
    // its digits as a Double, which holds up to 2^53 exactly.
    var index = pos
    let negative = index < end && bytes[index] == UInt8(ascii: "-")
    if negative { index &+= 1 }
    let digitsStart = index
    let limit = min(end, digitsStart &+ 15)
    var magnitude: Int64 = 0
    while index < limit {
      let digit = bytes[index] &- UInt8(ascii: "0")
      if digit >= 10 { break }
      magnitude = magnitude &* 10 &+ Int64(digit)
      index &+= 1
    }
    let digits = index &- digitsStart
    if digits > 0, digits < 15, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") {
      let next = byte(index)
      if next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") {
        pos = index
        return negative ? -Double(magnitude) : Double(magnitude)
      }
    }
    return try otherNumber()
  }

  /// A number other than a short integer: the reader's own conversion, and its errors.
  @inline(never)
  private mutating func otherNumber() throws(Unsupported) -> Double {
    let first = byte(pos)
    guard first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 else { throw Unsupported() }
    do {
      return try parser.readNumber()
    } catch {
      throw Unsupported()
    }
  }

  @inline(__always)
  private mutating func finite() throws(Unsupported) -> Double {
    let value = try number()
    guard value.isFinite else { throw Unsupported() }
    return value
  }

  private mutating func nonNegative() throws(Unsupported) -> Double {
    let value = try finite()
    guard value >= 0 else { throw Unsupported() }
    return value
  }

  private mutating func positive() throws(Unsupported) -> Double {
    let value = try finite()
    guard value > 0 else { throw Unsupported() }
    return value
  }

  @inline(__always)
  private mutating func number(in range: StreamRange) throws(Unsupported) -> Double {
    let value = try finite()
    guard range.contains(value) else { throw Unsupported() }
    return value
  }

  private mutating func integer(in range: ClosedRange<Int>) throws(Unsupported) -> Int {
    let value = try finite()
    guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
      throw Unsupported()
    }
    return Int(value)
  }

  /// `[a, b]`, both in `range`.
  @inline(__always)
  private mutating func pair(in range: StreamRange) throws(Unsupported) -> (Double, Double) {
    let (a, b) = try pair()
    guard range.contains(a), range.contains(b) else { throw Unsupported() }
    return (a, b)
  }

  /// `[a, b]`, finite numbers.
  private mutating func pair() throws(Unsupported) -> (Double, Double) {
    if let pair = compactPair() { return pair }
    try open(UInt8(ascii: "["))
    skipWhitespace()
    let a = try finite()
    try separator(UInt8(ascii: ","))
    let b = try finite()
    try close(UInt8(ascii: "]"))
    return (a, b)
  }

  /// `[x, y, width, height]`: x and y in the range of coordinates, a width and height in that of
  /// lengths (>= 0, and within the physical limit as x and y are).
  private mutating func rect() throws(Unsupported) -> Rect {
    let rect: Rect
    if let compact = compactRect() {
      rect = compact
    } else {
      try open(UInt8(ascii: "["))
      skipWhitespace()
      let x = try finite()
      try separator(UInt8(ascii: ","))
      let y = try finite()
      try separator(UInt8(ascii: ","))
      let width = try finite()
      try separator(UInt8(ascii: ","))
      let height = try finite()
      try close(UInt8(ascii: "]"))
      rect = Rect(x, y, width, height)
    }
    guard tables.rectOrigin.contains(rect.x), tables.rectOrigin.contains(rect.y), tables.rectSize.contains(rect.width),
      tables.rectSize.contains(rect.height)
    else { throw Unsupported() }
    return rect
  }

  /// `[a,b]` of short integers with nothing between them but the comma, as a compact file
  /// writes a pair; nil, with `pos` where it was, for anything else, which ``pair()`` reads.
  @inline(__always)
  private mutating func compactPair() -> (Double, Double)? {
    guard depth < JSONReader.defaultMaxDepth, byte(pos) == UInt8(ascii: "[") else { return nil }
    var index = pos &+ 1
    guard let a = bytes.shortInteger(&index, then: UInt8(ascii: ",")), let b = bytes.shortInteger(&index, then: UInt8(ascii: "]")) else {
      return nil
    }
    pos = index
    return (a, b)
  }

  /// `[x,y,width,height]` of short integers, as a compact file writes a frame; nil, with `pos`
  /// where it was, for anything else, which ``rect()`` reads.
  @inline(__always)
  private mutating func compactRect() -> Rect? {
    guard depth < JSONReader.defaultMaxDepth, byte(pos) == UInt8(ascii: "[") else { return nil }
    var index = pos &+ 1
    guard let x = bytes.shortInteger(&index, then: UInt8(ascii: ",")), let y = bytes.shortInteger(&index, then: UInt8(ascii: ",")),
      let width = bytes.shortInteger(&index, then: UInt8(ascii: ",")), let height = bytes.shortInteger(&index, then: UInt8(ascii: "]"))
    else { return nil }
    pos = index
    return Rect(x, y, width, height)
  }

  private mutating func bool() throws(Unsupported) -> Bool {
    if matchesLiteral("true") { return true }
    if matchesLiteral("false") { return false }
    throw Unsupported()
  }

  /// True, with `pos` moved past it, when the literal `word` is at `pos` (and no letter, digit or
  /// `_` follows it, as the tree-based reader reads literals).
  private mutating func matchesLiteral(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard end - pos >= count else { return false }
    let literal = word.utf8Start
    for offset in 0..<count where bytes[pos + offset] != literal[offset] { return false }
    switch byte(pos + count) {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"):
      return false
    default:
      pos += count
      return true
    }
  }

  /// Any string, read as the tree-based reader reads it.
  private mutating func string() throws(Unsupported) -> String {
    guard byte(pos) == UInt8(ascii: "\"") else { throw Unsupported() }
    let text: String
    do {
      text = try parser.readString()
    } catch {
      throw Unsupported()
    }
    // Past the string-length limit: the tree reader reports it.
    guard text.utf8.count <= options.limits.maxStringLength || text.count <= options.limits.maxStringLength else { throw Unsupported() }
    return text
  }

  /// The bytes of a string of printable ASCII without escapes, which every name, keyword and
  /// colour of the format is.
  private mutating func rawString() throws(Unsupported) -> Range<Int> {
    guard byte(pos) == UInt8(ascii: "\"") else { throw Unsupported() }
    let start = pos + 1
    var index = start
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        pos = index + 1
        return start..<index
      }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { throw Unsupported() }
      index += 1
    }
    throw Unsupported()
  }

  private mutating func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(Unsupported) -> T
  where T.RawValue == String {
    let range = try rawString()
    guard let value = T(rawValue: String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)) else {
      throw Unsupported()
    }
    return value
  }

  private mutating func color() throws(Unsupported) -> Color {
    guard let color = Color(utf8: UnsafeBufferPointer(rebasing: bytes[try rawString()])) else { throw Unsupported() }
    return color
  }

  /// A colour, or nil for `null`.
  private mutating func optionalColor() throws(Unsupported) -> Color? {
    if matchesLiteral("null") { return nil }
    return try color()
  }

  // MARK: Structure

  @inline(__always)
  private mutating func skipWhitespace() {
    // Compact files have none: one test.
    if pos < end, bytes[pos] > 0x20 { return }
    while pos < end {
      switch bytes[pos] {
      case 0x20, 0x09, 0x0D: pos += 1
      case 0x0A:
        pos += 1
        line += 1
        lineStart = pos
      default: return
      }
    }
  }

  /// Skips white space, then `byte`.
  @inline(__always)
  private mutating func separator(_ byte: UInt8) throws(Unsupported) {
    skipWhitespace()
    guard self.byte(pos) == byte else { throw Unsupported() }
    pos += 1
    skipWhitespace()
  }

  /// Opens the array or object whose bracket is at `pos`.
  @inline(__always)
  private mutating func open(_ bracket: UInt8) throws(Unsupported) {
    guard byte(pos) == bracket, depth < JSONReader.defaultMaxDepth else { throw Unsupported() }
    pos += 1
    depth += 1
  }

  /// Skips white space and closes the innermost array or object with `bracket`.
  @inline(__always)
  private mutating func close(_ bracket: UInt8) throws(Unsupported) {
    skipWhitespace()
    guard byte(pos) == bracket else { throw Unsupported() }
    pos += 1
    depth -= 1
  }

  /// Opens the object at `pos` and reads its first key and the ':' after it; nil when the
  /// object is empty (and closed).
  private mutating func firstKey() throws(Unsupported) -> Range<Int>? {
    try open(UInt8(ascii: "{"))
    skipWhitespace()
    if byte(pos) == UInt8(ascii: "}") {
      pos += 1
      depth -= 1
      return nil
    }
    return try key()
  }

  /// After a member's value: the next key and the ':' after it, or nil at the object's end.
  private mutating func nextKey() throws(Unsupported) -> Range<Int>? {
    skipWhitespace()
    switch byte(pos) {
    case UInt8(ascii: ","):
      pos += 1
      skipWhitespace()
      return try key()
    case UInt8(ascii: "}"):
      pos += 1
      depth -= 1
      return nil
    default:
      throw Unsupported()
    }
  }

  /// The bytes of the key at `pos`, leaving `pos` at the member's value. A key with an escape
  /// or any byte a known key does not have is unknown to every table, so the key is not checked
  /// further here.
  @inline(__always)
  private mutating func key() throws(Unsupported) -> Range<Int> {
    guard byte(pos) == UInt8(ascii: "\"") else { throw Unsupported() }
    let start = pos + 1
    var index = start
    // Eight bytes at a time: the lowest byte of `word ^ quotes` that is zero is the first quote
    // (the test below marks it exactly; only bytes above a marked one may be marked wrongly).
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quotes = ones &* UInt64(UInt8(ascii: "\""))
    let raw = UnsafeRawBufferPointer(bytes)
    while end &- index >= 8 {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ quotes
      let marks = (word &- ones) & ~word & (ones &* 0x80)
      if marks != 0 {
        index &+= marks.trailingZeroBitCount &>> 3
        pos = index &+ 1
        try separator(UInt8(ascii: ":"))
        return start..<index
      }
      index &+= 8
    }
    while index < end, bytes[index] != UInt8(ascii: "\"") { index += 1 }
    guard index < end else { throw Unsupported() }
    pos = index + 1
    try separator(UInt8(ascii: ":"))
    return start..<index
  }

  /// Opens the array at `pos`; false when it is empty (and closed).
  private mutating func firstElement() throws(Unsupported) -> Bool {
    try open(UInt8(ascii: "["))
    skipWhitespace()
    if byte(pos) == UInt8(ascii: "]") {
      pos += 1
      depth -= 1
      return false
    }
    return true
  }

  /// After an element: true, with `pos` at the next element, or false at the array's end.
  private mutating func nextElement() throws(Unsupported) -> Bool {
    skipWhitespace()
    switch byte(pos) {
    case UInt8(ascii: ","):
      pos += 1
      skipWhitespace()
      return true
    case UInt8(ascii: "]"):
      pos += 1
      depth -= 1
      return false
    default:
      throw Unsupported()
    }
  }
}

/// What ``SceneStreamReader`` looks for in its input, apart from the reader's state.
extension UnsafeBufferPointer<UInt8> {
  /// The first `byte` at or after `index`, found eight bytes at a time; nil when there is none.
  func firstIndex(of byte: UInt8, from index: Int) -> Int? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let pattern = ones &* UInt64(byte)
    let raw = UnsafeRawBufferPointer(self)
    var index = index
    while count &- index >= 8 {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ pattern
      // The lowest marked byte is the first match (only bytes above a marked one may be marked
      // wrongly).
      let marks = (word &- ones) & ~word & (ones &* 0x80)
      if marks != 0 { return index &+ marks.trailingZeroBitCount &>> 3 }
      index &+= 8
    }
    while index < count {
      if self[index] == byte { return index }
      index &+= 1
    }
    return nil
  }

  /// The short integer at `index`, as the reader's `number()` reads one, when `separator` follows
  /// it at once, with `index` moved past the separator; nil otherwise.
  @inline(__always)
  func shortInteger(_ index: inout Int, then separator: UInt8) -> Double? {
    var position = index
    let negative = position < count && self[position] == UInt8(ascii: "-")
    if negative { position &+= 1 }
    let digitsStart = position
    let limit = Swift.min(count, digitsStart &+ 15)
    var magnitude: Int64 = 0
    while position < limit {
      let digit = self[position] &- UInt8(ascii: "0")
      if digit >= 10 { break }
      magnitude = magnitude &* 10 &+ Int64(digit)
      position &+= 1
    }
    let digits = position &- digitsStart
    guard digits > 0, digits < 15, digits == 1 || self[digitsStart] != UInt8(ascii: "0"), position < count, self[position] == separator
    else { return nil }
    index = position &+ 1
    return negative ? -Double(magnitude) : Double(magnitude)
  }

  /// Whether the bytes in `a` and in `b` are the same.
  func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
    guard a.count == b.count else { return false }
    for offset in 0..<a.count where self[a.lowerBound + offset] != self[b.lowerBound + offset] { return false }
    return true
  }

  /// Whether the bytes in `range` are `word`'s.
  func equal(_ range: Range<Int>, _ word: StaticString) -> Bool {
    guard range.count == word.utf8CodeUnitCount else { return false }
    let literal = word.utf8Start
    for offset in 0..<range.count where self[range.lowerBound + offset] != literal[offset] { return false }
    return true
  }
}

/// A fixed set of ASCII keys, looked up by their bytes in the input, without making a `String`:
/// a small open-addressing hash table on each key's length and first eight bytes.
///
/// Its memory is plain: copying a table or looking a key up retains nothing. ``StreamTables``,
/// which makes the tables, frees them (``deallocate()``) when it goes.
struct KeyTable: @unchecked Sendable {
  /// `slotCount` slots, each empty (`index == -1`) or holding one key.
  private let slots: UnsafeMutablePointer<Slot>
  /// Every key's bytes, one after another.
  private let storage: UnsafeMutablePointer<UInt8>
  private static let slotBits: UInt64 = 7
  private static let slotCount = 1 << slotBits

  private struct Slot {
    /// The key's first eight bytes (fewer, zero-padded, for a shorter key), little-endian.
    var prefix: UInt64 = 0
    var length = 0
    /// Where its bytes start in `storage`.
    var start = 0
    /// Its index in the keys, or -1 for an empty slot.
    var index = -1
  }

  init(_ keys: [String]) {
    precondition(keys.count < Self.slotCount / 2)
    var bytes: [UInt8] = []
    var slots = [Slot](repeating: Slot(), count: Self.slotCount)
    for (index, key) in keys.enumerated() {
      var prefix: UInt64 = 0
      for (offset, byte) in key.utf8.prefix(8).enumerated() { prefix |= UInt64(byte) << UInt64(8 * offset) }
      var slot = Self.slot(prefix, key.utf8.count)
      while slots[slot].index >= 0 { slot = (slot + 1) & (Self.slotCount - 1) }
      slots[slot] = Slot(prefix: prefix, length: key.utf8.count, start: bytes.count, index: index)
      bytes.append(contentsOf: key.utf8)
    }
    self.slots = .allocate(capacity: Self.slotCount)
    self.slots.initialize(from: slots, count: Self.slotCount)
    storage = .allocate(capacity: max(1, bytes.count))
    storage.initialize(from: bytes, count: bytes.count)
  }

  /// Frees the table; it must not be used after.
  func deallocate() {
    slots.deallocate()
    storage.deallocate()
  }

  @inline(__always)
  private static func slot(_ prefix: UInt64, _ length: Int) -> Int {
    Int(truncatingIfNeeded: ((prefix ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
  }

  /// The index in the keys of the key whose bytes are `bytes[range]`, or nil.
  @inline(__always)
  func index(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = range.count
    let start = range.lowerBound
    var prefix: UInt64
    if bytes.count &- start >= 8 {
      prefix = UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: start, as: UInt64.self))
      if count < 8 { prefix &= (1 &<< UInt64(8 &* count)) &- 1 }
    } else {
      prefix = 0
      for offset in 0..<min(count, 8) { prefix |= UInt64(bytes[start + offset]) << UInt64(8 * offset) }
    }
    var slot = Self.slot(prefix, count)
    while true {
      let candidate = slots[slot]
      if candidate.index < 0 { return nil }
      if candidate.prefix == prefix, candidate.length == count {
        // Keys of one length may share their first eight bytes (`instanceColor`,
        // `instanceDelay`): a difference after them moves on to the next slot.
        var same = true
        if count > 8 {
          for offset in 8..<count where storage[candidate.start + offset] != bytes[start + offset] {
            same = false
            break
          }
        }
        if same { return candidate.index }
      }
      slot = (slot &+ 1) & (Self.slotCount &- 1)
    }
  }
}
