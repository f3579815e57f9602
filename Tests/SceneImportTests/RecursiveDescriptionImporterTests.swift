import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@testable import SceneImport

let packageRoot = Repository.root

/// The importer on dumps written for each case.
@Suite("recursiveDescription importer")
struct RecursiveDescriptionImporterTests {
  static let options = RecursiveDescriptionImporter.Options(screens: DeviceCatalogue.screens)

  func importDump(_ text: String, options: RecursiveDescriptionImporter.Options = options) throws -> ImportedScene {
    try RecursiveDescriptionImporter.importScene(Array(text.utf8), options: options)
  }

  func problems(_ text: String) -> [Diagnostic] {
    do {
      _ = try RecursiveDescriptionImporter.importScene(Array(text.utf8), options: Self.options)
      return []
    } catch {
      return error.diagnostics
    }
  }

  @Test func whatTheDumpHasBecomesLayerKeys() throws {
    let imported = try importDump(
      """
      <UIView: 0x1; frame = (0 0; 390 844); backgroundColor = <UIDynamicSystemColor: 0x2; name = systemBackgroundColor>; layer = <CALayer: 0x3>>
         | <Shop.CardView: 0x4; baseClass = UIControl; frame = (16 100; 358 120); clipsToBounds = YES; alpha = 0.5; backgroundColor = UIExtendedSRGBColorSpace 0 0.478431 1 1; layer = <CALayer: 0x5>>
         |    | <UILabel: 0x6; frame = (12 8; 200 20.3333); text = 'Hello'; userInteractionEnabled = NO; backgroundColor = UIExtendedGrayColorSpace 0 0; layer = <_UILabelLayer: 0x7>>
         |    | <UIImageView: 0x8; frame = (12 40; 40 40); opaque = NO; layer = <CALayer: 0x9>>
         |    | <UIView: 0xa; frame = (0 119.667; 358 0.333333); hidden = YES; backgroundColor = <UIDynamicSystemColor: 0xb; name = separatorColor>; layer = <CALayer: 0xc>>
      """)
    let scene = imported.scene
    // 390 x 844 pt is the screen of six catalogue devices (docs/scene-format.md, Devices): the
    // iPhone 12, 12 Pro, 13, 13 Pro, 14 and 16e; the first by id is iphone-12.
    #expect(scene.device == "iphone-12")
    #expect(scene.root.id == "root")
    #expect(scene.root.backgroundColor == .white)
    let card = scene.root.sublayers[0]
    #expect(card.id == "CardView")
    #expect(card.frame == Rect(16, 100, 358, 120))
    #expect(card.masksToBounds)
    #expect(card.opacity == 0.5)
    #expect(card.backgroundColor == Color(red: 0, green: 0.478431, blue: 1))
    let label = card.sublayers[0]
    #expect(label.id == "UILabel")
    // 20.3333 pt is 61 px at 3x: on the grid.
    #expect(label.frame == Rect(12, 8, 200, 61.0 / 3))
    #expect(label.contents == .text(TextContents(characters: 5)))
    #expect(label.backgroundColor == .clear)
    #expect(!label.isOpaque)
    // An image view shows an image of its own size: 40 pt at 3x is 120 px.
    #expect(card.sublayers[1].contents == .image(ImageContents(pixelSize: Size(120, 120))))
    let separator = card.sublayers[2]
    #expect(separator.id == "UIView")
    #expect(separator.isHidden)
    #expect(separator.backgroundColor == SystemColors.rgb(60, 60, 67, 0.29))
    #expect(imported.notes.first == RecursiveDescriptionImporter.lowerBoundNote)
    #expect(
      imported.notes.contains {
        $0.hasPrefix("The device is iphone-12")
          && $0.contains("iphone-12-pro, iphone-13, iphone-13-pro, iphone-14, iphone-16e have the same screen")
      })
  }

  /// A table scrolled by 120 pt shows the cell at content y 150 at y 30.
  @Test func contentOffsetMovesTheSubviews() throws {
    let scene = try importDump(
      """
      <UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
         | <UITableView: 0x3; frame = (0 100; 390 600); clipsToBounds = YES; layer = <CALayer: 0x4>; contentOffset: {0, 120}; contentSize: {390, 2000}; adjustedContentInset: {0, 0, 0, 0}>
         |    | <UITableViewCell: 0x5; frame = (0 150; 390 44); layer = <CALayer: 0x6>>
         |    |    | <UITableViewCellContentView: 0x7; frame = (0 0; 390 44); layer = <CALayer: 0x8>>
      """
    ).scene
    let table = scene.root.sublayers[0]
    #expect(table.frame == Rect(0, 100, 390, 600))
    #expect(table.sublayers[0].frame == Rect(0, 30, 390, 44))
    // Only the scroll view's own subviews move: the cell's content view stays at its origin.
    #expect(table.sublayers[0].sublayers[0].frame == Rect(0, 0, 390, 44))
  }

  /// A 100 x 100 view turned by 22.5 degrees about its centre (50, 50): UIKit prints the
  /// bounding box, 100 (cos 22.5° + sin 22.5°) = 130.656 wide, centred on (50, 50).
  @Test func transformedViewsGetTheirUntransformedFrame() throws {
    let scene = try importDump(
      """
      <UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
         | <UIView: 0x3; frame = (-15.3281 -15.3281; 130.656 130.656); transform = [0.92387953251128674, 0.38268343236508978, -0.38268343236508978, 0.92387953251128674, 0, 0]; backgroundColor = UIExtendedGrayColorSpace 0 1; layer = <CALayer: 0x4>>
      """
    ).scene
    let turned = scene.root.sublayers[0]
    #expect(abs(turned.frame.x) < 0.01 && abs(turned.frame.y) < 0.01)
    #expect(abs(turned.frame.width - 100) < 0.01 && abs(turned.frame.height - 100) < 0.01)
    #expect(abs(turned.transform.rotationDegrees - 22.5) < 1e-6)
    #expect(abs(turned.transform.scaleX - 1) < 1e-9)
  }

  @Test func classNamesBecomeShortUniqueIDs() throws {
    let scene = try importDump(
      """
      <UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
         | <Adyen.FormSpacerItemView: 0x3; frame = (0 0; 390 8); layer = <CALayer: 0x4>>
         | <_TtCC5Adyen17FormContainerItemP33_6CC626EA3D8ECC5BCCC946E678B5BDA817FormContainerView: 0x5; frame = (0 8; 390 36); layer = <CALayer: 0x6>>
         | <Adyen.FormSpacerItemView: 0x7; frame = (0 44; 390 8); layer = <CALayer: 0x8>>
         | <Shop.Box<Shop.Item>: 0x9; frame = (0 52; 390 8); layer = <CALayer: 0xa>>
      """
    ).scene
    #expect(scene.root.sublayers.map(\.id) == ["FormSpacerItemView", "FormContainerView", "FormSpacerItemView-2", "Box"])
  }

  /// The effect view's backdrop and its subview are the blur itself; the content view is kept.
  @Test func visualEffectViews() throws {
    let scene = try importDump(
      """
      <UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
         | <UIVisualEffectView: 0x3; frame = (0 0; 390 100); layer = <CALayer: 0x4>>
         |    | <_UIVisualEffectBackdropView: 0x5; frame = (0 0; 390 100); autoresize = W+H; userInteractionEnabled = NO; layer = <UICABackdropLayer: 0x6>>
         |    | <_UIVisualEffectSubview: 0x7; frame = (0 0; 390 100); autoresize = W+H; userInteractionEnabled = NO; layer = <CALayer: 0x8>>
         |    | <_UIVisualEffectContentView: 0x9; frame = (0 0; 390 100); autoresize = W+H; layer = <CALayer: 0xa>>
      """
    ).scene
    let effect = scene.root.sublayers[0]
    #expect(effect.kind == .visualEffect(VisualEffect(style: .blur)))
    #expect(effect.sublayers.map(\.id) == ["_UIVisualEffectContentView"])
  }

  @Test func layerLinesAreLeftOutAndCounted() throws {
    let imported = try importDump(
      """
      <UILabel: 0x1; frame = (0 0; 390 844); text = 'haha'; layer = <_UILabelLayer: 0x2>>
         | <_UILabelContentLayer: 0x3> (layer)
      """)
    #expect(imported.scene.root.sublayers.isEmpty)
    #expect(imported.notes.contains("1 sublayer without a view (`(layer)` lines) has no frame in the dump and is left out."))
  }

  @Test func cutTextCountsWhatIsPrinted() throws {
    let imported = try importDump(
      "<UILabel: 0x1; frame = (0 0; 390 844); text = 'Get the code from your ba...'; layer = <_UILabelLayer: 0x2>>")
    #expect(imported.scene.root.contents == .text(TextContents(characters: 25)))
    #expect(imported.notes.contains { $0.hasPrefix("1 label's text is cut at 25 characters") })
  }

  @Test func aNamedDeviceWins() throws {
    var options = Self.options
    options.device = "iphone-7"
    options.iosVersion = OSVersion(12, 4)
    let imported = try importDump(
      "<UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>\n   | <UIImageView: 0x3; frame = (0 0; 10 10); layer = <CALayer: 0x4>>",
      options: options)
    #expect(imported.scene.device == "iphone-7")
    #expect(imported.scene.iosVersion == OSVersion(12, 4))
    // The iPhone 7 is 2x: a 10 pt image view shows 20 px.
    #expect(imported.scene.root.sublayers[0].contents == .image(ImageContents(pixelSize: Size(20, 20))))
    #expect(!imported.notes.contains { $0.hasPrefix("The device is") || $0.hasPrefix("The dump does not say") })
  }

  @Test func colourDescriptions() {
    #expect(UIKitColorDescription.color("UIExtendedGrayColorSpace 0 0.35") == Color(red: 0, green: 0, blue: 0, alpha: 0.35))
    #expect(UIKitColorDescription.color("UIDeviceRGBColorSpace 1 0 0 1") == Color(red: 1, green: 0, blue: 0))
    #expect(UIKitColorDescription.color("UIExtendedSRGBColorSpace 1.2 -0.1 0 1") == Color(red: 1, green: 0, blue: 0))
    #expect(
      UIKitColorDescription.color("<UIDynamicSystemColor: 0x6000; name = tertiarySystemFillColor>") == SystemColors.rgb(118, 118, 128, 0.12)
    )
    #expect(UIKitColorDescription.color("<UIDynamicProviderColor: 0x6000; provider = <__NSMallocBlock__: 0x6>>") == nil)
    #expect(UIKitColorDescription.color("red") == nil)
  }

  @Test func unreadColoursAreOpaqueAndNoted() throws {
    let imported = try importDump(
      "<UIView: 0x1; frame = (0 0; 390 844); backgroundColor = <UIDynamicProviderColor: 0x6; provider = <__NSMallocBlock__: 0x7>>; layer = <CALayer: 0x2>>"
    )
    #expect(imported.scene.root.backgroundColor?.isOpaque == true)
    #expect(imported.notes.contains { $0.hasPrefix("Colours the dump does not spell out are taken as opaque: `<UIDynamicProviderColor") })
  }

  // MARK: Bad input

  @Test func badValuesNameTheirLineAndColumn() {
    let found = problems(
      """
      <UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
         | <UIView: 0x3; frame = (0 0; 10); layer = <CALayer: 0x4>>
         | <UIView: 0x5; frame = (0 0; 10 10); alpha = 1.5; hidden = MAYBE; layer = <CALayer: 0x6>>
         | <UIView: 0x7; layer = <CALayer: 0x8>>
         | <UIView: 0x9; frame = (0 0; 1e999 10); layer = <CALayer: 0xa>>
      """)
    #expect(found.map(\.location?.line) == [2, 3, 3, 4, 5])
    #expect(found[0].message == "`frame`: expected `frame = (x y; width height)` (4 numbers), found `(0 0; 10)`")
    // After `   | ` (5 bytes) and `<UIView: 0x3; frame = ` (22): column 28.
    #expect(found[0].location?.column == 28)
    #expect(found[1].message == "`alpha`: expected a number from 0 to 1, found 1.5")
    #expect(found[2].message == "`hidden`: expected YES or NO for `hidden`, found `MAYBE`")
    #expect(found[3].message == "the description of `UIView` has no `frame = (x y; width height)`")
    #expect(found[4].message == "`frame`: expected finite numbers within a million points, found `1e999`")
  }

  /// Printed numbers are within a million points, but a view shrunk by its transform has bounds
  /// larger than its printed frame: scaled by 2^-14 (6.103515625e-05, exact in binary), a view
  /// printed 1,000 pt wide is 1,000 x 2^14 = 16,384,000 pt wide, past the scene format's
  /// 10,000,000 (the determinant 2^-28, about 3.7e-9, is above the 1e-9 under which the importer
  /// guesses a square). Reported at the transform: after `   | ` (5 bytes) and
  /// `<UIView: 0x3; frame = (0 0; 1000 1000); transform = ` (52), column 58.
  @Test func boundsPastTheSceneFormatsRangeAreAnError() throws {
    let found = problems(
      """
      <UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
         | <UIView: 0x3; frame = (0 0; 1000 1000); transform = [6.103515625e-05, 0, 0, 6.103515625e-05, 0, 0]; layer = <CALayer: 0x4>>
      """)
    #expect(found.count == 1)
    #expect(found.first?.location == SourceLocation(line: 2, column: 58))
    // About the printed frame's centre (500, 500): 500 - 16,384,000 / 2 = -8,191,500.
    #expect(
      found.first?.message
        == "`transform`: the frame before the transform, (-8191500 -8191500; 16384000 16384000), reaches past 10,000,000 pt, the scene format's limit"
    )
  }

  /// An image view's bitmap is taken as its frame at the screen's scale, at most the scene
  /// format's 10,000,000 px a side: scaled by 2^-12 (0.000244140625), a view printed 1,000 pt
  /// wide is 4,096,000 pt wide, 12,288,000 px at 3x. The scene is written and read back.
  @Test func anImageViewsBitmapIsHeldToTheLargest() throws {
    let scene = try importDump(
      """
      <UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
         | <UIImageView: 0x3; frame = (0 0; 1000 1000); transform = [0.000244140625, 0, 0, 0.000244140625, 0, 0]; layer = <CALayer: 0x4>>
      """
    ).scene
    let image = scene.root.sublayers[0]
    #expect(image.frame.width == 4_096_000)
    #expect(image.contents == .image(ImageContents(pixelSize: Size(10_000_000, 10_000_000))))
    #expect(scene.firstValueOutOfRange() == nil)
    let written = try SceneEncoder.rendered(scene)
    #expect(throws: Never.self) { try SceneDecoder.decode(Array(written.utf8), options: .init(devices: DeviceCatalogue.screens)) }
  }

  @Test func unknownScreenAsksForADevice() {
    let found = problems("<UIView: 0x1; frame = (0 0; 1024 1366); layer = <CALayer: 0x2>>")
    #expect(found.count == 1)
    #expect(found[0].message.contains("no known device has a 1024 x 1366 pt screen"))
    #expect(found[0].message.contains("--device"))
  }

  /// Without --device the top-level view's frame chooses the device: a dump whose top view has
  /// no frame, or one that cannot be read, is refused at that view's line with the way out.
  @Test func topViewWithoutAReadableFrameAsksForADevice() throws {
    let missing = problems("<UIWindow; layer = <CALayer>>\n")
    #expect(missing.count == 1)
    #expect(
      missing.first?.message
        == "the top-level view `UIWindow` has no `frame = (x y; width height)` to choose the device by; give it one, or choose the device with --device"
    )
    // The view starts the file: line 1, column 1.
    #expect(missing.first?.location == SourceLocation(line: 1, column: 1))
    let huge = problems("<UIWindow; frame = (0 0; 1e300 1e300); layer = <CALayer>>")
    #expect(huge.count == 1)
    #expect(huge.first?.message == "`frame`: expected finite numbers within a million points, found `1e300`")
    // `<UIWindow; frame = ` is 19 characters: the value starts at column 20.
    #expect(huge.first?.location == SourceLocation(line: 1, column: 20))
    #expect(huge.first?.notes == ["the top-level view's frame chooses the device; give it one, or choose the device with --device"])
    let unreadable = problems("<UIWindow; frame = (0 0; 390); layer = <CALayer>>")
    #expect(unreadable.first?.message == "`frame`: expected `frame = (x y; width height)` (4 numbers), found `(0 0; 390)`")
    // With a device the frame is not needed to choose one, and the missing frame is the view's own problem.
    var options = Self.options
    options.device = "iphone-7"
    #expect(throws: SceneErrors.self) { try importDump("<UIWindow; layer = <CALayer>>\n", options: options) }
  }
}
