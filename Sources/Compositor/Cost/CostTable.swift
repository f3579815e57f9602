/// One frame's milliseconds by item while the cost model adds them up: a value per name of a short,
/// fixed list (``CostItem``), found by comparing a handful of short names, with no hashing per
/// addition; the report's dictionary is made once at the end of the frame. An item never added is
/// absent from the dictionary, as it would be had the dictionary been written directly.
struct CostTable {
  let names: [String]
  private var values: [Double?]
  /// Items outside `names`, should a cost be filed under one.
  private var others: [String: Double] = [:]

  init(_ names: [String]) {
    self.names = names
    values = [Double?](repeating: nil, count: names.count)
  }

  /// Adds `milliseconds` to the item `name`.
  mutating func add(_ name: String, _ milliseconds: Double) {
    if let index = names.firstIndex(of: name) {
      values[index] = (values[index] ?? 0) + milliseconds
    } else {
      others[name, default: 0] += milliseconds
    }
  }

  /// The items added, by name.
  var dictionary: [String: Double] {
    var result = others
    for (index, value) in values.enumerated() {
      if let value { result[names[index]] = value }
    }
    return result
  }
}
