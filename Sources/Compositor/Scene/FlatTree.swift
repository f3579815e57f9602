import LayerTree

/// A scene's layer tree laid out in one array, in the order Core Animation draws it
/// (a layer, then its mask's subtree, then its sublayers back to front).
///
/// Passes over the tree are loops over these arrays: a layer's subtree is the range
/// `index ..< subtreeEnd`, and a parent always comes before its children, so a top-down pass
/// is a forward loop and a bottom-up pass a backward one.
///
/// The tree holds each layer as the scene does (a `Layer` is a reference to shared storage: no
/// second copy of it is made) and its links as 32-bit indices; a layer's path is made when it
/// is asked for.
///
/// - Complexity: building is O(n) in the number of layers.
public struct FlatTree: Sendable {
  /// One layer of the tree with its links, as ``nodes`` gives it.
  public struct Node: Sendable {
    /// The layer's own properties. Its `sublayers` and `mask` are the scene's: they are nodes of
    /// the tree too, reached through its links.
    public var layer: Layer
    /// `root/feed/cell[3]/avatar`.
    public var path: String
    /// Index of the superlayer, or of the masked layer for a mask; -1 for the root.
    public var parent: Int
    /// One past the last node of this layer's subtree.
    public var subtreeEnd: Int
    /// True for a mask layer and every layer under it: they shape their owner, they do not draw.
    public var inMask: Bool
    /// The index of this layer's mask node, if it has a mask.
    public var mask: Int?
  }

  /// The columns, in one box shared by copies until one of them is written: the rules', the
  /// image checks' and the tally's contexts copy the tree every frame, and a copy is then one
  /// retain instead of one for each column. Copied before a write unless this tree holds it alone.
  private var storage: CopyOnWriteBox<Stored>

  private struct Stored: Sendable {
    /// The rules' gates every layer's render properties are made with.
    let gates: any OffscreenGates.Type
    var layers: [Layer] = []
    var parents = IndexColumn()
    var subtreeEnds = IndexColumn()
    var masks = IndexColumn()
    var inMask: [Bool] = []
    var derived: [LayerProps.Derived] = []
    var extents: [Rect] = []
  }

  /// The box, copied first when another tree shares it.
  @inline(__always)
  private mutating func unique() -> CopyOnWriteBox<Stored> { CopyOnWriteBox.unique(&storage) }

  /// The layers in drawing order.
  public private(set) var layers: [Layer] {
    @inline(__always) get { storage.value.layers }
    _modify { yield &unique().value.layers }
  }
  /// Index of each layer's superlayer (of the masked layer for a mask); -1 for the root.
  public private(set) var parents: IndexColumn {
    @inline(__always) get { storage.value.parents }
    _modify { yield &unique().value.parents }
  }
  /// One past the last layer of each layer's subtree.
  public private(set) var subtreeEnds: IndexColumn {
    @inline(__always) get { storage.value.subtreeEnds }
    _modify { yield &unique().value.subtreeEnds }
  }
  /// Each layer's mask's index, or -1.
  public private(set) var masks: IndexColumn {
    @inline(__always) get { storage.value.masks }
    _modify { yield &unique().value.masks }
  }
  /// True for a mask layer and every layer under it: they shape their owner, they do not draw.
  public private(set) var inMask: [Bool] {
    @inline(__always) get { storage.value.inMask }
    _modify { yield &unique().value.inMask }
  }
  /// The work-taking part of each layer's render properties (``props(_:)``), found once.
  private var derived: [LayerProps.Derived] {
    @inline(__always) get { storage.value.derived }
    _modify { yield &unique().value.derived }
  }
  /// Each layer's subtree extent in its own bounds' coordinates: its bounds, its shadow, and its
  /// sublayers' extents (clipped to the bounds when it masks to bounds), as the scene writes
  /// them. A subtree whose extent is off the screen can be skipped whole while nothing in it
  /// moves.
  public private(set) var extents: [Rect] {
    @inline(__always) get { storage.value.extents }
    _modify { yield &unique().value.extents }
  }

  /// The tree of `root`, each layer's render properties made with `gates` (the registry's:
  /// ``init(_:)``).
  init(_ root: Layer, gates: any OffscreenGates.Type) {
    storage = CopyOnWriteBox(Stored(gates: gates))
    let count = root.subtreeCount
    layers.reserveCapacity(count)
    derived.reserveCapacity(count)
    parents.storage.reserveCapacity(count)
    subtreeEnds.storage.reserveCapacity(count)
    masks.storage.reserveCapacity(count)
    inMask.reserveCapacity(count)
    append(root, parent: -1, inMask: false)
    extents = Self.extents(layers: layers, parents: parents, masks: masks)
  }

  /// What a layer's extent depends on, read from the layer itself.
  struct ExtentInputs {
    var frame: Rect
    var transform: Transform
    var anchorPoint: Point
    var masksToBounds: Bool
    var hasShadow: Bool
    var hasShadowPath: Bool
    var shadowOffset: Size
    var shadowRadius: Double

    init(_ layer: Layer) {
      frame = layer.frame
      transform = layer.transform
      anchorPoint = layer.anchorPoint
      // A transform layer does not clip (Apple, `CATransformLayer`).
      masksToBounds = layer.masksToBounds && !layer.kind.isTransformLayer
      hasShadow = LayerDrawing.hasShadow(layer)
      hasShadowPath = layer.shadowPath != nil
      shadowOffset = layer.shadowOffset
      shadowRadius = layer.shadowRadius
    }

    var bounds: Rect { Rect(0, 0, frame.width, frame.height) }
  }

  /// Bottom-up: each subtree's extent in its root's bounds coordinates.
  static func extents(layers: [Layer], parents: IndexColumn, masks: IndexColumn) -> [Rect] {
    var extents = [Rect](repeating: .zero, count: layers.count)
    for index in stride(from: layers.count - 1, through: 0, by: -1) {
      let own = ExtentInputs(layers[index])
      // The sublayers' extents are in by now.
      extents[index] = extent(own, sublayers: extents[index])
      let parent = parents[index]
      if parent >= 0, masks[parent] != index, !(layers[parent].masksToBounds && !layers[parent].kind.isTransformLayer) {
        extents[parent] = extents[parent].union(placed(extents[index], own))
      }
    }
    return extents
  }

  /// The extent of a layer whose sublayers' extents, placed in its bounds, add up to `sublayers`.
  static func extent(_ own: ExtentInputs, sublayers: Rect) -> Rect {
    // What the layer and its sublayers draw.
    let drawn = own.masksToBounds ? own.bounds : sublayers.union(own.bounds)
    var extent = drawn
    if own.hasShadow {
      // A shadowPath shadow has the path's shape (the bounds); one with no path is cast by
      // everything the subtree draws.
      let caster = own.hasShadowPath ? own.bounds : drawn
      let shadow = caster.offsetBy(own.shadowOffset.width, own.shadowOffset.height)
        .insetBy(-own.shadowRadius, -own.shadowRadius)
      extent = extent.union(shadow)
    }
    return extent
  }

  /// A layer's extent in its superlayer's bounds.
  static func placed(_ extent: Rect, _ own: ExtentInputs) -> Rect {
    Affine.layer(frame: own.frame, transform: own.transform, anchor: own.anchorPoint).boundingBox(of: extent)
  }

  public var count: Int { layers.count }

  /// The layers with their links and paths, made as they are read.
  public var nodes: Nodes { Nodes(tree: self) }

  /// The render properties of the layer at `index`, as the scene writes it. Made when asked for:
  /// a run keeps those of the layers its frames reach (``PropsCache``).
  public func props(_ index: Int) -> LayerProps {
    LayerProps(layers[index], hasMask: masks[index] >= 0, derived: derived[index])
  }

  /// The render properties of `layer`, a frame's copy of the layer at `index` (the timeline
  /// changed it), made with the tree's gates.
  func props(of layer: Layer, at index: Int) -> LayerProps {
    LayerProps(layer, hasMask: masks[index] >= 0, gates: storage.value.gates)
  }

  /// The layer at `index`, as the scene writes it.
  @inline(__always)
  public func layer(_ index: Int) -> Layer { layers[index] }

  /// The contents of the layer at `index`, as the scene writes them.
  @inline(__always)
  public func contents(_ index: Int) -> Contents? { layers[index].contents }

  /// The class of the layer at `index`, with what only it carries.
  @inline(__always)
  public func kind(_ index: Int) -> LayerKind { layers[index].kind }

  /// The path of the layer at `index`: `root/feed/cell[3]/avatar`, its ancestors' ids and its
  /// own.
  ///
  /// - Complexity: O(d) for a layer d deep.
  public func path(_ index: Int) -> String {
    var length = -1
    var current = index
    while current >= 0 {
      length += layers[current].id.utf8.count + 1
      current = parents[current]
    }
    // Written from the end, the layer's own id first, each ancestor's before it.
    return String(unsafeUninitializedCapacity: max(length, 0)) { buffer in
      var end = length
      var current = index
      while current >= 0 {
        var id = layers[current].id
        id.withUTF8 { bytes in
          let start = end - bytes.count
          if let base = bytes.baseAddress, !bytes.isEmpty {
            UnsafeMutableRawPointer(buffer.baseAddress! + start).copyMemory(from: base, byteCount: bytes.count)
          }
          end = start
        }
        current = parents[current]
        if current >= 0 {
          end -= 1
          buffer[end] = UInt8(ascii: "/")
        }
      }
      return length
    }
  }

  /// Every layer's path, in tree order.
  ///
  /// - Complexity: O(n) paths, each made from its parent's.
  public func paths() -> [String] {
    var paths: [String] = []
    paths.reserveCapacity(count)
    for index in 0..<count {
      let parent = parents[index]
      paths.append(parent >= 0 ? LayerPath.child(paths[parent], layers[index].id) : layers[index].id)
    }
    return paths
  }

  /// The index of the layer with this path.
  public func index(ofPath path: String) -> Int? { indices(ofPaths: [path])[path] }

  /// The index of each of `paths` that names a layer of the tree (the first in tree order when
  /// two layers share a path), found in one pass over the tree along the paths' ids: no layer's
  /// path is made.
  ///
  /// - Complexity: O(n + k) for n layers and k ids in the paths.
  public func indices(ofPaths paths: some Sequence<String>) -> [String: Int] {
    var found: [String: Int] = [:]
    forEachLayer(namedBy: paths) { index, path in
      if found[path] == nil { found[path] = index }
    }
    return found
  }

  /// Every layer whose path is one of `paths`: all of them where ids repeat (a mask and a
  /// sublayer of the same id, or siblings of the same id).
  ///
  /// - Complexity: O(n + k) for n layers and k ids in the paths.
  public func allIndices(ofPaths paths: some Sequence<String>) -> Set<Int> {
    var found = Set<Int>()
    forEachLayer(namedBy: paths) { index, _ in found.insert(index) }
    return found
  }

  /// Calls `body` with each layer, in tree order, whose path is one of `paths`, and that path:
  /// a trie of the paths by id, walked down the tree in one pass.
  private func forEachLayer(namedBy paths: some Sequence<String>, _ body: (Int, String) -> Void) {
    // Each trie node's children, and the path that ends there.
    var children: [[Substring: Int]] = [[:]]
    var ends: [String?] = [nil]
    for path in paths {
      var node = 0
      for id in path.split(separator: "/", omittingEmptySubsequences: false) {
        if let next = children[node][id] {
          node = next
        } else {
          children.append([:])
          ends.append(nil)
          children[node][id] = children.count - 1
          node = children.count - 1
        }
      }
      ends[node] = path
    }
    guard !children[0].isEmpty else { return }
    // Each layer's trie node, when its path is a prefix of one of the paths.
    var trieNode = [Int32](repeating: -1, count: count)
    for index in 0..<count {
      let parent = parents[index]
      let from = parent >= 0 ? Int(trieNode[parent]) : 0
      guard from >= 0, let node = children[from][Substring(layers[index].id)] else { continue }
      trieNode[index] = Int32(node)
      if let path = ends[node] { body(index, path) }
    }
  }

  private mutating func append(_ layer: Layer, parent: Int, inMask: Bool) {
    // A transform layer ignores its mask (Apple, `CATransformLayer`).
    let mask = layer.kind.isTransformLayer ? nil : layer.mask
    let index: Int
    do {
      // The box made unique once for the layer's own columns rather than at each write, and let
      // go before the sublayers are appended (held, it would be copied for each).
      let box = unique()
      index = box.value.layers.count
      box.value.layers.append(layer)
      box.value.derived.append(LayerProps.derive(layer, hasMask: mask != nil, gates: box.value.gates))
      box.value.parents.storage.append(Int32(parent))
      box.value.subtreeEnds.storage.append(Int32(index + 1))
      box.value.masks.storage.append(-1)
      box.value.inMask.append(inMask)
      if mask != nil { box.value.masks.storage[index] = Int32(index + 1) }
    }
    if let mask {
      append(mask, parent: index, inMask: true)
    }
    for sublayer in layer.sublayers {
      append(sublayer, parent: index, inMask: inMask)
    }
    subtreeEnds.storage[index] = Int32(layers.count)
  }

  /// The link columns as buffers, for the frame loops that read them for every visited layer
  /// without a bounds check each: every index a column holds is a layer of the tree or -1 (tested
  /// before it is followed), so a loop that starts at a layer and follows the links stays within
  /// the buffers (each holds ``count`` entries).
  struct Columns {
    let parents: UnsafeBufferPointer<Int32>
    let subtreeEnds: UnsafeBufferPointer<Int32>
    let masks: UnsafeBufferPointer<Int32>
    let inMask: UnsafeBufferPointer<Bool>
    let extents: UnsafeBufferPointer<Rect>
  }

  /// Calls `body` with the link columns as buffers (``Columns``), valid during the call.
  func withColumns<Result>(_ body: (Columns) throws -> Result) rethrows -> Result {
    let box = storage
    return try box.value.parents.storage.withUnsafeBufferPointer { parents in
      try box.value.subtreeEnds.storage.withUnsafeBufferPointer { subtreeEnds in
        try box.value.masks.storage.withUnsafeBufferPointer { masks in
          try box.value.inMask.withUnsafeBufferPointer { inMask in
            try box.value.extents.withUnsafeBufferPointer { extents in
              try body(Columns(parents: parents, subtreeEnds: subtreeEnds, masks: masks, inMask: inMask, extents: extents))
            }
          }
        }
      }
    }
  }

  /// The tree's nodes: each layer with its links and path, made when it is read.
  public struct Nodes: RandomAccessCollection, Sendable {
    let tree: FlatTree
    public var startIndex: Int { 0 }
    public var endIndex: Int { tree.count }
    public subscript(index: Int) -> Node {
      let mask = tree.masks[index]
      return Node(
        layer: tree.layers[index], path: tree.path(index), parent: tree.parents[index], subtreeEnd: tree.subtreeEnds[index],
        inMask: tree.inMask[index], mask: mask >= 0 ? mask : nil)
    }
  }
}

/// Layer indices kept as 32-bit integers and read as `Int`: a tree's links take half the room.
public struct IndexColumn: RandomAccessCollection, Sendable {
  var storage: [Int32] = []

  public var startIndex: Int { 0 }
  public var endIndex: Int { storage.count }

  @inline(__always)
  public subscript(index: Int) -> Int { Int(storage[index]) }
}

// MARK: An edited copy

extension FlatTree {
  /// The tree of `root`, which is this tree's root with the layers at `changed` (indices in this
  /// tree) edited: their own properties changed, and sublayers or their mask removed. No layer is
  /// added, moved or renamed, and no other layer differs. Built as ``init(_:)`` builds it, but the
  /// subtrees holding no edited layer are copied from this tree as they are, and every layer not in
  /// `changed` keeps its render properties; the extents are computed afresh. `sources[i]` is this
  /// tree's index of the new tree's layer i. Nil when `root` is not such an edit of this tree's
  /// root where it is read: the edited layers and their ancestors (a layer out of place, or one
  /// that lost a sublayer or mask without being in `changed`). A subtree holding no layer of
  /// `changed` is taken to be as it was.
  ///
  /// It relies on the tree's order (a layer, its mask's subtree, its sublayers in order) and on
  /// ``LayerProps`` depending on a layer's own properties and whether it has a mask alone.
  ///
  /// - Complexity: O(n) in the layers, copied in runs; the layers of `changed` and their
  ///   ancestors are read from `root`.
  public func edited(_ root: Layer, changed: Set<Int>) -> (tree: FlatTree, sources: [Int32])? {
    guard !layers.isEmpty else { return nil }
    // Edited layers and their ancestors: the subtrees where `root` differs from this tree.
    var edited = [Bool](repeating: false, count: count)
    var dirty = [Bool](repeating: false, count: count)
    for index in changed where edited.indices.contains(index) {
      edited[index] = true
      var ancestor = index
      while ancestor >= 0 && !dirty[ancestor] {
        dirty[ancestor] = true
        ancestor = parents[ancestor]
      }
    }
    // Properties edited alone: this tree with the edited layers and their ancestors replaced.
    if hasShape(of: root, at: 0, dirty: dirty) {
      var same = self
      var replaced: [Int] = []
      same.replace(root, at: 0, edited: edited, dirty: dirty, replaced: &replaced)
      same.recomputeExtents(of: replaced)
      return (same, (0..<Int32(count)).map { $0 })
    }
    var tree = FlatTree(reserving: count, gates: storage.value.gates)
    var sources: [Int32] = []
    sources.reserveCapacity(count)
    var rebuilt: [Int] = []
    guard
      tree.appendEdited(
        root, from: self, at: 0, parent: -1, inMask: false, edited: edited, dirty: dirty, sources: &sources, rebuilt: &rebuilt)
    else { return nil }
    tree.recomputeExtents(of: rebuilt)
    return (tree, sources)
  }

  /// The extents of the layers at `indices` computed again, bottom-up, each from its sublayers' in
  /// the order the whole tree's are added up (``extents(layers:parents:masks:)``); the others' are
  /// as they are.
  private mutating func recomputeExtents(of indices: [Int]) {
    var sublayers: [Int] = []
    for index in indices.sorted(by: >) {
      var extent = Rect.zero
      let own = ExtentInputs(layers[index])
      if !own.masksToBounds {
        sublayers.removeAll(keepingCapacity: true)
        var child = masks[index] >= 0 ? subtreeEnds[masks[index]] : index + 1
        while child < subtreeEnds[index] {
          sublayers.append(child)
          child = subtreeEnds[child]
        }
        for child in sublayers.reversed() { extent = extent.union(Self.placed(extents[child], ExtentInputs(layers[child]))) }
      }
      extents[index] = Self.extent(own, sublayers: extent)
    }
  }

  /// True when `layer` and, down the layers of `dirty`, its mask and sublayers are layer `index`
  /// and its own, one for one by id: no sublayer or mask removed.
  private func hasShape(of layer: Layer, at index: Int, dirty: [Bool]) -> Bool {
    guard layer.id == layers[index].id else { return false }
    let mask = layer.kind.isTransformLayer ? nil : layer.mask
    guard (mask == nil) == (masks[index] < 0) else { return false }
    if let mask {
      guard dirty[masks[index]] ? hasShape(of: mask, at: masks[index], dirty: dirty) : mask.id == layers[masks[index]].id else {
        return false
      }
    }
    var child = masks[index] >= 0 ? subtreeEnds[masks[index]] : index + 1
    for sublayer in layer.sublayers {
      guard child < subtreeEnds[index] else { return false }
      guard dirty[child] ? hasShape(of: sublayer, at: child, dirty: dirty) : sublayer.id == layers[child].id else { return false }
      child = subtreeEnds[child]
    }
    return child == subtreeEnds[index]
  }

  /// Puts `layer`, of the shape of layer `index` (``hasShape(of:at:dirty:)``), in its place and,
  /// down the layers of `dirty`, its sublayers and mask in place of theirs, computing the render
  /// properties of the layers of `edited`; lists the layers replaced.
  private mutating func replace(_ layer: Layer, at index: Int, edited: [Bool], dirty: [Bool], replaced: inout [Int]) {
    let mask = layer.kind.isTransformLayer ? nil : layer.mask
    layers[index] = layer
    if edited[index] { derived[index] = LayerProps.derive(layer, hasMask: mask != nil, gates: storage.value.gates) }
    replaced.append(index)
    if let mask, dirty[masks[index]] { replace(mask, at: masks[index], edited: edited, dirty: dirty, replaced: &replaced) }
    var child = masks[index] >= 0 ? subtreeEnds[masks[index]] : index + 1
    for sublayer in layer.sublayers {
      if dirty[child] { replace(sublayer, at: child, edited: edited, dirty: dirty, replaced: &replaced) }
      child = subtreeEnds[child]
    }
  }

  private init(reserving count: Int, gates: any OffscreenGates.Type) {
    storage = CopyOnWriteBox(Stored(gates: gates))
    extents.reserveCapacity(count)
    layers.reserveCapacity(count)
    derived.reserveCapacity(count)
    parents.storage.reserveCapacity(count)
    subtreeEnds.storage.reserveCapacity(count)
    masks.storage.reserveCapacity(count)
    inMask.reserveCapacity(count)
  }

  /// ``append(_:parent:inMask:)`` for `layer`, this tree's layer `source` or its edited copy.
  private mutating func appendEdited(
    _ layer: Layer, from base: FlatTree, at source: Int, parent: Int, inMask: Bool, edited: [Bool], dirty: [Bool],
    sources: inout [Int32], rebuilt: inout [Int]
  ) -> Bool {
    guard layer.id == base.layers[source].id else { return false }
    let index = layers.count
    let end = base.subtreeEnds[source]
    guard dirty[source] else {
      // Nothing in the subtree was edited: this tree's layers, their links moved along.
      let offset = Int32(index - source)
      layers += base.layers[source..<end]
      derived += base.derived[source..<end]
      extents += base.extents[source..<end]
      self.inMask += base.inMask[source..<end]
      sources += (Int32(source)..<Int32(end))
      parents.storage.append(Int32(parent))
      parents.storage += base.parents.storage[(source + 1)..<end].lazy.map { $0 + offset }
      subtreeEnds.storage += base.subtreeEnds.storage[source..<end].lazy.map { $0 + offset }
      masks.storage += base.masks.storage[source..<end].lazy.map { $0 < 0 ? $0 : $0 + offset }
      return true
    }
    let isEdited = edited[source]
    let mask = layer.kind.isTransformLayer ? nil : layer.mask
    let baseMask = base.masks[source]
    guard isEdited || (mask == nil) == (baseMask < 0) else { return false }
    derived.append(isEdited ? LayerProps.derive(layer, hasMask: mask != nil, gates: storage.value.gates) : base.derived[source])
    layers.append(layer)
    extents.append(.zero)
    rebuilt.append(index)
    sources.append(Int32(source))
    parents.storage.append(Int32(parent))
    subtreeEnds.storage.append(Int32(index + 1))
    masks.storage.append(-1)
    self.inMask.append(inMask)
    if let mask {
      guard baseMask >= 0 else { return false }
      masks.storage[index] = Int32(layers.count)
      guard
        appendEdited(
          mask, from: base, at: baseMask, parent: index, inMask: true, edited: edited, dirty: dirty, sources: &sources, rebuilt: &rebuilt)
      else { return false }
    }
    // The base's sublayers in order: each of the layer's is the next with its id, those passed
    // over were removed.
    var child = baseMask >= 0 ? base.subtreeEnds[baseMask] : source + 1
    for sublayer in layer.sublayers {
      while child < end && base.layers[child].id != sublayer.id {
        guard isEdited else { return false }
        child = base.subtreeEnds[child]
      }
      guard
        child < end,
        appendEdited(
          sublayer, from: base, at: child, parent: index, inMask: inMask, edited: edited, dirty: dirty, sources: &sources,
          rebuilt: &rebuilt)
      else { return false }
      child = base.subtreeEnds[child]
    }
    guard isEdited || child == end else { return false }
    subtreeEnds.storage[index] = Int32(layers.count)
    return true
  }
}
