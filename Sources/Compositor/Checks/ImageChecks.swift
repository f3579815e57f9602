import LayerTree

/// The registry of image checks: adding a check is one file in `Checks/` and one line here.
public enum ImageChecks {
  public static let all: [any ImageCheck] = [
    ScaledImageCheck(),
    MisalignedImageCheck(),
  ]

  public static func check(id: String) -> (any ImageCheck)? { all.first { $0.id == id } }

  /// The findings of every check on the image the layer at `index` draws, in registry order.
  static func findings(_ image: ImageContents, index: Int, tree: FlatTree, plan: FramePlan, scale: Double) -> [Finding] {
    let context = ImageCheckContext(image: image, tree: tree, plans: plan.nodes, index: index, scale: scale)
    return all.compactMap { check in
      guard check.evaluate(context) else { return nil }
      let words = check.describe(context)
      return Finding(
        rule: check.id, category: .image, layer: tree.path(index), message: words.message, fix: words.fix, passes: 0,
        pixelArea: 0, depth: plan.nodes[index].offscreenDepth, source: tree.layer(index).source, frames: 1)
    }
  }
}
