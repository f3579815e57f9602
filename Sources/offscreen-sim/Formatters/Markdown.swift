/// Small helpers for Markdown output (GitHub-flavoured: pull-request comments, job summaries).
enum Markdown {
  /// Text for a table cell: pipes escaped, line breaks folded.
  static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r", with: " ").replacingOccurrences(
      of: "\n", with: " ")
  }

  /// Text as code (`scenes/feed.json`), with a longer fence when it holds backticks.
  static func code(_ text: String) -> String {
    let clean = cell(text)
    if !clean.contains("`") { return "`\(clean)`" }
    return "`` \(clean) ``"
  }

  /// A table: a header row, an alignment row (`right` columns right-aligned), the rows.
  static func table(_ header: [String], right: Set<Int> = [], _ rows: [[String]]) -> String {
    var text = "| " + header.map(cell).joined(separator: " | ") + " |\n"
    text += "|" + header.indices.map { right.contains($0) ? " ---: " : " --- " }.joined(separator: "|") + "|\n"
    for row in rows { text += "| " + row.joined(separator: " | ") + " |\n" }
    return text
  }
}
