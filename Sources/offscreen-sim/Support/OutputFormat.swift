import Compositor
import SceneBatch

/// The output formats of the commands that print results (`report`, `compare`, `check`,
/// `explain`); each declares which it takes in its `--format` option.
///
/// `text`, `json` and `markdown` each command formats itself. The others are reporters: they
/// print the ``Outcomes`` of any command that yields findings or failures, and every such
/// command offers them all (``reporters``). Adding a reporter is a case here, its line in
/// ``reporter``, and its formatter's file.
enum OutputFormat: String, CaseIterable, Sendable {
  /// For a person at a terminal or reading a CI log.
  case text
  /// A versioned document for programs (docs/report-format.md, docs/ci.md).
  case json
  /// For a pull-request comment: a heading, the verdict, a table.
  case markdown
  /// `path:line:column: warning: message`.
  case xcode
  /// SARIF 2.1.0, for GitHub code scanning.
  case sarif
  /// Checkstyle XML.
  case checkstyle
  /// JUnit XML.
  case junit
  /// GitHub Actions workflow commands.
  case github
  /// GitLab's Code Quality report.
  case codequality

  /// The reporter that prints this format; nil for the formats commands print themselves.
  var reporter: (any OutcomeReporter.Type)? {
    switch self {
    case .text, .json, .markdown: return nil
    case .xcode: return XcodeFormatter.self
    case .sarif: return SARIFFormatter.self
    case .checkstyle: return CheckstyleFormatter.self
    case .junit: return JUnitFormatter.self
    case .github: return GitHubAnnotations.self
    case .codequality: return CodeQualityFormatter.self
    }
  }

  /// Every reporter format with what it prints, for a command's `--format` help.
  static var reporters: [(OutputFormat, String)] { allCases.compactMap { format in format.reporter.map { (format, $0.summary) } } }

  /// The format given with `option` (checked by the parser against the command's formats), or
  /// its default.
  init(_ parsed: ParsedArguments, _ option: OptionDeclaration) {
    self = parsed.value(option).flatMap(OutputFormat.init(rawValue:)) ?? .text
  }
}

/// Options several commands share.
enum CommonOptions {
  /// `--jobs N`: how many scenes and devices run at once (default: the machine's cores).
  static func jobs(_ parsed: ParsedArguments) -> Int { parsed.integer(SharedOptions.jobs) ?? Parallel.defaultJobs }

  /// True when the tool runs in a GitHub Actions job (`GITHUB_ACTIONS=true`): failures are then
  /// also printed as workflow annotations.
  static func inGitHubActions(_ io: ToolIO) -> Bool { io.inGitHubActions }
}
