/// Reads a scene's `source`: where an imported or captured scene came from.
///
/// ```json
/// "source": { "tool": "offscreen-sim import lottie", "file": "spinner.json", "frames": [0, 60], "notes": ["2 masks left out"] }
/// ```
struct SourceReader {
  let context: DecodingContext

  static let keys = ["tool", "file", "frames", "notes"]

  func read(_ value: JSONValue, _ path: JSONPath) -> SceneSource? {
    guard
      let members = context.members(
        value, path, expected: "a source object { \"tool\": name, \"file\": name, \"frames\": [first, last], \"notes\": [...] }")
    else { return nil }
    let fields = context.fields(members, in: path, known: Self.keys, what: "`source`")
    var source = SceneSource(tool: "")
    var ok = true
    if let member = fields["tool"] {
      if let tool = context.string(member.value, path, "tool") { source.tool = tool } else { ok = false }
    } else {
      context.error(path.rendered, at: value.offset, "missing `tool`: the program that made the scene")
      ok = false
    }
    if let member = fields["file"] {
      if let file = context.string(member.value, path, "file") { source.file = file } else { ok = false }
    }
    if let member = fields["frames"] {
      if let (first, last) = context.pair(member.value, path, "frames", shape: "[first, last] frame numbers") {
        if first >= 0, last >= first {
          source.frames = first...last
        } else {
          context.error(
            path, key: "frames", at: member.value.offset,
            "expected a first frame >= 0 and a last frame >= the first, found \(formatNumber(first)) and \(formatNumber(last))")
          ok = false
        }
      } else {
        ok = false
      }
    }
    if let member = fields["notes"] {
      if case .array(let items) = member.value.kind {
        let base = path.key("notes")
        for (index, item) in items.enumerated() {
          if let note = context.string(item, base.index(index), "") { source.notes.append(note) } else { ok = false }
        }
      } else {
        context.error(path, key: "notes", at: member.value.offset, "expected an array of strings, found \(context.describe(member.value))")
        ok = false
      }
    }
    return ok ? source : nil
  }
}
