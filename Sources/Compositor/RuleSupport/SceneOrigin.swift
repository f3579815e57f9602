import LayerTree

/// Where a scene's layers come from, as far as a finding's fix depends on it: a fix says what to
/// change where the scene's author can change it.
///
/// A rule's ``OffscreenRule/describe(_:hit:)`` reads it from ``RuleContext/origin``; its
/// ``OffscreenRule/evaluate(_:)`` never does (the passes are the same whoever wrote the layers).
public enum SceneOrigin: Sendable, Hashable, CaseIterable {
  /// Layers written by hand, captured from a running app or imported from a view dump: their
  /// properties are what the author sets, and fixes name them (`shadowPath`, `masksToBounds`).
  case layers
  /// A Lottie animation imported by `offscreen-sim import lottie` (``SceneSource/lottieImportTool``
  /// as `source.tool`): the layers are the ones lottie-ios' Core Animation engine builds, which
  /// no one sets by hand, so fixes say what to change in the animation (its layers, shapes,
  /// mattes, masks and effects, in After Effects or in the Lottie file).
  case lottie

  /// The origin of a scene whose `source` is `source`: ``lottie`` when its tool is
  /// ``SceneSource/lottieImportTool``, alone or followed by a version (`... lottie 1.0`).
  public init(source: SceneSource?) {
    let lottie = SceneSource.lottieImportTool
    if let tool = source?.tool, tool == lottie || tool.hasPrefix(lottie + " ") {
      self = .lottie
    } else {
      self = .layers
    }
  }
}
