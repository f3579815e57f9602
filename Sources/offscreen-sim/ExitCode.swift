/// The tool's exit codes, documented in `--help` and the README.
enum ExitCode: Int32 {
  /// The command did what was asked (findings do not fail a report).
  case success = 0
  /// A budget or a regression check failed.
  case failure = 1
  /// Bad usage, or an input that cannot be read: a missing file, invalid JSON, an invalid scene.
  case usageOrInput = 2
}

/// The tool's version, printed by `--version`.
let toolVersion = "0.1.0"
