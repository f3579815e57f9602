/// What each offscreen pass of a rule renders into, and the work it adds beyond rendering that
/// target, storing it and reading it back to composite: the rule's record, declared beside its
/// conditions (``OffscreenRule/work``).
///
/// The decide pass sizes every pass by its ``target`` (``FramePlanner``); the cost model prices
/// the target's memory traffic and the pass switch the same way for every rule, then the
/// ``extra`` work by its kind. Neither knows any rule by its id: a new rule picks the target and
/// the extra work that match what Core Animation does for it. A new kind of target or of extra
/// work is one case in ``RenderTarget`` or ``ExtraWork``, sized or priced in one place.
///
/// ```swift
/// // A shadow without shadowPath: its content and its blurred copy, then the blur.
/// PassWork(target: .shadowedContent, extra: .shadowBlur)
/// ```
public struct PassWork: Sendable, Hashable {
  /// The render target each of the rule's passes renders into; its size is the pass's pixels.
  public var target: RenderTarget
  /// Work each pass adds on the GPU beyond rendering its target; nil for none.
  public var extra: ExtraWork?

  public init(target: RenderTarget, extra: ExtraWork? = nil) {
    self.target = target
    self.extra = extra
  }
}
