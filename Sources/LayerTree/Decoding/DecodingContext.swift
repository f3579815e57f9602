/// Collects problems while a scene is decoded, and reads typed values, reporting each value that
/// is not what was expected with its JSON path and line:column.
///
/// Every reader returns nil on a problem after recording it, so decoding goes on and the user
/// sees every problem in the file at once.
public final class DecodingContext {
  public let source: SourceText
  /// Longest string ``string(_:_:_:)`` accepts, in characters (``InputLimits/maxStringLength``).
  public var maxStringLength = InputLimits.standard.maxStringLength
  public private(set) var diagnostics: [Diagnostic] = []

  public init(source: SourceText) {
    self.source = source
  }

  public func error(_ path: String, at offset: Int, _ message: String, notes: [String] = []) {
    diagnostics.append(
      Diagnostic(path: path, location: source.location(ofOffset: offset), message: message, notes: notes))
  }

  public func error(_ path: JSONPath, key: String, at offset: Int, _ message: String, notes: [String] = []) {
    error(path.rendered(appending: key), at: offset, message, notes: notes)
  }

  // MARK: Objects

  /// The members of an object, or nil (with a problem recorded) for any other value.
  public func members(_ value: JSONValue, _ path: JSONPath, expected: String = "an object") -> [JSONValue.Member]? {
    guard case .object(let members) = value.kind else {
      error(path.rendered, at: value.offset, "expected \(expected), found \(describe(value))")
      return nil
    }
    return members
  }

  /// ``nearest(to:in:)`` while the problems found are fewer than ``SceneErrors/shownLimit``;
  /// nil after: a suggestion compares the word with every name it could be, and those problems
  /// are not printed.
  public func suggestion(for word: String, in names: some Sequence<String>) -> String? {
    guard diagnostics.count < SceneErrors.shownLimit else { return nil }
    return nearest(to: word, in: names)
  }

  /// Records an unknown key, with the nearest known key as a suggestion.
  public func unknownKey(_ member: JSONValue.Member, in path: JSONPath, known: [String], what: String) {
    var notes: [String] = []
    if let key = UIKitWords.layerKeys[member.key], known.contains(key) {
      notes.append("`\(member.key)` is UIKit's name; the layer's is `\(key)`")
    } else if let suggestion = suggestion(for: member.key, in: known) {
      notes.append("did you mean `\(suggestion)`?")
    } else {
      notes.append("known keys of \(what): \(known.joined(separator: ", "))")
    }
    error(path, key: member.key, at: member.keyOffset, "unknown key `\(member.key)` in \(what)", notes: notes)
  }

  /// The members of an object with each key's first occurrence; later ones are reported.
  public func unique(_ members: [JSONValue.Member], in path: JSONPath) -> [JSONValue.Member] {
    var seen: [String: JSONValue.Member] = [:]
    var result: [JSONValue.Member] = []
    for member in members {
      if let first = seen[member.key] {
        duplicateKey(member, in: path, first: first)
      } else {
        seen[member.key] = member
        result.append(member)
      }
    }
    return result
  }

  /// An object's members by key, each key's first occurrence; keys written twice and keys not in
  /// `known` are reported.
  public func fields(_ members: [JSONValue.Member], in path: JSONPath, known: [String], what: String) -> [String: JSONValue.Member] {
    var fields: [String: JSONValue.Member] = [:]
    for member in members {
      if let first = fields[member.key] {
        duplicateKey(member, in: path, first: first)
        continue
      }
      guard known.contains(member.key) else {
        unknownKey(member, in: path, known: known, what: what)
        continue
      }
      fields[member.key] = member
    }
    return fields
  }

  /// Records a key written twice in one object.
  public func duplicateKey(_ member: JSONValue.Member, in path: JSONPath, first: JSONValue.Member) {
    let firstLocation = source.location(ofOffset: first.keyOffset)
    error(
      path, key: member.key, at: member.keyOffset,
      "key `\(member.key)` is written twice; the first is at \(firstLocation)")
  }

  // MARK: Scalars

  public func number(_ value: JSONValue, _ path: JSONPath, _ key: String) -> Double? {
    guard case .number(let number) = value.kind else {
      error(path, key: key, at: value.offset, "expected a number, found \(describe(value))")
      return nil
    }
    guard number.isFinite else {
      error(path, key: key, at: value.offset, "expected a finite number, found a number too large for a double")
      return nil
    }
    return number
  }

  public func number(_ value: JSONValue, _ path: JSONPath, _ key: String, in range: ClosedRange<Double>) -> Double? {
    guard let number = number(value, path, key) else { return nil }
    guard range.contains(number) else {
      error(
        path, key: key, at: value.offset,
        "expected a number from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound)), found \(formatNumber(number))")
      return nil
    }
    return number
  }

  public func nonNegative(_ value: JSONValue, _ path: JSONPath, _ key: String) -> Double? {
    guard let number = number(value, path, key) else { return nil }
    guard number >= 0 else {
      error(path, key: key, at: value.offset, "expected a number >= 0, found \(formatNumber(number))")
      return nil
    }
    return number
  }

  public func positive(_ value: JSONValue, _ path: JSONPath, _ key: String) -> Double? {
    guard let number = number(value, path, key) else { return nil }
    guard number > 0 else {
      error(path, key: key, at: value.offset, "expected a number > 0, found \(formatNumber(number))")
      return nil
    }
    return number
  }

  public func integer(_ value: JSONValue, _ path: JSONPath, _ key: String, in range: ClosedRange<Int>) -> Int? {
    guard let number = number(value, path, key) else { return nil }
    guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
      error(
        path, key: key, at: value.offset,
        "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(formatNumber(number))")
      return nil
    }
    return Int(number)
  }

  public func bool(_ value: JSONValue, _ path: JSONPath, _ key: String) -> Bool? {
    guard case .bool(let flag) = value.kind else {
      error(path, key: key, at: value.offset, "expected true or false, found \(describe(value))")
      return nil
    }
    return flag
  }

  public func string(_ value: JSONValue, _ path: JSONPath, _ key: String) -> String? {
    guard case .string(let text) = value.kind else {
      error(path, key: key, at: value.offset, "expected a string, found \(describe(value))")
      return nil
    }
    // UTF-8 is at least one byte a character: most strings pass on their byte count alone.
    if text.utf8.count > maxStringLength, text.count > maxStringLength {
      error(
        path, key: key, at: value.offset,
        "expected a string of at most \(NumberRange.grouped(Double(maxStringLength))) characters, found \(NumberRange.grouped(Double(text.count)))"
      )
      return nil
    }
    return text
  }

  /// One of a fixed set of strings.
  public func choice<T: RawRepresentable & CaseIterable>(_ value: JSONValue, _ path: JSONPath, _ key: String, as type: T.Type) -> T?
  where T.RawValue == String {
    guard let text = string(value, path, key) else { return nil }
    if let result = T(rawValue: text) { return result }
    let names = T.allCases.map(\.rawValue)
    var notes: [String] = []
    if let suggestion = suggestion(for: text, in: names) { notes.append("did you mean \"\(suggestion)\"?") }
    if key == "class", let note = UIKitWords.viewClassNote(text) { notes.append(note) }
    error(
      path, key: key, at: value.offset,
      "expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(text)\"", notes: notes)
    return nil
  }

  public func color(_ value: JSONValue, _ path: JSONPath, _ key: String) -> Color? {
    guard case .string(let text) = value.kind else {
      error(path, key: key, at: value.offset, "expected a colour \"#RRGGBB\", \"#RRGGBBAA\" or \"clear\", found \(describe(value))")
      return nil
    }
    guard let color = Color(hex: text) else {
      error(
        path, key: key, at: value.offset, "expected a colour \"#RRGGBB\", \"#RRGGBBAA\" or \"clear\", found \"\(text)\"",
        notes: UIKitWords.colourNote(text).map { [$0] } ?? [])
      return nil
    }
    return color
  }

  /// A colour, or nil written as JSON null (`"fillColor": null`). The outer optional is nil on a problem.
  public func optionalColor(_ value: JSONValue, _ path: JSONPath, _ key: String) -> Color?? {
    if case .null = value.kind { return .some(nil) }
    guard let color = color(value, path, key) else { return nil }
    return .some(color)
  }

  /// An array of exactly `count` finite numbers.
  public func numbers(_ value: JSONValue, _ path: JSONPath, _ key: String, count: Int, shape: String) -> [Double]? {
    guard case .array(let items) = value.kind, items.count == count else {
      error(path, key: key, at: value.offset, "expected \(shape), found \(describe(value))")
      return nil
    }
    var result: [Double] = []
    result.reserveCapacity(count)
    let base = key.isEmpty ? path : path.key(key)
    for (index, item) in items.enumerated() {
      guard case .number(let number) = item.kind, number.isFinite else {
        error(
          base.index(index).rendered, at: item.offset,
          "expected a finite number in \(shape), found \(describe(item))")
        return nil
      }
      result.append(number)
    }
    return result
  }

  /// `[x, y, width, height]`: x and y in ``NumberRange/coordinate``, a width and height in
  /// ``NumberRange/length``. A number past the physical limit is reported at itself
  /// (`frame[0]`), with the reason.
  public func rect(_ value: JSONValue, _ path: JSONPath, _ key: String) -> Rect? {
    guard let values = numbers(value, path, key, count: 4, shape: "[x, y, width, height]") else { return nil }
    guard values[2] >= 0, values[3] >= 0 else {
      error(
        path, key: key, at: value.offset,
        "expected a width and height >= 0 in [x, y, width, height], found \(formatNumber(values[2])) x \(formatNumber(values[3]))")
      return nil
    }
    let (coordinate, length) = (NumberRange.coordinate, NumberRange.length)
    if coordinate.contains(values[0]), coordinate.contains(values[1]), length.contains(values[2]), length.contains(values[3]) {
      return Rect(values[0], values[1], values[2], values[3])
    }
    // Only a number past the limit is left: the width and height are >= 0.
    let ranges = [coordinate, coordinate, length, length]
    let index = values.indices.first { !ranges[$0].contains(values[$0]) } ?? 0
    let names = ["x", "y", "a width", "a height"]
    var offset = value.offset
    if case .array(let items) = value.kind { offset = items[index].offset }
    error(
      (key.isEmpty ? path : path.key(key)).index(index).rendered, at: offset,
      "expected \(names[index]) \(ranges[index].bounds(for: values[index])) in [x, y, width, height], found \(formatNumber(values[index]))",
      notes: ranges[index].limitNote(for: values[index]).map { [$0] } ?? [])
    return nil
  }

  /// `[a, b]`, any finite numbers.
  public func pair(_ value: JSONValue, _ path: JSONPath, _ key: String, shape: String) -> (Double, Double)? {
    guard let values = numbers(value, path, key, count: 2, shape: shape) else { return nil }
    return (values[0], values[1])
  }

  // MARK: Values by their description

  /// A number in the key's range (a whole number for an integer key).
  public func number(_ value: JSONValue, _ path: JSONPath, _ key: FormatKey) -> Double? {
    guard let range = key.range else { return number(value, path, key.name) }
    return number(value, path, key.name, in: range)
  }
  /// A number in `range`, with the range's own message when it is not.
  public func number(_ value: JSONValue, _ path: JSONPath, _ key: String, in range: NumberRange) -> Double? {
    guard let number = number(value, path, key) else { return nil }
    guard range.contains(number), !range.whole || number == number.rounded() else {
      error(
        path, key: key, at: value.offset, "expected \(range.expectation(for: number)), found \(formatNumber(number))",
        notes: range.limitNote(for: number).map { [$0] } ?? [])
      return nil
    }
    return number
  }

  /// A whole number in the key's range.
  public func integer(_ value: JSONValue, _ path: JSONPath, _ key: FormatKey) -> Int? {
    guard case .integer(let range) = key.type else { return nil }
    return integer(value, path, key.name, in: range)
  }

  /// The index of one of the key's choices.
  public func choiceIndex(_ value: JSONValue, _ path: JSONPath, _ key: FormatKey) -> Int? {
    guard case .choice(let names) = key.type else { return nil }
    return choiceIndex(value, path, key.name, names)
  }

  /// The index of one of `names`, with the nearest as a suggestion when it is none of them.
  public func choiceIndex(_ value: JSONValue, _ path: JSONPath, _ key: String, _ names: [String]) -> Int? {
    guard let text = string(value, path, key) else { return nil }
    if let index = names.firstIndex(of: text) { return index }
    var notes: [String] = []
    if let suggestion = suggestion(for: text, in: names) { notes.append("did you mean \"\(suggestion)\"?") }
    error(
      path, key: key, at: value.offset,
      "expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(text)\"", notes: notes)
    return nil
  }

  /// `[a, b]`: finite numbers in the key's range (`b` in its second range, when it has one).
  public func pair(_ value: JSONValue, _ path: JSONPath, _ key: FormatKey) -> (Double, Double)? {
    guard case .pair(let shape, let range, let second) = key.type else { return nil }
    guard let (a, b) = pair(value, path, key.name, shape: shape) else { return nil }
    for (number, range) in [(a, range), (b, second ?? range)] where !range.contains(number) {
      error(
        path, key: key.name, at: value.offset,
        "expected \(range.expectation(for: number)) in \(shape), found \(formatNumber(a)), \(formatNumber(b))",
        notes: range.limitNote(for: number).map { [$0] } ?? [])
      return nil
    }
    return (a, b)
  }

  /// A list of the key's choices, each once: their indices in the order written.
  public func choiceSet(_ value: JSONValue, _ path: JSONPath, _ key: FormatKey) -> [Int]? {
    guard case .list(.choice(let names), _, _, let noun) = key.type else { return nil }
    guard case .array(let items) = value.kind else {
      let example = names.prefix(2).map { "\"\($0)\"" }.joined(separator: ", ")
      error(path, key: key.name, at: value.offset, "expected an array of \(noun) such as [\(example)], found \(describe(value))")
      return nil
    }
    var indices: [Int] = []
    var ok = true
    let base = path.key(key.name)
    for (position, item) in items.enumerated() {
      guard let index = choiceIndex(item, base.index(position), "", names) else {
        ok = false
        continue
      }
      if indices.contains(index) {
        error(base.index(position).rendered, at: item.offset, "\"\(names[index])\" is listed twice")
        ok = false
      }
      indices.append(index)
    }
    return ok ? indices : nil
  }

  /// A short, quoted rendering of a found value for messages.
  public func describe(_ value: JSONValue) -> String {
    switch value.kind {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return number.isFinite ? formatNumber(number) : "a number too large for a double"
    case .string(let text):
      let shown = text.count > 40 ? String(text.prefix(40)) + "..." : text
      return "\"\(shown)\""
    case .array(let items): return "an array of \(items.count)"
    case .object: return "an object"
    }
  }
}

extension JSONReader {
  /// Parses a whole file for a decoder: its value and its source text, or the syntax error as
  /// a diagnostic with its line and column.
  public static func parseFile(_ bytes: [UInt8]) throws(SceneErrors) -> (value: JSONValue, source: SourceText) {
    let source = SourceText(bytes)
    do {
      return (try parse(bytes), source)
    } catch {
      throw SceneErrors([
        Diagnostic(path: "", location: source.location(ofOffset: error.offset), message: "invalid JSON: \(error.message)")
      ])
    }
  }
}
