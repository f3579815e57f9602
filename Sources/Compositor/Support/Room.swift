/// Room kept from frame to frame: arrays a frame writes in place, grown or refilled without
/// giving up their storage.
extension Array {
  /// Grows the array to `count` elements with copies of `element`, its storage made to measure
  /// (appending alone may take twice what it holds); an array already that long is left as it is.
  /// For a caller whose counts grow by doubling: counts that grow a little at a time would copy
  /// the storage at each step.
  mutating func grow(to count: Int, with element: Element) {
    guard self.count < count else { return }
    reserveCapacity(count)
    append(contentsOf: repeatElement(element, count: count - self.count))
  }

  /// Makes the array `count` copies of `element`, in the storage it had.
  mutating func refill(with element: Element, count: Int) {
    // The elements it keeps are written over in place: emptied and filled again, the array would
    // take the slower general paths of both (a frame refills a few such arrays).
    if self.count > count { removeLast(self.count - count) }
    withUnsafeMutableBufferPointer { $0.update(repeating: element) }
    if self.count < count { append(contentsOf: repeatElement(element, count: count - self.count)) }
  }
}
