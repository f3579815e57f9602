/// A problem found in a scene file: where it is and what was expected.
///
/// Printed as `file:line:column: error: json.path: message`, the form editors and CI systems
/// turn into a link.
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable {
    case error
    case warning
  }

  public var severity: Severity
  /// The JSON path of the value at fault, `root.sublayers[2].opacity`; empty for the whole file.
  public var path: String
  /// Where the value starts in the file, when known.
  public var location: SourceLocation?
  /// What was expected and what was found.
  public var message: String
  /// Hints such as "did you mean `cornerRadius`?".
  public var notes: [String]

  public init(severity: Severity = .error, path: String, location: SourceLocation?, message: String, notes: [String] = []) {
    self.severity = severity
    self.path = Self.shortened(path)
    self.location = location
    self.message = message
    self.notes = notes
  }

  /// The longest JSON path a diagnostic keeps whole, in characters.
  public static let longestPath = 200

  /// `path` when it is at most ``longestPath`` characters; otherwise its first three and last
  /// three components around how many were left out (`root.sublayers[0].sublayers[0].<1,994
  /// more>.sublayers[0].sublayers[0].id`), each component kept to 40 characters. A file that
  /// nests layers 1,000 deep would otherwise quote 15,000 characters of `sublayers[0]`; the
  /// line and column still point at the value.
  static func shortened(_ path: String) -> String {
    guard path.count > longestPath else { return path }
    func cut(_ part: Substring) -> String { part.count > 40 ? String(part.prefix(37)) + "..." : String(part) }
    let parts = path.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count > 6 else { return parts.map(cut).joined(separator: ".") }
    let left = parts.count - 6
    let middle = "<\(NumberRange.grouped(Double(left))) more>"
    return (parts.prefix(3).map(cut) + [middle] + parts.suffix(3).map(cut)).joined(separator: ".")
  }

  /// The diagnostic as one line (plus notes), prefixed with `file` when given. Line breaks in
  /// the file name, the path, the message or a note (a key or a value quoted from the file) are
  /// written as `\n`, `\r`, `\u{2028}`: each line holds one diagnostic or one note, and none
  /// starts with text from the file.
  public func formatted(file: String?) -> String {
    var prefix = ""
    if let file { prefix += Self.oneLine(file) + ":" }
    if let location { prefix += "\(location.line):\(location.column):" }
    if !prefix.isEmpty { prefix += " " }
    var text = "\(prefix)\(severity.rawValue): "
    if !path.isEmpty { text += "\(Self.oneLine(path)): " }
    text += Self.oneLine(message)
    for note in notes { text += "\n  note: \(Self.oneLine(note))" }
    return text
  }

  /// `text` with every character that ends a line (Unicode's line breaks: LF, VT, FF, CR, NEL,
  /// U+2028, U+2029) written as an escape.
  static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.properties.isWhitespace && Character($0).isNewline }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  public var description: String { formatted(file: nil) }
}

/// Every problem found in one scene file; thrown when a scene cannot be read.
public struct SceneErrors: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]
  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

  /// The most problems of one file the tool prints (the first ones, in file order, then a line
  /// counting the others), so a file of a million mistakes prints a screenful. Readers look for
  /// a "did you mean" suggestion only while they have found fewer problems than this.
  public static let shownLimit = 100

  public func formatted(file: String?) -> String {
    diagnostics.map { $0.formatted(file: file) }.joined(separator: "\n")
  }

  public var description: String { formatted(file: nil) }
}
