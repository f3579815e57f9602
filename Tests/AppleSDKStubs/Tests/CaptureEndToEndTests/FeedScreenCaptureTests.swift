import Compositor
import FeedScreen
import Foundation
import LayerCapture
import LayerTree
import Testing
import UIKit

/// Examples/FeedExample's screen (`FeedViewController`, compiled here from its own sources as the
/// FeedScreen target) in a window the size of the stand-in main screen, an iPhone 13 Pro's
/// (390 x 844 pt @3x), captured and simulated as an app's test would on that device.
///
/// The expected values are worked out by hand from the screen's code and the rules' documented
/// conditions (Sources/Compositor/Rules), not read from a run:
/// - the table fills the window (the view controller's view is the window's size, the table the
///   view's bounds) and its rows are `FeedCell.height`, 88 pt, so row r spans 88 r ... 88 (r + 1):
///   rows 0 to 9 reach into 0 ... 844 (row 9 spans 792 ... 880, 792 < 844), row 10 starts at
///   880: 10 visible cards of the 20 sample posts;
/// - each card has `shadowOpacity` 0.2 and draws (a white background, the avatar, two labels);
///   `shadow-without-path` (ShadowWithoutPathRule: a shadow, no `shadowPath`, no
///   `masksToBounds`, something drawn) finds every one in the slow style, 1 pass each: 10 passes
///   a frame;
/// - the slow style's avatar is an image view with `cornerRadius` 24 and `clipsToBounds`, its
///   only drawing its image (no background colour, no sublayers): one thing to clip, so
///   `rounded-clip` does not fire (RoundedClipRule: "Rounding a single thing the layer draws
///   itself (just a background, just contents) is done in place", image contents from iOS 9; the
///   stand-in's iOS is 18.0);
/// - the fast style gives each card a `shadowPath` and draws the avatar round into its image with
///   no corner radius: no rule fires.
@Suite("Examples/FeedExample's screen, captured")
@MainActor
struct FeedScreenCaptureTests {
  /// The stand-in main screen's device: 390 x 844 pt @3x.
  static let device = "iphone-13-pro"

  /// The 10 visible cards, by the capture's paths: the table is `feed` (its accessibility
  /// identifier), a cell without one is named by its class (`FeedCell`, then `FeedCell-2` ... for
  /// its siblings, in subview order, rows 0 to 9), its content view by its class (`UIView`), the
  /// card by its identifier.
  static let cards = ["root/feed/FeedCell/UIView/card"] + (2...10).map { "root/feed/FeedCell-\($0)/UIView/card" }

  /// The screen in a window, laid out, captured and simulated.
  @MainActor
  final class Screen {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let feed: FeedViewController
    let scene: Scene
    let report: SimulationReport

    init(_ style: FeedViewController.Style) throws {
      feed = FeedViewController(style: style)
      window.rootViewController = feed
      window.makeKeyAndVisible()
      window.layoutIfNeeded()
      scene = try SceneCapture.capture(feed.view, device: FeedScreenCaptureTests.device, catalogue: DeviceCatalogue.screens).captured
        .scene
      report = Simulator.run(scene, on: try #require(DeviceCatalogue.device(id: FeedScreenCaptureTests.device)))
    }

    var offscreen: [Finding] { report.findings.filter { $0.category == .offscreen } }

    /// The captured layer at `path` ("root/feed/..."), if there is one.
    func layer(_ path: String) -> Layer? {
      var layer: Layer? = scene.root
      for id in path.split(separator: "/").dropFirst() { layer = layer?.sublayers.first { $0.id == id } }
      return layer
    }
  }

  /// The view controller's view is made on first use and filled by `viewDidLoad`; the window
  /// makes it its size; the table lays out the 10 visible rows (see above) of the 20 posts.
  @Test func theTableShowsTheRowsTheScreenHolds() throws {
    let screen = try Screen(.slow)
    #expect(screen.feed.view.superview === screen.window)
    #expect(screen.feed.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
    #expect(screen.feed.tableView.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
    #expect(screen.feed.tableView.numberOfRows(inSection: 0) == 20)
    #expect(screen.feed.tableView.visibleCells.count == 10)
    #expect(screen.feed.tableView.visibleCells.last?.frame == CGRect(x: 0, y: 792, width: 390, height: 88))
    // Every visible card, captured at its path.
    #expect(Self.cards.allSatisfy { screen.layer($0) != nil })
  }

  /// The avatar's image comes from the image renderer: 48 pt at the main screen's scale 3 is
  /// 144 x 144 pixels, with an alpha channel (the default format is not opaque), 8 bits a
  /// component (not wide colour).
  @Test func theAvatarIsARenderedImage() throws {
    let screen = try Screen(.slow)
    let avatar = try #require(screen.layer("root/feed/FeedCell/UIView/card/avatar"))
    #expect(avatar.contents == .image(ImageContents(pixelSize: Size(144, 144), opaque: false, wideColor: false)))
    #expect(avatar.cornerRadius == 24 && avatar.masksToBounds)
    #expect(avatar.backgroundColor == nil && avatar.sublayers.isEmpty)
  }

  /// The slow style: one `shadow-without-path` pass for each of the 10 visible cards, nothing
  /// else (in particular no `rounded-clip` for the image-only avatar): 10 passes a frame.
  @Test func theSlowStyleRendersEachCardsShadowOffscreen() throws {
    let screen = try Screen(.slow)
    let offscreen = screen.offscreen
    #expect(offscreen.allSatisfy { $0.rule == ShadowWithoutPathRule.ruleID && $0.passes == 1 })
    #expect(offscreen.map(\.layer).sorted() == Self.cards.sorted())
    #expect(!offscreen.contains { $0.rule == RoundedClipRule.ruleID })
    #expect(screen.report.summary.offscreenPasses.perFrameMax == 10)
  }

  /// The fast style: the same 10 cards with a `shadowPath` (the card's rounded bounds) and a
  /// round avatar image without a clip: no offscreen pass.
  @Test func theFastStyleRendersNothingOffscreen() throws {
    let screen = try Screen(.fast)
    #expect(Self.cards.allSatisfy { screen.layer($0)?.shadowPath != nil })
    #expect(screen.layer("root/feed/FeedCell/UIView/card/avatar")?.cornerRadius == 0)
    #expect(screen.offscreen.isEmpty)
    #expect(screen.report.summary.offscreenPasses.perFrameMax == 0)
  }
}
