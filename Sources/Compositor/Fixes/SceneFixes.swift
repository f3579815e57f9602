import LayerTree

/// The registry of fixes: adding a fix is one file and one line here.
public enum SceneFixes {
  public static let all: [any SceneFix] = [
    ShadowPathFix(),
    DropMasksToBoundsFix(),
    MaskToCornerRadiusFix(),
    PrecomposeCornersFix(),
    StopRasterizingFix(),
    RasterizeStaticSubtreeFix(),
    FlattenCellFix(),
  ]

  public static func fix(id: String) -> (any SceneFix)? { all.first { $0.id == id } }

  /// The fixes that answer findings of `rule`.
  public static func answering(_ rule: String) -> [any SceneFix] { all.filter { $0.rules.contains(rule) } }

  /// Edits on the same path joined into one, in first-seen order, each change once.
  public static func merged(_ edits: [LayerEdit]) -> [LayerEdit] { LayerEdits.merged(edits) }
}
