extension SceneDocument {
  /// The file `original` with only what differs in this document rewritten.
  ///
  /// Every value equal to the one the file held keeps its bytes (spacing, number spelling,
  /// escapes, line breaks). A value that changed is written in its place the way ``rendered()``
  /// writes it, indented like the line it starts on. An object that gained or lost keys keeps
  /// the bytes of the members it still has (each patched the same way), drops those it lost, and
  /// gets the new ones written where the edit put them, separated as its members already are.
  /// So a document that was not edited gives back `original` byte for byte, and an edit shows in
  /// a diff as the keys it changed.
  ///
  /// `original` must be the file this document was parsed from, before any edit, with the
  /// same `limits`.
  public func patched(_ original: [UInt8], limits: InputLimits = .standard) throws(JSONSyntaxError) -> [UInt8] {
    let before = try SceneDecoder.parseJSON(original, limits: limits)
    let patcher = TextPatcher(bytes: original)
    var edits: [TextPatcher.Edit] = []
    patcher.differences(before, value, into: &edits)
    return patcher.apply(edits, in: 0..<original.count)
  }
}

/// Rewrites the parts of a JSON text whose values changed.
private struct TextPatcher {
  let bytes: [UInt8]

  /// Replace `range` of the original bytes with `text`.
  struct Edit {
    var range: Range<Int>
    var text: [UInt8]
  }

  /// The edits that turn `old` (as read from ``bytes``) into `new`, in file order.
  func differences(_ old: JSONValue, _ new: JSONValue, into edits: inout [Edit]) {
    switch (old.kind, new.kind) {
    case (.object(let a), .object(let b)):
      if a.count == b.count && zip(a, b).allSatisfy({ $0.key == $1.key }) {
        for (x, y) in zip(a, b) { differences(x.value, y.value, into: &edits) }
      } else if let text = rejoined(old, a, b) {
        edits.append(Edit(range: old.offset..<valueEnd(from: old.offset), text: text))
      } else {
        edits.append(replacement(old, new))
      }
    case (.array(let a), .array(let b)):
      if a.count == b.count {
        for (x, y) in zip(a, b) { differences(x, y, into: &edits) }
      } else if let text = rejoined(old, a, b) {
        edits.append(Edit(range: old.offset..<valueEnd(from: old.offset), text: text))
      } else {
        edits.append(replacement(old, new))
      }
    case (.null, .null): break
    case (.bool(let a), .bool(let b)) where a == b: break
    case (.number(let a), .number(let b)) where a == b: break
    case (.string(let a), .string(let b)) where a == b: break
    default: edits.append(replacement(old, new))
    }
  }

  /// `old` written again as `new`, whole.
  private func replacement(_ old: JSONValue, _ new: JSONValue) -> Edit {
    Edit(range: old.offset..<valueEnd(from: old.offset), text: rendered(new, at: old.offset))
  }

  /// The object `old` (members `a`) with members `b`: kept members keep their text, patched, and
  /// the separator (comma, spaces, line break) that came before them; new ones are written, with
  /// the separator of the kept member after them (or before them, at the end). Nil when `a` has
  /// fewer than two members (no separator to copy) or `b` has none.
  private func rejoined(_ old: JSONValue, _ a: [JSONValue.Member], _ b: [JSONValue.Member]) -> [UInt8]? {
    guard a.count >= 2, !b.isEmpty else { return nil }
    var used = Array(repeating: false, count: a.count)
    let matches = b.map { member -> Int? in
      guard let match = a.indices.first(where: { !used[$0] && a[$0].key == member.key }) else { return nil }
      used[match] = true
      return match
    }
    return joined(
      old, starts: a.map(\.keyOffset), ends: a.map { valueEnd(from: $0.value.offset) }, matches: matches,
      kept: { old, new in
        var edits: [Edit] = []
        differences(a[old].value, b[new].value, into: &edits)
        return apply(edits, in: a[old].keyOffset..<valueEnd(from: a[old].value.offset))
      },
      added: { new in
        var key = ""
        JSONOutput.writeString(b[new].key, to: &key)
        return Array((key + ": ").utf8) + rendered(b[new].value, at: a[0].keyOffset)
      })
  }

  /// The array `old` (elements `a`) with elements `b`, when both hold objects only (a
  /// `sublayers` list): an element of `b` whose `id` is that of the next unused element of `a`
  /// with it keeps its text, patched, as an object keeps its
  /// members; others are written. Nil when `a` has fewer than two elements or `b` none.
  private func rejoined(_ old: JSONValue, _ a: [JSONValue], _ b: [JSONValue]) -> [UInt8]? {
    func id(_ value: JSONValue) -> String?? {
      guard case .object(let members) = value.kind else { return nil }
      guard let member = members.first(where: { $0.key == "id" }), case .string(let text) = member.value.kind else {
        return .some(nil)
      }
      return .some(text)
    }
    guard a.count >= 2, !b.isEmpty, a.allSatisfy({ id($0) != nil }), b.allSatisfy({ id($0) != nil }) else { return nil }
    var next = 0
    let matches = b.map { element -> Int? in
      let elementID = id(element)
      guard let match = a[next...].firstIndex(where: { id($0) == elementID }) else { return nil }
      next = match + 1
      return match
    }
    return joined(
      old, starts: a.map(\.offset), ends: a.map { valueEnd(from: $0.offset) }, matches: matches,
      kept: { old, new in
        var edits: [Edit] = []
        differences(a[old], b[new], into: &edits)
        return apply(edits, in: a[old].offset..<valueEnd(from: a[old].offset))
      },
      added: { new in rendered(b[new], at: a[0].offset) })
  }

  /// A container's text from its old items (`starts`, `ends`: their byte ranges, at least two)
  /// and its new ones: `matches[i]` is the old item the new item `i` keeps, or nil for an added
  /// one. The text before the first old item and after the last is kept.
  private func joined(
    _ old: JSONValue, starts: [Int], ends: [Int], matches: [Int?], kept: (Int, Int) -> [UInt8], added: (Int) -> [UInt8]
  ) -> [UInt8] {
    // What came before old item `j`; the first item takes the second's.
    func separator(_ j: Int) -> ArraySlice<UInt8> { j == 0 ? bytes[ends[0]..<starts[1]] : bytes[ends[j - 1]..<starts[j]] }
    var text = Array(bytes[old.offset..<starts[0]])
    for (index, match) in matches.enumerated() {
      if index > 0 {
        let neighbour = match ?? matches[index...].lazy.compactMap { $0 }.first ?? matches[..<index].lazy.compactMap { $0 }.last ?? 1
        text += separator(neighbour)
      }
      text += match.map { kept($0, index) } ?? added(index)
    }
    return text + bytes[ends[ends.count - 1]..<valueEnd(from: old.offset)]
  }

  /// `range` of the original bytes with `edits` (in file order, inside it) applied.
  func apply(_ edits: [Edit], in range: Range<Int>) -> [UInt8] {
    guard !edits.isEmpty else { return Array(bytes[range]) }
    var output: [UInt8] = []
    output.reserveCapacity(range.count)
    var position = range.lowerBound
    for edit in edits {
      output += bytes[position..<edit.range.lowerBound]
      output += edit.text
      position = edit.range.upperBound
    }
    output += bytes[position..<range.upperBound]
    return output
  }

  /// `value` as ``SceneDocument/rendered()`` writes it, its lines after the first indented like
  /// the line holding `offset`.
  private func rendered(_ value: JSONValue, at offset: Int) -> [UInt8] {
    var lineStart = offset
    while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    var indentEnd = lineStart
    while indentEnd < offset, bytes[indentEnd] == UInt8(ascii: " ") || bytes[indentEnd] == UInt8(ascii: "\t") { indentEnd += 1 }
    let indent = String(decoding: bytes[lineStart..<indentEnd], as: UTF8.self)
    var text = JSONOutput(value).rendered(lineWidth: max(40, SceneDocument.lineWidth - (offset - lineStart)))
    text.removeLast()  // the document's final line feed
    return Array(text.replacingOccurrences(of: "\n", with: "\n" + indent).utf8)
  }

  /// The offset just past the JSON value that starts at `start` (the bytes are valid JSON).
  func valueEnd(from start: Int) -> Int {
    var index = start
    var depth = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return index + 1 }
        }
      } else {
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          // At depth 0 the bracket closes the container a scalar stands in.
          if depth == 0 { return index }
          depth -= 1
          if depth == 0 { return index + 1 }
        case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
          if depth == 0 { return index }
        default: break
        }
      }
      index += 1
    }
    return bytes.count
  }
}
