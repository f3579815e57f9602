import Compositor
import LayerTree

/// Why a file could not be read.
public enum FileProblem: Error, Sendable, Equatable {
  case missing
  case directory
  case unreadable
}

/// An input a batch could not use. Each names the file it is about, as the caller gave it;
/// the command line turns them into messages.
public enum BatchFailure: Error, Sendable {
  case unreadable(path: String, FileProblem)
  /// The file is not JSON: where the reader stopped, and why.
  case invalidJSON(path: String, location: SourceLocation, message: String)
  /// The scene reader's problems, each with its place.
  case invalidScene(path: String, SceneErrors)
  /// A saved report's problems, each with its place.
  case invalidReport(path: String, SceneErrors)
  /// The scene runs on a device no profile describes.
  case unknownDevice(path: String, device: String)
  /// A figure of the simulation came out infinite or not a number: it measures nothing
  /// (``SimulationReport/firstNonFiniteFigure``).
  case nonFiniteFigure(path: String, figure: String, value: Double, deviceName: String)
  /// A saved report was asked for on devices other than the one it was made on.
  case reportOnOtherDevice(path: String, madeOn: String, asked: [String])
  /// Two inputs name different devices and no device was asked for.
  case devicesDisagree(before: String, after: String, first: NamedDevice, other: NamedDevice)
  /// Two inputs whose timelines (duration, frame rate) differ cannot be compared.
  case timelinesDiffer(before: String, after: String, beforeSnapshot: MetricSnapshot, afterSnapshot: MetricSnapshot)

  /// An input and the device it names.
  public struct NamedDevice: Sendable, Equatable {
    public var path: String
    public var device: String
    public init(path: String, device: String) {
      self.path = path
      self.device = device
    }
  }

  /// The file the failure is about.
  public var path: String {
    switch self {
    case .unreadable(let path, _), .invalidJSON(let path, _, _), .invalidScene(let path, _), .invalidReport(let path, _),
      .unknownDevice(let path, _), .nonFiniteFigure(let path, _, _, _), .reportOnOtherDevice(let path, _, _):
      return path
    case .devicesDisagree(_, let after, _, _), .timelinesDiffer(_, let after, _, _):
      return after
    }
  }
}
