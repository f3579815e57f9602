import Compositor
import LayerTree
import Testing

/// The catalogue's devices against the public facts they come from: unique, resolvable ids; the
/// screens of Apple's technical specifications; ProMotion where Apple says so; GPU and CPU speeds
/// in the ratios of Apple's launch claims; memory bandwidth as memory type x bus width.
@Suite("Device catalogue")
struct DeviceCatalogueTests {
  static func device(_ id: String) throws -> DeviceProfile { try #require(DeviceCatalogue.device(id: id), "\(id)") }

  /// Every id is unique, a valid layer-path name, and found again by `device(id:)` and
  /// `resolvedID`; every alias names a device and is not itself an id.
  @Test func idsAreUniqueAndResolvable() throws {
    let ids = DeviceCatalogue.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(LayerPath.problem(withID: id) == nil, "\(id)")
      #expect(DeviceCatalogue.device(id: id)?.id == id)
      #expect(DeviceCatalogue.resolvedID(id) == id)
    }
    for alias in DeviceCatalogue.aliases {
      #expect(!ids.contains(alias.name), "\(alias.name)")
      #expect(DeviceCatalogue.device(id: alias.id) != nil, "\(alias.name)")
      // An alias is not a device of its own: `device(id:)` takes ids only.
      #expect(DeviceCatalogue.device(id: alias.name) == nil)
    }
    #expect(DeviceCatalogue.resolvedID("iphone-seven") == nil)
    #expect(DeviceCatalogue.commandLineNames == ids + DeviceCatalogue.aliases.map(\.name))
  }

  /// `iphone-se` is the newest iPhone SE: the third generation (2022) is the last SE Apple made,
  /// and the last "iPhone SE" in the catalogue, which lists each idiom's devices oldest first.
  @Test func iphoneSEIsTheNewestSE() throws {
    #expect(DeviceCatalogue.resolvedID("iphone-se") == "iphone-se-3")
    let newest = DeviceCatalogue.all.last { $0.name.hasPrefix("iPhone SE") }
    #expect(newest?.id == "iphone-se-3")
    #expect(try Self.device("iphone-se-3").name == "iPhone SE (3rd generation)")
  }

  /// Each added device's pixels are Apple's specification's (portrait, width x height), and its
  /// points x scale give them; where the system downsamples, the panel is the specification's and
  /// the rendered size is points x scale, worked out here: the 12 mini and 13 mini render 375 x
  /// 812 pt x 3 = 1125 x 2436 for a 1080 x 2340 panel; the 8 Plus 414 x 736 x 3 = 1242 x 2208 for
  /// 1080 x 1920.
  @Test func screensAreApplesSpecifications() throws {
    // (id, points, scale, the specification's pixels)
    let specs: [(String, Size, Double, Size)] = [
      ("iphone-4s", Size(320, 480), 2, Size(640, 960)),
      ("ipod-touch-5", Size(320, 568), 2, Size(640, 1136)),
      ("iphone-5", Size(320, 568), 2, Size(640, 1136)),
      ("iphone-5s", Size(320, 568), 2, Size(640, 1136)),
      ("iphone-8", Size(375, 667), 2, Size(750, 1334)),
      ("iphone-se-2", Size(375, 667), 2, Size(750, 1334)),
      ("iphone-se-3", Size(375, 667), 2, Size(750, 1334)),
      ("iphone-xr", Size(414, 896), 2, Size(828, 1792)),
      ("iphone-11", Size(414, 896), 2, Size(828, 1792)),
      ("iphone-xs", Size(375, 812), 3, Size(1125, 2436)),
      ("iphone-11-pro", Size(375, 812), 3, Size(1125, 2436)),
      ("iphone-11-pro-max", Size(414, 896), 3, Size(1242, 2688)),
      ("iphone-12", Size(390, 844), 3, Size(1170, 2532)),
      ("iphone-12-pro", Size(390, 844), 3, Size(1170, 2532)),
      ("iphone-13", Size(390, 844), 3, Size(1170, 2532)),
      ("iphone-14", Size(390, 844), 3, Size(1170, 2532)),
      ("iphone-16e", Size(390, 844), 3, Size(1170, 2532)),
      ("iphone-12-pro-max", Size(428, 926), 3, Size(1284, 2778)),
      ("iphone-13-pro-max", Size(428, 926), 3, Size(1284, 2778)),
      ("iphone-14-plus", Size(428, 926), 3, Size(1284, 2778)),
      ("iphone-14-pro", Size(393, 852), 3, Size(1179, 2556)),
      ("iphone-15", Size(393, 852), 3, Size(1179, 2556)),
      ("iphone-14-pro-max", Size(430, 932), 3, Size(1290, 2796)),
      ("iphone-15-plus", Size(430, 932), 3, Size(1290, 2796)),
      ("iphone-15-pro-max", Size(430, 932), 3, Size(1290, 2796)),
      ("iphone-16-plus", Size(430, 932), 3, Size(1290, 2796)),
      ("ipad-3", Size(768, 1024), 2, Size(1536, 2048)),
      ("ipad-4", Size(768, 1024), 2, Size(1536, 2048)),
      ("ipad-air", Size(768, 1024), 2, Size(1536, 2048)),
      ("ipad-mini-2", Size(768, 1024), 2, Size(1536, 2048)),
      ("ipad-a16", Size(820, 1180), 2, Size(1640, 2360)),
      ("ipad-air-11-m3", Size(820, 1180), 2, Size(1640, 2360)),
      ("ipad-mini-a17-pro", Size(744, 1133), 2, Size(1488, 2266)),
      ("ipad-pro-13-m4", Size(1032, 1376), 2, Size(2064, 2752)),
    ]
    for (id, points, scale, pixels) in specs {
      let device = try Self.device(id)
      #expect(device.screen == DeviceScreen(points: points, scale: scale), "\(id)")
      #expect(device.renderedPixels == pixels, "\(id)")
      #expect(device.panelPixels == nil, "\(id)")
    }
    for id in ["iphone-12-mini", "iphone-13-mini"] {
      let device = try Self.device(id)
      #expect(device.renderedPixels == Size(1125, 2436), "\(id)")
      #expect(device.panelPixels == Size(1080, 2340), "\(id)")
    }
    let plus = try Self.device("iphone-8-plus")
    #expect(plus.renderedPixels == Size(1242, 2208) && plus.panelPixels == Size(1080, 1920))
  }

  /// 120 Hz exactly on the models Apple gives ProMotion: the iPhone 13 Pro and Pro Max and every
  /// Pro after them, every iPhone 17 and the Air, and the iPad Pros from the 10.5-inch; every
  /// other device 60 Hz.
  @Test func proMotionWhereAppleSaysSo() {
    let promotion: Set<String> = [
      "iphone-13-pro", "iphone-13-pro-max", "iphone-14-pro", "iphone-14-pro-max", "iphone-15-pro", "iphone-15-pro-max",
      "iphone-16-pro", "iphone-16-pro-max", "iphone-17", "iphone-air", "iphone-17-pro", "iphone-17-pro-max",
      "ipad-pro-10-5", "ipad-pro-11-2018", "ipad-pro-11-m4", "ipad-pro-13-m4",
    ]
    for device in DeviceCatalogue.all {
      #expect(device.refreshRate == (promotion.contains(device.id) ? 120 : 60), "\(device.id)")
    }
  }

  /// Apple's claims, chained back from the A8 (1, 1): the A8's graphics up to 1.5 x the A7's and
  /// its CPU 1.25 x; the A7 up to 2 x the A6 in both; the A6 up to 2 x the A5; the A13 1.2 x the
  /// A12 in both; the A6X 2 x the A5X in both. So A5 < A6 < A7 < A8 on both.
  @Test func speedsFollowApplesClaims() throws {
    let a5 = try Self.device("iphone-4s")
    let a6 = try Self.device("iphone-5")
    let a7 = try Self.device("iphone-5s")
    let a8 = try Self.device("iphone-6")
    func ratio(_ a: Double, _ b: Double, _ expected: Double) -> Bool { abs(a / b - expected) < 1e-9 }
    #expect(ratio(a8.gpuSpeed, a7.gpuSpeed, 1.5) && ratio(a8.cpuSpeed, a7.cpuSpeed, 1.25))
    #expect(ratio(a7.gpuSpeed, a6.gpuSpeed, 2) && ratio(a7.cpuSpeed, a6.cpuSpeed, 2))
    #expect(ratio(a6.gpuSpeed, a5.gpuSpeed, 2) && ratio(a6.cpuSpeed, a5.cpuSpeed, 2))
    #expect(a5.gpuSpeed < a6.gpuSpeed && a6.gpuSpeed < a7.gpuSpeed && a7.gpuSpeed < a8.gpuSpeed)
    #expect(a5.cpuSpeed < a6.cpuSpeed && a6.cpuSpeed < a7.cpuSpeed && a7.cpuSpeed < a8.cpuSpeed)
    // The iPod touch 5 has the iPhone 4S's A5.
    let ipod = try Self.device("ipod-touch-5")
    #expect(ipod.gpuSpeed == a5.gpuSpeed && ipod.cpuSpeed == a5.cpuSpeed)
    // A13 over A12: "up to 20 percent faster CPU and GPU".
    let a12 = try Self.device("iphone-xs")
    let a13 = try Self.device("iphone-11")
    #expect(abs(a13.gpuSpeed - a12.gpuSpeed * 1.2) < 0.005 && abs(a13.cpuSpeed - a12.cpuSpeed * 1.2) < 0.005)
    // A6X over A5X: "up to twice the CPU and graphics performance".
    let a5x = try Self.device("ipad-3")
    let a6x = try Self.device("ipad-4")
    #expect(ratio(a6x.gpuSpeed, a5x.gpuSpeed, 2) && ratio(a6x.cpuSpeed, a5x.cpuSpeed, 2))
    // The A5X: twice the A5's GPU cores (SGX543MP4 against MP2), its CPU at 1 GHz against 800 MHz.
    #expect(ratio(a5x.gpuSpeed, a5.gpuSpeed, 2) && ratio(a5x.cpuSpeed, a5.cpuSpeed, 1.25))
    // The iPad Air's A7 at 1.4 GHz against the iPhone 5s's 1.3; the same GPU.
    let air = try Self.device("ipad-air")
    #expect(ratio(air.cpuSpeed, a7.cpuSpeed, 1.4 / 1.3) && air.gpuSpeed == a7.gpuSpeed)
  }

  /// A chip with fewer GPU cores than the one a claim is about is scaled by its core count (same
  /// GPU generation): the A15 with 4 cores (iPhone 13, SE 3) at 4/5 of the 5-core A15's, the
  /// A18 with 4 (16e) at 4/5 of the 5-core's, the iPad's 4-core A16 at 4/5 of the iPhone's
  /// 5-core, the iPad mini's 5-core A17 Pro at 5/6 of the iPhone's 6-core, the M3's 9 cores at
  /// 9/6 of the 6-core A17 Pro (the same Metal family, Apple9).
  @Test func gpuSpeedsScaleWithCoreCount() throws {
    func expectRatio(_ id: String, _ of: String, _ expected: Double) throws {
      let a = try Self.device(id)
      let b = try Self.device(of)
      #expect(abs(a.gpuSpeed / b.gpuSpeed - expected) < 1e-9, "\(id) against \(of)")
      #expect(a.gpuFamily == b.gpuFamily, "\(id) against \(of)")
    }
    try expectRatio("iphone-13", "iphone-13-pro", 4.0 / 5)
    try expectRatio("iphone-se-3", "iphone-13-pro", 4.0 / 5)
    try expectRatio("iphone-16e", "iphone-16", 4.0 / 5)
    try expectRatio("ipad-a16", "iphone-14-pro", 4.0 / 5)
    try expectRatio("ipad-mini-a17-pro", "iphone-15-pro", 5.0 / 6)
    try expectRatio("ipad-air-11-m3", "iphone-15-pro", 9.0 / 6)
  }

  /// Bandwidth is the memory's transfer rate x the bus width: LPDDR2-800 on 64 bits (A5) is 800
  /// MT/s x 8 bytes = 6.4 GB/s; LPDDR2-1066 (A6) 8.528 GB/s; the A5X's four channels (128 bits)
  /// of LPDDR2-800 12.8 GB/s; the A6X's LPDDR2-1066 on 128 bits 17.056 GB/s; LPDDR3-1600 on 64
  /// bits (A7) 12.8 GB/s. None of them has a system cache but the A7 (4 MB).
  @Test func oldChipsBandwidthAndCache() throws {
    let expected: [(String, Double, Double)] = [
      ("iphone-4s", 800e6 * 8, 0), ("iphone-5", 1066e6 * 8, 0), ("ipad-3", 800e6 * 16, 0), ("ipad-4", 1066e6 * 16, 0),
      ("iphone-5s", 1600e6 * 8, 4 * 1_048_576),
    ]
    for (id, bandwidth, cache) in expected {
      let device = try Self.device(id)
      #expect(abs(device.memoryBandwidth - bandwidth) < 1, "\(id)")
      #expect(device.systemCacheBytes == cache, "\(id)")
    }
  }

  /// GPUs older than Metal (the A5's, A6's, A5X's and A6X's PowerVR SGX) have no Metal family:
  /// generation 0, before the A7's Apple1 and every later family, and no render-target
  /// compression (which the model gives from Apple5, the A12, on).
  @Test func preMetalGPUsComeFirst() throws {
    let preMetal = ["iphone-4s", "ipod-touch-5", "iphone-5", "ipad-3", "ipad-4"]
    for id in preMetal {
      let device = try Self.device(id)
      #expect(device.gpuFamily == DeviceProfile.preMetalFamily, "\(id)")
      #expect(device.gpuGeneration == 0, "\(id)")
      #expect(!device.compressesRenderTargets, "\(id)")
    }
    #expect(try Self.device("iphone-5s").gpuGeneration == 1)
    for device in DeviceCatalogue.all where !preMetal.contains(device.id) {
      #expect((device.gpuGeneration ?? 0) >= 1, "\(device.id)")
    }
    // A family the tool does not know orders nowhere.
    var unknown = try Self.device("iphone-6")
    unknown.gpuFamily = "Mali-G78"
    #expect(unknown.gpuGeneration == nil && !unknown.compressesRenderTargets)
  }

  /// The catalogue lists each idiom's devices from the oldest GPU generation on.
  @Test func eachIdiomIsInGenerationOrder() {
    for idiom in DeviceIdiom.allCases {
      let generations = DeviceCatalogue.all.filter { $0.idiom == idiom }.map { $0.gpuGeneration ?? -1 }
      #expect(generations == generations.sorted(), "\(idiom)")
    }
  }
}
