import LayerTree

/// A condition that makes Core Animation render a layer (with its subtree) into a separate
/// render target before compositing it: an offscreen pass.
///
/// Each rule is one type in `Sources/Compositor/Rules/`, registered in ``OffscreenRules/all``,
/// and owns everything specific to it: its id, words and examples, its cheap gate
/// (``mightFire(on:props:)``, static), the per-layer fact it keeps, if any (``layerFact``), its
/// conditions (``evaluate(_:)``), and what its passes render into and add (``work``), which the
/// decide pass and the cost model read. Adding a rule is one file and one registry line. A rule only reads the facts the decide pass gathered
/// (``RuleContext``); it never changes them.
public protocol OffscreenRule: Sendable {
  /// A stable id, used in reports, `byReason` and CI baselines: `shadow-without-path`.
  var id: String { get }
  /// A short title: "Shadow without shadowPath".
  var title: String { get }
  /// Why the layer goes offscreen, in words.
  var reason: String { get }
  /// What fixes it, in words.
  var fix: String { get }
  /// Layers that trigger the rule and layers that do not, run by one parameterized test.
  var examples: [RuleExample] { get }
  /// What each of the rule's passes renders into and the work it adds beyond that target.
  var work: PassWork { get }
  /// Where the rule's behaviour comes from: what Apple states, and what it models beyond that
  /// (``RuleEvidence``); `offscreen-sim rules` marks the undocumented parts.
  var evidence: RuleEvidence { get }
  /// The rule's cheap first check, on the layer's own properties alone: false when the rule
  /// cannot fire on this layer whatever its geometry, clips and subtree. It must hold wherever
  /// ``evaluate(_:)`` can return a hit. It runs when the tree is built and when the timeline
  /// changes the layer, never per frame: the registry's gates together make
  /// ``LayerProps/mightGoOffscreen``, and layers no gate passes skip the rules. (Static, so
  /// that running every rule's gate on every layer costs no copy of the rules.)
  static func mightFire(on layer: Layer, props: LayerProps) -> Bool
  /// A fact about the layer the rule reads each frame and that takes work to find, derived once
  /// per layer and kept in a column of the rule's own (``LayerFact``); ``evaluate(_:)`` reads it
  /// as ``RuleContext/layerFact(_:)``. None by default.
  static var layerFact: LayerFact? { get }
  /// The offscreen passes this rule costs the layer, or nil when it does not apply. It runs on
  /// every frame the layer is planned, so it builds no words: ``describe(_:hit:)`` does.
  func evaluate(_ context: RuleContext) -> RuleHit?
  /// The finding's words for a hit ``evaluate(_:)`` returned in the same context: which
  /// properties, which sublayers, and the fix in scene terms. Called only when a finding is first
  /// seen on the layer, or covers more pixels than before (a report keeps the words of the frame
  /// where the finding was largest).
  func describe(_ context: RuleContext, hit: RuleHit) -> RuleWords
  /// What Xcode's view debugger shows for the rule on a layer, where Apple published it
  /// (``XcodeCount``); unpublished by default.
  var xcode: XcodeCount { get }
  /// The offscreen count Xcode's view debugger shows for this rule on the layer of a hit, where
  /// Apple's published examples establish it; nil where they do not. Asked with
  /// ``describe(_:hit:)``, not per frame.
  func xcodeCount(_ context: RuleContext, hit: RuleHit) -> Int?
  /// Behaviours published device tests disagree on that the rule decides by a documented
  /// default (``DisputedPoint``); none by default.
  var disputes: [DisputedPoint] { get }
  /// The rule deciding its disputed points as `assumptions` say: itself when they name none of
  /// them. The variant keeps the rule's id and type, so its gate is the same.
  func assuming(_ assumptions: Assumptions) -> any OffscreenRule
}

/// What a rule found on one layer.
public struct RuleHit: Sendable, Hashable {
  /// Offscreen passes the rule costs on this layer (a blur takes several).
  public var passes: Int

  public init(passes: Int = 1) {
    self.passes = passes
  }
}

/// A finding's words: what was found and what fixes it.
public struct RuleWords: Sendable, Hashable {
  /// The finding's message: which properties, which sublayers.
  public var message: String
  /// The fix in scene terms: the property to change and how.
  public var fix: String

  public init(message: String, fix: String) {
    self.message = message
    self.fix = fix
  }
}
