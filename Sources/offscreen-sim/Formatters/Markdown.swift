/// The escaping policy of Markdown output (GitHub-flavoured: pull-request comments, job
/// summaries), and small helpers to write it.
///
/// A comment is rendered by GitHub: raw HTML in it is rendered, `@name` notifies a person,
/// `#12` links an issue, a URL becomes a link. Text from a scene must do none of that, so:
/// - free text (a scene's name, a device's name, a message) goes through ``text(_:)``: HTML
///   escaped, Markdown's punctuation escaped with `\`, mentions, issue references and autolinks
///   broken with a zero-width space (U+200B, written `&#8203;`), line breaks folded;
/// - ids, paths and file names go through ``code(_:)``: a code span, in which GitHub renders no
///   HTML, mention or link, fenced with more backticks than the id holds in a row, so nothing in
///   it can close it.
/// Both show terminal hazards (``TerminalText/isHazard(_:)``) as `\u{1B}`.
enum Markdown {
  /// Free text, safe in a paragraph, a heading or a table cell.
  static func text(_ value: String) -> String {
    var result = ""
    result.reserveCapacity(value.utf8.count)
    var previous: Unicode.Scalar = " "
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}": result += " "
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\\", "`", "*", "_", "[", "]", "|", "~", "$", "!":
        result += "\\"
        result.unicodeScalars.append(scalar)
      // `@name` mentions and e-mail autolinks, `#12` references: a zero-width space after.
      case "@", "#":
        result.unicodeScalars.append(scalar)
        result += zeroWidthSpace
      // `http://`, `www.`: broken before the slashes and the dot.
      case "/" where previous == ":":
        result += zeroWidthSpace + "/"
      case "." where result.hasSuffix("www") || result.hasSuffix("WWW"):
        result += zeroWidthSpace + "."
      default:
        if TerminalText.isHazard(scalar) {
          result += TerminalText.visible(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
      previous = scalar
    }
    return result
  }

  /// Text for a table cell: ``text(_:)``.
  static func cell(_ value: String) -> String { text(value) }

  /// Text as code (`scenes/feed.json`): a code span that nothing in `value` can close. The fence
  /// is one backtick longer than the longest run of backticks in `value`; a space pads each
  /// side when the fence is longer than one or the value starts or ends with a space, and
  /// CommonMark strips exactly that space. Line breaks become spaces (a blank line would end
  /// the paragraph, and the span with it); in a table (`inTable`) `|` is escaped, which GitHub's
  /// tables require even in code; elsewhere it is left as it is, since a code span shows a
  /// backslash as written.
  static func code(_ value: String, inTable: Bool = true) -> String {
    var clean = ""
    var longestRun = 0
    var run = 0
    for scalar in value.unicodeScalars {
      run = scalar == "`" ? run + 1 : 0
      longestRun = max(longestRun, run)
      switch scalar {
      case "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}": clean += " "
      case "|" where inTable: clean += "\\|"
      default:
        if TerminalText.isHazard(scalar) {
          clean += TerminalText.visible(scalar)
        } else {
          clean.unicodeScalars.append(scalar)
        }
      }
    }
    if clean.isEmpty { return "` `" }
    let fence = String(repeating: "`", count: longestRun + 1)
    let pad = longestRun > 0 || clean.hasPrefix(" ") || clean.hasSuffix(" ")
    return pad ? "\(fence) \(clean) \(fence)" : "\(fence)\(clean)\(fence)"
  }

  /// A table: a header row, an alignment row (`right` columns right-aligned), the rows. Header
  /// cells are escaped here; row cells are written as given (escape them with ``text(_:)`` or
  /// ``code(_:)``).
  static func table(_ header: [String], right: Set<Int> = [], _ rows: [[String]]) -> String {
    var text = "| " + header.map(cell).joined(separator: " | ") + " |\n"
    text += "|" + header.indices.map { right.contains($0) ? " ---: " : " --- " }.joined(separator: "|") + "|\n"
    for row in rows { text += "| " + row.joined(separator: " | ") + " |\n" }
    return text
  }

  /// Written as a character reference, so the comment's source shows it.
  static let zeroWidthSpace = "&#8203;"

  /// The inputs a command could not use, a line each with the file and the error's first line;
  /// nothing when there are none. Check's and compare's Markdown both end with it.
  static func unusableInputs(_ errors: [InputError]) -> String {
    guard !errors.isEmpty else { return "" }
    var text = "\n**Could not be used:**\n\n"
    for error in errors {
      let first = error.message.split(separator: "\n").first.map(String.init) ?? error.message
      text += "- \(code(error.file ?? "(input)", inTable: false)): \(cell(first))\n"
    }
    return text
  }
}
