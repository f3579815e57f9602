/// What Xcode's view debugger shows for a rule on a layer: the layer inspector's "offscreen
/// count" (Xcode 11.2 and later, with Editor > Show Layers), the number of offscreen passes it
/// took to render the layer, with the offscreen flags that caused them (Apple's tech talk 10857,
/// "Find and fix hitches in the render phase", WWDC20).
///
/// Apple published the count for a few layers only, in that talk's demo; a rule states the count
/// where the talk shows it (``count``) and nil where Apple published none. The tool counts passes
/// its own way (WWDC14 session 419's passes, each priced by the cost model), so where the two
/// differ the rule says why (``difference``). `offscreen-sim rules --format markdown` tabulates
/// both (docs/rules.md); the reports give each finding's ``Finding/xcodeCount``.
public struct XcodeCount: Sendable, Hashable {
  /// The offscreen count Xcode showed for a layer the rule fires on, or nil when Apple published
  /// none.
  public var count: Int?
  /// Where the count comes from, or why there is none.
  public var source: String
  /// Why the tool's pass count differs from Xcode's, when it does; nil when they agree or
  /// nothing is known.
  public var difference: String?

  public init(count: Int?, source: String, difference: String? = nil) {
    self.count = count
    self.source = source
    self.difference = difference
  }

  /// A rule whose count Apple did not publish.
  public static let unpublished = XcodeCount(count: nil, source: "Apple has published no count for it")
}

extension OffscreenRule {
  /// Xcode's count is unpublished unless the rule says otherwise.
  public var xcode: XcodeCount { .unpublished }

  /// By default the count Apple published for the rule, whatever the layer.
  public func xcodeCount(_ context: RuleContext, hit: RuleHit) -> Int? { xcode.count }
}
