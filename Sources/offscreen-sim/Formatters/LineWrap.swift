/// Wraps the tool's text to a terminal's width.
///
/// A line longer than the width breaks at the last space that fits; what follows continues
/// under the column it belongs to: after the last gap of two or more spaces in the line's first
/// part (a table's last column, a finding's message after its indent), or two columns in from
/// the line's own indent when that column is past the middle (at the margin when that is too). A word longer than a
/// whole line is cut. Lines are measured in characters.
enum LineWrap {
  static func wrap<Style>(_ cells: [(Character, Style?)], width: Int) -> [(Character, Style?)] {
    var result: [(Character, Style?)] = []
    result.reserveCapacity(cells.count)
    var line: [(Character, Style?)] = []
    for cell in cells {
      if cell.0 == "\n" {
        result += wrapLine(line, width: width)
        result.append(cell)
        line.removeAll(keepingCapacity: true)
      } else {
        line.append(cell)
      }
    }
    result += wrapLine(line, width: width)
    return result
  }

  /// Convenience for plain text.
  static func wrap(_ text: String, width: Int) -> String {
    String(wrap(text.map { ($0, nil as Never?) }, width: width).map(\.0))
  }

  static func wrapLine<Style>(_ line: [(Character, Style?)], width: Int) -> [(Character, Style?)] {
    guard line.count > width else { return line }
    let characters = line.map(\.0)
    let indent = characters.prefix { $0 == " " }.count
    var hanging = indent + 2
    // The start of the last column: the first character after the last run of 2+ spaces that
    // lies within the first line.
    var index = min(width, characters.count) - 1
    while index > indent {
      if characters[index] == " " && characters[index - 1] == " " {
        var start = index
        while start < characters.count && characters[start] == " " { start += 1 }
        hanging = start
        break
      }
      index -= 1
    }
    if hanging > width / 2 { hanging = indent + 2 }
    if hanging > width / 2 { hanging = 0 }

    var result: [(Character, Style?)] = []
    var rest = line[...]
    var first = true
    while true {
      let room = first ? width : width - hanging
      if rest.count <= room {
        if !first { result += Array(repeating: (" ", nil), count: hanging) }
        result += rest
        break
      }
      // The last space within room that has a word before it.
      let limit = rest.startIndex + room
      var cut = limit
      var found = false
      var position = limit
      while position > rest.startIndex + (first ? max(indent, 1) : 1) {
        if rest[position].0 == " " && rest[position - 1].0 != " " {
          cut = position
          found = true
          break
        }
        position -= 1
      }
      if !first { result += Array(repeating: (" ", nil), count: hanging) }
      result += rest[rest.startIndex..<cut]
      result.append(("\n", nil))
      var next = cut
      if found { while next < rest.endIndex && rest[next].0 == " " { next += 1 } }
      rest = rest[next...]
      first = false
      if rest.isEmpty { break }
    }
    return result
  }
}
