import LayerTree

/// One frame's simulated time, itemized by phase and by item.
public struct FrameCost: Sendable, Hashable {
  /// GPU milliseconds (render execute), by item.
  public var gpu: [String: Double] = [:]
  /// Render-server CPU milliseconds (render prepare), by item.
  public var renderServer: [String: Double] = [:]
  /// App main-thread milliseconds (layout, display, prepare, commit), by item.
  public var mainThread: [String: Double] = [:]
  /// App background-thread milliseconds (asynchronous drawing), by item.
  public var background: [String: Double] = [:]
  /// GPU milliseconds of each offscreen pass (target, switch, blur), by layer index and rule.
  public var passGPU: [PassKey: Double] = [:]
  /// Render-target bytes of the frame's offscreen passes.
  public var offscreenTargetBytes: Double = 0
  /// Decoded image bytes of the images on screen.
  public var imageBytes: Double = 0

  // Sums run in the fixed item order: adding in a dictionary's order would make the last digits
  // depend on the run.
  public var gpuMs: Double { CostItem.gpu.reduce(0) { $0 + (gpu[$1] ?? 0) } }
  public var renderServerMs: Double { CostItem.renderServer.reduce(0) { $0 + (renderServer[$1] ?? 0) } }
  public var mainThreadMs: Double { CostItem.mainThread.reduce(0) { $0 + (mainThread[$1] ?? 0) } }
  public var backgroundMs: Double { CostItem.background.reduce(0) { $0 + (background[$1] ?? 0) } }

  public init() {}
}

/// A layer's pass for one rule.
public struct PassKey: Sendable, Hashable {
  public var index: Int
  public var rule: String
}

/// GPU item names, in report order.
public enum CostItem {
  /// The extra works of offscreen passes (``ExtraWork``) sit after the pass switches, in the
  /// order of their cases.
  public static let gpu =
    ["layers", "textures", "offscreenTargets", "passSwitches"] + ExtraWork.allCases.map(\.costItem)
    + ["rasterCacheHits", "framebuffer"]
  public static let renderServer = ["layers", "animations", "passes", "shapes"]
  public static let mainThread = ["frame", "layout", "display", "imageDecode", "imageDraw", "commit"]
  public static let background = ["display", "imageDraw"]
}

/// Turns a frame's plan into time, by the coefficients and the device's hardware facts.
///
/// - GPU: every visible drawing layer's pixels shaded (blending overdraw included); textures
///   read; each offscreen pass renders its target, stores it and reads it back to composite,
///   and ends the enclosing render pass: the enclosing target is stored and loaded again (tile
///   memory on a tile-based GPU), bytes over memory bandwidth, plus a fixed setup, whatever the
///   rule; then the extra work the rule's record declares (``ExtraWork``, priced in
///   `ExtraWorkCost.swift`): shadow blurs by area and radius, visual-effect blurs at reduced
///   resolution; raster cache hits draw their bitmap; the frame's framebuffer is stored once.
/// - Render server: per layer walked, per pass, and shape paths when they first show or change.
/// - Main thread: a frame base when the app changed anything (scrolling, contents, reused
///   cells; Core Animation animations run in the render server and cost the app nothing per
///   frame); layout and commit of what the app changed;
///   display of text and `draw(_:)` contents shown for the first time or changed; decoding of
///   images shown for the first time; Core Graphics drawing of images the app draws itself.
///   Work a scene marks `drawnOn: background` goes to the background threads instead.
struct CostModel {
  let device: DeviceProfile
  let coefficients: CostCoefficients

  /// Layers already displayed with their current contents (text and drawings drawn, images
  /// decoded), across frames.
  var displayed = Set<Int>()
  /// Shape layers already rasterized with their current path.
  var shapesRasterized = Set<Int>()

  init(device: DeviceProfile, coefficients: CostCoefficients) {
    self.device = device
    self.coefficients = coefficients
  }

  mutating func cost(_ plan: FramePlan, state: FrameState, tree: FlatTree) -> FrameCost {
    var cost = FrameCost()
    let c = coefficients
    let scale = device.screen.scale
    let pixelsPerPoint = scale * scale
    let gpuSeconds = 1 / device.gpuSpeed
    let cpuSeconds = 1 / device.cpuSpeed
    let bandwidth = device.memoryBandwidth
    let screenBytes = device.screenPixelArea * c.targetBytesPerPixel
    var gpu = [String: Double]()
    var renderServer = [String: Double]()
    var main = [String: Double]()
    var background = [String: Double]()
    func add(_ table: inout [String: Double], _ key: String, _ seconds: Double) { table[key, default: 0] += seconds * 1000 }

    for index in state.contentChanged {
      displayed.remove(index)
      shapesRasterized.remove(index)
    }
    for index in state.appearanceChanged { shapesRasterized.remove(index) }

    var walked = 0
    // Layers the main thread lays out and commits: what the app changed, and what it displays
    // for the first time below.
    var changedLayers = state.appChanged

    plan.nodes.storage.withUnsafeBufferPointer { storage in
      for index in plan.visited {
        if tree.inMask[index] { continue }
        // Visited entries are current: read their fields in place instead of copying each.
        let nodePlan = storage.baseAddress! + index
        if nodePlan.pointee.culled || nodePlan.pointee.insideRasterHit { continue }
        let onScreen = !nodePlan.pointee.visibleRect.isEmpty
        if !onScreen && nodePlan.pointee.offscreen.isEmpty && !nodePlan.pointee.rasterHit { continue }
        walked += 1
        let props = state.props(index, in: tree)
        let pixels = nodePlan.pointee.visibleRect.area * pixelsPerPoint

        // GPU: the layer's own pixels, and the texture it samples. On a cache hit the layer's own
        // drawing is in the bitmap, drawn below.
        if nodePlan.pointee.draws && !nodePlan.pointee.rasterHit {
          add(&gpu, "layers", pixels * c.pixelTime * gpuSeconds)
          if props.isTextured {
            add(&gpu, "textures", pixels * c.textureBytesPerPixel / bandwidth)
          }
        }
        if nodePlan.pointee.rasterHit {
          // The cached bitmap is drawn over the layer's visible area and its sublayers' content.
          let shown = nodePlan.pointee.visibleRect.union(nodePlan.pointee.contentRect).area * pixelsPerPoint
          add(&gpu, "rasterCacheHits", shown * (c.pixelTime * gpuSeconds + c.textureBytesPerPixel / bandwidth))
        }

        // GPU: offscreen passes.
        if !nodePlan.pointee.offscreen.isEmpty {
          let enclosing = enclosingTargetBytes(index, tree: tree, plan: plan, screenBytes: screenBytes)
          for pass in nodePlan.pointee.offscreen {
            let targetBytes = pass.pixelArea * c.targetBytesPerPixel
            cost.offscreenTargetBytes += targetBytes
            let passes = Double(pass.passes)
            // Render the target (its layers are counted above), store it, read it to composite.
            let targets = 2 * targetBytes / bandwidth + pass.pixelArea * c.pixelTime * gpuSeconds
            // End the enclosing render pass: store its tiles and load them again; drain and set up.
            let switches = passes * (2 * enclosing * c.switchFlushFraction / bandwidth + c.passSetupTime * gpuSeconds)
            // The work the rule's passes add (``ExtraWork``): a shadow's or an effect's blur.
            var extra = 0.0
            if let work = pass.work.extra {
              extra = extraWorkSeconds(work, pass: pass, props: props)
              add(&gpu, work.costItem, extra)
            }
            add(&gpu, "offscreenTargets", targets)
            add(&gpu, "passSwitches", switches)
            add(&renderServer, "passes", passes * c.renderServerPassTime * cpuSeconds)
            cost.passGPU[PassKey(index: index, rule: pass.rule), default: 0] += (targets + switches + extra) * 1000
          }
        }

        // Render server: shape paths rasterized on the CPU when they first show or change.
        guard props.isTextured || props.drawsSelf else { continue }
        let node = tree.nodes[index]
        if case .shape(let shape) = node.layer.kind, nodePlan.pointee.draws, !shapesRasterized.contains(index) {
          let points: Double
          switch shape.path {
          case .arbitrary(_, let count): points = Double(count)
          case .rect: points = 4
          case .roundedRect: points = 16
          case .ellipse: points = 8
          }
          add(&renderServer, "shapes", (points * c.shapePointTime + pixels * c.shapePixelTime) * cpuSeconds)
          shapesRasterized.insert(index)
        }

        // Main thread and background: contents shown for the first time, or changed.
        guard props.isTextured else { continue }
        if onScreen, let contents = node.layer.contents, !displayed.contains(index) {
          displayed.insert(index)
          let store = Size((props.frame.width * scale).rounded(.up), (props.frame.height * scale).rounded(.up))
          let storePixels = store.width * store.height
          switch contents {
          case .text(let text):
            let seconds = (storePixels * c.drawPixelTime + Double(text.characters) * c.glyphTime) * cpuSeconds
            if text.drawnOn == .background { add(&background, "display", seconds) } else { add(&main, "display", seconds) }
          case .drawing(let drawing):
            let seconds = storePixels * c.drawPixelTime * cpuSeconds
            if drawing.drawnOn == .background { add(&background, "display", seconds) } else { add(&main, "display", seconds) }
          case .image(let image):
            let source = image.pixelSize.width * image.pixelSize.height
            if let thread = image.drawnOn {
              let seconds = source * c.imageDrawPixelTime * cpuSeconds
              if thread == .background { add(&background, "imageDraw", seconds) } else { add(&main, "imageDraw", seconds) }
            } else {
              add(&main, "imageDecode", source * c.decodePixelTime * cpuSeconds)
            }
          }
          changedLayers.insert(index)
        }
        if onScreen, case .image(let image) = node.layer.contents {
          cost.imageBytes += image.pixelSize.width * image.pixelSize.height * (image.wideColor ? 8 : 4)
        }
      }
    }

    add(&renderServer, "layers", Double(walked) * c.renderServerLayerTime * cpuSeconds)
    add(&renderServer, "animations", Double(state.animated.count) * c.renderServerAnimationTime * cpuSeconds)
    if !changedLayers.isEmpty || state.frame == 0 {
      add(&main, "frame", c.frameBaseTime * cpuSeconds)
      add(&main, "layout", Double(changedLayers.count) * c.layoutTime * cpuSeconds)
      add(&main, "commit", Double(changedLayers.count) * c.commitTime * cpuSeconds)
    }
    add(&gpu, "framebuffer", screenBytes / bandwidth)
    cost.gpu = gpu
    cost.renderServer = renderServer
    cost.mainThread = main
    cost.background = background
    return cost
  }

  /// Bytes of the render target this layer's passes interrupt: the nearest enclosing offscreen
  /// target, or the screen.
  func enclosingTargetBytes(_ index: Int, tree: FlatTree, plan: FramePlan, screenBytes: Double) -> Double {
    var parent = tree.parents[index]
    while parent >= 0 {
      if let pass = plan.nodes[parent].offscreen.first {
        return pass.pixelArea / Double(max(pass.passes, 1)) * coefficients.targetBytesPerPixel
      }
      parent = tree.parents[parent]
    }
    return screenBytes
  }
}
