import LayerTree

/// A check on an image a layer draws, as Instruments' Color Misaligned Images shows it: an
/// image the GPU resamples every frame. It costs no offscreen pass; the report counts it apart
/// (``ImageSummary``).
///
/// Each check is one type in `Sources/Compositor/Checks/`, registered in ``ImageChecks/all``
/// beside the offscreen rules, with its id, words, examples, condition and what the condition
/// depends on (``dependsOn``): adding a check is one file and one registry line.
public protocol ImageCheck: Sendable {
  /// A stable id, used in reports and CI baselines: `scaled-image`.
  var id: String { get }
  /// A short title: "Scaled image".
  var title: String { get }
  /// Why the image costs, in words.
  var reason: String { get }
  /// What fixes it, in words.
  var fix: String { get }
  /// Image layers that fail the check and layers that pass it, run by one parameterized test.
  /// An example's `passes` is 1 when the check reports the layer `subject`, 0 when it does not.
  var examples: [RuleExample] { get }
  /// True when the image fails the check. It runs on every frame the layer draws, so it builds
  /// no words: ``describe(_:)`` does.
  func evaluate(_ context: ImageCheckContext) -> Bool
  /// The finding's words for an image ``evaluate(_:)`` failed in the same context; called when the
  /// finding is first seen on the layer.
  func describe(_ context: ImageCheckContext) -> RuleWords
  /// Everything ``evaluate(_:)`` reads, when that is no more than some of ``ImageCheckInputs``: a
  /// run then asks the check again on a layer only when one of them changed since it last asked
  /// (a layer that only moves, as a scrolling list's do, keeps its answer). nil, the default: the
  /// check is asked every frame the layer draws.
  var dependsOn: ImageCheckInputs? { get }
}

extension ImageCheck {
  public var dependsOn: ImageCheckInputs? { nil }
}

/// What an image check's answer can depend on (``ImageCheck/dependsOn``); the screen's scale is
/// the same for a whole run.
public struct ImageCheckInputs: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The layer's size on screen: ``ImageCheckContext/screenRect``'s width and height.
  public static let screenSize = ImageCheckInputs(rawValue: 1 << 0)
  /// Where the layer starts on screen: ``ImageCheckContext/screenRect``'s origin.
  public static let screenOrigin = ImageCheckInputs(rawValue: 1 << 1)
  /// ``ImageCheckContext/axisAligned``.
  public static let axisAligned = ImageCheckInputs(rawValue: 1 << 2)
  /// The image's pixel size.
  public static let pixelSize = ImageCheckInputs(rawValue: 1 << 3)
  /// ``ImageCheckContext/contentsGravity``.
  public static let contentsGravity = ImageCheckInputs(rawValue: 1 << 4)
}

/// What an image check reads: the image, the layer that draws it and where the decide pass put
/// it, on a screen of `scale` pixels per point. Checks run on image layers that draw and are
/// not drawn by a rasterized ancestor's cached bitmap.
public struct ImageCheckContext {
  public internal(set) var image: ImageContents
  let tree: FlatTree
  let plans: NodePlans
  /// The layer's index in the tree.
  public internal(set) var index: Int
  public let scale: Double

  /// The layer's record's position in the plans, or -1 when the decide pass did not visit it.
  private var position: Int

  init(image: ImageContents, tree: FlatTree, plans: NodePlans, index: Int, scale: Double) {
    self.image = image
    self.tree = tree
    self.plans = plans
    self.index = index
    self.scale = scale
    position = index < plans.slots.count ? Int(plans.slots[index]) : -1
  }

  /// Moves the context to another image layer of the same frame, whose record is at `position`.
  mutating func move(to index: Int, position: Int, image: ImageContents) {
    self.index = index
    self.position = position
    self.image = image
  }

  /// The layer, as the scene writes it.
  public var layer: Layer { tree.layer(index) }
  /// The decide pass's plan of the layer.
  public var plan: NodePlan { plans[index] }
  /// The layer's `contentsGravity`.
  public var contentsGravity: ContentsGravity {
    @inline(__always) get {
      position >= 0 ? plans.props[position].contentsGravity : tree.layer(index).contentsGravity
    }
  }
  /// The layer's bounds on screen (axis-aligned bounding box), in points.
  public var screenRect: Rect {
    @inline(__always) get { position >= 0 ? plans.records[position].screenRect : Rect(0, 0, 0, 0) }
  }
  /// True when the layer's edges on screen are parallel to the screen's axes.
  public var axisAligned: Bool {
    @inline(__always) get { position < 0 || plans.records[position].axisAligned }
  }

  /// The layer's bounds on screen, in whole pixels.
  public var boundsPixels: Size {
    let rect = screenRect
    return Size(roundedToNearest(rect.width * scale), roundedToNearest(rect.height * scale))
  }
}
