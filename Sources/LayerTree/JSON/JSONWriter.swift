/// A JSON document to write, with object keys in the order given, so the same value always
/// prints the same bytes.
public indirect enum JSONOutput: Sendable, Hashable {
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
  public func rendered(pretty: Bool = true) -> String {
    var output = ""
    write(to: &output, indent: 0, pretty: pretty)
    if pretty { output += "\n" }
    return output
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

  private func write(to output: inout String, indent: Int, pretty: Bool) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .number(let value): output += Self.format(value)
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let items):
      if items.isEmpty {
        output += "[]"
        return
      }
      let inline = !pretty || items.allSatisfy { $0.isScalar }
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += inline && pretty ? ", " : "," }
        if !inline { Self.newline(&output, indent + 1) }
        item.write(to: &output, indent: indent + 1, pretty: pretty)
      }
      if !inline { Self.newline(&output, indent) }
      output += "]"
    case .object(let members):
      if members.isEmpty {
        output += "{}"
        return
      }
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        if pretty { Self.newline(&output, indent + 1) }
        Self.writeString(key, to: &output)
        output += pretty ? ": " : ":"
        value.write(to: &output, indent: indent + 1, pretty: pretty)
      }
      if pretty { Self.newline(&output, indent) }
      output += "}"
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: return false
    default: return true
    }
  }

  private static func newline(_ output: inout String, _ indent: Int) {
    output += indent < indents.count ? indents[indent] : "\n" + String(repeating: "  ", count: indent)
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

  static func writeString(_ value: String, to output: inout String) {
    output += "\""
    // Most strings need no escape: appended whole, not character by character.
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      output += value
      output += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
