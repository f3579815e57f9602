import LayerTree

/// The render server's cache of rasterized layers (`shouldRasterize`), across frames.
///
/// - An entry per rasterized layer, keyed by the layer; valid while nothing in its subtree
///   changed (content, size, `rasterizationScale`, any sublayer property). The layer's own
///   position, opacity and transform do not invalidate it: the bitmap is drawn moved, faded or
///   turned.
/// - A hit draws the bitmap as a texture; a miss renders the subtree offscreen and stores it.
/// - An entry unused for more than ``Limits/unusedLifetime`` (100 ms) is evicted.
/// - The cache holds at most ``Limits/screenAreaFactor`` (2.5) x the screen's pixel area x 4
///   bytes; when a new entry does not fit, the least recently used go first. A layer bigger
///   than the whole cache is never cached: it misses every frame.
///
/// Sources: the domain notes, section 3 (WWDC14 session 419 via several write-ups; objc.io says
/// "roughly two times" the screen, so the factor is part of the device profile).
public struct RasterCache: Sendable {
  public struct Limits: Sendable, Hashable {
    /// Seconds an entry may go unused before it is evicted.
    public var unusedLifetime: Double
    /// The cache's capacity as a multiple of the screen's pixel area.
    public var screenAreaFactor: Double

    public init(unusedLifetime: Double = 0.1, screenAreaFactor: Double = 2.5) {
      self.unusedLifetime = unusedLifetime
      self.screenAreaFactor = screenAreaFactor
    }

    public static let standard = Limits()
  }

  struct Entry: Sendable {
    var bytes: Double
    var lastUsed: Double
    var order: Int
  }

  /// What the cache did in one frame.
  public struct FrameCounts: Sendable, Hashable {
    public var hits = 0
    public var misses = 0
    public var evictions = 0
    public init() {}
  }

  public let capacityBytes: Double
  public let limits: Limits
  private var entries: [Int: Entry] = [:]
  private var useCounter = 0
  public private(set) var bytesInUse = 0.0
  public var counts = FrameCounts()

  public init(screenPixelArea: Double, limits: Limits = .standard) {
    self.limits = limits
    capacityBytes = screenPixelArea * limits.screenAreaFactor * 4
  }

  /// Starts a frame at `time`: evicts entries unused for longer than the lifetime and drops the
  /// entries of `stale` layers (their subtree changed).
  public mutating func beginFrame(time: Double, stale: Set<Int>) {
    counts = FrameCounts()
    for index in stale where entries[index] != nil { remove(index) }
    // A small tolerance keeps "exactly 100 ms" from evicting through rounding. Most frames evict
    // nothing: the list is made only when something expires.
    var expired: [Int] = []
    for (index, entry) in entries where time - entry.lastUsed > limits.unusedLifetime + 1e-9 { expired.append(index) }
    for index in expired.sorted() {
      remove(index)
      counts.evictions += 1
    }
  }

  /// Draws the rasterized layer `index` whose bitmap takes `bytes`: true on a hit. A miss stores
  /// the new bitmap, evicting least recently used entries to make room.
  public mutating func draw(_ index: Int, bytes: Double, time: Double) -> Bool {
    useCounter += 1
    // One lookup: the entry is updated where it is.
    let found = entries.index(forKey: index)
    if let found, entries.values[found].bytes == bytes {
      entries.values[found].lastUsed = time
      entries.values[found].order = useCounter
      counts.hits += 1
      return true
    }
    counts.misses += 1
    if found != nil { remove(index) }
    guard bytes <= capacityBytes else { return false }
    while bytesInUse + bytes > capacityBytes, let victim = entries.min(by: { $0.value.order < $1.value.order })?.key {
      remove(victim)
      counts.evictions += 1
    }
    entries[index] = Entry(bytes: bytes, lastUsed: time, order: useCounter)
    bytesInUse += bytes
    return false
  }

  /// True when the layer has a cache entry.
  public func contains(_ index: Int) -> Bool { entries[index] != nil }

  private mutating func remove(_ index: Int) {
    if let entry = entries.removeValue(forKey: index) { bytesInUse -= entry.bytes }
  }
}

// MARK: Comparing two runs' caches

extension RasterCache {
  /// The cache with its entries keyed anew: layer `i`'s entry becomes layer `map[i]`'s. Nil when
  /// some entry's layer has none (`map[i]` is -1).
  func remapped(_ map: [Int32]) -> RasterCache? {
    var result = self
    result.entries = [:]
    for (index, entry) in entries {
      guard index < map.count && map[index] >= 0 else { return nil }
      result.entries[Int(map[index])] = entry
    }
    return result
  }

  /// True when this cache will act as `other` does from now on, given the same draws (with
  /// `other`'s layer `i` this cache's `map[i]`; nil: the same layers): the same entries (size and
  /// last use), in the same order of use, and the same bytes in use, to the bit.
  func isEquivalent(to other: RasterCache, map: [Int32]?) -> Bool {
    guard entries.count == other.entries.count, bytesInUse == other.bytesInUse, capacityBytes == other.capacityBytes,
      limits == other.limits
    else { return false }
    func mine(_ index: Int) -> Int {
      guard let map else { return index }
      return index < map.count ? Int(map[index]) : -1
    }
    for (index, entry) in other.entries {
      guard let own = entries[mine(index)], own.bytes == entry.bytes, own.lastUsed == entry.lastUsed else { return false }
    }
    let ownOrder = entries.sorted { $0.value.order < $1.value.order }.map(\.key)
    let otherOrder = other.entries.sorted { $0.value.order < $1.value.order }.map { mine($0.key) }
    return ownOrder == otherOrder
  }
}
