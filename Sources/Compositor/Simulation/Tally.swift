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
  /// Per check, what it declares its answer depends on (``ImageCheck/dependsOn``), or nil when it
  /// declares nothing or the run has one frame; and the answers kept by those declarations.
  private let dependsOn: [ImageCheckInputs?]
  private var answers: ImageAnswers

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
    dependsOn = checks.map { frames > 1 ? $0.dependsOn : nil }
    answers = ImageAnswers(checks: checks.count)
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

  /// What one frame's walk over its visited layers counts.
  private struct LayerCounts {
    var visible = 0
    var drawing = 0
    var offscreenLayers = 0
    var offscreenPixels = 0.0
    /// Drawn and blended pixels, and the layers that blend.
    var drawn = 0.0
    var blended = 0.0
    var blendedLayers = 0
  }

  /// Adds one frame: a walk over the layers it visits (``countLayers(_:tree:passGPU:frame:)``), its
  /// passes by rule (``takeReasons()``), the run's peaks (``keepPeaks(_:reasons:cacheCounts:cacheBytes:cost:)``), the
  /// frame's report, and the words of the findings that grew (``passOnWords(_:state:tree:frame:)``).
  mutating func add(
    _ plan: FramePlan, state: FrameState, tree: FlatTree, cache: RasterCache, cost: FrameCost, passGPU: [Double]
  ) {
    // This frame's place in ``frames``.
    let number = frames.count
    let counts = countLayers(plan, tree: tree, passGPU: passGPU, frame: number)
    let reasons = takeReasons()
    let cacheCounts = cache.counts
    let cacheBytes = cache.bytesInUse
    keepPeaks(counts, reasons: reasons, cacheCounts: cacheCounts, cacheBytes: cacheBytes, cost: cost)
    frames.append(
      FrameReport(
        index: state.frame, time: state.time, offscreenPasses: reasons.passes, reasons: reasons.byReason,
        offscreenPixels: counts.offscreenPixels,
        rasterCache: FrameRasterCache(
          hits: cacheCounts.hits, misses: cacheCounts.misses, evictions: cacheCounts.evictions, bytes: cacheBytes),
        contentChanges: state.contentChanged.count, cost: cost,
        outcome: FramePacing.FrameOutcome(presentedAt: nil, hitchMs: 0, hitch: nil)))
    passOnWords(plan, state: state, tree: tree, frame: number)
  }

  /// The walk over the frame's visited layers, its buffers opened once: each layer counted
  /// (``count(_:onScreen:pixelsPerPoint:into:)``), its passes kept as findings
  /// (``recordPass(_:gpuMs:depth:frame:tree:)``), its backing store
  /// (``keepBackingStore(_:contents:frame:tree:)``) and its image checked (``recordImage(_:depth:checks:dependsOn:)``).
  private mutating func countLayers(_ plan: FramePlan, tree: FlatTree, passGPU: [Double], frame number: Int) -> LayerCounts {
    var counts = LayerCounts()
    let scale = device.screen.scale
    let pixelsPerPoint = scale * scale
    let inMask = tree.inMask
    if hasBackingStore.count != tree.count { hasBackingStore = [Bool](repeating: false, count: tree.count) }
    // Copied out of the tally, which the walk writes.
    let checks = self.checks
    let dependsOn = self.dependsOn
    plan.withBuffers { visited, records, props in
      plan.nodes.passes.withUnsafeBufferPointer { passes in
        dependsOn.withUnsafeBufferPointer { dependsOn in
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
            Self.count(record, onScreen: onScreen, pixelsPerPoint: pixelsPerPoint, into: &counts)
            let layerProps = props.baseAddress! + position
            guard record.pointee.hasPasses || layerProps.pointee.isTextured else { continue }
            for passIndex in record.pointee.passRange {
              // Read where the plan keeps it: a copy would retain its strings.
              let pass = passes.baseAddress! + passIndex
              passesByRule[pass.pointee.ruleIndex] += pass.pointee.passes
              counts.offscreenPixels += pass.pointee.pixelArea
              recordPass(pass, gpuMs: passGPU[passIndex], depth: Int(record.pointee.offscreenDepth), frame: number, tree: tree)
            }
            guard onScreen, layerProps.pointee.isTextured, layerProps.pointee.hasContents else { continue }
            let contents = tree.contents(index)
            switch contents {
            case .text, .drawing:
              keepBackingStore(index, contents: contents, frame: layerProps.pointee.frame, tree: tree)
            case .image(let image):
              guard record.pointee.draws else { break }
              imageContext.move(to: index, position: position, image: image)
              recordImage(imageContext, depth: Int(record.pointee.offscreenDepth), checks: checks, dependsOn: dependsOn)
            case nil:
              break
            }
          }
        }
      }
    }
    return counts
  }

  /// Counts a layer the frame shows or renders offscreen: visible, drawing, blended.
  @inline(__always)
  private static func count(
    _ record: UnsafePointer<PlanRecord>, onScreen: Bool, pixelsPerPoint: Double, into counts: inout LayerCounts
  ) {
    if onScreen { counts.visible += 1 }
    if record.pointee.draws {
      counts.drawing += 1
      let pixels = record.pointee.visibleRect.area * pixelsPerPoint
      counts.drawn += pixels
      if !record.pointee.opaque {
        counts.blended += pixels
        counts.blendedLayers += 1
      }
    }
    if record.pointee.hasPasses { counts.offscreenLayers += 1 }
  }

  /// Keeps the backing store of a layer that draws text or a drawing, the first frame it shows
  /// (``hasBackingStore`` is sized to the tree by ``countLayers(_:tree:passGPU:frame:)``).
  @inline(__always)
  private mutating func keepBackingStore(_ index: Int, contents: Contents?, frame: Rect, tree: FlatTree) {
    guard !hasBackingStore[index] else { return }
    if let store = Simulator.backingStore(
      contents, frame: frame, path: tree.path(index), scale: device.screen.scale, gamut: device.displayGamut, iosVersion: iosVersion)
    {
      backingStores[index] = store
      hasBackingStore[index] = true
    }
  }

  /// The frame's passes by rule, in the rules' order, and their sum; the counts start again at 0
  /// for the next frame. Most frames fire the same rules as the last: they share its list.
  private mutating func takeReasons() -> (passes: Int, byReason: [ReasonCount]) {
    var passCount = 0
    var rulesFired = 0
    var sameAsLastFrame = true
    // The last frame's reasons alone, not a copy of its whole report.
    let lastReasons = frames.isEmpty ? [] : frames[frames.count - 1].reasons
    for (ruleIndex, count) in passesByRule.enumerated() where count > 0 {
      passCount += count
      if rulesFired >= lastReasons.count || lastReasons[rulesFired].passes != count
        || lastReasons[rulesFired].rule != rules[ruleIndex].id
      {
        sameAsLastFrame = false
      }
      rulesFired += 1
    }
    var byReason = lastReasons
    if !sameAsLastFrame || rulesFired != lastReasons.count {
      byReason = []
      byReason.reserveCapacity(rulesFired)
      for (ruleIndex, count) in passesByRule.enumerated() where count > 0 {
        byReason.append(ReasonCount(rule: rules[ruleIndex].id, passes: count))
      }
    }
    for ruleIndex in passesByRule.indices { passesByRule[ruleIndex] = 0 }
    return (passCount, byReason)
  }

  /// Keeps the run's largest figures: layers visible and drawing, the frame with the most passes,
  /// the one that blends the most, the raster cache's and the targets' and images' peaks.
  private mutating func keepPeaks(
    _ counts: LayerCounts, reasons: (passes: Int, byReason: [ReasonCount]), cacheCounts: RasterCache.FrameCounts,
    cacheBytes: Double, cost: FrameCost
  ) {
    maxVisible = max(maxVisible, counts.visible)
    visibleLayerFrames += counts.visible
    maxDrawing = max(maxDrawing, counts.drawing)
    if worstPassesFrame == nil || reasons.passes > worstPassesFrame!.passes {
      worstPassesFrame = (reasons.passes, reasons.byReason, counts.offscreenLayers, counts.offscreenPixels)
    }
    let screenPixels = device.screenPixelArea
    let blending = BlendingSummary(
      blendedPixels: counts.blended, drawnPixels: counts.drawn, screenPixels: screenPixels,
      overdraw: screenPixels > 0 ? counts.drawn / screenPixels : 0, blendedLayers: counts.blendedLayers)
    if worstBlending == nil || counts.blended > worstBlending!.blendedPixels { worstBlending = blending }
    hits += cacheCounts.hits
    misses += cacheCounts.misses
    evictions += cacheCounts.evictions
    peakCacheBytes = max(peakCacheBytes, cacheBytes)
    peakTargets = max(peakTargets, cost.offscreenTargetBytes)
    peakImages = max(peakImages, cost.imageBytes)
  }

  /// The findings that grew in the last frame and not in this one take that frame's words; those
  /// that grew in this one wait for the next (``WaitingWords``).
  private mutating func passOnWords(_ plan: FramePlan, state: FrameState, tree: FlatTree, frame number: Int) {
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

  /// Runs the image checks on the image the context's layer draws: a check that declares what it
  /// depends on gives its kept answer while that is the same (``ImageAnswers``).
  @inline(__always)
  private mutating func recordImage(
    _ context: ImageCheckContext, depth: Int, checks: [any ImageCheck], dependsOn: UnsafeBufferPointer<ImageCheckInputs?>
  ) {
    let index = context.index
    for checkIndex in 0..<checks.count {
      let fails: Bool
      if let inputs = dependsOn[checkIndex] {
        let key = ImageAnswers.Key(context, inputs: inputs)
        if let kept = answers.kept(index, check: checkIndex, key: key) {
          fails = kept
        } else {
          fails = Self.ask(checks, checkIndex, context)
          answers.keep(index, check: checkIndex, key: key, fails: fails, layers: context.tree.count)
        }
      } else {
        fails = Self.ask(checks, checkIndex, context)
      }
      if fails { recordImageFinding(context, check: checkIndex, depth: depth) }
    }
  }

  /// The answer of the check at `checkIndex` on the context's image, asked where the checks are
  /// kept: a copy of the check would be made and destroyed.
  private static func ask(_ checks: [any ImageCheck], _ checkIndex: Int, _ context: ImageCheckContext) -> Bool {
    checks[checkIndex].evaluate(context)
  }

  /// Keeps one finding per (check, layer), with the words of the frame it was first seen in.
  private mutating func recordImageFinding(_ context: ImageCheckContext, check checkIndex: Int, depth: Int) {
    let index = context.index
    let kind = rules.count + checkIndex
    if let slot = findingSlots.slot(index, kind) {
      findings[slot].frames += 1
      findings[slot].depth = max(findings[slot].depth, depth)
    } else {
      let check = checks[checkIndex]
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
