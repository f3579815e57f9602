import LayerTree

extension CostModel {
  /// GPU seconds of the extra work of one rule's passes on one layer (``ExtraWork``), all of
  /// its passes together, on this device.
  ///
  /// - `shadowBlur`: the pass's pixels x 2 x (2r + 1) texture samples x `texelTime`, a
  ///   horizontal and a vertical pass of a kernel of radius r = `shadowRadius` in pixels, capped
  ///   at `maxBlurRadiusPixels`.
  /// - `effectBlur`: one pass's target read once to capture and downscale by `effectDownscale`
  ///   on each axis, then a horizontal and a vertical blur of radius `effectBlurRadius` at the
  ///   reduced resolution, each sample at `texelTime`.
  func extraWorkSeconds(_ work: ExtraWork, pass: OffscreenPass, props: LayerProps) -> Double {
    let c = coefficients
    let scale = device.screen.scale
    let gpuSeconds = 1 / device.gpuSpeed
    switch work {
    case .shadowBlur:
      let radius = min(props.shadowRadius * scale, c.maxBlurRadiusPixels)
      return pass.pixelArea * 2 * (2 * radius + 1) * c.texelTime * gpuSeconds
    case .effectBlur:
      let area = pass.pixelArea / Double(pass.passes)
      let reduced = area / (c.effectDownscale * c.effectDownscale)
      let radius = c.effectBlurRadius * scale / c.effectDownscale
      return (area + 2 * reduced * (2 * radius + 1)) * c.texelTime * gpuSeconds
    }
  }
}
