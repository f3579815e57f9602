/// One option a command accepts, declared once: the parser, the validation of its value,
/// `--help`, the usage line and the shell completions are all made from it.
///
/// ```swift
/// static let html = OptionDeclaration(
///   "--html", value: "file", kind: .file, help: "Also write the report as one HTML page.")
/// ```
struct OptionDeclaration: Sendable {
  /// Every name the option answers to, the one it is known by first: `["--output", "-o"]`.
  var names: [String]
  /// The value's name in help (`<file>`); nil for a flag, which takes no value.
  var valueName: String?
  /// What the value may be: checked by the parser and offered by the completions.
  var kind: ValueKind
  /// What the option does, as sentences; help wraps it to the column.
  var help: String
  /// True when the option may be given more than once, each value kept (`--device a --device b`).
  /// Otherwise giving it twice with different values is a usage error.
  var repeatable: Bool
  /// The value used when the option is not given; help shows it.
  var defaultValue: String?
  /// Set for an option the command cannot run without: what it is for, as the error says it
  /// ("where to write the SVG (- for standard output)").
  var requirement: String?
  /// For a required option, the name of another option of the command that does without it
  /// (`--dry-run` for optimize's `-o`): either must be given, and the usage line shows them as
  /// one choice, `(-o <file> | --dry-run)`.
  var alternative: String?

  init(
    _ names: String..., value valueName: String? = nil, kind: ValueKind = .text, help: String, repeatable: Bool = false,
    default defaultValue: String? = nil, required requirement: String? = nil, unless alternative: String? = nil
  ) {
    self.names = names
    self.valueName = valueName
    self.kind = valueName == nil ? .none : kind
    self.help = help
    self.repeatable = repeatable
    self.defaultValue = defaultValue
    self.requirement = requirement
    self.alternative = alternative
  }

  /// The name the option is known by: its first.
  var name: String { names[0] }

  /// True for a flag: no value.
  var isFlag: Bool { valueName == nil }

  /// The names as help lists them, short ones first: `-o, --output`.
  var displayNames: String { names.sorted { $0.count < $1.count }.joined(separator: ", ") }

  /// The shortest name, as messages about a missing value name it: `-o`.
  var shortestName: String { names.min { $0.count < $1.count } ?? name }

  /// How the option reads in a usage line: `--format text|json`, `--html <file>`, `--dry-run`.
  /// Choices too many to fit a usage line read as the value's name (`--format <format>`): the
  /// option's help lists them.
  var usage: String {
    guard let valueName else { return shortestName }
    if case .oneOf(let choices) = kind {
      let listed = choices.map(\.value).joined(separator: "|")
      if listed.count <= Self.longestChoiceList { return "\(shortestName) \(listed)" }
    }
    return "\(shortestName) <\(valueName)>"
  }

  /// The longest list of choices a usage line shows.
  static let longestChoiceList = 48
}

/// What an option's or an argument's value may be.
enum ValueKind: Sendable {
  /// A flag: no value.
  case none
  /// Any text; the command checks it.
  case text
  /// A file to read or write; the completions offer file names.
  case file
  /// A file or a folder; the completions offer both.
  case fileOrFolder
  /// One of these values, checked by the parser; help describes each.
  case oneOf([Choice])
  /// Words the completions offer, checked by the command against what it knows at run time
  /// (device ids: a `--device-file` adds one; comma-separated lists of metric ids).
  case suggested([String])
  /// A whole number in a range, checked by the parser.
  case integer(ClosedRange<Int>)
  /// The name of one of the tool's commands; the completions offer them.
  case command

  /// The words the completions offer for the value.
  var words: [String] {
    switch self {
    case .oneOf(let choices): return choices.map(\.value)
    case .suggested(let words): return words
    default: return []
    }
  }
}

/// One allowed value of an option, with what it means.
struct Choice: Sendable {
  var value: String
  /// One line or more; empty when the value speaks for itself.
  var help: String

  init(_ value: String, _ help: String = "") {
    self.value = value
    self.help = help
  }
}
