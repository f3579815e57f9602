import Testing

@testable import offscreen_sim

@Suite("Markup: escaping and numbers")
struct MarkupTests {
  /// The policy as ``Markup/escape(_:)`` states it, each case written out by hand.
  @Test func escapesTheFiveCharactersAndDropsWhatXMLCannotHold() {
    #expect(Markup.escape("a & b < c > d \" e ' f") == "a &amp; b &lt; c &gt; d &quot; e &#39; f")
    // White space XML would fold in an attribute, as character references: no raw line break.
    #expect(Markup.escape("tab\tline\ncr\r") == "tab&#9;line&#10;cr&#13;")
    // What XML 1.0 cannot hold, and what acts on a terminal, shown as escapes.
    #expect(Markup.escape("bell\u{7} nul\u{0} esc\u{1B} fffe\u{FFFE}") == "bell\\u{7} nul\\u{0} esc\\u{1B} fffe\u{FFFD}")
    #expect(Markup.escape("a\u{202E}b\u{2066}c") == "a\\u{202E}b\\u{2066}c")
    // `##[` would be an old-style workflow command in a CI log.
    #expect(Markup.escape("##[error]x") == "##&#91;error]x")
    #expect(Markup.escape("root/cell[3]") == "root/cell[3]")
    #expect(Markup.escape("café, 日本, 🎨") == "café, 日本, 🎨")
  }

  /// Every character a scene can hold, in an element and in an attribute, reads back as the
  /// escaped text says: the five specials and white space as themselves, hazards as escapes.
  @Test func escapedTextParsesBackInElementsAndAttributes() throws {
    let value = "<a href='x'>&amp; \"q\"\n::error::x\t\r\u{1B}[31m"
    let xml = "<r a=\"\(Markup.escape(value))\" b='\(Markup.escape(value))'>\(Markup.escape(value))</r>"
    let parsed = try ParsedMarkup(xml)
    let root = try #require(try parsed.elements("/r").first)
    let expected = "<a href='x'>&amp; \"q\"\n::error::x\t\r\\u{1B}[31m"
    #expect(root.attribute("a") == expected)
    #expect(root.attribute("b") == expected)
    #expect(root.stringValue == expected)
    #expect(!xml.contains("\n"))
  }

  @Test func numbersHaveFixedDecimals() {
    #expect(Markup.number(16.666666) == "16.67")
    #expect(Markup.number(0) == "0.00")
    #expect(Markup.number(-0.001) == "0.00")
    #expect(Markup.number(-3.5) == "-3.50")
    #expect(Markup.number(1e20) == "1000000000000.00")
    #expect(Markup.number(.nan) == "0.00")
    #expect(Markup.number(8.3333, 3) == "8.333")
    #expect(Markup.number(400, 0) == "400")
    #expect(Markup.number(0.05, 1) == "0.1")
  }
}
