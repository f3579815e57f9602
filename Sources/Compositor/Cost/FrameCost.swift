import LayerTree

/// One frame's simulated time, itemized by phase and by item.
public struct FrameCost: Sendable, Hashable {
  /// Milliseconds by item, every phase's (``CostItem``).
  var table = CostTable()
  /// Render-target bytes of the frame's offscreen passes.
  public var offscreenTargetBytes: Double = 0
  /// Decoded image bytes of the images on screen.
  public var imageBytes: Double = 0
  /// The part of the GPU milliseconds in which the GPU idles at render-target switches: in the
  /// frame's GPU time, not in its GPU utilization (WWDC14 session 419).
  public var gpuIdleMs: Double = 0

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
  /// Contents drawn on a background thread this frame, each one task of the drawing queues.
  public var backgroundTasks: Int { table.backgroundTasks }

  public init() {}
}

/// The cost items of each phase, in report order.
public enum CostItem {
  /// GPU items. The extra works of offscreen passes (``ExtraWork``) sit after the pass switches,
  /// in the order of their cases.
  public static let gpu =
    ["tiler", "layers", "textures", "offscreenTargets", "passSwitches"] + ExtraWork.allCases.map(\.costItem)
    + ["rasterCacheHits", "framebuffer", "downsample"]
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

  /// The positions of the items the cost model adds to, found once by name.
  struct Positions: Sendable {
    let gpuTiler = position(.gpu, "tiler")
    let gpuLayers = position(.gpu, "layers")
    let gpuTextures = position(.gpu, "textures")
    let gpuOffscreenTargets = position(.gpu, "offscreenTargets")
    let gpuPassSwitches = position(.gpu, "passSwitches")
    let gpuRasterCacheHits = position(.gpu, "rasterCacheHits")
    let gpuFramebuffer = position(.gpu, "framebuffer")
    let gpuDownsample = position(.gpu, "downsample")
    /// Each ``ExtraWork`` case's item, in the order of the cases.
    let gpuExtraWork = ExtraWork.allCases.map { position(.gpu, $0.costItem) }
    let serverLayers = position(.renderServer, "layers")
    let serverAnimations = position(.renderServer, "animations")
    let serverPasses = position(.renderServer, "passes")
    let serverShapes = position(.renderServer, "shapes")
    let mainFrame = position(.mainThread, "frame")
    let mainLayout = position(.mainThread, "layout")
    let mainDisplay = position(.mainThread, "display")
    let mainImageDecode = position(.mainThread, "imageDecode")
    let mainImageDraw = position(.mainThread, "imageDraw")
    let mainCommit = position(.mainThread, "commit")
    let backgroundDisplay = position(.background, "display")
    let backgroundImageDraw = position(.background, "imageDraw")
  }

  /// The items' positions. A cost model copies them once: a static property is looked up through
  /// a one-time initialisation check at every read.
  static let positions = Positions()
}

/// Turns a frame's plan into time, by the coefficients and the device's hardware facts.
///
/// - GPU (a tile-based deferred renderer, as every iPhone GPU is), only where the frame redraws
///   (``Damage``): every visible drawing layer's pixels are shaded in on-chip tile memory, opaque
///   pixels at `opaquePixelTime`, blended ones at `blendedPixelFactor` times that, and pixels
///   hidden behind opaque layers drawn later in the same render target not at all (hidden-surface
///   removal, ``Occlusion``); textures are read from memory, overlapped with the shading. Each
///   offscreen pass that runs costs the GPU's idle at each switch into and out of its targets
///   (`switchIdleTime`, WWDC14 session 419: not busy time, `gpuIdleMs`), the render pass it
///   interrupts (a share, `interruptedTileShare`, of the screen's tiles stored and loaded again;
///   for a visual effect at least every tile under it, which its capture reads),
///   and its own target stored and read back (through the system cache when it fits, compressed
///   from the A12 on, ``MemorySystem``), overlapped with its compositing as blended pixels; then
///   the extra work the rule's record declares (``ExtraWork``, priced in `ExtraWorkCost.swift`):
///   shadow blurs at a bounded resolution, visual-effect blurs at the downscaled size they run at.
///   A pass that does not run again keeps its target and is only composited. Raster cache hits
///   draw their bitmap as a blended texture; the frame is stored for the display where it was
///   redrawn.
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
  /// Seconds of one blur texture sample on this device: `texelTime` over the GPU's speed, times
  /// `preMetalBlurSampleFactor` on a GPU before the A7 (worked out once: the GPU's generation is
  /// read from its family's name).
  let blurSampleSeconds: Double
  /// The cost items' positions (``CostItem/positions``).
  let at = CostItem.positions

  /// Per layer, across frames: already displayed with its current contents (text and drawings
  /// drawn, images decoded); a shape layer already rasterized with its current path. Sized to
  /// the tree on the first frame.
  var displayed: [Bool] = []
  var shapesRasterized: [Bool] = []
  /// Per layer: the app set it up for its current contents (a reused cell configured for its new
  /// item, a content change) before it was on screen: laid out then, displayed when it shows.
  var configured: [Bool] = []
  /// Per layer with `constraints`: solved, when anything inside it first came on screen.
  var solved: [Bool] = []
  /// Per layer, true at a cell of a pool laid out with Auto Layout, which the pool's set-ups solve
  /// (``SceneAnimator/cellsSolvedAtSetUp``); empty when the scene has none.
  var cellsSolvedAtSetUp: [Bool] = []
  /// What the frame redraws (``Damage``): kept from frame to frame.
  var damage = Damage()
  /// Hidden-surface removal's grid, reused from frame to frame.
  var occlusion = Occlusion.Scratch()
  /// Each drawing layer's record position and the texels it reads per pixel shown (1 for a
  /// texture drawn at its size, less for a visual effect's upscaled blur, 0 for a colour), this frame's
  /// hidden-surface entries and their hidden areas: kept from frame to frame, as room (the
  /// frame's own are the first, as many as the layers it draws).
  private var drawn: [(record: Int, texelShare: Double)] = []
  private var entries: [Occlusion.Entry] = []
  private var hidden: [Double] = []
  /// The layers a frame shows for the first time that the app did not change in it: the frame's
  /// own list, kept from frame to frame for its room.
  private var shownFirst: [Int] = []
  /// The last frame's GPU milliseconds of each offscreen pass, in the plan's pass order.
  private(set) var passGPU: [Double] = []

  init(device: DeviceProfile, coefficients: CostCoefficients) {
    self.device = device
    self.coefficients = coefficients
    memory = MemorySystem(device: device, coefficients: coefficients)
    blurSampleSeconds =
      coefficients.texelTime * (1 / device.gpuSpeed) * (device.gpuGeneration == 0 ? coefficients.preMetalBlurSampleFactor : 1)
  }

  /// The frame's figures that do not change from layer to layer, worked out once a frame.
  private struct Prices {
    let scale: Double
    let pixelsPerPoint: Double
    let gpuSeconds: Double
    let cpuSeconds: Double
    /// The screen's bytes as a render target.
    let screenBytes: Double
    /// Seconds to shade an opaque pixel, and a blended one.
    let opaqueSeconds: Double
    let blendedSeconds: Double
    /// Seconds of the tiler per layer drawn.
    let tilerSeconds: Double
    /// A switch's idle is a latency (the pipeline drained and restarted), not work: the same on
    /// every GPU.
    let switchIdleSeconds: Double
    /// The tiles of the render pass an offscreen pass interrupts: the screen's, stored and loaded
    /// (set last in `init`, from ``tileRoundTrip(pixels:memory:)``).
    private(set) var interruptSeconds = 0.0
    /// A render target's bytes a pixel, and the GPU's own seconds to store and load one pixel of
    /// tiles (``tileRoundTrip(pixels:memory:)``).
    let targetBytesPerPixel: Double
    let tileStoreSeconds: Double
    /// The panel's pixels over the rendered frame's, on a device that samples its frame to a
    /// panel of another size (``DeviceProfile/panelPixels``); 0 on the others.
    let panelShare: Double

    init(device: DeviceProfile, coefficients c: CostCoefficients, memory: MemorySystem) {
      scale = device.screen.scale
      pixelsPerPoint = scale * scale
      gpuSeconds = 1 / device.gpuSpeed
      cpuSeconds = 1 / device.cpuSpeed
      screenBytes = device.screenPixelArea * c.targetBytesPerPixel
      opaqueSeconds = c.opaquePixelTime * gpuSeconds
      switchIdleSeconds = c.switchIdleTime
      targetBytesPerPixel = c.targetBytesPerPixel
      tileStoreSeconds = c.tileStorePixelTime * gpuSeconds
      blendedSeconds = opaqueSeconds * c.blendedPixelFactor
      tilerSeconds = c.tilerLayerTime * gpuSeconds
      // A panel the rendered frame's size shows it as rendered.
      panelShare =
        device.panelPixels.flatMap { $0 == device.renderedPixels ? nil : $0.width * $0.height / max(device.screenPixelArea, 1) } ?? 0
      interruptSeconds = c.interruptedTileShare * tileRoundTrip(pixels: device.screenPixelArea, memory: memory)
    }

    /// Seconds to store `pixels` of an interrupted render pass's tiles to memory and load them
    /// again: their bytes both ways (a share of the screen's footprint), and the GPU's own work.
    func tileRoundTrip(pixels: Double, memory: MemorySystem) -> Double {
      memory.targetSeconds(2 * pixels * targetBytesPerPixel, footprint: screenBytes) + pixels * tileStoreSeconds
    }
  }

  /// What the frame adds up as its steps go.
  private struct Sums {
    var cost = FrameCost()
    var table = CostTable()
    var gpuIdle = 0.0
    /// Layers drawn (and cached bitmaps) where the frame redraws them: each one's quad through the
    /// tiler.
    var tiled = 0
    /// Layers the render server walks.
    var walked = 0
    /// Entries of ``LayerMemory/drawn`` and ``LayerMemory/entries`` this frame.
    var drawnCount = 0
  }

  /// The run's memory of each layer and the frame's lists, taken out of the model for the frame
  /// (by swapping, which moves them: a copy and an assignment would retain and release each) so
  /// that the steps write them in place, and given back at its end.
  private struct LayerMemory {
    var displayed: [Bool] = []
    var shapesRasterized: [Bool] = []
    var configured: [Bool] = []
    var solved: [Bool] = []
    /// Each offscreen pass's GPU milliseconds this frame.
    var passGPU: [Double] = []
    /// The layers the frame shows for the first time that the app did not change in it.
    var shownFirst: [Int] = []
    /// What each drawing layer (or drawn cached bitmap) puts on screen, in drawing order, for
    /// hidden-surface removal: its record and the texels it reads per pixel shown, its entry and
    /// the area hidden. The lists keep room for every visited layer.
    var drawn: [(record: Int, texelShare: Double)] = []
    var entries: [Occlusion.Entry] = []
    var hidden: [Double] = []

    /// Calls `body` with the lists the walk over the visits writes, opened once for it.
    @inline(__always)
    mutating func withWalkBuffers<Result>(_ body: (WalkBuffers) -> Result) -> Result {
      displayed.withUnsafeMutableBufferPointer { displayed in
        shapesRasterized.withUnsafeMutableBufferPointer { shapesRasterized in
          configured.withUnsafeMutableBufferPointer { configured in
            passGPU.withUnsafeMutableBufferPointer { passGPU in
              drawn.withUnsafeMutableBufferPointer { drawn in
                entries.withUnsafeMutableBufferPointer { entries in
                  body(
                    WalkBuffers(
                      displayed: displayed, shapesRasterized: shapesRasterized, configured: configured, passGPU: passGPU,
                      drawn: drawn, entries: entries))
                }
              }
            }
          }
        }
      }
    }
  }

  /// Exchanges the run's memory of each layer with `layers`, field by field: once to take it out
  /// of the model for the frame (into an empty ``LayerMemory``), once to give it back.
  private mutating func exchangeLayerMemory(_ layers: inout LayerMemory) {
    swap(&layers.passGPU, &passGPU)
    swap(&layers.displayed, &displayed)
    swap(&layers.shapesRasterized, &shapesRasterized)
    swap(&layers.configured, &configured)
    swap(&layers.solved, &solved)
    swap(&layers.shownFirst, &shownFirst)
    swap(&layers.drawn, &drawn)
    swap(&layers.entries, &entries)
    swap(&layers.hidden, &hidden)
  }

  /// One frame's cost, in steps: the layers whose contents the app replaced forgotten
  /// (``forgetReplaced(_:tree:)``) and the frame's damage found; one walk over the visited layers,
  /// its buffers opened once (``walkVisits(_:state:tree:prices:layers:sums:)``): what each puts on
  /// screen, its offscreen passes, shapes and contents; the layers drawn shaded where hidden-surface
  /// removal leaves them (``shadeDrawn(_:prices:layers:sums:)``); contents the app replaced drawn at
  /// the commit (``displayReplaced(_:tree:prices:layers:sums:)``); the render server's walk and the
  /// main thread's set-up (``priceWalkAndSetUp(_:tree:prices:layers:sums:)``); the frame stored.
  mutating func cost(_ plan: FramePlan, state: FrameState, tree: FlatTree, redrawAll: Bool = false) -> FrameCost {
    let prices = Prices(device: device, coefficients: coefficients, memory: memory)
    forgetReplaced(state, tree: tree)
    damage.update(plan, state: state, tree: tree, screen: device.screen.bounds, redrawAll: redrawAll)
    var layers = LayerMemory()
    exchangeLayerMemory(&layers)
    layers.passGPU.refill(with: 0, count: plan.nodes.passes.count)
    layers.shownFirst.removeAll(keepingCapacity: true)
    var sums = Sums()
    walkVisits(plan, state: state, tree: tree, prices: prices, layers: &layers, sums: &sums)
    shadeDrawn(plan, prices: prices, layers: &layers, sums: &sums)
    displayReplaced(state, tree: tree, prices: prices, layers: &layers, sums: &sums)
    priceWalkAndSetUp(state, tree: tree, prices: prices, layers: &layers, sums: &sums)
    // The frame is stored for the display where it was redrawn.
    let storedBytes = damage.full ? prices.screenBytes : damage.area * prices.pixelsPerPoint * coefficients.targetBytesPerPixel
    sums.table.addSeconds(at.gpuFramebuffer, self.memory.dramSeconds(storedBytes))
    sums.table.addSeconds(at.gpuDownsample, downsample(storedBytes, prices: prices))
    exchangeLayerMemory(&layers)
    sums.cost.gpuIdleMs = sums.gpuIdle * 1000
    sums.cost.table = sums.table
    return sums.cost
  }

  /// Seconds to sample `storedBytes` of the redrawn frame down to the panel, on a device whose
  /// panel has fewer pixels than the frame it renders (in the catalogue the iPhone 6 Plus and 8
  /// Plus, the 12 mini and 13 mini; a device file's larger panel is sampled up the same way).
  /// Apple's Technical Q&A QA1909: after the screen's contents are rendered (1242 x 2208
  /// on the 6 Plus), UIKit samples them down to the panel's 1080 x 1920; the Metal Best Practices
  /// Guide ("Native Screen Scale") calls it "an additional sampling stage". A GPU pass over the
  /// redrawn area: the panel's pixels shaded at `opaquePixelTime`, each reading the rendered frame,
  /// the rendered bytes read from memory and the panel's written, overlapped with the shading.
  private func downsample(_ storedBytes: Double, prices: Prices) -> Double {
    guard prices.panelShare > 0, storedBytes > 0 else { return 0 }
    let panelPixels = storedBytes / prices.targetBytesPerPixel * prices.panelShare
    let shading = panelPixels * prices.opaqueSeconds
    let traffic = memory.dramSeconds(storedBytes * (1 + prices.panelShare))
    return max(shading, traffic)
  }

  /// Sizes the run's memory of each layer to the tree, and forgets what was displayed or
  /// rasterized of layers whose contents or appearance changed.
  private mutating func forgetReplaced(_ state: FrameState, tree: FlatTree) {
    if displayed.count != tree.count {
      displayed = [Bool](repeating: false, count: tree.count)
      shapesRasterized = [Bool](repeating: false, count: tree.count)
      configured = [Bool](repeating: false, count: tree.count)
      solved = [Bool](repeating: false, count: tree.count)
    }
    for index in state.contentChanged {
      displayed[index] = false
      shapesRasterized[index] = false
      configured[index] = false
    }
    for index in state.appearanceChanged { shapesRasterized[index] = false }
  }

  /// Draws contents into their backing store (text, `draw(_:)`), or decodes or draws an image,
  /// on the thread the scene names.
  @inline(__always)
  private func display(_ contents: Contents, frame: Rect, prices: Prices, into table: inout CostTable) {
    let c = coefficients
    let scale = prices.scale
    let cpuSeconds = prices.cpuSeconds
    let store = Size((frame.width * scale).rounded(.up), (frame.height * scale).rounded(.up))
    let storePixels = store.width * store.height
    switch contents {
    case .text(let text):
      let glyphs = Double(text.characters) * c.glyphTime + Double(text.emoji) * c.emojiGlyphTime
      let seconds = (storePixels * c.drawPixelTime + glyphs) * cpuSeconds
      table.addSeconds(text.drawnOn == .background ? at.backgroundDisplay : at.mainDisplay, seconds)
      if text.drawnOn == .background { table.addBackgroundTask() }
    case .drawing(let drawing):
      let seconds = storePixels * c.drawPixelTime * cpuSeconds
      table.addSeconds(drawing.drawnOn == .background ? at.backgroundDisplay : at.mainDisplay, seconds)
      if drawing.drawnOn == .background { table.addBackgroundTask() }
    case .image(let image):
      let source = image.pixelSize.width * image.pixelSize.height
      if let thread = image.drawnOn {
        let seconds = source * c.imageDrawPixelTime * cpuSeconds
        table.addSeconds(thread == .background ? at.backgroundImageDraw : at.mainImageDraw, seconds)
        if thread == .background { table.addBackgroundTask() }
      } else {
        table.addSeconds(at.mainImageDecode, source * c.decodePixelTime * cpuSeconds)
      }
    }
  }

  /// Rasterizes a shape layer's path on the render server's CPU: per point of the path, per
  /// pixel it covers.
  @inline(__always)
  private func rasterize(_ shape: ShapeLayer, pixels: Double, prices: Prices, into table: inout CostTable) {
    let c = coefficients
    let points: Double
    switch shape.path {
    case .arbitrary(_, let count): points = Double(count)
    case .rect: points = 4
    case .roundedRect: points = 16
    case .ellipse: points = 8
    }
    table.addSeconds(at.serverShapes, (points * c.shapePointTime + pixels * c.shapePixelTime) * prices.cpuSeconds)
  }

  /// The buffers the walk writes (``LayerMemory/withWalkBuffers(_:)``).
  private struct WalkBuffers {
    let displayed: UnsafeMutableBufferPointer<Bool>
    let shapesRasterized: UnsafeMutableBufferPointer<Bool>
    let configured: UnsafeMutableBufferPointer<Bool>
    let passGPU: UnsafeMutableBufferPointer<Double>
    let drawn: UnsafeMutableBufferPointer<(record: Int, texelShare: Double)>
    let entries: UnsafeMutableBufferPointer<Occlusion.Entry>
  }

  /// One walk over the visits, its buffers opened once: what each layer puts on screen for
  /// hidden-surface removal (``addDrawn(_:position:props:buffers:sums:)``), its offscreen passes
  /// (``pricePasses(_:index:props:passes:nodes:tree:prices:buffers:sums:)``), its shape
  /// (``rasterizeShape(_:index:props:tree:prices:buffers:sums:)``) and contents
  /// (``displayContents(_:props:state:tree:prices:buffers:shownFirst:sums:)``). The items these add
  /// are not the ones the shading adds to, so each item's sum is made in the same order as in two
  /// walks.
  private func walkVisits(
    _ plan: FramePlan, state: FrameState, tree: FlatTree, prices: Prices, layers: inout LayerMemory, sums: inout Sums
  ) {
    let room = plan.visited.count + pathShadowRoom(plan)
    layers.drawn.grow(to: room, with: (record: 0, texelShare: 0.0))
    layers.entries.grow(to: room, with: Occlusion.Entry(rect: Rect(0, 0, 0, 0), opaque: false, target: 0))
    layers.hidden.grow(to: room, with: 0)
    var shownFirst: [Int] = []
    swap(&shownFirst, &layers.shownFirst)
    defer { swap(&shownFirst, &layers.shownFirst) }
    let inMask = tree.inMask
    plan.withBuffers { visited, records, props in
      inMask.withUnsafeBufferPointer { inMask in
        plan.nodes.passes.withUnsafeBufferPointer { passes in
          layers.withWalkBuffers { buffers in
            for position in 0..<visited.count {
              let index = visited[position]
              let record = records.baseAddress! + position
              let layerProps = props.baseAddress! + position
              if inMask[index] {
                rasterizeMask(record, index: index, props: layerProps, tree: tree, prices: prices, buffers: buffers, sums: &sums)
                continue
              }
              if record.pointee.culled || record.pointee.insideRasterHit { continue }
              if layerProps.pointee.hasShadow, layerProps.pointee.hasShadowPath {
                addPathShadow(record, position: position, props: layerProps, buffers: buffers, sums: &sums)
              }
              addDrawn(record, position: position, props: layerProps, buffers: buffers, sums: &sums)
              let onScreen = !record.pointee.visibleRect.isEmpty
              if !onScreen && !record.pointee.hasPasses && !record.pointee.rasterHit { continue }
              sums.walked += 1
              if record.pointee.hasPasses {
                pricePasses(
                  record, index: index, props: layerProps, passes: passes, nodes: plan.nodes, tree: tree, prices: prices,
                  buffers: buffers, sums: &sums)
              }
              guard layerProps.pointee.isTextured || layerProps.pointee.drawsSelf else { continue }
              rasterizeShape(record, index: index, props: layerProps, tree: tree, prices: prices, buffers: buffers, sums: &sums)
              guard layerProps.pointee.isTextured, layerProps.pointee.hasContents, onScreen else { continue }
              displayContents(
                index, props: layerProps, state: state, tree: tree, prices: prices, buffers: buffers, shownFirst: &shownFirst,
                sums: &sums)
            }
          }
        }
      }
    }
  }

  /// A shape layer used as a mask is rasterized on the render server like any shape layer, into
  /// the mask's own target (WWDC14 session 419: the mask is rendered into a texture of its own).
  @inline(__always)
  private func rasterizeMask(
    _ record: UnsafePointer<PlanRecord>, index: Int, props: UnsafePointer<LayerProps>, tree: FlatTree, prices: Prices,
    buffers: WalkBuffers, sums: inout Sums
  ) {
    if props.pointee.isShape, !record.pointee.culled, !buffers.shapesRasterized[index], case .shape(let shape) = tree.kind(index) {
      let pixels = record.pointee.screenRect.intersection(record.pointee.incomingClip).area * prices.pixelsPerPoint
      rasterize(shape, pixels: pixels, prices: prices, into: &sums.table)
      buffers.shapesRasterized[index] = true
    }
  }

  /// A shadow cast from its `shadowPath`: drawn straight into the layer's target under the layer,
  /// no pass, a blended quad over the path's shape (the layer's bounds) moved by `shadowOffset` and
  /// spread by `shadowRadius` (Core Animation draws the shadow from the path instead of from the
  /// layer's rendered content: Apple's `shadowPath` documentation). A layer rendered through a pass
  /// of its own, or cached, has its shadow in what that pass or bitmap draws. The entry's room is
  /// kept by the walk (``pathShadowRoom``).
  @inline(__always)
  private func addPathShadow(
    _ record: UnsafePointer<PlanRecord>, position: Int, props: UnsafePointer<LayerProps>, buffers: WalkBuffers, sums: inout Sums
  ) {
    guard !record.pointee.hasPasses, !record.pointee.rasterHit, sums.drawnCount < buffers.drawn.count else { return }
    let affine = record.pointee.affine
    let offset = props.pointee.shadowOffset
    let dx = affine.a * offset.width + affine.c * offset.height
    let dy = affine.b * offset.width + affine.d * offset.height
    let spread = props.pointee.shadowRadius * abs(affine.a * affine.d - affine.b * affine.c).squareRoot()
    let shadow = record.pointee.screenRect.offsetBy(dx, dy).insetBy(-spread, -spread).intersection(record.pointee.incomingClip)
    guard !shadow.isEmpty, shadow.area.isFinite else { return }
    buffers.drawn[sums.drawnCount] = (position, 0)
    buffers.entries[sums.drawnCount] = Occlusion.Entry(rect: shadow, opaque: false, target: Int(record.pointee.target))
    sums.drawnCount += 1
  }

  /// Room for the path shadows a frame may draw (``addPathShadow(_:position:props:buffers:sums:)``):
  /// one for each visited layer with a shadow and a `shadowPath`.
  private func pathShadowRoom(_ plan: FramePlan) -> Int {
    plan.withBuffers { visited, _, props in
      var count = 0
      for position in 0..<visited.count where props[position].hasShadow && props[position].hasShadowPath { count &+= 1 }
      return count
    }
  }

  /// What a layer (or its drawn cached bitmap) puts on screen, the next entry for hidden-surface
  /// removal.
  @inline(__always)
  private func addDrawn(
    _ record: UnsafePointer<PlanRecord>, position: Int, props: UnsafePointer<LayerProps>, buffers: WalkBuffers, sums: inout Sums
  ) {
    if record.pointee.rasterHit {
      let shown = record.pointee.visibleRect.union(record.pointee.contentRect)
      if !shown.isEmpty {
        buffers.drawn[sums.drawnCount] = (position, 1)
        buffers.entries[sums.drawnCount] = Occlusion.Entry(rect: shown, opaque: false, target: Int(record.pointee.target))
        sums.drawnCount += 1
      }
    } else if record.pointee.draws, !record.pointee.visibleRect.isEmpty {
      buffers.drawn[sums.drawnCount] = (position, texelShare(props.pointee))
      buffers.entries[sums.drawnCount] = Occlusion.Entry(
        rect: record.pointee.visibleRect, opaque: record.pointee.opaque, target: Int(record.pointee.target))
      sums.drawnCount += 1
    }
  }

  /// GPU: a layer's offscreen passes (the layers drawn into them are shaded by
  /// ``shadeDrawn(_:prices:layers:sums:)``). Each pass is read where the plan keeps it: a copy
  /// would retain its strings.
  @inline(__always)
  private func pricePasses(
    _ record: UnsafePointer<PlanRecord>, index: Int, props layerProps: UnsafePointer<LayerProps>,
    passes: UnsafeBufferPointer<OffscreenPass>, nodes: NodePlans, tree: FlatTree, prices: Prices, buffers: WalkBuffers,
    sums: inout Sums
  ) {
    let c = coefficients
    for passIndex in record.pointee.passRange {
      let pass = passes.baseAddress! + passIndex
      let extraWork = pass.pointee.work.extra
      let ownTargets = extraWork?.sizesItsOwnTargets == true
      let passCount = Double(pass.pointee.passes)
      // A visual effect's targets are the sizes its blur runs at (``effectTargetPixels``).
      let targetPixels = ownTargets ? effectTargetPixels(pass.pointee) : pass.pointee.pixelArea
      let targetBytes = targetPixels * c.targetBytesPerPixel
      sums.cost.offscreenTargetBytes += targetBytes
      // Its own target: stored at the end of the pass and read back to be composited as
      // blended pixels, the traffic overlapped with the compositing's shading. A visual
      // effect's blur counts its own targets.
      // A pass whose subtree (or backdrop) nothing damaged keeps its target: it is only
      // composited again where the frame's region covers it (``Damage``). A raster cache
      // miss always renders.
      if !damage.runs(index) && pass.pointee.work.target != .rasterBitmap {
        let parent = tree.parents[index]
        let enclosing = parent >= 0 ? Int(nodes.record(parent)?.target ?? -1) : -1
        let place = record.pointee.visibleRect.union(record.pointee.contentRect)
        let composite = pass.pointee.pixelArea / passCount * prices.blendedSeconds * damage.share(of: place, target: enclosing)
        sums.table.addSeconds(at.gpuOffscreenTargets, composite)
        buffers.passGPU[passIndex] += composite * 1000
        continue
      }
      var targets = 0.0
      if !ownTargets {
        targets = max(
          memory.targetSeconds(2 * targetBytes, footprint: targetBytes / passCount),
          pass.pointee.pixelArea * prices.blendedSeconds)
      }
      // The fixed part: the GPU idles at each switch, into each of its chained targets and
      // back; the part that grows with the pass it interrupts: that pass's tiles stored and
      // loaded again. A vibrancy effect leaves its enclosing target once more.
      let interruptions = 1 + (extraWork.map { extraInterruptions($0, kind: { tree.kind(index) }) } ?? 0)
      let chained = extraWork.map { extraSwitches($0) * passCount } ?? 0
      let idle = (passCount + 1 + chained + 2 * (interruptions - 1)) * prices.switchIdleSeconds
      // A visual effect's capture reads every pixel under it: the tiles it covers are all stored,
      // not a share of the screen's.
      var interrupt = prices.interruptSeconds
      if ownTargets { interrupt = max(interrupt, prices.tileRoundTrip(pixels: pass.pointee.pixelArea / passCount, memory: memory)) }
      let switches = idle + interruptions * interrupt
      sums.gpuIdle += idle
      // The work the rule's passes add (``ExtraWork``): a shadow's or an effect's blur.
      var extra = 0.0
      if let work = extraWork {
        extra = extraWorkSeconds(work, pass: pass.pointee, props: layerProps.pointee, kind: { tree.kind(index) }, memory: memory)
        sums.table.addSeconds(at.gpuExtraWork[work.caseIndex], extra)
      }
      sums.table.addSeconds(at.gpuOffscreenTargets, targets)
      sums.table.addSeconds(at.gpuPassSwitches, switches)
      sums.table.addSeconds(at.serverPasses, passCount * c.renderServerPassTime * prices.cpuSeconds)
      buffers.passGPU[passIndex] += (targets + switches + extra) * 1000
    }
  }

  /// Render server: a shape layer's path rasterized on the CPU when it first shows or changes.
  @inline(__always)
  private func rasterizeShape(
    _ record: UnsafePointer<PlanRecord>, index: Int, props: UnsafePointer<LayerProps>, tree: FlatTree, prices: Prices,
    buffers: WalkBuffers, sums: inout Sums
  ) {
    if props.pointee.isShape, record.pointee.draws, !buffers.shapesRasterized[index], case .shape(let shape) = tree.kind(index) {
      rasterize(shape, pixels: record.pointee.visibleRect.area * prices.pixelsPerPoint, prices: prices, into: &sums.table)
      buffers.shapesRasterized[index] = true
    }
  }

  /// Main thread and background: a layer's contents shown for the first time, or changed; and the
  /// decoded bytes of an image on screen.
  @inline(__always)
  private func displayContents(
    _ index: Int, props: UnsafePointer<LayerProps>, state: FrameState, tree: FlatTree, prices: Prices, buffers: WalkBuffers,
    shownFirst: inout [Int], sums: inout Sums
  ) {
    let firstShown = !buffers.displayed[index]
    guard firstShown || props.pointee.hasImage else { return }
    let contents = tree.contents(index)
    if firstShown, let contents {
      buffers.displayed[index] = true
      display(contents, frame: props.pointee.frame, prices: prices, into: &sums.table)
      // Laid out when the app set it up, unless that was in an earlier frame.
      if buffers.configured[index] {
        buffers.configured[index] = false
      } else if !state.appChanged.contains(index) {
        shownFirst.append(index)
      }
    }
    if case .image(let image) = contents {
      sums.cost.imageBytes += image.pixelSize.width * image.pixelSize.height * (image.wideColor ? 8 : 4)
    }
  }

  /// GPU: the layers drawn, shaded only where the frame redraws (``Damage``) and where no opaque
  /// layer drawn later in the same target hides them (``Occlusion``); the textures they read.
  private mutating func shadeDrawn(_ plan: FramePlan, prices: Prices, layers: inout LayerMemory, sums: inout Sums) {
    let drawnCount = sums.drawnCount
    layers.entries.withUnsafeBufferPointer { entries in
      layers.hidden.withUnsafeMutableBufferPointer { hidden in
        let shown = UnsafeMutableBufferPointer(rebasing: hidden[0..<drawnCount])
        shown.update(repeating: 0)
        Occlusion.hiddenAreas(
          UnsafeBufferPointer(rebasing: entries[0..<drawnCount]), bounds: device.screen.bounds, into: shown, scratch: &occlusion)
      }
    }
    plan.nodes.records.withUnsafeBufferPointer { records in
      layers.drawn.withUnsafeBufferPointer { drawn in
        layers.entries.withUnsafeBufferPointer { entries in
          layers.hidden.withUnsafeBufferPointer { hidden in
            for position in 0..<drawnCount {
              shade(drawn[position], entry: entries[position], hidden: hidden[position], records: records, prices: prices, sums: &sums)
            }
          }
        }
      }
    }
    sums.table.addSeconds(at.gpuTiler, Double(sums.tiled) * prices.tilerSeconds)
  }

  /// Shades one layer drawn (or one cached bitmap), where the frame redraws it and no opaque layer
  /// hides it; its texture read where it is shown, through the system cache when it fits there,
  /// the traffic overlapped with the shading: what the read takes beyond the shading is the
  /// texture's own item.
  @inline(__always)
  private func shade(
    _ item: (record: Int, texelShare: Double), entry: Occlusion.Entry, hidden: Double, records: UnsafeBufferPointer<PlanRecord>,
    prices: Prices, sums: inout Sums
  ) {
    let area = entry.rect.area
    let redrawn = damage.share(of: entry.rect, target: entry.target)
    // The tiler bins the layer's geometry wherever the frame redraws it, hidden or not.
    sums.tiled &+= redrawn > 0 ? 1 : 0
    let shaded = max(0, area - hidden) * prices.pixelsPerPoint * redrawn
    let seconds = shaded * (entry.opaque ? prices.opaqueSeconds : prices.blendedSeconds)
    let bytes = shaded * coefficients.textureBytesPerPixel
    if records[item.record].rasterHit {
      sums.table.addSeconds(at.gpuRasterCacheHits, max(seconds, memory.targetSeconds(bytes, footprint: bytes)))
    } else {
      sums.table.addSeconds(at.gpuLayers, seconds)
      if item.texelShare > 0 {
        let read = bytes * item.texelShare
        sums.table.addSeconds(at.gpuTextures, max(0, memory.seconds(read, footprint: read) - seconds))
      }
    }
  }

  /// Backing stores whose contents the app replaced this frame are drawn when the transaction
  /// commits, on screen yet or not: Core Animation displays every layer that needs display at the
  /// commit, so a reused cell configured for a row entering the table draws all its labels in that
  /// frame, not as each scrolls into view.
  private func displayReplaced(_ state: FrameState, tree: FlatTree, prices: Prices, layers: inout LayerMemory, sums: inout Sums) {
    let inMask = tree.inMask
    for index in state.contentChanged.isEmpty ? [] : state.contentChanged.sorted()
    where state.appChanged.contains(index) && !layers.displayed[index] {
      if inMask[index] { continue }
      let layer = state.layer(index, in: tree)
      guard let contents = layer.contents, contents.hasBackingStore, !layer.isHidden, layer.opacity > 0 else { continue }
      layers.displayed[index] = true
      display(contents, frame: layer.frame, prices: prices, into: &sums.table)
    }
  }

  /// Seconds on the A8 of the Auto Layout solves of the views with `constraints` that a layer of
  /// `shown` (shown for the first time this frame) or `changed` (set up by the app) is inside of,
  /// each solved once: when anything inside it first comes on screen or is set up. A view's solve
  /// lays out the constrained views around it too, each once (a table row holding cards). A solve
  /// is its constraints (`constraintTime` each) and each label whose nearest such view it is
  /// measured (``ListCost/measuring(_:coefficients:)``); a layer inside a mask is not a view.
  ///
  /// The cells of a pool laid out with Auto Layout (`cellsSolvedAtSetUp`, true at each such cell)
  /// are solved, their labels measured, by the pool's set-ups (``ListCost``), at their first
  /// showing as at each reuse: nothing inside them is solved or measured here. What shows in them
  /// still solves the views around the list, each measuring only its own labels.
  static func firstSolves<Shown: Sequence<Int>, Changed: Sequence<Int>>(
    _ shown: Shown, _ changed: Changed, tree: FlatTree, solved: inout [Bool], cellsSolvedAtSetUp: [Bool] = [],
    coefficients c: CostCoefficients
  ) -> Double {
    // The views to solve, whatever order the layers come in (a set's order changes from process to
    // process), then their costs added in tree order: the same sum every run.
    var views: [Int] = []
    // The view whose solve measures a label: none inside a cell its pool solves.
    func nearest(_ index: Int) -> Int? { constrainedView(of: index, tree: tree, stoppingAt: cellsSolvedAtSetUp) }
    // The first view to solve when `index` shows or is set up: from outside the outermost cell
    // its pool solves, when it is in one.
    func solving(_ index: Int) -> Int? {
      var start = index
      if !cellsSolvedAtSetUp.isEmpty {
        var current = index
        while current >= 0 {
          if cellsSolvedAtSetUp[current] { start = tree.parents[current] }
          current = tree.parents[current]
        }
      }
      return constrainedView(of: start, tree: tree)
    }
    func collect(_ index: Int) {
      guard !tree.inMask[index] else { return }
      var view = solving(index)
      while let found = view, !solved[found] {
        solved[found] = true
        views.append(found)
        view = constrainedView(of: tree.parents[found], tree: tree)
      }
    }
    for index in shown { collect(index) }
    for index in changed { collect(index) }
    guard !views.isEmpty else { return 0 }
    var seconds = 0.0
    for found in views.sorted() {
      var measuring = 0.0
      for inside in found..<tree.subtreeEnds[found] where !tree.inMask[inside] {
        guard case .text(let text)? = tree.contents(inside), text.characters > 0, nearest(inside) == found else { continue }
        measuring += ListCost.measuring(text, coefficients: c)
      }
      seconds += Double(tree.layer(found).constraints) * c.constraintTime + measuring
    }
    return seconds
  }

  /// The nearest layer with `constraints`, `index` itself or an ancestor; nil for none (or `index`
  /// -1, the root's parent), or when the walk up meets a layer `stoppingAt` marks (a cell its
  /// pool's set-ups solve) first.
  static func constrainedView(of index: Int, tree: FlatTree, stoppingAt boundaries: [Bool] = []) -> Int? {
    var current = index
    while current >= 0 {
      if !boundaries.isEmpty && boundaries[current] { return nil }
      if tree.layer(current).constraints > 0 { return current }
      current = tree.parents[current]
    }
    return nil
  }

  /// Render server: the layers walked and the animations run. Main thread: a frame base when the
  /// app changed anything, and each view it sets up configured, laid out and committed.
  private func priceWalkAndSetUp(_ state: FrameState, tree: FlatTree, prices: Prices, layers: inout LayerMemory, sums: inout Sums) {
    let c = coefficients
    let cpuSeconds = prices.cpuSeconds
    sums.table.addSeconds(at.serverLayers, Double(sums.walked) * c.renderServerLayerTime * cpuSeconds)
    sums.table.addSeconds(at.serverAnimations, Double(state.animated.count) * c.renderServerAnimationTime * cpuSeconds)
    let changedCount = state.appChanged.count + layers.shownFirst.count
    guard changedCount > 0 || state.frame == 0 else { return }
    sums.table.addSeconds(at.mainFrame, c.frameBaseTime * cpuSeconds)
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
      if !layers.displayed[index], contents != nil { layers.configured[index] = true }
    }
    for index in state.appChanged { setUp(index) }
    for index in layers.shownFirst { setUp(index) }
    var listLayout =
      Self.firstSolves(
        layers.shownFirst, state.appChanged, tree: tree, solved: &layers.solved, cellsSolvedAtSetUp: cellsSolvedAtSetUp,
        coefficients: c)
    if !state.cellSetUps.isEmpty {
      let list = ListCost.cells(state.cellSetUps, tree: tree, coefficients: c)
      labels -= list.cachedLabels
      backgroundLabels -= list.cachedBackgroundLabels
      // Auto Layout's solves and the row heights computed while scrolling are layout passes.
      listLayout += list.solveSeconds + list.rowHeightSeconds
    }
    sums.table.addSeconds(
      at.mainLayout, (Double(changedCount) * c.layoutTime + Double(labels) * c.textLayoutTime + listLayout) * cpuSeconds)
    sums.table.addSeconds(at.backgroundDisplay, Double(backgroundLabels) * c.textLayoutTime * cpuSeconds)
    sums.table.addSeconds(at.mainCommit, Double(changedCount) * c.commitTime * cpuSeconds)
  }
}
