import LayerTree

/// One view of a `recursiveDescription` dump, as UIKit prints it:
/// `<UILabel: 0x7f8…; frame = (16 8; 358 20.3333); text = 'Pay'; layer = <_UILabelLayer: 0x6…>>`.
///
/// Fields keep their text; ``RecursiveDescriptionImporter`` reads the ones it knows.
public struct ViewDescription: Sendable, Hashable {
  /// One `key = value` (or, as `UIScrollView` prints its offsets, `key: value`).
  public struct Field: Sendable, Hashable {
    public var key: String
    public var value: String
    /// Where the value starts in the file.
    public var location: SourceLocation

    public init(key: String, value: String, location: SourceLocation) {
      self.key = key
      self.value = value
      self.location = location
    }
  }

  /// The class name as printed: `UILabel`, `Adyen.ListCell`, `_TtC5Adyen9FormView`.
  public var className: String
  public var fields: [Field]
  /// Where the description starts in the file (its `<`).
  public var location: SourceLocation
  public var subviews: [ViewDescription]

  public init(className: String, fields: [Field], location: SourceLocation, subviews: [ViewDescription] = []) {
    self.className = className
    self.fields = fields
    self.location = location
    self.subviews = subviews
  }

  /// The last field with this key.
  public func field(_ key: String) -> Field? { fields.last { $0.key == key } }
}
