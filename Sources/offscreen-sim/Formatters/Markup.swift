import LayerTree

/// What the SVG, HTML and XML formatters share: the escaping policy of markup, numbers with fixed
/// decimals, colours.
///
/// Every string that comes from a scene (names, descriptions, layer paths, messages that quote
/// them) goes through ``escape(_:)``; every number through ``number(_:_:)``, so the same input
/// gives the same bytes.
enum Markup {
  /// Text safe inside an XML element or a double- or single-quoted attribute, in SVG, HTML and
  /// JUnit XML alike:
  /// - `& < > " '` as entities, so no value can open or close an element or an attribute;
  /// - tab, line feed and carriage return as character references (`&#10;`): an attribute keeps
  ///   them (a parser turns raw ones into spaces), and no value starts a line of the file;
  /// - `[` after `#` as `&#91;`, so no value spells an old-style `##[` workflow command
  ///   (``WorkflowCommandGuard``) should the document be printed to a CI log;
  /// - terminal hazards (``TerminalText/isHazard(_:)``: controls, bidi overrides and isolates)
  ///   shown as `\u{1B}`: XML 1.0 cannot hold C0 controls, and a bidi override would reorder
  ///   what the page shows; U+FFFE and U+FFFF, which XML cannot hold either, as U+FFFD.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var previous: Unicode.Scalar = " "
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t": result += "&#9;"
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      case "[" where previous == "#": result += "&#91;"
      case "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
      default:
        if TerminalText.isHazard(scalar) {
          result += TerminalText.visible(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
      previous = scalar
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

  /// A count with its noun, plural unless the count is one: LayerTree's `plural`, the one rule
  /// every message follows (`1 pass`, `2 passes`).
  static func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    LayerTree.plural(count, singular, plural)
  }
}
