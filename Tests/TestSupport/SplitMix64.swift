/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast generator that gives the same
/// sequence for a seed on every platform and every run, so a seeded test is repeatable.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`.
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// True `percent` times in a hundred.
  public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  /// One of `items`, which must not be empty.
  public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
