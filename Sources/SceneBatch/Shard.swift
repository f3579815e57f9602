/// One of `count` parts of a batch, for spreading `check` or `compare` over CI runners the way
/// test runners shard (`--shard 2/4`): each input goes to the part its key's hash picks, so the
/// parts are the same on every machine and an input keeps its part when others are added.
///
/// The hash is 64-bit FNV-1a over the key's UTF-8 bytes (Fowler, Noll and Vo; offset basis
/// 14695981039346656037, prime 1099511628211, as published at http://www.isthe.com/chongo/tech/comp/fnv/).
/// A scene's devices stay with it, so each file is read and decoded by one part only.
public struct Shard: Sendable, Equatable {
  /// From 1 to ``count``.
  public let index: Int
  public let count: Int

  /// Nil unless `1 <= index <= count`.
  public init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// True when `key` (a path, or a pair's two paths) belongs to this part.
  public func contains(_ key: String) -> Bool { Int(Self.hash(key) % UInt64(count)) == index - 1 }

  /// The positions in `keys` that belong to this part, in order.
  public func positions(of keys: [String]) -> [Int] { keys.indices.filter { contains(keys[$0]) } }

  /// 64-bit FNV-1a of `key`'s UTF-8 bytes, read in place (every part hashes every input's path).
  public static func hash(_ key: String) -> UInt64 {
    var key = key
    return key.withUTF8 { bytes in
      var hash: UInt64 = 14_695_981_039_346_656_037
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 1_099_511_628_211
      }
      return hash
    }
  }
}
