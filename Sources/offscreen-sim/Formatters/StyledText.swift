/// Text for a terminal in which some of the tool's own words carry a style (a verdict in red or
/// green, a heading in bold). The pieces are escaped as one text (``TerminalText/escape(_:)``)
/// and the styles become ANSI colour codes only where ``ToolIO`` colours, so whatever a piece
/// holds, the codes a terminal receives come from ``Style`` alone.
struct StyledText: Sendable, Equatable, ExpressibleByStringLiteral {
  /// What a piece means; how it looks is ``sgr``'s choice.
  enum Style: Sendable, Equatable {
    /// Got worse, failed.
    case worse
    /// Got better, passed.
    case better
    /// Did not change; details.
    case quiet
    /// A heading or the verdict's word.
    case strong
  }

  struct Segment: Sendable, Equatable {
    var text: String
    var style: Style?
  }

  var segments: [Segment] = []

  init() {}
  init(_ text: String) { if !text.isEmpty { segments = [Segment(text: text, style: nil)] } }
  init(stringLiteral value: String) { self.init(value) }

  /// The text without styles.
  var plain: String { segments.map(\.text).joined() }

  mutating func append(_ text: String, _ style: Style? = nil) {
    guard !text.isEmpty else { return }
    segments.append(Segment(text: text, style: style))
  }

  mutating func append(_ other: StyledText) { segments += other.segments }

  static func += (lhs: inout StyledText, rhs: String) { lhs.append(rhs) }
  static func += (lhs: inout StyledText, rhs: StyledText) { lhs.append(rhs) }
  static func + (lhs: StyledText, rhs: String) -> StyledText {
    var result = lhs
    result.append(rhs)
    return result
  }

  /// The Select Graphic Rendition code of a style (ECMA-48, 8.3.117: 1 bold, 2 faint, 31 red,
  /// 32 green), and the reset written after it.
  static func sgr(_ style: Style) -> String {
    switch style {
    case .worse: return "\u{1B}[1;31m"
    case .better: return "\u{1B}[32m"
    case .quiet: return "\u{1B}[2m"
    case .strong: return "\u{1B}[1m"
    }
  }
  static let reset = "\u{1B}[0m"

  /// Escaped pieces as printed: wrapped to `width` columns when given (``LineWrap``), each styled
  /// run between its code and a reset when `colour` is on. Line breaks end every run, so a
  /// style never bleeds into the next line or a pager's prompt.
  static func render(_ pieces: [(String, Style?)], width: Int?, colour: Bool) -> String {
    var cells: [(Character, Style?)] = []
    for (text, style) in pieces {
      for character in text { cells.append((character, style)) }
    }
    if let width { cells = LineWrap.wrap(cells, width: width) }
    guard colour else { return String(cells.map(\.0)) }
    var result = ""
    var current: Style? = nil
    for (character, style) in cells {
      let wanted = character == "\n" ? nil : style
      if wanted != current {
        if current != nil { result += reset }
        if let wanted { result += sgr(wanted) }
        current = wanted
      }
      result.append(character)
    }
    if current != nil { result += reset }
    return result
  }
}
