import LayerTree

/// A behaviour published device tests disagree on, which a rule decides one way: its documented
/// default (``assumed``). The other answer (``other``) is what the rule gives under
/// ``Assumptions`` naming the point (`report --assume <id>`). Where the point decides a result in
/// a scene, the report says so, with both answers' sources and what the other answer would cost
/// (``DisputedDecision``, ``Disputes/assess(_:on:report:assuming:coefficients:)``).
///
/// A rule declares its points in ``OffscreenRule/disputes`` and builds its variant in
/// ``OffscreenRule/assuming(_:)``; its examples show both answers (``RuleExample/assuming``).
public struct DisputedPoint: Sendable {
  /// A stable id, what `--assume` and the JSON report's `disputed[].point` name: `lone-image-ios9`.
  public var id: String
  /// The rule that decides it.
  public var rule: String
  /// The question, in a few words: "a lone image clipped by its corner radius on iOS 9".
  public var question: String
  /// The answer the rule takes by default.
  public var assumed: DisputeAnswer
  /// The answer the tests on the other side give.
  public var other: DisputeAnswer
  /// Whether the point could decide anything on this layer of a scene on `iosVersion`: a cheap
  /// look at the layer's own properties, before any simulation. A property the scene's timeline
  /// animates anywhere (`animated`: opacity, cornerRadius, backgroundColor...) is not relied on.
  /// It must hold wherever the point decides a result; a scene in which no layer passes it is not
  /// simulated with the other answer.
  let mightDecide: @Sendable (_ layer: Layer, _ iosVersion: OSVersion, _ animated: Set<AnimatableKeyPath>) -> Bool

  public init(
    id: String, rule: String, question: String, assumed: DisputeAnswer, other: DisputeAnswer,
    mightDecide: @escaping @Sendable (_ layer: Layer, _ iosVersion: OSVersion, _ animated: Set<AnimatableKeyPath>) -> Bool
  ) {
    self.id = id
    self.rule = rule
    self.question = question
    self.assumed = assumed
    self.other = other
    self.mightDecide = mightDecide
  }
}

/// One answer to a disputed point and the published tests or statements behind it.
public struct DisputeAnswer: Sendable, Hashable {
  /// The answer, in a few words: "no pass: the single-image fast path holds from iOS 9".
  public var claim: String
  public var sources: [DisputeSource]

  public init(_ claim: String, sources: [DisputeSource]) {
    self.claim = claim
    self.sources = sources
  }
}

/// A published source: who tested or stated what, and where to read it.
public struct DisputeSource: Sendable, Hashable {
  /// Who and where: "r.izumita, Medium, 2017".
  public var title: String
  public var url: String
  /// What it found or says, in the project's words.
  public var says: String

  public init(_ title: String, url: String, says: String) {
    self.title = title
    self.url = url
    self.says = says
  }
}

/// Which disputed points a simulation decides the other way: the default decides every point
/// by its rule's documented answer.
public struct Assumptions: Sendable, Hashable {
  /// The ids of the points (``DisputedPoint/id``) taken the other way.
  public var others: Set<String>

  public init(others: Set<String> = []) {
    self.others = others
  }

  /// Every point decided by its rule's documented answer.
  public static let defaults = Assumptions()

  /// True when the point with this id is taken the other way.
  public func takesOther(_ point: String) -> Bool { others.contains(point) }

  /// The same assumptions with the point `id` taken the other way (or back, when it already was).
  func flipping(_ id: String) -> Assumptions {
    var flipped = self
    if flipped.others.contains(id) { flipped.others.remove(id) } else { flipped.others.insert(id) }
    return flipped
  }
}

extension OffscreenRule {
  /// Most rules decide nothing published tests disagree on.
  public var disputes: [DisputedPoint] { [] }

  /// A rule with no disputed point is the same under any assumptions.
  public func assuming(_ assumptions: Assumptions) -> any OffscreenRule { self }
}
