import Foundation

/// The limits a scene file is held to, because scene files come from anyone (a pull request's
/// scenes run in CI, often as root): each bounds what a small file can make the tool do, and is
/// far above what a real screen needs. The readers check them before anything is simulated and
/// refuse a scene past one with a message naming it; a caller that trusts its input raises them.
public struct InputLimits: Sendable, Hashable {
  /// Most layers a scene may expand to, after `repeat` and replicator instances. A screen holds
  /// hundreds of layers, a long list written out in full tens of thousands. Some of the work is
  /// per layer whatever the frames (a finding and its words per layer, a fix's edits): 200,000
  /// stacked layers each casting a shadow without a path, one frame, took 7.6 s and 592 MB for
  /// `optimize`, the slowest command, and 480,000 took 19.6 s and 1.2 GB (docs/security.md).
  public var maxLayers: Int
  /// Most layer-frames a scene may ask for: (layers + the layers timeline entries name) x frames,
  /// the frames counted at the timeline's frame rate or, without one, at 120 Hz (the fastest
  /// display). 3,000,000 holds a 1,000-layer screen for 25 s at 120 Hz, or a 10,000-layer list
  /// for 2.5 s. It is set by the slowest layer-frames measured, so that every command finishes
  /// in under 10 s on a 2-core CI machine: 400,000 stacked layers each casting a shadow without a
  /// path (an offscreen pass each) and hiding the ones below, 12 frames (4,800,012 layer-frames),
  /// took 6.5 s to `report` and 10.8 s for `optimize` to refuse it after its one
  /// simulation (which records the frames for the trials). Under both defaults, 199,999 of those
  /// layers over 1 to 14 frames take every command 7.6 s at most (docs/security.md; a 1,000-deep
  /// nest of animated rounded clips runs about 1.4 million layer-frames a second).
  public var maxLayerFrames: Int
  /// Most timeline entries (animations, content changes and scrolls together).
  public var maxTimelineEntries: Int
  /// Longest layer id, in characters: ids are repeated in every report, path and picture.
  public var maxIDLength: Int
  /// Longest string of any other kind (a name, a description, a target, a note), in characters.
  public var maxStringLength: Int
  /// Deepest nesting of layers (a sublayer or a mask is one level below its layer); real
  /// captures and animation precompositions nest a few dozen deep.
  public var maxDepth: Int

  public init(
    maxLayers: Int = 200_000, maxLayerFrames: Int = 3_000_000, maxTimelineEntries: Int = 100_000, maxIDLength: Int = 1_000,
    maxStringLength: Int = 100_000, maxDepth: Int = 1_000
  ) {
    self.maxLayers = maxLayers
    self.maxLayerFrames = maxLayerFrames
    self.maxTimelineEntries = maxTimelineEntries
    self.maxIDLength = maxIDLength
    self.maxStringLength = maxStringLength
    self.maxDepth = maxDepth
  }

  /// Most layers the timeline's entries may name, all entries together (a layer named by two
  /// entries counts twice): four times ``maxLayers``, so it rises and falls with it. Setting up a
  /// simulation costs memory and time for every layer named, however few frames run: a file of a
  /// few kilobytes whose thousands of `cell[*]` entries each name a hundred thousand cells would
  /// otherwise take gigabytes and minutes before its first frame, while a screen with a dozen
  /// animations over each of its layers stays far below.
  public var maxAnimatedLayers: Int {
    let (product, overflow) = maxLayers.multipliedReportingOverflow(by: 4)
    return overflow ? Int.max : product
  }

  /// The limits a scene file is read with unless the caller raises them.
  public static let standard = InputLimits()

  /// The frame rate the work budget assumes when a timeline gives none: the fastest display.
  public static let fastestRefreshRate = 120.0

  /// Why a scene of `layers` layers with `timeline` asks for too much work, or nil when it does
  /// not: (layers + timeline targets) x frames against ``maxLayerFrames``.
  public func workProblem(layers: Int, timeline: Timeline?) -> String? {
    var frames = 1.0
    var targets = 0
    if let timeline {
      frames = max(1, (timeline.duration * (timeline.frameRate ?? Self.fastestRefreshRate)).rounded())
      targets = timeline.animations.reduce(0) { $0 + $1.targets.count } + timeline.contentChanges.reduce(0) { $0 + $1.targets.count }
    }
    if targets > maxAnimatedLayers {
      return
        "the timeline's entries name \(NumberRange.grouped(Double(targets))) layers (a layer named by two entries counts twice); at most \(NumberRange.grouped(Double(maxAnimatedLayers))) may be named, four times the layer limit"
    }
    let work = Double(layers + targets) * frames
    guard work > Double(maxLayerFrames) else { return nil }
    let rate = timeline.map { $0.frameRate.map { "\(formatNumber($0)) Hz" } ?? "up to \(formatNumber(Self.fastestRefreshRate)) Hz" }
    var what = "\(NumberRange.grouped(Double(layers))) layer\(layers == 1 ? "" : "s")"
    if targets > 0 { what += " + \(NumberRange.grouped(Double(targets))) animated layer\(targets == 1 ? "" : "s")" }
    what += " x \(NumberRange.grouped(frames)) frame\(frames == 1 ? "" : "s")"
    if let rate { what += " at \(rate)" }
    return
      "the scene asks for \(NumberRange.grouped(work)) layer-frames (\(what)); the work budget is \(NumberRange.grouped(Double(maxLayerFrames)))"
  }

  /// The limits as docs/scene-format.md lists them: name, default, what it bounds.
  public var rows: [(name: String, value: Int, doc: String)] {
    [
      ("layers", maxLayers, "Layers after `repeat` and replicator instances."),
      (
        "layer-frames", maxLayerFrames,
        "(layers + layers named by timeline entries) x frames, at the timeline's `frameRate` or 120 Hz without one."
      ),
      ("timeline entries", maxTimelineEntries, "Animations, content changes and scrolls together."),
      (
        "animated layers", maxAnimatedLayers,
        "Layers named by timeline entries, all together (a layer named twice counts twice): four times the layer limit, raised with it."
      ),
      ("id length", maxIDLength, "Characters in one layer id."),
      ("string length", maxStringLength, "Characters in any other string: a name, a description, a target, a note."),
      ("layer depth", maxDepth, "Layers nested in one another (a sublayer or a mask is one level down)."),
    ]
  }
}
