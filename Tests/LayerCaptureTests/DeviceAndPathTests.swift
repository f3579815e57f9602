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

  /// The iPhone 12 (iPhone13,2) has the iPhone 13 Pro's 390 x 844 pt @3x screen (Apple's
  /// specifications) but another GPU: the same screen, not the same device. Landscape points
  /// count as portrait.
  @Test func sameScreenOtherModel() {
    #expect(
      DeviceMatch.match(points: Size(844, 390), scale: 3, model: "iPhone13,2", catalogue: Self.catalogue) == .sameScreen("iphone-13-pro"))
    // 375 x 667 @2x is both the iPhone 6 and the iPhone 7: the first id in order.
    #expect(DeviceMatch.match(points: Size(375, 667), scale: 2, model: nil, catalogue: Self.catalogue) == .sameScreen("iphone-6"))
  }

  @Test func unknownScreen() {
    #expect(DeviceMatch.match(points: Size(820, 1180), scale: 2, model: "iPad13,18", catalogue: Self.catalogue) == .unknown)
    #expect(DeviceMatch.unknown.deviceID(profileID: "captured") == "captured")
  }

  /// Every model the table names is in the catalogue.
  @Test func everyModelIsACatalogueDevice() {
    for (model, id) in DeviceMatch.models {
      #expect(DeviceCatalogue.device(id: id) != nil, "\(model)")
    }
  }

  /// An iPad's profile: its screen, based on the catalogue device of the same scale (2x: the
  /// iPhone 6 and 7, both 375 x 667 pt) nearest in area; the file reads back as a profile.
  @Test func unknownDevicesGetAProfileFile() throws {
    let file = DeviceProfileFile(model: "iPad13,18", points: Size(1180, 820), scale: 2, refreshRate: 60, catalogue: Self.catalogue)
    #expect(file.basedOn == "iphone-6")
    #expect(file.id == "captured-ipad13-18-820x1180-2x")
    let profile = try DeviceProfileReader.read(Array(file.json().utf8))
    #expect(profile.id == "captured-ipad13-18-820x1180-2x")
    #expect(profile.screen == DeviceScreen(points: Size(820, 1180), scale: 2))
    #expect(profile.refreshRate == 60)
    #expect(profile.gpuFamily == "Apple2")  // from the iPhone 6
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
