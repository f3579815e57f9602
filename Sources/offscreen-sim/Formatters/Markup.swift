import LayerTree

/// What the SVG and HTML formatters share: escaping, numbers with fixed decimals, colours.
///
/// Every string that comes from a scene (names, descriptions, layer paths, messages that quote
/// them) goes through ``escape(_:)``; every number through ``number(_:_:)``, so the same input
/// gives the same bytes.
enum Markup {
  /// Text safe inside an XML element or a double- or single-quoted attribute: `& < > " '` as
  /// entities, and the characters XML 1.0 forbids (C0 controls other than tab, line feed and
  /// carriage return; U+FFFE, U+FFFF) replaced by U+FFFD.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        let value = scalar.value
        if value < 0x20 || value == 0xFFFE || value == 0xFFFF || (0x7F...0x9F).contains(value) {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// `value` with exactly `decimals` decimals (`16.67`, `0.00`, `-3.50`), never in exponent
  /// notation; values beyond +-1e12 are clamped, non-finite ones written as 0.
  static func number(_ value: Double, _ decimals: Int = 2) -> String {
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    var scaled = value.isFinite ? (min(max(value, -1e12), 1e12) * factor).rounded() : 0
    if scaled == 0 { scaled = 0 }  // no "-0.00"
    let negative = scaled < 0
    let magnitude = Int64(abs(scaled))
    let whole = magnitude / Int64(factor)
    var text = (negative ? "-" : "") + String(whole)
    if decimals > 0 {
      let fraction = String(magnitude % Int64(factor))
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
  }

  /// `#RRGGBB`, for `fill` and `stroke`; the alpha goes into an `-opacity` attribute.
  static func rgb(_ color: Color) -> String {
    var opaque = color
    opaque.alpha = 1
    return opaque.description
  }

  /// A `rect` element's geometry attributes: `x="" y="" width="" height=""`.
  static func rectAttributes(_ rect: Rect) -> String {
    "x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(max(rect.width, 0)))\" height=\"\(number(max(rect.height, 0)))\""
  }

  /// The font the pictures use: a system sans-serif, no web fonts.
  static let fontFamily = "-apple-system, Helvetica, Arial, sans-serif"

  /// `s` for plural counts: `1 pass`, `2 passes` take their own suffix.
  static func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : (plural ?? singular + "s"))"
  }
}
