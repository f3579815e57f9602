/// A parsed JSON value that remembers where it came from.
///
/// Scene files are read into `JSONValue`s by ``JSONReader`` and then decoded into a ``Scene`` by
/// ``SceneDecoder``. Every value keeps the byte offset of its first byte so that any problem found
/// while decoding can be reported with a line and column (see ``SourceText``).
///
/// Objects keep their members in file order, duplicates included, so the decoder can report a key
/// written twice instead of silently keeping one.
public struct JSONValue: Sendable {
  /// One member of a JSON object.
  public struct Member: Sendable {
    public var key: String
    /// Byte offset of the key's opening quote.
    public var keyOffset: Int
    public var value: JSONValue

    public init(key: String, keyOffset: Int, value: JSONValue) {
      self.key = key
      self.keyOffset = keyOffset
      self.value = value
    }
  }

  public enum Kind: Sendable {
    case null
    case bool(Bool)
    /// A number as a `Double`; a literal too large for a `Double` becomes an infinity, which the
    /// decoder reports as a non-finite number.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])
  }

  public var kind: Kind
  /// Byte offset of the value's first byte in the source.
  public var offset: Int

  public init(_ kind: Kind, offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  /// A short description of the value's JSON type, for messages: "a number", "an object", ...
  public var typeDescription: String {
    switch kind {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A line and column in a source file, both counted from 1. Columns count UTF-8 bytes.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  public var description: String { "\(line):\(column)" }
}

/// Maps byte offsets of a source buffer to lines and columns.
///
/// Built once per file in O(n), eight bytes at a time; each lookup is a binary search over line
/// starts.
public struct SourceText: Sendable {
  /// Byte offset where each line starts; `lineStarts[0] == 0`.
  public let lineStarts: [Int]
  public let byteCount: Int
  /// The line `lineStarts[0]` starts: 1, or a later line for the tail of a text.
  private let firstLine: Int

  public init(_ bytes: [UInt8]) {
    var starts = [0]
    Self.appendLineStarts(of: bytes, from: 0, to: &starts)
    lineStarts = starts
    byteCount = bytes.count
    firstLine = 1
  }

  /// The text's lines from `start` on, when line `line` of the text starts at `lineStart` (at
  /// or before `start`): only offsets from `start` on are located, as the whole text locates
  /// them. Cheaper than the whole text when what is read lies near its end.
  init(_ bytes: [UInt8], from start: Int, line: Int, lineStart: Int) {
    var starts = [lineStart]
    Self.appendLineStarts(of: bytes, from: start, to: &starts)
    lineStarts = starts
    byteCount = bytes.count
    firstLine = line
  }

  /// Appends the offset after each line break in `bytes` from `start` on.
  private static func appendLineStarts(of bytes: [UInt8], from start: Int, to starts: inout [Int]) {
    bytes.withUnsafeBufferPointer { buffer in
      let count = buffer.count
      var index = start
      if let base = buffer.baseAddress {
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let newlines = ones &* UInt64(UInt8(ascii: "\n"))
        while count - index >= 8 {
          // A zero byte of `word ^ newlines` is a line break. The test marks every zero byte with
          // its high bit, and now and then the byte above one too (a borrow), so each mark is
          // checked against the buffer.
          let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ newlines
          var marks = (word &- ones) & ~word & (ones &* 0x80)
          while marks != 0 {
            let byte = marks.trailingZeroBitCount >> 3
            if buffer[index + byte] == UInt8(ascii: "\n") { starts.append(index + byte + 1) }
            marks &= marks &- 1
          }
          index += 8
        }
      }
      while index < count {
        if buffer[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
        index += 1
      }
    }
  }

  public func location(ofOffset offset: Int) -> SourceLocation {
    let clamped = max(0, min(offset, byteCount))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    return SourceLocation(line: firstLine + low, column: clamped - lineStarts[low] + 1)
  }
}
