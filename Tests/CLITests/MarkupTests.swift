import Testing

@testable import offscreen_sim

@Suite("Markup: escaping and numbers")
struct MarkupTests {
  @Test func escapesTheFiveCharactersAndDropsWhatXMLCannotHold() {
    #expect(Markup.escape("a & b < c > d \" e ' f") == "a &amp; b &lt; c &gt; d &quot; e &#39; f")
    #expect(Markup.escape("tab\tline\ncr\r") == "tab\tline\ncr\r")
    #expect(Markup.escape("bell\u{7} nul\u{0} fffe\u{FFFE}") == "bell\u{FFFD} nul\u{FFFD} fffe\u{FFFD}")
    #expect(Markup.escape("café, 日本, 🎨") == "café, 日本, 🎨")
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
