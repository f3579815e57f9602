import Testing

@testable import LayerTree

// MARK: Helpers

private func parse(_ text: String, maxDepth: Int = 512) throws(JSONSyntaxError) -> JSONValue {
  try JSONReader.parse(Array(text.utf8), maxDepth: maxDepth)
}

/// The error parsing `bytes` throws, or nil when it parses.
private func syntaxError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONSyntaxError? {
  do {
    _ = try JSONReader.parse(bytes, maxDepth: maxDepth)
    return nil
  } catch {
    return error
  }
}

private func syntaxError(_ text: String, maxDepth: Int = 512) -> JSONSyntaxError? {
  syntaxError(Array(text.utf8), maxDepth: maxDepth)
}

/// A compact rendering of a value, without offsets, to compare whole trees.
private func render(_ value: JSONValue) -> String {
  switch value.kind {
  case .null: return "null"
  case .bool(let bool): return "\(bool)"
  case .number(let number): return "\(number)"
  case .string(let string): return "\"\(string)\""
  case .array(let elements): return "[" + elements.map(render).joined(separator: ",") + "]"
  case .object(let members):
    return "{" + members.map { "\($0.key):\(render($0.value))" }.joined(separator: ",") + "}"
  }
}

private func number(_ value: JSONValue) -> Double? {
  if case .number(let number) = value.kind { return number }
  return nil
}

private func string(_ value: JSONValue) -> String? {
  if case .string(let string) = value.kind { return string }
  return nil
}

@Suite struct JSONReaderTests {
  // MARK: Values

  @Test(arguments: [
    ("null", "null"),
    ("true", "true"),
    ("false", "false"),
    ("0", "0.0"),
    ("42", "42.0"),
    ("-7.25", "-7.25"),
    (#""""#, #""""#),
    (#""hello""#, #""hello""#),
    ("[]", "[]"),
    ("{}", "{}"),
    ("[ ]", "[]"),
    ("{ \n }", "{}"),
    (" \t\r\n[ 1 , 2 ]\n", "[1.0,2.0]"),
    (#"[null,true,false,1,"s",[],{}]"#, #"[null,true,false,1.0,"s",[],{}]"#),
    (#"{"a":{"b":{"c":[[[]]]}}}"#, #"{a:{b:{c:[[[]]]}}}"#),
    (#"{"a":1,"a":2}"#, "{a:1.0,a:2.0}"),
    (
      #"[{"id":"cell1","frame":[0,64.5,375,64],"masksToBounds":true,"sublayers":[]}]"#,
      #"[{id:"cell1",frame:[0.0,64.5,375.0,64.0],masksToBounds:true,sublayers:[]}]"#
    ),
  ])
  func parsesValues(input: String, expected: String) throws {
    #expect(render(try parse(input)) == expected)
  }

  @Test func negativeZeroKeepsItsSign() throws {
    let value = try #require(number(try parse("-0")))
    #expect(value == 0 && value.sign == .minus)
    let fraction = try #require(number(try parse("-0.0e5")))
    #expect(fraction == 0 && fraction.sign == .minus)
  }

  @Test func offsetsOfValuesAndKeys() throws {
    // Offsets:        0         1         2         3
    //                 0123456789012345678901234567890123
    let text = #"{"a": [1, {"b": null}], "c": "x"}"#
    let root = try parse(text)
    #expect(root.offset == 0)
    guard case .object(let members) = root.kind, members.count == 2 else { Issue.record("not an object"); return }
    #expect(members[0].key == "a" && members[0].keyOffset == 1 && members[0].value.offset == 6)
    #expect(members[1].key == "c" && members[1].keyOffset == 24 && members[1].value.offset == 29)
    #expect(string(members[1].value) == "x")
    guard case .array(let elements) = members[0].value.kind, elements.count == 2 else { Issue.record("not an array"); return }
    #expect(elements[0].offset == 7 && number(elements[0]) == 1)
    #expect(elements[1].offset == 10)
    guard case .object(let inner) = elements[1].kind, inner.count == 1 else { Issue.record("not an object"); return }
    #expect(inner[0].key == "b" && inner[0].keyOffset == 11 && inner[0].value.offset == 16)
    guard case .null = inner[0].value.kind else { Issue.record("not null"); return }
  }

  @Test func byteOrderMarkIsSkippedButCounted() throws {
    let value = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[true]".utf8))
    #expect(value.offset == 3)
    guard case .array(let elements) = value.kind else { Issue.record("not an array"); return }
    #expect(elements.first?.offset == 4)
    #expect(render(value) == "[true]")
  }

  // MARK: Strings

  @Test(arguments: [
    (#""a\"b\\c\/d""#, "a\"b\\c/d"),
    (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
    (#""\u0041\u00e9\u20AC""#, "Aé€"),
    (#""\u0000""#, "\u{0}"),
    (#""\uD83D\uDE00""#, "😀"),
    (#""\ud83d\ude00!""#, "😀!"),
    (#""héllo 😀 ✓""#, "héllo 😀 ✓"),
    (#""0123456789abcdef\n0123456789""#, "0123456789abcdef\n0123456789"),
    (#""long plain ascii string with no escapes at all""#, "long plain ascii string with no escapes at all"),
    (#""before \u00e9 and after 8 bytes ünïcode""#, "before é and after 8 bytes ünïcode"),
  ])
  func decodesStrings(input: String, expected: String) throws {
    #expect(string(try parse(input)) == expected)
  }

  @Test func escapedKeys() throws {
    let value = try parse(#"{"a\u0062":1,"\n":2}"#)
    guard case .object(let members) = value.kind else { Issue.record("not an object"); return }
    #expect(members.map(\.key) == ["ab", "\n"])
  }

  /// Puts a special byte at every position of strings of several lengths, so that both the
  /// eight-bytes-at-a-time scan and the byte-by-byte tail see it.
  @Test func specialBytesAtEveryPosition() throws {
    for length in 0..<20 {
      for position in 0..<length {
        var body = Array(repeating: UInt8(ascii: "a"), count: length)
        body[position] = 0x0A
        let error = try #require(syntaxError([0x22] + body + [0x22]))
        #expect(error.offset == 1 + position)

        body[position] = 0xFF
        #expect(syntaxError([0x22] + body + [0x22])?.offset == 1 + position)

        let plain = String(repeating: "a", count: position)
        let rest = String(repeating: "b", count: length - position)
        #expect(string(try parse("\"\(plain)\\\"\(rest)\"")) == plain + "\"" + rest)
        #expect(string(try parse("\"\(plain)é\(rest)\"")) == plain + "é" + rest)
        #expect(string(try parse("\"\(plain)\"")) == plain)
      }
    }
  }

  // MARK: Numbers

  @Test(arguments: [
    "0", "1", "-1", "64.5", "375", "0.1", "0.2", "0.3", "1.1", "2.675", "4.35", "-123.456e-7",
    "1e3", "1E+2", "2.5e-3", "1e22", "1e23", "1e-22", "1e-23", "0.000001", "123456.789",
    "3.141592653589793", "2.718281828459045", "9007199254740992", "9007199254740993",
    "18446744073709551615", "18446744073709551616", "0.1234567890123456789",
    "123456789012345678901234567890", "1.7976931348623157e308", "2.2250738585072014e-308",
    "4.9406564584124654e-324", "5e-324", "8.589973e9", "0.30000000000000004",
    "1000000000000000000000000", "0.00000000000000000000000000001",
  ])
  func numbersMatchTheStandardLibrary(literal: String) throws {
    let expected = try #require(Double(literal))
    #expect(number(try parse(literal)) == expected)
    #expect(number(try parse("[\(literal)]").arrayFirst) == expected)
  }

  @Test func numbersWorkedOutByHand() throws {
    #expect(number(try parse("64.5")) == 64.5)
    #expect(number(try parse("-12")) == -12)
    #expect(number(try parse("1e3")) == 1000)
    #expect(number(try parse("2.5E-1")) == 0.25)
    #expect(number(try parse("9007199254740993")) == 9_007_199_254_740_992)  // 2^53 + 1 rounds to even
    #expect(number(try parse("1.7976931348623157e308")) == .greatestFiniteMagnitude)
    #expect(number(try parse("5e-324")) == .leastNonzeroMagnitude)
  }

  /// Decimals with up to 17 significant digits and exponents around the fast path's edges.
  @Test func generatedDecimalsMatchTheStandardLibrary() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
    for _ in 0..<5000 {
      let digits = Int(next() % 17) + 1
      let mantissa = String(next() % 100_000_000_000_000_000).prefix(digits)
      let point = Int(next() % UInt64(mantissa.count + 1))
      var literal = String(mantissa.prefix(point)) + "." + String(mantissa.dropFirst(point))
      if literal.hasPrefix(".") { literal = "0" + literal }
      if literal.hasSuffix(".") { literal += "0" }
      if literal.hasPrefix("0"), literal.count > 1, !literal.hasPrefix("0.") { continue }
      if next() % 2 == 0 { literal += "e\(Int(next() % 60) - 30)" }
      if next() % 3 == 0 { literal = "-" + literal }
      let expected = try #require(Double(literal))
      let parsed = try parse(literal)
      #expect(number(parsed) == expected, "\(literal)")
    }
  }

  @Test(arguments: [
    ("1e400", Double.infinity),
    ("-1e400", -Double.infinity),
    ("1e999999999999999999999999", Double.infinity),
    (String(repeating: "9", count: 400), Double.infinity),
    ("-" + String(repeating: "9", count: 400) + ".5", -Double.infinity),
    ("1e-400", 0),
    ("0e999999999", 0),
    ("0.1e-999999999999", 0),
  ])
  func outOfRangeNumbers(literal: String, expected: Double) throws {
    #expect(number(try parse(literal)) == expected)
  }

  // MARK: Errors

  @Test(arguments: [
    // Truncated documents.
    ("", 0, "expected a JSON value, found end of file"),
    ("   ", 3, "expected a JSON value, found end of file"),
    ("[", 1, "expected a JSON value, found end of file"),
    ("[1", 2, "expected ',' or ']' after an array element, found end of file"),
    ("[1,", 3, "expected a JSON value, found end of file"),
    (#"{"a""#, 4, "expected ':' after an object key, found end of file"),
    (#"{"a":"#, 5, "expected a JSON value, found end of file"),
    (#"{"a":1,"#, 7, "expected a string key after ',', found end of file"),
    (#""abc"#, 0, #"expected '"' to end the string that starts here, found end of file"#),
    (#"["abc\"]"#, 1, #"expected '"' to end the string that starts here, found end of file"#),
    ("tru", 0, "expected a JSON value, found 'tru'"),
    // Structure.
    ("[1,]", 3, "expected a JSON value after ',', found ']' (trailing commas are not allowed)"),
    (#"{"a":1,}"#, 7, "expected a string key after ',', found '}' (trailing commas are not allowed)"),
    ("[,1]", 1, "expected a JSON value, found ','"),
    ("[1,,2]", 3, "expected a JSON value, found ','"),
    (#"{"a" 1}"#, 5, "expected ':' after an object key, found '1'"),
    (#"{"a":1 x}"#, 7, "expected ',' or '}' after an object member, found 'x'"),
    (#"{"a":1]"#, 6, "expected ',' or '}' after an object member, found ']'"),
    ("[1}", 2, "expected ',' or ']' after an array element, found '}'"),
    ("{1:2}", 1, "expected a string key or '}' after '{', found '1'"),
    ("{'a':1}", 1, #"expected a string key or '}' after '{', found "'""#),
    (#"{"a":1,b:2}"#, 7, "expected a string key after ',', found 'b'"),
    ("['a']", 1, #"expected a JSON value, found "'""#),
    ("]", 0, "expected a JSON value, found ']'"),
    // Trailing garbage.
    ("[1] x", 4, "unexpected 'x' after the JSON value"),
    ("1 2", 2, "unexpected '2' after the JSON value"),
    ("{} {}", 3, "unexpected '{' after the JSON value"),
    ("true,", 4, "unexpected ',' after the JSON value"),
    ("nullx", 0, "expected a JSON value, found 'nullx'"),
    // Not JSON: comments, identifiers, JavaScript numbers.
    // A '/' that opens a comment says so: JSON (RFC 8259) has no comments.
    ("// note\n1", 0, "expected a JSON value, found '/' (a comment: JSON has none; remove it)"),
    ("[1 /* note */]", 3, "expected ',' or ']' after an array element, found '/' (a comment: JSON has none; remove it)"),
    ("[1 / 2]", 3, "expected ',' or ']' after an array element, found '/'"),
    ("NaN", 0, "expected a JSON value, found 'NaN'"),
    ("Infinity", 0, "expected a JSON value, found 'Infinity'"),
    ("-Infinity", 1, "expected a digit after '-', found 'I'"),
    ("True", 0, "expected a JSON value, found 'True'"),
    ("undefined_and_some_more_letters", 0, "expected a JSON value, found 'undefined_and_some_more_…'"),
    // Numbers.
    ("01", 1, "expected a number without leading zeros, found '1' after '0'"),
    ("-012", 2, "expected a number without leading zeros, found '1' after '0'"),
    ("1.", 2, "expected a digit after '.', found end of file"),
    ("1.e5", 2, "expected a digit after '.', found 'e'"),
    ("[1.]", 3, "expected a digit after '.', found ']'"),
    ("-", 1, "expected a digit after '-', found end of file"),
    ("- 1", 1, "expected a digit after '-', found a space"),
    ("1e", 2, "expected a digit in the exponent, found end of file"),
    ("1E+", 3, "expected a digit in the exponent, found end of file"),
    ("1e-x", 3, "expected a digit in the exponent, found 'x'"),
    (".5", 0, "expected a JSON value, found '.'"),
    ("+1", 0, "expected a JSON value, found '+'"),
    ("0x10", 1, "unexpected 'x' after the JSON value"),
    // Escapes.
    (#""a\x""#, 2, #"expected one of \" \\ \/ \b \f \n \r \t \u after '\', found 'x'"#),
    (#""\'""#, 1, #"expected one of \" \\ \/ \b \f \n \r \t \u after '\', found "'""#),
    (#""\"#, 2, #"expected an escape character after '\', found end of file"#),
    (#""\u12G4""#, 5, #"expected 4 hex digits after '\u', found 'G'"#),
    (#""\u12"#, 5, #"expected 4 hex digits after '\u', found end of file"#),
    (#""\u12""#, 5, #"expected 4 hex digits after '\u', found '"'"#),
    // Surrogates.
    (#""\uD800""#, 1, #"expected a low surrogate escape '\uDC00'...'\uDFFF' after the high surrogate '\uD800', found '"'"#),
    (#""\uD800x\uDC00""#, 1, #"expected a low surrogate escape '\uDC00'...'\uDFFF' after the high surrogate '\uD800', found 'x'"#),
    (#""\uD83D\u0041""#, 7, #"expected a low surrogate escape '\uDC00'...'\uDFFF' after the high surrogate '\uD83D', found '\u0041'"#),
    (#""\uD83D\uD83D""#, 7, #"expected a low surrogate escape '\uDC00'...'\uDFFF' after the high surrogate '\uD83D', found '\uD83D'"#),
    (#""\uDC00""#, 1, #"expected a high surrogate escape before the low surrogate '\uDC00', found none"#),
    (#""\uDE00\uD83D""#, 1, #"expected a high surrogate escape before the low surrogate '\uDE00', found none"#),
    // Control characters in strings.
    ("\"a\nb\"", 2, #"expected the escape '\n' instead of a line break inside a string"#),
    ("\"\t\"", 1, #"expected the escape '\t' instead of a tab inside a string"#),
    ("[\"x\r\"]", 3, #"expected the escape '\r' instead of a carriage return inside a string"#),
    ("\"\u{1}\"", 1, #"expected the escape '\u0001' instead of control character U+0001 inside a string"#),
    ("\"\u{8}\"", 1, #"expected the escape '\b' instead of control character U+0008 inside a string"#),
  ])
  func reportsSyntaxErrors(input: String, offset: Int, message: String) throws {
    let error = try #require(syntaxError(input))
    #expect(error.offset == offset)
    #expect(error.message == message)
    #expect(error.description == message)
  }

  @Test(
    arguments: [
      ([0x22, 0xFF, 0x22], 1, "expected valid UTF-8 in a string, found byte 0xFF"),
      ([0x22, 0x61, 0xC3, 0x22], 2, "expected valid UTF-8 in a string, found byte 0xC3"),  // truncated sequence
      ([0x22, 0xC0, 0xAF, 0x22], 1, "expected valid UTF-8 in a string, found byte 0xC0"),  // overlong '/'
      ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1, "expected valid UTF-8 in a string, found byte 0xE0"),  // overlong
      ([0x22, 0xED, 0xA0, 0x80, 0x22], 1, "expected valid UTF-8 in a string, found byte 0xED"),  // encoded surrogate
      ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, "expected valid UTF-8 in a string, found byte 0xF4"),  // > U+10FFFF
      ([0x22, 0x80, 0x22], 1, "expected valid UTF-8 in a string, found byte 0x80"),  // lone continuation
      ([0x22, 0xE2, 0x82], 1, "expected valid UTF-8 in a string, found byte 0xE2"),  // cut by end of file
      ([0x22, 0x5C, 0x6E, 0xFE, 0x22], 3, "expected valid UTF-8 in a string, found byte 0xFE"),  // after an escape
      ([0xC3, 0xA9], 0, "expected a JSON value, found 'é'"),
      ([0xFF], 0, "expected a JSON value, found invalid UTF-8 byte 0xFF"),
      ([0x5B, 0x00], 1, "expected a JSON value, found control character U+0000"),
      ([0x31, 0x00], 1, "unexpected control character U+0000 after the JSON value"),
      ([0xEF, 0xBB], 0, "expected a JSON value, found invalid UTF-8 byte 0xEF"),
      ([0x20, 0xEF, 0xBB, 0xBF, 0x31], 1, "expected a JSON value, found '\u{FEFF}'"),  // BOM not at the start
    ] as [([UInt8], Int, String)])
  func reportsEncodingErrors(bytes: [UInt8], offset: Int, message: String) throws {
    let error = try #require(syntaxError(bytes))
    #expect(error.offset == offset)
    #expect(error.message == message)
  }

  @Test func errorLineAndColumnThroughSourceText() throws {
    let text = "[\n  1,\n  2 3\n]"
    let error = try #require(syntaxError(text))
    #expect(error.message == "expected ',' or ']' after an array element, found '3'")
    #expect(SourceText(Array(text.utf8)).location(ofOffset: error.offset) == SourceLocation(line: 3, column: 5))

    let scene = """
      {
        "id": "root",
        "frame": [0, 0, 375, 812],
        "cornerRadius": 01
      }
      """
    let sceneError = try #require(syntaxError(scene))
    #expect(sceneError.message == "expected a number without leading zeros, found '1' after '0'")
    #expect(SourceText(Array(scene.utf8)).location(ofOffset: sceneError.offset) == SourceLocation(line: 4, column: 20))
  }

  /// The line table, found eight bytes at a time, is the one a byte-by-byte scan finds: line
  /// breaks at every position in a word, at the ends, next to bytes one off a line break (0x0B,
  /// 0x09) and next to bytes with the high bit set.
  @Test func lineStartsMatchAByteByByteScan() {
    func naive(_ bytes: [UInt8]) -> [Int] {
      [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    }
    var inputs: [[UInt8]] = [[], [0x0A], [0x0A, 0x0A], Array("a\r\nb\n".utf8), [UInt8](repeating: 0x0A, count: 33)]
    for position in 0..<17 {
      var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 24)
      bytes[position] = 0x0A
      inputs.append(bytes)
      bytes[position + 1] = 0x0B
      inputs.append(bytes)
      bytes[position + 1] = 0x8A
      inputs.append(bytes)
    }
    var state: UInt64 = 7
    for length in 0..<200 {
      inputs.append(
        (0..<length).map { _ in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return [0x0A, 0x0B, 0x09, 0x8A, 0x00, 0xFF, 0x61][Int(state >> 61) % 7]
        })
    }
    for bytes in inputs {
      let source = SourceText(bytes)
      #expect(source.lineStarts == naive(bytes), "\(bytes)")
      #expect(source.byteCount == bytes.count)
    }
  }

  /// The lines of a text's tail locate every offset in the tail as the whole text's lines do:
  /// the line numbers go on from the line the tail starts in, the columns count from that line's
  /// start.
  @Test func aTailsLinesLocateAsTheWholeTexts() {
    let text = Array("{\n  \"a\": 1,\n\n  \"b\": [2,\n    3], \"c\": 4\n}\n".utf8)
    let whole = SourceText(text)
    for start in text.indices {
      // The line `start` is in, and where it starts, as a reader that counted the lines knows.
      let line = text[..<start].filter { $0 == UInt8(ascii: "\n") }.count + 1
      let lineStart = text[..<start].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
      let tail = SourceText(text, from: start, line: line, lineStart: lineStart)
      for offset in start...text.count {
        #expect(tail.location(ofOffset: offset) == whole.location(ofOffset: offset), "from \(start), offset \(offset)")
      }
    }
  }

  @Test func nestingLimit() throws {
    func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
    #expect(syntaxError(nested(512)) == nil)
    #expect(syntaxError(nested(513)) == JSONSyntaxError(offset: 512, message: "nesting deeper than 512 levels"))
    #expect(syntaxError(#"{"a":{"b":[]}}"#, maxDepth: 2) == JSONSyntaxError(offset: 10, message: "nesting deeper than 2 levels"))
    #expect(syntaxError(#"{"a":{"b":[]}}"#, maxDepth: 3) == nil)
    // Far deeper than any stack could recurse: still just an error.
    // Each `[{"a":` is 6 bytes and 2 levels, so the 513th level is the '[' at 256 * 6.
    #expect(syntaxError(String(repeating: "[{\"a\":", count: 200_000))?.offset == 1536)
    #expect(syntaxError(String(repeating: "[", count: 1_000_000))?.message == "nesting deeper than 512 levels")
  }

  @Test func everyProperPrefixOfADocumentIsAnError() throws {
    let document = Array(#"{"id":"a\u00e9","frame":[0,-64.5e1,375],"on":true,"off":false,"x":null}"#.utf8)
    #expect(render(try JSONReader.parse(document)) == #"{id:"aé",frame:[0.0,-645.0,375.0],on:true,off:false,x:null}"#)
    for length in 0..<document.count {
      let error = try #require(syntaxError(Array(document.prefix(length))), "prefix of \(length) bytes")
      #expect(error.offset >= 0 && error.offset <= length)
    }
  }
}

private extension JSONValue {
  var arrayFirst: JSONValue {
    if case .array(let elements) = kind, let first = elements.first { return first }
    return JSONValue(.null, offset: -1)
  }
}
