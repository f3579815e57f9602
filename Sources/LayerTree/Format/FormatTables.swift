import Foundation

/// The key tables of docs/scene-format.md, generated from the format's description. The guide
/// marks each table with `<!-- keys: KIND -->` and `<!-- end keys -->`; a test holds the text
/// between the marks equal to ``markdown(_:)``.
public enum FormatTables {
  /// The opening mark of a kind's table in the guide.
  public static func openingMark(_ kind: ObjectKind) -> String { "<!-- keys: \(kind.name) -->" }
  public static let closingMark = "<!-- end keys -->"

  /// The table of a kind's keys, one row a key, as Markdown.
  public static func markdown(_ kind: ObjectKind) -> String {
    let isLayer = kind.keys.contains { $0.binding != nil }
    var lines: [String]
    if isLayer {
      lines = [
        "| key | `CALayer` / UIKit property | type | default | range | animated by | meaning |",
        "| --- | --- | --- | --- | --- | --- | --- |",
      ]
    } else {
      lines = ["| key | type | default | range | meaning |", "| --- | --- | --- | --- | --- |"]
    }
    for key in kind.keys {
      var meaning = key.doc
      if let variants = key.variants {
        meaning = variants.map { "`\($0)`" }.joined(separator: ", ") + " only. " + meaning
      }
      var cells = ["`\(key.name)`"]
      if isLayer { cells.append(key.property.map(propertyText) ?? "(none)") }
      cells += [typeText(key.type), defaultText(key), rangeText(key.type)]
      if isLayer { cells.append(key.animatedBy.map { "`\($0)`" }.joined(separator: ", ")) }
      cells.append(meaning)
      lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// The table of the key paths an animation can name.
  public static func keyPathsMarkdown(_ format: SceneFormat) -> String {
    var lines = ["| keyPath | value | range | animates | meaning |", "| --- | --- | --- | --- | --- |"]
    for keyPath in format.keyPaths {
      lines.append(
        "| `\(keyPath.name)` | \(typeText(keyPath.value)) | \(rangeText(keyPath.value)) | `\(keyPath.layerKey)` | \(keyPath.doc) |")
    }
    return lines.joined(separator: "\n")
  }

  /// The table of the limits on untrusted scenes, with their defaults, then the physical ranges
  /// of lengths and bitmaps, which are fixed.
  public static func limitsMarkdown(_ limits: InputLimits) -> String {
    var lines = ["| limit | default | what it bounds |", "| --- | --- | --- |"]
    for row in limits.rows { lines.append("| \(row.name) | \(NumberRange.grouped(Double(row.value))) | \(row.doc) |") }
    for row in NumberRange.physicalRows { lines.append("| \(row.name) | \(row.value) | \(row.doc) |") }
    return lines.joined(separator: "\n")
  }

  /// The guide's text with every marked table replaced by the generated one.
  public static func regenerated(_ guide: String, format: SceneFormat = .standard) -> String {
    var tables = format.kinds.map { (openingMark($0), markdown($0)) }
    tables.append(("<!-- keys: keyPaths -->", keyPathsMarkdown(format)))
    tables.append(("<!-- keys: limits -->", limitsMarkdown(.standard)))
    return regenerated(guide, tables: tables)
  }

  /// `guide` with the text between each mark and the next ``closingMark`` replaced by its table:
  /// the tables of another file's description (`docs/calibration.md`).
  public static func regenerated(_ guide: String, tables: [(mark: String, table: String)]) -> String {
    var text = guide
    for (mark, table) in tables {
      guard let start = text.range(of: mark), let end = text.range(of: closingMark, range: start.upperBound..<text.endIndex) else {
        continue
      }
      text.replaceSubrange(start.upperBound..<end.lowerBound, with: "\n" + table + "\n")
    }
    return text
  }

  /// The Markdown of a doc line without its code marks, for the schema's plain descriptions.
  public static func plain(_ text: String) -> String {
    var result = text.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "**", with: "")
    // [Classes](#classes) -> Classes
    while let open = result.range(of: "]("), let close = result.range(of: ")", range: open.upperBound..<result.endIndex) {
      result.removeSubrange(open.lowerBound..<close.upperBound)
      if let bracket = result.range(of: "[", options: .backwards, range: result.startIndex..<open.lowerBound) {
        result.removeSubrange(bracket)
      }
    }
    return result
  }

  /// A property as the docs write it: `cornerCurve` (iOS 13), `transform` / `affineTransform()`.
  static func propertyText(_ property: String) -> String {
    if property.hasPrefix("the ") { return property }
    if let paren = property.range(of: " (") {
      return "`\(property[..<paren.lowerBound])`" + property[paren.lowerBound...]
    }
    return property.components(separatedBy: " / ").map { "`\($0)`" }.joined(separator: " / ")
  }

  static func typeText(_ type: ValueType) -> String {
    switch type {
    case .number: return "number"
    case .integer: return "whole number"
    case .boolean: return "boolean"
    case .string, .identifier: return "string"
    case .choice: return "string"
    case .color(let nullable): return nullable ? "colour or `null`" : "colour"
    case .pair(let shape, _, _):
      guard let close = shape.firstIndex(of: "]") else { return "`\(shape)`" }
      let rest = shape[shape.index(after: close)...].trimmingCharacters(in: .whitespaces)
      return "`\(shape[...close])`" + (rest.isEmpty ? "" : " " + rest)
    case .rect: return "`[x, y, w, h]`"
    case .list(.object(let name), _, _, _): return "array of [\(name)](#\(anchor(name))) objects"
    case .list(_, _, _, let noun): return "array of \(noun)"
    case .object(let name): return "[\(name)](#\(anchor(name))) object"
    case .layer: return "layer object"
    case .layers: return "array of layer objects"
    case .constant(let text): return "`\"\(text)\"`"
    case .device: return "device id"
    case .oneOf(let types): return types.map(typeText).joined(separator: " or ")
    case .custom(let text, _): return text
    }
  }

  static func anchor(_ name: String) -> String {
    switch name {
    case "shapePath": return "classes"
    case "contentChange": return "content-changes"
    case "scroll": return "scrolls"
    case "reuse": return "cell-reuse"
    case "animation": return "animations"
    default: return name.lowercased()
    }
  }

  static func defaultText(_ key: FormatKey) -> String {
    if let text = key.defaultText { return text }
    switch key.requirement {
    case .required: return "required"
    case .requiredFor(let variants): return "required for " + variants.map { "`\($0)`" }.joined(separator: ", ")
    case .requiredUnless(let text): return "required unless \(text)"
    case .optional: break
    }
    guard let value = key.defaultValue else { return "none" }
    return "`\(value.rendered(lineWidth: 200).trimmingCharacters(in: .whitespacesAndNewlines))`"
  }

  static func rangeText(_ type: ValueType) -> String {
    switch type {
    case .number(let range), .pair(_, let range, nil): return range == .any ? "any" : range.text
    case .pair(let shape, let first, let second?):
      // Each number named as the shape names it: `[time, offset]` -> "time >= 0; offset ...".
      let names = shape.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }.components(separatedBy: ", ")
      guard names.count == 2 else { return "\(first.text); \(second.text)" }
      return "\(names[0]) \(first.text); \(names[1]) \(second.text)"
    case .integer(let range):
      let lower = NumberRange.grouped(Double(range.lowerBound))
      return range.count == 1 ? lower : "\(lower) to \(NumberRange.grouped(Double(range.upperBound)))"
    case .string(let maxLength): return maxLength.map { "at most \(NumberRange.grouped(Double($0))) characters" } ?? ""
    case .identifier(let maxLength):
      return "no `/ * [ ]` or white space" + (maxLength.map { ", at most \(NumberRange.grouped(Double($0))) characters" } ?? "")
    case .choice(let names): return names.map { "`\($0)`" }.joined(separator: ", ")
    case .color(let nullable): return nullable ? "" : "`null` not accepted"
    case .rect:
      return "x, y \(NumberRange.coordinate.text); w, h \(NumberRange.length.text)"
    case .list(let item, let minCount, let unique, _):
      var parts: [String] = []
      let itemRange: String
      switch item {
      case .choice, .number, .pair: itemRange = rangeText(item)
      default: itemRange = ""
      }
      if minCount > 0 { parts.append("at least \(minCount)") }
      if !itemRange.isEmpty { parts.append(itemRange + (unique ? ", each once" : "")) }
      return parts.joined(separator: "; ")
    case .oneOf(let types): return types.map(rangeText).filter { !$0.isEmpty }.joined(separator: "; ")
    default: return ""
    }
  }
}
