import LayerTree

/// A scene's layer tree laid out in one array, in the order Core Animation draws it
/// (a layer, then its mask's subtree, then its sublayers back to front).
///
/// Passes over the tree are loops over this array: a layer's subtree is the range
/// `index ..< subtreeEnd`, and a parent always comes before its children, so a top-down pass
/// is a forward loop and a bottom-up pass a backward one.
///
/// - Complexity: building is O(n) in the number of layers.
public struct FlatTree: Sendable {
  public struct Node: Sendable {
    /// The layer's own properties; `sublayers` and `mask` are emptied (they are nodes too).
    public var layer: Layer
    /// `root/feed/cell[3]/avatar`.
    public var path: String
    /// Index of the superlayer, or of the masked layer for a mask; -1 for the root.
    public var parent: Int
    /// One past the last node of this layer's subtree.
    public var subtreeEnd: Int
    /// Depth in the tree; the root is 0.
    public var depth: Int
    /// True for a mask layer and every layer under it: they shape their owner, they do not draw.
    public var inMask: Bool
    /// The index of this layer's mask node, if it has a mask.
    public var mask: Int?
  }

  public private(set) var nodes: [Node] = []
  /// The links of ``nodes`` as plain arrays, for the loops that run every frame: reading them
  /// copies no layer.
  public private(set) var parents: [Int] = []
  public private(set) var subtreeEnds: [Int] = []
  /// The mask's index, or -1.
  public private(set) var masks: [Int] = []
  public private(set) var inMask: [Bool] = []
  /// Each layer's render properties, in the same order.
  public private(set) var props: [LayerProps] = []
  /// Each layer's subtree extent in its own bounds' coordinates: its bounds, its shadow, and its
  /// sublayers' extents (clipped to the bounds when it masks to bounds), as the scene writes
  /// them. A subtree whose extent is off the screen can be skipped whole while nothing in it
  /// moves.
  public private(set) var extents: [Rect] = []

  public init(_ root: Layer) {
    let count = root.subtreeCount
    nodes.reserveCapacity(count)
    props.reserveCapacity(count)
    append(root, path: root.id, parent: -1, depth: 0, inMask: false)
    extents = Self.extents(nodes: nodes, props: props)
    parents = nodes.map(\.parent)
    subtreeEnds = nodes.map(\.subtreeEnd)
    masks = nodes.map { $0.mask ?? -1 }
    inMask = nodes.map(\.inMask)
  }

  /// Bottom-up: each subtree's extent in its root's bounds coordinates.
  static func extents(nodes: [Node], props: [LayerProps]) -> [Rect] {
    var extents = [Rect](repeating: .zero, count: nodes.count)
    for index in stride(from: nodes.count - 1, through: 0, by: -1) {
      let own = props[index]
      // What the layer and its sublayers draw (the sublayers' extents are in by now).
      let drawn = own.masksToBounds ? own.bounds : extents[index].union(own.bounds)
      var extent = drawn
      if own.hasShadow {
        // A shadowPath shadow has the path's shape (the bounds); one with no path is cast by
        // everything the subtree draws.
        let caster = own.hasShadowPath ? own.bounds : drawn
        let shadow = caster.offsetBy(own.shadowOffset.width, own.shadowOffset.height)
          .insetBy(-own.shadowRadius, -own.shadowRadius)
        extent = extent.union(shadow)
      }
      extents[index] = extent
      let parent = nodes[index].parent
      if parent >= 0, nodes[parent].mask != index, !props[parent].masksToBounds {
        let placed = Affine.layer(frame: own.frame, transform: own.transform, anchor: own.anchorPoint).boundingBox(of: extents[index])
        extents[parent] = extents[parent].union(placed)
      }
    }
    return extents
  }

  public var count: Int { nodes.count }

  /// The layer at `index`, as the scene writes it.
  @inline(__always)
  public func layer(_ index: Int) -> Layer { nodes[index].layer }

  /// The contents of the layer at `index`, as the scene writes them.
  @inline(__always)
  public func contents(_ index: Int) -> Contents? { nodes[index].layer.contents }

  /// The class of the layer at `index`, with what only it carries.
  @inline(__always)
  public func kind(_ index: Int) -> LayerKind { nodes[index].layer.kind }

  /// The path of the layer at `index`: `root/feed/cell[3]/avatar`.
  public func path(_ index: Int) -> String { nodes[index].path }

  /// The index of the layer with this path.
  public func index(ofPath path: String) -> Int? { nodes.firstIndex { $0.path == path } }

  private mutating func append(_ layer: Layer, path: String, parent: Int, depth: Int, inMask: Bool) {
    let index = nodes.count
    var own = layer
    own.sublayers = []
    own.mask = nil
    // A transform layer ignores its mask (Apple, `CATransformLayer`).
    let mask = layer.kind.isTransformLayer ? nil : layer.mask
    props.append(LayerProps(layer, hasMask: mask != nil))
    nodes.append(Node(layer: own, path: path, parent: parent, subtreeEnd: index + 1, depth: depth, inMask: inMask, mask: nil))
    if let mask {
      nodes[index].mask = nodes.count
      append(mask, path: LayerPath.child(path, mask.id), parent: index, depth: depth + 1, inMask: true)
    }
    for sublayer in layer.sublayers {
      append(sublayer, path: LayerPath.child(path, sublayer.id), parent: index, depth: depth + 1, inMask: inMask)
    }
    nodes[index].subtreeEnd = nodes.count
  }
}
