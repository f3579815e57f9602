import LayerTree

/// Left-aligned columns separated by two spaces; the first row is the header.
enum TextTable {
  static func render(_ rows: [[String]], indent: String = "") -> String {
    guard let columns = rows.map(\.count).max() else { return "" }
    var widths = [Int](repeating: 0, count: columns)
    // Widths in characters, each cell's counted once; a cell is padded by characters too (not
    // by UTF-16 units, which would cut a cell holding characters outside the Basic Multilingual
    // Plane).
    let counts = rows.map { $0.map(\.count) }
    for row in counts {
      for (index, count) in row.enumerated() { widths[index] = max(widths[index], count) }
    }
    var text = ""
    for (row, cells) in zip(counts, rows) {
      var line = indent
      for (index, cell) in cells.enumerated() {
        line += cell
        if index < cells.count - 1 { line += String(repeating: " ", count: widths[index] + 2 - row[index]) }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      text += line + "\n"
    }
    return text
  }
}

/// Numbers as people read them: `1,234,567`, `12.3 MiB`, `45%`.
enum Readable {
  /// `value` rounded to a whole number, or nil when it has none that fits (not finite, or
  /// beyond Int64: an absurd scene's overflowed cost).
  static func whole(_ value: Double) -> Int64? {
    let rounded = value.rounded()
    guard rounded.isFinite, abs(rounded) < 9e18 else { return nil }
    return Int64(rounded)
  }

  /// A whole number without grouping, `inf` or `nan` when there is none.
  static func integer(_ value: Double) -> String { whole(value).map(String.init) ?? formatNumber(value) }

  static func count(_ value: Double) -> String {
    guard let rounded = whole(value) else { return formatNumber(value) }
    let digits = String(abs(rounded))
    var grouped = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
      grouped.append(character)
    }
    return (rounded < 0 ? "-" : "") + grouped
  }

  static func count(_ value: Int) -> String { count(Double(value)) }

  /// `812 B`, `4.5 KiB`, `10.6 MiB`: binary units (IEC 80000-13), named as such.
  static func bytes(_ value: Double) -> String {
    if value < 1024 { return "\(integer(value.rounded(.towardZero))) B" }
    if value < 1024 * 1024 { return fixed(value / 1024, 1) + " KiB" }
    return fixed(value / (1024 * 1024), 1) + " MiB"
  }

  static func percent(_ part: Double, of whole: Double) -> String {
    guard whole > 0 else { return "0%" }
    return "\(integer(part / whole * 100))%"
  }

  static func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
      let fraction = text[text.index(after: dot)...]
      if fraction.count < decimals { text += String(repeating: "0", count: decimals - fraction.count) }
      if decimals == 0 { text = String(text[..<dot]) }
    } else if decimals > 0 {
      text += "." + String(repeating: "0", count: decimals)
    }
    return text
  }
}
