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
  /// that device's, but its GPU and refresh rate may not be. The iPhone 12 has the iPhone 13
  /// Pro's screen, for example.
  case sameScreen(String)
  /// No catalogue device has this screen: write a device profile (``DeviceProfileFile``).
  case unknown

  /// The catalogue id of each model identifier (`utsname.machine`, or
  /// `SIMULATOR_MODEL_IDENTIFIER` on the simulator), from Apple's model numbering as DeviceKit
  /// lists it (`Device.mapToDevice(identifier:)`): iPhone7,2 iPhone 6; iPhone7,1 iPhone 6 Plus;
  /// iPhone9,1 and iPhone9,3 iPhone 7; iPhone10,3 and iPhone10,6 iPhone X; iPhone11,4 and
  /// iPhone11,6 iPhone XS Max; iPhone14,2 iPhone 13 Pro; iPhone16,1 iPhone 15 Pro; iPhone17,3
  /// iPhone 16; iPhone17,1 iPhone 16 Pro; iPhone17,2 iPhone 16 Pro Max; iPhone18,3 iPhone 17;
  /// iPhone18,4 iPhone Air; iPhone18,1 iPhone 17 Pro; iPhone18,2 iPhone 17 Pro Max; iPad5,3 and
  /// iPad5,4 iPad Air 2; iPad7,3 and iPad7,4 iPad Pro (10.5-inch); iPad8,1 to iPad8,4 iPad Pro
  /// (11-inch); iPad13,1 and iPad13,2 iPad Air (4th generation); iPad14,1 and iPad14,2 iPad mini
  /// (6th generation); iPad16,3 and iPad16,4 iPad Pro (11-inch) (M4).
  public static let models: [String: String] = [
    "iPhone7,2": "iphone-6",
    "iPhone7,1": "iphone-6-plus",
    "iPhone9,1": "iphone-7", "iPhone9,3": "iphone-7",
    "iPhone10,3": "iphone-x", "iPhone10,6": "iphone-x",
    "iPhone11,4": "iphone-xs-max", "iPhone11,6": "iphone-xs-max",
    "iPhone14,2": "iphone-13-pro",
    "iPhone16,1": "iphone-15-pro",
    "iPhone17,3": "iphone-16",
    "iPhone17,1": "iphone-16-pro",
    "iPhone17,2": "iphone-16-pro-max",
    "iPhone18,3": "iphone-17",
    "iPhone18,4": "iphone-air",
    "iPhone18,1": "iphone-17-pro",
    "iPhone18,2": "iphone-17-pro-max",
    "iPad5,3": "ipad-air-2", "iPad5,4": "ipad-air-2",
    "iPad7,3": "ipad-pro-10-5", "iPad7,4": "ipad-pro-10-5",
    "iPad8,1": "ipad-pro-11-2018", "iPad8,2": "ipad-pro-11-2018", "iPad8,3": "ipad-pro-11-2018", "iPad8,4": "ipad-pro-11-2018",
    "iPad13,1": "ipad-air-4", "iPad13,2": "ipad-air-4",
    "iPad14,1": "ipad-mini-6", "iPad14,2": "ipad-mini-6",
    "iPad16,3": "ipad-pro-11-m4", "iPad16,4": "ipad-pro-11-m4",
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
