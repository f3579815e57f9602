/// A layer's readable, unique name in a scene: its ancestors' ids and its own, joined by `/`
/// (`root/feed/cell[3]/avatar`). A mask layer's path is its owner's path plus the mask's id.
///
/// Reports, findings and CI comparisons key on the path, never on message text.
public enum LayerPath {
  /// Characters a layer id may not contain: they build paths and patterns.
  public static let reservedCharacters: Set<Character> = ["/", "*"]

  /// Joins a parent's path and a child's id.
  public static func child(_ parent: String, _ id: String) -> String {
    parent.isEmpty ? id : parent + "/" + id
  }

  /// The path with every `[n]` index replaced by `[*]`: `root/feed/cell[3]/avatar` ->
  /// `root/feed/cell[*]/avatar`. Layers with the same pattern come from the same object in the
  /// scene file, and findings on them share a cause.
  public static func pattern(_ path: String) -> String {
    // A path of ASCII characters (every id a file writes, almost) is read as bytes: each byte is a
    // character, so the result is the same.
    if let ascii = path.utf8.withContiguousStorageIfAvailable({ asciiPattern($0) }), let ascii { return ascii }
    var result = ""
    var inIndex = false
    for character in path {
      if character == "[" {
        inIndex = true
        result += "[*]"
      } else if character == "]" {
        inIndex = false
      } else if !inIndex {
        result.append(character)
      }
    }
    return result
  }

  /// ``pattern(_:)`` of a path's UTF-8 bytes, or nil when one is not ASCII.
  private static func asciiPattern(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 8)
    var inIndex = false
    for byte in bytes {
      if byte >= 0x80 { return nil }
      if byte == UInt8(ascii: "[") {
        inIndex = true
        result.append(UInt8(ascii: "["))
        result.append(UInt8(ascii: "*"))
        result.append(UInt8(ascii: "]"))
      } else if byte == UInt8(ascii: "]") {
        inIndex = false
      } else if !inIndex {
        result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Why `id` cannot name a layer, or nil when it can.
  public static func problem(withID id: String) -> String? {
    if id.isEmpty { return "expected a non-empty id" }
    if id.contains(where: { reservedCharacters.contains($0) || $0.isWhitespace || $0.isNewline }) {
      return "id \"\(id)\" contains `/`, `*` or white space; ids are joined with `/` into layer paths"
    }
    if id.contains("[") || id.contains("]") {
      return "id \"\(id)\" contains `[` or `]`; the tool adds [n] itself to layers made by `repeat`"
    }
    return nil
  }
}
