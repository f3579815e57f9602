/// The kinds of document the tool prints or writes, each with its own escaping.
///
/// Values from a scene are escaped by each kind's formatter helpers as they are placed
/// (``Markup/escape(_:)``, ``Markdown/text(_:)`` and ``Markdown/code(_:)``, the JSON writer).
/// A document that goes to standard output can also land in a CI log, so ``forLog(_:)`` is
/// applied where documents are printed (``ToolIO/document(_:_:)``): whatever its values hold,
/// no line of it can be read as a workflow command, and nothing in it acts on a terminal. Each
/// kind does so in its own syntax, so the document means the same.
enum DocumentKind: Sendable {
  /// JSON: reports, comparisons, explanations, scenes.
  case json
  /// GitHub-flavoured Markdown: pull-request comments.
  case markdown
  /// SVG, HTML and XML (JUnit).
  case markup

  /// `text` as printed to a terminal or a CI log.
  func forLog(_ text: String) -> String {
    // ASCII with no hazard and no line the guard changes is left as it is by every kind (read
    // byte by byte: a report of thousands of scenes is not copied character by character).
    if TerminalText.isPlain(text) { return text }
    switch self {
    case .json:
      // Outside strings JSON is ASCII, so every such character is in a string, where `\uXXXX`
      // means the same character.
      var escaped = ""
      escaped.reserveCapacity(text.utf8.count)
      for scalar in text.unicodeScalars {
        if TerminalText.isHazard(scalar) && scalar != "\n" {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          escaped += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
      return WorkflowCommandGuard.neutralise(escaped, colon: "\\u003A", bracket: "\\u005B")
    case .markdown:
      // `\:` and `\[` are Markdown's own escapes of those characters.
      return WorkflowCommandGuard.neutralise(Self.visible(text), colon: "\\:", bracket: "\\[")
    case .markup:
      // Character references: the same text in elements and attributes.
      return WorkflowCommandGuard.neutralise(Self.visible(text), colon: "&#58;", bracket: "&#91;")
    }
  }

  /// Terminal hazards other than line feeds shown as `\u{1B}`.
  private static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && TerminalText.isHazard($0) }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar != "\n" && TerminalText.isHazard(scalar) {
        result += TerminalText.visible(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
