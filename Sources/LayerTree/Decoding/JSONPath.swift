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

/// Edit distance between two strings, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.lowercased().utf8)
  let b = Array(b.lowercased().utf8)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}

/// The closest of `candidates` to `word`, if it is close enough to be a likely typo.
public func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
  var best: (String, Int)? = nil
  for candidate in candidates {
    let distance = editDistance(word, candidate)
    if best == nil || distance < best!.1 { best = (candidate, distance) }
  }
  guard let (candidate, distance) = best else { return nil }
  let allowed = max(2, min(word.count, candidate.count) / 3)
  return distance <= allowed ? candidate : nil
}
