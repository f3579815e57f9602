#if canImport(UIKit)
  import Foundation
  import LayerTree
  import UIKit

  extension RunningDevice {
    /// The device the view is shown on: `UIScreen` (the view's window's screen, else the main
    /// screen) for `bounds`, `scale` and `maximumFramesPerSecond`; `UIDevice.current.systemVersion`;
    /// the model identifier from `SIMULATOR_MODEL_IDENTIFIER` or `uname`.
    @MainActor
    public static func current(showing view: UIView? = nil) -> RunningDevice {
      let screen = view?.window?.screen ?? UIScreen.main
      return RunningDevice(
        points: Size(Double(screen.bounds.width), Double(screen.bounds.height)), scale: Double(screen.scale),
        maximumFramesPerSecond: Double(screen.maximumFramesPerSecond), model: modelIdentifier(),
        systemVersion: UIDevice.current.systemVersion)
    }

    static func modelIdentifier() -> String? {
      if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"], !simulated.isEmpty { return simulated }
      var system = utsname()
      uname(&system)
      let machine = withUnsafeBytes(of: &system.machine) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
      return machine.isEmpty ? nil : machine
    }
  }

  extension SceneCapture {
    /// Captures `view` as it is now: laid out and displayed first, so that frames and backing
    /// stores are the ones the next frame shows, at the scale of the screen it is on.
    ///
    /// - Parameters:
    ///   - view: the root of the scene, usually a view controller's `view` or a window.
    ///   - device: the scene's device id; nil: the running device, mapped by ``DeviceMatch``. The
    ///     view is laid out and captured on the screen it is on whatever the device; when that
    ///     device's screen is another, a note says so
    ///     (``RunningDevice/noteForNamedDevice(_:catalogue:)``).
    ///   - catalogue: the known devices' screens (`DeviceCatalogue.screens`).
    @MainActor
    public static func capture(
      _ view: UIView, device: String? = nil, catalogue: [String: DeviceScreen], name: String = "", scroll: ScrollRequest? = nil
    ) throws(CaptureError) -> (captured: CapturedScene, running: RunningDevice, profile: DeviceProfileFile?) {
      view.layoutIfNeeded()
      displayIfNeeded(view.layer)
      let running = RunningDevice.current(showing: view)
      let found = running.device(catalogue: catalogue)
      let scale = Double(view.window?.screen.scale ?? view.traitCollection.displayScale)
      var captured = try capture(
        view,
        options: CaptureOptions(
          device: device ?? found.id, scale: scale > 0 ? scale : running.scale, iosVersion: running.iosVersion, name: name, scroll: scroll))
      if device == nil, case .sameScreen(let id) = found.match {
        captured.notes.append(
          "The device is \(id), the catalogue device with this screen; the running model (\(running.model ?? "unknown")) is not in the catalogue."
        )
        captured.scene.source?.notes = captured.notes
      }
      if let device, let note = running.noteForNamedDevice(device, catalogue: catalogue) {
        captured.notes.append(note)
        captured.scene.source?.notes = captured.notes
      }
      return (captured, running, device == nil ? found.profile : nil)
    }

    @MainActor
    static func displayIfNeeded(_ layer: CALayer) {
      layer.displayIfNeeded()
      for sublayer in layer.sublayers ?? [] { displayIfNeeded(sublayer) }
      if let mask = layer.mask { displayIfNeeded(mask) }
    }
  }
#endif
