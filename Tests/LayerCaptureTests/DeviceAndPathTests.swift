import Compositor
import LayerTree
import Testing

@testable import LayerCapture

@Suite("Device match and path shapes")
struct DeviceAndPathTests {
  static let catalogue = DeviceCatalogue.screens

  @Test func knownModels() {
    #expect(DeviceMatch.match(points: Size(390, 844), scale: 3, model: "iPhone14,2", catalogue: Self.catalogue) == .known("iphone-13-pro"))
    #expect(DeviceMatch.match(points: Size(667, 375), scale: 2, model: "iPhone9,3", catalogue: Self.catalogue) == .known("iphone-7"))
  }

  /// The iPhone 6s (iPhone8,1, not in the catalogue) has the iPhone 6's 375 x 667 pt @2x screen
  /// (Apple's specifications) but another GPU: the same screen, not the same device. Landscape
  /// points count as portrait. 375 x 667 @2x is also the iPhone 7's, 8's and the second and third
  /// SE's: the first id in order, iphone-6.
  @Test func sameScreenOtherModel() {
    #expect(DeviceMatch.match(points: Size(667, 375), scale: 2, model: "iPhone8,1", catalogue: Self.catalogue) == .sameScreen("iphone-6"))
    #expect(DeviceMatch.match(points: Size(375, 667), scale: 2, model: nil, catalogue: Self.catalogue) == .sameScreen("iphone-6"))
    // The iPhone 12 (iPhone13,2) is in the catalogue now: known, though the iPhone 13 Pro has
    // its 390 x 844 pt @3x screen too.
    #expect(DeviceMatch.match(points: Size(844, 390), scale: 3, model: "iPhone13,2", catalogue: Self.catalogue) == .known("iphone-12"))
  }

  /// The iPad Pro 12.9-inch (3rd generation, iPad8,5) has a 1024 x 1366 pt @2x screen (Apple's
  /// specifications): no catalogue device has it.
  @Test func unknownScreen() {
    #expect(DeviceMatch.match(points: Size(1024, 1366), scale: 2, model: "iPad8,5", catalogue: Self.catalogue) == .unknown)
    #expect(DeviceMatch.unknown.deviceID(profileID: "captured") == "captured")
  }

  /// Models added with the catalogue's newer devices, from DeviceKit's table: the iPhone 17 Pro
  /// is iPhone18,1, the iPad Air (4th generation) iPad13,1.
  @Test func newerModels() {
    #expect(DeviceMatch.match(points: Size(402, 874), scale: 3, model: "iPhone18,1", catalogue: Self.catalogue) == .known("iphone-17-pro"))
    #expect(DeviceMatch.match(points: Size(820, 1180), scale: 2, model: "iPad13,1", catalogue: Self.catalogue) == .known("ipad-air-4"))
    // An iPad Air 4 screen of an unlisted model: the same screen, which the iPad (A16) and the
    // iPad Air (11-inch, M3) have too; the first by id is ipad-a16.
    #expect(
      DeviceMatch.match(points: Size(1180, 820), scale: 2, model: "iPad13,99", catalogue: Self.catalogue) == .sameScreen("ipad-a16"))
    // The models added with the older and the current devices (DeviceKit's table).
    #expect(DeviceMatch.match(points: Size(320, 568), scale: 2, model: "iPhone6,1", catalogue: Self.catalogue) == .known("iphone-5s"))
    #expect(DeviceMatch.match(points: Size(390, 844), scale: 3, model: "iPhone17,5", catalogue: Self.catalogue) == .known("iphone-16e"))
    #expect(DeviceMatch.match(points: Size(1032, 1376), scale: 2, model: "iPad16,5", catalogue: Self.catalogue) == .known("ipad-pro-13-m4"))
  }

  /// Every model the table names is in the catalogue.
  @Test func everyModelIsACatalogueDevice() {
    for (model, id) in DeviceMatch.models {
      #expect(DeviceCatalogue.device(id: id) != nil, "\(model)")
    }
  }

  /// The iPad Pro 12.9-inch's profile: its screen, based on the catalogue device of the same scale
  /// nearest in area. 1024 x 1366 is 1,398,784 pt²; the largest 2x screens in the catalogue are
  /// the iPad Pro 13-inch M4 (1032 x 1376 = 1,420,032, 21,248 away) and 11-inch M4 (834 x 1210 =
  /// 1,009,140), so the 13-inch. The file reads back as a profile.
  @Test func unknownDevicesGetAProfileFile() throws {
    let file = DeviceProfileFile(model: "iPad8,5", points: Size(1366, 1024), scale: 2, refreshRate: 120, catalogue: Self.catalogue)
    #expect(file.basedOn == "ipad-pro-13-m4")
    #expect(file.id == "captured-ipad8-5-1024x1366-2x")
    let profile = try DeviceProfileReader.read(Array(file.json().utf8))
    #expect(profile.id == "captured-ipad8-5-1024x1366-2x")
    #expect(profile.screen == DeviceScreen(points: Size(1024, 1366), scale: 2))
    #expect(profile.refreshRate == 120)
    #expect(profile.gpuFamily == "Apple9")  // from the iPad Pro 13-inch M4
  }

  // MARK: Paths

  /// `UIBezierPath(rect:)`: a move, three lines, a close.
  @Test func rectPaths() {
    let elements: [PathShape.Element] = [
      .moveTo(Point(0, 0)), .lineTo(Point(10, 0)), .lineTo(Point(10, 5)), .lineTo(Point(0, 5)), .closeSubpath,
    ]
    #expect(PathShape.classify(elements, bounds: Rect(0, 0, 10, 5)) == .rect(Rect(0, 0, 10, 5)))
    // Four lines back to the start is the same rectangle.
    #expect(
      PathShape.classify(elements.dropLast() + [.lineTo(Point(0, 0)), .closeSubpath], bounds: Rect(0, 0, 10, 5)) == .rect(Rect(0, 0, 10, 5))
    )
  }

  /// `CGPath(ellipseIn:)`: a move to the right side's middle, four curves through the other
  /// sides' middles, a close.
  @Test func ellipsePaths() {
    let c = Point(0, 0)
    let elements: [PathShape.Element] = [
      .moveTo(Point(20, 10)), .curveTo(Point(10, 20), control1: c, control2: c), .curveTo(Point(0, 10), control1: c, control2: c),
      .curveTo(Point(10, 0), control1: c, control2: c), .curveTo(Point(20, 10), control1: c, control2: c), .closeSubpath,
    ]
    #expect(PathShape.classify(elements, bounds: Rect(0, 0, 20, 20)) == .ellipse(Rect(0, 0, 20, 20)))
  }

  /// A triangle and a slanted quadrilateral are other shapes; their points count (3 and 4 lines
  /// plus the move).
  @Test func otherPaths() {
    let triangle: [PathShape.Element] = [.moveTo(Point(0, 0)), .lineTo(Point(10, 0)), .lineTo(Point(5, 8)), .closeSubpath]
    #expect(PathShape.classify(triangle, bounds: Rect(0, 0, 10, 8)) == .other(bounds: Rect(0, 0, 10, 8), points: 3))
    let slanted: [PathShape.Element] = [
      .moveTo(Point(0, 0)), .lineTo(Point(10, 1)), .lineTo(Point(10, 5)), .lineTo(Point(0, 5)), .closeSubpath,
    ]
    #expect(PathShape.classify(slanted, bounds: Rect(0, 0, 10, 5)) == .other(bounds: Rect(0, 0, 10, 5), points: 4))
  }
}

/// The note of a capture for a named device: the view keeps the running device's layout. Screens
/// from the catalogue (the iPhone 13 Pro's 390 x 844 pt @3x, the iPhone 7's 375 x 667 pt @2x).
@Suite("Named devices")
struct NamedDeviceTests {
  static let running = RunningDevice(points: Size(390, 844), scale: 3, model: "iPhone14,2", systemVersion: "18.0")

  /// Another screen: the note names both screens, what stays the running device's, and its iOS.
  @Test func anotherScreenIsNoted() {
    #expect(
      Self.running.noteForNamedDevice("iphone-7", catalogue: DeviceCatalogue.screens)
        == "The scene is for iphone-7 (375 x 667 pt @2x), but the view was laid out and captured on the running device's screen (390 x 844 pt @3x): its frames, pixel grid, trait collection and iOS release (18.0) are the running device's; run the test on a simulator of iphone-7 for that device's layout."
    )
  }

  /// The same screen, upright or turned, needs no note; nor does an id the catalogue lacks.
  @Test func sameScreenIsNotNoted() {
    #expect(Self.running.noteForNamedDevice("iphone-13-pro", catalogue: DeviceCatalogue.screens) == nil)
    var turned = Self.running
    turned.points = Size(844, 390)
    #expect(turned.noteForNamedDevice("iphone-13-pro", catalogue: DeviceCatalogue.screens) == nil)
    #expect(Self.running.noteForNamedDevice("no-such-device", catalogue: DeviceCatalogue.screens) == nil)
  }

  /// Only the scale differs (the iPhone 6 Plus is 414 x 736 pt @3x; a 414 x 736 pt @2x screen is
  /// not it).
  @Test func anotherScaleIsNoted() {
    let running = RunningDevice(points: Size(414, 736), scale: 2, model: nil, systemVersion: "17.4")
    let note = running.noteForNamedDevice("iphone-6-plus", catalogue: DeviceCatalogue.screens)
    #expect(
      note?.hasPrefix(
        "The scene is for iphone-6-plus (414 x 736 pt @3x), but the view was laid out and captured on the running device's screen (414 x 736 pt @2x)"
      ) == true)
  }
}
