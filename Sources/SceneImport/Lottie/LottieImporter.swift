import LayerTree

/// What an import of a Lottie file needs besides the file.
public struct LottieImportOptions: Sendable {
  /// The file's name as the user gave it, recorded in the scene.
  public var file: String
  /// The device the scene is for, and its screen (for the default view size).
  public var device: String
  public var screen: DeviceScreen
  /// The animation view's size in points; nil: the composition's size, scaled down to fit the
  /// screen when larger.
  public var viewSize: Size?
  /// The composition frames to simulate, `[first, end)`; nil: the animation's `ip` to `op`.
  public var frames: (first: Double, end: Double)?
  /// The most layers the scene may have once every precomp is expanded: the scene format's
  /// layer limit by default. An animation past it is refused while it is built.
  public var maxLayers: Int
  /// The most layer-frames the scene may ask for, the scene readers' work budget
  /// (``InputLimits/maxLayerFrames``) by default: an animation whose frames ask for more is
  /// imported over its first frames only, as many as the budget holds, with a warning.
  public var maxLayerFrames: Int

  public init(
    file: String, device: String, screen: DeviceScreen, viewSize: Size? = nil, frames: (first: Double, end: Double)? = nil,
    maxLayers: Int = InputLimits.standard.maxLayers, maxLayerFrames: Int = InputLimits.standard.maxLayerFrames
  ) {
    self.file = file
    self.device = device
    self.screen = screen
    self.viewSize = viewSize
    self.frames = frames
    self.maxLayers = maxLayers
    self.maxLayerFrames = maxLayerFrames
  }
}

/// A Lottie file imported as a scene: the scene, and the warnings on what was left out or
/// approximated, each naming its Lottie layer.
public struct LottieImport: Sendable {
  public var scene: Scene
  public var warnings: [Diagnostic]

  /// The warnings as one line each (`layers[3] "Shape Layer 1": expressions are not evaluated;
  /// ...`), at most `perMessage` lines for one message, then one line counting the other layers it
  /// concerns.
  public func notes(perMessage: Int = 3) -> [String] {
    var order: [String] = []
    var byMessage: [String: [Diagnostic]] = [:]
    for warning in warnings {
      if byMessage[warning.message] == nil { order.append(warning.message) }
      byMessage[warning.message, default: []].append(warning)
    }
    var notes: [String] = []
    for message in order {
      let group = byMessage[message] ?? []
      for warning in group.prefix(perMessage) {
        notes.append(warning.path.isEmpty ? message : "\(warning.path): \(message)")
      }
      if group.count > perMessage {
        let more = group.count - perMessage
        notes.append("\(plural(more, "more layer")): \(message)")
      }
    }
    return notes
  }
  /// Layers in the file (every precomp counted once).
  public var lottieLayers: Int
  /// The composition's frames that were imported, `[first, end)`, and its frame rate.
  public var frames: (first: Double, end: Double)
  public var frameRate: Double
}

/// Turns a Lottie animation (Bodymovin JSON) into the scene lottie-ios' Core Animation rendering
/// engine makes of it: the `CALayer` tree of `CoreAnimationLayer`, with its keyframes as the
/// scene's timeline (docs/lottie.md has the mapping, feature by feature).
///
/// 1. ``JSONReader`` parses the file, keeping line and column (a syntax error is an error);
/// 2. ``LottieReader`` reads the model lottie-ios reads, tolerantly: what it cannot use is a
///    warning naming the layer, and the rest is imported;
/// 3. ``LottieSceneBuilder`` builds the layers inside an animation view of the chosen size, and
///    ``LottieTimelineBuilder`` the timeline over the chosen frames.
///
/// ```swift
/// let imported = try LottieImporter.importScene(bytes, options: LottieImportOptions(
///   file: "heart.json", device: "iphone-15-pro", screen: DeviceScreen(points: Size(393, 852), scale: 3)))
/// print(imported.scene.layerCount, imported.warnings.count)
/// ```
public enum LottieImporter {
  /// The longest stretch of an animation simulated, in seconds (the scene format's limit).
  public static let maxDuration = 600.0

  public static func importScene(_ bytes: [UInt8], options: LottieImportOptions) throws(SceneErrors) -> LottieImport {
    let (document, source) = try JSONReader.parseFile(bytes)
    return try importScene(document, source: source, options: options)
  }

  public static func importScene(_ document: JSONValue, source: SourceText, options: LottieImportOptions) throws(SceneErrors)
    -> LottieImport
  {
    try importScene(document, source: source, options: options, shortensToBudget: true)
  }

  /// The import; `shortensToBudget`: a scene past the work budget is imported again over the
  /// frames the budget holds (else it is refused).
  static func importScene(_ document: JSONValue, source: SourceText, options: LottieImportOptions, shortensToBudget: Bool)
    throws(SceneErrors) -> LottieImport
  {
    let log = LottieImportLog(source: source)
    guard let composition = LottieReader(log: log).composition(document) else { throw SceneErrors(log.errors) }

    var first = composition.inPoint
    var end = composition.outPoint
    if let frames = options.frames {
      guard frames.first >= composition.inPoint, frames.end <= composition.outPoint, frames.end > frames.first else {
        throw SceneErrors([
          Diagnostic(
            path: "", location: nil,
            message:
              "frames \(formatNumber(frames.first))-\(formatNumber(frames.end)) are not within the animation's frames \(formatNumber(composition.inPoint))-\(formatNumber(composition.outPoint)) (ip-op)"
          )
        ])
      }
      first = frames.first
      end = frames.end
    }
    var duration = (end - first) / composition.frameRate
    if duration > maxDuration {
      log.warning(
        "op", at: 0,
        "the animation lasts \(formatNumber(duration)) s; the first \(formatNumber(maxDuration)) s are imported (the scene format's limit)")
      duration = maxDuration
      end = first + maxDuration * composition.frameRate
    }

    var builder = LottieSceneBuilder(
      composition: composition, log: log,
      timeline: LottieTimelineBuilder(startFrame: first, frameRate: composition.frameRate, duration: duration),
      maxLayers: options.maxLayers, maxBytes: ImportSize.maxSceneBytes(inputBytes: source.byteCount, maxLayers: options.maxLayers))
    // The root, the view and the animation layer count too: the limit is the scene's, as a reader
    // counts it.
    builder.count(3)
    let compSize = Size(composition.width, composition.height)
    let view = options.viewSize ?? fittedSize(compSize, in: options.screen.points)
    let fit = min(view.width / compSize.width, view.height / compSize.height)
    let animationPath = "root/view/animation"
    var animation = Layer(
      id: "animation", frame: Rect((view.width - compSize.width) / 2, (view.height - compSize.height) / 2, compSize.width, compSize.height))
    animation.transform = Transform(scaleX: fit, scaleY: fit)
    animation.sublayers = builder.layers(
      composition.layers, in: LottieSceneBuilder.Scope(path: animationPath, size: compSize, time: TimeMap(), precomps: []))
    // Past the layer limit, the nesting limit or the size bound: refused, with what was built so
    // far dropped.
    if builder.overBudget { throw SceneErrors(log.errors) }
    var viewLayer = Layer(id: "view", frame: Rect(0, 0, view.width, view.height))
    viewLayer.sublayers = [animation]
    var root = Layer(id: "root", frame: options.screen.bounds)
    root.sublayers = [viewLayer]

    let timeline = builder.timeline
    var sceneTimeline: Timeline? = nil
    if duration > 0, !timeline.animations.isEmpty || !timeline.contentChanges.isEmpty {
      sceneTimeline = Timeline(duration: duration, animations: timeline.animations, contentChanges: timeline.contentChanges)
    }
    let name = composition.name.isEmpty ? options.file : composition.name
    let description =
      "The Lottie animation \(options.file) (\(formatNumber(composition.width)) x \(formatNumber(composition.height)) at \(formatNumber(composition.frameRate)) fps, frames \(formatNumber(first))-\(formatNumber(end))) as lottie-ios' Core Animation engine builds it, in a \(formatNumber(view.width)) x \(formatNumber(view.height)) pt view. Imported by offscreen-sim import lottie; see docs/lottie.md."
    let scene = Scene(name: name, description: description, device: options.device, root: root, timeline: sceneTimeline)
    let lottieLayers = composition.layers.count + composition.precomps.values.reduce(0) { $0 + $1.layers.count }
    var imported = LottieImport(
      scene: scene, warnings: log.warnings, lottieLayers: lottieLayers, frames: (first, end), frameRate: composition.frameRate)
    imported.scene.source = SceneSource(tool: toolName, file: options.file, frames: first...end, notes: imported.notes())
    // A number past the scene format's ranges (a layer placed 10^9 pt away, a shadow blurred over
    // 10^8 pt) would make a file every reader refuses: the import stops, naming the layer.
    if let problem = imported.scene.firstValueOutOfRange() {
      throw SceneErrors([
        Diagnostic(
          path: "", location: nil, message: "the animation makes a scene the scene format cannot hold: \(problem)",
          notes: problem.range.limitNote(for: problem.value).map { [$0] } ?? [])
      ])
    }
    // Every other limit of the scene readers (the layers, their nesting, ids, strings, the
    // timeline's entries and the layers they name), which fewer frames would not bring within.
    let limits = InputLimits(maxLayers: options.maxLayers, maxLayerFrames: options.maxLayerFrames)
    var structure = limits
    structure.maxLayerFrames = .max
    if let problem = imported.scene.firstLimitProblem(structure) { throw Self.pastLimits(problem, note: structureNote) }
    // Past the work budget the scene readers hold a scene to, (layers + the layers its timeline
    // entries name) x frames at 120 Hz (the timeline gives no frame rate): the first frames the
    // budget holds are imported, with a warning; a scene that cannot hold one frame is refused.
    if let problem = limits.workProblem(layers: imported.scene.layerCount, timeline: imported.scene.timeline) {
      let named = timeline.animations.reduce(0) { $0 + $1.targets.count } + timeline.contentChanges.reduce(0) { $0 + $1.targets.count }
      let perFrame = imported.scene.layerCount + named
      let frames = options.maxLayerFrames / max(1, perFrame)
      guard shortensToBudget, frames >= 1, named <= limits.maxAnimatedLayers else { throw Self.pastLimits(problem, note: budgetNote) }
      let seconds = Double(frames) / InputLimits.fastestRefreshRate
      var options = options
      options.frames = (first, min(end, first + seconds * composition.frameRate))
      var shortened = try importScene(document, source: source, options: options, shortensToBudget: false)
      let taken = shortened.frames
      shortened.warnings.append(
        Diagnostic(
          severity: .warning, path: "op", location: nil,
          message:
            "\(problem); frames \(formatNumber(taken.first))-\(formatNumber(taken.end)) of \(formatNumber(first))-\(formatNumber(end)) are imported (\(formatNumber(seconds)) s), as many as the budget holds: import later frames with --frames, or raise the budget with --work-budget (the scene readers take the same option)"
        ))
      let notes = shortened.notes()
      shortened.scene.source?.notes = notes
      return shortened
    }
    // What reading the timeline's targets back costs a reader, which the frames do not change.
    if let problem = imported.scene.firstLimitProblem(limits) { throw Self.pastLimits(problem, note: budgetNote) }
    return imported
  }

  /// The error for an animation whose scene a reader would refuse under its limits.
  static func pastLimits(_ problem: String, note: String) -> SceneErrors {
    SceneErrors([
      Diagnostic(path: "", location: nil, message: "the animation makes a scene past the scene readers' limits: \(problem)", notes: [note])
    ])
  }

  static let budgetNote = "the budget bounds what an untrusted file can cost; raise it to import an animation this large (--work-budget)"
  static let structureNote =
    "the limits bound what an untrusted file can cost; --max-layers raises the layer limit and the layers timeline entries may name"

  /// The scene's `source.tool`.
  public static let toolName = SceneSource.lottieImportTool

  /// The composition's size, scaled down (keeping its aspect) to fit `screen` when it is larger.
  static func fittedSize(_ size: Size, in screen: Size) -> Size {
    let factor = min(1, screen.width / size.width, screen.height / size.height)
    return Size((size.width * factor * 1000).rounded() / 1000, (size.height * factor * 1000).rounded() / 1000)
  }
}
