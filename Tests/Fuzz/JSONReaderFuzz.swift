// libFuzzer harness for JSONReader; not part of the package build. From the package root:
//   swiftc -sanitize=fuzzer,address -parse-as-library -g Sources/LayerTree/JSON/JSONValue.swift Sources/LayerTree/JSON/JSONReader.swift Tests/Fuzz/JSONReaderFuzz.swift -o /tmp/json-fuzz
//   /tmp/json-fuzz -max_total_time=120 -max_len=4096 /tmp/json-corpus   (add -O to fuzz faster, without Swift's debug bounds checks)

/// Parses the input and checks what any result must satisfy; a failed check or a trap is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let source = SourceText(bytes)
  do {
    let value = try JSONReader.parse(bytes)
    var previous = -1
    checkOffsets(value, count: count, previous: &previous)
    // Writing the value out and reading it back must give the same value.
    let again = try JSONReader.parse(Array(serialize(value).utf8))
    precondition(serialize(again) == serialize(value), "round trip changed the value")
  } catch {
    precondition(error.offset >= 0 && error.offset <= count, "error offset \(error.offset) out of range")
    precondition(!error.message.isEmpty)
    let location = source.location(ofOffset: error.offset)
    precondition(location.line >= 1 && location.column >= 1)
  }
  return 0
}

/// Offsets must lie inside the input and increase in document order (keys before their values).
private func checkOffsets(_ value: JSONValue, count: Int, previous: inout Int) {
  precondition(value.offset > previous && value.offset < count, "offset \(value.offset) out of order")
  previous = value.offset
  switch value.kind {
  case .array(let elements):
    for element in elements { checkOffsets(element, count: count, previous: &previous) }
  case .object(let members):
    for member in members {
      precondition(member.keyOffset > previous && member.keyOffset < count, "key offset out of order")
      previous = member.keyOffset
      checkOffsets(member.value, count: count, previous: &previous)
    }
  default:
    break
  }
}

private func serialize(_ value: JSONValue) -> String {
  switch value.kind {
  case .null: return "null"
  case .bool(let bool): return bool ? "true" : "false"
  case .number(let number):
    // Infinities come from out-of-range literals; write them as such a literal again.
    return number.isFinite ? "\(number)" : (number < 0 ? "-1e999" : "1e999")
  case .string(let string): return quote(string)
  case .array(let elements): return "[" + elements.map(serialize).joined(separator: ",") + "]"
  case .object(let members):
    return "{" + members.map { quote($0.key) + ":" + serialize($0.value) }.joined(separator: ",") + "}"
  }
}

private func quote(_ string: String) -> String {
  var result = "\""
  for scalar in string.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\u{0}"..."\u{1F}":
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
