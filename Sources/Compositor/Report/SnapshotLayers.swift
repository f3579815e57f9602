import LayerTree

/// A layer's transform from its own bounds to the screen, in points: `x' = a x + c y + tx`,
/// `y' = b x + d y + ty`, as `CGAffineTransform` (and SVG's `matrix(a b c d tx ty)`) has it.
public struct ScreenTransform: Sendable, Hashable {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  /// True when the transform only moves the layer: no scale, no rotation.
  public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

  /// The lengths a unit step along the layer's x and y axes take on screen.
  public var scale: (x: Double, y: Double) { ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot()) }
}

/// Per-layer facts of one frame that pictures of the frame need, read from the decide pass's
/// plan and never changing it.
extension FrameSnapshot {
  /// Each layer's transform from its bounds to the screen, in ``FlatTree`` order: its frame's
  /// origin, its `transform` about its centre, and every superlayer's, with scroll views' content
  /// offsets applied as the decide pass applies them.
  ///
  /// - Complexity: O(n) in the number of layers.
  public func screenTransforms() -> [ScreenTransform] {
    var affines = [Affine](repeating: .identity, count: tree.count)
    for index in 0..<tree.count {
      let layer = self.layer(index)
      var parentAffine = Affine.identity
      let parent = tree.parents[index]
      if parent >= 0 {
        parentAffine =
          state.boundsOrigins[parent].map { affines[parent].concatenating(.translation(-$0.x, -$0.y)) } ?? affines[parent]
      }
      affines[index] = parentAffine.concatenating(.layer(frame: layer.frame, transform: layer.transform, anchor: layer.anchorPoint))
    }
    return affines.map { ScreenTransform(a: $0.a, b: $0.b, c: $0.c, d: $0.d, tx: $0.tx, ty: $0.ty) }
  }

  /// The image findings (``ImageChecks``: scaled, misaligned) each layer has in this frame, in
  /// ``FlatTree`` order: the checks the report runs, on the same layers (image layers that draw,
  /// are not culled, not in a mask, not drawn by a rasterized ancestor's cached bitmap).
  public func imageFindings() -> [[Finding]] {
    var result = [[Finding]](repeating: [], count: tree.count)
    let scale = device.screen.scale
    for index in 0..<tree.count {
      let nodePlan = plan.nodes[index]
      if tree.inMask[index] || nodePlan.culled || nodePlan.insideRasterHit || !nodePlan.draws { continue }
      guard case .image(let image) = tree.layer(index).contents else { continue }
      result[index] = ImageChecks.findings(image, index: index, tree: tree, plan: plan, scale: scale)
    }
    return result
  }
}

extension ImageChecks {
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
