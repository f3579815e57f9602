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
/// - GPU (a tile-based deferred renderer, as every iPhone GPU is): every visible drawing layer's
///   pixels are shaded in on-chip tile memory, opaque pixels at `opaquePixelTime`, blended ones
///   at `blendedPixelFactor` times that, and pixels hidden behind opaque layers drawn later in the
///   same render target not at all (hidden-surface removal, ``Occlusion``); textures are read
///   from memory. Each offscreen pass costs a fixed part, the same whatever its size (the render
///   pass it interrupts is ended and resumed, `passResolveTime`, and the GPU idles at each switch
///   into and out of the target, `switchIdleTime`, WWDC14 session 419), and a part that grows with
///   its own target: the target stored and read back to be composited (through the system cache
///   when it fits, compressed from the A12 on, ``MemorySystem``) and composited as blended
///   pixels; then the extra work the rule's record declares (``ExtraWork``, priced in
///   `ExtraWorkCost.swift`): shadow blurs at a bounded resolution, visual-effect blurs at the
///   downscaled size they run at. Raster cache hits draw their bitmap as a blended texture; the
///   frame is stored once for the display.
/// - Render server: per layer walked, per pass, and shape paths when they first show or change.
/// - Main thread: a frame base when the app changed anything (scrolling, contents, reused
///   cells; Core Animation animations run in the render server and cost the app nothing per
///   frame); layout and commit of what the app changed, and the set-up of each label it
///   configures, once; display of text and `draw(_:)` contents shown for the first time, or
///   replaced by the app (drawn at that frame's commit, on screen yet or not); decoding of images
///   shown for the first time; Core Graphics drawing of images the app draws itself. Work a scene
///   marks `drawnOn: background` goes to the background threads instead, a label's text set-up
///   with its drawing.
struct CostModel {
  let device: DeviceProfile
  let coefficients: CostCoefficients
  let memory: MemorySystem

  /// Layers already displayed with their current contents (text and drawings drawn, images
  /// decoded), across frames.
  var displayed = Set<Int>()
  /// Shape layers already rasterized with their current path.
  var shapesRasterized = Set<Int>()
  /// Layers the app set up for their current contents (a reused cell configured for its new item,
  /// a content change) before they were on screen: laid out then, displayed when they show.
  var configured = Set<Int>()
  /// Hidden-surface removal's grid, reused from frame to frame.
  var occlusion = Occlusion.Scratch()

  init(device: DeviceProfile, coefficients: CostCoefficients) {
    self.device = device
    self.coefficients = coefficients
    memory = MemorySystem(device: device, coefficients: coefficients)
  }

  mutating func cost(_ plan: FramePlan, state: FrameState, tree: FlatTree) -> FrameCost {
    var cost = FrameCost()
    let c = coefficients
    let scale = device.screen.scale
    let pixelsPerPoint = scale * scale
    let gpuSeconds = 1 / device.gpuSpeed
    let cpuSeconds = 1 / device.cpuSpeed
    let screenBytes = device.screenPixelArea * c.targetBytesPerPixel
    let opaqueSeconds = c.opaquePixelTime * gpuSeconds
    let blendedSeconds = opaqueSeconds * c.blendedPixelFactor
    var gpu = CostTable(CostItem.gpu)
    var renderServer = CostTable(CostItem.renderServer)
    var main = CostTable(CostItem.mainThread)
    var background = CostTable(CostItem.background)
    func add(_ table: inout CostTable, _ key: String, _ seconds: Double) { table.add(key, seconds * 1000) }

    for index in state.contentChanged {
      displayed.remove(index)
      shapesRasterized.remove(index)
      configured.remove(index)
    }
    for index in state.appearanceChanged { shapesRasterized.remove(index) }

    // What each drawing layer (or drawn cached bitmap) puts on screen, in drawing order, for
    // hidden-surface removal.
    var drawn: [(index: Int, entry: Occlusion.Entry, textured: Bool)] = []
    plan.nodes.storage.withUnsafeBufferPointer { storage in
      for index in plan.visited where !tree.inMask[index] {
        let nodePlan = storage.baseAddress! + index
        if nodePlan.pointee.culled || nodePlan.pointee.insideRasterHit { continue }
        if nodePlan.pointee.rasterHit {
          let shown = nodePlan.pointee.visibleRect.union(nodePlan.pointee.contentRect)
          if !shown.isEmpty {
            drawn.append((index, Occlusion.Entry(rect: shown, opaque: false, target: enclosingTarget(index, tree: tree, plan: plan)), true))
          }
        } else if nodePlan.pointee.draws, !nodePlan.pointee.visibleRect.isEmpty {
          let textured = state.props(index, in: tree).isTextured
          let entry = Occlusion.Entry(
            rect: nodePlan.pointee.visibleRect, opaque: nodePlan.pointee.opaque, target: enclosingTarget(index, tree: tree, plan: plan))
          drawn.append((index, entry, textured))
        }
      }
    }
    let hidden = Occlusion.hiddenAreas(drawn.map(\.entry), bounds: device.screen.bounds, scratch: &occlusion)
    for (position, item) in drawn.enumerated() {
      let area = item.entry.rect.area
      let shaded = max(0, area - hidden[position]) * pixelsPerPoint
      let seconds = shaded * (item.entry.opaque ? opaqueSeconds : blendedSeconds)
      // The texture is read where it is shown: through the system cache when it fits there.
      let bytes = shaded * c.textureBytesPerPixel
      if plan.nodes[item.index].rasterHit {
        add(&gpu, "rasterCacheHits", seconds + memory.targetSeconds(bytes, footprint: bytes))
      } else {
        add(&gpu, "layers", seconds)
        if item.textured { add(&gpu, "textures", memory.seconds(bytes, footprint: bytes)) }
      }
    }

    /// Draws contents into their backing store (text, `draw(_:)`), or decodes or draws an image,
    /// on the thread the scene names.
    func display(_ contents: Contents, frame: Rect) {
      let store = Size((frame.width * scale).rounded(.up), (frame.height * scale).rounded(.up))
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
    }

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

        // GPU: offscreen passes (the layers drawn into them are shaded above).
        for pass in nodePlan.pointee.offscreen {
          let targetBytes = pass.pixelArea * c.targetBytesPerPixel
          cost.offscreenTargetBytes += targetBytes
          let passes = Double(pass.passes)
          // Its own target: stored at the end of the pass and read back to be composited, then
          // composited as blended pixels. A visual effect's blur sizes its own targets.
          var targets = 0.0
          if pass.work.extra?.sizesItsOwnTargets != true {
            targets =
              memory.targetSeconds(2 * targetBytes, footprint: targetBytes / passes) + pass.pixelArea * blendedSeconds
          }
          // The fixed part: the render pass it interrupts is ended and resumed once, and the GPU
          // idles at each switch, into each of its chained targets and back.
          let switches = (c.passResolveTime + (passes + 1) * c.switchIdleTime) * gpuSeconds
          // The work the rule's passes add (``ExtraWork``): a shadow's or an effect's blur.
          var extra = 0.0
          if let work = pass.work.extra {
            extra = extraWorkSeconds(work, pass: pass, props: props, layer: tree.nodes[index].layer, memory: memory)
            add(&gpu, work.costItem, extra)
          }
          add(&gpu, "offscreenTargets", targets)
          add(&gpu, "passSwitches", switches)
          add(&renderServer, "passes", passes * c.renderServerPassTime * cpuSeconds)
          cost.passGPU[PassKey(index: index, rule: pass.rule), default: 0] += (targets + switches + extra) * 1000
        }

        // Render server: shape paths rasterized on the CPU when they first show or change.
        guard props.isTextured || props.drawsSelf else { continue }
        // The layer's fields are read in place: copying its whole node for each layer is costly.
        if case .shape(let shape) = tree.nodes[index].layer.kind, nodePlan.pointee.draws, !shapesRasterized.contains(index) {
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
        let contents = tree.nodes[index].layer.contents
        if onScreen, let contents, !displayed.contains(index) {
          displayed.insert(index)
          display(contents, frame: props.frame)
          // Laid out when the app set it up, unless that was in an earlier frame.
          if configured.remove(index) == nil { changedLayers.insert(index) }
        }
        if onScreen, case .image(let image) = contents {
          cost.imageBytes += image.pixelSize.width * image.pixelSize.height * (image.wideColor ? 8 : 4)
        }
      }
    }

    // Backing stores whose contents the app replaced this frame are drawn when the transaction
    // commits, on screen yet or not: Core Animation displays every layer that needs display at the
    // commit, so a reused cell configured for a row entering the table draws all its labels in that
    // frame, not as each scrolls into view.
    for index in state.contentChanged.sorted() where state.appChanged.contains(index) && !displayed.contains(index) {
      if tree.inMask[index] { continue }
      let layer = state.layer(index, in: tree)
      guard let contents = layer.contents, contents.hasBackingStore, !layer.isHidden, layer.opacity > 0 else { continue }
      displayed.insert(index)
      display(contents, frame: layer.frame)
    }

    add(&renderServer, "layers", Double(walked) * c.renderServerLayerTime * cpuSeconds)
    add(&renderServer, "animations", Double(state.animated.count) * c.renderServerAnimationTime * cpuSeconds)
    if !changedLayers.isEmpty || state.frame == 0 {
      add(&main, "frame", c.frameBaseTime * cpuSeconds)
      // Each view the app sets up is configured and laid out; each label's text is measured and
      // laid out again: on the main thread, or with the text's drawing on a background thread
      // when the label draws asynchronously (YYText's labels typeset and draw in their display
      // task; the main thread only sets the result as the layer's contents).
      var labels = 0
      var backgroundLabels = 0
      for index in changedLayers {
        if case .text(let text) = tree.nodes[index].layer.contents, text.characters > 0 {
          if text.drawnOn == .background { backgroundLabels += 1 } else { labels += 1 }
        }
        if !displayed.contains(index), tree.nodes[index].layer.contents != nil { configured.insert(index) }
      }
      add(&main, "layout", (Double(changedLayers.count) * c.layoutTime + Double(labels) * c.textLayoutTime) * cpuSeconds)
      add(&background, "display", Double(backgroundLabels) * c.textLayoutTime * cpuSeconds)
      add(&main, "commit", Double(changedLayers.count) * c.commitTime * cpuSeconds)
    }
    add(&gpu, "framebuffer", memory.dramSeconds(screenBytes))
    cost.gpu = gpu.dictionary
    cost.renderServer = renderServer.dictionary
    cost.mainThread = main.dictionary
    cost.background = background.dictionary
    return cost
  }

  /// The render target a layer draws into: its own offscreen pass's when it takes one (every
  /// pass renders the layer with its subtree), else the nearest ancestor's that takes one (its
  /// index), or -1 for the screen.
  func enclosingTarget(_ index: Int, tree: FlatTree, plan: FramePlan) -> Int {
    if !plan.nodes[index].offscreen.isEmpty { return index }
    var parent = tree.parents[index]
    while parent >= 0 {
      if !plan.nodes[parent].offscreen.isEmpty { return parent }
      parent = tree.parents[parent]
    }
    return -1
  }
}
