/// A value kept in one reference that copies of its holder share until one of them writes: a
/// struct holding several arrays and dictionaries in a box is copied with one retain instead of
/// one for each (``FrameState``, ``FlatTree``, copied into the rules' and the tally's contexts
/// every frame).
///
/// The holder writes only through ``unique(_:)``, which copies the box first when another holder
/// shares it; so no read of a shared box overlaps a write, and the value is read without dynamic
/// exclusivity checks (a class's stored property pays one on every access otherwise).
final class CopyOnWriteBox<Value: Sendable>: @unchecked Sendable {
  @exclusivity(unchecked) var value: Value

  init(_ value: Value) { self.value = value }

  /// `box`, replaced by a copy of itself first when another holder shares it: the box to write.
  @inline(__always)
  static func unique(_ box: inout CopyOnWriteBox) -> CopyOnWriteBox {
    if !isKnownUniquelyReferenced(&box) { box = CopyOnWriteBox(box.value) }
    return box
  }
}
