import LayerTree

/// The devices the tool knows, by id, oldest GPU generation first within each idiom.
///
/// Each device is one entry here, with the source of every figure beside it. Common sources:
/// - points, scale, refresh rate, chip and GPU core count: Apple's technical specifications of
///   each model (support.apple.com/specs), as collected in the domain notes (section 4) for the
///   first five; the Metal GPU family from Apple's Metal feature-set tables;
/// - memory bandwidth: the memory type (from teardowns and AnandTech's reviews) times the bus
///   width: LPDDR3-1600 x 64 bit = 12.8 GB/s, LPDDR4-3200 = 25.6 GB/s, LPDDR4X-4266 = 34.1 GB/s,
///   LPDDR5-6400 = 51.2 GB/s, LPDDR5X-7500 = 60 GB/s; twice that on the 128-bit iPad chips;
/// - system-level cache: AnandTech's die and latency analyses (A7 to A11: 4 MB; A12: 8 MB; A13
///   and A14: 16 MB; A15: 32 MB); later chips have no published figure: 24 MB, the A16's as
///   reported from die analyses, is assumed and marked "assumed";
/// - gpuSpeed and cpuSpeed, relative to the A8: Apple's launch claims chained generation to
///   generation. GPU: A9 +90%, A10 +50%, A11 +30%, A12 +50%, A13 +20%, A15 (5-core) = 10, A16
///   about the A15 (Apple claimed only +50% memory bandwidth), A17 Pro +20% over the A15, A18
///   +40% over the A16, A18 Pro +20% over the A17 Pro, A19 +80% over the A16, A19 Pro +50% over
///   the A17 Pro. CPU: A9 +70%, A10 +40%, A11 +25%, A12 +15%, A13 +20%, A15 4.9, A17 Pro +20%
///   over the A15 and +10% over the A16, A18 +30% over the A16, A18 Pro +15% over the A17 Pro,
///   A19 +40% over the A16, A19 Pro +20% over the A17 Pro. Apple says "up to", so these are
///   upper bounds of the real ratios. A chip with fewer GPU cores than the one a claim is about
///   is scaled by its core count (same GPU generation).
/// - display gamut: Display P3 from the iPhone 7 and the iPad Pro (9.7-inch) on; sRGB before.
public enum DeviceCatalogue {
  public static let all: [DeviceProfile] = [
    // A8: PowerVR GX6450, 4 clusters (AnandTech, iPhone 6 review); LPDDR3-1600, 64 bit; 4 MB
    // system cache (AnandTech). The reference device: gpuSpeed = cpuSpeed = 1.
    DeviceProfile(
      id: "iphone-6", name: "iPhone 6", screen: DeviceScreen(points: Size(375, 667), scale: 2),
      refreshRate: 60, gpu: "A8 (PowerVR GX6450)", gpuFamily: "Apple2",
      memoryBandwidth: 12.8e9, gpuSpeed: 1.0, cpuSpeed: 1.0, systemCacheBytes: 4 * mebibyte),
    // The same A8; 1242 x 2208 rendered, downsampled to a 1080 x 1920 panel (Apple's specs).
    DeviceProfile(
      id: "iphone-6-plus", name: "iPhone 6 Plus", screen: DeviceScreen(points: Size(414, 736), scale: 3),
      panelPixels: Size(1080, 1920), refreshRate: 60, gpu: "A8 (PowerVR GX6450)", gpuFamily: "Apple2",
      memoryBandwidth: 12.8e9, gpuSpeed: 1.0, cpuSpeed: 1.0, systemCacheBytes: 4 * mebibyte),
    // A10 Fusion: PowerVR GT7600 Plus, 6 clusters; LPDDR4-3200; 4 MB system cache (AnandTech);
    // first P3 iPhone display (Apple).
    DeviceProfile(
      id: "iphone-7", name: "iPhone 7", screen: DeviceScreen(points: Size(375, 667), scale: 2),
      refreshRate: 60, gpu: "A10 Fusion (6-cluster GPU)", gpuFamily: "Apple3",
      memoryBandwidth: 25.6e9, gpuSpeed: 2.85, cpuSpeed: 2.38, systemCacheBytes: 4 * mebibyte, displayGamut: .displayP3),
    // A11 Bionic: Apple's first GPU, 3 cores; LPDDR4X-4266; 4 MB system cache (AnandTech).
    DeviceProfile(
      id: "iphone-x", name: "iPhone X", screen: DeviceScreen(points: Size(375, 812), scale: 3),
      refreshRate: 60, gpu: "A11 Bionic (3-core GPU)", gpuFamily: "Apple4",
      memoryBandwidth: 34.1e9, gpuSpeed: 3.7, cpuSpeed: 2.98, systemCacheBytes: 4 * mebibyte, displayGamut: .displayP3),
    // A12 Bionic: 4-core GPU with memory compression; LPDDR4X-4266; 8 MB system cache, redesigned
    // (AnandTech, iPhone XS review).
    DeviceProfile(
      id: "iphone-xs-max", name: "iPhone XS Max", screen: DeviceScreen(points: Size(414, 896), scale: 3),
      refreshRate: 60, gpu: "A12 Bionic (4-core GPU)", gpuFamily: "Apple5",
      memoryBandwidth: 34.1e9, gpuSpeed: 5.55, cpuSpeed: 3.42, systemCacheBytes: 8 * mebibyte, displayGamut: .displayP3),
    // A15 Bionic, 5-core GPU; LPDDR4X-4266; 32 MB system cache, twice the A14's (AnandTech, A15
    // review); ProMotion 10-120 Hz.
    DeviceProfile(
      id: "iphone-13-pro", name: "iPhone 13 Pro", screen: DeviceScreen(points: Size(390, 844), scale: 3),
      refreshRate: 120, gpu: "A15 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 34.1e9, gpuSpeed: 10.0, cpuSpeed: 4.9, systemCacheBytes: 32 * mebibyte, displayGamut: .displayP3),
    // A17 Pro, 6-core GPU; LPDDR5-6400; system cache assumed 24 MB; ProMotion.
    DeviceProfile(
      id: "iphone-15-pro", name: "iPhone 15 Pro", screen: DeviceScreen(points: Size(393, 852), scale: 3),
      refreshRate: 120, gpu: "A17 Pro (6-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 51.2e9, gpuSpeed: 12.0, cpuSpeed: 5.9, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3),
    // A18, 5-core GPU: +40% GPU and +30% CPU over the A16 (10, 5.36); LPDDR5X-7500; 2556 x 1179
    // at 460 ppi, 60 Hz (Apple's specs); system cache assumed 24 MB.
    DeviceProfile(
      id: "iphone-16", name: "iPhone 16", screen: DeviceScreen(points: Size(393, 852), scale: 3),
      refreshRate: 60, gpu: "A18 (5-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 60e9, gpuSpeed: 14.0, cpuSpeed: 6.97, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3),
    // A18 Pro, 6-core GPU: +20% GPU and +15% CPU over the A17 Pro; LPDDR5X-7500; 2622 x 1206,
    // ProMotion up to 120 Hz (Apple's specs); system cache assumed 24 MB.
    DeviceProfile(
      id: "iphone-16-pro", name: "iPhone 16 Pro", screen: DeviceScreen(points: Size(402, 874), scale: 3),
      refreshRate: 120, gpu: "A18 Pro (6-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 60e9, gpuSpeed: 14.4, cpuSpeed: 6.79, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3),
    // The same A18 Pro; 2868 x 1320, ProMotion (Apple's specs).
    DeviceProfile(
      id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", screen: DeviceScreen(points: Size(440, 956), scale: 3),
      refreshRate: 120, gpu: "A18 Pro (6-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 60e9, gpuSpeed: 14.4, cpuSpeed: 6.79, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3),
    // A19, 5-core GPU: +80% GPU and +40% CPU over the A16 (Apple); 2622 x 1206, ProMotion up to
    // 120 Hz on every iPhone 17 (Apple's specs); memory bandwidth and system cache not published:
    // the A18's assumed.
    DeviceProfile(
      id: "iphone-17", name: "iPhone 17", screen: DeviceScreen(points: Size(402, 874), scale: 3),
      refreshRate: 120, gpu: "A19 (5-core GPU)", gpuFamily: "Apple10",
      memoryBandwidth: 60e9, gpuSpeed: 18.0, cpuSpeed: 7.5, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3),
    // A19 Pro with 5 of its 6 GPU cores: the 6-core figure (18) x 5/6; 2736 x 1260, ProMotion
    // (Apple's specs); bandwidth and cache assumed as the iPhone 17's.
    DeviceProfile(
      id: "iphone-air", name: "iPhone Air", screen: DeviceScreen(points: Size(420, 912), scale: 3),
      refreshRate: 120, gpu: "A19 Pro (5-core GPU)", gpuFamily: "Apple10",
      memoryBandwidth: 60e9, gpuSpeed: 15.0, cpuSpeed: 7.08, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3),
    // A19 Pro, 6-core GPU: +50% GPU and +20% CPU over the A17 Pro (Apple); 2622 x 1206,
    // ProMotion; bandwidth and cache assumed as the iPhone 17's.
    DeviceProfile(
      id: "iphone-17-pro", name: "iPhone 17 Pro", screen: DeviceScreen(points: Size(402, 874), scale: 3),
      refreshRate: 120, gpu: "A19 Pro (6-core GPU)", gpuFamily: "Apple10",
      memoryBandwidth: 60e9, gpuSpeed: 18.0, cpuSpeed: 7.08, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3),
    // The same A19 Pro; 2868 x 1320, ProMotion (Apple's specs).
    DeviceProfile(
      id: "iphone-17-pro-max", name: "iPhone 17 Pro Max", screen: DeviceScreen(points: Size(440, 956), scale: 3),
      refreshRate: 120, gpu: "A19 Pro (6-core GPU)", gpuFamily: "Apple10",
      memoryBandwidth: 60e9, gpuSpeed: 18.0, cpuSpeed: 7.08, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3),

    // iPads, one per GPU generation. A8X: 8 GPU clusters, two A8 GPUs side by side, twice the
    // iPhone 6 Plus's fill rate in GFXBench (AnandTech, "A8X's GPU: GXA6850"); 3 CPU cores at
    // 1.5 GHz against the A8's 1.4 GHz (same core); LPDDR3-1600 on a 128-bit bus; 4 MB system
    // cache (AnandTech); 2048 x 1536, 60 Hz, sRGB.
    DeviceProfile(
      id: "ipad-air-2", name: "iPad Air 2", screen: DeviceScreen(points: Size(768, 1024), scale: 2),
      refreshRate: 60, gpu: "A8X (PowerVR GXA6850)", gpuFamily: "Apple2",
      memoryBandwidth: 25.6e9, gpuSpeed: 2.0, cpuSpeed: 1.07, systemCacheBytes: 4 * mebibyte, idiom: .pad),
    // A10X Fusion: 12 GPU clusters, twice the A10's (core-count scaling: 5.7); 2.36 GHz CPU
    // against the A10's 2.34 GHz; LPDDR4 on a 128-bit bus; no system cache, as the A9X
    // (AnandTech); 2224 x 1668, ProMotion 120 Hz, P3.
    DeviceProfile(
      id: "ipad-pro-10-5", name: "iPad Pro (10.5-inch)", screen: DeviceScreen(points: Size(834, 1112), scale: 2),
      refreshRate: 120, gpu: "A10X Fusion (12-cluster GPU)", gpuFamily: "Apple3",
      memoryBandwidth: 51.2e9, gpuSpeed: 5.7, cpuSpeed: 2.4, systemCacheBytes: 0, displayGamut: .displayP3, idiom: .pad),
    // A12X Bionic: 7-core GPU, the A12's 4-core figure x 7/4 (9.7); A12 CPU cores at the same
    // clock; LPDDR4X on a 128-bit bus; 8 MB system cache as the A12; 2388 x 1668, ProMotion.
    DeviceProfile(
      id: "ipad-pro-11-2018", name: "iPad Pro (11-inch, 2018)", screen: DeviceScreen(points: Size(834, 1194), scale: 2),
      refreshRate: 120, gpu: "A12X Bionic (7-core GPU)", gpuFamily: "Apple5",
      memoryBandwidth: 68.2e9, gpuSpeed: 9.7, cpuSpeed: 3.42, systemCacheBytes: 8 * mebibyte, displayGamut: .displayP3,
      idiom: .pad),
    // A14 Bionic, 4-core GPU: +30% graphics and +40% CPU over the A12 of the previous iPad Air
    // (Apple); LPDDR4X-4266; 16 MB system cache (AnandTech); 2360 x 1640, 60 Hz.
    DeviceProfile(
      id: "ipad-air-4", name: "iPad Air (4th generation)", screen: DeviceScreen(points: Size(820, 1180), scale: 2),
      refreshRate: 60, gpu: "A14 Bionic (4-core GPU)", gpuFamily: "Apple7",
      memoryBandwidth: 34.1e9, gpuSpeed: 7.2, cpuSpeed: 4.79, systemCacheBytes: 16 * mebibyte, displayGamut: .displayP3,
      idiom: .pad),
    // A15 Bionic, 5-core GPU as the iPhone 13 Pro; CPU at 2.93 GHz against 3.23 GHz (4.9 x
    // 2.93 / 3.23); LPDDR4X-4266; 32 MB system cache; 2266 x 1488, 60 Hz.
    DeviceProfile(
      id: "ipad-mini-6", name: "iPad mini (6th generation)", screen: DeviceScreen(points: Size(744, 1133), scale: 2),
      refreshRate: 60, gpu: "A15 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 34.1e9, gpuSpeed: 10.0, cpuSpeed: 4.44, systemCacheBytes: 32 * mebibyte, displayGamut: .displayP3,
      idiom: .pad),
    // M4, 10-core GPU: the A17 Pro's 6-core figure x 10/6 (same GPU generation, Apple9);
    // 120 GB/s of memory bandwidth (Apple); CPU 4.4 GHz against the A17 Pro's 3.78 GHz (5.9 x
    // 4.4 / 3.78); system cache assumed 24 MB; 2420 x 1668, ProMotion.
    DeviceProfile(
      id: "ipad-pro-11-m4", name: "iPad Pro (11-inch, M4)", screen: DeviceScreen(points: Size(834, 1210), scale: 2),
      refreshRate: 120, gpu: "M4 (10-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 120e9, gpuSpeed: 20.0, cpuSpeed: 6.87, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3,
      idiom: .pad),
  ]

  static let mebibyte = 1_048_576.0

  public static func device(id: String) -> DeviceProfile? { all.first { $0.id == id } }

  /// The screens of every known device, for ``SceneDecoder/Options``.
  public static var screens: [String: DeviceScreen] {
    Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.screen) })
  }
}
