import Compositor

/// `offscreen-sim rules`: lists the offscreen rules with their reasons and fixes.
enum RulesCommand: ToolCommand {
  static let name = "rules"
  static let summary = "List the offscreen rules: id, why the layer goes offscreen, the fix."
  static let usageLine = "offscreen-sim rules [<rule-id>]"
  static let help = """
    OVERVIEW: \(summary)

    USAGE: \(usageLine)

    ARGUMENTS:
      <rule-id>   Show one rule with its triggering and non-triggering examples.

    OPTIONS:
      -h, --help  Show this help.

    """

  static func run(_ arguments: [String], io: ToolIO) throws -> ExitCode {
    let parsed = try ParsedArguments(arguments, options: [], flags: [])
    if parsed.positional.count > 1 { throw UsageError("expected at most one rule id") }
    if let id = parsed.positional.first {
      guard let rule = OffscreenRules.rule(id: id) else {
        let ids = OffscreenRules.all.map(\.id)
        var message = "unknown rule '\(id)'"
        if let suggestion = closest(id, in: ids) { message += "; did you mean '\(suggestion)'?" }
        throw UsageError(message + " (rules: \(ids.joined(separator: ", ")))")
      }
      var text = "\(rule.id): \(rule.title)\n  why: \(rule.reason)\n  fix: \(rule.fix)\n"
      let fixes = SceneFixes.answering(rule.id)
      if !fixes.isEmpty {
        text += "\nFixes `offscreen-sim explain` tries (docs/explain-and-optimize.md):\n"
        for fix in fixes {
          text += "  \(fix.id) (\(fix.appearance.keepsAppearance ? "keeps appearance" : "may change appearance")): \(fix.title)\n"
        }
      }
      text += "\nExamples:\n"
      for example in rule.examples {
        text +=
          "  \(example.passes > 0 ? "offscreen (\(example.passes) pass\(example.passes == 1 ? "" : "es"))" : "not offscreen"): \(example.note)\n"
        text += "    \(example.layerJSON)\n"
      }
      io.out(text)
      return .success
    }
    var text = ""
    for rule in OffscreenRules.all {
      text += "\(rule.id)\n  \(rule.title). \(rule.reason)\n  fix: \(rule.fix)\n"
    }
    io.out(text)
    return .success
  }
}
