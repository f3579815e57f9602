/// A JSON document to write, with object keys in the order given, so the same value always
/// prints the same bytes.
///
/// Not `indirect`: arrays and objects hold their elements in array storage already, so no case
/// needs a box of its own, and a document of thousands of values is not thousands of boxes
/// more to allocate and release.
public enum JSONOutput: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  case array([JSONOutput])
  case object([(String, JSONOutput)])

  public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.rendered() == rhs.rendered() }
  public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

  /// The document as text: two-space indentation, one member per line, arrays of numbers on one
  /// line; a trailing newline when `pretty`.
  ///
  /// The text is made as UTF-8 bytes and made a `String` once: appending to a `String` piece by
  /// piece costs several times as much, and reports of thousands of scenes are megabytes.
  public func rendered(pretty: Bool = true) -> String {
    var output = UTF8Bytes()
    output.bytes.reserveCapacity(4096)
    write(to: &output, indent: 0, pretty: pretty)
    if pretty { output.write(ascii: UInt8(ascii: "\n")) }
    return String(decoding: output.bytes, as: UTF8.self)
  }

  /// The document as text with small containers kept on one line, the way scene files are written:
  /// an object or array goes on one line (`{ "id": "icon", "frame": [0, 0, 14, 14] }`) when that
  /// line, indentation and key included, fits in `lineWidth` columns and it holds no array of
  /// objects; otherwise one member or element per line with two-space indentation.
  /// Arrays of scalars always stay on one line. A trailing newline ends the document.
  ///
  /// The result depends only on the value, so reading it back and writing it again gives the
  /// same bytes.
  public func rendered(lineWidth: Int) -> String {
    var output = ""
    writeFitting(to: &output, indent: 0, column: 0, trailing: 0, width: lineWidth)
    output += "\n"
    return output
  }

  private func writeFitting(to output: inout String, indent: Int, column: Int, trailing: Int, width: Int) {
    switch self {
    case .array(let items) where !items.isEmpty && !items.allSatisfy(\.isScalar):
      if let line = inlineText(budget: width - column - trailing) {
        output += line
        return
      }
      output += "["
      for (index, item) in items.enumerated() {
        Self.newline(&output, indent + 1)
        let comma = index < items.count - 1 ? 1 : 0
        item.writeFitting(to: &output, indent: indent + 1, column: (indent + 1) * 2, trailing: comma, width: width)
        if comma == 1 { output += "," }
      }
      Self.newline(&output, indent)
      output += "]"
    case .object(let members) where !members.isEmpty:
      if let line = inlineText(budget: width - column - trailing) {
        output += line
        return
      }
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        Self.newline(&output, indent + 1)
        var keyText = ""
        Self.writeString(key, to: &keyText)
        keyText += ": "
        output += keyText
        let keyWidth = keyText.unicodeScalars.count
        let comma = index < members.count - 1 ? 1 : 0
        value.writeFitting(to: &output, indent: indent + 1, column: (indent + 1) * 2 + keyWidth, trailing: comma, width: width)
        if comma == 1 { output += "," }
      }
      Self.newline(&output, indent)
      output += "}"
    default:
      write(to: &output, indent: indent, pretty: true)
    }
  }

  /// The container on one line, or nil when it holds a list of objects or its line would be
  /// longer than `budget` characters.
  private func inlineText(budget: Int) -> String? {
    var output = ""
    guard budget > 0, writeInline(to: &output, budget: budget) else { return nil }
    return output
  }

  private func writeInline(to output: inout String, budget: Int) -> Bool {
    switch self {
    case .array(let items):
      // A list of objects (a `sublayers` list) always breaks, one object per line.
      if items.contains(where: { if case .object = $0 { return true } else { return false } }) { return false }
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += ", " }
        guard item.writeInline(to: &output, budget: budget), output.unicodeScalars.count <= budget else { return false }
      }
      output += "]"
    case .object(let members):
      if members.isEmpty {
        output += "{}"
        return output.unicodeScalars.count <= budget
      }
      output += "{ "
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += ", " }
        Self.writeString(key, to: &output)
        output += ": "
        guard value.writeInline(to: &output, budget: budget), output.unicodeScalars.count <= budget else { return false }
      }
      output += " }"
    default:
      write(to: &output, indent: 0, pretty: true)
    }
    return output.unicodeScalars.count <= budget
  }

  private func write<Output: JSONText>(to output: inout Output, indent: Int, pretty: Bool) {
    switch self {
    case .null: output.write("null")
    case .bool(let value): output.write(value ? "true" : "false")
    case .int(let value): output.write(String(value))
    case .number(let value): output.write(Self.format(value))
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let items):
      if items.isEmpty {
        output.write("[]")
        return
      }
      let inline = !pretty || items.allSatisfy { $0.isScalar }
      output.write(ascii: UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.write(inline && pretty ? ", " : ",") }
        if !inline { Self.newline(&output, indent + 1) }
        item.write(to: &output, indent: indent + 1, pretty: pretty)
      }
      if !inline { Self.newline(&output, indent) }
      output.write(ascii: UInt8(ascii: "]"))
    case .object(let members):
      if members.isEmpty {
        output.write("{}")
        return
      }
      output.write(ascii: UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output.write(ascii: UInt8(ascii: ",")) }
        if pretty { Self.newline(&output, indent + 1) }
        Self.writeString(key, to: &output)
        output.write(pretty ? ": " : ":")
        value.write(to: &output, indent: indent + 1, pretty: pretty)
      }
      if pretty { Self.newline(&output, indent) }
      output.write(ascii: UInt8(ascii: "}"))
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: return false
    default: return true
    }
  }

  private static func newline<Output: JSONText>(_ output: inout Output, _ indent: Int) {
    output.write(indent < indents.count ? indents[indent] : "\n" + String(repeating: "  ", count: indent))
  }

  /// A line feed and the indent of each level up to 32, made once.
  private static let indents = (0..<32).map { "\n" + String(repeating: "  ", count: $0) }

  /// Whole numbers without a fraction; others in Swift's shortest round-trip form. Non-finite
  /// values, which JSON cannot hold, are written as null.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  static func writeString<Output: JSONText>(_ value: String, to output: inout Output) {
    // Most strings need no escape: written whole, not character by character.
    var value = value
    let plain = value.withUTF8 { bytes in
      guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
      output.write(ascii: UInt8(ascii: "\""))
      output.write(utf8: bytes)
      output.write(ascii: UInt8(ascii: "\""))
      return true
    }
    if plain { return }
    output.write(ascii: UInt8(ascii: "\""))
    // Only ASCII needs escaping, and no byte of a longer UTF-8 sequence is ASCII: escaped byte by
    // byte, the rest copied as it is.
    let hex = Array("0123456789abcdef".utf8)
    var escaped: [UInt8] = []
    escaped.reserveCapacity(value.utf8.count + 8)
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): escaped += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): escaped += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\n"): escaped += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): escaped += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case UInt8(ascii: "\t"): escaped += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20:
        escaped += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      default: escaped.append(byte)
      }
    }
    output.write(String(decoding: escaped, as: UTF8.self))
    output.write(ascii: UInt8(ascii: "\""))
  }
}

/// Where ``JSONOutput`` writes its text: a `String` (the scene writer, which measures its lines
/// as it goes), or UTF-8 bytes (whole documents).
protocol JSONText {
  mutating func write(_ text: String)
  mutating func write(ascii: UInt8)
  /// Valid UTF-8, a whole string's.
  mutating func write(utf8: UnsafeBufferPointer<UInt8>)
}

extension String: JSONText {
  mutating func write(ascii: UInt8) { unicodeScalars.append(Unicode.Scalar(ascii)) }
  mutating func write(utf8: UnsafeBufferPointer<UInt8>) { self += String(decoding: utf8, as: UTF8.self) }
}

/// UTF-8 bytes, appended to in place.
struct UTF8Bytes: JSONText {
  var bytes: [UInt8] = []

  mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func write(ascii: UInt8) { bytes.append(ascii) }

  mutating func write(utf8: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: utf8) }
}
