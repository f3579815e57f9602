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
    // Before Metal: the A7 (iPhone 5s) is checked against the A5 and A6, whose figures are all
    // lower, but not against the iPad 4's A6X, whose 17.056 GB/s is above the A7's 12.8.
    #expect(checked.contains { $0.older.id == "iphone-4s" && $0.newer.id == "iphone-5s" })
    #expect(checked.contains { $0.older.id == "iphone-5" && $0.newer.id == "iphone-5s" })
    #expect(exempt.contains { $0.older.id == "ipad-4" && $0.newer.id == "iphone-5s" })
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
  /// than an older one with the same screen (points, scale, refresh rate, panel) and a chip it
  /// matches or beats in every figure. A device that samples its frame down to a smaller panel
  /// does work one that shows its frame as rendered does not (the 12 mini and 13 mini, whose 1125 x
  /// 2436 frame goes to a 1080 x 2340 panel by Apple's specs, against the X, XS and 11 Pro), so
  /// those pairs are not checked. The other pairs are exempt by the catalogue's figures: a larger
  /// screen renders more pixels and shows more of a scene; a smaller one shows the same layers
  /// later and in more frames (each frame the app changes anything costs its base time), and
  /// holds a smaller raster cache (2.5 x the screen); a lower chip figure exempts as above.
  @Test func aNewerDeviceWithTheSameScreenIsNeverSlower() throws {
    var checked: [(older: DeviceProfile, newer: DeviceProfile)] = []
    for older in DeviceCatalogue.all {
      for newer in DeviceCatalogue.all
      where newer.idiom == older.idiom && newer.refreshRate == older.refreshRate && newer.screen == older.screen
        && newer.panelPixels == older.panelPixels
        && (newer.gpuGeneration ?? 0) > (older.gpuGeneration ?? 0) && Self.lowerFigures(newer, than: older).isEmpty
      {
        checked.append((older, newer))
      }
    }
    // Derived by hand from the catalogue's figures, screen by screen (each newer device's chip at
    // least the older's in every figure, of a newer Metal family; pre-Metal GPUs are family 0):
    // 320 x 568 pt @2x: the iPhone 5s (A7) against the iPod touch 5 (A5) and the iPhone 5 (A6);
    // 375 x 667 pt @2x: each of the iPhone 6 (A8), 7 (A10), 8 (A11), SE 2 (A13) and SE 3 (A15,
    // 4-core GPU) against every older one; the 8 Plus against the 6 Plus (414 x 736 pt @3x);
    // 375 x 812 pt @3x: each of the X (A11), XS (A12) and 11 Pro (A13) against every older one,
    // the 13 mini (A15) against the 12 mini (A14), both sampling 1125 x 2436 down to 1080 x 2340;
    // the 11 Pro Max against the XS Max (414 x 896 pt @3x); the 11 against the XR (414 x 896 pt
    // @2x); 390 x 844 pt @3x at 60 Hz: the 13 and 14 (A15) and the
    // 16e (A18, 4-core GPU) against the 12 and 12 Pro (A14); not the 16e against the 13 or 14
    // (its assumed 24 MB of system cache is below the A15's 32 MB), nor the 14 against the 13
    // (the same Metal family); the 14 Plus against the 12 Pro Max (428 x 926 pt @3x); the 16
    // against the 15 and the 16 Plus against the 15 Plus (A18 against A16, 60 Hz); the 15 Pro
    // against the 14 Pro and the 15 Pro Max against the 14 Pro Max (A17 Pro against A16, 120 Hz);
    // the iPhone 17 and 17 Pro against the 16 Pro, the 17 Pro Max against the 16 Pro Max.
    // iPads, 768 x 1024 pt @2x: the iPad Air and iPad mini 2 (A7) against the iPad 3 (A5X), the
    // iPad Air 2 (A8X) against all four older ones; not the A7 against the iPad 4's A6X, whose
    // 17.056 GB/s is above the A7's 12.8; 820 x 1180 pt @2x: the iPad (A16) and the iPad Air M3
    // against the iPad Air 4 (A14), the M3 against the A16; not the iPad mini (A17 Pro) against
    // the iPad mini 6 (A15's larger system cache).
    let ids = Set(checked.map { "\($0.older.id)>\($0.newer.id)" })
    let expected: Set<String> = [
      "ipod-touch-5>iphone-5s", "iphone-5>iphone-5s",
      "iphone-6>iphone-7", "iphone-6>iphone-8", "iphone-7>iphone-8", "iphone-6>iphone-se-2", "iphone-7>iphone-se-2",
      "iphone-8>iphone-se-2", "iphone-6>iphone-se-3", "iphone-7>iphone-se-3", "iphone-8>iphone-se-3", "iphone-se-2>iphone-se-3",
      "iphone-6-plus>iphone-8-plus",
      "iphone-x>iphone-xs", "iphone-x>iphone-11-pro", "iphone-xs>iphone-11-pro", "iphone-12-mini>iphone-13-mini",
      "iphone-xs-max>iphone-11-pro-max", "iphone-xr>iphone-11",
      "iphone-12>iphone-13", "iphone-12-pro>iphone-13", "iphone-12>iphone-14", "iphone-12-pro>iphone-14", "iphone-12>iphone-16e",
      "iphone-12-pro>iphone-16e",
      "iphone-12-pro-max>iphone-14-plus", "iphone-15>iphone-16", "iphone-15-plus>iphone-16-plus",
      "iphone-14-pro>iphone-15-pro", "iphone-14-pro-max>iphone-15-pro-max",
      "iphone-16-pro>iphone-17", "iphone-16-pro>iphone-17-pro", "iphone-16-pro-max>iphone-17-pro-max",
      "ipad-3>ipad-air", "ipad-3>ipad-mini-2", "ipad-3>ipad-air-2", "ipad-4>ipad-air-2", "ipad-air>ipad-air-2",
      "ipad-mini-2>ipad-air-2",
      "ipad-air-4>ipad-a16", "ipad-air-4>ipad-air-11-m3", "ipad-a16>ipad-air-11-m3",
    ]
    #expect(ids == expected, "missing \(expected.subtracting(ids).sorted()), not expected \(ids.subtracting(expected).sorted())")
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
