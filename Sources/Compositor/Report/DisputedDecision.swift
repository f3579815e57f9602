/// A disputed point (``DisputedPoint``) that decides a result in a scene: the answer the report's
/// figures take, the other answer, the sources of each, and what the other answer gives, found by
/// simulating the scene with it.
public struct DisputedDecision: Sendable, Hashable {
  /// The point's id (``DisputedPoint/id``).
  public var point: String
  public var rule: String
  public var question: String
  /// The answer the report's figures take.
  public var taken: DisputeAnswer
  /// True when ``taken`` is the rule's documented default; false when the run assumed the other
  /// answer (`report --assume`).
  public var takenIsDefault: Bool
  /// The answer the figures do not take.
  public var other: DisputeAnswer
  /// Each layer whose passes for ``rule`` differ between the answers, in drawing order.
  public var layers: [DisputedLayer]
  /// Offscreen passes in the worst frame with the answer taken, and with the other.
  public var passes: Int
  public var otherPasses: Int
  /// Mean GPU milliseconds per frame with the answer taken, and with the other.
  public var gpuMs: Double
  public var otherGpuMs: Double
}

/// One layer a disputed point decides: the rule's passes on it with each answer.
public struct DisputedLayer: Sendable, Hashable {
  public var layer: String
  public var passes: Int
  public var otherPasses: Int
}
