import Compositor
import Foundation
import TestSupport
import Testing

/// The recipe for adding a device is one entry in `DeviceCatalogue.all` (docs/architecture.md):
/// every place a device is named reads that list. Each device of the catalogue must therefore
/// reach every one of them with no other change: `offscreen-sim devices`, the shells'
/// completions, a scene that names it, and `--device`. (The schema's device list is made from the
/// catalogue too; `FormatFilesTests` holds it.)
@Suite("Adding a device")
struct DeviceRecipeTests {
  static let scene = """
    {"version": 1, "device": "DEVICE", "root": {"id": "root", "sublayers": [
      {"id": "card", "frame": [20, 100, 200, 100], "backgroundColor": "#FFFFFF"}]}}
    """

  @Test func everyCatalogueDeviceReachesEveryPlaceADeviceIsNamed() throws {
    let listed = ToolRun.run("devices").stdout
    let completions = ToolRun.run("completions", "bash").stdout
    let folder = try temporaryFolder()
    for device in DeviceCatalogue.all {
      #expect(listed.split(separator: "\n").contains { $0.split(separator: " ").first.map(String.init) == device.id }, "\(device.id)")
      #expect(completions.contains(device.id), "\(device.id)")
      // A scene on this device reads and reports, and says which device it ran on.
      let file = try write(Self.scene.replacingOccurrences(of: "DEVICE", with: device.id), to: "\(device.id).json", in: folder)
      let report = ToolRun.run("report", file, "--format", "json")
      #expect(report.status == 0, "\(device.id): \(report.stderr)")
      #expect(report.stdout.contains("\"id\": \"\(device.id)\""), "\(device.id)")
      // And any scene runs on it by --device.
      let other = ToolRun.run("report", file, "--device", device.id, "--format", "json")
      #expect(other.status == 0, "\(device.id): \(other.stderr)")
    }
  }
}
