import LayerTree

/// One image check's last answer on each image layer, with what it read, as the check declares it
/// (``ImageCheck/dependsOn``): the tally asks the check again on a layer only when one of those
/// inputs changed. Kept for runs of more than one frame.
struct ImageAnswers {
  /// What the check read, as the declaration says: the inputs it does not depend on are left 0,
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

  /// What the check depends on.
  let inputs: ImageCheckInputs
  /// Per layer, its entry in `answers`, or -1 (sized to the tree on first use).
  private var slots: [Int32] = []
  private var answers: [(key: Key, fails: Bool)] = []

  init(inputs: ImageCheckInputs) {
    self.inputs = inputs
  }

  /// The check's answer on the context's layer: its last one when the inputs are the same, else
  /// `evaluate()`'s, kept.
  @inline(__always)
  mutating func answer(_ context: ImageCheckContext, evaluate: () -> Bool) -> Bool {
    let index = context.index
    if slots.count != context.tree.count { slots = [Int32](repeating: -1, count: context.tree.count) }
    let key = Key(context, inputs: inputs)
    let slot = Int(slots[index])
    if slot >= 0, answers[slot].key == key { return answers[slot].fails }
    let fails = evaluate()
    if slot >= 0 {
      answers[slot] = (key, fails)
    } else {
      slots[index] = Int32(answers.count)
      answers.append((key, fails))
    }
    return fails
  }
}
