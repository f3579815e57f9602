import Foundation
import LayerTree

/// The catalogue device a running device is, from what `UIDevice` and `UIScreen` say.
///
/// ```swift
/// DeviceMatch.match(points: Size(390, 844), scale: 3, model: "iPhone14,2", catalogue: screens)
/// // .known("iphone-13-pro")
/// ```
public enum DeviceMatch: Sendable, Hashable {
  /// The model is a catalogue device.
  case known(String)
  /// Another model with a catalogue device's screen (points and scale): the scene's layout is
  /// that device's, but its GPU and refresh rate may not be. The iPhone 6s has the iPhone 6's
  /// screen, for example.
  case sameScreen(String)
  /// No catalogue device has this screen: write a device profile (``DeviceProfileFile``).
  case unknown

  /// The catalogue id of each model identifier (`utsname.machine`, or
  /// `SIMULATOR_MODEL_IDENTIFIER` on the simulator), from Apple's model numbering as DeviceKit
  /// lists it (`Device.mapToDevice(identifier:)`), one line a device below.
  public static let models: [String: String] = [
    "iPhone4,1": "iphone-4s",
    "iPod5,1": "ipod-touch-5",
    "iPhone5,1": "iphone-5", "iPhone5,2": "iphone-5",
    "iPhone6,1": "iphone-5s", "iPhone6,2": "iphone-5s",
    "iPhone7,2": "iphone-6",
    "iPhone7,1": "iphone-6-plus",
    "iPhone9,1": "iphone-7", "iPhone9,3": "iphone-7",
    "iPhone10,1": "iphone-8", "iPhone10,4": "iphone-8",
    "iPhone10,2": "iphone-8-plus", "iPhone10,5": "iphone-8-plus",
    "iPhone10,3": "iphone-x", "iPhone10,6": "iphone-x",
    "iPhone11,2": "iphone-xs",
    "iPhone11,4": "iphone-xs-max", "iPhone11,6": "iphone-xs-max",
    "iPhone11,8": "iphone-xr",
    "iPhone12,1": "iphone-11",
    "iPhone12,3": "iphone-11-pro",
    "iPhone12,5": "iphone-11-pro-max",
    "iPhone12,8": "iphone-se-2",
    "iPhone13,1": "iphone-12-mini",
    "iPhone13,2": "iphone-12",
    "iPhone13,3": "iphone-12-pro",
    "iPhone13,4": "iphone-12-pro-max",
    "iPhone14,4": "iphone-13-mini",
    "iPhone14,5": "iphone-13",
    "iPhone14,2": "iphone-13-pro",
    "iPhone14,3": "iphone-13-pro-max",
    "iPhone14,6": "iphone-se-3",
    "iPhone14,7": "iphone-14",
    "iPhone14,8": "iphone-14-plus",
    "iPhone15,2": "iphone-14-pro",
    "iPhone15,3": "iphone-14-pro-max",
    "iPhone15,4": "iphone-15",
    "iPhone15,5": "iphone-15-plus",
    "iPhone16,1": "iphone-15-pro",
    "iPhone16,2": "iphone-15-pro-max",
    "iPhone17,3": "iphone-16",
    "iPhone17,4": "iphone-16-plus",
    "iPhone17,5": "iphone-16e",
    "iPhone17,1": "iphone-16-pro",
    "iPhone17,2": "iphone-16-pro-max",
    "iPhone18,3": "iphone-17",
    "iPhone18,4": "iphone-air",
    "iPhone18,1": "iphone-17-pro",
    "iPhone18,2": "iphone-17-pro-max",
    "iPad3,1": "ipad-3", "iPad3,2": "ipad-3", "iPad3,3": "ipad-3",
    "iPad3,4": "ipad-4", "iPad3,5": "ipad-4", "iPad3,6": "ipad-4",
    "iPad4,1": "ipad-air", "iPad4,2": "ipad-air", "iPad4,3": "ipad-air",
    "iPad4,4": "ipad-mini-2", "iPad4,5": "ipad-mini-2", "iPad4,6": "ipad-mini-2",
    "iPad5,3": "ipad-air-2", "iPad5,4": "ipad-air-2",
    "iPad7,3": "ipad-pro-10-5", "iPad7,4": "ipad-pro-10-5",
    "iPad8,1": "ipad-pro-11-2018", "iPad8,2": "ipad-pro-11-2018", "iPad8,3": "ipad-pro-11-2018", "iPad8,4": "ipad-pro-11-2018",
    "iPad13,1": "ipad-air-4", "iPad13,2": "ipad-air-4",
    "iPad14,1": "ipad-mini-6", "iPad14,2": "ipad-mini-6",
    "iPad15,7": "ipad-a16", "iPad15,8": "ipad-a16",
    "iPad16,1": "ipad-mini-a17-pro", "iPad16,2": "ipad-mini-a17-pro",
    "iPad15,3": "ipad-air-11-m3", "iPad15,4": "ipad-air-11-m3",
    "iPad16,3": "ipad-pro-11-m4", "iPad16,4": "ipad-pro-11-m4",
    "iPad16,5": "ipad-pro-13-m4", "iPad16,6": "ipad-pro-13-m4",
  ]

  /// Which catalogue device a device with this screen and model is.
  ///
  /// - Parameters:
  ///   - points: the screen's size in points, either orientation (`UIScreen.bounds.size`).
  ///   - scale: `UIScreen.scale`.
  ///   - model: the model identifier, when known (`iPhone14,2`).
  ///   - catalogue: the known devices' screens by id (`DeviceCatalogue.screens`).
  public static func match(points: Size, scale: Double, model: String?, catalogue: [String: DeviceScreen]) -> DeviceMatch {
    if let model, let id = models[model], catalogue[id] != nil { return .known(id) }
    let portrait = Size(min(points.width, points.height), max(points.width, points.height))
    let same = catalogue.filter { $0.value.points == portrait && $0.value.scale == scale }.keys.sorted()
    if let id = same.first { return .sameScreen(id) }
    return .unknown
  }

  /// The id the scene names: the catalogue device's, or `profileID` for an unknown one.
  public func deviceID(profileID: String) -> String {
    switch self {
    case .known(let id), .sameScreen(let id): return id
    case .unknown: return profileID
    }
  }
}

/// A device profile for a device the catalogue does not have, as `--device-file` reads it: the
/// screen measured on the device, everything else from the nearest catalogue device
/// (`basedOn`).
public struct DeviceProfileFile: Sendable, Hashable {
  public var id: String
  public var name: String
  public var basedOn: String
  public var points: Size
  public var scale: Double
  public var refreshRate: Double?

  /// A profile for a screen of `points` at `scale`: based on the catalogue device of the same
  /// scale whose screen area is nearest (any scale when none has it), named after the model.
  public init(model: String?, points: Size, scale: Double, refreshRate: Double?, catalogue: [String: DeviceScreen]) {
    let portrait = Size(min(points.width, points.height), max(points.width, points.height))
    let area = portrait.width * portrait.height
    let sameScale = catalogue.filter { $0.value.scale == scale }
    let candidates = sameScale.isEmpty ? catalogue : sameScale
    basedOn =
      candidates.min { lhs, rhs in
        let l = abs(lhs.value.points.width * lhs.value.points.height - area)
        let r = abs(rhs.value.points.width * rhs.value.points.height - area)
        return l != r ? l < r : lhs.key < rhs.key
      }?.key ?? ""
    self.points = portrait
    self.scale = scale
    self.refreshRate = refreshRate
    let screen = "\(formatNumber(portrait.width))x\(formatNumber(portrait.height))-\(formatNumber(scale))x"
    id = LayerIDs.valid("captured-" + (model.map { $0.lowercased().replacingOccurrences(of: ",", with: "-") + "-" } ?? "") + screen)
    name = model ?? "Captured device \(screen)"
  }

  /// The profile as JSON.
  public func json() -> String {
    var members: [(String, JSONOutput)] = [
      ("id", .string(id)), ("name", .string(name)), ("basedOn", .string(basedOn)),
      ("points", .array([.number(points.width), .number(points.height)])), ("scale", .number(scale)),
    ]
    if let refreshRate { members.append(("refreshRate", .number(refreshRate))) }
    return JSONOutput.object(members).rendered(lineWidth: 140)
  }
}
