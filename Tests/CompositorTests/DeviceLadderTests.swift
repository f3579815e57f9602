import Compositor
import Foundation
import LayerTree
import Testing

/// The device ladder: a newer chip is never slower than an older one on the same work.
///
/// Every term of the cost model divides work by a hardware figure (GPU work by `gpuSpeed`,
/// CPU work by `cpuSpeed`, memory traffic by the bandwidth, through a system cache of the chip's
/// size, compressed from the A12 on), so a chip whose every figure is at least another's can
/// never take longer on the same screen. Where a newer chip has a lower figure than an older
/// one (the catalogue's A17 Pro has less system cache than the A15; the A10X has none), the
/// order is not guaranteed by the physics: those pairs are derived here from the catalogue's
/// figures, not listed by hand, and docs/cost-model.md names them.
@Suite("Device ladder")
struct DeviceLadderTests {
  static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenes")

  /// The bundled scenes and one generated scene of each kind.
  static func allScenes() throws -> [(name: String, json: [UInt8])] {
    var result: [(String, [UInt8])] = []
    let names = try FileManager.default.contentsOfDirectory(atPath: scenes.path)
      .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
    for name in names { result.append((name, try [UInt8](Data(contentsOf: scenes.appendingPathComponent(name))))) }
    for kind in SceneGenerator.Kind.allCases {
      result.append(("generated \(kind.rawValue)", Array(SceneGenerator(kind: kind, layers: 300, frames: 20, seed: 5).json().utf8)))
    }
    return result
  }

  /// `device` with the chip of `chip`: its GPU, CPU, memory and system cache; the screen, refresh
  /// rate and idiom stay `device`'s.
  static func withChip(of chip: DeviceProfile, on device: DeviceProfile) -> DeviceProfile {
    var result = device
    result.gpu = chip.gpu
    result.gpuFamily = chip.gpuFamily
    result.gpuSpeed = chip.gpuSpeed
    result.cpuSpeed = chip.cpuSpeed
    result.memoryBandwidth = chip.memoryBandwidth
    result.systemCacheBytes = chip.systemCacheBytes
    return result
  }

  /// The chip figures in which `newer` is below `older`, by name; empty when every figure of the
  /// newer chip is at least the older's.
  static func lowerFigures(_ newer: DeviceProfile, than older: DeviceProfile) -> [String] {
    var lower: [String] = []
    if newer.gpuSpeed < older.gpuSpeed { lower.append("gpuSpeed") }
    if newer.cpuSpeed < older.cpuSpeed { lower.append("cpuSpeed") }
    if newer.memoryBandwidth < older.memoryBandwidth { lower.append("memoryBandwidth") }
    if newer.systemCacheBytes < older.systemCacheBytes { lower.append("systemCacheBytes") }
    if older.compressesRenderTargets && !newer.compressesRenderTargets { lower.append("compressesRenderTargets") }
    return lower
  }

  /// The catalogue's distinct chips (one device per set of chip figures), oldest GPU first.
  static let chips: [DeviceProfile] = {
    var seen: [DeviceProfile] = []
    for device in DeviceCatalogue.all
    where !seen.contains(where: {
      lowerFigures($0, than: device).isEmpty && lowerFigures(device, than: $0).isEmpty && $0.gpuFamily == device.gpuFamily
    }) {
      seen.append(device)
    }
    return seen
  }()

  /// Pairs (older, newer) of chips of different GPU generations.
  static var generationPairs: [(older: DeviceProfile, newer: DeviceProfile)] {
    var pairs: [(DeviceProfile, DeviceProfile)] = []
    for older in chips {
      for newer in chips where (newer.gpuGeneration ?? 0) > (older.gpuGeneration ?? 0) { pairs.append((older, newer)) }
    }
    return pairs
  }

  /// `newer` takes no longer than `older` in any frame, on the GPU, the render server and the main
  /// thread, nor in the summary (a still screen's steady frame).
  static func neverSlower(_ newer: SimulationReport, _ older: SimulationReport, _ what: String) {
    #expect(newer.frames.count == older.frames.count, "\(what)")
    let slack = 1e-9
    for (a, b) in zip(newer.frames, older.frames) {
      #expect(a.cost.gpuMs <= b.cost.gpuMs + slack, "\(what) frame \(a.index) GPU \(a.cost.gpuMs) > \(b.cost.gpuMs)")
      #expect(a.cost.renderServerMs <= b.cost.renderServerMs + slack, "\(what) frame \(a.index) render server")
      #expect(a.cost.mainThreadMs <= b.cost.mainThreadMs + slack, "\(what) frame \(a.index) main thread")
    }
    let p = newer.summary.performance
    let q = older.summary.performance
    #expect(p.gpuMs.mean <= q.gpuMs.mean + slack, "\(what) mean GPU")
    #expect(p.mainThreadMs.mean <= q.mainThreadMs.mean + slack, "\(what) mean main thread")
  }

  /// Every scene, on its own device's screen, with each of the catalogue's chips: a chip of a
  /// newer GPU generation whose figures are all at least the older chip's is never slower. The
  /// pairs left out are those the catalogue's own figures exempt (a newer chip with less system
  /// cache, or a lower CPU or GPU figure than an older, larger chip such as an iPad's).
  @Test func aNewerChipOnTheSameScreenIsNeverSlower() throws {
    let pairs = Self.generationPairs
    let checked = pairs.filter { Self.lowerFigures($0.newer, than: $0.older).isEmpty }
    let exempt = pairs.filter { !Self.lowerFigures($0.newer, than: $0.older).isEmpty }
    // The exemptions follow from the figures: the A17 Pro's assumed 24 MB of system cache is
    // below the A15's 32 MB (the iPhone 13 Pro and the iPad mini), and the A10X has no system
    // cache where the A8 has 4 MB.
    #expect(exempt.contains { $0.older.id == "iphone-13-pro" && $0.newer.id == "iphone-15-pro" })
    #expect(exempt.contains { $0.older.id == "iphone-6" && $0.newer.id == "ipad-pro-10-5" })
    #expect(checked.count > exempt.count)
    for (name, json) in try Self.allScenes() {
      let scene = try SceneDecoder.decode(json, options: .init(devices: DeviceCatalogue.screens))
      let screen = try #require(DeviceCatalogue.device(id: scene.device))
      var reports: [String: SimulationReport] = [:]
      for chip in Self.chips { reports[chip.id] = Simulator.run(scene, on: Self.withChip(of: chip, on: screen)) }
      for (older, newer) in checked {
        Self.neverSlower(reports[newer.id]!, reports[older.id]!, "\(name): \(newer.gpu) against \(older.gpu) on \(screen.name)")
      }
    }
  }

  /// The catalogue's devices of one idiom, each on its own screen: a newer device is never slower
  /// than an older one with the same screen (points, scale, refresh rate) and a chip it matches or
  /// beats in every figure. The other pairs are exempt by the catalogue's figures: a larger screen
  /// renders more pixels and shows more of a scene; a smaller one shows the same layers later and
  /// in more frames (each frame the app changes anything costs its base time), and holds a
  /// smaller raster cache (2.5 x the screen); a lower chip figure exempts as above.
  @Test func aNewerDeviceWithTheSameScreenIsNeverSlower() throws {
    var checked: [(older: DeviceProfile, newer: DeviceProfile)] = []
    for older in DeviceCatalogue.all {
      for newer in DeviceCatalogue.all
      where newer.idiom == older.idiom && newer.refreshRate == older.refreshRate && newer.screen == older.screen
        && (newer.gpuGeneration ?? 0) > (older.gpuGeneration ?? 0) && Self.lowerFigures(newer, than: older).isEmpty
      {
        checked.append((older, newer))
      }
    }
    // Derived from the catalogue: the iPhone 7 (A10) against the iPhone 6 (A8), both 375 x 667 pt
    // @2x at 60 Hz; the iPhone 17 and 17 Pro (A19, A19 Pro) against the iPhone 16 Pro (A18 Pro),
    // all 402 x 874 pt @3x at 120 Hz; the 17 Pro Max against the 16 Pro Max.
    let ids = Set(checked.map { "\($0.older.id)>\($0.newer.id)" })
    #expect(
      ids == ["iphone-6>iphone-7", "iphone-16-pro>iphone-17", "iphone-16-pro>iphone-17-pro", "iphone-16-pro-max>iphone-17-pro-max"])
    for (name, json) in try Self.allScenes() {
      var reports: [String: SimulationReport] = [:]
      for id in Set(checked.flatMap { [$0.older.id, $0.newer.id] }) {
        let scene = try SceneDecoder.decode(json, options: .init(devices: DeviceCatalogue.screens, deviceOverride: id))
        reports[id] = Simulator.run(scene, on: DeviceCatalogue.device(id: id)!)
      }
      for (older, newer) in checked {
        Self.neverSlower(reports[newer.id]!, reports[older.id]!, "\(name): \(newer.name) against \(older.name)")
      }
    }
  }
}
