/// What a scene made in memory (by an importer, the generator or a capture) must hold to be read
/// back: the limits the scene readers hold a file to (``InputLimits``), checked on the scene
/// itself. A writer that checks it never writes a file every reader refuses.
extension Scene {
  /// The first limit the scene is past, as a sentence naming the limit and the figure found, or
  /// nil when the readers would take it (numbers within their ranges aside: see
  /// ``firstValueOutOfRange(format:)``).
  ///
  /// Checked in the order the readers meet them: layers, nesting, id and string lengths, the
  /// timeline's entries, the layers they name, the work budget and what resolving the targets
  /// costs a reader (``resolutionWork``).
  ///
  /// - Complexity: O(n) in the layers and the timeline's entries; the walk is iterative, so a tree
  ///   of any depth is checked without recursion.
  public func firstLimitProblem(_ limits: InputLimits) -> String? {
    let layers = layerCount
    if layers > limits.maxLayers {
      return
        "the scene has \(NumberRange.grouped(Double(layers))) layers; the layer limit is \(NumberRange.grouped(Double(limits.maxLayers)))"
    }
    var stack: [(layer: Layer, depth: Int)] = [(root, 1)]
    while let (layer, depth) = stack.popLast() {
      if depth > limits.maxDepth {
        return
          "layers nest \(NumberRange.grouped(Double(depth))) deep; the scene format holds at most \(NumberRange.grouped(Double(limits.maxDepth)))"
      }
      if layer.id.count > limits.maxIDLength {
        return
          "the layer id \"\(layer.id.prefix(40))...\" has \(NumberRange.grouped(Double(layer.id.count))) characters; an id may have at most \(NumberRange.grouped(Double(limits.maxIDLength)))"
      }
      if let mask = layer.mask { stack.append((mask, depth + 1)) }
      for sublayer in layer.sublayers { stack.append((sublayer, depth + 1)) }
    }
    var strings: [(String, String)] = [("name", name), ("description", description)]
    if let source {
      strings += [("source.tool", source.tool), ("source.file", source.file ?? "")]
      strings += source.notes.enumerated().map { ("source.notes[\($0.offset)]", $0.element) }
    }
    for (key, text) in strings where text.count > limits.maxStringLength {
      return
        "`\(key)` has \(NumberRange.grouped(Double(text.count))) characters; a string may have at most \(NumberRange.grouped(Double(limits.maxStringLength)))"
    }
    guard let timeline else { return nil }
    let entries = timeline.animations.count + timeline.contentChanges.count + timeline.scrolls.count
    if entries > limits.maxTimelineEntries {
      return
        "the timeline has \(NumberRange.grouped(Double(entries))) entries; a timeline may have at most \(NumberRange.grouped(Double(limits.maxTimelineEntries)))"
    }
    let targets = timeline.animations.lazy.flatMap(\.targets) + timeline.contentChanges.lazy.flatMap(\.targets)
    if let long = targets.first(where: { $0.count + 1 > limits.maxStringLength }) {
      return
        "a timeline target, the path of a layer \(NumberRange.grouped(Double(long.split(separator: "/").count))) deep, has \(NumberRange.grouped(Double(long.count))) characters; a string may have at most \(NumberRange.grouped(Double(limits.maxStringLength)))"
    }
    if let problem = limits.workProblem(layers: layers, timeline: timeline) { return problem }
    let work = resolutionWork(layers: layers)
    if work > Double(limits.maxLayerFrames) {
      return
        "reading its timeline compares \(NumberRange.grouped(work)) layer paths (\(NumberRange.grouped(work / Double(max(1, layers)))) different targets x \(NumberRange.grouped(Double(layers))) layers); the work budget is \(NumberRange.grouped(Double(limits.maxLayerFrames)))"
    }
    return nil
  }

  /// The layer paths a reader compares to resolve the timeline's targets: each different target
  /// is compared with every layer (`TimelineReader`), and a written target names one list of
  /// layers, so the different lists the entries name, times the layers, is the least a file of
  /// this scene costs to read.
  public func resolutionWork(layers: Int? = nil) -> Double {
    guard let timeline else { return 0 }
    var lists = Set<[String]>()
    for animation in timeline.animations { lists.insert(animation.targets) }
    for change in timeline.contentChanges { lists.insert(change.targets) }
    for scroll in timeline.scrolls { lists.insert([scroll.target]) }
    return Double(lists.count) * Double(layers ?? layerCount)
  }
}
