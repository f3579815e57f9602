import Foundation
import LayerTree

/// Runs a scene on a device and reports what it costs.
///
/// Stages, each a value in and a value out:
/// 1. ``FlatTree``: the scene's layer tree as one array in drawing order, with paths;
/// 2. ``FramePlanner``: the decide pass per frame: geometry, clipping, culling, the offscreen
///    rules and their nesting;
/// 3. this type: counts over the plan: passes by reason, blending and overdraw, backing stores,
///    scaled and misaligned images, and the findings, into a ``SimulationReport``.
///
/// ```swift
/// let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
/// print(report.summary.offscreenPasses.perFrameMax)
/// ```
public enum Simulator {
  public static func run(_ scene: Scene, on device: DeviceProfile, rules: [any OffscreenRule] = OffscreenRules.all)
    -> SimulationReport
  {
    let tree = FlatTree(scene.root)
    let planner = FramePlanner(screen: device.screen, iosVersion: scene.iosVersion, rules: rules)
    let plan = planner.plan(tree)
    let pixelsPerPoint = device.screen.scale * device.screen.scale

    var findings: [Finding] = []
    var byReason: [String: Int] = [:]
    var offscreenPixels = 0.0
    var offscreenLayers = 0
    var visible = 0
    var drawing = 0
    var blended = 0.0
    var drawn = 0.0
    var blendedLayers = 0
    var backingStores: [BackingStore] = []
    var scaled = 0
    var misaligned = 0

    for (index, node) in tree.nodes.enumerated() {
      let nodePlan = plan.nodes[index]
      if node.inMask || nodePlan.culled || nodePlan.insideRasterHit { continue }
      let layer = node.layer
      let onScreen = !nodePlan.visibleRect.isEmpty
      if onScreen { visible += 1 }
      if nodePlan.draws {
        drawing += 1
        let pixels = nodePlan.visibleRect.area * pixelsPerPoint
        drawn += pixels
        if !nodePlan.opaque {
          blended += pixels
          blendedLayers += 1
        }
      }
      if !nodePlan.offscreen.isEmpty { offscreenLayers += 1 }
      for pass in nodePlan.offscreen {
        byReason[pass.rule, default: 0] += pass.passes
        offscreenPixels += pass.pixelArea
        findings.append(
          Finding(
            rule: pass.rule, category: .offscreen, layer: node.path, message: pass.message, fix: pass.fix,
            passes: pass.passes, pixelArea: pass.pixelArea, depth: nodePlan.offscreenDepth, source: layer.source))
      }
      if let store = backingStore(layer, path: node.path, scale: device.screen.scale), onScreen {
        backingStores.append(store)
      }
      if case .image(let image) = layer.contents, nodePlan.draws {
        findings.append(
          contentsOf: imageFindings(image, layer: layer, path: node.path, plan: nodePlan, scale: device.screen.scale))
      }
    }
    for finding in findings where finding.category == .image {
      if finding.rule == ImageChecks.scaledID { scaled += 1 } else { misaligned += 1 }
    }

    // Largest offscreen work first; ties keep drawing order.
    let ordered = findings.enumerated().sorted { lhs, rhs in
      let l = lhs.element
      let r = rhs.element
      if l.category != r.category { return l.category == .offscreen }
      if l.pixelArea != r.pixelArea { return l.pixelArea > r.pixelArea }
      return lhs.offset < rhs.offset
    }.map(\.element)
    backingStores.sort { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.layer < $1.layer }

    let passes = byReason.values.reduce(0, +)
    let frame = FrameReport(index: 0, time: 0, offscreenPasses: passes, byReason: byReason, offscreenPixels: offscreenPixels)
    let summary = Summary(
      layers: tree.count,
      visibleLayers: visible,
      drawingLayers: drawing,
      offscreenPasses: PassSummary(perFrameMax: passes, perFrameMean: Double(passes), byReason: byReason, layers: offscreenLayers),
      offscreenPixelsMax: offscreenPixels,
      blending: BlendingSummary(
        blendedPixels: blended, drawnPixels: drawn, screenPixels: device.screenPixelArea,
        overdraw: device.screenPixelArea > 0 ? drawn / device.screenPixelArea : 0, blendedLayers: blendedLayers),
      backingStores: BackingStoreSummary(layers: backingStores.count, bytes: backingStores.reduce(0) { $0 + $1.bytes }),
      images: ImageSummary(scaled: scaled, misaligned: misaligned))
    let info = SceneInfo(
      name: scene.name, description: scene.description, deviceID: device.id, deviceName: device.name,
      scale: device.screen.scale, renderedPixels: device.renderedPixels, refreshRate: device.refreshRate,
      iosVersion: scene.iosVersion)
    return SimulationReport(scene: info, summary: summary, frames: [frame], findings: ordered, backingStores: backingStores)
  }

  /// The bitmap a layer that draws on the CPU owns: width x height x scale^2 x 4 bytes, 8 for
  /// wide colour. An empty `draw(_:)` still allocates it.
  static func backingStore(_ layer: Layer, path: String, scale: Double) -> BackingStore? {
    let drawnOn: DrawingThread
    let wide: Bool
    switch layer.contents {
    case .text(let text):
      drawnOn = text.drawnOn
      wide = text.wideColor
    case .drawing(let drawing):
      drawnOn = drawing.drawnOn
      wide = drawing.wideColor
    case .image, nil:
      return nil
    }
    let size = Size((layer.frame.width * scale).rounded(.up), (layer.frame.height * scale).rounded(.up))
    let bytes = size.width * size.height * (wide ? 8 : 4)
    guard bytes > 0 else { return nil }
    return BackingStore(layer: path, contents: layer.contents?.typeName ?? "", pixelSize: size, bytes: bytes, drawnOn: drawnOn)
  }

  static func imageFindings(_ image: ImageContents, layer: Layer, path: String, plan: NodePlan, scale: Double) -> [Finding] {
    var result: [Finding] = []
    let expected = Size((plan.screenRect.width * scale).rounded(), (plan.screenRect.height * scale).rounded())
    if plan.axisAligned && (abs(image.pixelSize.width - expected.width) >= 1 || abs(image.pixelSize.height - expected.height) >= 1) {
      result.append(
        Finding(
          rule: ImageChecks.scaledID, category: .image, layer: path,
          message:
            "The image is \(formatNumber(image.pixelSize.width)) x \(formatNumber(image.pixelSize.height)) pixels but is shown at \(formatNumber(expected.width)) x \(formatNumber(expected.height)): the GPU resamples it every frame.",
          fix:
            "Provide the image at \(formatNumber(expected.width)) x \(formatNumber(expected.height)) pixels (the layer's size times the screen scale), resized off the main thread.",
          passes: 0, pixelArea: 0, depth: plan.offscreenDepth, source: layer.source))
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
          passes: 0, pixelArea: 0, depth: plan.offscreenDepth, source: layer.source))
    }
    return result
  }
}

/// Ids of the image checks Instruments' "Color Misaligned Images" covers.
public enum ImageChecks {
  public static let scaledID = "scaled-image"
  public static let misalignedID = "misaligned-image"
}
