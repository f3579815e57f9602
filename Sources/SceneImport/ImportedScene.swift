import LayerTree

/// A scene made from another tool's file, with what the import could not carry over.
///
/// Importers fill ``notes`` with what their input does not say (a `recursiveDescription` has no
/// corner radius, for example) and what they had to assume; the command prints them on standard
/// error, and the scene's `source` keeps them, so a report made from it says where it came from.
public struct ImportedScene: Sendable {
  public var scene: Scene
  /// What the input could not say and what the import assumed, one sentence each.
  public var notes: [String]

  public init(scene: Scene, notes: [String] = []) {
    self.scene = scene
    self.notes = notes
  }
}
