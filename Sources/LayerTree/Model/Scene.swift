/// A scene file, decoded: which device and iOS version, and the layer tree to render.
public struct Scene: Sendable, Hashable {
  /// The format version this tool reads and writes.
  public static let formatVersion = 1

  public var name: String
  public var description: String
  /// The device id the scene is meant for (`iphone-6-plus`); `--device` can override it.
  public var device: String
  public var iosVersion: OSVersion
  public var root: Layer
  /// What changes over time; nil for a single frame.
  public var timeline: Timeline?
  /// Limits `offscreen-sim check` holds the scene to; nil when the file sets none.
  public var budgets: Budgets?
  /// Where an imported or captured scene came from; nil for a scene written by hand.
  public var source: SceneSource?

  public init(
    name: String = "", description: String = "", device: String, iosVersion: OSVersion = .latest, root: Layer,
    timeline: Timeline? = nil, budgets: Budgets? = nil, source: SceneSource? = nil
  ) {
    self.name = name
    self.description = description
    self.device = device
    self.iosVersion = iosVersion
    self.root = root
    self.timeline = timeline
    self.budgets = budgets
    self.source = source
  }

  /// Total layers in the tree, masks included.
  public var layerCount: Int { root.subtreeCount }
}

/// An iOS version, `major.minor`. Rules that changed across releases follow it.
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int

  public init(_ major: Int, _ minor: Int = 0) {
    self.major = major
    self.minor = minor
  }

  /// The version a scene gets when it names none.
  public static let latest = OSVersion(17, 0)

  /// Parses `"10"`, `"10.2"` or `"10.2.1"` (the patch is ignored).
  public init?(parsing text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let major = Int(parts[0]), major >= 1, major < 100
    else { return nil }
    var minor = 0
    if parts.count > 1 {
      guard let value = Int(parts[1]), value >= 0, value < 100 else { return nil }
      minor = value
    }
    if parts.count > 2, Int(parts[2]) == nil { return nil }
    self.init(major, minor)
  }

  public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

  public var description: String { "\(major).\(minor)" }
}

/// What the scene reader needs to know of a device: its screen.
public struct DeviceScreen: Sendable, Hashable {
  /// The screen's size in points, portrait.
  public var points: Size
  /// The UIKit scale factor (points to rendered pixels).
  public var scale: Double

  public init(points: Size, scale: Double) {
    self.points = points
    self.scale = scale
  }

  public var bounds: Rect { Rect(0, 0, points.width, points.height) }
}

/// Where an imported or captured scene came from: the tool that wrote it, the file it read, the
/// frames it took, and what the import could not carry over. Written back by the encoder and
/// shown in reports; it changes nothing in the simulation.
public struct SceneSource: Sendable, Hashable {
  /// The program that made the scene, with its version: `"offscreen-sim import lottie 1.0"`.
  public var tool: String
  /// The input file, as the tool named it.
  public var file: String?
  /// The first and last frame taken from the input (an animation's in and out points, a
  /// capture's frame numbers).
  public var frames: ClosedRange<Double>?
  /// What the import left out or approximated, one note a line.
  public var notes: [String]

  /// The `tool` of a scene `offscreen-sim import lottie` made: its layers are the ones lottie-ios'
  /// Core Animation engine builds for an animation, which the animation's author changes only
  /// through the animation (docs/lottie.md).
  public static let lottieImportTool = "offscreen-sim import lottie"

  public init(tool: String, file: String? = nil, frames: ClosedRange<Double>? = nil, notes: [String] = []) {
    self.tool = tool
    self.file = file
    self.frames = frames
    self.notes = notes
  }
}
