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
  /// For each name numbered so far, the number to try next: every number below it is taken.
  private var nextNumber: [String: Int] = [:]

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

  /// A valid id for `name` that no earlier call on this value returned: the name itself, or
  /// else `name-n` for the least n >= 2 not taken.
  ///
  /// The search for n goes on from where the last one for the same name stopped (the numbers
  /// below it are all taken, and ids are never given back), so a name used n times costs n
  /// steps in all, not n^2 / 2. An id `name-n` is passed over by `name`'s numbering alone (the
  /// text after its last `-` is the number), so the ids passed over add up to at most the ids
  /// made.
  public mutating func unique(_ name: String) -> String {
    let base = Self.valid(name)
    guard used.contains(base) else {
      used.insert(base)
      return base
    }
    var number = nextNumber[base, default: 2]
    var id = "\(base)-\(number)"
    while used.contains(id) {
      number += 1
      id = "\(base)-\(number)"
    }
    used.insert(id)
    nextNumber[base] = number + 1
    return id
  }
}
