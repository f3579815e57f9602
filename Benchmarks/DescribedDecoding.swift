// The loading section's baseline: Foundation's JSONDecoder reading a scene file into values whose
// keys and types come from the format's description (SceneFormat), so the baseline reads every
// key of every kind the tool reads and cannot drift from the format. Each object is read through a
// keyed container, each key present decoded as the description types it (the calls a Decodable
// conformance makes), and an unknown key is an error, as in the tool's readers.

import Foundation
import LayerTree

/// A scene decoded by JSONDecoder as the description types it.
struct DescribedScene: Decodable {
  /// Values decoded, so the work cannot be skipped.
  var values = 0

  init(from decoder: Decoder) throws {
    values = try DescribedDecoding.object(try decoder.container(keyedBy: DescribedDecoding.Key.self), DescribedDecoding.scene)
  }
}

enum DescribedDecoding {
  /// Each kind's keys by name.
  typealias Kind = [String: ValueType]
  static let format = SceneFormat.standard
  static let kinds: [String: Kind] = Dictionary(
    uniqueKeysWithValues: format.kinds.map { kind in (kind.name, Dictionary(uniqueKeysWithValues: kind.keys.map { ($0.name, $0.type) })) })
  static let scene = kinds["scene"]!
  static let layer = kinds["layer"]!

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  struct UnknownKey: Error { var key: String }

  static func object(_ container: KeyedDecodingContainer<Key>, _ kind: Kind) throws -> Int {
    var count = 0
    for key in container.allKeys {
      guard let type = kind[key.stringValue] else { throw UnknownKey(key: key.stringValue) }
      count += try value(container, key, type)
    }
    return count
  }

  static func value(_ container: KeyedDecodingContainer<Key>, _ key: Key, _ type: ValueType) throws -> Int {
    switch type {
    case .number, .integer: _ = try container.decode(Double.self, forKey: key)
    case .boolean: _ = try container.decode(Bool.self, forKey: key)
    case .string, .identifier, .choice, .constant, .device: _ = try container.decode(String.self, forKey: key)
    case .color(let nullable):
      let isNull = nullable ? try container.decodeNil(forKey: key) : false
      if !isNull { _ = try container.decode(String.self, forKey: key) }
    case .pair, .rect: _ = try container.decode([Double].self, forKey: key)
    case .list(let item, _, _, _): return try list(try container.nestedUnkeyedContainer(forKey: key), item)
    case .layers: return try list(try container.nestedUnkeyedContainer(forKey: key), .layer)
    case .object(let name): return try object(try container.nestedContainer(keyedBy: Key.self, forKey: key), kinds[name]!)
    case .layer: return try object(try container.nestedContainer(keyedBy: Key.self, forKey: key), layer)
    case .oneOf, .custom: _ = try container.decode(AnyJSON.self, forKey: key)
    }
    return 1
  }

  static func list(_ container: UnkeyedDecodingContainer, _ item: ValueType) throws -> Int {
    var container = container
    var count = 1
    while !container.isAtEnd {
      switch item {
      case .number, .integer: _ = try container.decode(Double.self)
      case .string, .identifier, .choice, .constant, .device, .color: _ = try container.decode(String.self)
      case .pair, .rect: _ = try container.decode([Double].self)
      case .object(let name): count += try object(try container.nestedContainer(keyedBy: Key.self), kinds[name]!)
      case .layer: count += try object(try container.nestedContainer(keyedBy: Key.self), layer)
      default: _ = try container.decode(AnyJSON.self)
      }
      count += 1
    }
    return count
  }
}

/// Any JSON value, for the keys the description gives as one of several types or in prose (a
/// shadow path, an animation's values, the budgets by device).
struct AnyJSON: Decodable {
  init(from decoder: Decoder) throws {
    if let container = try? decoder.container(keyedBy: DescribedDecoding.Key.self) {
      for key in container.allKeys { _ = try container.decode(AnyJSON.self, forKey: key) }
    } else if var container = try? decoder.unkeyedContainer() {
      while !container.isAtEnd { _ = try container.decode(AnyJSON.self) }
    } else {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() { return }
      if (try? container.decode(Double.self)) != nil { return }
      if (try? container.decode(Bool.self)) != nil { return }
      _ = try container.decode(String.self)
    }
  }
}
