import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the tool knows of where its output goes: whether standard output and standard error are
/// terminals, and how wide standard output is. Text wraps to ``width``, colour is used when
/// ``colour`` says so, and progress lines are drawn only when standard error is a terminal.
struct Terminal: Sendable, Equatable {
  /// True when standard output is a terminal (`isatty(1)`).
  var outIsTerminal = false
  /// True when standard error is a terminal (`isatty(2)`): progress lines are drawn there.
  var errIsTerminal = false
  /// The columns text wraps to; nil: no wrapping (a file, a pipe, a CI log).
  var width: Int? = nil

  /// Output that is not a terminal: no wrapping, no colour, no progress. Tests' default.
  static let none = Terminal()

  /// Narrowest width text wraps to: below it a wrapped line would hold too few words to read.
  static let minimumWidth = 40
  /// Width used on a terminal that does not say how wide it is.
  static let defaultWidth = 80

  /// The process's terminal: `isatty` on both streams; the width from `COLUMNS` when it holds a
  /// number (the user's override, honoured for pipes too), else from the terminal
  /// (`ioctl(TIOCGWINSZ)`, POSIX `winsize.ws_col`), else ``defaultWidth`` on a terminal and no
  /// wrapping elsewhere.
  static func current(environment: [String: String]) -> Terminal {
    var terminal = Terminal(outIsTerminal: isatty(1) == 1, errIsTerminal: isatty(2) == 1)
    terminal.width = width(columns: environment["COLUMNS"], isTerminal: terminal.outIsTerminal, measured: measuredWidth())
    return terminal
  }

  /// The width to wrap to, from `COLUMNS`, whether standard output is a terminal, and the
  /// terminal's own width (nil when it could not be read).
  static func width(columns: String?, isTerminal: Bool, measured: Int?) -> Int? {
    if let columns, let value = Int(columns.trimmingCharacters(in: .whitespaces)), value > 0 {
      return max(value, minimumWidth)
    }
    guard isTerminal else { return nil }
    if let measured, measured > 0 { return max(measured, minimumWidth) }
    return defaultWidth
  }

  private static func measuredWidth() -> Int? {
    #if canImport(Glibc) || canImport(Darwin)
      var size = winsize()
      guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
      return Int(size.ws_col)
    #else
      return nil
    #endif
  }
}

/// `--color auto|always|never` and `NO_COLOR`.
enum ColourChoice: String, CaseIterable, Sendable {
  /// Colour when standard output is a terminal and `NO_COLOR` is not set.
  case auto
  case always
  case never

  /// Whether to colour: `never` and `always` as they say; `auto` when standard output is a
  /// terminal and `NO_COLOR` is unset or empty (https://no-color.org: "when present and not an
  /// empty string, prevents the addition of ANSI color").
  func enabled(terminal: Terminal, environment: [String: String]) -> Bool {
    switch self {
    case .never: return false
    case .always: return true
    case .auto:
      if let value = environment["NO_COLOR"], !value.isEmpty { return false }
      return terminal.outIsTerminal
    }
  }
}
