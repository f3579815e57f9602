import Compositor
import LayerTree
import SceneBatch

/// `check` results as a versioned JSON document (`checkVersion`, docs/ci.md).
enum CheckJSONFormatter {
  /// Bumped when a field changes meaning or disappears; fields may be added within a version.
  static let version = 1

  /// `errors`: the inputs that could not be used, each with its file, message and the problems
  /// a reader found at their places (`errors`, an empty list when there are none); `extra`:
  /// members after the standard ones (a shard's `shard`).
  static func format(_ run: CheckRun, errors: [InputError] = [], extra: [(String, JSONOutput)] = []) -> String {
    JSONOutput.object(
      [
        ("checkVersion", .int(version)),
        ("tool", .object([("name", .string("offscreen-sim")), ("version", .string(toolVersion))])),
        ("passed", .int(run.passed)),
        ("failed", .int(run.failed)),
      ] + (run.warnings > 0 ? [("warnings", .int(run.warnings))] : []) + [
        (
          "scenes",
          .array(
            run.entries.map { entry in
              .object([
                ("file", .string(entry.file)),
                (
                  "device",
                  .object(ProfileNote.adding(entry.profile, to: [("id", .string(entry.deviceID)), ("name", .string(entry.deviceName))]))
                ),
                ("budgetsFile", entry.budgetsFile.map { .string($0) } ?? .null),
                ("budgets", .array(entry.results.map(result))),
              ])
            })
        ),
        ("skipped", .array(run.skipped.map { .string($0) })),
        ("errors", .array(errors.map(error))),
      ] + extra
    ).rendered()
  }

  /// An input that could not be used: `{"file", "message", "problems": [{"path", "line", "column",
  /// "message"}]}`.
  static func error(_ error: InputError) -> JSONOutput {
    .object([
      ("file", error.file.map { .string($0) } ?? .null),
      ("message", .string(error.message)),
      (
        "problems",
        .array(
          error.diagnostics.map { diagnostic in
            .object([
              ("path", .string(diagnostic.path)),
              ("line", diagnostic.location.map { .int($0.line) } ?? .null),
              ("column", diagnostic.location.map { .int($0.column) } ?? .null),
              ("message", .string(diagnostic.message)),
            ])
          })
      ),
    ])
  }

  static func result(_ result: BudgetResult) -> JSONOutput {
    var members: [(String, JSONOutput)] = [
      ("budget", .string(result.kind.rawValue)),
      ("metric", .string(result.kind.metricID)),
      ("bound", .string(result.kind.isMinimum ? "min" : "max")),
      ("expected", .number(result.expected)),
      ("found", result.found.map { .number($0) } ?? .null),
      ("passed", .bool(result.passed)),
    ]
    if result.warning { members.append(("level", .string("warning"))) }
    if let location = result.limit.location {
      members.append(("line", .int(location.line)))
      members.append(("column", .int(location.column)))
    }
    return .object(members)
  }
}
