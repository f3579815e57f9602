import SceneBatch

/// The output formats of the commands that print results (`report`, `compare`, `check`,
/// `explain`); each declares which it takes in its `--format` option.
enum OutputFormat: String, CaseIterable, Sendable {
  /// For a person at a terminal or reading a CI log.
  case text
  /// A versioned document for programs (docs/report-format.md, docs/ci.md).
  case json
  /// For a pull-request comment: a heading, one table, the verdict.
  case markdown

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
