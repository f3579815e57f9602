/// A count with its noun, in the plural unless the count is one: `plural(1, "frame")` is
/// `1 frame`, `plural(2, "pass", "passes")` is `2 passes` (without `plural`, the singular and
/// `s`). Every message that counts something says it this way; the command-line tool's formatters
/// call it as `Markup.plural`.
public func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
  "\(count) \(count == 1 ? singular : (plural ?? singular + "s"))"
}
