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

  public init(_ root: Layer) {
    nodes.reserveCapacity(root.subtreeCount)
    append(root, path: root.id, parent: -1, depth: 0, inMask: false)
  }

  public var count: Int { nodes.count }

  /// The index of the layer with this path.
  public func index(ofPath path: String) -> Int? { nodes.firstIndex { $0.path == path } }

  private mutating func append(_ layer: Layer, path: String, parent: Int, depth: Int, inMask: Bool) {
    let index = nodes.count
    var own = layer
    own.sublayers = []
    own.mask = nil
    nodes.append(Node(layer: own, path: path, parent: parent, subtreeEnd: index + 1, depth: depth, inMask: inMask, mask: nil))
    if let mask = layer.mask {
      nodes[index].mask = nodes.count
      append(mask, path: LayerPath.child(path, mask.id), parent: index, depth: depth + 1, inMask: true)
    }
    for sublayer in layer.sublayers {
      append(sublayer, path: LayerPath.child(path, sublayer.id), parent: index, depth: depth + 1, inMask: inMask)
    }
    nodes[index].subtreeEnd = nodes.count
  }
}
