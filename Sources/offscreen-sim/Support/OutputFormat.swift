/// The output formats of `report`, `compare` and `check`.
enum OutputFormat: String, CaseIterable, Sendable {
  /// For a person at a terminal or reading a CI log.
  case text
  /// A versioned document for programs (docs/report-format.md, docs/ci.md).
  case json
  /// For a pull-request comment: a heading, one table, the verdict.
  case markdown

  static func parse(_ value: String?) throws(UsageError) -> OutputFormat {
    guard let value else { return .text }
    guard let format = OutputFormat(rawValue: value) else {
      var message = "unknown format '\(value)'; expected one of: \(allCases.map(\.rawValue).joined(separator: ", "))"
      if let suggestion = closest(value, in: allCases.map(\.rawValue)) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message)
    }
    return format
  }
}

/// Options several commands share.
enum CommonOptions {
  /// `--jobs N`: how many scenes and devices run at once (default: the machine's cores).
  static func jobs(_ value: String?) throws(UsageError) -> Int {
    guard let value else { return Parallel.defaultJobs }
    guard let jobs = Int(value), (1...1024).contains(jobs) else {
      throw UsageError("--jobs expects a whole number from 1 to 1024, found '\(value)'")
    }
    return jobs
  }

  /// `--device ID`, repeatable: known ids, each once, in the order given.
  static func devices(_ values: [String]?) throws(UsageError) -> [String] {
    var devices: [String] = []
    for value in values ?? [] {
      let device = try DeviceSelection.check(value)
      if !devices.contains(device) { devices.append(device) }
    }
    return devices
  }

  /// True when the tool runs in a GitHub Actions job (`GITHUB_ACTIONS=true`): failures are then
  /// also printed as workflow annotations.
  static func inGitHubActions(_ io: ToolIO) -> Bool { io.inGitHubActions }
}
