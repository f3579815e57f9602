import LayerTree
import SceneBatch

/// `--format codequality`: GitLab's Code Quality report (docs.gitlab.com, "Code Quality", the
/// report format: a subset of the Code Climate engine specification), which a GitLab job
/// declares as `artifacts: reports: codequality:` to show findings in its merge requests. A JSON
/// array with an issue per problem: `description`, `check_name` (the rule, budget or metric id),
/// a `fingerprint` GitLab matches issues on between pipelines, `severity` (`major` for an error,
/// `minor` for a warning, `info` for a note) and `location` with the file's `path` and the
/// first line (`lines.begin`; 1 when the place in the file is not known).
///
/// The fingerprint is the 64-bit FNV-1a hash (``Shard/hash(_:)``) of the file, the rule and the
/// outcome's name (its layer or budget and device), in hexadecimal: the same problem keeps it
/// when lines move, two problems never share it.
enum CodeQualityFormatter: OutcomeReporter {
  static let summary = "a GitLab Code Quality report (artifacts:reports:codequality)."
  static let output = ReporterOutput.document(.json)

  static func format(_ outcomes: Outcomes) -> String {
    let issues: [JSONOutput] = outcomes.problems.map { outcome in
      let path = outcome.file.hasPrefix("./") ? String(outcome.file.dropFirst(2)) : outcome.file
      let key = [outcome.file, outcome.rule, outcome.name].joined(separator: "\u{0}")
      return .object([
        ("description", .string(outcome.message)),
        ("check_name", .string(outcome.rule)),
        ("fingerprint", .string(String(Shard.hash(key), radix: 16))),
        ("severity", .string(severity(outcome.level))),
        ("location", .object([("path", .string(path)), ("lines", .object([("begin", .int(outcome.location?.line ?? 1))]))])),
      ])
    }
    return JSONOutput.array(issues).rendered()
  }

  static func severity(_ level: Outcome.Level) -> String {
    switch level {
    case .error: return "major"
    case .warning: return "minor"
    case .note: return "info"
    }
  }
}
