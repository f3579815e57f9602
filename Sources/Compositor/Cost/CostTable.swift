/// One frame's milliseconds by item: a value per item of the fixed lists (``CostItem``), phase by
/// phase in one array, added to by position with no hashing; the dictionaries of ``FrameCost`` are
/// made from it when a report asks for them. An item never added is absent from its phase's
/// dictionary, as it would be had the dictionary been written directly.
struct CostTable: Sendable, Hashable {
  /// The most items a table holds: `added` has a bit for each (``CostItem/all`` has fewer; a test
  /// holds it so).
  static let capacity = 32
  /// Milliseconds by item position (``CostItem/all``), 0 for an item never added: inline, so a
  /// frame's table allocates nothing.
  private var storage = InlineDoubles()
  /// Bit `i` is set once item `i` has been added to.
  private(set) var added: UInt64 = 0
  /// Contents drawn on a background thread this frame: each one task of the app's drawing queues
  /// (``DrawingQueues``).
  private(set) var backgroundTasks = 0

  init() {}

  /// Counts one drawing task on a background thread.
  @inline(__always)
  mutating func addBackgroundTask() { backgroundTasks += 1 }

  /// Adds `milliseconds` to the item at `position`.
  @inline(__always)
  mutating func add(_ position: Int, _ milliseconds: Double) {
    storage.add(milliseconds, at: position)
    added |= 1 << UInt64(position)
  }

  /// Adds `seconds`, in milliseconds, to the item at `position`.
  @inline(__always)
  mutating func addSeconds(_ position: Int, _ seconds: Double) { add(position, seconds * 1000) }

  static func == (lhs: CostTable, rhs: CostTable) -> Bool {
    guard lhs.added == rhs.added, lhs.backgroundTasks == rhs.backgroundTasks else { return false }
    return lhs.storage.withValues { left in rhs.storage.withValues { right in !(0..<capacity).contains { left[$0] != right[$0] } } }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(added)
    hasher.combine(backgroundTasks)
    storage.withValues { values in
      for position in 0..<Self.capacity { hasher.combine(values[position]) }
    }
  }

  /// The phase's total: its items added in their fixed order (adding in a dictionary's order would
  /// make the last digits depend on the run).
  func sum(_ phase: CostItem.Phase) -> Double {
    storage.withValues { values in
      var total = 0.0
      for position in phase.positions { total += values[position] }
      return total
    }
  }

  /// The phase's items that were added, by name.
  func dictionary(_ phase: CostItem.Phase) -> [String: Double] {
    storage.withValues { values in
      var result: [String: Double] = [:]
      for position in phase.positions where added & (1 << UInt64(position)) != 0 {
        result[CostItem.all[position].name] = values[position]
      }
      return result
    }
  }

  /// The items of `phases` that were added, by position, in position order.
  func forEachAdded(in phases: [CostItem.Phase], _ body: (Int, Double) -> Void) {
    storage.withValues { values in
      for phase in phases {
        for position in phase.positions where added & (1 << UInt64(position)) != 0 { body(position, values[position]) }
      }
    }
  }

  /// The items that were added, each with its phase and name, in position order.
  func forEachAdded(_ body: (CostItem.Phase, String, Double) -> Void) {
    storage.withValues { values in
      for (position, item) in CostItem.all.enumerated() where added & (1 << UInt64(position)) != 0 {
        body(item.phase, item.name, values[position])
      }
    }
  }
}

/// ``CostTable/capacity`` doubles stored inline, as a tuple: fixed-size storage that every
/// supported toolchain has (the standard library's `InlineArray` needs Swift 6.2 and, on Apple's
/// platforms, macOS 26 / iOS 26). A homogeneous tuple's elements are laid out contiguously, so
/// it is read and written as a buffer of doubles.
struct InlineDoubles: Sendable {
  private var values:
    (
      Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
      Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  /// How many doubles the tuple holds.
  static var count: Int { MemoryLayout<InlineDoubles>.size / MemoryLayout<Double>.stride }

  /// Adds `value` to the double at `position`, which must be below ``count``.
  @inline(__always)
  mutating func add(_ value: Double, at position: Int) {
    precondition(position >= 0 && position < Self.count, "a cost table position past its capacity")
    withUnsafeMutableBytes(of: &values) { raw in
      raw.baseAddress!.assumingMemoryBound(to: Double.self)[position] += value
    }
  }

  /// `body` over the doubles, read in place.
  @inline(__always)
  func withValues<R>(_ body: (UnsafeBufferPointer<Double>) -> R) -> R {
    withUnsafeBytes(of: values) { raw in
      body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: Double.self), count: Self.count))
    }
  }
}
