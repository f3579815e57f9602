import LayerTree

/// Reads UIKit's `recursiveDescription` text into a tree of ``ViewDescription``s.
///
/// The format, as `-[UIView recursiveDescription]` prints it: one view a line,
/// `<ClassName: 0xADDRESS; key = value; key = value>`, nested one level deeper for each
/// `   | ` before it:
///
/// ```
/// <UIView: 0x7f9…; frame = (0 0; 390 844); autoresize = W+H; layer = <CALayer: 0x6…>>
///    | <UILabel: 0x7f9…; frame = (16 8; 358 20.3333); text = 'Pay'; layer = <_UILabelLayer: 0x6…>>
/// ```
///
/// What the reader accepts beyond that, because real dumps have it:
/// - the address may be missing (`<UIView; frame = …>`, as tools that store dumps print them);
/// - values nest `<…>`, `(…)`, `{…}` and `[…]`; a label's `text = '…'` is quoted and may hold a
///   line break, so a line that does not start a view continues the one before;
/// - `UIScrollView` appends `contentOffset: {0, 0}; contentSize: {390, 844}` with colons;
/// - a description wrapped in another (`<<_UITextContainerView; …> minSize = …>`) is read from
///   its inner `<…>`;
/// - a sublayer that backs no view is printed `<CALayer: 0x…> (layer)`, without a frame; it is
///   kept as a ``Entry/layerOnly`` entry for the importer to count;
/// - blank lines and `(lldb)` prompts are skipped; the indentation may be `|` with any spaces, and
///   a dump copied from its middle is read relative to its first line.
///
/// Every problem is reported with its line and column, and reading goes on to find the others.
public enum RecursiveDescriptionReader {
  /// The longest one view's description may be, in bytes and in lines: a label's text may hold
  /// line breaks (the dump prints at most 25 of its characters), and no real description comes
  /// near. An entry not closed within them is an error. Each line of an entry that may close it
  /// (one holding a `>`) has the entry parsed again from its start, so an entry costs at most
  /// its lines times its bytes, and a dump at most 64 times its size.
  public static let maxEntryBytes = 65_536
  public static let maxEntryLines = 64

  /// The top-level views of the dump (usually one), with their subviews. The dump is held to the
  /// scene readers' `limits` as it is read: a view nested deeper than the scene format's layers
  /// may nest (the top-level view is the scene's root, at depth 1), and views past the layer
  /// limit, stop the reading with an error at the view.
  public static func read(_ bytes: [UInt8], limits: InputLimits = .standard) throws(SceneErrors) -> [ViewDescription] {
    var reader = Reader(bytes: bytes, limits: limits)
    reader.run()
    if !reader.diagnostics.isEmpty { throw SceneErrors(reader.diagnostics) }
    return reader.roots()
  }

  /// The example of a view description that error messages show.
  static let expectedView = "a view description `<ClassName: 0x…; frame = (x y; width height); …>`"
}

/// One logical entry of the dump: a view's description, possibly spread over several lines.
struct Entry {
  var className: String
  var fields: [ViewDescription.Field]
  var location: SourceLocation
  var depth: Int
  /// A `(layer)` line: a sublayer without a view, printed without a frame.
  var layerOnly: Bool
}

private struct Reader {
  let bytes: [UInt8]
  let limits: InputLimits
  /// Views read so far (`(layer)` lines are not views), against the layer limit.
  var views = 0
  /// Set when a limit is passed: the rest of the dump is not read.
  var stopped = false
  var diagnostics: [Diagnostic] = []
  var entries: [Entry] = []
  var parents: [Int] = []
  /// The depth of the first entry; every other is read relative to it.
  var baseDepth: Int? = nil
  /// Leading spaces of the first entry when the dump has no `|` indentation.
  var baseSpaces = 0

  init(bytes: [UInt8], limits: InputLimits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// One line of the file: where its bytes are, its number, and where its indentation ends.
  struct Line {
    var start: Int
    var end: Int
    var number: Int
  }

  mutating func run() {
    var lines: [Line] = []
    var start = 0
    var number = 1
    for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
      var end = index
      if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      lines.append(Line(start: start, end: end, number: number))
      start = index + 1
      number += 1
    }
    var pending: [Line] = []
    var pendingBytes = 0
    // After an entry too long to read: its other lines are passed over.
    var skipping = false
    for line in lines {
      if stopped { return }
      if isBlank(line) || startsWith(line, "(lldb)") { continue }
      if skipping {
        guard startsEntry(line) else { continue }
        skipping = false
      }
      if pending.isEmpty || startsEntry(line) {
        if !pending.isEmpty {
          finish(pending, atEnd: true)
          pending = []
        }
        guard startsEntry(line) else {
          let found = text(line.start + indentation(line).count, line.end)
          error(at: location(line, indentation(line).count), "expected \(RecursiveDescriptionReader.expectedView), found \(quote(found))")
          continue
        }
        pending = [line]
        pendingBytes = line.end - line.start
      } else {
        pending.append(line)
        pendingBytes += line.end - line.start + 1
        if pendingBytes > RecursiveDescriptionReader.maxEntryBytes || pending.count > RecursiveDescriptionReader.maxEntryLines {
          let first = pending[0]
          error(
            at: location(first, indentation(first).count),
            "this view's description runs past \(NumberRange.grouped(Double(RecursiveDescriptionReader.maxEntryLines))) lines or \(NumberRange.grouped(Double(RecursiveDescriptionReader.maxEntryBytes))) bytes without its closing `>`; expected `>` at its end"
          )
          pending = []
          skipping = true
          continue
        }
        // An entry ends at a `>`: a line without one cannot complete it.
        guard bytes[line.start..<line.end].contains(EntryParser.gt) else { continue }
      }
      if finish(pending, atEnd: false) { pending = [] }
    }
    if !pending.isEmpty { finish(pending, atEnd: true) }
    if entries.isEmpty && diagnostics.isEmpty {
      diagnostics.append(
        Diagnostic(path: "", location: nil, message: "no view found; expected \(RecursiveDescriptionReader.expectedView) on the first line")
      )
    }
  }

  /// Parses the entry spread over `lines`. Returns false when it is not complete yet and more
  /// lines may complete it; at the end of its lines an incomplete entry is an error.
  @discardableResult
  mutating func finish(_ lines: [Line], atEnd: Bool) -> Bool {
    let first = lines[0]
    let indent = indentation(first)
    // The logical text: the lines joined by "\n", with where each line starts in it.
    var joined: [UInt8] = []
    var starts: [(offset: Int, line: Line)] = []
    for (position, line) in lines.enumerated() {
      if position > 0 { joined.append(UInt8(ascii: "\n")) }
      starts.append((joined.count, line))
      let from = position == 0 ? line.start + indent.count : line.start
      joined.append(contentsOf: bytes[from..<line.end])
    }
    func locate(_ offset: Int) -> SourceLocation {
      let segment = starts.last { $0.offset <= offset } ?? starts[0]
      let column = offset - segment.offset + (segment.line.number == first.number ? indent.count : 0) + 1
      return SourceLocation(line: segment.line.number, column: column)
    }
    var parser = EntryParser(bytes: joined)
    switch parser.parse() {
    case .incomplete(let reason):
      guard atEnd else { return false }
      diagnostics.append(Diagnostic(path: "", location: locate(0), message: reason))
      return true
    case .failed(let message, let offset):
      diagnostics.append(Diagnostic(path: "", location: locate(offset), message: message))
      return true
    case .complete(let className, let rawFields, let layerOnly):
      let fields = rawFields.map { ViewDescription.Field(key: $0.key, value: $0.value, location: locate($0.offset)) }
      add(className: className, fields: fields, location: locate(0), indent: indent, layerOnly: layerOnly)
      return true
    }
  }

  mutating func add(
    className: String, fields: [ViewDescription.Field], location: SourceLocation, indent: ArraySlice<UInt8>, layerOnly: Bool
  ) {
    let pipes = indent.filter { $0 == UInt8(ascii: "|") }.count
    var depth: Int
    if pipes > 0 {
      depth = pipes
    } else {
      let spaces = indent.filter { $0 == UInt8(ascii: " ") }.count
      if entries.isEmpty { baseSpaces = spaces }
      depth = max(0, spaces - baseSpaces) / 3
    }
    if baseDepth == nil { baseDepth = depth }
    depth -= baseDepth ?? 0
    if depth < 0 {
      error(at: location, "this view is nested less deep than the first view of the dump; expected the top-level view first")
      depth = 0
    }
    let previousDepth = entries.last?.depth ?? -1
    if depth > previousDepth + 1 {
      error(
        at: location,
        "this view is nested \(depth) deep right after a view nested \(max(previousDepth, 0)) deep; expected at most \(previousDepth + 1) `|`"
      )
      depth = previousDepth + 1
    }
    // The top-level view is the scene's root, at depth 1.
    if depth + 1 > limits.maxDepth {
      error(
        at: location,
        "this view is nested \(NumberRange.grouped(Double(depth + 1))) deep counting the top-level view; the scene format's layers nest at most \(NumberRange.grouped(Double(limits.maxDepth))) deep"
      )
      stopped = true
      return
    }
    if !layerOnly {
      views += 1
      if views > limits.maxLayers {
        error(
          at: location,
          "the dump has more than \(NumberRange.grouped(Double(limits.maxLayers))) views, the layer limit, counted up to this view; each view is a layer"
        )
        stopped = true
        return
      }
    }
    // The parent is the nearest earlier entry one level up.
    var parent = entries.count - 1
    while parent >= 0 && entries[parent].depth >= depth { parent = parents[parent] }
    entries.append(Entry(className: className, fields: fields, location: location, depth: depth, layerOnly: layerOnly))
    parents.append(parent)
  }

  func roots() -> [ViewDescription] {
    var children = Array(repeating: [Int](), count: entries.count)
    var tops: [Int] = []
    for (index, parent) in parents.enumerated() {
      if parent >= 0 { children[parent].append(index) } else { tops.append(index) }
    }
    func build(_ index: Int) -> ViewDescription {
      let entry = entries[index]
      var fields = entry.fields
      if entry.layerOnly { fields.append(ViewDescription.Field(key: ViewDescription.layerOnlyKey, value: "YES", location: entry.location)) }
      return ViewDescription(className: entry.className, fields: fields, location: entry.location, subviews: children[index].map(build))
    }
    return tops.map(build)
  }

  // MARK: Lines

  func indentation(_ line: Line) -> ArraySlice<UInt8> {
    var index = line.start
    while index < line.end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "|") || bytes[index] == UInt8(ascii: "\t") {
      index += 1
    }
    return bytes[line.start..<index]
  }

  func startsEntry(_ line: Line) -> Bool {
    let index = line.start + indentation(line).count
    return index < line.end && bytes[index] == UInt8(ascii: "<")
  }

  func isBlank(_ line: Line) -> Bool {
    bytes[line.start..<line.end].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
  }

  func startsWith(_ line: Line, _ prefix: String) -> Bool {
    let trimmed = bytes[line.start..<line.end].drop { $0 == UInt8(ascii: " ") }
    return trimmed.starts(with: prefix.utf8)
  }

  func text(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }

  func location(_ line: Line, _ column: Int) -> SourceLocation { SourceLocation(line: line.number, column: column + 1) }

  mutating func error(at location: SourceLocation, _ message: String) {
    diagnostics.append(Diagnostic(path: "", location: location, message: message))
  }
}

extension ViewDescription {
  /// The field the reader adds to a `(layer)` entry: a sublayer without a view.
  public static let layerOnlyKey = "(layer)"

  /// True for a sublayer printed without a view (`<CALayer: 0x…> (layer)`): it has no frame.
  public var isLayerOnly: Bool { field(Self.layerOnlyKey) != nil }
}

/// Input text shown in a message: at most 40 characters, control characters as `?`, in backticks.
func quote(_ text: String) -> String {
  var shown = String(text.prefix(40).map { $0.isASCII && ($0.asciiValue! < 32 || $0.asciiValue! == 127) ? "?" : $0 })
  if text.count > 40 { shown += "…" }
  if shown.isEmpty { return "the end of the line" }
  return "`" + shown.replacingOccurrences(of: "`", with: "'") + "`"
}

/// Parses one view description, from its `<` to its closing `>`.
struct EntryParser {
  enum Result {
    case complete(className: String, fields: [(key: String, value: String, offset: Int)], layerOnly: Bool)
    /// Not finished: more lines may complete it; the reason is the error if none do.
    case incomplete(String)
    case failed(String, offset: Int)
  }

  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  static let lt = UInt8(ascii: "<")
  static let gt = UInt8(ascii: ">")
  static let semicolon = UInt8(ascii: ";")
  static let space = UInt8(ascii: " ")
  static let quote = UInt8(ascii: "'")

  mutating func parse() -> Result {
    guard index < bytes.count, bytes[index] == Self.lt else {
      return .failed("expected \(RecursiveDescriptionReader.expectedView)", offset: index)
    }
    index += 1
    // `<<Inner; …> more>`: a description that wraps its superclass's; read the inner one.
    if index < bytes.count, bytes[index] == Self.lt { index += 1 }
    let nameStart = index
    var genericDepth = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == Self.lt {
        genericDepth += 1
      } else if byte == Self.gt {
        if genericDepth == 0 { break }
        genericDepth -= 1
      } else if genericDepth == 0
        && (byte == UInt8(ascii: ":") || byte == Self.semicolon || byte == Self.space || byte == UInt8(ascii: "\n"))
      {
        break
      }
      index += 1
    }
    let className = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    if className.isEmpty { return .failed("expected a class name after `<`", offset: nameStart) }
    if index >= bytes.count { return .incomplete("unterminated view description: expected `>` at its end") }
    var fields: [(key: String, value: String, offset: Int)] = []
    // The address (`: 0x7f…` or ` 0x7f…`), up to the first `;` or `>`.
    while index < bytes.count, bytes[index] != Self.semicolon, bytes[index] != Self.gt { index += 1 }
    while index < bytes.count {
      if bytes[index] == Self.gt {
        index += 1
        let rest = String(decoding: bytes[index...], as: UTF8.self)
        return .complete(className: className, fields: fields, layerOnly: rest.contains("(layer)"))
      }
      // At a `;`: the next field.
      index += 1
      while index < bytes.count, bytes[index] == Self.space || bytes[index] == UInt8(ascii: "\n") { index += 1 }
      if index >= bytes.count { break }
      if bytes[index] == Self.gt { continue }
      let keyStart = index
      while index < bytes.count, isKeyByte(bytes[index]) { index += 1 }
      let key = String(decoding: bytes[keyStart..<index], as: UTF8.self)
      while index < bytes.count, bytes[index] == Self.space { index += 1 }
      let hasSeparator = index < bytes.count && (bytes[index] == UInt8(ascii: "=") || bytes[index] == UInt8(ascii: ":"))
      if hasSeparator {
        index += 1
        if index < bytes.count, bytes[index] == Self.space { index += 1 }
      }
      let valueStart = index
      if index < bytes.count, bytes[index] == Self.quote {
        guard let end = closingQuote(after: index) else {
          return .incomplete("unterminated text: expected `'` and then `;` or `>` after the text that starts here")
        }
        index = end + 1
      }
      guard skipValue() else { return .incomplete("unterminated view description: expected `>` at its end") }
      // A segment without `=` or `:` is text that a field's value held (an unquoted `;`): skip it.
      if hasSeparator && !key.isEmpty {
        var valueEnd = index
        while valueEnd > valueStart, bytes[valueEnd - 1] == Self.space { valueEnd -= 1 }
        fields.append((key, String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self), valueStart))
      }
    }
    return .incomplete("unterminated view description: expected `>` at its end")
  }

  func isKeyByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
  }

  /// The `'` that closes the text opened at `open`: the first one followed (after spaces) by
  /// `;`, `>` or the end.
  func closingQuote(after open: Int) -> Int? {
    var index = open + 1
    while index < bytes.count {
      if bytes[index] == Self.quote {
        var next = index + 1
        while next < bytes.count, bytes[next] == Self.space { next += 1 }
        if next >= bytes.count || bytes[next] == Self.semicolon || bytes[next] == Self.gt { return index }
      }
      index += 1
    }
    return nil
  }

  /// Moves past a value to the `;` or `>` that ends it, skipping nested brackets. False when the
  /// text ends first.
  mutating func skipValue() -> Bool {
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case Self.lt:
        // `<` opens only before a name (`<CALayer`, `<<…`), not in `a < b`.
        if index + 1 < bytes.count, isKeyByte(bytes[index + 1]) || bytes[index + 1] == Self.lt { depth += 1 }
      case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth > 0 { depth -= 1 }
      case Self.gt:
        if depth == 0 { return true }
        depth -= 1
      case Self.semicolon:
        if depth == 0 { return true }
      default:
        break
      }
      index += 1
    }
    return false
  }
}
