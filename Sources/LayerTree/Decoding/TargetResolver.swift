/// Finds layers by id, path or pattern, walking the tree along the pattern: a path string is made
/// only for a layer the pattern matches.
///
/// A target's components (split at `/`) must equal the last components of a layer's path;
/// `[*]` matches any index of a repeated layer and `*` any whole component. So `title` matches
/// every layer with id `title`, `cell[*]/title` every title in a repeated cell, and
/// `root/feed/cell[3]/title` one layer (or several, if a deeper path ends the same way; `/` in
/// front, `/root/feed/cell[3]/title`, anchors the target at the root).
///
/// An anchored pattern descends from the root through the layers that match it only. Any other
/// pattern is matched from its last component: the tree is walked once, keeping the ancestors of
/// the layer visited, and each layer whose id matches the last component is checked up its
/// ancestors. A timeline with many targets (from the fourth on) indexes the layers by id stem
/// (`cell` for `cell[3]`) first, so each further target costs its candidates, not the tree.
///
/// Matches are listed in the tree's order: a layer, its mask, then its sublayers.
final class TargetResolver {
  private let root: Layer
  /// Unanchored patterns resolved so far; from the fourth on, `byStem` is built.
  private var tailResolutions = 0
  /// The tree in its order: each layer's id and its parent's position (-1 for the root). Built
  /// with `byStem`, or for a suggestion.
  private var ids: [String] = []
  private var parents: [Int32] = []
  /// Positions in tree order by id stem.
  private var byStem: [Substring: [Int32]]? = nil

  init(root: Layer) {
    self.root = root
    knownLayerCount = nil
  }

  /// A resolver for a tree of `layerCount` layers, masks included, which the reader that made the
  /// tree counted.
  init(root: Layer, layerCount: Int) {
    assert(layerCount == root.subtreeCount, "the reader counted \(layerCount) layers, the tree has \(root.subtreeCount)")
    self.root = root
    knownLayerCount = layerCount
  }

  private let knownLayerCount: Int?

  /// Ids compared with a pattern's components so far, and layers visited: what resolving has
  /// cost, for callers that hold it to a budget.
  private(set) var compared = 0

  /// Layers in the tree, masks included: the most layers one target is compared with.
  private(set) lazy var layerCount: Int = knownLayerCount ?? root.subtreeCount

  /// The paths `pattern` matches, in the tree's order. A pattern that starts with `/` is
  /// anchored at the root: it matches whole paths only.
  func resolve(_ pattern: String) -> [String] { resolve(pattern, limit: .max) ?? [] }

  /// ``resolve(_:)``, or nil once ``compared`` passes `limit` (checked after each layer whose id
  /// matches the pattern's last component, and after a walk of the tree).
  func resolve(_ pattern: String, limit: Int) -> [String]? {
    let wanted = pattern.split(separator: "/").map(Component.init)
    guard !wanted.isEmpty else { return [] }
    let result = pattern.hasPrefix("/") ? resolveAnchored(wanted) : resolveTail(wanted, limit: limit)
    return compared > limit ? nil : result
  }

  /// One component of a pattern, read once: what it matches decided before any layer is seen.
  private enum Component {
    /// `*`: any id.
    case any
    /// An id alone: the layers whose id equals it.
    case id(String)
    /// `stem[*]`: the copies `repeat` made of `stem`.
    case copies(Substring)

    init(_ pattern: Substring) {
      if pattern == "*" {
        self = .any
      } else if pattern.hasSuffix("[*]") {
        self = .copies(pattern)
      } else {
        self = .id(String(pattern))
      }
    }

    /// ``TargetResolver/matches(_:_:)`` of the component's pattern.
    @inline(__always)
    func matches(_ id: String) -> Bool {
      switch self {
      case .any: return true
      case .id(let wanted): return id == wanted
      case .copies(let pattern): return TargetResolver.matches(id[...], pattern)
      }
    }

    /// ``matches(_:)`` of the layer's id.
    @inline(__always)
    func matches(_ layer: Layer) -> Bool {
      switch self {
      case .any: return true
      case .id(let wanted): return layer.hasID(wanted)
      case .copies(let pattern): return TargetResolver.matches(layer.id[...], pattern)
      }
    }

    /// The stem the byStem index files the layers it matches under; nil for `*`.
    var stem: Substring? {
      switch self {
      case .any: return nil
      case .id(let id): return TargetResolver.stem(id[...])
      case .copies(let pattern): return TargetResolver.stem(pattern)
      }
    }
  }

  private func resolveAnchored(_ wanted: [Component]) -> [String] {
    var result: [String] = []
    func descend(_ layer: Layer, _ depth: Int, _ path: String) {
      if depth == wanted.count - 1 {
        result.append(path)
        return
      }
      let next = wanted[depth + 1]
      compared += layer.sublayers.count + 1
      if let mask = layer.mask, next.matches(mask.id) { descend(mask, depth + 1, LayerPath.child(path, mask.id)) }
      for sublayer in layer.sublayers where next.matches(sublayer.id) {
        descend(sublayer, depth + 1, LayerPath.child(path, sublayer.id))
      }
    }
    if wanted[0].matches(root.id) { descend(root, 0, root.id) }
    return result
  }

  private func resolveTail(_ wanted: [Component], limit: Int) -> [String] {
    tailResolutions += 1
    if byStem == nil, tailResolutions > 3 { buildIndex() }
    guard let byStem, let stem = wanted[wanted.count - 1].stem else { return walkMatching(wanted) }
    var result: [String] = []
    for position in byStem[stem] ?? [] {
      if compared > limit { return result }
      // The chain of ids from this layer up must match the pattern from its end.
      var node = Int(position)
      var matched = true
      for component in wanted.reversed() {
        compared += 1
        guard node >= 0, component.matches(ids[node]) else {
          matched = false
          break
        }
        node = Int(parents[node])
      }
      if matched { result.append(path(of: Int(position))) }
    }
    return result
  }

  /// Walks the whole tree once, keeping the ids of the ancestors of the layer visited: a layer
  /// whose id matches the pattern's last component is checked up its ancestors.
  private func walkMatching(_ wanted: [Component]) -> [String] {
    var walk = Walk(wanted: wanted)
    walk.visit(root)
    compared += layerCount * wanted.count
    return walk.result
  }

  /// The state of ``walkMatching(_:)``.
  private struct Walk {
    let wanted: [Component]
    var result: [String] = []
    /// The ids of the visited layer's ancestors, the root's first.
    var ancestors: [String] = []

    init(wanted: [Component]) { self.wanted = wanted }

    mutating func visit(_ layer: borrowing Layer) {
      if wanted[wanted.count - 1].matches(layer), ancestors.count >= wanted.count - 1 {
        var matched = true
        var depth = ancestors.count - 1
        for component in wanted.dropLast().reversed() {
          guard component.matches(ancestors[depth]) else {
            matched = false
            break
          }
          depth -= 1
        }
        if matched { result.append((ancestors + [layer.id]).joined(separator: "/")) }
      }
      guard layer.hasChildren else { return }
      ancestors.append(layer.id)
      layer.forEachChild { visit($0) }
      ancestors.removeLast()
    }
  }

  /// The path of the layer at `position` in tree order.
  private func path(of position: Int) -> String {
    var components: [String] = []
    var node = position
    while node >= 0 {
      compared += 1
      components.append(ids[node])
      node = Int(parents[node])
    }
    return components.reversed().joined(separator: "/")
  }

  private func flatten() {
    guard ids.isEmpty else { return }
    func walk(_ layer: Layer, _ parent: Int32) {
      let position = Int32(ids.count)
      ids.append(layer.id)
      parents.append(parent)
      if let mask = layer.mask { walk(mask, position) }
      for sublayer in layer.sublayers { walk(sublayer, position) }
    }
    walk(root, -1)
  }

  // MARK: The shortest pattern for one layer

  /// Positions of the layers by exact id, and of each layer's sublayers and mask by id, made for
  /// ``shortestPattern(naming:limit:)``.
  private var byID: [String: [Int32]]? = nil
  private var children: [ChildKey: [Int32]] = [:]

  private struct ChildKey: Hashable {
    var parent: Int32
    var id: String
  }

  /// The shortest pattern that names the layer at `path` alone, as a search of ever longer tails
  /// of the path would find it: the last components of the path, as few as no other layer's
  /// path ends with, else the whole path anchored at the root (`/root/...`); nil when no pattern
  /// names it alone (two sibling layers with one id), or when no layer has that path.
  ///
  /// Each layer with the same id is compared with the layer once, up their ancestors for as long
  /// as the ids agree: the tail needed is one component longer than the longest agreement. So a
  /// layer costs the layers that share its id, not the tree once per component. Stops with nil
  /// once ``compared`` passes `limit`.
  func shortestPattern(naming path: String, limit: Int) -> String? {
    if byID == nil { buildIDIndex() }
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    guard let first = components.first, first == ids[0] else { return nil }
    // The layers with this path: a folder may hold two sublayers with one id, and only one of
    // them the rest of the path.
    var nodes: [Int32] = [0]
    for component in components.dropFirst() {
      let id = String(component)
      nodes = nodes.flatMap { children[ChildKey(parent: $0, id: id)] ?? [] }
      compared += nodes.count + 1
      if compared > limit { return nil }
    }
    // None, or two layers with one path: no pattern names one alone.
    guard nodes.count == 1, let node = nodes.first else { return nil }
    var longest = 0
    var duplicate = false
    for other in byID?[ids[Int(node)]] ?? [] where other != node {
      var (a, b) = (parents[Int(other)], parents[Int(node)])
      var agreed = 1
      while a >= 0, b >= 0, ids[Int(a)] == ids[Int(b)] {
        agreed += 1
        (a, b) = (parents[Int(a)], parents[Int(b)])
      }
      compared += agreed
      if compared > limit { return nil }
      if a < 0, b < 0 { duplicate = true }
      longest = max(longest, agreed)
    }
    if longest < components.count { return components.suffix(longest + 1).joined(separator: "/") }
    return duplicate ? nil : "/" + path
  }

  private func buildIDIndex() {
    flatten()
    var index: [String: [Int32]] = [:]
    for (position, id) in ids.enumerated() {
      index[id, default: []].append(Int32(position))
      let parent = parents[position]
      if parent >= 0 { children[ChildKey(parent: parent, id: id), default: []].append(Int32(position)) }
    }
    compared += ids.count
    byID = index
  }

  private func buildIndex() {
    flatten()
    var index: [Substring: [Int32]] = [:]
    for (position, id) in ids.enumerated() { index[Self.stem(id[...]), default: []].append(Int32(position)) }
    byStem = index
  }

  /// An id or pattern component without its copy index: `cell` for `cell[3]` and `cell[*]`.
  static func stem(_ component: Substring) -> Substring {
    guard component.hasSuffix("]"), let open = component.lastIndex(of: "[") else { return component }
    return component[..<open]
  }

  static func matches(_ component: Substring, _ pattern: Substring) -> Bool {
    if pattern == "*" || pattern == component { return true }
    if pattern.hasSuffix("[*]") {
      let stem = pattern.dropLast(3)
      guard component.hasPrefix(stem + "["), component.hasSuffix("]") else { return false }
      return component.dropFirst(stem.count + 1).dropLast().allSatisfy(\.isNumber)
    }
    return false
  }

  // MARK: The layer at a path

  /// The first layer in tree order whose path is `path`.
  private func layer(at path: String) -> Layer? {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    func find(_ layer: Layer, _ depth: Int) -> Layer? {
      if depth == components.count - 1 { return layer }
      let next = components[depth + 1]
      if let mask = layer.mask, mask.id == next, let found = find(mask, depth + 1) { return found }
      for sublayer in layer.sublayers where sublayer.id == next {
        if let found = find(sublayer, depth + 1) { return found }
      }
      return nil
    }
    guard let first = components.first, root.id == first else { return nil }
    return find(root, 0)
  }

  /// Sublayers of the layer at `path`; 0 for an unknown path.
  func sublayerCount(of path: String) -> Int { layer(at: path)?.sublayers.count ?? 0 }

  /// The reuse pool of `cell` in `scrollView` as the animator builds it: the pool's size, the
  /// most cells the viewport can show at once (`ceil(viewport / step) + 1`: a partly shown cell
  /// at each end), the step between cells and the viewport's length along `axis`. Nil when the
  /// step is not positive (the animator then places no cell).
  func reusePool(of scrollView: String, cell: String, axis: Scroll.Axis) -> (pool: Int, needed: Int, step: Double, viewport: Double)? {
    guard let parent = layer(at: scrollView) else { return nil }
    let cells = parent.sublayers.filter { Self.isCopy($0.id, of: cell) }
    guard let first = cells.first else { return nil }
    let vertical = axis == .vertical
    let step =
      cells.count > 1
      ? (vertical ? cells[1].frame.y - first.frame.y : cells[1].frame.x - first.frame.x)
      : (vertical ? first.frame.height : first.frame.width)
    let viewport = vertical ? parent.frame.height : parent.frame.width
    guard step > 0, step.isFinite, viewport.isFinite else { return nil }
    let ratio = min(viewport / step, 1e9)
    return (cells.count, Int((ratio - 1e-9).rounded(.up)) + 1, step, viewport)
  }

  /// Whether the layer at `parent` has copies of a layer `id` made by `repeat` among its
  /// sublayers.
  func hasRepeatedChild(of parent: String, id: String) -> Bool {
    layer(at: parent)?.sublayers.contains { Self.isCopy($0.id, of: id) } ?? false
  }

  /// Whether `id` names a copy made by `repeat` of the layer `stem`: `cell[3]` of `cell`.
  static func isCopy(_ id: String, of stem: String) -> Bool {
    id.hasPrefix(stem + "[") && !id.dropFirst(stem.count + 1).contains("/")
  }

  /// The layer id nearest to the pattern's last component, for a target that matches nothing.
  ///
  /// Each different last component is compared with the tree's different ids once (a timeline
  /// that names one missing layer in 25,000 entries costs one comparison with the ids), and
  /// while the ids compared stay within ``suggestionBudget``: past it, nil for a component not
  /// compared before.
  func suggestion(for pattern: String) -> String? {
    let last = pattern.split(separator: "/").last.map(String.init) ?? pattern
    if let known = suggestions[last] { return known }
    if candidates == nil {
      flatten()
      candidates = Set(ids).sorted()
    }
    guard let candidates, suggestionComparisons + candidates.count <= suggestionBudget else { return nil }
    suggestionComparisons += candidates.count
    let found = nearest(to: last, in: candidates)
    suggestions[last] = .some(found)
    return found
  }

  /// The most ids compared with targets that match nothing, summed over the different targets:
  /// a tree of 500,000 different ids has suggestions for two targets, one of 500 for 2,000.
  var suggestionBudget = 1_000_000
  /// The tree's different ids, sorted: what a suggestion is chosen from. Made for the first.
  private var candidates: [String]? = nil
  /// The suggestion for each last component compared so far, nil when none was near.
  private var suggestions: [String: String?] = [:]
  /// Ids compared for suggestions so far.
  private var suggestionComparisons = 0
}
