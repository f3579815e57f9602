/// An sRGB colour with alpha, each component in 0...1.
///
/// Scene files write colours as `"#RRGGBB"` or `"#RRGGBBAA"`, or `"clear"`.
public struct Color: Sendable, Hashable, CustomStringConvertible {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let white = Color(red: 1, green: 1, blue: 1)
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// Fully opaque: drawing it replaces what is below instead of blending.
  public var isOpaque: Bool { alpha >= 1 }
  /// Fully transparent: drawing it changes nothing.
  public var isClear: Bool { alpha <= 0 }

  /// Parses `#RRGGBB`, `#RRGGBBAA` (hex digits in either case) or `clear`; nil for anything else.
  public init?(hex text: String) {
    var text = text
    guard let color = text.withUTF8({ Color(utf8: $0) }) else { return nil }
    self = color
  }

  /// ``init(hex:)`` over the UTF-8 bytes of the text.
  init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.count == 5, bytes.elementsEqual("clear".utf8) {
      self = .clear
      return
    }
    guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
    func component(_ index: Int) -> Double? {
      guard let high = Self.hexDigit(bytes[index]), let low = Self.hexDigit(bytes[index + 1]) else { return nil }
      return Double(high * 16 + low) / 255
    }
    guard let red = component(1), let green = component(3), let blue = component(5) else { return nil }
    var alpha = 1.0
    if bytes.count == 9 {
      guard let value = component(7) else { return nil }
      alpha = value
    }
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }

  private static func hexDigit(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
    default: return nil
    }
  }

  /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; `clear` when fully transparent black.
  public var description: String {
    if self == .clear { return "clear" }
    func hex(_ value: Double) -> String {
      let byte = Int((max(0, min(1, value)) * 255).rounded())
      let digits = Array("0123456789ABCDEF")
      return String([digits[byte / 16], digits[byte % 16]])
    }
    return "#" + hex(red) + hex(green) + hex(blue) + (alpha >= 1 ? "" : hex(alpha))
  }
}
