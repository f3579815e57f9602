import LayerTree

/// Ids of the image checks Instruments' "Color Misaligned Images" covers.
public enum ImageChecks {
  public static let scaledID = "scaled-image"
  public static let misalignedID = "misaligned-image"
}

extension Simulator {
  static func imageFindings(_ image: ImageContents, layer: Layer, path: String, plan: NodePlan, scale: Double) -> [Finding] {
    var result: [Finding] = []
    let boundsPixels = Size((plan.screenRect.width * scale).rounded(), (plan.screenRect.height * scale).rounded())
    let drawn = layer.contentsGravity.drawnSize(of: image.pixelSize, in: boundsPixels)
    let shown = Size(drawn.width.rounded(), drawn.height.rounded())
    if plan.axisAligned && (abs(image.pixelSize.width - shown.width) >= 1 || abs(image.pixelSize.height - shown.height) >= 1) {
      let wanted = layer.contentsGravity == .resize ? boundsPixels : shown
      result.append(
        Finding(
          rule: ImageChecks.scaledID, category: .image, layer: path,
          message:
            "The image is \(formatNumber(image.pixelSize.width)) x \(formatNumber(image.pixelSize.height)) pixels but is drawn at \(formatNumber(shown.width)) x \(formatNumber(shown.height)) (contentsGravity \(layer.contentsGravity.rawValue)): the GPU resamples it every frame.",
          fix:
            "Provide the image at \(formatNumber(wanted.width)) x \(formatNumber(wanted.height)) pixels, resized off the main thread.",
          passes: 0, pixelArea: 0, depth: plan.offscreenDepth, source: layer.source, frames: 1))
    }
    let x = plan.screenRect.x * scale
    let y = plan.screenRect.y * scale
    if plan.axisAligned && (abs(x - x.rounded()) > 1e-6 || abs(y - y.rounded()) > 1e-6) {
      result.append(
        Finding(
          rule: ImageChecks.misalignedID, category: .image, layer: path,
          message:
            "The image starts at (\(formatNumber(x)), \(formatNumber(y))) pixels, off the pixel grid: it is resampled and blurred.",
          fix: "Round the layer's frame origin to whole pixels (1/\(formatNumber(scale)) pt on this screen).",
          passes: 0, pixelArea: 0, depth: plan.offscreenDepth, source: layer.source, frames: 1))
    }
    return result
  }
}
