import LayerTree
import Testing

@testable import SceneImport

/// The reader on dumps written for each case, in the format UIKit prints (addresses included).
@Suite("recursiveDescription reader")
struct RecursiveDescriptionReaderTests {
  func read(_ text: String) throws -> [ViewDescription] { try RecursiveDescriptionReader.read(Array(text.utf8)) }

  func problems(_ text: String) -> [Diagnostic] {
    do {
      _ = try RecursiveDescriptionReader.read(Array(text.utf8))
      return []
    } catch {
      return error.diagnostics
    }
  }

  @Test func nestingFollowsThePipes() throws {
    let roots = try read(
      """
      <UIWindow: 0x7f8a; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x6000>; layer = <UIWindowLayer: 0x6001>>
         | <UIView: 0x7f8b; frame = (0 0; 390 844); autoresize = W+H; layer = <CALayer: 0x6002>>
         |    | <UILabel: 0x7f8c; frame = (16 8; 358 20.3333); text = 'Pay'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x6003>>
         |    | <UIImageView: 0x7f8d; frame = (0 30; 40 40); opaque = NO; layer = <CALayer: 0x6004>>
         | <UIView: 0x7f8e; frame = (0 800; 390 44); layer = <CALayer: 0x6005>>
      """)
    #expect(roots.count == 1)
    let window = try #require(roots.first)
    #expect(window.className == "UIWindow")
    #expect(window.subviews.map(\.className) == ["UIView", "UIView"])
    #expect(window.subviews[0].subviews.map(\.className) == ["UILabel", "UIImageView"])
    let label = window.subviews[0].subviews[0]
    #expect(label.field("frame")?.value == "(16 8; 358 20.3333)")
    #expect(label.field("text")?.value == "'Pay'")
    #expect(label.field("layer")?.value == "<_UILabelLayer: 0x6003>")
    // The value `(16 8; …)` starts on line 3 after 10 bytes of indentation and the 26 of
    // `<UILabel: 0x7f8c; frame = `: column 37 (counted by hand).
    #expect(label.field("frame")?.location == SourceLocation(line: 3, column: 37))
    // Nested `<…>` and `;` inside brackets stay in one value.
    #expect(window.field("gestureRecognizers")?.value == "<NSArray: 0x6000>")
  }

  @Test func dumpsWithoutAddressesAsToolsStoreThem() throws {
    let roots = try read(
      "<UIView; frame = (0 0; 390 844); layer = <CALayer>>\n   | <UIStackView; frame = (0 0; 390 10); hidden = YES; layer = <CALayer>>")
    #expect(roots[0].subviews[0].field("hidden")?.value == "YES")
  }

  @Test func scrollViewsPrintOffsetsWithColons() throws {
    let roots = try read(
      "<UITableView: 0x1; frame = (16 105; 358 739); clipsToBounds = YES; layer = <CALayer: 0x2>; contentOffset: {0, 120}; contentSize: {358, 164.99999936421716}; adjustedContentInset: {0, 0, 0, 0}; dataSource: <Adyen.DiffableListDataSource: 0x3>>"
    )
    #expect(roots[0].field("contentOffset")?.value == "{0, 120}")
    #expect(roots[0].field("contentSize")?.value == "{358, 164.99999936421716}")
    #expect(roots[0].field("dataSource")?.value == "<Adyen.DiffableListDataSource: 0x3>")
  }

  /// `_UITextContainerView` wraps its superclass's description: `<<…> minSize = …>`.
  @Test func wrappedDescriptionsReadTheInnerOne() throws {
    let roots = try read(
      """
      <UITextView: 0x1; frame = (16 8; 358 34); layer = <CALayer: 0x2>; contentOffset: {0, 0}; contentSize: {358, 34}; adjustedContentInset: {0, 0, 0, 0}>
         | <<_UITextContainerView: 0x3; frame = (0 0; 358 34); backgroundColor = UIExtendedGrayColorSpace 0 0; layer = <CALayer: 0x4>> minSize = {0, 34}, maxSize = {358, 34}, textContainer = <NSTextContainer size = (358.000000,18.000000); widthTracksTextView = YES>; exclusionPaths =; lineBreakMode = 0>
      """)
    let inner = roots[0].subviews[0]
    #expect(inner.className == "_UITextContainerView")
    #expect(inner.field("frame")?.value == "(0 0; 358 34)")
    #expect(inner.field("minSize") == nil)
  }

  /// A quote inside the text and a text over two lines.
  @Test func labelTextMayHoldQuotesAndLineBreaks() throws {
    let roots = try read(
      """
      <UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
         | <UILabel: 0x3; frame = (0 0; 100 20); text = 'Don't stop'; layer = <_UILabelLayer: 0x4>>
         | <UILabel: 0x5; frame = (0 20; 100 40); text = 'Two
      lines'; layer = <_UILabelLayer: 0x6>>
         | <UIView: 0x7; frame = (0 60; 100 1); layer = <CALayer: 0x8>>
      """)
    #expect(roots[0].subviews.count == 3)
    #expect(roots[0].subviews[0].field("text")?.value == "'Don't stop'")
    #expect(roots[0].subviews[1].field("text")?.value == "'Two\nlines'")
    #expect(roots[0].subviews[2].location == SourceLocation(line: 5, column: 6))
  }

  @Test func layerLinesAreMarked() throws {
    let roots = try read(
      """
      <UILabel: 0x18df8460; frame = (0 135; 126 14); text = 'haha'; layer = <_UILabelLayer: 0x18df7fb0>>
         | <_UILabelContentLayer: 0x131a3d50> (layer)
      """)
    #expect(roots[0].subviews.count == 1)
    #expect(roots[0].subviews[0].isLayerOnly)
    #expect(!roots[0].isLayerOnly)
  }

  @Test func lldbPromptsAndBlankLinesAreSkipped() throws {
    let roots = try read(
      "(lldb) po view.value(forKey: \"recursiveDescription\")\n\n<UIView: 0x1; frame = (0 0; 10 10); layer = <CALayer: 0x2>>\r\n   | <UIView: 0x3; frame = (0 0; 5 5); layer = <CALayer: 0x4>>\r\n"
    )
    #expect(roots[0].subviews.count == 1)
  }

  /// A dump copied from its middle: depths count from the first line.
  @Test func aDumpCopiedFromItsMiddle() throws {
    let roots = try read(
      "   |    | <UIView: 0x1; frame = (0 0; 10 10); layer = <CALayer: 0x2>>\n   |    |    | <UIView: 0x3; frame = (0 0; 5 5); layer = <CALayer: 0x4>>"
    )
    #expect(roots.count == 1)
    #expect(roots[0].subviews.count == 1)
  }

  // MARK: Bad input

  @Test func notADumpSaysWhatWasExpected() {
    let found = problems("{\"version\": 1}")
    #expect(found.count == 1)
    #expect(found[0].location == SourceLocation(line: 1, column: 1))
    #expect(found[0].message.contains("expected a view description `<ClassName: 0x…; frame = (x y; width height); …>`"))
    #expect(found[0].message.contains("found `{\"version\": 1}`"))
  }

  @Test func emptyInputHasNoView() {
    let found = problems("\n  \n")
    #expect(found.count == 1)
    #expect(found[0].message.hasPrefix("no view found"))
  }

  @Test func everyProblemIsReported() {
    let found = problems(
      """
      <UIView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
         |    |    | <UIView: 0x3; frame = (0 0; 5 5); layer = <CALayer: 0x4>>
         | <: 0x5; frame = (0 0; 5 5)>
         | <UIView: 0x6; frame = (0 0; 5 5); layer = <CALayer: 0x7>
         | <UIView: 0x8; frame = (0 0; 5 5); layer = <CALayer: 0x9>>
      """)
    #expect(found.map(\.location?.line) == [2, 3, 4])
    #expect(found[0].message.contains("nested 3 deep right after a view nested 0 deep; expected at most 1 `|`"))
    #expect(found[1].message == "expected a class name after `<`")
    #expect(found[2].message == "unterminated view description: expected `>` at its end")
  }

  @Test func controlCharactersInMessagesAreReplaced() {
    let found = problems("\u{1B}[31mred")
    #expect(found.count == 1)
    #expect(!found[0].message.contains("\u{1B}"))
  }
}
