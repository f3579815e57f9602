/// The path of a value inside a scene file, `root.sublayers[2].cornerRadius`, built only when a
/// message needs it.
///
/// Nodes are shared between a parent and its children, so descending into a layer costs one
/// small allocation and rendering happens only for values that have a problem.
public final class JSONPath: Sendable {
  enum Component: Sendable {
    case key(String)
    case index(Int)
  }

  let parent: JSONPath?
  let component: Component?

  public static let document = JSONPath(parent: nil, component: nil)

  private init(parent: JSONPath?, component: Component?) {
    self.parent = parent
    self.component = component
  }

  public func key(_ key: String) -> JSONPath { JSONPath(parent: self, component: .key(key)) }

  /// The key this path ends with, or nil when it ends with an index or is the document.
  public var lastKey: String? {
    if case .key(let key)? = component { return key }
    return nil
  }
  public func index(_ index: Int) -> JSONPath { JSONPath(parent: self, component: .index(index)) }

  /// `root.sublayers[2]`; the document itself renders as an empty string.
  public var rendered: String {
    var components: [Component] = []
    var node: JSONPath? = self
    while let current = node, let component = current.component {
      components.append(component)
      node = current.parent
    }
    var text = ""
    for component in components.reversed() {
      switch component {
      case .key(let key):
        if !text.isEmpty { text += "." }
        text += key
      case .index(let index):
        text += "[\(index)]"
      }
    }
    return text
  }

  public func rendered(appending key: String) -> String {
    let base = rendered
    if key.isEmpty { return base }
    return base.isEmpty ? key : base + "." + key
  }
}

/// Edit distance between two strings, for "did you mean" suggestions: over their lowercased
/// UTF-8 bytes.
func editDistance(_ a: String, _ b: String) -> Int {
  var rows: ([Int], [Int]) = ([], [])
  return editDistance(Array(a.lowercased().utf8), Array(b.lowercased().utf8), rows: &rows)
}

/// ``editDistance(_:_:)`` of bytes already lowercased, in two rows the caller keeps from one
/// comparison to the next.
func editDistance(_ a: [UInt8], _ b: [UInt8], rows: inout ([Int], [Int])) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  rows.0.removeAll(keepingCapacity: true)
  rows.0.append(contentsOf: 0...b.count)
  rows.1.removeAll(keepingCapacity: true)
  rows.1.append(contentsOf: repeatElement(0, count: b.count + 1))
  for i in 1...a.count {
    rows.1[0] = i
    for j in 1...b.count {
      let substitution = rows.0[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      rows.1[j] = min(rows.0[j] + 1, rows.1[j - 1] + 1, substitution)
    }
    swap(&rows.0, &rows.1)
  }
  return rows.0[b.count]
}

/// The closest of `candidates` to `word`, if it is close enough to be a likely typo: the first
/// at the least edit distance, when that distance is at most a third of the shorter word's
/// characters (at least 2).
///
/// The distance is at least the difference in length, so a candidate that cannot come closer
/// than the best so far is not compared, and a word whose length is far from every candidate's
/// (a key of a million characters) is compared with none: its cost is the candidates', not the
/// word's length times theirs.
public func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
  let candidates = Array(candidates)
  let wordBytes = Array(word.lowercased().utf8)
  let wordCharacters = word.count
  func allowed(_ candidate: String) -> Int { max(2, min(wordCharacters, candidate.count) / 3) }
  let lowered = candidates.map { Array($0.lowercased().utf8) }
  // None can be close enough: every candidate's length is farther from the word's than it allows.
  guard candidates.indices.contains(where: { abs(lowered[$0].count - wordBytes.count) <= allowed(candidates[$0]) }) else {
    return nil
  }
  var best: (index: Int, distance: Int)? = nil
  var rows: ([Int], [Int]) = ([], [])
  for index in candidates.indices {
    // Replaced only by a strictly smaller distance, which this length cannot give.
    if let best, abs(lowered[index].count - wordBytes.count) >= best.distance { continue }
    let distance = editDistance(wordBytes, lowered[index], rows: &rows)
    if best == nil || distance < best!.distance { best = (index, distance) }
  }
  guard let best else { return nil }
  let candidate = candidates[best.index]
  return best.distance <= allowed(candidate) ? candidate : nil
}
