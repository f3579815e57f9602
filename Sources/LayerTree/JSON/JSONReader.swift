/// A syntax error found while reading JSON: where the problem is and what is wrong.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Byte offset of the problem in the source; turn it into a line and column with ``SourceText``.
  public var offset: Int
  /// What was expected and what was found, e.g.
  /// "expected ',' or '}' after an object member, found 'x'".
  public var message: String

  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  public var description: String { message }

  /// The input nests arrays and objects deeper than the reader was told to accept.
  public var isNestingLimit = false

  /// Equal when they report the same problem at the same place.
  public static func == (lhs: JSONSyntaxError, rhs: JSONSyntaxError) -> Bool {
    lhs.offset == rhs.offset && lhs.message == rhs.message
  }
}

/// A strict RFC 8259 JSON reader producing ``JSONValue``s that remember their byte offsets.
///
/// The reader is iterative (an explicit stack instead of recursion) and bounds-checks every read,
/// so no input can make it trap or overflow the stack. Strings without escapes are built straight
/// from the input bytes; numbers take an exact fast path when they can.
public enum JSONReader {
  /// The deepest nesting of arrays and objects ``parse(_:maxDepth:)`` accepts unless told otherwise.
  public static let defaultMaxDepth = 512

  /// Parses one JSON document (RFC 8259) from UTF-8 bytes. Never traps, whatever the bytes.
  ///
  /// A UTF-8 byte order mark at the start is skipped; offsets still count it. Numbers beyond
  /// `Double`'s range become ±infinity. Nesting deeper than `maxDepth` arrays and objects is an
  /// error. Keep `maxDepth` in the thousands at most: the reader itself copes with any depth, but
  /// releasing a `JSONValue` tree recurses once per level (in the Swift runtime), so a tree
  /// nested about 100,000 deep overflows the stack when it is destroyed.
  public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONValue {
    // Through a Result: in Swift 6.0, `withUnsafeBufferPointer` rethrows untyped, which a
    // `throws(JSONSyntaxError)` function cannot pass on (typed since Swift 6.1).
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, JSONSyntaxError> in
      var parser = JSONParser(buffer, maxDepth: maxDepth)
      do throws(JSONSyntaxError) {
        return .success(try parser.parseDocument())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}

/// The reader's state over one buffer. Besides whole documents (``JSONReader``), it reads single
/// values and scalars at a position for ``SceneStreamReader``, which walks the rest of a scene
/// file itself.
struct JSONParser: ~Copyable {
  /// An array or object that has been opened but not closed yet.
  struct Frame {
    var isObject: Bool
    var offset: Int
    /// Where this container's finished elements or members start in `elements` or `members`.
    var start: Int
    /// The key of the member whose value is being read, for an object.
    var key = ""
    var keyOffset = 0
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let end: Int
  let maxDepth: Int
  /// Arrays and objects open around the value being read, when it is not the whole document;
  /// they count towards `maxDepth`.
  var enclosingDepth = 0
  var pos = 0
  private var frames: [Frame] = []
  /// The finished elements of all open arrays, innermost array's last.
  private var elements = MoveStack<JSONValue>()
  /// The finished members of all open objects, innermost object's last.
  private var members = MoveStack<JSONValue.Member>()
  /// Reused buffer for strings containing escapes.
  private var scratch: [UInt8] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.bytes = bytes
    self.end = bytes.count
    self.maxDepth = maxDepth
  }

  // MARK: Structure

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard pos >= end else { throw failure("unexpected \(describe(pos)) after the JSON value") }
    return value
  }

  /// Reads the value that starts at `pos` (no white space before it), leaving `pos` just after it.
  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    while true {
      // Read one value, or open a container and go round again for its first element.
      let start = pos
      var value: JSONValue
      switch pos < end ? bytes[pos] : 0 {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        let isObject = bytes[pos] == UInt8(ascii: "{")
        guard frames.count + enclosingDepth < maxDepth else {
          var error = JSONSyntaxError(offset: pos, message: "nesting deeper than \(maxDepth) levels")
          error.isNestingLimit = true
          throw error
        }
        pos += 1
        skipWhitespace()
        if pos < end, bytes[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          pos += 1
          value = JSONValue(isObject ? .object([]) : .array([]), offset: start)
        } else {
          frames.append(Frame(isObject: isObject, offset: start, start: isObject ? members.count : elements.count))
          if isObject { try readKey(afterComma: false) }
          continue
        }
      case UInt8(ascii: "\""):
        value = JSONValue(.string(try readString()), offset: start)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = JSONValue(.number(try readNumber()), offset: start)
      default:
        value = JSONValue(try readLiteral(), offset: start)
      }

      // Add the value to its container, closing containers for as long as they end here.
      while true {
        guard let top = frames.indices.last else { return value }
        let isObject = frames[top].isObject
        if isObject {
          var key = ""
          swap(&key, &frames[top].key)
          members.push(JSONValue.Member(key: key, keyOffset: frames[top].keyOffset, value: consume value))
        } else {
          elements.push(consume value)
        }
        skipWhitespace()
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if pos < end, bytes[pos] == UInt8(ascii: ",") {
          pos += 1
          skipWhitespace()
          if isObject {
            try readKey(afterComma: true)
          } else if pos < end, bytes[pos] == closer {
            throw failure("expected a JSON value after ',', found ']' (trailing commas are not allowed)")
          }
          break
        } else if pos < end, bytes[pos] == closer {
          pos += 1
          let frame = frames.removeLast()
          value =
            isObject
            ? JSONValue(.object(members.popArray(from: frame.start)), offset: frame.offset)
            : JSONValue(.array(elements.popArray(from: frame.start)), offset: frame.offset)
        } else if isObject {
          throw failure("expected ',' or '}' after an object member, found \(describe(pos))")
        } else {
          throw failure("expected ',' or ']' after an array element, found \(describe(pos))")
        }
      }
    }
  }

  /// Reads an object key and the ':' after it into the innermost frame, leaving `pos` at the
  /// member's value.
  mutating func readKey(afterComma: Bool) throws(JSONSyntaxError) {
    guard pos < end, bytes[pos] == UInt8(ascii: "\"") else {
      if !afterComma {
        throw failure("expected a string key or '}' after '{', found \(describe(pos))")
      } else if pos < end, bytes[pos] == UInt8(ascii: "}") {
        throw failure("expected a string key after ',', found '}' (trailing commas are not allowed)")
      } else {
        throw failure("expected a string key after ',', found \(describe(pos))")
      }
    }
    let offset = pos
    let key = try readString()
    skipWhitespace()
    guard pos < end, bytes[pos] == UInt8(ascii: ":") else {
      throw failure("expected ':' after an object key, found \(describe(pos))")
    }
    pos += 1
    skipWhitespace()
    guard let top = frames.indices.last else { return }
    frames[top].key = key
    frames[top].keyOffset = offset
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while pos < end {
      switch bytes[pos] {
      case 0x20, 0x0A, 0x0D, 0x09: pos += 1
      default: return
      }
    }
  }

  // MARK: Scalars

  /// Reads `true`, `false` or `null`; anything else at a value's position is an error.
  mutating func readLiteral() throws(JSONSyntaxError) -> JSONValue.Kind {
    let start = pos
    var index = pos
    while index < end, Self.isWordByte(bytes[index]) { index += 1 }
    let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
    if let literal = Self.literal(word) {
      pos = index
      return literal
    }
    guard !word.isEmpty else { throw failure("expected a JSON value, found \(describe(pos))") }
    let text = String(decoding: word.prefix(24), as: UTF8.self)
    throw failure("expected a JSON value, found '\(text)\(word.count > 24 ? "…" : "")'")
  }

  static func literal(_ word: UnsafeBufferPointer<UInt8>) -> JSONValue.Kind? {
    func matches(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
      word[1] == a && word[2] == b && word[3] == c
    }
    switch word.count {
    case 4 where word[0] == UInt8(ascii: "t") && matches(UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")):
      return .bool(true)
    case 4 where word[0] == UInt8(ascii: "n") && matches(UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")):
      return .null
    case 5
    where word[0] == UInt8(ascii: "f") && matches(UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"))
      && word[4] == UInt8(ascii: "e"):
      return .bool(false)
    default:
      return nil
    }
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }

  /// Reads a number; `pos` is at its '-' or first digit.
  mutating func readNumber() throws(JSONSyntaxError) -> Double {
    let start = pos
    var index = pos
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    // The significant digits, as long as they fit; `exact` turns false when one did not.
    var mantissa: UInt64 = 0
    var exact = true
    var exponent = 0

    guard index < end, let first = Self.digit(bytes[index]) else {
      throw JSONSyntaxError(offset: index, message: "expected a digit after '-', found \(describe(index))")
    }
    if first == 0 {
      index += 1
      if index < end, Self.digit(bytes[index]) != nil {
        throw JSONSyntaxError(
          offset: index, message: "expected a number without leading zeros, found \(describe(index)) after '0'")
      }
    } else {
      while index < end, let digit = Self.digit(bytes[index]) {
        if mantissa < 1_000_000_000_000_000_000 { mantissa = mantissa * 10 + digit } else { exact = false }
        index += 1
      }
    }
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < end, Self.digit(bytes[index]) != nil else {
        throw JSONSyntaxError(offset: index, message: "expected a digit after '.', found \(describe(index))")
      }
      while index < end, let digit = Self.digit(bytes[index]) {
        if mantissa < 1_000_000_000_000_000_000 {
          mantissa = mantissa * 10 + digit
          exponent -= 1
        } else {
          exact = false
        }
        index += 1
      }
    }
    if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < end, Self.digit(bytes[index]) != nil else {
        throw JSONSyntaxError(offset: index, message: "expected a digit in the exponent, found \(describe(index))")
      }
      var value = 0
      while index < end, let digit = Self.digit(bytes[index]) {
        if value < 1_000_000 { value = value * 10 + Int(digit) }  // saturates far beyond Double's range
        index += 1
      }
      exponent += exponentNegative ? -value : value
    }
    pos = index

    // Exact fast path (Clinger): both the mantissa and the power of ten are exact doubles, so a
    // single correctly rounded multiplication or division gives the correctly rounded result.
    if exact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      let magnitude =
        exponent < 0
        ? Double(mantissa) / Self.powersOfTen[-exponent]
        : Double(mantissa) * Self.powersOfTen[exponent]
      return negative ? -magnitude : magnitude
    }
    // Everything else: the standard library's correctly rounded, locale-independent conversion,
    // which gives ±infinity for literals beyond Double's range.
    let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    return Double(literal) ?? (negative ? -.infinity : .infinity)
  }

  static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  @inline(__always)
  static func digit(_ byte: UInt8) -> UInt64? {
    let value = byte &- UInt8(ascii: "0")
    return value < 10 ? UInt64(value) : nil
  }

  /// Reads a string; `pos` is at its opening quote.
  mutating func readString() throws(JSONSyntaxError) -> String {
    let start = pos + 1
    var index = start
    while index < end {
      if end - index >= 8 {
        // Skip eight plain ASCII bytes at a time.
        let special = Self.specialBytes(UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self))
        guard special != 0 else {
          index += 8
          continue
        }
        index += special.trailingZeroBitCount >> 3
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        pos = index + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        return try readEscapedString(from: start, escapeAt: index)
      } else if byte < 0x20 {
        throw controlCharacter(at: index)
      } else if byte < 0x80 {
        index += 1
      } else {
        index += try utf8Sequence(at: index)
      }
    }
    throw JSONSyntaxError(offset: pos, message: "expected '\"' to end the string that starts here, found end of file")
  }

  /// Marks (with its high bit) each of eight little-endian bytes that is '"', '\\', a control
  /// character or not ASCII; only the lowest mark is exact, which is the one used.
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let word = UInt64(littleEndian: word)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control | word) & (ones &* 0x80)
  }

  /// Continues `readString` from the first backslash, building the string in `scratch`.
  mutating func readEscapedString(from start: Int, escapeAt firstEscape: Int) throws(JSONSyntaxError) -> String {
    scratch.removeAll(keepingCapacity: true)
    var runStart = start
    var index = firstEscape
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        if byte == UInt8(ascii: "\"") {
          pos = index + 1
          return String(decoding: scratch, as: UTF8.self)
        }
        index = try readEscape(at: index)
        runStart = index
      } else if byte < 0x20 {
        throw controlCharacter(at: index)
      } else if byte < 0x80 {
        index += 1
      } else {
        index += try utf8Sequence(at: index)
      }
    }
    throw JSONSyntaxError(offset: pos, message: "expected '\"' to end the string that starts here, found end of file")
  }

  /// Decodes the escape whose backslash is at `index` into `scratch`; returns the index after it.
  mutating func readEscape(at index: Int) throws(JSONSyntaxError) -> Int {
    guard index + 1 < end else {
      throw JSONSyntaxError(offset: index + 1, message: "expected an escape character after '\\', found end of file")
    }
    let decoded: UInt8
    switch bytes[index + 1] {
    case UInt8(ascii: "\""): decoded = 0x22
    case UInt8(ascii: "\\"): decoded = 0x5C
    case UInt8(ascii: "/"): decoded = 0x2F
    case UInt8(ascii: "b"): decoded = 0x08
    case UInt8(ascii: "f"): decoded = 0x0C
    case UInt8(ascii: "n"): decoded = 0x0A
    case UInt8(ascii: "r"): decoded = 0x0D
    case UInt8(ascii: "t"): decoded = 0x09
    case UInt8(ascii: "u"):
      let unit = try hex4(at: index + 2)
      switch unit {
      case 0xD800...0xDBFF:
        guard index + 7 < end, bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u") else {
          throw JSONSyntaxError(
            offset: index,
            message:
              "expected a low surrogate escape '\\uDC00'...'\\uDFFF' after the high surrogate '\\u\(Self.hex(unit))', found \(describe(index + 6))"
          )
        }
        let low = try hex4(at: index + 8)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw JSONSyntaxError(
            offset: index + 6,
            message:
              "expected a low surrogate escape '\\uDC00'...'\\uDFFF' after the high surrogate '\\u\(Self.hex(unit))', found '\\u\(Self.hex(low))'"
          )
        }
        appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        return index + 12
      case 0xDC00...0xDFFF:
        throw JSONSyntaxError(
          offset: index, message: "expected a high surrogate escape before the low surrogate '\\u\(Self.hex(unit))', found none")
      default:
        appendUTF8(unit)
        return index + 6
      }
    default:
      throw JSONSyntaxError(
        offset: index, message: "expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u after '\\', found \(describe(index + 1))")
    }
    scratch.append(decoded)
    return index + 2
  }

  /// The value of the four hex digits at `index`.
  func hex4(at index: Int) throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for offset in index..<index + 4 {
      let byte = offset < end ? bytes[offset] : 0
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        throw JSONSyntaxError(offset: offset, message: "expected 4 hex digits after '\\u', found \(describe(offset))")
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  mutating func appendUTF8(_ scalar: UInt32) {
    func byte(_ value: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: value) }
    switch scalar {
    case ..<0x80:
      scratch.append(byte(scalar))
    case ..<0x800:
      scratch.append(byte(0xC0 | scalar >> 6))
      scratch.append(byte(0x80 | scalar & 0x3F))
    case ..<0x10000:
      scratch.append(byte(0xE0 | scalar >> 12))
      scratch.append(byte(0x80 | scalar >> 6 & 0x3F))
      scratch.append(byte(0x80 | scalar & 0x3F))
    default:
      scratch.append(byte(0xF0 | scalar >> 18))
      scratch.append(byte(0x80 | scalar >> 12 & 0x3F))
      scratch.append(byte(0x80 | scalar >> 6 & 0x3F))
      scratch.append(byte(0x80 | scalar & 0x3F))
    }
  }

  /// The length of the valid multi-byte UTF-8 sequence at `index` inside a string.
  func utf8Sequence(at index: Int) throws(JSONSyntaxError) -> Int {
    guard let length = utf8Length(at: index) else {
      throw JSONSyntaxError(
        offset: index, message: "expected valid UTF-8 in a string, found byte 0x\(Self.hex(UInt32(bytes[index]), width: 2))")
    }
    return length
  }

  /// The length of the well-formed UTF-8 sequence starting at `index` (Unicode table 3-7), or nil.
  func utf8Length(at index: Int) -> Int? {
    let length: Int
    var low: UInt8 = 0x80, high: UInt8 = 0xBF  // allowed range of the second byte
    switch bytes[index] {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: return nil
    }
    guard end - index >= length, (low...high).contains(bytes[index + 1]) else { return nil }
    for next in index + 2..<index + length where bytes[next] & 0xC0 != 0x80 { return nil }
    return length
  }

  // MARK: Messages

  func failure(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: pos, message: message)
  }

  func controlCharacter(at index: Int) -> JSONSyntaxError {
    let escape: String
    switch bytes[index] {
    case 0x08: escape = "\\b"
    case 0x09: escape = "\\t"
    case 0x0A: escape = "\\n"
    case 0x0C: escape = "\\f"
    case 0x0D: escape = "\\r"
    default: escape = "\\u\(Self.hex(UInt32(bytes[index])))"
    }
    return JSONSyntaxError(
      offset: index, message: "expected the escape '\(escape)' instead of \(describe(index)) inside a string")
  }

  /// The byte or character at `index`, quoted for a message, or "end of file".
  func describe(_ index: Int) -> String {
    guard index >= 0, index < end else { return "end of file" }
    let byte = bytes[index]
    switch byte {
    case 0x0A: return "a line break"
    case 0x0D: return "a carriage return"
    case 0x09: return "a tab"
    case 0x20: return "a space"
    case UInt8(ascii: "'"): return "\"'\""
    case UInt8(ascii: "/") where index + 1 < end && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
      // What a file written like Swift or JavaScript holds.
      return "'/' (a comment: JSON has none; remove it)"
    case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
    case 0..<0x20, 0x7F: return "control character U+\(Self.hex(UInt32(byte)))"
    default:
      guard let length = utf8Length(at: index) else { return "invalid UTF-8 byte 0x\(Self.hex(UInt32(byte), width: 2))" }
      return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self))'"
    }
  }

  static func hex(_ value: UInt32, width: Int = 4) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// A stack whose top elements can be moved out into an array without copying them.
struct MoveStack<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity = 64
  private(set) var count = 0

  init() { base = .allocate(capacity: capacity) }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  mutating func push(_ element: consuming Element) {
    if count == capacity {
      let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      grown.moveInitialize(from: base, count: count)
      base.deallocate()
      base = grown
      capacity *= 2
    }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Moves the top element out of the stack.
  mutating func pop() -> Element {
    precondition(count > 0)
    count -= 1
    return (base + count).move()
  }

  /// The elements from `start` to the top, valid until the stack next changes.
  func elements(from start: Int) -> UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: base + start, count: count - start)
  }

  /// Moves the elements from `start` to the top out of the stack, in order.
  mutating func popArray(from start: Int) -> [Element] {
    let moved = count - start
    guard moved > 0 else { return [] }
    count = start
    // Moved through a sequence rather than with `Array(unsafeUninitializedCapacity:)`, whose
    // allocation path is not specialized and looks up generic metadata on every call.
    var array: [Element] = []
    array.reserveCapacity(moved)
    array.append(contentsOf: MovingSequence(position: base + start, end: base + start + moved))
    return array
  }
}

/// Moves each element out of memory as it is iterated; it must be iterated to the end once.
private struct MovingSequence<Element>: Sequence, IteratorProtocol {
  var position: UnsafeMutablePointer<Element>
  let end: UnsafeMutablePointer<Element>

  var underestimatedCount: Int { end - position }

  mutating func next() -> Element? {
    guard position < end else { return nil }
    defer { position += 1 }
    return position.move()
  }
}
