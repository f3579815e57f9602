import LayerTree

/// One before/after pair of a pairs file (`offscreen-sim compare --pairs pairs.json`).
public struct ComparisonPair: Sendable, Hashable {
  /// The paths as written, relative to the pairs file's folder unless absolute.
  public var before: String
  public var after: String
  /// The devices to compare on; nil: the command's `--device` flags, or the scenes' own device.
  public var devices: [String]?
  /// The metrics that fail the pair when they get worse; nil: the command's `--gate`.
  public var gate: [String]?
  /// Why the pair exists or why its gate differs; not read by the tool.
  public var note: String
  /// Where the pair's object starts in the file.
  public var location: SourceLocation?

  public init(
    before: String, after: String, devices: [String]? = nil, gate: [String]? = nil, note: String = "",
    location: SourceLocation? = nil
  ) {
    self.before = before
    self.after = after
    self.devices = devices
    self.gate = gate
    self.note = note
    self.location = location
  }
}

/// Reads a pairs file: an array of `{ "before": path, "after": path }` objects, each optionally
/// with `devices` (device ids), `gate` (metric ids) and `note` (free text).
///
/// ```json
/// [
///   { "before": "qqmusic-home-v1.json", "after": "qqmusic-home-v2.json" },
///   { "before": "mail-cell-composite.json", "after": "mail-cell-drawn.json", "devices": ["iphone-6", "iphone-7"] }
/// ]
/// ```
public enum PairsDecoder {
  public static let pairKeys = ["before", "after", "devices", "gate", "note"]

  /// Decodes `bytes`; `devices` and `gates` are the ids the file may name. Throws every problem
  /// found, in file order.
  public static func decode(_ bytes: [UInt8], devices: [String], gates: [String]) throws(SceneErrors) -> [ComparisonPair] {
    let (value, source) = try JSONReader.parseFile(bytes)
    let context = DecodingContext(source: source)
    var pairs: [ComparisonPair] = []
    guard case .array(let items) = value.kind else {
      throw SceneErrors([
        Diagnostic(
          path: "", location: source.location(ofOffset: value.offset),
          message:
            "expected an array of pairs such as [{ \"before\": \"a.json\", \"after\": \"b.json\" }], found \(context.describe(value))")
      ])
    }
    for (index, item) in items.enumerated() {
      if let pair = readPair(item, JSONPath.document.index(index), context: context, devices: devices, gates: gates) {
        pairs.append(pair)
      }
    }
    if !context.diagnostics.isEmpty { throw SceneErrors(context.sortedDiagnostics) }
    return pairs
  }

  private static func readPair(
    _ value: JSONValue, _ path: JSONPath, context: DecodingContext, devices: [String], gates: [String]
  ) -> ComparisonPair? {
    guard let members = context.members(value, path, expected: "a pair { \"before\": path, \"after\": path }") else { return nil }
    var pair = ComparisonPair(before: "", after: "", location: context.source.location(ofOffset: value.offset))
    var ok = true
    var seen = Set<String>()
    for member in context.unique(members, in: path) {
      seen.insert(member.key)
      switch member.key {
      case "before", "after":
        guard let text = context.string(member.value, path, member.key), !text.isEmpty else {
          if case .string = member.value.kind {
            context.error(path, key: member.key, at: member.value.offset, "expected a file path, found an empty string")
          }
          ok = false
          continue
        }
        if member.key == "before" { pair.before = text } else { pair.after = text }
      case "devices":
        if let list = names(member, path, context: context, known: devices, what: "device") { pair.devices = list } else { ok = false }
      case "gate":
        if let list = names(member, path, context: context, known: gates, what: "metric") { pair.gate = list } else { ok = false }
      case "note":
        pair.note = context.string(member.value, path, "note") ?? ""
      default:
        context.unknownKey(member, in: path, known: pairKeys, what: "a pair")
        ok = false
      }
    }
    for key in ["before", "after"] where !seen.contains(key) {
      context.error(path.rendered, at: value.offset, "missing `\(key)`: the path of the \(key) scene or saved report")
      ok = false
    }
    return ok ? pair : nil
  }

  /// An array of known names, each once (`gate` may be empty: no metric gates the pair).
  private static func names(
    _ member: JSONValue.Member, _ path: JSONPath, context: DecodingContext, known: [String], what: String
  ) -> [String]? {
    guard case .array(let items) = member.value.kind, member.key == "gate" || !items.isEmpty else {
      context.error(
        path, key: member.key, at: member.value.offset,
        "expected \(member.key == "gate" ? "an" : "a non-empty") array of \(what) ids, found \(context.describe(member.value))")
      return nil
    }
    var list: [String] = []
    var ok = true
    for (index, item) in items.enumerated() {
      let itemPath = path.key(member.key).rendered + "[\(index)]"
      guard case .string(let name) = item.kind else {
        context.error(itemPath, at: item.offset, "expected a \(what) id, found \(context.describe(item))")
        ok = false
        continue
      }
      guard known.contains(name) else {
        var notes: [String] = []
        if let suggestion = context.suggestion(for: name, in: known) { notes.append("did you mean \"\(suggestion)\"?") }
        notes.append("known \(what)s: \(known.joined(separator: ", "))")
        context.error(itemPath, at: item.offset, "unknown \(what) \"\(name)\"", notes: notes)
        ok = false
        continue
      }
      if !list.contains(name) { list.append(name) }
    }
    return ok ? list : nil
  }
}
