/// The escaping policy of text meant for a terminal or a CI log: what `report`, `check`,
/// `compare` and every message print on standard output and standard error.
///
/// Names, ids, keys and file names come from files a pull request can change. A terminal acts on
/// some characters (ESC starts an escape sequence, CR returns to the start of the line, bidi
/// controls reorder what follows) and a CI runner on some lines (GitHub Actions takes a line that
/// starts with `::` as a workflow command), so:
///
/// - ``escape(_:)`` runs over everything the tool prints, in ``ToolIO``: every control character
///   but line feed and tab, DEL, the C1 controls, the line and paragraph separators, the bidi
///   embeddings, overrides, isolates and marks, and the byte order mark are shown as `\u{1B}`;
///   then ``WorkflowCommandGuard`` keeps any line from starting a workflow command.
/// - ``inline(_:)`` is for one value inside a line (a scene's name, a file name): its line feeds
///   are shown as `\n` too, so nothing a scene supplies can start a line of its own.
enum TerminalText {
  /// Text as the terminal should show it, with the tool's own line breaks kept.
  static func escape(_ text: String) -> String {
    if isPlain(text) { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar != "\n" && isHazard(scalar) {
        result += visible(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return WorkflowCommandGuard.neutralise(result, colon: visible(":"), bracket: visible("["))
  }

  /// True when ``escape(_:)`` leaves `text` as it is: ASCII with no control character but line
  /// feed and tab, and no line the workflow guard changes. Read byte by byte: the tool's own
  /// reports are such text, and are printed without being copied character by character.
  ///
  /// The guard's ``WorkflowCommandGuard/Scanner`` over such text comes down to two questions,
  /// asked here of the bytes in place, each byte's class looked up in a table: is a `:` the first
  /// character of its line but for spaces and tabs, and does a `[` follow a `#`.
  static func isPlain(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      plainClasses.withUnsafeBufferPointer { classes in
        var atLineStart = true
        var afterHash = false
        for byte in bytes {
          switch classes[Int(byte)] {
          case .other:
            atLineStart = false
            afterHash = false
          case .blank: afterHash = false
          case .newline:
            atLineStart = true
            afterHash = false
          case .colon:
            if atLineStart { return false }
            afterHash = false
          case .hash:
            atLineStart = false
            afterHash = true
          case .bracket:
            if afterHash { return false }
            atLineStart = false
          case .never: return false
          }
        }
        return true
      }
    }
  }

  /// What ``isPlain(_:)`` needs to know of a byte.
  private enum PlainClass {
    case other
    case blank
    case newline
    case colon
    case hash
    case bracket
    /// A control character but tab and line feed, DEL, or a byte of a character beyond ASCII.
    case never
  }

  /// The class of each byte value.
  private static let plainClasses: [PlainClass] = (0..<256).map { byte in
    switch byte {
    case 0x0A: return .newline
    case 0x09, 0x20: return .blank
    case 0x3A: return .colon
    case 0x23: return .hash
    case 0x5B: return .bracket
    case 0x21..<0x7F: return .other
    default: return .never
    }
  }

  /// Styled text as the terminal should show it: each piece escaped as ``escape(_:)`` escapes
  /// the whole, the pieces' styles kept. Only the tool's ``StyledText/Style`` values become
  /// colour codes, never anything a piece holds.
  static func escape(_ text: StyledText) -> [(String, StyledText.Style?)] {
    var scanner = WorkflowCommandGuard.Scanner()
    return text.segments.map { segment in
      var result = ""
      func append(_ scalar: Unicode.Scalar) {
        switch scanner.next(scalar) {
        case .colon: result += visible(":")
        case .bracket: result += visible("[")
        case nil: result.unicodeScalars.append(scalar)
        }
      }
      for scalar in segment.text.unicodeScalars {
        if scalar != "\n" && isHazard(scalar) {
          for shown in visible(scalar).unicodeScalars { append(shown) }
        } else {
          append(scalar)
        }
      }
      return (result, segment.style)
    }
  }

  /// One value shown inside a line: line feeds escaped as well, so the value can neither end the
  /// line it is in nor start another.
  static func inline(_ value: String) -> String {
    guard value.unicodeScalars.contains(where: isHazard) else { return value }
    var result = ""
    for scalar in value.unicodeScalars {
      if scalar == "\n" {
        result += "\\n"
      } else if isHazard(scalar) {
        result += visible(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `\u{1B}`: a character as Swift writes it in a string literal, hexadecimal in capitals;
  /// a carriage return as `\r`.
  static func visible(_ scalar: Unicode.Scalar) -> String {
    if scalar == "\r" { return "\\r" }
    return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }

  /// True for the characters that act on a terminal or a log instead of showing: C0 controls
  /// but tab, DEL and C1 controls; U+2028 and U+2029 (line and paragraph separators); the bidi
  /// controls of Unicode's bidirectional algorithm (UAX #9: U+061C, U+200E, U+200F,
  /// U+202A-U+202E, U+2066-U+2069), which reorder what a reader sees; and U+FEFF.
  static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: return false
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x2028, 0x2029: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    case 0xFEFF: return true
    default: return false
    }
  }
}

/// Keeps text from holding a GitHub Actions workflow command, whatever kind of output it is.
///
/// The runner reads every line a step prints (a line ends at LF, CR or CR LF) and takes two forms
/// as commands (actions/runner, `src/Runner.Common/ActionCommand.cs`):
/// - `::name props::data`: `TryParseV2` trims the line's leading white space, then asks whether
///   it starts with `::`;
/// - `##[name props]data`: the older `TryParse` looks for `##[` anywhere in the line.
///
/// Both use .NET's default string comparison, which is culture-sensitive: characters Unicode
/// calls default-ignorable (a soft hyphen, a zero-width joiner) are skipped when it matches. So a
/// colon that could start a line (after white space and ignorable characters only) and a `[`
/// whose previous character, ignorable ones aside, is `#`, are written in the output kind's own
/// escape: the line can no longer be read as a command, and the reader still sees what was there.
enum WorkflowCommandGuard {
  static func neutralise(_ text: String, colon: String, bracket: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "[") }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var scanner = Scanner()
    for scalar in text.unicodeScalars {
      switch scanner.next(scalar) {
      case .colon: result += colon
      case .bracket: result += bracket
      case nil: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// What a character must be written as, so that no line reads as a command.
  enum Replacement {
    /// A colon that could start a command (`::name`).
    case colon
    /// A `[` after `#` (`##[name]`).
    case bracket
  }

  /// The guard's state over a text read one character at a time, so that text made of pieces
  /// (``StyledText``) is guarded as the whole it prints as.
  struct Scanner {
    private var atLineStart = true
    private var previous: Unicode.Scalar = "\n"

    /// What `scalar`, the text's next character, must be written as; nil: itself.
    mutating func next(_ scalar: Unicode.Scalar) -> Replacement? {
      if scalar == "\n" || scalar == "\r" {
        atLineStart = true
        previous = scalar
        return nil
      }
      if atLineStart && scalar == ":" {
        atLineStart = false
        previous = scalar
        return .colon
      }
      if scalar == "[" && previous == "#" {
        previous = scalar
        return .bracket
      }
      if scalar.isASCII {
        // No ASCII character is default-ignorable; ASCII's white space is U+0009 to U+000D and
        // the space.
        if scalar.value != 0x20 && !(0x09...0x0D).contains(scalar.value) { atLineStart = false }
        previous = scalar
        return nil
      }
      let properties = scalar.properties
      if properties.isDefaultIgnorableCodePoint { return nil }
      if !properties.isWhitespace { atLineStart = false }
      previous = scalar
      return nil
    }
  }
}
