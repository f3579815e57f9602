/// Where a rule's behaviour comes from: what Apple states and where, and what the rule models
/// that Apple does not document (with where that comes from instead). `offscreen-sim rules`
/// prints both, so a reader knows which findings rest on Apple's word and which on reports or
/// measurements.
///
/// ```swift
/// RuleEvidence(
///   apple: "CALayer.shouldRasterize reference",
///   undocumented: "the cache's limits (100 ms unused, 2.5 x the screen) come from WWDC14 session 419")
/// ```
public struct RuleEvidence: Sendable, Hashable {
  /// What Apple states about the behaviour, and where (a reference page, a WWDC session, a tech
  /// talk); nil when Apple states nothing.
  public var apple: String?
  /// What the rule models beyond what Apple's documentation states, and where it comes from;
  /// nil when everything the rule models is documented.
  public var undocumented: String?

  public init(apple: String?, undocumented: String?) {
    self.apple = apple
    self.undocumented = undocumented
  }

  /// True when some of the behaviour rests on something other than Apple's word.
  public var hasUndocumentedParts: Bool { undocumented != nil || apple == nil }

  /// What a rule that says nothing about its sources is taken to rest on: nothing Apple states.
  public static let unstated = RuleEvidence(apple: nil, undocumented: "the rule does not say where its behaviour comes from")
}

extension OffscreenRule {
  /// A rule that does not declare its evidence is marked as resting on nothing Apple documents.
  public var evidence: RuleEvidence { .unstated }
}
