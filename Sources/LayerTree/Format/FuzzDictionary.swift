/// The fuzzing dictionary (`Tests/Fuzz/scene.dict`, libFuzzer's `-dict`), generated from the
/// format's description: every key of every object kind, every name a key or a key path takes,
/// then values that reach the readers' edge cases. A test holds the file equal to ``rendered(_:)``.
public enum FuzzDictionary {
  /// Values no key lists by name that the readers treat apart: colours, device ids, versions,
  /// patterns, JSON's literals and numbers at the edges, an escape, a byte-order mark, a CRLF.
  static let edgeValues: [String] = ##"""
    "\"#FFFFFF\""
    "\"#00000080\""
    "\"iphone-7\""
    "\"iphone-x\""
    "\"6.1\""
    "\"10.3\""
    "\"cell[*]\""
    "true"
    "false"
    "null"
    "1e999"
    "-0"
    "0.5"
    "[0, 0, 10, 10]"
    "{}"
    "[]"
    "\\u0041"
    "\xef\xbb\xbf"
    "\x0d\x0a"
    """##.split(separator: "\n").map(String.init)

  /// The dictionary's text.
  public static func rendered(_ format: SceneFormat = .standard) -> String {
    var lines = ["# Keys and values of the scene format, for libFuzzer's -dict (Tests/Fuzz/SceneStreamFuzz.swift)."]
    lines.append("# Generated from the format's description: OFFSCREEN_SIM_RECORD=1 swift test --filter FuzzDictionaryTests")
    var seen = Set<String>()
    func add(_ entry: String) {
      if seen.insert(entry).inserted { lines.append(entry) }
    }
    for kind in format.kinds {
      for key in kind.keys { add(#""\"\#(key.name)\":""#) }
    }
    func names(_ type: ValueType) -> [String] {
      switch type {
      case .choice(let names): return names
      case .constant(let text): return [text]
      case .list(let item, _, _, _): return names(item)
      case .oneOf(let types): return types.flatMap(names)
      default: return []
      }
    }
    for kind in format.kinds {
      for key in kind.keys {
        for name in names(key.type) { add(#""\"\#(name)\"""#) }
      }
    }
    for keyPath in format.keyPaths { add(#""\"\#(keyPath.name)\"""#) }
    for value in edgeValues { add(value) }
    return lines.joined(separator: "\n") + "\n"
  }
}
