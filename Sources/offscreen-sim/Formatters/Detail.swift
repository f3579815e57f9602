/// How much a text output shows: `--quiet`, the default, `--verbose`.
enum Detail: Sendable {
  /// The verdicts and what failed.
  case quiet
  /// The verdict first, then what changed; the rest folded into a count.
  case short
  /// Every row and detail.
  case verbose
}
