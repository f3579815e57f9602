import LayerTree

/// The registry of image checks: adding a check is one file in `Checks/` and one line here.
public enum ImageChecks {
  public static let all: [any ImageCheck] = [
    ScaledImageCheck(),
    MisalignedImageCheck(),
  ]

  public static func check(id: String) -> (any ImageCheck)? { all.first { $0.id == id } }

  /// The findings of every check on one image layer, in registry order.
  static func findings(_ image: ImageContents, layer: Layer, path: String, plan: NodePlan, scale: Double) -> [Finding] {
    let context = ImageCheckContext(image: image, layer: layer, plan: plan, scale: scale)
    return all.compactMap { check in
      check.evaluate(context).map { hit in
        Finding(
          rule: check.id, category: .image, layer: path, message: hit.message, fix: hit.fix, passes: 0, pixelArea: 0,
          depth: plan.offscreenDepth, source: layer.source, frames: 1)
      }
    }
  }
}
