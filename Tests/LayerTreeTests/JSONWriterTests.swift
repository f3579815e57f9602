import Testing

@testable import LayerTree

/// ``JSONOutput``'s text, byte for byte: every JSON document the tool prints (reports, check and
/// compare documents, shards and their merge) is made by it, so its layout and escapes are the
/// output's.
@Suite("JSON writer")
struct JSONWriterTests {
  /// Empty containers, scalars, an array of scalars on one line, a list of objects broken one
  /// per line; the compact form without white space.
  @Test func layout() {
    let document = JSONOutput.object([
      ("a", .int(1)), ("b", .array([.number(1.5), .null, .bool(true), .number(2)])),
      ("c", .array([.object([("d", .string("x"))]), .object([])])), ("e", .array([])), ("f", .number(.infinity)),
    ])
    #expect(
      document.rendered() == """
        {
          "a": 1,
          "b": [1.5, null, true, 2],
          "c": [
            {
              "d": "x"
            },
            {}
          ],
          "e": [],
          "f": null
        }

        """)
    #expect(document.rendered(pretty: false) == #"{"a":1,"b":[1.5,null,true,2],"c":[{"d":"x"},{}],"e":[],"f":null}"#)
    #expect(JSONOutput.array([]).rendered() == "[]\n")
    #expect(JSONOutput.string("").rendered(pretty: false) == #""""#)
  }

  /// Quotes, backslashes and control characters escaped (the short forms where JSON has them,
  /// `\u00XX` in lower case otherwise), in values and keys; DEL and everything beyond ASCII
  /// written as it is.
  @Test func escapes() {
    let text = "a\"b\\c\n\r\t\u{0}\u{1}\u{1B}\u{1F} \u{7F}é\u{2028}🎨"
    let written = #""a\"b\\c\n\r\t\u0000\u0001\u001b\u001f "# + "\u{7F}é\u{2028}🎨\""
    #expect(JSONOutput.string(text).rendered(pretty: false) == written)
    #expect(JSONOutput.object([(text, .null)]).rendered(pretty: false) == "{" + written + ":null}")
    #expect(JSONOutput.object([(text, .string(text))]).rendered(lineWidth: 140) == "{ " + written + ": " + written + " }\n")
  }

  /// Every character of ASCII and some beyond, in values and keys, pretty and compact: read back,
  /// the same strings.
  @Test func everyCharacterReadsBack() throws {
    var characters = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
    characters += ["é", "\u{85}", "\u{2028}", "\u{FEFF}", "🎨", "a\u{301}"]
    let document = JSONOutput.object(characters.map { ($0, .array([.string($0), .string("x" + $0 + "y")])) })
    for text in [document.rendered(), document.rendered(pretty: false), document.rendered(lineWidth: 40)] {
      guard case .object(let members) = try JSONReader.parse(Array(text.utf8)).kind else {
        Issue.record("not an object")
        return
      }
      #expect(members.map(\.key) == characters)
      for (member, character) in zip(members, characters) {
        guard case .array(let items) = member.value.kind, items.count == 2, case .string(let first) = items[0].kind,
          case .string(let second) = items[1].kind
        else {
          Issue.record("member \(character.debugDescription) is not two strings")
          continue
        }
        #expect(first == character && second == "x" + character + "y")
      }
    }
  }

  /// Nesting deeper than the indents made ahead (32 levels) indents the same way.
  @Test func deepNesting() {
    var document = JSONOutput.string("x")
    for _ in 0..<40 { document = .object([("k", document)]) }
    let lines = document.rendered().split(separator: "\n")
    #expect(lines.count == 81)
    for (depth, line) in lines.prefix(41).enumerated() {
      #expect(line == Substring(String(repeating: "  ", count: depth) + (depth == 0 ? "{" : depth == 40 ? "\"k\": \"x\"" : "\"k\": {")))
    }
  }
}
