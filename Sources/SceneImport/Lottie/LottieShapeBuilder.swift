import LayerTree

/// A shape layer's content as lottie-ios builds it (`ShapeLayer.swift`, `ShapeItemLayer.swift`,
/// `RepeaterLayer.swift`, `GradientRenderLayer.swift`): one `GroupLayer` per shape group, with
/// the group's transform and opacity; in it, one `ShapeItemLayer` per render group (see
/// ``ShapeRenderGroups``) holding a `CAShapeLayer`, or for a gradient a gradient layer under a
/// shape mask (and a second gradient layer as its mask when the gradient has transparent stops).
///
/// A leaf `CAShapeLayer`'s bounds are its path's bounding box (over all keyframes, with half the
/// line width around a stroke) instead of its superlayer's bounds: the render server draws only
/// the path, and a mask clips to it.
extension LottieSceneBuilder {
  /// One group to build: the group item and the items it holds (its own, then those inherited
  /// from the level above).
  struct PlannedGroup {
    var name: String
    var items: [ShapeItem]
  }

  mutating func shapeContent(_ items: [ShapeItem], scope: Scope) -> [Layer] {
    var ids = LayerIDs()
    return setupGroups(items, hasParentGroup: false, scope: scope, ids: &ids)
  }

  /// `setupGroups(from:parentGroup:)`: items split at each repeater, the items before a repeater
  /// repeated by it; the rest as groups.
  mutating func setupGroups(_ items: [ShapeItem], hasParentGroup: Bool, scope: Scope, ids: inout LayerIDs) -> [Layer] {
    guard items.contains(where: { if case .repeater = $0.kind { return true } else { return false } }) else {
      return makeGroupLayers(items, hasParentGroup: hasParentGroup, scope: scope, ids: &ids)
    }
    var groupings: [(items: [ShapeItem], repeater: ShapeItem?)] = []
    for item in items {
      if groupings.isEmpty || groupings[groupings.count - 1].repeater != nil { groupings.append(([], nil)) }
      if case .repeater = item.kind {
        groupings[groupings.count - 1].repeater = item
      } else {
        groupings[groupings.count - 1].items.append(item)
      }
    }
    var result: [Layer] = []
    for grouping in groupings.reversed() {
      if let repeater = grouping.repeater, case .repeater(let model) = repeater.kind {
        result += repeated(grouping.items, repeater: model, name: repeater.name, scope: scope, ids: &ids)
      } else {
        result += setupGroups(grouping.items, hasParentGroup: hasParentGroup, scope: scope, ids: &ids)
      }
    }
    return result
  }

  /// The groups `makeGroupLayers` builds for a list of items, back to front: each visible group
  /// with its items plus the items of this level no render group uses; at the top level, paths
  /// outside any group go in one unnamed group with all the items.
  func plannedGroups(_ items: [ShapeItem], hasParentGroup: Bool) -> [PlannedGroup] {
    var groups = items.filter { $0.isGroup && !$0.hidden }
    var others = items.filter { !$0.isGroup && !$0.hidden }
    if !hasParentGroup, others.contains(where: \.drawsPath) {
      groups = [ShapeItem(kind: .group(items), name: "", hidden: false, source: items[0].source)]
      others = []
    }
    let inherited = ShapeRenderGroups.split(others, childGroupsInheritUnused: !groups.isEmpty).unused
    return groups.reversed().map { group in
      guard case .group(let children) = group.kind else { return PlannedGroup(name: group.name, items: inherited) }
      return PlannedGroup(name: group.name, items: children.filter { !$0.hidden } + inherited)
    }
  }

  mutating func makeGroupLayers(_ items: [ShapeItem], hasParentGroup: Bool, scope: Scope, ids: inout LayerIDs) -> [Layer] {
    var result: [Layer] = []
    for group in plannedGroups(items, hasParentGroup: hasParentGroup) {
      let id = ids.unique(group.name.isEmpty ? "Group" : group.name)
      result.append(
        groupLayer(
          group, id: id, scope: Scope(path: LayerPath.child(scope.path, id), size: scope.size, time: scope.time, precomps: scope.precomps)))
    }
    return result
  }

  /// `RepeaterLayer`s: `copies` copies of the groups before the repeater, copy i moved by i times
  /// the repeater's position and rotation, scaled by its scale.
  mutating func repeated(_ items: [ShapeItem], repeater: RepeaterItem, name: String, scope: Scope, ids: inout LayerIDs) -> [Layer] {
    let copies = wholeNumber(repeater.copies.first, in: 0...LottieReader.maxRepeaterCopies)
    let groups = plannedGroups(items, hasParentGroup: false)
    var result: [Layer] = []
    for index in 0..<copies {
      for group in groups {
        let id = ids.unique("\(name.isEmpty ? "Repeater" : name) copy \(index)")
        let path = LayerPath.child(scope.path, id)
        var layer = Layer(id: id)
        let i = Double(index)
        let anchor = Point(repeater.anchor.first ?? 0, repeater.anchor.count > 1 ? repeater.anchor[1] : 0)
        let position = Point(
          (repeater.position.first ?? 0) * i + anchor.x, (repeater.position.count > 1 ? repeater.position[1] : 0) * i + anchor.y)
        place(&layer, size: scope.size, anchor: anchor, position: position)
        layer.transform = Transform(
          rotationDegrees: repeater.rotation * i, scaleX: (repeater.scale.first ?? 100) / 100,
          scaleY: (repeater.scale.count > 1 ? repeater.scale[1] : (repeater.scale.first ?? 100)) / 100)
        count()
        var innerIDs = LayerIDs()
        let groupID = innerIDs.unique(group.name.isEmpty ? "Group" : group.name)
        let inner = Scope(path: LayerPath.child(path, groupID), size: scope.size, time: scope.time, precomps: scope.precomps)
        layer.sublayers = [groupLayer(group, id: groupID, scope: inner)]
        result.append(layer)
        if overBudget { return result }
      }
    }
    return result
  }

  /// `GroupLayer`: the group's transform and opacity (its first `tr`), its child groups, then its
  /// render groups back to front; several `sh` paths under one fill (without a trim) share one
  /// `ShapeItemLayer`.
  mutating func groupLayer(_ group: PlannedGroup, id: String, scope: Scope) -> Layer {
    var layer: Layer
    let nonGroup = group.items.filter { !$0.isGroup }
    if let transformItem = nonGroup.first(where: { if case .transform = $0.kind { return true } else { return false } }),
      case .transform(let transform) = transformItem.kind
    {
      layer = placed(transform, id: id, size: scope.size, scope: scope)
      layer.opacity = unit(transform.opacity.value(at: timeline.startLocalFrame(scope.time)) / 100)
      let opacity = transform.opacity
      timeline.animate(
        opacity, time: scope.time, target: scope.path, keyPath: .opacity, value: { .number(unit($0 / 100)) }, at: { opacity.value(at: $0) })
    } else {
      layer = filling(id, scope.size)
    }
    count()
    var ids = LayerIDs()
    layer.sublayers = setupGroups(group.items, hasParentGroup: true, scope: scope, ids: &ids)
    let hasChildGroups = group.items.contains(where: \.isGroup)
    for renderGroup in ShapeRenderGroups.split(group.items, childGroupsInheritUnused: hasChildGroups).valid.reversed() {
      let combinable =
        renderGroup.pathItems.count > 1
        && renderGroup.pathItems.allSatisfy { if case .path(let path) = $0.kind { return path.shape == .bezier } else { return false } }
        && !renderGroup.otherItems.contains(where: \.isTrim)
      if combinable {
        let itemID = ids.unique(group.name.isEmpty ? "Group" : group.name)
        layer.sublayers.append(
          shapeItemLayer(renderGroup.pathItems, others: renderGroup.otherItems, id: itemID, scope: child(scope, itemID)))
      } else {
        for pathItem in renderGroup.pathItems {
          let itemID = ids.unique(pathItem.name.isEmpty ? "Path" : pathItem.name)
          layer.sublayers.append(shapeItemLayer([pathItem], others: renderGroup.otherItems, id: itemID, scope: child(scope, itemID)))
        }
      }
      if overBudget { break }
    }
    return layer
  }

  func child(_ scope: Scope, _ id: String) -> Scope {
    Scope(path: LayerPath.child(scope.path, id), size: scope.size, time: scope.time, precomps: scope.precomps)
  }

  // MARK: ShapeItemLayer

  /// One `ShapeItemLayer`: a solid `CAShapeLayer`, or a gradient fill's layers, plus a gradient
  /// stroke's layers.
  mutating func shapeItemLayer(_ pathItems: [ShapeItem], others: [ShapeItem], id: String, scope: Scope) -> Layer {
    var layer = filling(id, scope.size)
    count()
    let paths = pathItems.compactMap { item -> PathItem? in if case .path(let path) = item.kind { return path } else { return nil } }
    let fill = others.lazy.compactMap { item -> FillItem? in if case .fill(let fill) = item.kind { return fill } else { return nil } }.first
    let stroke = others.lazy.compactMap { item -> StrokeItem? in
      if case .stroke(let stroke) = item.kind { return stroke } else { return nil }
    }.first
    let gradientFill = others.lazy.compactMap { item -> GradientItem? in
      if case .gradientFill(let gradient) = item.kind { return gradient } else { return nil }
    }.first
    let gradientStroke = others.lazy.compactMap { item -> GradientItem? in
      if case .gradientStroke(let gradient) = item.kind { return gradient } else { return nil }
    }.first
    let trim = others.lazy.compactMap { item -> TrimItem? in if case .trim(let trim) = item.kind { return trim } else { return nil } }.first
    let cornerRadius = others.lazy.compactMap { item -> Keyframed<Double>? in
      if case .roundedCorners(let radius) = item.kind { return radius } else { return nil }
    }.first
    if let trim, !trim.isEmpty, fill != nil, let model = currentLayer {
      log.warning(
        layer: model.source, name: model.name,
        "a trim on a filled shape is not supported by lottie-ios' Core Animation engine (it falls back to the Main Thread engine); the Core Animation layers are imported"
      )
    }

    // Every span of time over which the path, its trim or its colours change.
    var spans: [(start: Double, end: Double)] = []
    for path in paths { spans += path.path.changeSpans }
    if let trim { spans += trim.start.changeSpans + trim.end.changeSpans + trim.offset.changeSpans }
    if let cornerRadius { spans += cornerRadius.changeSpans }
    var strokeSpans: [(start: Double, end: Double)] = []
    if let stroke {
      strokeSpans += stroke.color.changeSpans + stroke.width.changeSpans + stroke.dashes.flatMap(\.changeSpans)
    }
    let radius = cornerRadius?.first ?? 0
    let start = timeline.startLocalFrame(scope.time)

    if let gradientFill {
      // container > path container (masked by the path) > gradient (masked by the alpha gradient),
      // and a shape layer above for a stroke.
      let containerPath = LayerPath.child(scope.path, "gradient")
      var container = filling("gradient", scope.size)
      var pathContainer = filling("path", scope.size)
      let pathContainerPath = LayerPath.child(containerPath, "path")
      let mask = shapeLayer(paths, id: "mask", fill: .black, stroke: nil, lineWidth: 0, radius: radius, start: start)
      pathContainer.mask = mask
      let colorsPath = LayerPath.child(pathContainerPath, "colors")
      var colors = gradientLayer(gradientFill, id: "colors", alpha: false, size: scope.size)
      colors.opacity = unit(gradientFill.opacity.value(at: start) / 100)
      timeline.animate(
        gradientFill.opacity, time: scope.time, target: colorsPath, keyPath: .opacity, value: { .number(unit($0 / 100)) },
        at: { gradientFill.opacity.value(at: $0) })
      var gradientTargets = [colorsPath]
      if gradientFill.hasAlpha {
        colors.mask = gradientLayer(gradientFill, id: "alpha", alpha: true, size: colors.frame.size)
        gradientTargets.append(LayerPath.child(colorsPath, "alpha"))
        count()
      }
      pathContainer.sublayers = [colors]
      let overlay = shapeLayer(
        paths, id: "stroke", fill: nil, stroke: stroke.map { ReaderColor.color($0.color.first) }, lineWidth: stroke?.width.first ?? 0,
        radius: radius, start: start)
      container.sublayers = [pathContainer, overlay]
      layer.sublayers.append(container)
      count(5)
      timeline.contentChanges(
        spans, time: scope.time, targets: [LayerPath.child(pathContainerPath, "mask"), LayerPath.child(containerPath, "stroke")])
      timeline.contentChanges(strokeSpans, time: scope.time, targets: [LayerPath.child(containerPath, "stroke")])
      let gradientSpans = gradientFill.stops.changeSpans + gradientFill.geometry.flatMap(\.changeSpans)
      timeline.contentChanges(gradientSpans, time: scope.time, targets: gradientTargets)
    } else {
      let shapePath = LayerPath.child(scope.path, "shape")
      var shape = shapeLayer(
        paths, id: "shape", fill: fill.map { ReaderColor.color($0.color.first) }, stroke: stroke.map { ReaderColor.color($0.color.first) },
        lineWidth: stroke?.width.first ?? 0, radius: radius, start: start)
      // The fill's opacity, or the stroke's, is the shape layer's opacity.
      if let opacity = fill?.opacity ?? stroke?.opacity {
        shape.opacity = unit(opacity.value(at: start) / 100)
        timeline.animate(
          opacity, time: scope.time, target: shapePath, keyPath: .opacity, value: { .number(unit($0 / 100)) }, at: { opacity.value(at: $0) }
        )
      }
      layer.sublayers.append(shape)
      count()
      var fillSpans: [(start: Double, end: Double)] = []
      if let fill { fillSpans = fill.color.changeSpans }
      timeline.contentChanges(spans + fillSpans + strokeSpans, time: scope.time, targets: [shapePath])
    }

    if let gradientStroke {
      // container masked by the stroked path > gradient (masked by the alpha gradient).
      let containerPath = LayerPath.child(scope.path, "gradientStroke")
      var container = filling("gradientStroke", scope.size)
      container.mask = shapeLayer(
        paths, id: "mask", fill: nil, stroke: .black, lineWidth: gradientStroke.width.first, radius: radius, start: start)
      let colorsPath = LayerPath.child(containerPath, "colors")
      var colors = gradientLayer(gradientStroke, id: "colors", alpha: false, size: scope.size)
      colors.opacity = unit(gradientStroke.opacity.value(at: start) / 100)
      timeline.animate(
        gradientStroke.opacity, time: scope.time, target: colorsPath, keyPath: .opacity, value: { .number(unit($0 / 100)) },
        at: { gradientStroke.opacity.value(at: $0) })
      var gradientTargets = [colorsPath]
      if gradientStroke.hasAlpha {
        colors.mask = gradientLayer(gradientStroke, id: "alpha", alpha: true, size: colors.frame.size)
        gradientTargets.append(LayerPath.child(colorsPath, "alpha"))
        count()
      }
      container.sublayers = [colors]
      layer.sublayers.append(container)
      count(3)
      timeline.contentChanges(
        spans + gradientStroke.width.changeSpans, time: scope.time, targets: [LayerPath.child(containerPath, "mask")])
      timeline.contentChanges(
        gradientStroke.stops.changeSpans + gradientStroke.geometry.flatMap(\.changeSpans), time: scope.time, targets: gradientTargets)
    }
    return layer
  }

  /// A `CAShapeLayer` drawing the paths (one path, or several `sh` paths combined), its bounds the
  /// paths' bounding box over all keyframes, with half the line width around a stroke.
  func shapeLayer(_ paths: [PathItem], id: String, fill: Color?, stroke: Color?, lineWidth: Double, radius: Double, start: Double)
    -> Layer
  {
    var bounds = Rect.zero
    var points = 0
    for path in paths {
      for keyframe in path.path.keyframes { bounds = bounds.union(keyframe.value.bounds) }
      points += path.path.keyframes.map(\.value.points).max() ?? 0
    }
    let outset = stroke != nil ? max(0, lineWidth) / 2 : 0
    let frame = Rect(bounds.x - outset, bounds.y - outset, bounds.width + 2 * outset, bounds.height + 2 * outset)
    let local = Rect(outset, outset, bounds.width, bounds.height)
    let shapePath: ShapePath
    if paths.count == 1, !paths[0].path.isAnimated {
      switch paths[0].shape {
      case .rectangle:
        let corner = max(paths[0].cornerRadius, radius)
        shapePath = corner > 0 ? .roundedRect(local, cornerRadius: min(corner, min(local.width, local.height) / 2)) : .rect(local)
      case .ellipse: shapePath = .ellipse(local)
      case .bezier, .star: shapePath = .arbitrary(bounds: local, points: max(1, points))
      }
    } else {
      shapePath = .arbitrary(bounds: local, points: max(1, points))
    }
    var shape = ShapeLayer(path: shapePath)
    shape.fillColor = fill
    shape.strokeColor = stroke
    shape.lineWidth = max(0, lineWidth)
    var layer = Layer(id: id, frame: frame)
    layer.kind = .shape(shape)
    return layer
  }

  /// `GradientRenderLayer`: a gradient drawn 2,000 points past its superlayer's bounds on every
  /// side; the colour stops, or for the alpha layer the alpha stops as black at that alpha.
  func gradientLayer(_ gradient: GradientItem, id: String, alpha: Bool, size: Size) -> Layer {
    let padding = 2000.0
    var layer = Layer(id: id, frame: Rect(-padding, -padding, size.width + 2 * padding, size.height + 2 * padding))
    layer.kind = .gradient(GradientLayer(colors: alpha ? gradient.alphaColors : gradient.colors))
    return layer
  }
}

/// Colours of shape items, `[r, g, b, a]` in 0...1.
enum ReaderColor {
  static func color(_ values: [Double]) -> Color { LottieReader.color(values) }
}
