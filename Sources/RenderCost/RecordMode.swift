/// When a check writes the captured scene over its recorded one, as swift-snapshot-testing's
/// record modes (`SnapshotTestingConfiguration.Record`) say.
///
/// A check that writes always fails, so that the new file is looked at and committed: nothing is
/// re-recorded silently. `never` writes nothing at all (no recorded scene, no kept scene, no
/// device profile).
///
/// A check's mode is the first of: its `record:` parameter, the innermost scope's
/// (``withRenderCostConfiguration(record:referenceFolder:comparison:reporter:operation:)``, the
/// `.renderCost` trait), ``environmentVariable``, and `missing`.
public enum RecordMode: String, Sendable, Hashable, CaseIterable {
  /// Write every scene, changed or not.
  case all
  /// Write the scenes that differ from their recorded one (and the missing ones).
  case failed
  /// Write only scenes that have no recorded file yet: the default.
  case missing
  /// Write nothing: a missing or changed scene fails. The mode for CI.
  case never

  /// The environment variable that chooses the mode for a whole run: `RENDER_SCENES_RECORD=failed`.
  /// Through `xcodebuild`, prefix it with `TEST_RUNNER_` so that it reaches the test process.
  public static let environmentVariable = "RENDER_SCENES_RECORD"

  /// The mode an environment asks for: `all`, `failed`, `missing` or `never` (`true` and `1`
  /// mean `all`); nil when it asks for none, or for one this does not know.
  public static func requested(by environment: [String: String]) -> RecordMode? {
    guard let value = environment[environmentVariable]?.lowercased() else { return nil }
    if value == "true" || value == "1" || value == "yes" { return .all }
    return RecordMode(rawValue: value)
  }
}
