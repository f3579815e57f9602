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
    output += "\n"
    output += String(repeating: "  ", count: indent)
  }

  /// Whole numbers without a fraction; others in Swift's shortest round-trip form. Non-finite
  /// values, which JSON cannot hold, are written as null.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  static func writeString(_ value: String, to output: inout String) {
    output += "\""
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
