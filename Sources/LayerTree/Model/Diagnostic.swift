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
    self.path = path
    self.location = location
    self.message = message
    self.notes = notes
  }

  /// The diagnostic as one line (plus notes), prefixed with `file` when given.
  public func formatted(file: String?) -> String {
    var prefix = ""
    if let file { prefix += file + ":" }
    if let location { prefix += "\(location.line):\(location.column):" }
    if !prefix.isEmpty { prefix += " " }
    var text = "\(prefix)\(severity.rawValue): "
    if !path.isEmpty { text += "\(path): " }
    text += message
    for note in notes { text += "\n  note: \(note)" }
    return text
  }

  public var description: String { formatted(file: nil) }
}

/// Every problem found in one scene file; thrown when a scene cannot be read.
public struct SceneErrors: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]
  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

  public func formatted(file: String?) -> String {
    diagnostics.map { $0.formatted(file: file) }.joined(separator: "\n")
  }

  public var description: String { formatted(file: nil) }
}
