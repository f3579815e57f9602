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
  private var storage = InlineArray<32, Double>(repeating: 0)
  /// Bit `i` is set once item `i` has been added to.
  private(set) var added: UInt64 = 0

  init() {}

  /// Adds `milliseconds` to the item at `position`.
  @inline(__always)
  mutating func add(_ position: Int, _ milliseconds: Double) {
    storage[position] += milliseconds
    added |= 1 << UInt64(position)
  }

  /// Adds `seconds`, in milliseconds, to the item at `position`.
  @inline(__always)
  mutating func addSeconds(_ position: Int, _ seconds: Double) { add(position, seconds * 1000) }

  static func == (lhs: CostTable, rhs: CostTable) -> Bool {
    guard lhs.added == rhs.added else { return false }
    for position in 0..<capacity where lhs.storage[position] != rhs.storage[position] { return false }
    return true
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(added)
    for position in 0..<Self.capacity { hasher.combine(storage[position]) }
  }

  /// The phase's total: its items added in their fixed order (adding in a dictionary's order would
  /// make the last digits depend on the run).
  func sum(_ phase: CostItem.Phase) -> Double {
    var total = 0.0
    // Read through a span: a subscript of the inline storage may copy all of it for each read.
    let values = storage.span
    for position in phase.positions { total += values[position] }
    return total
  }

  /// The phase's items that were added, by name.
  func dictionary(_ phase: CostItem.Phase) -> [String: Double] {
    var result: [String: Double] = [:]
    for position in phase.positions where added & (1 << UInt64(position)) != 0 {
      result[CostItem.all[position].name] = storage[position]
    }
    return result
  }

  /// The items of `phases` that were added, by position, in position order.
  func forEachAdded(in phases: [CostItem.Phase], _ body: (Int, Double) -> Void) {
    let values = storage.span
    for phase in phases {
      for position in phase.positions where added & (1 << UInt64(position)) != 0 { body(position, values[position]) }
    }
  }

  /// The items that were added, each with its phase and name, in position order.
  func forEachAdded(_ body: (CostItem.Phase, String, Double) -> Void) {
    for (position, item) in CostItem.all.enumerated() where added & (1 << UInt64(position)) != 0 {
      body(item.phase, item.name, storage[position])
    }
  }
}
