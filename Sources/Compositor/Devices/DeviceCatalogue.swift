import LayerTree

/// The devices the tool knows, by id, oldest GPU generation first within each idiom.
///
/// Each device is one entry here, with the source of every figure beside it. Common sources:
/// - points, scale, refresh rate, chip and GPU core count: Apple's technical specifications of
///   each model (support.apple.com/specs), as collected in the domain notes (section 4) for the
///   first iPhones; the Metal GPU family from Apple's Metal feature-set tables (A7: Apple1, A8:
///   Apple2, A9 and A10: Apple3, A11: Apple4, A12: Apple5, A13: Apple6, A14: Apple7, A15, A16 and
///   M2: Apple8, A17 Pro, A18, M3 and M4: Apple9, A19: Apple10). The A5, A6, A5X and A6X (PowerVR
///   SGX543 and SGX554) have no Metal family: ``DeviceProfile/preMetalFamily``, generation 0;
/// - memory bandwidth: the memory type (from teardowns and AnandTech's reviews) times the bus
///   width: LPDDR2-800 x 64 bit = 6.4 GB/s, LPDDR2-1066 = 8.528 GB/s, LPDDR3-1600 = 12.8 GB/s,
///   LPDDR4-3200 = 25.6 GB/s, LPDDR4X-4266 = 34.1 GB/s, LPDDR5-6400 = 51.2 GB/s, LPDDR5X-7500 = 60
///   GB/s; twice that on the 128-bit iPad chips;
/// - system-level cache: AnandTech's die and latency analyses (none before the A7; A7 to A11:
///   4 MB; A12: 8 MB; A13 and A14: 16 MB; A15: 32 MB); later chips have no published figure:
///   24 MB, the A16's as reported from die analyses, is assumed and marked "assumed";
/// - gpuSpeed and cpuSpeed, relative to the A8: Apple's launch claims chained generation to
///   generation. GPU: A9 +90%, A10 +50%, A11 +30%, A12 +50%, A13 +20%, A14 +30% over the A12,
///   A15 (5-core) = 10, A16 about the A15 (Apple claimed only +50% memory bandwidth), A17 Pro
///   +20% over the A15, A18 +40% over the A16, A18 Pro +20% over the A17 Pro, A19 +80% over the
///   A16, A19 Pro +50% over the A17 Pro. CPU: A9 +70%, A10 +40%, A11 +25%, A12 +15%, A13 +20%,
///   A14 +40% over the A12, A15 4.9, A17 Pro +20% over the A15 and +10% over the A16, A18 +30%
///   over the A16, A18 Pro +15% over the A17 Pro, A19 +40% over the A16, A19 Pro +20% over the
///   A17 Pro. Backwards from the A8: the A8's graphics "up to 50 percent faster" and its CPU 25
///   percent faster than the A7's (iPhone 6, September 2014), the A7 "up to twice" the A6's CPU
///   and graphics (iPhone 5s, September 2013), the A6 "up to twice" the A5's (iPhone 5,
///   September 2012): A7 = 1/1.5 and 0.8, A6 = 1/3 and 0.4, A5 = 1/6 and 0.2. Apple says "up
///   to", so these are upper bounds of the real ratios. A chip with fewer GPU cores than the one
///   a claim is about is scaled by its core count (same GPU generation); a CPU clocked otherwise
///   than the claim's by its clock.
/// - display gamut: Display P3 from the iPhone 7 and the iPad Pro (9.7-inch) on; sRGB before, and
///   on the iPad (A16), whose specifications list no wide colour.
///
/// `--device` also takes the names in ``aliases``; files name the devices themselves.
public enum DeviceCatalogue {
  public static let all: [DeviceProfile] = [
    // A5: dual Cortex-A9 at 800 MHz, PowerVR SGX543MP2 (AnandTech, iPhone 4S review);
    // LPDDR2-800 on two 32-bit channels, 6.4 GB/s (AnandTech); no system cache; 640 x 960 at
    // 326 ppi, 60 Hz (Apple's specs). No Metal family: OpenGL ES only.
    DeviceProfile(
      id: "iphone-4s", name: "iPhone 4S", screen: DeviceScreen(points: Size(320, 480), scale: 2),
      refreshRate: 60, gpu: "A5 (PowerVR SGX543MP2)", gpuFamily: DeviceProfile.preMetalFamily,
      memoryBandwidth: 6.4e9, gpuSpeed: 1.0 / 6, cpuSpeed: 0.2, systemCacheBytes: 0),
    // The A5 again (Apple's specs): the same two Cortex-A9 cores and SGX543MP2, so the same GPU
    // figure by core count; its CPU clock and memory assumed as the iPhone 4S's (800 MHz,
    // LPDDR2-800); 640 x 1136 at 326 ppi, 60 Hz. WWDC14 session 419 ran case studies on it.
    DeviceProfile(
      id: "ipod-touch-5", name: "iPod touch (5th generation)", screen: DeviceScreen(points: Size(320, 568), scale: 2),
      refreshRate: 60, gpu: "A5 (PowerVR SGX543MP2)", gpuFamily: DeviceProfile.preMetalFamily,
      memoryBandwidth: 6.4e9, gpuSpeed: 1.0 / 6, cpuSpeed: 0.2, systemCacheBytes: 0
    ).assuming(.cpuSpeed, .memoryBandwidth),
    // A6: two Swift cores at 1.3 GHz, PowerVR SGX543MP3 (AnandTech, iPhone 5 review); "up to
    // twice" the A5's CPU and graphics (Apple); LPDDR2-1066 on two 32-bit channels, 8.528 GB/s
    // (AnandTech, "iPhone 5 memory size and speed revealed"); no system cache; 640 x 1136, 60 Hz.
    DeviceProfile(
      id: "iphone-5", name: "iPhone 5", screen: DeviceScreen(points: Size(320, 568), scale: 2),
      refreshRate: 60, gpu: "A6 (PowerVR SGX543MP3)", gpuFamily: DeviceProfile.preMetalFamily,
      memoryBandwidth: 8.528e9, gpuSpeed: 1.0 / 3, cpuSpeed: 0.4, systemCacheBytes: 0),
    // A7: two Cyclone cores at 1.3 GHz, PowerVR G6430, Metal's first family (Apple1); "up to
    // twice" the A6's CPU and graphics (Apple); LPDDR3-1600 on a 64-bit bus, 12.8 GB/s, and 4 MB of
    // SRAM as a system cache (AnandTech, iPhone 5s review); 640 x 1136, 60 Hz.
    DeviceProfile(
      id: "iphone-5s", name: "iPhone 5s", screen: DeviceScreen(points: Size(320, 568), scale: 2),
      refreshRate: 60, gpu: "A7 (PowerVR G6430)", gpuFamily: "Apple1",
      memoryBandwidth: 12.8e9, gpuSpeed: 1 / 1.5, cpuSpeed: 0.8, systemCacheBytes: 4 * mebibyte),
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
    // A11 Bionic, 3-core GPU, as the iPhone X below; 750 x 1334 at 326 ppi, 60 Hz, P3 (Apple's
    // specs).
    DeviceProfile(
      id: "iphone-8", name: "iPhone 8", screen: DeviceScreen(points: Size(375, 667), scale: 2),
      refreshRate: 60, gpu: "A11 Bionic (3-core GPU)", gpuFamily: "Apple4",
      memoryBandwidth: 34.1e9, gpuSpeed: 3.7, cpuSpeed: 2.98, systemCacheBytes: 4 * mebibyte, displayGamut: .displayP3),
    // The same A11; 1242 x 2208 rendered, downsampled to a 1080 x 1920 panel, as the 6 Plus
    // (Apple's specs).
    DeviceProfile(
      id: "iphone-8-plus", name: "iPhone 8 Plus", screen: DeviceScreen(points: Size(414, 736), scale: 3),
      panelPixels: Size(1080, 1920), refreshRate: 60, gpu: "A11 Bionic (3-core GPU)", gpuFamily: "Apple4",
      memoryBandwidth: 34.1e9, gpuSpeed: 3.7, cpuSpeed: 2.98, systemCacheBytes: 4 * mebibyte, displayGamut: .displayP3),
    // A11 Bionic: Apple's first GPU, 3 cores; LPDDR4X-4266; 4 MB system cache (AnandTech).
    DeviceProfile(
      id: "iphone-x", name: "iPhone X", screen: DeviceScreen(points: Size(375, 812), scale: 3),
      refreshRate: 60, gpu: "A11 Bionic (3-core GPU)", gpuFamily: "Apple4",
      memoryBandwidth: 34.1e9, gpuSpeed: 3.7, cpuSpeed: 2.98, systemCacheBytes: 4 * mebibyte, displayGamut: .displayP3),
    // A12 Bionic as the XS Max below; 1125 x 2436 at 458 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-xs", name: "iPhone XS", screen: DeviceScreen(points: Size(375, 812), scale: 3),
      refreshRate: 60, gpu: "A12 Bionic (4-core GPU)", gpuFamily: "Apple5",
      memoryBandwidth: 34.1e9, gpuSpeed: 5.55, cpuSpeed: 3.42, systemCacheBytes: 8 * mebibyte, displayGamut: .displayP3),
    // A12 Bionic: 4-core GPU with memory compression; LPDDR4X-4266; 8 MB system cache, redesigned
    // (AnandTech, iPhone XS review).
    DeviceProfile(
      id: "iphone-xs-max", name: "iPhone XS Max", screen: DeviceScreen(points: Size(414, 896), scale: 3),
      refreshRate: 60, gpu: "A12 Bionic (4-core GPU)", gpuFamily: "Apple5",
      memoryBandwidth: 34.1e9, gpuSpeed: 5.55, cpuSpeed: 3.42, systemCacheBytes: 8 * mebibyte, displayGamut: .displayP3),
    // The same A12; 828 x 1792 at 326 ppi: 414 x 896 pt at @2x, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-xr", name: "iPhone XR", screen: DeviceScreen(points: Size(414, 896), scale: 2),
      refreshRate: 60, gpu: "A12 Bionic (4-core GPU)", gpuFamily: "Apple5",
      memoryBandwidth: 34.1e9, gpuSpeed: 5.55, cpuSpeed: 3.42, systemCacheBytes: 8 * mebibyte, displayGamut: .displayP3),
    // A13 Bionic, 4-core GPU: "up to 20 percent faster CPU and GPU than A12" (Apple, iPhone 11
    // Pro); LPDDR4X-4266; 16 MB system cache (AnandTech, iPhone 11 review); 828 x 1792, 60 Hz.
    DeviceProfile(
      id: "iphone-11", name: "iPhone 11", screen: DeviceScreen(points: Size(414, 896), scale: 2),
      refreshRate: 60, gpu: "A13 Bionic (4-core GPU)", gpuFamily: "Apple6",
      memoryBandwidth: 34.1e9, gpuSpeed: 6.66, cpuSpeed: 4.1, systemCacheBytes: 16 * mebibyte, displayGamut: .displayP3),
    // The same A13; 1125 x 2436 at 458 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-11-pro", name: "iPhone 11 Pro", screen: DeviceScreen(points: Size(375, 812), scale: 3),
      refreshRate: 60, gpu: "A13 Bionic (4-core GPU)", gpuFamily: "Apple6",
      memoryBandwidth: 34.1e9, gpuSpeed: 6.66, cpuSpeed: 4.1, systemCacheBytes: 16 * mebibyte, displayGamut: .displayP3),
    // The same A13; 1242 x 2688 at 458 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-11-pro-max", name: "iPhone 11 Pro Max", screen: DeviceScreen(points: Size(414, 896), scale: 3),
      refreshRate: 60, gpu: "A13 Bionic (4-core GPU)", gpuFamily: "Apple6",
      memoryBandwidth: 34.1e9, gpuSpeed: 6.66, cpuSpeed: 4.1, systemCacheBytes: 16 * mebibyte, displayGamut: .displayP3),
    // The same A13; the iPhone 8's 750 x 1334 at 326 ppi, 60 Hz, P3 (Apple's specs).
    DeviceProfile(
      id: "iphone-se-2", name: "iPhone SE (2nd generation)", screen: DeviceScreen(points: Size(375, 667), scale: 2),
      refreshRate: 60, gpu: "A13 Bionic (4-core GPU)", gpuFamily: "Apple6",
      memoryBandwidth: 34.1e9, gpuSpeed: 6.66, cpuSpeed: 4.1, systemCacheBytes: 16 * mebibyte, displayGamut: .displayP3),
    // A14 Bionic, 4-core GPU, as the iPad Air (4th generation) below; LPDDR4X-4266; 16 MB system
    // cache (AnandTech). 1125 x 2436 rendered (375 x 812 pt @3x, as the iPhone X), downsampled to
    // the 1080 x 2340 panel at 476 ppi (Apple's specs); 60 Hz.
    DeviceProfile(
      id: "iphone-12-mini", name: "iPhone 12 mini", screen: DeviceScreen(points: Size(375, 812), scale: 3),
      panelPixels: Size(1080, 2340), refreshRate: 60, gpu: "A14 Bionic (4-core GPU)", gpuFamily: "Apple7",
      memoryBandwidth: 34.1e9, gpuSpeed: 7.2, cpuSpeed: 4.79, systemCacheBytes: 16 * mebibyte, displayGamut: .displayP3),
    // The same A14; 1170 x 2532 at 460 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-12", name: "iPhone 12", screen: DeviceScreen(points: Size(390, 844), scale: 3),
      refreshRate: 60, gpu: "A14 Bionic (4-core GPU)", gpuFamily: "Apple7",
      memoryBandwidth: 34.1e9, gpuSpeed: 7.2, cpuSpeed: 4.79, systemCacheBytes: 16 * mebibyte, displayGamut: .displayP3),
    // The same A14; 1170 x 2532 at 460 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-12-pro", name: "iPhone 12 Pro", screen: DeviceScreen(points: Size(390, 844), scale: 3),
      refreshRate: 60, gpu: "A14 Bionic (4-core GPU)", gpuFamily: "Apple7",
      memoryBandwidth: 34.1e9, gpuSpeed: 7.2, cpuSpeed: 4.79, systemCacheBytes: 16 * mebibyte, displayGamut: .displayP3),
    // The same A14; 1284 x 2778 at 458 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-12-pro-max", name: "iPhone 12 Pro Max", screen: DeviceScreen(points: Size(428, 926), scale: 3),
      refreshRate: 60, gpu: "A14 Bionic (4-core GPU)", gpuFamily: "Apple7",
      memoryBandwidth: 34.1e9, gpuSpeed: 7.2, cpuSpeed: 4.79, systemCacheBytes: 16 * mebibyte, displayGamut: .displayP3),
    // A15 Bionic with a 4-core GPU: the 5-core figure (10) x 4/5; the same CPU at 3.23 GHz;
    // LPDDR4X-4266; 32 MB system cache. 1125 x 2436 rendered, downsampled to the 1080 x 2340
    // panel, as the 12 mini; 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-13-mini", name: "iPhone 13 mini", screen: DeviceScreen(points: Size(375, 812), scale: 3),
      panelPixels: Size(1080, 2340), refreshRate: 60, gpu: "A15 Bionic (4-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 34.1e9, gpuSpeed: 8.0, cpuSpeed: 4.9, systemCacheBytes: 32 * mebibyte, displayGamut: .displayP3),
    // A15 Bionic, 4-core GPU, as the 13 mini; 1170 x 2532 at 460 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-13", name: "iPhone 13", screen: DeviceScreen(points: Size(390, 844), scale: 3),
      refreshRate: 60, gpu: "A15 Bionic (4-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 34.1e9, gpuSpeed: 8.0, cpuSpeed: 4.9, systemCacheBytes: 32 * mebibyte, displayGamut: .displayP3),
    // A15 Bionic, 5-core GPU; LPDDR4X-4266; 32 MB system cache, twice the A14's (AnandTech, A15
    // review); ProMotion 10-120 Hz.
    DeviceProfile(
      id: "iphone-13-pro", name: "iPhone 13 Pro", screen: DeviceScreen(points: Size(390, 844), scale: 3),
      refreshRate: 120, gpu: "A15 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 34.1e9, gpuSpeed: 10.0, cpuSpeed: 4.9, systemCacheBytes: 32 * mebibyte, displayGamut: .displayP3),
    // The same A15; 1284 x 2778 at 458 ppi, ProMotion 10-120 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-13-pro-max", name: "iPhone 13 Pro Max", screen: DeviceScreen(points: Size(428, 926), scale: 3),
      refreshRate: 120, gpu: "A15 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 34.1e9, gpuSpeed: 10.0, cpuSpeed: 4.9, systemCacheBytes: 32 * mebibyte, displayGamut: .displayP3),
    // A15 Bionic, 4-core GPU, as the iPhone 13; the iPhone 8's 750 x 1334 at 326 ppi, 60 Hz
    // (Apple's specs).
    DeviceProfile(
      id: "iphone-se-3", name: "iPhone SE (3rd generation)", screen: DeviceScreen(points: Size(375, 667), scale: 2),
      refreshRate: 60, gpu: "A15 Bionic (4-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 34.1e9, gpuSpeed: 8.0, cpuSpeed: 4.9, systemCacheBytes: 32 * mebibyte, displayGamut: .displayP3),
    // A15 Bionic with the 5-core GPU, as the 13 Pro; 1170 x 2532 at 460 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-14", name: "iPhone 14", screen: DeviceScreen(points: Size(390, 844), scale: 3),
      refreshRate: 60, gpu: "A15 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 34.1e9, gpuSpeed: 10.0, cpuSpeed: 4.9, systemCacheBytes: 32 * mebibyte, displayGamut: .displayP3),
    // The same A15; 1284 x 2778 at 458 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-14-plus", name: "iPhone 14 Plus", screen: DeviceScreen(points: Size(428, 926), scale: 3),
      refreshRate: 60, gpu: "A15 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 34.1e9, gpuSpeed: 10.0, cpuSpeed: 4.9, systemCacheBytes: 32 * mebibyte, displayGamut: .displayP3),
    // A16 Bionic, 5-core GPU: about the A15's (10), with "50 percent more memory bandwidth"
    // (Apple): LPDDR5-6400, 51.2 GB/s; CPU 5.36, the A17 Pro's 5.9 over its +10%; system cache
    // 24 MB as die analyses report it (assumed). 1179 x 2556 at 460 ppi, ProMotion up to 120 Hz
    // (Apple's specs).
    DeviceProfile(
      id: "iphone-14-pro", name: "iPhone 14 Pro", screen: DeviceScreen(points: Size(393, 852), scale: 3),
      refreshRate: 120, gpu: "A16 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 51.2e9, gpuSpeed: 10.0, cpuSpeed: 5.36, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.systemCache),
    // The same A16; 1290 x 2796 at 460 ppi, ProMotion (Apple's specs).
    DeviceProfile(
      id: "iphone-14-pro-max", name: "iPhone 14 Pro Max", screen: DeviceScreen(points: Size(430, 932), scale: 3),
      refreshRate: 120, gpu: "A16 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 51.2e9, gpuSpeed: 10.0, cpuSpeed: 5.36, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.systemCache),
    // The same A16; 1179 x 2556 at 460 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-15", name: "iPhone 15", screen: DeviceScreen(points: Size(393, 852), scale: 3),
      refreshRate: 60, gpu: "A16 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 51.2e9, gpuSpeed: 10.0, cpuSpeed: 5.36, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.systemCache),
    // The same A16; 1290 x 2796 at 460 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-15-plus", name: "iPhone 15 Plus", screen: DeviceScreen(points: Size(430, 932), scale: 3),
      refreshRate: 60, gpu: "A16 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 51.2e9, gpuSpeed: 10.0, cpuSpeed: 5.36, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.systemCache),
    // A17 Pro, 6-core GPU; LPDDR5-6400; system cache assumed 24 MB; ProMotion.
    DeviceProfile(
      id: "iphone-15-pro", name: "iPhone 15 Pro", screen: DeviceScreen(points: Size(393, 852), scale: 3),
      refreshRate: 120, gpu: "A17 Pro (6-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 51.2e9, gpuSpeed: 12.0, cpuSpeed: 5.9, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.systemCache),
    // The same A17 Pro; 1290 x 2796 at 460 ppi, ProMotion (Apple's specs).
    DeviceProfile(
      id: "iphone-15-pro-max", name: "iPhone 15 Pro Max", screen: DeviceScreen(points: Size(430, 932), scale: 3),
      refreshRate: 120, gpu: "A17 Pro (6-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 51.2e9, gpuSpeed: 12.0, cpuSpeed: 5.9, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.systemCache),
    // A18, 5-core GPU: +40% GPU and +30% CPU over the A16 (10, 5.36); LPDDR5X-7500; 2556 x 1179
    // at 460 ppi, 60 Hz (Apple's specs); system cache assumed 24 MB.
    DeviceProfile(
      id: "iphone-16", name: "iPhone 16", screen: DeviceScreen(points: Size(393, 852), scale: 3),
      refreshRate: 60, gpu: "A18 (5-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 60e9, gpuSpeed: 14.0, cpuSpeed: 6.97, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.systemCache),
    // The same A18; 1290 x 2796 at 460 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-16-plus", name: "iPhone 16 Plus", screen: DeviceScreen(points: Size(430, 932), scale: 3),
      refreshRate: 60, gpu: "A18 (5-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 60e9, gpuSpeed: 14.0, cpuSpeed: 6.97, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.systemCache),
    // A18 with a 4-core GPU (Apple's specs): the 5-core figure (14) x 4/5; the same 6-core CPU;
    // memory assumed as the iPhone 16's; 1170 x 2532 at 460 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "iphone-16e", name: "iPhone 16e", screen: DeviceScreen(points: Size(390, 844), scale: 3),
      refreshRate: 60, gpu: "A18 (4-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 60e9, gpuSpeed: 11.2, cpuSpeed: 6.97, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.memoryBandwidth, .systemCache),
    // A18 Pro, 6-core GPU: +20% GPU and +15% CPU over the A17 Pro; LPDDR5X-7500; 2622 x 1206,
    // ProMotion up to 120 Hz (Apple's specs); system cache assumed 24 MB.
    DeviceProfile(
      id: "iphone-16-pro", name: "iPhone 16 Pro", screen: DeviceScreen(points: Size(402, 874), scale: 3),
      refreshRate: 120, gpu: "A18 Pro (6-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 60e9, gpuSpeed: 14.4, cpuSpeed: 6.79, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.systemCache),
    // The same A18 Pro; 2868 x 1320, ProMotion (Apple's specs).
    DeviceProfile(
      id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", screen: DeviceScreen(points: Size(440, 956), scale: 3),
      refreshRate: 120, gpu: "A18 Pro (6-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 60e9, gpuSpeed: 14.4, cpuSpeed: 6.79, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.systemCache),
    // A19, 5-core GPU: +80% GPU and +40% CPU over the A16 (Apple); 2622 x 1206, ProMotion up to
    // 120 Hz on every iPhone 17 (Apple's specs); memory bandwidth and system cache not published:
    // the A18's assumed.
    DeviceProfile(
      id: "iphone-17", name: "iPhone 17", screen: DeviceScreen(points: Size(402, 874), scale: 3),
      refreshRate: 120, gpu: "A19 (5-core GPU)", gpuFamily: "Apple10",
      memoryBandwidth: 60e9, gpuSpeed: 18.0, cpuSpeed: 7.5, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.memoryBandwidth, .systemCache),
    // A19 Pro with 5 of its 6 GPU cores: the 6-core figure (18) x 5/6; 2736 x 1260, ProMotion
    // (Apple's specs); bandwidth and cache assumed as the iPhone 17's.
    DeviceProfile(
      id: "iphone-air", name: "iPhone Air", screen: DeviceScreen(points: Size(420, 912), scale: 3),
      refreshRate: 120, gpu: "A19 Pro (5-core GPU)", gpuFamily: "Apple10",
      memoryBandwidth: 60e9, gpuSpeed: 15.0, cpuSpeed: 7.08, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.memoryBandwidth, .systemCache),
    // A19 Pro, 6-core GPU: +50% GPU and +20% CPU over the A17 Pro (Apple); 2622 x 1206,
    // ProMotion; bandwidth and cache assumed as the iPhone 17's.
    DeviceProfile(
      id: "iphone-17-pro", name: "iPhone 17 Pro", screen: DeviceScreen(points: Size(402, 874), scale: 3),
      refreshRate: 120, gpu: "A19 Pro (6-core GPU)", gpuFamily: "Apple10",
      memoryBandwidth: 60e9, gpuSpeed: 18.0, cpuSpeed: 7.08, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.memoryBandwidth, .systemCache),
    // The same A19 Pro; 2868 x 1320, ProMotion (Apple's specs).
    DeviceProfile(
      id: "iphone-17-pro-max", name: "iPhone 17 Pro Max", screen: DeviceScreen(points: Size(440, 956), scale: 3),
      refreshRate: 120, gpu: "A19 Pro (6-core GPU)", gpuFamily: "Apple10",
      memoryBandwidth: 60e9, gpuSpeed: 18.0, cpuSpeed: 7.08, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3
    ).assuming(.memoryBandwidth, .systemCache),

    // iPads, oldest GPU generation first. A5X: the A5's two Cortex-A9 cores at 1 GHz against the
    // iPhone 4S's 800 MHz (0.2 x 1.25), PowerVR SGX543MP4, twice the A5's GPU cores (1/6 x 4/2);
    // four 32-bit channels of LPDDR2-800, 12.8 GB/s (AnandTech, iPad 3 review); no system cache;
    // 2048 x 1536 at 264 ppi, 60 Hz (Apple's specs). WWDC 2012's figures ran on hardware of this
    // class.
    DeviceProfile(
      id: "ipad-3", name: "iPad (3rd generation)", screen: DeviceScreen(points: Size(768, 1024), scale: 2),
      refreshRate: 60, gpu: "A5X (PowerVR SGX543MP4)", gpuFamily: DeviceProfile.preMetalFamily,
      memoryBandwidth: 12.8e9, gpuSpeed: 1.0 / 3, cpuSpeed: 0.25, systemCacheBytes: 0, idiom: .pad),
    // A6X: "up to twice the CPU and graphics performance" of the A5X (Apple, October 2012; Apple's
    // later claim of the iPad Air's A7 at twice the A6X is not chained: the A7 is set by the
    // phones' claims); PowerVR SGX554MP4; LPDDR2-1066 on the A5X's 128-bit interface, 17.056 GB/s
    // (AnandTech, iPad 4 review); no system cache; 2048 x 1536, 60 Hz.
    DeviceProfile(
      id: "ipad-4", name: "iPad (4th generation)", screen: DeviceScreen(points: Size(768, 1024), scale: 2),
      refreshRate: 60, gpu: "A6X (PowerVR SGX554MP4)", gpuFamily: DeviceProfile.preMetalFamily,
      memoryBandwidth: 17.056e9, gpuSpeed: 2.0 / 3, cpuSpeed: 0.5, systemCacheBytes: 0, idiom: .pad),
    // A7 at 1.4 GHz against the iPhone 5s's 1.3 GHz (AnandTech, iPad Air review: 0.8 x 1.4 / 1.3),
    // the same G6430 GPU (no other clock published); LPDDR3-1600 on a 64-bit bus, 12.8 GB/s; 4 MB
    // system cache; 2048 x 1536 at 264 ppi, 60 Hz (Apple's specs). WWDC14 session 419's vibrancy
    // figures (14-17.48 ms over a full-screen blur) ran on it.
    DeviceProfile(
      id: "ipad-air", name: "iPad Air", screen: DeviceScreen(points: Size(768, 1024), scale: 2),
      refreshRate: 60, gpu: "A7 (PowerVR G6430)", gpuFamily: "Apple1",
      memoryBandwidth: 12.8e9, gpuSpeed: 1 / 1.5, cpuSpeed: 0.8 * 1.4 / 1.3, systemCacheBytes: 4 * mebibyte, idiom: .pad),
    // The A7 at the iPhone 5s's 1.3 GHz (TechCrunch, from Geekbench, November 2013); 2048 x 1536
    // at 326 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "ipad-mini-2", name: "iPad mini 2", screen: DeviceScreen(points: Size(768, 1024), scale: 2),
      refreshRate: 60, gpu: "A7 (PowerVR G6430)", gpuFamily: "Apple1",
      memoryBandwidth: 12.8e9, gpuSpeed: 1 / 1.5, cpuSpeed: 0.8, systemCacheBytes: 4 * mebibyte, idiom: .pad),
    // A8X: 8 GPU clusters, two A8 GPUs side by side, twice the iPhone 6 Plus's fill rate in
    // GFXBench (AnandTech, "A8X's GPU: GXA6850"); 3 CPU cores at 1.5 GHz against the A8's 1.4 GHz
    // (same core); LPDDR3-1600 on a 128-bit bus; 4 MB system cache (AnandTech); 2048 x 1536,
    // 60 Hz, sRGB.
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
    // A16 with a 5-core CPU and a 4-core GPU (Apple's specs): the A16's 5-core figure (10) x 4/5;
    // its performance cores as the iPhone's (5.36); memory and system cache assumed as the
    // iPhone 15's; 2360 x 1640 at 264 ppi, 60 Hz, sRGB (Apple's specs list no wide colour).
    DeviceProfile(
      id: "ipad-a16", name: "iPad (A16)", screen: DeviceScreen(points: Size(820, 1180), scale: 2),
      refreshRate: 60, gpu: "A16 (4-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 51.2e9, gpuSpeed: 8.0, cpuSpeed: 5.36, systemCacheBytes: 24 * mebibyte, idiom: .pad
    ).assuming(.memoryBandwidth, .systemCache),
    // A17 Pro with a 5-core GPU (Apple's specs): the 6-core figure (12) x 5/6; the same CPU;
    // memory assumed as the iPhone 15 Pro's, system cache 24 MB assumed; 2266 x 1488 at 326 ppi,
    // 60 Hz (Apple's specs).
    DeviceProfile(
      id: "ipad-mini-a17-pro", name: "iPad mini (A17 Pro)", screen: DeviceScreen(points: Size(744, 1133), scale: 2),
      refreshRate: 60, gpu: "A17 Pro (5-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 51.2e9, gpuSpeed: 10.0, cpuSpeed: 5.9, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3,
      idiom: .pad
    ).assuming(.memoryBandwidth, .systemCache),
    // M3 with its 8-core CPU and 9-core GPU and 100 GB/s of memory bandwidth (Apple's specs): the
    // A17 Pro's GPU generation (Apple9), its 6-core figure (12) x 9/6; CPU at the M3's 4.05 GHz
    // in Macs against the A17 Pro's 3.78 GHz (5.9 x 4.05 / 3.78; the iPad's clock is assumed to be
    // the Macs'); system cache assumed 24 MB; 2360 x 1640 at 264 ppi, 60 Hz (Apple's specs).
    DeviceProfile(
      id: "ipad-air-11-m3", name: "iPad Air (11-inch, M3)", screen: DeviceScreen(points: Size(820, 1180), scale: 2),
      refreshRate: 60, gpu: "M3 (9-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 100e9, gpuSpeed: 18.0, cpuSpeed: 6.32, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3,
      idiom: .pad
    ).assuming(.cpuSpeed, .systemCache),
    // M4, 10-core GPU: the A17 Pro's 6-core figure x 10/6 (same GPU generation, Apple9);
    // 120 GB/s of memory bandwidth (Apple); CPU 4.4 GHz against the A17 Pro's 3.78 GHz (5.9 x
    // 4.4 / 3.78); system cache assumed 24 MB; 2420 x 1668, ProMotion.
    DeviceProfile(
      id: "ipad-pro-11-m4", name: "iPad Pro (11-inch, M4)", screen: DeviceScreen(points: Size(834, 1210), scale: 2),
      refreshRate: 120, gpu: "M4 (10-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 120e9, gpuSpeed: 20.0, cpuSpeed: 6.87, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3,
      idiom: .pad
    ).assuming(.systemCache),
    // The same M4 with its 10-core GPU (Apple's specs); 2752 x 2064 at 264 ppi, ProMotion 10-120
    // Hz (Apple's specs).
    DeviceProfile(
      id: "ipad-pro-13-m4", name: "iPad Pro (13-inch, M4)", screen: DeviceScreen(points: Size(1032, 1376), scale: 2),
      refreshRate: 120, gpu: "M4 (10-core GPU)", gpuFamily: "Apple9",
      memoryBandwidth: 120e9, gpuSpeed: 20.0, cpuSpeed: 6.87, systemCacheBytes: 24 * mebibyte, displayGamut: .displayP3,
      idiom: .pad
    ).assuming(.systemCache),
  ]

  static let mebibyte = 1_048_576.0

  /// Another name `--device` takes for a catalogue device.
  public struct Alias: Sendable, Hashable {
    /// The name: `iphone-se`.
    public var name: String
    /// The catalogue id it stands for: `iphone-se-3`.
    public var id: String
    /// What it names, for `offscreen-sim devices`: "the newest iPhone SE".
    public var meaning: String
  }

  /// The names `--device` takes besides the catalogue's ids. A name that stands for the newest of
  /// a line moves when a newer model is added; so files (scenes, budgets, pairs files, project
  /// configurations, device profiles) name the device itself, and their figures stay put.
  public static let aliases = [Alias(name: "iphone-se", id: "iphone-se-3", meaning: "the newest iPhone SE")]

  /// The device with this id (not an alias).
  public static func device(id: String) -> DeviceProfile? { all.first { $0.id == id } }

  /// The catalogue id `name` stands for: itself when it is an id, the alias's device when it is
  /// an alias; nil when it is neither.
  public static func resolvedID(_ name: String) -> String? {
    if device(id: name) != nil { return name }
    return aliases.first { $0.name == name }?.id
  }

  /// Every name `--device` takes: the catalogue's ids, then the aliases.
  public static var commandLineNames: [String] { all.map(\.id) + aliases.map(\.name) }

  /// The screens of every known device, for ``SceneDecoder/Options``.
  public static var screens: [String: DeviceScreen] {
    Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.screen) })
  }
}
