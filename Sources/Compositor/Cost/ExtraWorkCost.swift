import LayerTree

extension CostModel {
  /// GPU seconds of the extra work of one rule's passes on one layer (``ExtraWork``), all of
  /// its passes together, on this device.
  ///
  /// - `shadowBlur`: a Gaussian of radius r = `shadowRadius` in pixels over each pass's target,
  ///   run where the radius is at most `maxBlurRadiusPixels`: the target downscaled d = r /
  ///   `maxBlurRadiusPixels` times on each axis (a quarter sample per pixel to downscale), then a
  ///   horizontal and a vertical pass of 2 r/d + 1 samples per reduced pixel. The cost is bounded
  ///   whatever the radius: a larger radius blurs a smaller image.
  /// - `effectBlur`: WWDC14 session 419's passes, each at its real size: the backdrop captured
  ///   and downscaled `effectDownscale` times on each axis (read at full size from the target it
  ///   lies in, a quarter sample per pixel), then a horizontal and a vertical blur of radius
  ///   `effectBlurRadius` at the reduced size, the sampling overlapped with the targets' traffic;
  ///   the upscale and tint is the effect view's own drawing, reading the small target. A vibrancy effect renders its content into a full-size target and filters it with
  ///   the blur ("the most expensive pass of all"); an effect view with alpha below 1 renders
  ///   into one more full-size target. Their targets' traffic is counted here, since the blur's
  ///   are smaller than the area the pass covers.
  func extraWorkSeconds(
    _ work: ExtraWork, pass: OffscreenPass, props: LayerProps, kind: () -> LayerKind, memory: MemorySystem
  ) -> Double {
    let c = coefficients
    let scale = device.screen.scale
    let gpuSeconds = 1 / device.gpuSpeed
    let passes = Double(max(pass.passes, 1))
    let area = pass.pixelArea / passes
    switch work {
    case .shadowBlur:
      let radius = props.shadowRadius * scale
      let d = max(1, radius / c.maxBlurRadiusPixels)
      let reduced = area / (d * d)
      let samples = (d > 1 ? area / 4 : 0) + 2 * reduced * (2 * radius / d + 1)
      return passes * samples * blurSampleSeconds
    case .effectBlur:
      let bytes = c.targetBytesPerPixel
      let d = c.effectDownscale
      let reduced = area / (d * d)
      let radius = c.effectBlurRadius * scale / d
      // Capture and downscale, then the two blur passes, at their sizes: the sampling and the
      // targets' traffic overlap.
      let samples = area / 4 + 2 * reduced * (2 * radius + 1)
      let traffic =
        memory.targetSeconds(area * bytes, footprint: area * bytes)
        + 3 * memory.targetSeconds(2 * reduced * bytes, footprint: reduced * bytes)
      var seconds = max(samples * blurSampleSeconds, traffic)
      // Passes beyond the blur's three: full-size targets (vibrancy content, alpha below 1).
      let fullSize = max(0, passes - 3)
      if fullSize > 0 {
        seconds +=
          fullSize
          * max(
            memory.targetSeconds(2 * area * bytes, footprint: area * bytes),
            area * c.opaquePixelTime * c.blendedPixelFactor * gpuSeconds)
      }
      if case .visualEffect(let effect) = kind(), effect.style == .vibrancy {
        seconds += area * c.vibrancyFilterFactor * c.opaquePixelTime * gpuSeconds
      }
      return seconds
    }
  }

  /// Render-target switches the work adds within its chain of targets, beyond the pass's own: a
  /// shadow's blur renders into four more targets (Xcode's view debugger counts five offscreen
  /// targets for one dynamic shadow, and setting a shadowPath removes all five: Apple's tech talk
  /// 10857), so it switches four more times; a visual effect's blur targets are its passes already.
  func extraSwitches(_ work: ExtraWork) -> Double {
    switch work {
    case .shadowBlur: 4
    case .effectBlur: 0
    }
  }

  /// Interruptions of the enclosing render pass beyond the pass's own: a vibrancy effect renders
  /// its content into a target of its own, then filters it with the blur, leaving the enclosing
  /// target a second time (WWDC14 session 419).
  func extraInterruptions(_ work: ExtraWork, kind: () -> LayerKind) -> Double {
    guard work == .effectBlur, case .visualEffect(let effect) = kind(), effect.style == .vibrancy else { return 0 }
    return 1
  }

  /// Pixels of a visual effect's render targets, at the sizes its blur runs at: the capture
  /// downscaled `effectDownscale` times on each axis and the two blur targets at that size, plus
  /// a full-size target for each pass beyond those three (a vibrancy effect's content, an effect
  /// view with alpha below 1).
  func effectTargetPixels(_ pass: OffscreenPass) -> Double {
    let passes = Double(max(pass.passes, 1))
    let area = pass.pixelArea / passes
    let d = coefficients.effectDownscale
    return 3 * area / (d * d) + max(0, passes - 3) * area
  }

  /// Texels a drawing layer reads per pixel it shows: one for contents drawn at their size; a
  /// visual effect view draws its blurred capture upscaled from the downscaled target
  /// (`effectDownscale` times on each axis), so it reads that many times fewer; none for a colour.
  @inline(__always)
  func texelShare(_ props: LayerProps) -> Double {
    guard props.isTextured else { return 0 }
    guard props.isVisualEffect else { return 1 }
    let d = coefficients.effectDownscale
    return 1 / (d * d)
  }
}

extension ExtraWork {
  /// True when the work's cost counts the traffic of its own render targets, because they are not
  /// the size of the area the pass covers: a visual effect blurs a downscaled capture.
  var sizesItsOwnTargets: Bool { self == .effectBlur }

  /// The work's place among its cases, in the order ``CostItem/Positions/gpuExtraWork`` lists
  /// their cost items (a switch: `allCases` makes an array each time it is read).
  var caseIndex: Int {
    switch self {
    case .shadowBlur: 0
    case .effectBlur: 1
    }
  }
}
