import Compositor

/// The offscreen rules as Markdown tables (`offscreen-sim rules --format markdown`, the tables of
/// docs/rules.md): the passes each rule costs as the tool counts them beside the offscreen count
/// Xcode's view debugger shows (``XcodeCount``), and the disputed points the rules decide
/// (``DisputedPoint``) with the sources on each side. Every word comes from the registry, never
/// from a scene, so links are written as links.
enum RulesTable {
  static func markdown() -> String {
    var text = "| rule | the tool counts | Xcode's offscreen count | where they differ, and why |\n"
    text += "| --- | --- | --- | --- |\n"
    for rule in OffscreenRules.all {
      let xcode = rule.xcode
      let counted = toolPasses(rule)
      let xcodeText = (xcode.count.map { "\($0): " } ?? "not published: ") + xcode.source
      let differs: String
      if let count = xcode.count, counted == [count] {
        differs = "the same"
      } else if xcode.count == nil {
        differs = "unknown" + (xcode.difference.map { ". " + $0 } ?? "")
      } else {
        differs = "they differ" + (xcode.difference.map { ". " + $0 } ?? "")
      }
      text += "| `\(rule.id)` | \(passesText(counted)) | \(plain(xcodeText)) | \(plain(differs)) |\n"
    }
    text += "\n"
    text += "| disputed point | rule | the question | the documented default | the other answer (`report --assume <point>`) |\n"
    text += "| --- | --- | --- | --- | --- |\n"
    for point in OffscreenRules.disputedPoints {
      text +=
        "| `\(point.id)` | `\(point.rule)` | \(plain(point.question)) | \(answer(point.assumed)) | \(answer(point.other)) |\n"
    }
    return text
  }

  /// The passes the rule's triggering examples under its documented defaults take, each value
  /// once, in order: what the tool counts for it.
  static func toolPasses(_ rule: any OffscreenRule) -> [Int] {
    Array(Set(rule.examples.filter { $0.assuming.isEmpty && $0.passes > 0 }.map(\.passes))).sorted()
  }

  static func passesText(_ passes: [Int]) -> String {
    guard let low = passes.first, let high = passes.last else { return "none" }
    let range = low == high ? "\(low)" : "\(low)-\(high)"
    return range + (high == 1 ? " pass" : " passes")
  }

  /// An answer and its sources, each a link, in one cell.
  static func answer(_ answer: DisputeAnswer) -> String {
    plain(answer.claim) + ". " + answer.sources.map { "[\(plain($0.title))](\($0.url)): \(plain($0.says))" }.joined(separator: "; ")
  }

  /// The registry's own words in a table cell: only the cell separator needs escaping.
  static func plain(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
