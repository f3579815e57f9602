/// A rule's example: one layer (JSON, as a scene file writes it) placed on an iPhone 7 screen
/// under a plain root, and whether the rule fires on the layer with id `subject`.
public struct RuleExample: Sendable {
  public var layerJSON: String
  /// Passes the rule must report on `subject`; 0 for a non-triggering example.
  public var passes: Int
  /// The iOS version the example runs under.
  public var iosVersion: String
  public var note: String
  /// The disputed points (``DisputedPoint/id``) the example takes the other way: the passes are
  /// those of the rule under those ``Assumptions``. Empty: the rule's documented defaults.
  public var assuming: Set<String>

  public init(_ note: String, passes: Int, iosVersion: String = "17.0", assuming: Set<String> = [], layer: String) {
    self.note = note
    self.passes = passes
    self.iosVersion = iosVersion
    self.assuming = assuming
    self.layerJSON = layer
  }

  /// The assumptions the example runs under.
  public var assumptions: Assumptions { Assumptions(others: assuming) }

  /// A whole scene holding the example layer.
  public var sceneJSON: String {
    """
    {"version": 1, "name": "example", "device": "iphone-7", "iosVersion": "\(iosVersion)",
     "root": {"id": "root", "sublayers": [\(layerJSON)]}}
    """
  }
}
