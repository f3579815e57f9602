#if canImport(UIKit)
  import Compositor
  import Foundation
  import LayerCapture
  import LayerTree
  import UIKit

  extension RenderCost {
    /// Captures `view`, simulates it on `device`, holds it to `budgets` and compares it with the
    /// scene recorded for this test (`__RenderScenes__/<TestFile>/<test>.json` beside the test
    /// file); throws ``RenderCostFailure`` when a budget fails or the scene is new or changed.
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
    ///   - record: when to write the scene; nil: `RENDER_SCENES_RECORD` from the environment, or
    ///     `.missing`.
    @MainActor
    @discardableResult
    public static func check(
      _ view: UIView, on device: String? = nil, budgets: [BudgetKind: Double] = [:], named name: String? = nil,
      scroll: ScrollRequest? = nil, record: RecordMode? = nil, filePath: String = #filePath, testName: String = #function
    ) throws -> RenderCostResult {
      if let device, DeviceCatalogue.device(id: device) == nil {
        throw RenderCostFailure(
          message: "unknown device \"\(device)\"; known devices: \(DeviceCatalogue.all.map(\.id).joined(separator: ", "))", result: nil)
      }
      let (captured, _, profileFile) = try SceneCapture.capture(
        view, device: device, catalogue: DeviceCatalogue.screens, name: sanitizedName(testName), scroll: scroll)
      let reference = ReferenceFile(
        filePath: filePath, testName: testName, name: name, index: name == nil ? checkIndex(filePath, testName) : 1)
      var profile = device.flatMap(DeviceCatalogue.device(id:)) ?? DeviceCatalogue.device(id: captured.scene.device)
      if let profileFile {
        let path = String(reference.path.dropLast(".json".count)) + ".device.json"
        try FileReferenceStore().write(profileFile.json(), to: path)
        profile = try DeviceProfileReader.read(Array(profileFile.json().utf8))
      }
      guard let profile else { throw RenderCostFailure(message: "no device profile for \"\(captured.scene.device)\"", result: nil) }
      return try check(
        captured, on: profile, budgets: Budgets(budgets), reference: reference,
        record: record ?? RecordMode.requested(by: ProcessInfo.processInfo.environment) ?? .missing)
    }

    static func sanitizedName(_ testName: String) -> String { String(testName.prefix { $0 != "(" }) }
  }
#endif
