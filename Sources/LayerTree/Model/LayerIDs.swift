/// Makes layer ids from names found elsewhere (a view's class name, an accessibility
/// identifier, a layer name in an imported file): valid in a scene and unique among siblings.
///
/// A valid id has no `/`, `*`, `[`, `]` or white space (see ``LayerPath/problem(withID:)``):
/// each such character becomes `_`, and so does a control character, which a name read from an
/// untrusted file may hold. A name used twice among the same siblings is numbered from
/// the second on: `UIView`, `UIView-2`, `UIView-3`.
///
/// ```swift
/// var ids = LayerIDs()
/// ids.unique("UIView")        // "UIView"
/// ids.unique("UIView")        // "UIView-2"
/// ids.unique("Cell [main]")   // "Cell__main_"
/// ```
public struct LayerIDs: Sendable {
  /// The longest id made; a longer name is cut.
  public static let maxLength = 64
  /// The id given for a name with nothing usable in it.
  public static let fallback = "layer"

  private var used: Set<String> = []

  public init() {}

  /// `name` made valid: reserved characters and white space replaced by `_`, cut to
  /// ``maxLength`` characters; ``fallback`` for an empty name.
  public static func valid(_ name: String) -> String {
    var id = ""
    for character in name.prefix(maxLength) {
      let reserved = LayerPath.reservedCharacters.contains(character) || character == "[" || character == "]"
      let control = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
      id.append(reserved || control || character.isWhitespace || character.isNewline ? "_" : character)
    }
    return id.isEmpty ? fallback : id
  }

  /// A valid id for `name` that no earlier call on this value returned.
  public mutating func unique(_ name: String) -> String {
    let base = Self.valid(name)
    var id = base
    var number = 2
    while used.contains(id) {
      id = "\(base)-\(number)"
      number += 1
    }
    used.insert(id)
    return id
  }
}
