/// Order statistics over per-frame figures.
public enum Statistics {
  /// The nearest-rank percentile (`p` in 0...1) of `values`; nil when empty.
  public static func percentile(_ values: [Double], _ p: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let rank = Int((p * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}
