import Foundation

/// The one switch for every test that holds a checked-in file equal to what the code makes now
/// (the reference outputs, the docs' generated tables and examples, the schemas, the fuzz
/// dictionary, the README's pictures): `OFFSCREEN_SIM_RECORD=1 swift test --filter ...` makes
/// each such test write its file instead of comparing, and fail once, so that a recording is
/// never taken for a pass. Unset, the tests compare; any other value is a mistake they report.
public enum Recording {
  /// The environment variable.
  public static let variable = "OFFSCREEN_SIM_RECORD"

  /// What the variable asks for.
  public enum Mode: Equatable, Sendable {
    case compare
    case record
    /// A value that is neither unset nor `1`.
    case invalid(String)
  }

  /// The mode the process environment asks for.
  public static var mode: Mode { mode(ProcessInfo.processInfo.environment[variable]) }

  /// The mode a value of the variable asks for: unset (or empty) compares, `1` records.
  public static func mode(_ value: String?) -> Mode {
    switch value {
    case nil, "": return .compare
    case "1": return .record
    case let other?: return .invalid(other)
    }
  }

  /// True when the tests record.
  public static var isOn: Bool { mode == .record }

  /// The command that records the files of the tests `filter` selects.
  public static func command(_ filter: String) -> String { "\(variable)=1 swift test --filter \(filter)" }
}

/// A checked-in text file a test holds equal to what the code makes now: the one comparison every
/// such test makes, and the one way it records.
public enum HeldFile {
  /// Compares `actual` with the file at `url`, or writes it there when ``Recording`` is on (and
  /// it differs). Returns what went wrong, for the test to record as an issue: nil when the file
  /// holds `actual`. `name` is how messages name the file; `filter` the `swift test --filter` that
  /// selects the test, for the command that records it.
  public static func check(_ actual: String, file url: URL, name: String, filter: String) -> String? {
    check(actual, file: url, name: name, filter: filter, mode: Recording.mode)
  }

  /// ``check(_:file:name:filter:)`` in a given mode.
  public static func check(_ actual: String, file url: URL, name: String, filter: String, mode: Recording.Mode) -> String? {
    let existing = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    switch mode {
    case .invalid(let value):
      return "\(Recording.variable) is `\(value)`: set it to 1 to record \(name), or unset it to compare"
    case .record:
      if existing == actual { return nil }
      do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        return "recorded \(name); run again without \(Recording.variable)"
      } catch {
        return "cannot record \(name): \(error)"
      }
    case .compare:
      guard let expected = existing else { return "\(name) does not exist; record it with \(Recording.command(filter))" }
      guard let line = firstDifference(actual, expected) else { return nil }
      let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
      let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
      return """
        \(name) differs from line \(line + 1):
          expected: \(line < e.count ? String(e[line]) : "<end>")
          actual:   \(line < a.count ? String(a[line]) : "<end>")
        If the change is intended, record it with \(Recording.command(filter)).
        """
    }
  }

  /// The index of the first line where `actual` and `expected` differ; nil when they are equal.
  public static func firstDifference(_ actual: String, _ expected: String) -> Int? {
    guard actual != expected else { return nil }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    return zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
  }
}
