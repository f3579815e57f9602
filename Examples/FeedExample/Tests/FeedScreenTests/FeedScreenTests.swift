#if canImport(UIKit)
  import Compositor
  import Foundation
  import RenderCost
  import Testing
  import UIKit

  @testable import FeedScreen

  /// The feed screen's render cost, checked in the iOS simulator on a real UIKit screen (Swift
  /// Testing; docs/capture.md shows the same with XCTest).
  ///
  /// The expectations come from Core Animation's documented behaviour (shared by the project's
  /// rules): a shadow without a `shadowPath` makes Core Animation render the layer offscreen to
  /// find the shadow's shape (`CALayer.shadowPath`'s documentation: "specifying an explicit path
  /// usually improves rendering performance"), so the slow style costs at least one pass per card
  /// on screen; the fast style, with a path and an avatar drawn round into its image, costs none.
  @Suite("Feed screen render cost")
  @MainActor
  struct FeedScreenTests {
    /// The feed in a window the size of the simulator's screen, laid out and drawn.
    func show(_ style: FeedViewController.Style) -> (UIWindow, FeedViewController) {
      let feed = FeedViewController(style: style)
      let window = UIWindow(frame: UIScreen.main.bounds)
      window.rootViewController = feed
      window.makeKeyAndVisible()
      feed.view.layoutIfNeeded()
      return (window, feed)
    }

    /// Scenes recorded by these tests go to a folder of their own, so that the test runs the
    /// same on every machine: the first check records the scene and fails (as a snapshot test's
    /// first run does), the second compares with it and passes.
    func freshFolder() -> String {
      FileManager.default.temporaryDirectory.appendingPathComponent("FeedScreenTests-\(UUID().uuidString)").path
    }

    /// The fast style: no offscreen pass, recorded once, then held to it.
    @Test func fastFeedHasNoOffscreenPass() throws {
      let (window, feed) = show(.fast)
      defer { window.isHidden = true }
      let folder = freshFolder()
      defer { try? FileManager.default.removeItem(atPath: folder) }
      do throws(RenderCostFailure) {
        try RenderCost.check(
          feed.view, on: "iphone-16", budgets: [.maxOffscreenPassesPerFrame: 0], named: "feed", record: .missing,
          referenceFolder: folder)
        Issue.record("the first check recorded nothing")
      } catch {
        #expect(error.localizedDescription.contains("no scene was recorded"), "\(error.localizedDescription)")
      }
      let result = assertRenderCost(
        of: feed.view, on: "iphone-16", budgets: [.maxOffscreenPassesPerFrame: 0], named: "feed", record: .never, referenceFolder: folder)
      #expect(result?.report.summary.offscreenPasses.perFrameMax == 0)
    }

    /// The slow style: a shadow-without-path finding on every card on screen, and the budget of
    /// no offscreen pass fails with its expected and found values.
    @Test func slowFeedFailsTheBudget() throws {
      let (window, feed) = show(.slow)
      defer { window.isHidden = true }
      do throws(RenderCostFailure) {
        try RenderCost.check(
          feed.view, on: "iphone-16", budgets: [.maxOffscreenPassesPerFrame: 0], named: "feed", record: .never,
          referenceFolder: freshFolder())
        Issue.record("the slow feed passed a budget of no offscreen pass")
      } catch {
        let result = try #require(error.result)
        #expect(result.failedBudgets.map(\.kind) == [.maxOffscreenPassesPerFrame])
        // Every visible card casts a path-less shadow: at least as many findings as whole rows
        // fit on the screen (its height over the 88 pt rows).
        let shadows = result.report.findings.filter { $0.rule == "shadow-without-path" }
        let rows = Int(UIScreen.main.bounds.height / FeedCell.height)
        #expect(shadows.count >= rows, "\(result.report.findings.map(\.layer))")
        #expect(error.localizedDescription.contains("maxOffscreenPassesPerFrame"), "\(error.localizedDescription)")
      }
    }
  }
#endif
