import Compositor
import LayerTree
import SceneBatch

/// Comparisons as a versioned JSON document (`compareVersion`, docs/ci.md): every metric of
/// every comparison, with keys in a fixed order.
enum CompareJSONFormatter {
  /// Bumped when a field changes meaning or disappears; fields may be added within a version.
  static let version = 1

  /// `errors`: the inputs that could not be used (`errors`, as check's JSON has them; the
  /// document is then `failed`); `extra`: members after the standard ones (a shard's `shard`).
  static func format(
    _ run: CompareRun, tolerance: Double, errors: [InputError] = [], extra: [(String, JSONOutput)] = []
  ) -> String {
    // An input that could not be used fails the document: it must not read green.
    let failed = run.failed || !errors.isEmpty
    return JSONOutput.object(
      [
        ("compareVersion", .int(version)),
        ("tool", .object([("name", .string("offscreen-sim")), ("version", .string(toolVersion))])),
        ("tolerancePercent", .number(ReportMetrics.rounded(tolerance * 100))),
        ("verdict", .string(errors.isEmpty ? run.verdict.rawValue : Verdict.worse.rawValue)),
        ("failed", .bool(failed)),
        ("comparisons", .array(run.results.map(comparison))),
        ("errors", .array(errors.map(CheckJSONFormatter.error))),
      ] + extra
    ).rendered()
  }

  static func comparison(_ result: ComparisonResult) -> JSONOutput {
    let comparison = result.comparison
    func side(_ side: ComparisonResult.Side) -> JSONOutput {
      .object([("file", .string(side.file)), ("kind", .string(side.kind)), ("name", .string(side.name))])
    }
    func number(_ value: Double?) -> JSONOutput { value.map { .number($0) } ?? .null }
    func keys(_ keys: [FindingKey], at locations: [FindingKey: SourceLocation] = [:]) -> JSONOutput {
      .array(
        keys.map { key in
          var members: [(String, JSONOutput)] = [("rule", .string(key.rule)), ("layer", .string(key.layer))]
          if let location = locations[key] { members += [("line", .int(location.line)), ("column", .int(location.column))] }
          return .object(members)
        })
    }
    let members: [(String, JSONOutput)] = [
      ("before", side(result.before)),
      ("after", side(result.after)),
      (
        "device", .object(ProfileNote.adding(result.profile, to: [("id", .string(result.deviceID)), ("name", .string(result.deviceName))]))
      ),
      ("gates", .array(comparison.gates.map { .string($0) })),
      ("verdict", .string(comparison.verdict.rawValue)),
      ("failed", .bool(comparison.failed)),
      ("regressions", .array(comparison.regressions.map { .string($0.id) })),
      (
        "metrics",
        .array(
          comparison.metrics.map { change in
            .object([
              ("id", .string(change.id)),
              ("title", .string(change.title)),
              ("better", .string(change.direction.rawValue)),
              ("exact", .bool(change.exact)),
              ("gated", .bool(change.gated)),
              ("before", number(change.before)),
              ("after", number(change.after)),
              ("change", number(change.change)),
              ("changePercent", number(change.relativeChange.map { ReportMetrics.rounded($0 * 100) })),
              ("verdict", .string(change.verdict.rawValue)),
            ])
          })
      ),
      (
        "findings",
        .object([("appeared", keys(comparison.appeared, at: result.after.locations)), ("disappeared", keys(comparison.disappeared))])
      ),
    ]
    return .object(withWarnings(comparison, members))
  }

  /// `members` with `warnings` after `regressions`: the gated metrics that got worse whose gate
  /// only warns (and `findings` when findings appeared under a findings gate that warns); left
  /// out when there are none.
  static func withWarnings(_ comparison: Comparison, _ members: [(String, JSONOutput)]) -> [(String, JSONOutput)] {
    let ids = comparison.warnings.map(\.id) + (comparison.findingsWarned ? [ReportMetrics.findingsGate] : [])
    guard !ids.isEmpty, let regressions = members.firstIndex(where: { $0.0 == "regressions" }) else { return members }
    var members = members
    members.insert(("warnings", .array(ids.map { .string($0) })), at: regressions + 1)
    return members
  }
}
