#if canImport(UIKit)
  import Compositor
  import Foundation
  import LayerCapture
  import LayerTree
  import UIKit

  extension RenderCost {
    /// Captures `view`, simulates it on `device`, holds it to `budgets` and compares it with the
    /// scene recorded for this test (`__RenderScenes__/<TestFile>/<test>.json` beside the test
    /// file); throws ``RenderCostFailure`` when a budget fails or the scene is new or fails the
    /// comparison. ``assertRenderCost(of:on:budgets:named:scroll:record:referenceFolder:comparison:fileID:filePath:testName:line:column:)``
    /// records the failure on the line of the call instead.
    ///
    /// ```swift
    /// try RenderCost.check(controller.view, on: "iphone-13-pro", budgets: [.maxOffscreenPassesPerFrame: 0, .minFps: 110])
    /// ```
    ///
    /// - Parameters:
    ///   - view: the view to capture, as it is now (it is laid out and displayed first). A view
    ///     without a window is captured at its own size.
    ///   - device: a catalogue device id; nil: the device the test runs on (``DeviceMatch``),
    ///     or, when the catalogue has no device with its screen, a profile written beside the
    ///     recorded scene (`<test>.device.json`) and simulated on.
    ///   - budgets: limits by kind, as a scene's `budgets` holds them.
    ///   - name: the check's name, when the test makes several (`<test>.<name>.json`).
    ///   - scroll: a scroll to simulate instead of one frame.
    ///   - record: when to write the scene; nil: the scope's
    ///     (``withRenderCostConfiguration(record:referenceFolder:comparison:reporter:operation:)``),
    ///     else `RENDER_SCENES_RECORD` from the environment, else `.missing`.
    ///   - referenceFolder: the folder for the recorded scenes instead of `__RenderScenes__`
    ///     (relative to the test file's folder); nil: the scope's, else `RENDER_SCENES_FOLDER`.
    ///   - comparison: how to compare the scene with the recorded one; nil: the scope's, else
    ///     ``SceneComparison/default``.
    @MainActor
    @discardableResult
    public static func check(
      _ view: UIView, on device: String? = nil, budgets: [BudgetKind: Double] = [:], named name: String? = nil,
      scroll: ScrollRequest? = nil, record: RecordMode? = nil, referenceFolder: String? = nil, comparison: SceneComparison? = nil,
      filePath: String = #filePath, testName: String = #function
    ) throws(RenderCostFailure) -> RenderCostResult {
      let settings = try ResolvedSettings.resolve(
        record: record, referenceFolder: referenceFolder, comparison: comparison, environment: ProcessInfo.processInfo.environment)
      if let device, DeviceCatalogue.device(id: device) == nil {
        throw RenderCostFailure(
          message: "unknown device \"\(device)\"; known devices: \(DeviceCatalogue.all.map(\.id).joined(separator: ", "))", result: nil)
      }
      let reference = Self.reference(filePath: filePath, testName: testName, name: name, folder: settings.referenceFolder)
      let capture: (captured: CapturedScene, running: RunningDevice, profile: DeviceProfileFile?)
      do {
        capture = try SceneCapture.capture(
          view, device: device, catalogue: DeviceCatalogue.screens, name: sanitizedName(testName), scroll: scroll)
      } catch {
        throw RenderCostFailure(message: "the view cannot be captured: \(error)", result: nil, underlying: error)
      }
      let captured = capture.captured
      var profile = device.flatMap(DeviceCatalogue.device(id:)) ?? DeviceCatalogue.device(id: captured.scene.device)
      let profileText = capture.profile?.json()
      if let profileText {
        do {
          profile = try DeviceProfileReader.read(Array(profileText.utf8))
        } catch {
          throw RenderCostFailure(message: "the running device's profile cannot be read: \(error)", result: nil, underlying: error)
        }
      }
      guard let profile else { throw RenderCostFailure(message: "no device profile for \"\(captured.scene.device)\"", result: nil) }
      return try run(
        captured, on: profile, budgets: Budgets(budgets), reference: reference, settings: settings, deviceProfile: profileText,
        fileSystem: FileReferenceStore())
    }

    static func sanitizedName(_ testName: String) -> String { String(testName.prefix { $0 != "(" }) }
  }

  /// Captures `view`, simulates it on `device`, holds it to `budgets` and compares it with the
  /// scene recorded for this test; a failure is recorded as a failure of the running test on the
  /// line of the call (Swift Testing's `Issue.record` under Swift Testing, XCTest's `XCTFail`
  /// otherwise), as swift-snapshot-testing's `assertSnapshot` does.
  ///
  /// ```swift
  /// assertRenderCost(of: feed.view, on: "iphone-13-pro", budgets: [.maxOffscreenPassesPerFrame: 2])
  /// ```
  ///
  /// The parameters are ``RenderCost/check(_:on:budgets:named:scroll:record:referenceFolder:comparison:filePath:testName:)``'s.
  /// - Returns: the result, failed or not; nil when the check stopped before simulating.
  @MainActor
  @discardableResult
  public func assertRenderCost(
    of view: UIView, on device: String? = nil, budgets: [BudgetKind: Double] = [:], named name: String? = nil,
    scroll: ScrollRequest? = nil, record: RecordMode? = nil, referenceFolder: String? = nil, comparison: SceneComparison? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line,
    column: UInt = #column
  ) -> RenderCostResult? {
    do throws(RenderCostFailure) {
      return try RenderCost.check(
        view, on: device, budgets: budgets, named: name, scroll: scroll, record: record, referenceFolder: referenceFolder,
        comparison: comparison, filePath: "\(filePath)", testName: testName)
    } catch {
      RenderCost.report(error, fileID: fileID, filePath: filePath, line: line, column: column)
      return error.result
    }
  }
#endif
