/// One positional argument of a command, for help, the usage line and the completions. The
/// command checks how many it was given, with a message that says what is missing.
struct ArgumentDeclaration: Sendable {
  /// As help shows it: `<scene.json | ->`.
  var name: String
  var help: String
  var kind: ValueKind
  /// How many the command takes: `1...1`, `0...1`, `1...` written as `1...Int.max`.
  var count: ClosedRange<Int>

  init(_ name: String, kind: ValueKind = .file, count: ClosedRange<Int> = 1...1, help: String) {
    self.name = name
    self.help = help
    self.kind = kind
    self.count = count
  }

  /// How the argument reads in a usage line: `<scene.json | ->`, `[<rule-id>]`, `<path>...`.
  var usage: String {
    var text = name
    if count.upperBound == Int.max { text += "..." }
    return count.lowerBound == 0 ? "[\(text)]" : text
  }
}

/// What a command's exit code means, as its help says it.
struct ExitCodeNote: Sendable {
  var code: ExitCode
  var meaning: String

  init(_ code: ExitCode, _ meaning: String) {
    self.code = code
    self.meaning = meaning
  }
}

/// A command as declared: its name and summary, what it takes, what its exit codes mean, and
/// examples. ``ToolCommand`` types hold one; help, parsing and completions read it.
struct CommandDeclaration: Sendable {
  var name: String
  /// One line: what the command does.
  var summary: String
  /// Paragraphs after the summary: how it works, where the guide is. Blank lines separate
  /// paragraphs; help wraps each.
  var discussion: String
  /// Other ways to call the command, beside the usage made from its arguments and options.
  var otherUsage: [String]
  var arguments: [ArgumentDeclaration]
  var options: [OptionDeclaration]
  var exitCodes: [ExitCodeNote]
  var examples: [String]

  init(
    name: String, summary: String, discussion: String = "", otherUsage: [String] = [], arguments: [ArgumentDeclaration] = [],
    options: [OptionDeclaration] = [], exitCodes: [ExitCodeNote] = [], examples: [String] = []
  ) {
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.otherUsage = otherUsage
    self.arguments = arguments
    self.options = options
    self.exitCodes = exitCodes
    self.examples = examples
  }

  /// Every option, with the two every command takes: `--help` and `--version`.
  var allOptions: [OptionDeclaration] { options + [StandardOptions.help, StandardOptions.version] }

  /// `offscreen-sim report <scene.json | -> [--format text|json|markdown] ...`: required options
  /// plain, the others in brackets, `...` after those that repeat; a required option and the
  /// option that does without it as one choice in parentheses, `(-o <file> | --dry-run)`, where
  /// the required one is.
  var usageLine: String {
    var parts = ["offscreen-sim", name] + arguments.map(\.usage)
    let alternatives = Set(options.compactMap { $0.requirement == nil ? nil : $0.alternative })
    for option in options where !alternatives.contains(option.name) {
      let text = option.usage + (option.repeatable ? "..." : "")
      if let alternative = option.alternative.flatMap({ name in options.first { $0.name == name } }), option.requirement != nil {
        parts.append("(\(text) | \(alternative.usage))")
      } else {
        parts.append(option.requirement == nil ? "[\(text)]" : text)
      }
    }
    return parts.joined(separator: " ")
  }
}

/// The options every command takes, handled before the command runs.
enum StandardOptions {
  static let help = OptionDeclaration("--help", "-h", help: "Show this help.")
  static let version = OptionDeclaration("--version", help: "Print the tool's version.")
}
