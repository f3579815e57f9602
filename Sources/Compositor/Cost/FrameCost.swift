import LayerTree

/// One frame's simulated time, itemized by phase and by item.
public struct FrameCost: Sendable, Hashable {
  /// Milliseconds by item, every phase's (``CostItem``).
  var table = CostTable()
  /// Render-target bytes of the frame's offscreen passes.
  public var offscreenTargetBytes: Double = 0
  /// Decoded image bytes of the images on screen.
  public var imageBytes: Double = 0

  /// GPU milliseconds (render execute), by item.
  public var gpu: [String: Double] { table.dictionary(.gpu) }
  /// Render-server CPU milliseconds (render prepare), by item.
  public var renderServer: [String: Double] { table.dictionary(.renderServer) }
  /// App main-thread milliseconds (layout, display, prepare, commit), by item.
  public var mainThread: [String: Double] { table.dictionary(.mainThread) }
  /// App background-thread milliseconds (asynchronous drawing), by item.
  public var background: [String: Double] { table.dictionary(.background) }

  public var gpuMs: Double { table.sum(.gpu) }
  public var renderServerMs: Double { table.sum(.renderServer) }
  public var mainThreadMs: Double { table.sum(.mainThread) }
  public var backgroundMs: Double { table.sum(.background) }

  public init() {}
}

/// The cost items of each phase, in report order.
public enum CostItem {
  /// GPU items. The extra works of offscreen passes (``ExtraWork``) sit after the pass switches,
  /// in the order of their cases.
  public static let gpu =
    ["layers", "textures", "offscreenTargets", "passSwitches"] + ExtraWork.allCases.map(\.costItem)
    + ["rasterCacheHits", "framebuffer"]
  public static let renderServer = ["layers", "animations", "passes", "shapes"]
  public static let mainThread = ["frame", "layout", "display", "imageDecode", "imageDraw", "commit"]
  public static let background = ["display", "imageDraw"]

  /// A phase of a frame's work.
  enum Phase: Int, Sendable, CaseIterable {
    case gpu, renderServer, mainThread, background

    /// The positions of the phase's items in ``CostItem/all``.
    var positions: Range<Int> { CostItem.ranges[rawValue] }
  }

  /// Every phase's items in one list, phase by phase: the positions of a ``CostTable``.
  static let all: [(phase: Phase, name: String)] =
    gpu.map { (.gpu, $0) } + renderServer.map { (.renderServer, $0) } + mainThread.map { (.mainThread, $0) }
    + background.map { (.background, $0) }

  private static let ranges: [Range<Int>] = {
    var start = 0
    return [gpu.count, renderServer.count, mainThread.count, background.count].map { count in
      defer { start += count }
      return start..<(start + count)
    }
  }()

  /// The position of the item `name` of `phase`.
  static func position(_ phase: Phase, _ name: String) -> Int {
    guard let position = all.firstIndex(where: { $0.phase == phase && $0.name == name }) else {
      preconditionFailure("no cost item \(name) in \(phase)")
    }
    return position
  }

  // The items the cost model adds to, by position.
  static let gpuLayers = position(.gpu, "layers")
  static let gpuTextures = position(.gpu, "textures")
  static let gpuOffscreenTargets = position(.gpu, "offscreenTargets")
  static let gpuPassSwitches = position(.gpu, "passSwitches")
  static let gpuRasterCacheHits = position(.gpu, "rasterCacheHits")
  static let gpuFramebuffer = position(.gpu, "framebuffer")
  /// Each ``ExtraWork`` case's item, in the order of the cases.
  static let gpuExtraWork = ExtraWork.allCases.map { position(.gpu, $0.costItem) }
  static let serverLayers = position(.renderServer, "layers")
  static let serverAnimations = position(.renderServer, "animations")
  static let serverPasses = position(.renderServer, "passes")
  static let serverShapes = position(.renderServer, "shapes")
  static let mainFrame = position(.mainThread, "frame")
  static let mainLayout = position(.mainThread, "layout")
  static let mainDisplay = position(.mainThread, "display")
  static let mainImageDecode = position(.mainThread, "imageDecode")
  static let mainImageDraw = position(.mainThread, "imageDraw")
  static let mainCommit = position(.mainThread, "commit")
  static let backgroundDisplay = position(.background, "display")
  static let backgroundImageDraw = position(.background, "imageDraw")
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

  /// Per layer, across frames: already displayed with its current contents (text and drawings
  /// drawn, images decoded); a shape layer already rasterized with its current path. Sized to
  /// the tree on the first frame.
  var displayed: [Bool] = []
  var shapesRasterized: [Bool] = []
  /// Per layer: the app set it up for its current contents (a reused cell configured for its new
  /// item, a content change) before it was on screen: laid out then, displayed when it shows.
  var configured: [Bool] = []
  /// Hidden-surface removal's grid, reused from frame to frame.
  var occlusion = Occlusion.Scratch()
  /// Each drawing layer's record position and whether it samples a texture, this frame's
  /// hidden-surface entries and their hidden areas: kept from frame to frame.
  private var drawn: [(record: Int, textured: Bool)] = []
  private var entries: [Occlusion.Entry] = []
  private var hidden: [Double] = []
  /// The last frame's GPU milliseconds of each offscreen pass, in the plan's pass order.
  private(set) var passGPU: [Double] = []

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
    var table = CostTable()
    func add(_ position: Int, _ seconds: Double) { table.add(position, seconds * 1000) }
    let records = plan.nodes.records
    let nodes = plan.nodes
    let visited = plan.visited
    let inMask = tree.inMask
    passGPU.removeAll(keepingCapacity: true)
    passGPU.append(contentsOf: repeatElement(0, count: plan.nodes.passes.count))

    if displayed.count != tree.count {
      displayed = [Bool](repeating: false, count: tree.count)
      shapesRasterized = [Bool](repeating: false, count: tree.count)
      configured = [Bool](repeating: false, count: tree.count)
    }
    for index in state.contentChanged {
      displayed[index] = false
      shapesRasterized[index] = false
      configured[index] = false
    }
    for index in state.appearanceChanged { shapesRasterized[index] = false }

    // What each drawing layer (or drawn cached bitmap) puts on screen, in drawing order, for
    // hidden-surface removal.
    drawn.removeAll(keepingCapacity: true)
    entries.removeAll(keepingCapacity: true)
    for position in visited.indices where !inMask[visited[position]] {
      if records[position].culled || records[position].insideRasterHit { continue }
      if records[position].rasterHit {
        let shown = records[position].visibleRect.union(records[position].contentRect)
        if !shown.isEmpty {
          drawn.append((position, true))
          entries.append(Occlusion.Entry(rect: shown, opaque: false, target: Int(records[position].target)))
        }
      } else if records[position].draws, !records[position].visibleRect.isEmpty {
        drawn.append((position, nodes.props[position].isTextured))
        entries.append(Occlusion.Entry(rect: records[position].visibleRect, opaque: records[position].opaque, target: Int(records[position].target)))
      }
    }
    Occlusion.hiddenAreas(entries, bounds: device.screen.bounds, into: &hidden, scratch: &occlusion)
    for (position, item) in drawn.enumerated() {
      let entry = entries[position]
      let area = entry.rect.area
      let shaded = max(0, area - hidden[position]) * pixelsPerPoint
      let seconds = shaded * (entry.opaque ? opaqueSeconds : blendedSeconds)
      // The texture is read where it is shown: through the system cache when it fits there.
      let bytes = shaded * c.textureBytesPerPixel
      if records[item.record].rasterHit {
        add(CostItem.gpuRasterCacheHits, seconds + memory.targetSeconds(bytes, footprint: bytes))
      } else {
        add(CostItem.gpuLayers, seconds)
        if item.textured { add(CostItem.gpuTextures, memory.seconds(bytes, footprint: bytes)) }
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
        add(text.drawnOn == .background ? CostItem.backgroundDisplay : CostItem.mainDisplay, seconds)
      case .drawing(let drawing):
        let seconds = storePixels * c.drawPixelTime * cpuSeconds
        add(drawing.drawnOn == .background ? CostItem.backgroundDisplay : CostItem.mainDisplay, seconds)
      case .image(let image):
        let source = image.pixelSize.width * image.pixelSize.height
        if let thread = image.drawnOn {
          let seconds = source * c.imageDrawPixelTime * cpuSeconds
          add(thread == .background ? CostItem.backgroundImageDraw : CostItem.mainImageDraw, seconds)
        } else {
          add(CostItem.mainImageDecode, source * c.decodePixelTime * cpuSeconds)
        }
      }
    }

    var walked = 0
    // Layers the main thread lays out and commits: what the app changed (`state.appChanged`), and
    // what it displays for the first time below, when the app did not change it.
    var shownFirst: [Int] = []
    let passes = plan.nodes.passes

    for position in visited.indices {
      let index = visited[position]
      if inMask[index] { continue }
      if records[position].culled || records[position].insideRasterHit { continue }
      let onScreen = !records[position].visibleRect.isEmpty
      if !onScreen && !records[position].hasPasses && !records[position].rasterHit { continue }
      walked += 1
      let pixels = records[position].visibleRect.area * pixelsPerPoint

      // GPU: offscreen passes (the layers drawn into them are shaded above).
      for passIndex in records[position].passRange {
        let pass = passes[passIndex]
        let targetBytes = pass.pixelArea * c.targetBytesPerPixel
        cost.offscreenTargetBytes += targetBytes
        let passCount = Double(pass.passes)
        // Its own target: stored at the end of the pass and read back to be composited, then
        // composited as blended pixels. A visual effect's blur sizes its own targets.
        var targets = 0.0
        if pass.work.extra?.sizesItsOwnTargets != true {
          targets =
            memory.targetSeconds(2 * targetBytes, footprint: targetBytes / passCount) + pass.pixelArea * blendedSeconds
        }
        // The fixed part: the render pass it interrupts is ended and resumed once, and the GPU
        // idles at each switch, into each of its chained targets and back.
        let switches = (c.passResolveTime + (passCount + 1) * c.switchIdleTime) * gpuSeconds
        // The work the rule's passes add (``ExtraWork``): a shadow's or an effect's blur.
        var extra = 0.0
        if let work = pass.work.extra {
          extra = extraWorkSeconds(work, pass: pass, props: nodes.props[position], kind: { tree.kind(index) }, memory: memory)
          add(work.costPosition, extra)
        }
        add(CostItem.gpuOffscreenTargets, targets)
        add(CostItem.gpuPassSwitches, switches)
        add(CostItem.serverPasses, passCount * c.renderServerPassTime * cpuSeconds)
        passGPU[passIndex] += (targets + switches + extra) * 1000
      }

      // Render server: shape paths rasterized on the CPU when they first show or change.
      guard nodes.props[position].isTextured || nodes.props[position].drawsSelf else { continue }
      if nodes.props[position].isShape, records[position].draws, !shapesRasterized[index], case .shape(let shape) = tree.kind(index)
      {
        let points: Double
        switch shape.path {
        case .arbitrary(_, let count): points = Double(count)
        case .rect: points = 4
        case .roundedRect: points = 16
        case .ellipse: points = 8
        }
        add(CostItem.serverShapes, (points * c.shapePointTime + pixels * c.shapePixelTime) * cpuSeconds)
        shapesRasterized[index] = true
      }

      // Main thread and background: contents shown for the first time, or changed.
      guard nodes.props[position].isTextured, nodes.props[position].hasContents, onScreen else { continue }
      let firstShown = !displayed[index]
      guard firstShown || nodes.props[position].hasImage else { continue }
      let contents = tree.contents(index)
      if firstShown, let contents {
        displayed[index] = true
        display(contents, frame: nodes.props[position].frame)
        // Laid out when the app set it up, unless that was in an earlier frame.
        if configured[index] {
          configured[index] = false
        } else if !state.appChanged.contains(index) {
          shownFirst.append(index)
        }
      }
      if case .image(let image) = contents {
        cost.imageBytes += image.pixelSize.width * image.pixelSize.height * (image.wideColor ? 8 : 4)
      }
    }

    // Backing stores whose contents the app replaced this frame are drawn when the transaction
    // commits, on screen yet or not: Core Animation displays every layer that needs display at the
    // commit, so a reused cell configured for a row entering the table draws all its labels in that
    // frame, not as each scrolls into view.
    for index in state.contentChanged.sorted() where state.appChanged.contains(index) && !displayed[index] {
      if inMask[index] { continue }
      let layer = state.layer(index, in: tree)
      guard let contents = layer.contents, contents.hasBackingStore, !layer.isHidden, layer.opacity > 0 else { continue }
      displayed[index] = true
      display(contents, frame: layer.frame)
    }

    add(CostItem.serverLayers, Double(walked) * c.renderServerLayerTime * cpuSeconds)
    add(CostItem.serverAnimations, Double(state.animated.count) * c.renderServerAnimationTime * cpuSeconds)
    let changedCount = state.appChanged.count + shownFirst.count
    if changedCount > 0 || state.frame == 0 {
      add(CostItem.mainFrame, c.frameBaseTime * cpuSeconds)
      // Each view the app sets up is configured and laid out; each label's text is measured and
      // laid out again: on the main thread, or with the text's drawing on a background thread
      // when the label draws asynchronously (YYText's labels typeset and draw in their display
      // task; the main thread only sets the result as the layer's contents).
      var labels = 0
      var backgroundLabels = 0
      func setUp(_ index: Int) {
        let contents = tree.contents(index)
        if case .text(let text) = contents, text.characters > 0 {
          if text.drawnOn == .background { backgroundLabels += 1 } else { labels += 1 }
        }
        if !displayed[index], contents != nil { configured[index] = true }
      }
      for index in state.appChanged { setUp(index) }
      for index in shownFirst { setUp(index) }
      add(CostItem.mainLayout, (Double(changedCount) * c.layoutTime + Double(labels) * c.textLayoutTime) * cpuSeconds)
      add(CostItem.backgroundDisplay, Double(backgroundLabels) * c.textLayoutTime * cpuSeconds)
      add(CostItem.mainCommit, Double(changedCount) * c.commitTime * cpuSeconds)
    }
    add(CostItem.gpuFramebuffer, memory.dramSeconds(screenBytes))
    cost.table = table
    return cost
  }
}
