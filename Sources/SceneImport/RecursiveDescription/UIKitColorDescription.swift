import LayerTree

/// Reads a `UIColor` as its `description` prints it in a `recursiveDescription`:
///
/// - a colour in a colour space: `UIExtendedSRGBColorSpace 0 0.478431 1 1` (red, green, blue,
///   alpha), `UIExtendedGrayColorSpace 0 0.35` (white, alpha), and the older
///   `UIDeviceRGBColorSpace`, `UIDeviceWhiteColorSpace`, `UIDisplayP3ColorSpace`,
///   `kCGColorSpaceModelRGB` forms: two numbers are white and alpha, three or four are red, green,
///   blue (and alpha). Extended-range components are held to 0...1.
/// - a system colour: `<UIDynamicSystemColor: 0x…; name = systemBackgroundColor>`, resolved to
///   its light-appearance value (``SystemColors``).
///
/// Anything else (a colour made from a closure, a pattern image) is `nil`: the dump does not say.
enum UIKitColorDescription {
  static func color(_ text: String) -> Color? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("<") {
      guard let range = trimmed.range(of: "name = ") else { return nil }
      let name = trimmed[range.upperBound...].prefix { $0 != ";" && $0 != ">" && $0 != " " }
      return SystemColors.color(named: String(name))
    }
    let words = trimmed.split(separator: " ")
    guard let space = words.first, space.contains("ColorSpace") || space.hasPrefix("kCGColorSpaceModel") else { return nil }
    var numbers: [Double] = []
    for word in words.dropFirst() {
      guard let value = Double(word), value.isFinite else { return nil }
      numbers.append(min(max(value, 0), 1))
    }
    switch numbers.count {
    case 2: return Color(red: numbers[0], green: numbers[0], blue: numbers[0], alpha: numbers[1])
    case 3: return Color(red: numbers[0], green: numbers[1], blue: numbers[2])
    case 4: return Color(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3])
    default: return nil
    }
  }
}

/// UIKit's dynamic system colours in the light appearance, by the name their description prints.
///
/// Values: the iOS 13 light-mode values that noahsark769/ColorCompatibility lists for each
/// `UIColor` (`ColorCompatibility.swift`), themselves read from UIKit. The tint colours
/// (`systemBlueColor`, `systemRedColor`, ...) are opaque in both appearances; their hue does not
/// change what a layer costs, so they are read as opaque mid-grey.
enum SystemColors {
  static func color(named name: String) -> Color? {
    if let color = table[name] { return color }
    let hues = ["Red", "Orange", "Yellow", "Green", "Mint", "Teal", "Cyan", "Blue", "Indigo", "Purple", "Pink", "Brown", "Gray"]
    if name.hasPrefix("system"), name.hasSuffix("Color"), hues.contains(where: { name == "system\($0)Color" }) {
      return Color(red: 0.5, green: 0.5, blue: 0.5)
    }
    return nil
  }

  static func rgb(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> Color {
    Color(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
  }

  static let table: [String: Color] = [
    "labelColor": rgb(0, 0, 0),
    "secondaryLabelColor": rgb(60, 60, 67, 0.6),
    "tertiaryLabelColor": rgb(60, 60, 67, 0.3),
    "quaternaryLabelColor": rgb(60, 60, 67, 0.18),
    "systemFillColor": rgb(120, 120, 128, 0.2),
    "secondarySystemFillColor": rgb(120, 120, 128, 0.16),
    "tertiarySystemFillColor": rgb(118, 118, 128, 0.12),
    "quaternarySystemFillColor": rgb(116, 116, 128, 0.08),
    "placeholderTextColor": rgb(60, 60, 67, 0.3),
    "systemBackgroundColor": rgb(255, 255, 255),
    "secondarySystemBackgroundColor": rgb(242, 242, 247),
    "tertiarySystemBackgroundColor": rgb(255, 255, 255),
    "systemGroupedBackgroundColor": rgb(242, 242, 247),
    "secondarySystemGroupedBackgroundColor": rgb(255, 255, 255),
    "tertiarySystemGroupedBackgroundColor": rgb(242, 242, 247),
    "separatorColor": rgb(60, 60, 67, 0.29),
    "opaqueSeparatorColor": rgb(198, 198, 200),
    "linkColor": rgb(0, 122, 255),
    "systemGray2Color": rgb(174, 174, 178),
    "systemGray3Color": rgb(199, 199, 204),
    "systemGray4Color": rgb(209, 209, 214),
    "systemGray5Color": rgb(229, 229, 234),
    "systemGray6Color": rgb(242, 242, 247),
    "clearColor": .clear,
  ]
}
