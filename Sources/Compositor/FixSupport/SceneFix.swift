import LayerTree

/// A change to a scene that answers an offscreen rule, as data: what it changes, in words and in
/// scene terms, and the condition under which it does not change what the user sees.
///
/// Each fix is one type in `Sources/Compositor/Fixes/`, registered in ``SceneFixes/all``. A fix
/// never changes its context; ``check(_:in:)`` decides, for the layer a finding names, whether
/// the fix applies and which layer edits it makes. ``apply(to:in:)`` is then a pure edit of the
/// model, and the same edits can be written into the scene file (``SceneDocument``).
public protocol SceneFix: Sendable {
  /// A stable id: `shadow-path`.
  var id: String { get }
  /// The rule ids whose findings it answers (most fixes answer one).
  var rules: [String] { get }
  /// A short title: "Set shadowPath to the rounded bounds".
  var title: String { get }
  /// The fix in words, in Xcode's words where Xcode has some.
  var words: String { get }
  /// Whether the fix keeps what the user sees, and the condition it checks for that.
  var appearance: FixAppearance { get }
  /// How the fix answers the finding: by removing what triggers the pass (the default), by
  /// restructuring the layers, or by caching the result. It orders the fixes shown and applied.
  var approach: FixApproach { get }
  /// What can undo the fix's saving that the simulated run may not show, or nil.
  var risk: String? { get }
  /// Scenes where the fix applies and where it does not, run by one parameterized test.
  var examples: [FixExample] { get }
  /// Whether the fix applies to the finding on the layer at `path`, and the edits it makes.
  func check(_ path: String, in context: FixContext) -> FixCheck
  /// Work the edits bring that the scene format cannot express, so the simulation leaves it out:
  /// milliseconds on a background thread each time the edited layers are drawn, and what it is.
  /// Nil (the default) when the simulation counts everything.
  func uncountedWork(_ edits: [LayerEdit], in context: FixContext) -> UncountedWork?
}

/// Work a fix brings that the simulation does not count, estimated from the cost coefficients.
public struct UncountedWork: Sendable, Hashable {
  /// Background-thread milliseconds each time the edited layers are drawn.
  public var backgroundMs: Double
  /// What the work is: "text layout and image decoding inside the flattened drawing".
  public var what: String

  public init(backgroundMs: Double, what: String) {
    self.backgroundMs = backgroundMs
    self.what = what
  }
}

/// How a fix answers an offscreen finding, in the order engineers reach for them: remove what
/// triggers the pass (Apple's fixes: a shadowPath, cornerRadius without masksToBounds, corners
/// precomposed into the image off the main thread, as the QQ Music engineers did), restructure
/// the layers (draw a cell into one image), and last cache the result (shouldRasterize), whose
/// saving holds only while the cache keeps the bitmap.
public enum FixApproach: Int, Sendable, Hashable, Comparable {
  case removesTrigger
  case restructures
  case cachesResult

  public static func < (lhs: FixApproach, rhs: FixApproach) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a fix does to what the user sees.
public enum FixAppearance: Sendable, Hashable {
  /// The fix keeps the picture when its condition holds (and it applies only then).
  case kept(condition: String)
  /// The fix may change the picture; `explain` offers it marked so, `optimize` never applies it.
  case mayChange(because: String)

  public var keepsAppearance: Bool {
    if case .kept = self { return true }
    return false
  }

  public var text: String {
    switch self {
    case .kept(let condition): return condition
    case .mayChange(let reason): return reason
    }
  }
}

/// A fix's verdict on one layer.
public enum FixCheck: Sendable, Hashable {
  /// The fix applies with these edits. `changesAppearance` says why, on this layer, a fix that
  /// otherwise keeps the picture would change it (nil: the fix's own appearance statement holds).
  case applies(_ edits: [LayerEdit], changesAppearance: String? = nil)
  /// The fix does not apply, and why: the condition that failed.
  case doesNotApply(String)

  public var edits: [LayerEdit]? {
    if case .applies(let edits, _) = self { return edits }
    return nil
  }

  /// Why the fix changes what the user sees on this layer, when it does though its kind does not.
  public var appearanceChange: String? {
    if case .applies(_, let reason) = self { return reason }
    return nil
  }

  public var reason: String? {
    if case .doesNotApply(let reason) = self { return reason }
    return nil
  }
}

/// A fix's example: a scene (JSON, on an iPhone 7 unless it names a device) and the layer whose
/// finding it answers; `applies` says whether the fix's condition holds there.
public struct FixExample: Sendable {
  public var note: String
  public var sceneJSON: String
  public var layer: String
  public var applies: Bool

  public init(_ note: String, applies: Bool, layer: String = "root/subject", scene: String) {
    self.note = note
    self.applies = applies
    self.layer = layer
    self.sceneJSON = scene
  }

  /// An example whose scene is `layers` (JSON objects) under a plain root on an iPhone 7.
  public init(
    _ note: String, applies: Bool, layer: String = "root/subject", iosVersion: String = "17.0", layers: String, timeline: String? = nil
  ) {
    self.init(
      note, applies: applies, layer: layer,
      scene: """
        {"version": 1, "name": "example", "device": "iphone-7", "iosVersion": "\(iosVersion)",
         "root": {"id": "root", "sublayers": [\(layers)]}\(timeline.map { ", \"timeline\": \($0)" } ?? "")}
        """)
  }
}

extension SceneFix {
  public func uncountedWork(_ edits: [LayerEdit], in context: FixContext) -> UncountedWork? { nil }
  public var approach: FixApproach { .removesTrigger }
  public var risk: String? { nil }

  /// True when the fix applies to the finding on the layer at `path`.
  public func applies(to path: String, in context: FixContext) -> Bool { check(path, in: context).edits != nil }

  /// The scene with the fix applied to the findings on `paths`, wherever its condition holds:
  /// a pure edit of the model.
  public func apply(to paths: [String], in context: FixContext) -> Scene {
    context.scene.applying(LayerEdits.merged(paths.compactMap { check($0, in: context).edits }.flatMap { $0 }))
  }

  /// True when the fix applies to the finding on the layer at `path` of `scene` run on `device`.
  public func applies(to path: String, in scene: Scene, on device: DeviceProfile) -> Bool {
    applies(to: path, in: FixContext(scene: scene, device: device))
  }

  /// `scene` with the fix applied to the findings on `paths` wherever its condition holds.
  public func apply(to paths: [String], in scene: Scene, on device: DeviceProfile) -> Scene {
    apply(to: paths, in: FixContext(scene: scene, device: device))
  }
}

/// Edits joined per path, for applying several at once (``SceneFixes/merged(_:)``).
enum LayerEdits {
  /// Edits on the same path joined into one, in first-seen order, each change once.
  static func merged(_ edits: [LayerEdit]) -> [LayerEdit] {
    var order: [String] = []
    var byPath: [String: [LayerChange]] = [:]
    for edit in edits {
      if byPath[edit.path] == nil { order.append(edit.path) }
      for change in edit.changes where !(byPath[edit.path]?.contains(change) ?? false) {
        byPath[edit.path, default: []].append(change)
      }
    }
    return order.map { LayerEdit(path: $0, changes: byPath[$0] ?? []) }
  }
}
