import Compositor
import LayerTree

/// `offscreen-sim rules`: lists the offscreen rules with their reasons and fixes.
enum RulesCommand: ToolCommand {
  static let format = SharedOptions.format([
    (.text, "each rule: why, the fix, what Apple documents of it."),
    (
      .markdown,
      "the rules as Markdown tables: the passes the tool counts beside Xcode's offscreen count, and the disputed points (docs/rules.md)."
    ),
  ])

  static let declaration = CommandDeclaration(
    name: "rules",
    summary:
      "List the offscreen rules (id, why the layer goes offscreen, the fix, what Apple documents of it) and the image checks.",
    arguments: [
      ArgumentDeclaration(
        "<rule-id>", kind: .suggested(OffscreenRules.all.map(\.id) + ImageChecks.all.map(\.id)), count: 0...1,
        help: "Show one rule or image check with its triggering and non-triggering examples.")
    ],
    options: [format],
    exitCodes: [
      ExitCodeNote(.success, "the rules were listed"),
      ExitCodeNote(.usageOrInput, "usage error, or an unknown rule id"),
    ],
    examples: ["offscreen-sim rules", "offscreen-sim rules rounded-clip", "offscreen-sim rules scaled-image"])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    if parsed.positional.count > 1 { throw UsageError("expected at most one rule id") }
    if OutputFormat(parsed, Self.format) == .markdown {
      guard parsed.positional.isEmpty else { throw UsageError("--format markdown lists every rule; leave out the rule id") }
      io.out(RulesTable.markdown())
      return .success
    }
    if let id = parsed.positional.first {
      if let check = ImageChecks.check(id: id) {
        io.out(imageCheckText(check, examples: true))
        return .success
      }
      guard let rule = OffscreenRules.rule(id: id) else {
        let ids = OffscreenRules.all.map(\.id) + ImageChecks.all.map(\.id)
        var message = "unknown rule '\(id)'"
        if let suggestion = nearest(to: id, in: ids) { message += "; did you mean '\(suggestion)'?" }
        throw UsageError(message + " (rules: \(ids.joined(separator: ", ")))")
      }
      var text = "\(rule.id): \(rule.title)\n  why: \(rule.reason)\n  fix: \(rule.fix)\n" + evidenceLines(rule)
      text += "  Xcode's offscreen count: \(rule.xcode.count.map(String.init) ?? "not published"). \(rule.xcode.source)\n"
      for point in rule.disputes {
        text +=
          "  disputed, \(point.id): \(point.question); taken: \(point.assumed.claim); other (report --assume \(point.id)): \(point.other.claim) (docs/rules.md)\n"
      }
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
          "  \(example.passes > 0 ? "offscreen (\(Markup.plural(example.passes, "pass", "passes")))" : "not offscreen"): \(example.note)\n"
        text += "    \(example.layerJSON)\n"
      }
      io.out(text)
      return .success
    }
    var text = ""
    for rule in OffscreenRules.all {
      text += "\(rule.id)\n  \(rule.title). \(rule.reason)\n  fix: \(rule.fix)\n" + evidenceLines(rule)
    }
    text += "\nImage checks (a finding on an image layer; nothing goes offscreen):\n"
    for check in ImageChecks.all { text += imageCheckText(check, examples: false) }
    io.out(text)
    return .success
  }

  /// An image check as `rules` lists it; with its examples when shown alone.
  static func imageCheckText(_ check: any ImageCheck, examples: Bool) -> String {
    var text = "\(check.id) (image check)\n  \(check.title). \(check.reason)\n  fix: \(check.fix)\n"
    guard examples else { return text }
    text += "\nExamples:\n"
    for example in check.examples {
      text += "  \(example.passes > 0 ? "reported" : "not reported"): \(example.note)\n"
      text += "    \(example.layerJSON)\n"
    }
    return text
  }

  /// What Apple states of the rule's behaviour, and what the rule models that Apple does not
  /// document, one line each.
  static func evidenceLines(_ rule: any OffscreenRule) -> String {
    let evidence = rule.evidence
    var lines = ""
    if let apple = evidence.apple { lines += "  Apple: \(apple)\n" }
    if let undocumented = evidence.undocumented { lines += "  not documented by Apple: \(undocumented)\n" }
    return lines
  }
}
