import LayerTree

/// Counts over every frame's plan and cost, frame by frame: offscreen passes by reason,
/// visible, drawing and blended layers, backing stores, image findings, the raster cache's
/// hits and misses, and one finding per rule and layer.
///
/// A finding's words are asked of its rule or check (``OffscreenRule/describe(_:hit:)``) only
/// when the finding is first seen, or covers more pixels than before: the frames themselves
/// build no strings.
///
/// After the last frame, ``pace(frameRate:coefficients:steady:)`` (`Tally+Pacing.swift`)
/// lays the frames on the display and ``report(scene:layers:frameRate:)``
/// (`Tally+Summary.swift`) writes the summary.
struct Tally {
  let device: DeviceProfile
  let rules: [any OffscreenRule]
  var frames: [FrameReport] = []
  /// The findings in the order they were first seen, and where each (layer, rule or check) is
  /// in that list.
  var findings: [Finding] = []
  private var findingSlots = FindingSlots()
  var backingStores: [Int: BackingStore] = [:]
  /// Per layer: it has an entry in ``backingStores`` (sized to the tree on the first frame).
  private var hasBackingStore: [Bool] = []
  var maxVisible = 0
  var visibleLayerFrames = 0
  var maxDrawing = 0
  var worstPassesFrame: (passes: Int, byReason: [ReasonCount], layers: Int, pixels: Double)? = nil
  var worstBlending: BlendingSummary? = nil
  var hits = 0
  var misses = 0
  var evictions = 0
  var peakCacheBytes = 0.0
  var peakTargets = 0.0
  var peakImages = 0.0
  var performance: Performance? = nil
  /// Passes by rule position, this frame: kept from frame to frame.
  private var passesByRule: [Int]
  /// The image checks asked of every image a frame draws (``ImageChecks/all`` unless a run names
  /// others).
  let checks: [any ImageCheck]
  /// Per check, its answers kept by what it declares it depends on (``ImageCheck/dependsOn``), or
  /// nil when it declares nothing or the run has one frame.
  private var answers: [ImageAnswers?]

  /// An offscreen finding whose words wait. A finding has the words of the frame where it was
  /// largest, known only once a later frame does not grow it: a card scrolling in grows frame by
  /// frame, and describing it at each would build words thrown away the next frame. So the words
  /// of a finding that grows are made one frame late, from the frame's plan and state kept whole
  /// meanwhile (``lastFrame``; the stepper plans each frame in the storage of the frame before
  /// last), unless it grows again. Without two storages (``FrameStepper/alternates``: a still
  /// scene, or a tree too large for a second) the words are made in the frame that grows it.
  private struct WaitingWords {
    var slot: Int
    var layer: Int
    var ruleIndex: Int
    var passes: Int
  }
  /// The findings that grew in the last frame added, and in the frame being added.
  private var waiting: [WaitingWords] = []
  private var growing: [WaitingWords] = []
  /// Findings are described one frame late (see ``init(device:rules:checks:iosVersion:origin:frames:wordsLate:)``).
  private let wordsLate: Bool
  /// Per finding, the number of the frame whose words it takes (its position in ``frames``), or
  /// -1 once it has them.
  private var wordsFrame: [Int] = []
  /// The last frame added, whose words some findings wait for.
  /// It is kept only when a finding grew in it (the words of no other finding are made from it),
  /// and without the tree, the same in every frame (``wordsTree``).
  private var lastFrame: (plan: FramePlan, state: FrameState, number: Int)? = nil
  /// The tree the findings' words are made in: the first frame's, the same in every frame of a run.
  private var wordsTree: FlatTree? = nil

  /// The iOS version the scene runs on: it decides the element size of backing stores.
  let iosVersion: OSVersion
  /// Who made the scene's layers: the findings' fixes follow it (``RuleContext/origin``).
  let origin: SceneOrigin

  /// A tally for a run of `frames` frames (room is made for them ahead: each frame's report is
  /// a few hundred bytes).
  /// `wordsLate`: a finding that grows in a frame is described once a frame does not grow it, from
  /// the plan of the last frame that did, which must stay whole until the next frame is added (the
  /// stepper's frames take turns with two storages, ``FrameStepper/alternates``); false, in the
  /// frame it grows.
  init(
    device: DeviceProfile, rules: [any OffscreenRule] = OffscreenRules.all, checks: [any ImageCheck] = ImageChecks.all,
    iosVersion: OSVersion = .latest, origin: SceneOrigin = .layers, frames: Int = 0, wordsLate: Bool = false
  ) {
    self.device = device
    self.origin = origin
    self.wordsLate = wordsLate
    self.rules = rules
    self.checks = checks
    self.iosVersion = iosVersion
    passesByRule = [Int](repeating: 0, count: rules.count)
    answers = checks.map { check in frames > 1 ? check.dependsOn.map { ImageAnswers(inputs: $0) } : nil }
    self.frames.reserveCapacity(frames)
  }

  /// Where each finding is in ``findings``, by its layer and its kind: its rule (by position) or
  /// image check (after the rules). A finding is looked up each frame it holds in: a list per
  /// layer, no hashing.
  struct FindingSlots {
    /// Per layer, its first finding's position, or -1 (sized to the tree on first use).
    private var first: [Int32] = []
    /// Per finding, the next of the same layer (-1 at the end), and its kind.
    private var next: [Int32] = []
    private var kinds: [Int32] = []

    /// The position of the finding of `kind` on the layer at `index`, if there is one.
    func slot(_ index: Int, _ kind: Int) -> Int? {
      guard index < first.count else { return nil }
      var slot = Int(first[index])
      while slot >= 0 {
        if Int(kinds[slot]) == kind { return slot }
        slot = Int(next[slot])
      }
      return nil
    }

    /// Records the finding of `kind` on the layer at `index` at `position`, the next in the list
    /// of findings, in a tree of `layers` layers.
    mutating func add(_ index: Int, _ kind: Int, at position: Int, layers: Int) {
      if first.count != layers { first = [Int32](repeating: -1, count: layers) }
      next.append(first[index])
      kinds.append(Int32(kind))
      first[index] = Int32(position)
    }
  }

  mutating func add(
    _ plan: FramePlan, state: FrameState, tree: FlatTree, cache: RasterCache, cost: FrameCost, passGPU: [Double]
  ) {
    let cacheCounts = cache.counts
    let cacheBytes = cache.bytesInUse
    // This frame's place in ``frames``.
    let number = frames.count
    let scale = device.screen.scale
    let pixelsPerPoint = scale * scale
    var offscreenPixels = 0.0
    var offscreenLayers = 0
    var visible = 0
    var drawing = 0
    var blended = 0.0
    var drawn = 0.0
    var blendedLayers = 0
    let passes = plan.nodes.passes
    let inMask = tree.inMask
    plan.withBuffers { visited, records, props in
      // One context for the frame's images, moved from layer to layer.
      var imageContext = ImageCheckContext(
        image: ImageContents(pixelSize: Size(0, 0)), tree: tree, plans: plan.nodes, index: 0, scale: scale)
      for position in 0..<visited.count {
        let index = visited[position]
        if inMask[index] { continue }
        let record = records.baseAddress! + position
        if record.pointee.culled || record.pointee.insideRasterHit { continue }
        let onScreen = !record.pointee.visibleRect.isEmpty
        if !onScreen && !record.pointee.hasPasses { continue }
        if onScreen { visible += 1 }
        if record.pointee.draws {
          drawing += 1
          let pixels = record.pointee.visibleRect.area * pixelsPerPoint
          drawn += pixels
          if !record.pointee.opaque {
            blended += pixels
            blendedLayers += 1
          }
        }
        if record.pointee.hasPasses { offscreenLayers += 1 }
        let layerProps = props.baseAddress! + position
        guard record.pointee.hasPasses || layerProps.pointee.isTextured else { continue }
        for passIndex in record.pointee.passRange {
          // Read where the plan keeps it: a copy would retain its strings.
          passes.withUnsafeBufferPointer { passes in
            let pass = passes.baseAddress! + passIndex
            passesByRule[pass.pointee.ruleIndex] += pass.pointee.passes
            offscreenPixels += pass.pointee.pixelArea
            recordPass(pass, gpuMs: passGPU[passIndex], depth: Int(record.pointee.offscreenDepth), frame: number, tree: tree)
          }
        }
        guard onScreen, layerProps.pointee.isTextured, layerProps.pointee.hasContents else { continue }
        let contents = tree.contents(index)
        switch contents {
        case .text, .drawing:
          if hasBackingStore.count != tree.count { hasBackingStore = [Bool](repeating: false, count: tree.count) }
          if !hasBackingStore[index] {
            if let store = Simulator.backingStore(
              contents, frame: layerProps.pointee.frame, path: tree.path(index), scale: scale, gamut: device.displayGamut,
              iosVersion: iosVersion)
            {
              backingStores[index] = store
              hasBackingStore[index] = true
            }
          }
        case .image(let image):
          guard record.pointee.draws else { break }
          imageContext.move(to: index, position: position, image: image)
          recordImage(imageContext, depth: Int(record.pointee.offscreenDepth))
        case nil:
          break
        }
      }
    }
    var passCount = 0
    var rulesFired = 0
    var sameAsLastFrame = true
    let lastReasons = frames.last?.reasons ?? []
    for (ruleIndex, count) in passesByRule.enumerated() where count > 0 {
      passCount += count
      if rulesFired >= lastReasons.count || lastReasons[rulesFired].passes != count
        || lastReasons[rulesFired].rule != rules[ruleIndex].id
      {
        sameAsLastFrame = false
      }
      rulesFired += 1
    }
    // Most frames fire the same rules as the last: they share its list.
    var byReason = lastReasons
    if !sameAsLastFrame || rulesFired != lastReasons.count {
      byReason = []
      byReason.reserveCapacity(rulesFired)
      for (ruleIndex, count) in passesByRule.enumerated() where count > 0 {
        byReason.append(ReasonCount(rule: rules[ruleIndex].id, passes: count))
      }
    }
    for ruleIndex in passesByRule.indices { passesByRule[ruleIndex] = 0 }
    maxVisible = max(maxVisible, visible)
    visibleLayerFrames += visible
    maxDrawing = max(maxDrawing, drawing)
    if worstPassesFrame == nil || passCount > worstPassesFrame!.passes {
      worstPassesFrame = (passCount, byReason, offscreenLayers, offscreenPixels)
    }
    let blending = BlendingSummary(
      blendedPixels: blended, drawnPixels: drawn, screenPixels: device.screenPixelArea,
      overdraw: device.screenPixelArea > 0 ? drawn / device.screenPixelArea : 0, blendedLayers: blendedLayers)
    if worstBlending == nil || blended > worstBlending!.blendedPixels { worstBlending = blending }
    hits += cacheCounts.hits
    misses += cacheCounts.misses
    evictions += cacheCounts.evictions
    peakCacheBytes = max(peakCacheBytes, cacheBytes)
    frames.append(
      FrameReport(
        index: state.frame, time: state.time, offscreenPasses: passCount, reasons: byReason, offscreenPixels: offscreenPixels,
        rasterCache: FrameRasterCache(
          hits: cacheCounts.hits, misses: cacheCounts.misses, evictions: cacheCounts.evictions, bytes: cacheBytes),
        contentChanges: state.contentChanged.count, cost: cost,
        outcome: FramePacing.FrameOutcome(presentedAt: nil, hitchMs: 0, hitch: nil)))
    peakTargets = max(peakTargets, cost.offscreenTargetBytes)
    peakImages = max(peakImages, cost.imageBytes)
    // The findings that grew in the last frame and not in this one take that frame's words; those
    // that grew in this one wait for the next.
    describeWaiting()
    if wordsTree == nil { wordsTree = tree }
    lastFrame = growing.isEmpty ? nil : (plan, state, number)
    swap(&waiting, &growing)
    growing.removeAll(keepingCapacity: true)
    // Without a second storage this frame's plan is written over by the next: its findings take its
    // words now.
    if !wordsLate { finishWords() }
  }

  /// Counts the raster cache's work in a still screen's steady frame, which is paced but not
  /// reported as a frame of its own.
  mutating func addSteadyCache(_ counts: RasterCache.FrameCounts) {
    hits += counts.hits
    misses += counts.misses
    evictions += counts.evictions
  }

  /// Keeps one finding per (rule, layer): the words of the frame where it was largest (a layer
  /// half off screen clips fewer sublayers), the most passes and pixels, the number of frames it
  /// held in and its GPU time over them.
  private mutating func recordPass(
    _ pass: UnsafePointer<OffscreenPass>, gpuMs: Double, depth: Int, frame: Int, tree: FlatTree
  ) {
    let waits = WaitingWords(slot: 0, layer: pass.pointee.layer, ruleIndex: pass.pointee.ruleIndex, passes: pass.pointee.passes)
    if let slot = findingSlots.slot(pass.pointee.layer, pass.pointee.ruleIndex) {
      findings[slot].frames += 1
      findings[slot].gpuMs += gpuMs
      if pass.pointee.pixelArea > findings[slot].pixelArea {
        findings[slot].pixelArea = pass.pointee.pixelArea
        wordsFrame[slot] = frame
        growing.append(WaitingWords(slot: slot, layer: waits.layer, ruleIndex: waits.ruleIndex, passes: waits.passes))
      }
      findings[slot].passes = max(findings[slot].passes, pass.pointee.passes)
      findings[slot].depth = max(findings[slot].depth, depth)
    } else {
      let slot = findings.count
      let layer = pass.pointee.layer
      findingSlots.add(layer, pass.pointee.ruleIndex, at: slot, layers: tree.count)
      findings.append(
        Finding(
          rule: pass.pointee.rule, category: .offscreen, layer: tree.path(layer), message: "", fix: "",
          passes: pass.pointee.passes, pixelArea: pass.pointee.pixelArea, depth: depth, source: tree.layer(layer).source,
          frames: 1, gpuMs: gpuMs))
      wordsFrame.append(frame)
      growing.append(WaitingWords(slot: slot, layer: waits.layer, ruleIndex: waits.ruleIndex, passes: waits.passes))
    }
  }

  /// Gives the findings that grew in the last frame added and not since the words of that frame:
  /// its plan and state are whole until the frame after the one being added is planned.
  private mutating func describeWaiting() {
    guard !waiting.isEmpty, let number = lastFrame?.number, let tree = wordsTree else { return }
    for entry in waiting where wordsFrame[entry.slot] == number {
      var context = RuleContext(
        tree: tree, plans: lastFrame!.plan.nodes, state: lastFrame!.state, index: entry.layer, iosVersion: iosVersion)
      context.origin = origin
      let rule = rules[entry.ruleIndex]
      let hit = RuleHit(passes: entry.passes)
      let words = rule.describe(context, hit: hit)
      findings[entry.slot].message = words.message
      findings[entry.slot].fix = words.fix
      findings[entry.slot].xcodeCount = rule.xcodeCount(context, hit: hit)
      wordsFrame[entry.slot] = -1
    }
  }

  /// Ends the frames: the findings that grew in the last one get its words. Called once, after
  /// the last frame is added and before the report.
  mutating func finishWords() {
    describeWaiting()
    waiting.removeAll()
    lastFrame = nil
  }

  /// Runs the image checks on the image the context's layer draws, keeping one finding per
  /// (check, layer) with the words of the frame it was first seen in.
  private mutating func recordImage(_ context: ImageCheckContext, depth: Int) {
    let index = context.index
    for checkIndex in checks.indices {
      let check = checks[checkIndex]
      let fails: Bool
      if answers[checkIndex] != nil {
        fails = answers[checkIndex]!.answer(context) { check.evaluate(context) }
      } else {
        fails = check.evaluate(context)
      }
      guard fails else { continue }
      let kind = rules.count + checkIndex
      if let slot = findingSlots.slot(index, kind) {
        findings[slot].frames += 1
        findings[slot].depth = max(findings[slot].depth, depth)
      } else {
        let words = check.describe(context)
        findingSlots.add(index, kind, at: findings.count, layers: context.tree.count)
        wordsFrame.append(-1)
        findings.append(
          Finding(
            rule: check.id, category: .image, layer: context.tree.path(index), message: words.message, fix: words.fix,
            passes: 0, pixelArea: 0, depth: depth, source: context.tree.layer(index).source, frames: 1))
      }
    }
  }
}
