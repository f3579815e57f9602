import LayerTree

/// The image checks' last answers on each image layer, with what each read, as the check
/// declares it (``ImageCheck/dependsOn``): the tally asks a check again on a layer only when one
/// of those inputs changed. Kept for runs of more than one frame.
struct ImageAnswers {
  /// What a check read, as its declaration says: the inputs it does not depend on are left 0,
  /// so that two keys are equal when the declared inputs are.
  struct Key: Equatable {
    var x = 0.0
    var y = 0.0
    var width = 0.0
    var height = 0.0
    var pixelWidth = 0.0
    var pixelHeight = 0.0
    var gravity = ContentsGravity.resize
    var axisAligned = false

    init() {}

    @inline(__always)
    init(_ context: ImageCheckContext, inputs: ImageCheckInputs) {
      if inputs.contains(.screenSize) || inputs.contains(.screenOrigin) {
        let rect = context.screenRect
        if inputs.contains(.screenOrigin) { (x, y) = (rect.x, rect.y) }
        if inputs.contains(.screenSize) { (width, height) = (rect.width, rect.height) }
      }
      if inputs.contains(.pixelSize) { (pixelWidth, pixelHeight) = (context.image.pixelSize.width, context.image.pixelSize.height) }
      if inputs.contains(.contentsGravity) { gravity = context.contentsGravity }
      if inputs.contains(.axisAligned) { axisAligned = context.axisAligned }
    }
  }

  private struct Entry {
    var key = Key()
    var fails = false
    var known = false
  }

  /// The number of checks: a layer's entries are that many, one per check, in the checks' order.
  private let checks: Int
  /// Per layer, its first entry in `entries`, or -1 (sized to the tree on first use).
  private var slots: [Int32] = []
  private var entries: [Entry] = []

  init(checks: Int) {
    self.checks = checks
  }

  /// The answer of check `check` on the layer at `index` when it was last asked with `key`.
  @inline(__always)
  func kept(_ index: Int, check: Int, key: Key) -> Bool? {
    guard index < slots.count else { return nil }
    let slot = Int(slots[index])
    guard slot >= 0 else { return nil }
    let entry = entries[slot + check]
    return entry.known && entry.key == key ? entry.fails : nil
  }

  /// Keeps the answer of check `check` on the layer at `index`, asked with `key`, in a tree of
  /// `layers` layers.
  mutating func keep(_ index: Int, check: Int, key: Key, fails: Bool, layers: Int) {
    if slots.count != layers { slots = [Int32](repeating: -1, count: layers) }
    var slot = Int(slots[index])
    if slot < 0 {
      slot = entries.count
      slots[index] = Int32(slot)
      entries.append(contentsOf: repeatElement(Entry(), count: checks))
    }
    entries[slot + check] = Entry(key: key, fails: fails, known: true)
  }
}
