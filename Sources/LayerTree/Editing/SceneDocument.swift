/// A scene file as parsed JSON, edited in place so that everything an edit does not touch stays
/// as it was: ids, key order, `repeat` blocks, the timeline, keys the tool does not know.
///
/// Layers are found by their layer path. A layer made by `repeat` comes from one object in the
/// file, its template: `root/feed/cell[3]/title` is the `title` object inside the `cell` object,
/// which also makes every other `cell[n]/title`. Editing it edits all of them; a caller that
/// means to change only some copies must not use it (``LayerObject/copies`` says how many there
/// are).
///
/// ``rendered()`` writes the document canonically: the same value always gives the same bytes,
/// so reading a written document and writing it again changes nothing.
///
/// ```swift
/// var document = try SceneDocument(parsing: bytes)
/// try document.apply([.setMasksToBounds(false)], to: "root/topics/chip[0]")
/// let text = document.rendered()
/// ```
public struct SceneDocument: Sendable {
  /// Lines are kept within this many columns where a container can be put on one line.
  public static let lineWidth = 140

  public private(set) var value: JSONValue

  public init(_ value: JSONValue) {
    self.value = value
  }

  /// Parses a scene file, nested no deeper than `limits` allow layers (``SceneDecoder/parseJSON(_:limits:)``).
  public init(parsing bytes: [UInt8], limits: InputLimits = .standard) throws(JSONSyntaxError) {
    value = try SceneDecoder.parseJSON(bytes, limits: limits)
  }

  /// The document as text: two-space indentation, small objects and arrays on one line, keys in
  /// their order, a trailing newline.
  public func rendered() -> String { JSONOutput(value).rendered(lineWidth: Self.lineWidth) }

  /// Where a layer's object is in the file.
  public struct LayerObject: Sendable, Hashable {
    /// The object's JSON path: `root.sublayers[1].sublayers[0]`.
    public var jsonPath: String
    /// The layer paths the object makes: the path asked for with the index of every repeated
    /// component replaced by `[*]` (`root/table/cell[*]/title`).
    public var pattern: String
    /// How many layers the object makes: the product of the `repeat` counts on the way.
    public var copies: Int
    /// Member or element indices from the document to the object.
    var steps: [Int]
  }

  /// The object that makes the layer at `layerPath`, or nil when there is none.
  public func object(for layerPath: String) -> LayerObject? {
    let components = layerPath.split(separator: "/", omittingEmptySubsequences: false)
    guard case .object(let top) = value.kind, let rootIndex = top.firstIndex(where: { $0.key == "root" }),
      case .object(let rootMembers) = top[rootIndex].value.kind, let first = components.first,
      Self.string(rootMembers, "id") ?? "root" == first
    else { return nil }
    var steps = [rootIndex]
    var jsonPath = "root"
    var pattern = String(first)
    var copies = 1
    var members = rootMembers
    for component in components.dropFirst() {
      let (base, index) = Self.split(component)
      // A mask first, as the flattened tree finds it first; a mask with `repeat` keeps only its
      // first copy, `id[0]`.
      if let maskIndex = members.firstIndex(where: { $0.key == "mask" }), case .object(let mask) = members[maskIndex].value.kind {
        let id = Self.string(mask, "id") ?? "mask"
        let repeats = mask.contains { $0.key == "repeat" }
        if id == base && (repeats ? index == 0 : index == nil) {
          steps.append(maskIndex)
          jsonPath += ".mask"
          pattern += "/" + LayerPath.pattern(String(component))
          members = mask
          continue
        }
      }
      guard let listIndex = members.firstIndex(where: { $0.key == "sublayers" }),
        case .array(let items) = members[listIndex].value.kind
      else { return nil }
      var found: (Int, [JSONValue.Member], Int?)? = nil
      for (position, item) in items.enumerated() {
        guard case .object(let object) = item.kind, Self.string(object, "id") == base else { continue }
        let count = Self.repeatCount(object)
        if let index {
          guard let count, index < count else { continue }
        } else if count != nil {
          continue
        }
        found = (position, object, count)
        break
      }
      guard let (position, object, count) = found else { return nil }
      steps += [listIndex, position]
      jsonPath += ".sublayers[\(position)]"
      pattern += "/" + base + (count != nil ? "[*]" : "")
      let (product, overflow) = copies.multipliedReportingOverflow(by: count ?? 1)
      copies = overflow ? Int.max : product
      members = object
    }
    return LayerObject(jsonPath: jsonPath, pattern: pattern, copies: copies, steps: steps)
  }

  /// Applies `changes` to the object that makes the layer at `layerPath` (and so to every copy
  /// it makes). A key that is set replaces its value where it stands, or is inserted after the
  /// keys that come before it in the format's order; a key back to its default is removed.
  /// Removing a sublayer made by `repeat` needs every copy of it in `changes`.
  public mutating func apply(_ changes: [LayerChange], to layerPath: String) throws(SceneEditError) {
    guard let object = object(for: layerPath) else {
      throw SceneEditError("no layer object in the file makes the layer \(layerPath)")
    }
    var failure: SceneEditError? = nil
    Self.modify(&value, object.steps[...]) { members in
      do throws(SceneEditError) {
        try Self.apply(changes, to: &members)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  // MARK: Editing one object

  static func apply(_ changes: [LayerChange], to members: inout [JSONValue.Member]) throws(SceneEditError) {
    var removals: [String: Set<Int>] = [:]
    var plainRemovals: [String] = []
    for change in changes {
      if case .removeSublayer(let id) = change {
        let (base, index) = split(Substring(id))
        if let index { removals[base, default: []].insert(index) } else { plainRemovals.append(base) }
        continue
      }
      guard let (key, newValue) = change.member else { continue }
      let existing = members.firstIndex { $0.key == key }
      switch (existing, newValue) {
      case (let index?, let output?):
        members[index].value = JSONValue(output)
      case (let index?, nil):
        members.remove(at: index)
      case (nil, let output?):
        members.insert(JSONValue.Member(key: key, keyOffset: 0, value: JSONValue(output)), at: insertionIndex(for: key, in: members))
      case (nil, nil):
        break
      }
    }
    guard !removals.isEmpty || !plainRemovals.isEmpty else { return }
    guard let listIndex = members.firstIndex(where: { $0.key == "sublayers" }), case .array(var items) = members[listIndex].value.kind
    else { throw SceneEditError("the layer has no sublayers to remove") }
    for base in plainRemovals {
      guard
        let position = items.firstIndex(where: { item in
          guard case .object(let object) = item.kind else { return false }
          return string(object, "id") == base && repeatCount(object) == nil
        })
      else { throw SceneEditError("no sublayer \"\(base)\" to remove") }
      items.remove(at: position)
    }
    for (base, indices) in removals.sorted(by: { $0.key < $1.key }) {
      guard
        let position = items.firstIndex(where: { item in
          guard case .object(let object) = item.kind else { return false }
          return string(object, "id") == base && repeatCount(object) != nil
        }), case .object(let object) = items[position].kind, let count = repeatCount(object)
      else {
        throw SceneEditError("no repeated sublayer \"\(base)\" to remove")
      }
      guard indices == Set(0..<count) else {
        throw SceneEditError(
          "removes \(indices.count) of the \(count) copies of \"\(base)\"; the copies share one object in the file")
      }
      items.remove(at: position)
    }
    if items.isEmpty {
      members.remove(at: listIndex)
    } else {
      members[listIndex].value = JSONValue(.array(items), offset: members[listIndex].value.offset)
    }
  }

  /// Where a new key goes: after the last key that comes before it in the format's order (the
  /// order of the layer keys in docs/scene-format.md), so properties stay above `sublayers`.
  static func insertionIndex(for key: String, in members: [JSONValue.Member]) -> Int {
    let order = SceneFormat.standard.layer.names
    guard let rank = order.firstIndex(of: key) else { return members.count }
    var index = 0
    for (position, member) in members.enumerated() {
      if let other = order.firstIndex(of: member.key), other < rank, member.key != "repeat" { index = position + 1 }
    }
    return index
  }

  static func modify(_ value: inout JSONValue, _ steps: ArraySlice<Int>, _ body: (inout [JSONValue.Member]) -> Void) {
    switch value.kind {
    case .object(var members):
      if let step = steps.first {
        guard members.indices.contains(step) else { return }
        modify(&members[step].value, steps.dropFirst(), body)
      } else {
        body(&members)
      }
      value.kind = .object(members)
    case .array(var items):
      guard let step = steps.first, items.indices.contains(step) else { return }
      modify(&items[step], steps.dropFirst(), body)
      value.kind = .array(items)
    default:
      return
    }
  }

  // MARK: Reading objects

  static func string(_ members: [JSONValue.Member], _ key: String) -> String? {
    guard let member = members.first(where: { $0.key == key }), case .string(let text) = member.value.kind else { return nil }
    return text
  }

  /// The `repeat` count of a layer object, or nil when it does not repeat.
  static func repeatCount(_ members: [JSONValue.Member]) -> Int? {
    guard let member = members.first(where: { $0.key == "repeat" }) else { return nil }
    guard case .object(let block) = member.value.kind, let count = block.first(where: { $0.key == "count" }),
      case .number(let number) = count.value.kind, number >= 0, number < Double(Int.max)
    else { return 0 }
    return Int(number)
  }

  /// `cell[3]` -> ("cell", 3); `cell` -> ("cell", nil).
  static func split(_ component: Substring) -> (String, Int?) {
    guard component.hasSuffix("]"), let open = component.lastIndex(of: "[") else { return (String(component), nil) }
    let digits = component[component.index(after: open)..<component.index(before: component.endIndex)]
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let index = Int(digits) else { return (String(component), nil) }
    return (String(component[..<open]), index)
  }
}

/// An edit a scene file cannot take as asked.
public struct SceneEditError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension JSONValue {
  /// A value to put into a document; it has no place in the source (offset 0).
  public init(_ output: JSONOutput) {
    switch output {
    case .null: self.init(.null, offset: 0)
    case .bool(let flag): self.init(.bool(flag), offset: 0)
    case .int(let number): self.init(.number(Double(number)), offset: 0)
    case .number(let number): self.init(.number(number), offset: 0)
    case .string(let text): self.init(.string(text), offset: 0)
    case .array(let items): self.init(.array(items.map(JSONValue.init)), offset: 0)
    case .object(let members): self.init(.object(members.map { Member(key: $0.0, keyOffset: 0, value: JSONValue($0.1)) }), offset: 0)
    }
  }
}

extension SceneDocument {
  /// Sets (or, with nil, removes) keys of the `reuse` object of the timeline's scroll `index`,
  /// keeping every other key where it is; a new key goes last. False when the file has no such
  /// object.
  public mutating func setReuse(scroll index: Int, _ changes: [(key: String, value: JSONValue.Kind?)]) -> Bool {
    guard case .object(var top) = value.kind, let t = top.firstIndex(where: { $0.key == "timeline" }),
      case .object(var timeline) = top[t].value.kind, let s = timeline.firstIndex(where: { $0.key == "scrolls" }),
      case .array(var scrolls) = timeline[s].value.kind, index < scrolls.count, case .object(var scroll) = scrolls[index].kind,
      let r = scroll.firstIndex(where: { $0.key == "reuse" }), case .object(var reuse) = scroll[r].value.kind
    else { return false }
    for change in changes {
      let existing = reuse.firstIndex { $0.key == change.key }
      switch (existing, change.value) {
      case (let position?, let kind?): reuse[position].value = JSONValue(kind, offset: reuse[position].value.offset)
      case (let position?, nil): reuse.remove(at: position)
      case (nil, let kind?): reuse.append(JSONValue.Member(key: change.key, keyOffset: 0, value: JSONValue(kind, offset: 0)))
      case (nil, nil): break
      }
    }
    scroll[r].value.kind = .object(reuse)
    scrolls[index].kind = .object(scroll)
    timeline[s].value.kind = .array(scrolls)
    top[t].value.kind = .object(timeline)
    value.kind = .object(top)
    return true
  }
}
