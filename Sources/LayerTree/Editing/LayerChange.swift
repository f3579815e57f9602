/// One change to one layer, in the scene format's terms: a property set or back to its default, a
/// mask or a sublayer removed.
///
/// A change applies the same way to the decoded model (``apply(to:)``) and to the layer's object
/// in a scene file (``SceneDocument``), so what a fix measures on the model is what it writes.
///
/// ```swift
/// var layer = scene.layer(at: "root/chip")!
/// LayerChange.setMasksToBounds(false).apply(to: &layer)
/// print(LayerChange.setMasksToBounds(false).summary)  // remove "masksToBounds"
/// ```
public enum LayerChange: Sendable, Hashable {
  case setShadowPath(ShadowPath?)
  case setMasksToBounds(Bool)
  case setCornerRadius(Double)
  /// nil: no background colour (the default).
  case setBackgroundColor(Color?)
  case removeMask
  case setShouldRasterize(Bool)
  case setRasterizationScale(Double)
  case setContents(Contents?)
  /// Removes the sublayer with this id (as expanded: `dot[2]` for a copy made by `repeat`).
  case removeSublayer(String)

  /// Applies the change to a decoded layer.
  public func apply(to layer: inout Layer) {
    switch self {
    case .setShadowPath(let path): layer.shadowPath = path
    case .setMasksToBounds(let flag): layer.masksToBounds = flag
    case .setCornerRadius(let radius): layer.cornerRadius = radius
    case .setBackgroundColor(let color): layer.backgroundColor = color
    case .removeMask: layer.mask = nil
    case .setShouldRasterize(let flag): layer.shouldRasterize = flag
    case .setRasterizationScale(let scale): layer.rasterizationScale = scale
    case .setContents(let contents): layer.contents = contents
    case .removeSublayer(let id): layer.sublayers.removeAll { $0.id == id }
    }
  }

  /// The key the change writes in a layer object and its new value; a nil value removes the key
  /// (the property goes back to its default). Nil for a sublayer's removal.
  public var member: (key: String, value: JSONOutput?)? {
    switch self {
    case .setShadowPath(let path):
      switch path {
      case nil: return ("shadowPath", nil)
      case .bounds?: return ("shadowPath", .string("bounds"))
      case .rect(let rect, let radius)?:
        var members: [(String, JSONOutput)] = [("rect", Self.rect(rect))]
        if radius != 0 { members.append(("cornerRadius", .number(radius))) }
        return ("shadowPath", .object(members))
      }
    case .setMasksToBounds(let flag): return ("masksToBounds", flag ? .bool(true) : nil)
    case .setCornerRadius(let radius): return ("cornerRadius", radius == 0 ? nil : .number(radius))
    case .setBackgroundColor(let color): return ("backgroundColor", color.map { .string($0.description) })
    case .removeMask: return ("mask", nil)
    case .setShouldRasterize(let flag): return ("shouldRasterize", flag ? .bool(true) : nil)
    case .setRasterizationScale(let scale): return ("rasterizationScale", scale == 1 ? nil : .number(scale))
    case .setContents(let contents): return ("contents", contents.map(Self.contents))
    case .removeSublayer: return nil
    }
  }

  /// The change as a person reads it in scene terms: `"shadowPath": "bounds"`,
  /// `remove "masksToBounds"`, `remove sublayer "shade"`.
  public var summary: String {
    guard let (key, value) = member else {
      if case .removeSublayer(let id) = self { return "remove sublayer \"\(id)\"" }
      return ""
    }
    guard let value else { return "remove \"\(key)\"" }
    return "\"\(key)\": " + String(value.rendered(lineWidth: Int.max).dropLast())
  }

  static func rect(_ rect: Rect) -> JSONOutput {
    .array([.number(rect.x), .number(rect.y), .number(rect.width), .number(rect.height)])
  }

  /// A contents object as the scene format writes it, with only the keys that differ from their
  /// defaults.
  static func contents(_ contents: Contents) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("type", .string(contents.typeName))]
    switch contents {
    case .image(let image):
      members.append(("pixelSize", .array([.number(image.pixelSize.width), .number(image.pixelSize.height)])))
      if image.opaque { members.append(("opaque", .bool(true))) }
      if image.wideColor { members.append(("wideColor", .bool(true))) }
      if let thread = image.drawnOn { members.append(("drawnOn", .string(thread.rawValue))) }
    case .text(let text):
      members.append(("characters", .int(text.characters)))
      if text.emoji != 0 { members.append(("emoji", .int(text.emoji))) }
      if text.drawnOn != .main { members.append(("drawnOn", .string(text.drawnOn.rawValue))) }
      if text.wideColor { members.append(("wideColor", .bool(true))) }
    case .drawing(let drawing):
      if drawing.drawnOn != .main { members.append(("drawnOn", .string(drawing.drawnOn.rawValue))) }
      if drawing.opaque { members.append(("opaque", .bool(true))) }
      if drawing.wideColor { members.append(("wideColor", .bool(true))) }
    }
    return .object(members)
  }
}

/// Changes to the layer at one path.
public struct LayerEdit: Sendable, Hashable {
  /// The layer's path: `root/table/cell[3]/title`.
  public var path: String
  public var changes: [LayerChange]

  public init(path: String, changes: [LayerChange]) {
    self.path = path
    self.changes = changes
  }
}

extension Layer {
  /// The layer at `path` below this one (its first component is this layer's id), or nil.
  /// A mask is found before a sublayer of the same id, as in the flattened tree.
  public func descendant(at path: String) -> Layer? {
    var components = path.split(separator: "/", omittingEmptySubsequences: false)[...]
    guard components.first.map(String.init) == id else { return nil }
    components = components.dropFirst()
    var layer = self
    for component in components {
      if let mask = layer.mask, mask.id == component {
        layer = mask
      } else if let sublayer = layer.sublayers.first(where: { $0.id == component }) {
        layer = sublayer
      } else {
        return nil
      }
    }
    return layer
  }

  /// Changes the layer at `path` below this one; false when there is none.
  mutating func modify(_ components: ArraySlice<Substring>, _ body: (inout Layer) -> Void) -> Bool {
    guard let first = components.first else {
      body(&self)
      return true
    }
    let rest = components.dropFirst()
    if var mask = self.mask, mask.id == first {
      let found = mask.modify(rest, body)
      self.mask = mask
      return found
    }
    guard let index = sublayers.firstIndex(where: { $0.id == first }) else { return false }
    return sublayers[index].modify(rest, body)
  }
}

extension Scene {
  /// The layer at `path` (`root/table/cell[3]/title`), with its sublayers, or nil.
  public func layer(at path: String) -> Layer? { root.descendant(at: path) }

  /// The scene with `edits` applied to its layers, in order; an edit whose path names no layer
  /// changes nothing. The timeline is kept as it is.
  ///
  /// - Complexity: O(n + k) for n layers and k ids in the edits' paths: the tree is walked once
  ///   along the edited paths. Edits that remove a mask or a sublayer above another edit's layer
  ///   are applied one by one, in order, each found from the root.
  public func applying(_ edits: [LayerEdit]) -> Scene {
    var scene = self
    guard let trie = EditTrie(edits, root: root.id) else {
      for edit in edits {
        let components = edit.path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.first.map(String.init) == scene.root.id else { continue }
        _ = scene.root.modify(components.dropFirst()) { layer in
          for change in edit.changes { change.apply(to: &layer) }
        }
      }
      return scene
    }
    trie.apply(edits, at: 0, to: &scene.root)
    return scene
  }
}

/// Edits by path as a tree of ids below the root, for applying them in one walk. Applying a
/// node's edits before its children's is applying them in order when no edit removes a mask or
/// sublayer above another edit's layer: the edits of distinct layers commute.
private struct EditTrie {
  var children: [[Substring: Int]] = [[:]]
  /// The edits at each node, in their order.
  var edits: [[Int]] = [[]]

  /// Nil when an edit that removes something lies above another edit.
  init?(_ list: [LayerEdit], root: String) {
    var removes = [false]
    for (position, edit) in list.enumerated() {
      var components = edit.path.split(separator: "/", omittingEmptySubsequences: false)[...]
      guard components.first == Substring(root) else { continue }
      components = components.dropFirst()
      var node = 0
      for id in components {
        if removes[node] { return nil }
        if let next = children[node][id] {
          node = next
        } else {
          children.append([:])
          edits.append([])
          removes.append(false)
          children[node][id] = children.count - 1
          node = children.count - 1
        }
      }
      edits[node].append(position)
      let removing = edit.changes.contains { change in
        switch change {
        case .removeMask, .removeSublayer: true
        default: false
        }
      }
      if removing {
        if !children[node].isEmpty { return nil }
        removes[node] = true
      }
    }
  }

  func apply(_ list: [LayerEdit], at node: Int, to layer: inout Layer) {
    for position in edits[node] {
      for change in list[position].changes { change.apply(to: &layer) }
    }
    let next = children[node]
    guard !next.isEmpty else { return }
    // A mask is found before a sublayer of the same id, and the first sublayer of an id is the
    // one edited (``Layer/descendant(at:)``).
    var remaining = next
    if var mask = layer.mask, let child = remaining.removeValue(forKey: Substring(mask.id)) {
      apply(list, at: child, to: &mask)
      layer.mask = mask
    }
    guard !remaining.isEmpty else { return }
    var sublayers = layer.sublayers
    layer.sublayers = []
    for index in sublayers.indices {
      guard let child = remaining.removeValue(forKey: Substring(sublayers[index].id)) else { continue }
      apply(list, at: child, to: &sublayers[index])
      if remaining.isEmpty { break }
    }
    layer.sublayers = sublayers
  }
}
