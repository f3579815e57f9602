import Compositor
import Foundation
import LayerCapture
import LayerTree
import QuartzCore
import RenderCost
import Testing
import UIKit

/// `assertRenderCost(of: UIView, ...)` and `RenderCost.check(_ view: UIView, ...)` on the stand-in
/// SDK: failures recorded at the call, record modes, the comparison by figures, the kept scene.
///
/// The screen: a 390 x 844 pt root (the stand-in screen, an iPhone 13 Pro's) with one white card
/// that casts a shadow and has no `shadowPath`, and a label on it. A path-less shadow is one
/// offscreen pass a frame (`ShadowWithoutPathRule`: Core Animation renders the layer's content
/// offscreen to find the shadow's shape), so a budget of no pass fails with found 1; the label is
/// text, and one character more moves its drawing by microseconds, no figure compare gates on.
@Suite("RenderCost through the UIKit entry points")
@MainActor
struct RenderCostUIKitTests {
  static let device = "iphone-13-pro"

  /// Collects what a check records instead of failing the test.
  final class Issues: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [RenderCostIssue] = []
    var all: [RenderCostIssue] {
      lock.lock()
      defer { lock.unlock() }
      return recorded
    }
    var reporter: RenderCostReporter {
      RenderCostReporter { issue in
        self.lock.lock()
        self.recorded.append(issue)
        self.lock.unlock()
      }
    }
  }

  static func screen(label: String = "Hello") -> UIView {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let card = UIView(frame: CGRect(x: 16, y: 100, width: 358, height: 120))
    card.accessibilityIdentifier = "card"
    card.layer.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
    card.layer.shadowOpacity = 0.3
    card.layer.shadowRadius = 6
    let title = UILabel(frame: CGRect(x: 12, y: 12, width: 300, height: 20))
    title.accessibilityIdentifier = "title"
    title.text = label
    card.addSubview(title)
    root.addSubview(card)
    return root
  }

  static func folder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("render-cost-uikit-\(UUID().uuidString)").path
  }

  /// A failed budget is recorded once, at the line and file of the call, with the budget's
  /// expected and found values (0 and 1, from the suite's comment).
  @Test func aFailedBudgetIsRecordedAtTheCall() throws {
    let issues = Issues()
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let line: UInt = #line + 2
    let result = withRenderCostConfiguration(record: .all, referenceFolder: folder, reporter: issues.reporter) {
      assertRenderCost(of: Self.screen(), on: Self.device, budgets: [.maxOffscreenPassesPerFrame: 0], named: "card")
    }
    // The result comes back all the same, for a test that wants to look further.
    #expect(result?.failedBudgets.map(\.kind) == [.maxOffscreenPassesPerFrame])
    let issue = try #require(issues.all.first)
    #expect(issues.all.count == 1)
    #expect(issue.line == line)
    #expect("\(issue.filePath)" == #filePath)
    #expect(issue.message.contains("budget maxOffscreenPassesPerFrame failed: expected <= 0, found 1"), "\(issue.message)")
  }

  /// Record mode `never` writes nothing: no scene, no kept scene, no folder.
  @Test func neverWritesNothing() throws {
    let folder = Self.folder()
    let issues = Issues()
    withRenderCostConfiguration(record: .never, referenceFolder: folder, reporter: issues.reporter) {
      _ = assertRenderCost(of: Self.screen(), on: Self.device, named: "card")
    }
    #expect(!FileManager.default.fileExists(atPath: folder))
    #expect(issues.all.count == 1)
    #expect(issues.all.first?.message.contains("record mode is never") == true, "\(issues.all.first?.message ?? "")")
  }

  /// Recorded once, the same screen passes; a label one character longer passes too (compared
  /// by figures within 5%, not byte for byte); a shadow given its path is better, which the
  /// default comparison fails as a change to record, and `worseOnly` passes.
  @Test func recordedScenesAreComparedByTheirFigures() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The first check records (and fails, as a new snapshot does).
    #expect(throws: RenderCostFailure.self) {
      try RenderCost.check(Self.screen(), on: Self.device, named: "card", record: .missing, referenceFolder: folder)
    }
    let same = try RenderCost.check(Self.screen(), on: Self.device, named: "card", record: .never, referenceFolder: folder)
    #expect(same.report.summary.offscreenPasses.perFrameMax == 1)
    #expect(same.outcome == .matched)
    let longer = try RenderCost.check(Self.screen(label: "Hello!"), on: Self.device, named: "card", record: .never, referenceFolder: folder)
    #expect(longer.outcome == .withinComparison)

    let fixed = Self.screen()
    let card = try #require(fixed.subviews.first)
    card.layer.shadowPath = CGPath(rect: card.bounds, transform: nil)
    // Record mode `missing` leaves the recorded scene and keeps the new one beside it, with the
    // command that shows the difference.
    do throws(RenderCostFailure) {
      try RenderCost.check(fixed, on: Self.device, named: "card", record: .missing, referenceFolder: folder)
      Issue.record("a scene one offscreen pass better matched the recorded one")
    } catch {
      #expect(error.message.contains("offscreen-sim compare "), "\(error.message)")
      let kept = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".new.json") } ?? []
      #expect(kept.count == 1, "\(kept)")
    }
    let improved = try RenderCost.check(
      fixed, on: Self.device, named: "card", record: .never, referenceFolder: folder, comparison: .worseOnly(tolerance: 0.05))
    #expect(improved.report.summary.offscreenPasses.perFrameMax == 0)
  }
}
