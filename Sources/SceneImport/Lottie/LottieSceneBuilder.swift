import Foundation
import LayerTree

/// Builds the `CALayer` tree lottie-ios' Core Animation engine builds for a composition, as scene
/// layers, and its timeline. Engine files named in comments are in lottie-ios
/// `Sources/Private/CoreAnimation/` at commit 0a409948 (see docs/lottie.md).
///
/// Every container the engine makes fills its superlayer's bounds
/// (`CALayer+fillBounds.swift`): the composition's, or a precomp's `w` x `h`. A Lottie layer's
/// transform is its container's `anchorPoint` (the Lottie anchor over the bounds), `position`,
/// scale and rotation. The engine's `BaseCompositionLayer` is two layers, a container and its
/// `contentsLayer` with everything but the blend mode; here they are one layer (the container
/// holds nothing but its content layer, so the passes are the same).
struct LottieSceneBuilder {
  let composition: LottieComposition
  let log: LottieImportLog
  var timeline: LottieTimelineBuilder
  /// Scene layers made so far, against ``maxLayers``.
  private(set) var layerCount = 0
  /// Set when ``layerCount`` passes ``maxLayers``: nothing more is built, and the import fails.
  private(set) var overBudget = false

  /// The most scene layers one import makes (the scene format's layer limit): precomps used
  /// many times over can multiply a small file into millions of layers.
  let maxLayers: Int
  /// The deepest a layer may nest (the scene format's nesting limit): each ancestor in a chain of
  /// `parent`s is one more transform layer around the layer, so long chains nest deep.
  let maxDepth: Int
  /// The most bytes the scene may take once written (``ImportSize``): a chain of parents makes
  /// its layers again around each child, with long paths in the timeline.
  let maxBytes: Int
  /// Precomps nest at most this deep.
  static let maxPrecompDepth = 32
  /// Bytes a layer takes at least in a scene file (its id and frame, written on one line), for
  /// the estimate held to ``maxBytes``; timeline entries count their own (``LottieTimelineBuilder``).
  static let bytesPerLayer = 48

  init(
    composition: LottieComposition, log: LottieImportLog, timeline: LottieTimelineBuilder, maxLayers: Int,
    maxDepth: Int = InputLimits.standard.maxDepth, maxBytes: Int = .max
  ) {
    self.composition = composition
    self.log = log
    self.timeline = timeline
    self.maxLayers = maxLayers
    self.maxDepth = maxDepth
    self.maxBytes = maxBytes
  }

  /// The bytes the scene made so far takes at least once written: its layers, the indentation of
  /// the Lottie layers and their parents' layers (see ``checkDepth(_:plus:layer:)``), and its
  /// timeline's entries.
  var estimatedBytes: Int { layerCount * Self.bytesPerLayer + indentation + timeline.estimatedBytes }
  /// The spaces the layers placed so far are indented by, at least: the scene writer indents
  /// each level of JSON by two spaces, and a layer is two levels below its superlayer (its
  /// object in the superlayer's `sublayers`), so the keys of a layer at depth d are 4 d spaces
  /// in; one line of 4 (d - 1) a layer is counted. A chain of 631 parents without a keyframe
  /// (31 KB) makes 199,399 layers, written in 1,211,098,177 bytes, most of them indentation.
  private(set) var indentation = 0

  /// Where a list of layers is built: the container's scene path and size, the map from the
  /// layers' frames to the composition's, and the precomps being expanded (to stop cycles).
  struct Scope {
    var path: String
    var size: Size
    var time: TimeMap
    var precomps: [String]
  }

  // MARK: Layer lists

  /// The sublayers a container gets for a list of Lottie layers (`setupLayerHierarchy`): back to
  /// front, each in its parents' transform-only layers, a matted layer in a container masked by
  /// its matte.
  mutating func layers(_ models: [LottieLayer], in scope: Scope) -> [Layer] {
    let zOrder = Array(models.reversed())
    var byIndex: [Int: Int] = [:]
    for (offset, model) in zOrder.enumerated() {
      if let index = model.index, byIndex[index] == nil { byIndex[index] = offset }
    }
    let mattes = Self.resolveTrackMattes(zOrder, byIndex: byIndex)
    var ids = LayerIDs()
    var result: [Layer] = []
    for (offset, model) in zOrder.enumerated() where !mattes.sources.contains(offset) {
      if overBudget { break }
      let chain = parentChain(of: offset, in: zOrder, byIndex: byIndex)
      if let matteOffset = mattes.pairs[offset], let mode = model.matte {
        switch mode {
        case .alpha, .alphaInverted:
          result.append(
            matted(
              model, chain: chain, matte: zOrder[matteOffset], matteChain: parentChain(of: matteOffset, in: zOrder, byIndex: byIndex),
              inverted: mode == .alphaInverted, ids: &ids, scope: scope))
          continue
        case .unsupported(let number):
          let kind = number == 3 ? "luma matte" : number == 4 ? "luma inverted matte" : "track matte type \(number)"
          log.warning(
            layer: model.source, name: model.name,
            "\(kind) is not supported by lottie-ios; the layer is drawn unmasked and its matte layer \"\(LottieImportLog.escaped(zOrder[matteOffset].name))\" is not drawn, as lottie-ios does"
          )
        }
      }
      if let layer = wrapped(model, chain: chain, ids: &ids, wrapperName: { "\(model.name) (parent, \($0.name))" }, scope: scope) {
        result.append(layer)
      }
    }
    return result
  }

  /// Which layer provides each matted layer's matte, and which layers are mattes
  /// (`LayerModel+TrackMatte.swift`, `resolveTrackMattes`): the layer named by `tp` first, then
  /// the layer listed just above (the next one back to front); a layer marked `td` is a matte
  /// whether or not one uses it. Offsets are in back-to-front order.
  static func resolveTrackMattes(_ zOrder: [LottieLayer], byIndex: [Int: Int]) -> (pairs: [Int: Int], sources: Set<Int>) {
    var pairs: [Int: Int] = [:]
    var sources = Set<Int>()
    for (offset, layer) in zOrder.enumerated() {
      guard layer.matte != nil, let matteParent = layer.matteParent, let matteOffset = byIndex[matteParent], matteOffset != offset,
        !sources.contains(matteOffset)
      else { continue }
      pairs[offset] = matteOffset
      sources.insert(matteOffset)
    }
    for offset in zOrder.indices {
      guard !sources.contains(offset), pairs[offset] == nil, zOrder[offset].matte != nil else { continue }
      let matteOffset = offset + 1
      guard matteOffset < zOrder.count, !sources.contains(matteOffset) else { continue }
      pairs[offset] = matteOffset
      sources.insert(matteOffset)
    }
    for (offset, layer) in zOrder.enumerated() where layer.isMatteSource { sources.insert(offset) }
    return (pairs, sources)
  }

  /// The layer's ancestors by `parent`, nearest first. A parent loop, which would never end in
  /// lottie-ios, is cut with a warning.
  func parentChain(of offset: Int, in zOrder: [LottieLayer], byIndex: [Int: Int]) -> [LottieLayer] {
    var chain: [LottieLayer] = []
    var seen: Set<Int> = [offset]
    var current = zOrder[offset]
    // A chain longer than the nesting limit is refused when it is built (``wrapped``): no need to
    // follow it further, and a file of 100,000 layers each the parent of the next would otherwise
    // cost 100,000^2 / 2 steps here.
    while chain.count <= maxDepth, let parent = current.parent, let parentOffset = byIndex[parent] {
      guard seen.insert(parentOffset).inserted else {
        log.warning(layer: zOrder[offset].source, name: zOrder[offset].name, "its parents form a loop; the loop is cut")
        break
      }
      current = zOrder[parentOffset]
      chain.append(current)
    }
    return chain
  }

  /// The layer inside one transform-only layer per ancestor, outermost ancestor outside
  /// (`makeParentTransformLayer`), named as lottie-ios names them (`"Dot (parent, Null 1)"`); nil
  /// when lottie-ios makes no layer for it. `ids` are the sibling ids of the container.
  mutating func wrapped(
    _ model: LottieLayer, chain: [LottieLayer], ids: inout LayerIDs, wrapperName: (LottieLayer) -> String, scope: Scope,
    compositingFilter: String? = nil
  ) -> Layer? {
    // One layer for each ancestor and one for the layer: refused before their paths are made
    // when they would nest past the limit.
    checkDepth(scope.path, plus: chain.count + 1, layer: model)
    guard !overBudget else { return nil }
    // Outermost first: the chain's last ancestor is the sibling in this container.
    let id = ids.unique(chain.last.map(wrapperName) ?? model.name)
    var paths: [String] = []
    var wrapperIDs: [String] = []
    var path = scope.path
    for (position, parent) in chain.reversed().enumerated() {
      let wrapperID = position == 0 ? id : LayerIDs.valid(wrapperName(parent))
      wrapperIDs.append(wrapperID)
      path = LayerPath.child(path, wrapperID)
      paths.append(path)
    }
    let innerID = chain.isEmpty ? id : LayerIDs.valid(model.name)
    let inner = Scope(path: LayerPath.child(path, innerID), size: scope.size, time: scope.time, precomps: scope.precomps)
    guard var layer = animationLayer(model, id: innerID, scope: inner) else { return nil }
    if let compositingFilter { setCompositingFilter(&layer, compositingFilter) }
    for (position, parent) in chain.enumerated() {
      let wrapperIndex = chain.count - 1 - position
      var wrapper = transformLayer(
        parent, id: wrapperIDs[wrapperIndex],
        scope: Scope(path: paths[wrapperIndex], size: scope.size, time: scope.time, precomps: scope.precomps))
      wrapper.sublayers = [layer]
      layer = wrapper
    }
    return layer
  }

  /// A matted layer: a container holding the layer (in its parents), masked by a container
  /// holding the matte layer (in its parents); for an inverted matte, the matte is drawn with
  /// `compositingFilter` `xor` over an infinite black layer (`CALayer+setupLayerHierarchy.swift`,
  /// `maskLayer(for:type:context:)`, `InfiniteOpaqueAnimationLayer.swift`).
  mutating func matted(
    _ model: LottieLayer, chain: [LottieLayer], matte: LottieLayer, matteChain: [LottieLayer], inverted: Bool, ids: inout LayerIDs,
    scope: Scope
  ) -> Layer {
    let containerID = ids.unique("\(model.name) (parent, masked)")
    let containerPath = LayerPath.child(scope.path, containerID)
    var container = filling(containerID, scope.size)
    count()
    var innerIDs = LayerIDs()
    let innerScope = Scope(path: containerPath, size: scope.size, time: scope.time, precomps: scope.precomps)
    if let layer = wrapped(model, chain: chain, ids: &innerIDs, wrapperName: { "\(model.name) (parent, \($0.name))" }, scope: innerScope) {
      container.sublayers = [layer]
    }
    let maskPath = LayerPath.child(containerPath, "mask")
    var mask = filling("mask", scope.size)
    count()
    let wrapperName: (LottieLayer) -> String = { "\(matte.name) (mask of \(model.name)) (parent, \($0.name))" }
    if inverted {
      let basePath = LayerPath.child(maskPath, "inverted")
      var base = filling("inverted", scope.size)
      base.backgroundColor = .black
      // InfiniteOpaqueAnimationLayer: a black layer padded far past the bounds.
      var padding = Layer(id: "padding", frame: scope.size.rect.insetBy(-Self.veryLargePadding, -Self.veryLargePadding))
      padding.backgroundColor = .black
      count(2)
      var baseIDs = LayerIDs()
      _ = baseIDs.unique("padding")
      base.sublayers = [padding]
      let baseScope = Scope(path: basePath, size: scope.size, time: scope.time, precomps: scope.precomps)
      // The xor filter is on the matte layer itself, inside its parents' layers.
      if let matteLayer = wrapped(
        matte, chain: matteChain, ids: &baseIDs, wrapperName: wrapperName, scope: baseScope, compositingFilter: "xor")
      {
        base.sublayers.append(matteLayer)
      }
      mask.sublayers = [base]
    } else {
      var maskIDs = LayerIDs()
      let maskScope = Scope(path: maskPath, size: scope.size, time: scope.time, precomps: scope.precomps)
      if let matteLayer = wrapped(matte, chain: matteChain, ids: &maskIDs, wrapperName: wrapperName, scope: maskScope) {
        mask.sublayers = [matteLayer]
      }
    }
    container.mask = mask
    return container
  }

  /// `CALayer.veryLargeLayerPadding`: how far the inverted matte's black layer reaches past the
  /// bounds, in points.
  static let veryLargePadding = 10_000.0

  // MARK: One Lottie layer

  /// The layer lottie-ios makes for a Lottie layer (`LayerModel+makeAnimationLayer.swift`): a
  /// hidden layer or a null layer keeps only its transform; the others draw.
  mutating func animationLayer(_ model: LottieLayer, id: String, scope: Scope) -> Layer? {
    guard !overBudget else { return nil }
    let saved = currentLayer
    currentLayer = model
    defer { currentLayer = saved }
    if model.hidden || model.type == .null {
      return transformLayer(model, id: id, scope: scope)
    }
    var size = scope.size
    var image: LottieImageAsset? = nil
    switch model.type {
    case .precomp:
      size = Size(model.width, model.height)
    case .image:
      if let id = model.referenceID, let asset = composition.images[id] {
        image = asset
        size = Size(asset.width, asset.height)
      } else {
        log.warning(
          layer: model.source, name: model.name,
          "image asset \"\(LottieImportLog.escaped(model.referenceID ?? ""))\" is not in the file's assets; the layer draws nothing, as in lottie-ios"
        )
      }
    default:
      break
    }
    var layer = placed(model.transform, id: id, size: size, scope: scope)
    count()
    setCompositingFilter(&layer, Self.filterName(blendMode: model.blendMode))
    let startFrame = timeline.startLocalFrame(scope.time)
    layer.opacity = unit(model.transform.opacity.value(at: startFrame) / 100)
    timeline.animate(
      model.transform.opacity, time: scope.time, target: scope.path, keyPath: .opacity, value: { .number(unit($0 / 100)) },
      at: { model.transform.opacity.value(at: $0) })
    if !timeline.isEverShown(inFrame: model.inPoint, outFrame: model.outPoint, time: scope.time) {
      layer.isHidden = true
    } else {
      timeline.visibility(inFrame: model.inPoint, outFrame: model.outPoint, time: scope.time, target: scope.path)
    }
    if let shadow = model.shadow {
      applyShadow(shadow, to: &layer, path: scope.path, time: scope.time)
    }
    if let mask = masks(model, size: size, path: LayerPath.child(scope.path, "mask"), time: scope.time) {
      layer.mask = mask
    }
    let content = Scope(path: scope.path, size: size, time: scope.time, precomps: scope.precomps)
    switch model.type {
    case .precomp:
      layer.masksToBounds = true
      layer.sublayers = precompLayers(model, scope: content)
    case .solid:
      layer.sublayers = [solid(model, size: size)]
    case .image:
      if let image {
        layer.contents = .image(ImageContents(pixelSize: Size(max(1, image.width.rounded()), max(1, image.height.rounded()))))
      }
    case .text:
      layer.sublayers = [text(model, size: size)]
    case .shape:
      layer.sublayers = shapeContent(model.shapes, scope: content)
    case .null:
      break
    }
    return layer
  }

  /// `TransformLayer`: a container with the layer's transform (and blend mode), drawing nothing.
  mutating func transformLayer(_ model: LottieLayer, id: String, scope: Scope) -> Layer {
    let saved = currentLayer
    currentLayer = model
    defer { currentLayer = saved }
    var layer = placed(model.transform, id: id, size: scope.size, scope: scope)
    count()
    setCompositingFilter(&layer, Self.filterName(blendMode: model.blendMode))
    return layer
  }

  /// A layer of `size` placed by a Lottie transform at the range's first frame, its keyframes
  /// added to the timeline (`TransformAnimations.swift`): position, anchor point, scale, rotation.
  mutating func placed(_ transform: LottieTransform, id: String, size: Size, scope: Scope) -> Layer {
    checkDepth(scope.path)
    let start = timeline.startLocalFrame(scope.time)
    let anchor = transform.anchor.value(at: start)
    var position: Point
    if let x = transform.positionX, let y = transform.positionY {
      position = Point(x.value(at: start), y.value(at: start))
    } else {
      let value = transform.position.value(at: start)
      position = Point(value.count > 0 ? value[0] : 0, value.count > 1 ? value[1] : 0)
    }
    let scale = transform.scale.value(at: start)
    let scaleX = (scale.count > 0 ? scale[0] : 100) / 100
    let scaleY = (scale.count > 1 ? scale[1] : scaleX * 100) / 100
    let rotation = transform.rotation.value(at: start)
    var layer = Layer(id: id)
    let anchorPoint = Point(anchor.count > 0 ? anchor[0] : 0, anchor.count > 1 ? anchor[1] : 0)
    place(&layer, size: size, anchor: anchorPoint, position: position)
    layer.transform = Transform(
      rotationDegrees: rotation.isFinite ? rotation : 0, scaleX: scaleX.isFinite ? scaleX : 1, scaleY: scaleY.isFinite ? scaleY : 1)

    let path = scope.path
    let time = scope.time
    if let x = transform.positionX, let y = transform.positionY {
      timeline.animate(x, time: time, target: path, keyPath: .positionX, value: { .number($0) }, at: { x.value(at: $0) })
      timeline.animate(y, time: time, target: path, keyPath: .positionY, value: { .number($0) }, at: { y.value(at: $0) })
    } else {
      let position = transform.position
      timeline.animate(
        position, time: time, target: path, keyPath: .position, value: { .pair($0.count > 0 ? $0[0] : 0, $0.count > 1 ? $0[1] : 0) },
        at: { position.value(at: $0) })
    }
    if transform.scale.isAnimated {
      let uniform = transform.scale.keyframes.allSatisfy {
        abs(abs($0.value.first ?? 100) - abs($0.value.count > 1 ? $0.value[1] : ($0.value.first ?? 100))) < 1e-9
      }
      if !uniform, let context = currentLayer {
        log.warning(
          layer: context.source, name: context.name,
          "a scale animation with different x and y is taken as a uniform scale of the same area (the timeline animates `transform.scale` on both axes)"
        )
      }
      let scaleProperty = transform.scale
      timeline.animate(
        scaleProperty, time: time, target: path, keyPath: .transformScale, value: { .number(Self.uniformScale($0)) },
        at: { scaleProperty.value(at: $0) })
    }
    let rotationProperty = transform.rotation
    timeline.animate(
      rotationProperty, time: time, target: path, keyPath: .transformRotation, value: { .number($0) },
      at: { rotationProperty.value(at: $0) })
    if transform.anchor.isAnimated, let context = currentLayer {
      log.warning(layer: context.source, name: context.name, "an animated anchor point is taken at its value in the first frame")
    }
    return layer
  }

  /// The Lottie layer being built, for warnings from shared code.
  var currentLayer: LottieLayer? = nil

  /// The scale both axes get from a Lottie scale in percent: the geometric mean of x and y, which
  /// keeps the area.
  static func uniformScale(_ value: [Double]) -> Double {
    let x = abs(value.first ?? 100) / 100
    let y = abs(value.count > 1 ? value[1] : (value.first ?? 100)) / 100
    let mean = (x * y).squareRoot()
    return mean.isFinite ? mean : 1
  }

  /// A plain container filling `size`.
  func filling(_ id: String, _ size: Size) -> Layer { Layer(id: id, frame: size.rect) }

  /// Counts layers as they are made; past ``maxLayers`` the import stops with an error at the
  /// Lottie layer being built, before the rest of the expansion is spent.
  mutating func count(_ layers: Int = 1) {
    layerCount += layers
    guard !overBudget else { return }
    if layerCount > maxLayers {
      let limit = NumberRange.grouped(Double(maxLayers))
      stop(
        "the animation expands to more than \(limit) layers, the layer limit, counted up to this layer; precomps used many times over multiply their layers",
        note: "the limit bounds what an untrusted file can cost; raise it to import an animation this large (--max-layers)")
    } else if estimatedBytes > maxBytes {
      stop(
        ImportSize.problem(
          "the animation makes a scene of", inputBytes: log.source.byteCount, maxLayers: maxLayers)
          + ", counted up to this layer; parents and precomps make their layers again for each child and each use",
        note: "the bound follows the layer limit; raise it to import an animation this large (--max-layers)")
    }
  }

  /// Stops the build with an error at the Lottie layer being built: nothing more is made.
  mutating func stop(_ message: String, note: String, layer: LottieLayer? = nil) {
    overBudget = true
    let layer = layer ?? currentLayer
    log.error(
      layer.map { LottieImportLog.layerPath($0.source.path, name: $0.name) } ?? "", at: layer?.source.offset ?? 0, message, notes: [note])
  }

  /// Stops the build when a layer at `path`, or `below` levels under it, nests deeper than
  /// ``maxDepth`` (the root is at depth 1).
  mutating func checkDepth(_ path: String, plus below: Int = 0, layer: LottieLayer? = nil) {
    guard !overBudget else { return }
    let depth = path.utf8.reduce(1) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } + below
    if below == 0 { indentation += 4 * (depth - 1) }
    guard depth > maxDepth else { return }
    stop(
      "the animation nests layers more than \(NumberRange.grouped(Double(maxDepth))) deep, the scene format's limit, at this layer: each of a layer's parents (`parent`) and each precomp is one more layer around it",
      note: "the limit bounds what an untrusted file can cost; shorten the chain of parents", layer: layer)
  }

  // MARK: Blend modes

  /// lottie-ios' `BlendMode.filterName`: the Core Image blend mode names `compositingFilter` takes.
  static func filterName(blendMode: Int) -> String? {
    let names = [
      "", "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode", "colorDodgeBlendMode",
      "colorBurnBlendMode", "hardLightBlendMode", "softLightBlendMode", "differenceBlendMode", "exclusionBlendMode", "hueBlendMode",
      "saturationBlendMode", "colorBlendMode", "luminosityBlendMode",
    ]
    guard blendMode > 0, blendMode < names.count else { return nil }
    return names[blendMode]
  }

  // MARK: Shadow

  /// The drop shadow on the layer, without a `shadowPath` (`DropShadowAnimation.swift`).
  mutating func applyShadow(_ shadow: DropShadow, to layer: inout Layer, path: String, time: TimeMap) {
    let start = timeline.startLocalFrame(time)
    layer.shadowOpacity = shadow.opacity.value(at: start)
    layer.shadowRadius = shadow.radius.value(at: start)
    layer.shadowOffset = shadow.offset
    layer.shadowColor = shadow.color
    timeline.animate(
      shadow.opacity, time: time, target: path, keyPath: .shadowOpacity, value: { .number($0) }, at: { shadow.opacity.value(at: $0) })
    timeline.animate(
      shadow.radius, time: time, target: path, keyPath: .shadowRadius, value: { .number($0) }, at: { shadow.radius.value(at: $0) })
  }

  // MARK: Masks

  /// `MaskCompositionLayer`: the layer's masks, mode none left out; add masks side by side in one
  /// container, and each other mode after the first wraps what came before in a new container
  /// masked by it. A subtract mask (or an inverted add mask) fills a very large rectangle minus
  /// its path.
  mutating func masks(_ model: LottieLayer, size: Size, path: String, time: TimeMap) -> Layer? {
    let masks = model.masks.filter { $0.mode != .none }
    guard !masks.isEmpty else { return nil }
    var root = filling("mask", size)
    var container = filling("masks", size)
    count(2)
    var ids = LayerIDs()
    var byID: [String: LottieMask] = [:]
    var first = true
    for mask in masks {
      let usable = mask.mode.usable
      let invert = (usable == .subtract && !mask.inverted) || (usable == .add && mask.inverted)
      let id = ids.unique(mask.name)
      byID[id] = mask
      let shape = maskShape(mask, id: id, size: size, inverted: invert)
      count()
      if usable == .add || first {
        first = false
        container.sublayers.append(shape)
      } else {
        container.mask = shape
        var wrapper = filling("masks", size)
        count()
        wrapper.sublayers = [container]
        container = wrapper
      }
    }
    root.sublayers = [container]
    // The mask paths change as their keyframes do.
    var changes: [(String, LottieMask)] = []
    func visit(_ layer: Layer, _ layerPath: String) {
      if case .shape = layer.kind, let mask = byID[layer.id] { changes.append((layerPath, mask)) }
      for sublayer in layer.sublayers { visit(sublayer, LayerPath.child(layerPath, sublayer.id)) }
      if let mask = layer.mask { visit(mask, LayerPath.child(layerPath, mask.id)) }
    }
    visit(root, path)
    for (layerPath, mask) in changes {
      timeline.contentChanges(mask.path.changeSpans, time: time, targets: [layerPath])
    }
    return root
  }

  func maskShape(_ mask: LottieMask, id: String, size: Size, inverted: Bool) -> Layer {
    let bounds = mask.path.keyframes.reduce(Rect.zero) { $0.union($1.value.bounds) }
    let points = mask.path.keyframes.map(\.value.points).max() ?? 0
    var shape: Layer
    if inverted {
      // `CGRect.veryLargeRect` plus the path, filled even-odd: everything but the path.
      shape = Layer(id: id, frame: size.rect)
      shape.kind = .shape(ShapeLayer(path: .arbitrary(bounds: size.rect, points: max(1, points + 5))))
    } else {
      shape = Layer(id: id, frame: bounds)
      shape.kind = .shape(ShapeLayer(path: .arbitrary(bounds: Rect(0, 0, bounds.width, bounds.height), points: max(1, points))))
    }
    return shape
  }

  // MARK: Precomps, solids, text

  /// A precomp's layers, in the precomp layer's `w` x `h`, their frames stretched and shifted by
  /// the layer's `sr` and `st` (`PreCompLayer.swift`).
  mutating func precompLayers(_ model: LottieLayer, scope: Scope) -> [Layer] {
    guard let id = model.referenceID, let precomp = composition.precomps[id] else {
      log.warning(
        layer: model.source, name: model.name,
        "precomp \"\(LottieImportLog.escaped(model.referenceID ?? ""))\" is not in the file's assets; the layer is empty, as in lottie-ios")
      return []
    }
    guard !scope.precomps.contains(id) else {
      log.warning(
        layer: model.source, name: model.name, "precomp \"\(LottieImportLog.escaped(id))\" contains itself; the inner copy is left out")
      return []
    }
    guard scope.precomps.count < Self.maxPrecompDepth else {
      log.warning(layer: model.source, name: model.name, "precomps nest deeper than \(Self.maxPrecompDepth); the deeper ones are left out")
      return []
    }
    let time = scope.time.child(stretch: model.timeStretch, start: model.startTime)
    return layers(precomp.layers, in: Scope(path: scope.path, size: scope.size, time: time, precomps: scope.precomps + [id]))
  }

  /// `SolidLayer`: a `CAShapeLayer` filling a `sw` x `sh` rectangle with `sc`.
  mutating func solid(_ model: LottieLayer, size: Size) -> Layer {
    var layer = Layer(id: "solid", frame: Rect(0, 0, model.solidWidth, model.solidHeight))
    var shape = ShapeLayer(path: .rect(Rect(0, 0, model.solidWidth, model.solidHeight)))
    shape.fillColor = model.solidColor
    layer.kind = .shape(shape)
    count()
    return layer
  }

  /// `TextLayer`: a container holding the layer that draws the text with Core Text in
  /// `draw(in:)`, a backing store drawn on the main thread. Its size is the text box, or for
  /// point text an estimate: 0.6 em per character on one line.
  mutating func text(_ model: LottieLayer, size: Size) -> Layer {
    let text =
      model.text
      ?? LottieText(
        characters: 0, fontSize: 12, lineHeight: 14.4, boxSize: nil, position: .zero, hasAnimators: false, isAnimated: false)
    var container = filling("text_container", size)
    let box = text.boxSize ?? Size(Double(text.characters) * text.fontSize * 0.6, text.lineHeight)
    var render = Layer(id: "text", frame: Rect(text.position.x, text.position.y, box.width, box.height))
    render.contents = .text(TextContents(characters: text.characters))
    container.sublayers = [render]
    count(2)
    return container
  }
}

extension Size {
  /// `[0, 0, width, height]`.
  var rect: Rect { Rect(0, 0, width, height) }
}
