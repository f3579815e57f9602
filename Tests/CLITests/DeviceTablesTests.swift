import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// The docs' device tables are made from the catalogue (`DeviceTables`): docs/cost-model.md's
/// chip table ("Devices: hardware facts") and docs/scene-format.md's device table ("Devices").
/// Each document holds them between `<!-- devices: KIND -->` and `<!-- end devices -->`; these
/// tests hold the text there equal to what the catalogue gives. Rewrite both with
/// `OFFSCREEN_SIM_RECORD=1 swift test --filter DeviceTablesTests` (``Recording``): each test then
/// writes its document and fails once, so that a recording is never taken for a pass.
@Suite("Device tables in the docs")
struct DeviceTablesTests {
  static func check(_ path: String, kinds: [DeviceTables.Kind]) throws {
    let url = packageRoot.appendingPathComponent(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    for kind in kinds {
      #expect(text.contains(DeviceTables.openingMark(kind)), "\(path) has no \(kind.rawValue) table")
    }
    let expected = DeviceTables.regenerated(text)
    if let failure = HeldFile.check(expected, file: url, name: path, filter: "DeviceTablesTests") {
      Issue.record(Comment(rawValue: failure))
    }
  }

  @Test func costModelChipTableIsTheCatalogues() throws { try Self.check("docs/cost-model.md", kinds: [.chips]) }

  @Test func sceneFormatDeviceTableIsTheCatalogues() throws { try Self.check("docs/scene-format.md", kinds: [.screens]) }

  /// The screens table has one row a catalogue device, each naming its id; the chips table names
  /// every device once.
  @Test func everyDeviceIsInBothTables() {
    let screens = DeviceTables.markdown(.screens).split(separator: "\n").dropFirst(2)
    #expect(screens.count == DeviceCatalogue.all.count)
    for (row, device) in zip(screens, DeviceCatalogue.all) { #expect(row.hasPrefix("| `\(device.id)` | \(device.name) |")) }
    let chips = DeviceTables.markdown(.chips)
    for device in DeviceCatalogue.all {
      // A name followed by "," or " |" (the iPhone 16 is not the iPhone 16 Pro).
      let mentions =
        chips.components(separatedBy: " \(device.name),").count - 1 + chips.components(separatedBy: " \(device.name) |").count - 1
      #expect(mentions == 1, "\(device.name): \(mentions)")
    }
  }

  /// The tables of two hand-made devices, written out by hand: two profiles with the same chip
  /// share a row; an assumed figure is marked; a GPU older than Metal names no family; a panel
  /// the system downsamples to is named. Text outside the marks stays as it is, and a mark with
  /// no closing mark is left alone.
  @Test func tablesOfHandMadeDevices() {
    let old = DeviceProfile(
      id: "old", name: "Old", screen: DeviceScreen(points: Size(320, 480), scale: 2), refreshRate: 60, gpu: "A5 (SGX)",
      gpuFamily: DeviceProfile.preMetalFamily, memoryBandwidth: 6.4e9, gpuSpeed: 0.5, cpuSpeed: 0.25, systemCacheBytes: 0)
    let big = DeviceProfile(
      id: "big", name: "Big", screen: DeviceScreen(points: Size(414, 736), scale: 3), panelPixels: Size(1080, 1920), refreshRate: 120,
      gpu: "X1 (4-core GPU)", gpuFamily: "Apple5", memoryBandwidth: 60e9, gpuSpeed: 12, cpuSpeed: 6.5,
      systemCacheBytes: 24 * 1_048_576
    ).assuming(.systemCache)
    var twin = big
    twin.id = "twin"
    twin.name = "Twin"
    let document = """
      # Chips
      <!-- devices: chips -->
      stale
      <!-- end devices -->
      Between.
      <!-- devices: screens -->
      <!-- end devices -->
      <!-- devices: chips -->
      no end
      """
    let expected = """
      # Chips
      <!-- devices: chips -->
      | chip: devices | Metal family | `gpuSpeed` | `cpuSpeed` | bandwidth | system cache | compresses targets |
      | --- | --- | --- | --- | --- | --- | --- |
      | A5 (SGX): Old | none (OpenGL ES only) | 0.5 | 0.25 | 6.4 GB/s | none | no |
      | X1 (4-core GPU): Big, Twin | Apple5 | 12 | 6.5 | 60 GB/s | 24 MB (assumed) | yes |
      <!-- end devices -->
      Between.
      <!-- devices: screens -->
      | id | device | points | scale | rendered pixels | refresh | GPU (Metal family) |
      | --- | --- | --- | --- | --- | --- | --- |
      | `old` | Old | 320 x 480 | 2 | 640 x 960 | 60 Hz | A5 (SGX), none (OpenGL ES only) |
      | `big` | Big | 414 x 736 | 3 | 1242 x 2208, downsampled to the 1080 x 1920 panel | 120 Hz | X1 (4-core GPU), Apple5 |
      | `twin` | Twin | 414 x 736 | 3 | 1242 x 2208, downsampled to the 1080 x 1920 panel | 120 Hz | X1 (4-core GPU), Apple5 |
      <!-- end devices -->
      <!-- devices: chips -->
      no end
      """
    #expect(DeviceTables.regenerated(document, devices: [old, big, twin]) == expected)
  }
}

/// `--device` takes the catalogue's ids and its aliases: `iphone-se` is the newest iPhone SE
/// (the third generation). Files name the device itself, so that what they record does not move
/// when a newer model takes the alias.
@Suite("Device aliases")
struct DeviceAliasTests {
  static let scene = """
    {"version": 1, "device": "DEVICE", "root": {"id": "root", "sublayers": [
      {"id": "card", "frame": [20, 100, 200, 100], "backgroundColor": "#FFFFFF"}]}}
    """

  /// `report --device iphone-se` runs on the iPhone SE (3rd generation) and says so; the same as
  /// `--device iphone-se-3`.
  @Test func iphoneSEResolvesOnTheCommandLine() throws {
    let file = try temporaryFile("card.json", Self.scene.replacingOccurrences(of: "DEVICE", with: "iphone-7"))
    let alias = ToolRun.run("report", file, "--device", "iphone-se", "--format", "json")
    #expect(alias.status == 0, "\(alias.stderr)")
    #expect(alias.stdout.contains("\"id\": \"iphone-se-3\""))
    let id = ToolRun.run("report", file, "--device", "iphone-se-3", "--format", "json")
    #expect(alias.stdout == id.stdout)
    // check takes it too, and generate.
    #expect(ToolRun.run("check", file, "--device", "iphone-se").status == 0)
    let generated = ToolRun.run("generate", "--layers", "20", "--frames", "2", "--device", "iphone-se")
    #expect(generated.status == 0 && generated.stdout.contains("\"device\":\"iphone-se-3\""), "\(generated.stderr)")
  }

  /// A typo near an id or the alias is told the nearest; the usage error lists the alias.
  @Test func didYouMean() throws {
    let file = try temporaryFile("card.json", Self.scene.replacingOccurrences(of: "DEVICE", with: "iphone-7"))
    let near = ToolRun.run("report", file, "--device", "iphone-se2")
    #expect(near.status == 2)
    #expect(near.stderr.contains("unknown device 'iphone-se2'; did you mean 'iphone-se-2'?"))
    #expect(near.stderr.contains("and iphone-se for iphone-se-3"))
    let alias = ToolRun.run("report", file, "--device", "iphonese")
    #expect(alias.stderr.contains("did you mean 'iphone-se'?"))
  }

  /// `devices` lists the alias under the table, with the device it names; the completions offer
  /// it for --device.
  @Test func listedAndCompleted() {
    let listed = ToolRun.run("devices")
    #expect(listed.stdout.hasSuffix("\n\n--device iphone-se: iphone-se-3, the newest iPhone SE\n"))
    #expect(ToolRun.run("devices", "--help").stdout.contains("iphone-se"))
    let words = ToolRun.run("completions", "bash").stdout.split { !($0.isLetter || $0.isNumber || $0 == "-") }
    #expect(words.contains("iphone-se") && words.contains("iphone-se-3"))
  }

  /// A scene file and a device profile name the device itself: `iphone-se` in either is an
  /// unknown device, and the profile's note says which id to write.
  @Test func filesNameTheDevice() throws {
    let file = try temporaryFile("card.json", Self.scene.replacingOccurrences(of: "DEVICE", with: "iphone-se"))
    let run = ToolRun.run("report", file)
    #expect(run.status == 2)
    #expect(run.stderr.contains("unknown device \"iphone-se\""))
    let profile = try temporaryFile("se.json", #"{"id": "my-se", "basedOn": "iphone-se"}"#)
    let listed = ToolRun.run("devices", "--device-file", profile)
    #expect(listed.status == 2)
    #expect(listed.stderr.contains("`iphone-se` is --device's name for the newest iPhone SE; a file names the device: \"iphone-se-3\""))
    // Named by its id, the profile is the SE 3's.
    let good = try temporaryFile("se3.json", #"{"id": "my-se", "basedOn": "iphone-se-3"}"#)
    #expect(ToolRun.run("devices", "--device-file", good).stdout.contains("my-se"))
  }
}
