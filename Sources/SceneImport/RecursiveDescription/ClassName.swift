/// A class name as a `recursiveDescription` prints it, made short for a layer id.
///
/// - `Adyen.ListCell` (a Swift class, with its module): `ListCell`;
/// - `Module.Box<Module.Item>` (generic): `Box`;
/// - `_TtCC5Adyen17FormContainerItemP33_6CC6…17FormContainerView` (the Objective-C runtime name
///   of a nested or private Swift class): its last identifier, `FormContainerView`. Such a name
///   is `_Tt`, kind letters, then identifiers each written as its length and its characters;
///   `P` and a length mark a private discriminator, skipped.
/// - anything else (`UIView`, `_UITextLayoutCanvasView`) as it is.
enum ClassName {
  static func short(_ name: String) -> String {
    if name.hasPrefix("_Tt"), let last = lastMangledIdentifier(name) { return last }
    let plain = name.prefix { $0 != "<" }
    if let dot = plain.lastIndex(of: "."), plain.index(after: dot) < plain.endIndex {
      return String(plain[plain.index(after: dot)...])
    }
    return String(plain)
  }

  static func lastMangledIdentifier(_ name: String) -> String? {
    let characters = Array(name.utf8.dropFirst(3))
    var index = 0
    var last: String? = nil
    while index < characters.count {
      let byte = characters[index]
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: "P") {
        let isPrivate = byte == UInt8(ascii: "P")
        if isPrivate { index += 1 }
        var length = 0
        while index < characters.count, characters[index] >= UInt8(ascii: "0"), characters[index] <= UInt8(ascii: "9") {
          length = length * 10 + Int(characters[index] - UInt8(ascii: "0"))
          if length > characters.count { return last }
          index += 1
        }
        guard length > 0, index + length <= characters.count else { return last }
        if !isPrivate { last = String(decoding: characters[index..<index + length], as: UTF8.self) }
        index += length
      } else {
        index += 1
      }
    }
    return last
  }
}
