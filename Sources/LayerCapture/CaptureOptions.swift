import LayerTree

/// How ``SceneCapture`` writes a scene: for which device, at which screen scale, and whether a
/// scroll view scrolls.
public struct CaptureOptions: Sendable, Hashable {
  /// The scene's device id (`iphone-13-pro`); ``DeviceMatch`` finds it for the running device.
  public var device: String
  /// The scale of the screen the tree was laid out on: frames are snapped to its pixel grid.
  public var scale: Double
  public var iosVersion: OSVersion
  public var name: String
  /// A scroll to simulate; nil: one frame, the screen as captured.
  public var scroll: ScrollRequest?

  public init(device: String, scale: Double, iosVersion: OSVersion = .latest, name: String = "", scroll: ScrollRequest? = nil) {
    self.device = device
    self.scale = scale
    self.iosVersion = iosVersion
    self.name = name
    self.scroll = scroll
  }

  /// Layers nested deeper than this are left out (the scene format's depth limit).
  public static let maxDepth = 1_000
}

/// A scroll of one captured scroll view, simulated from where it was captured.
///
/// The scroll view's sublayers are written in content coordinates and its captured
/// `contentOffset` becomes the scroll's start; a table or collection view's visible cells become
/// a reuse pool (``SceneCapture`` explains how).
public struct ScrollRequest: Sendable, Hashable {
  /// The scroll view: its accessibility identifier, its id in the scene, or the end of its path
  /// (`FeedView/UITableView`); nil: the first table or collection view, depth first.
  public var target: String?
  public var motion: Scroll.Motion
  /// Seconds to simulate.
  public var duration: Double
  /// Frames per second; nil: the device's refresh rate.
  public var frameRate: Double?

  public init(target: String? = nil, motion: Scroll.Motion, duration: Double, frameRate: Double? = nil) {
    self.target = target
    self.motion = motion
    self.duration = duration
    self.frameRate = frameRate
  }

  /// A fling at `velocity` points per second with UIKit's normal deceleration (0.998 a
  /// millisecond), simulated for `duration` seconds.
  public static func fling(_ velocity: Double, target: String? = nil, duration: Double = 1) -> ScrollRequest {
    ScrollRequest(target: target, motion: .fling(velocity: velocity, decelerationRate: Scroll.normalDeceleration), duration: duration)
  }
}

/// A scene captured from a live tree, with what the capture could not carry over.
public struct CapturedScene: Sendable {
  public var scene: Scene
  /// What the scene format cannot state and what the capture assumed, one sentence each.
  public var notes: [String]

  public init(scene: Scene, notes: [String] = []) {
    self.scene = scene
    self.notes = notes
  }
}

/// Why a capture could not be made as asked.
public struct CaptureError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
