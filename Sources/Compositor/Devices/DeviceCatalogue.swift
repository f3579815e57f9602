import LayerTree

/// The devices the tool knows, by id.
///
/// Sources:
/// - points, scale, rendered pixels, refresh rate and GPU: Apple's device specifications, as
///   listed in the domain notes, section 4; iPhone XS Max (414 x 896 pt @3x, A12, Apple5) and
///   iPhone 15 Pro (393 x 852 pt @3x, 120 Hz ProMotion, A17 Pro, Apple9) from Apple's tech specs
///   and Metal feature-set tables;
/// - memory bandwidth: the public memory types (domain notes, section 4) on a 64-bit bus:
///   LPDDR3-1600 (A8) 12.8 GB/s, LPDDR4-3200 (A10) 25.6 GB/s, LPDDR4X-4266 (A11, A12, A15)
///   34.1 GB/s, LPDDR5-6400 (A17 Pro) 51.2 GB/s;
/// - gpuSpeed and cpuSpeed: Apple's launch claims chained from the A8: GPU A9 +90%, A10 +50%,
///   A11 +30%, A12 +50%, A13 +20%, then about +50% to the 5-core A15 and +20% to the A17 Pro;
///   CPU A9 +70%, A10 +40%, A11 +25%, A12 +15%, A13 +20%, then about +20% to the A15 and +20%
///   to the A17 Pro. Apple states "up to", so these are upper bounds of the real ratios.
public enum DeviceCatalogue {
  public static let all: [DeviceProfile] = [
    DeviceProfile(
      id: "iphone-6", name: "iPhone 6", screen: DeviceScreen(points: Size(375, 667), scale: 2),
      refreshRate: 60, gpu: "A8 (PowerVR GX6450)", gpuFamily: "Apple2",
      memoryBandwidth: 12.8e9, gpuSpeed: 1.0, cpuSpeed: 1.0),
    DeviceProfile(
      id: "iphone-6-plus", name: "iPhone 6 Plus", screen: DeviceScreen(points: Size(414, 736), scale: 3),
      panelPixels: Size(1080, 1920), refreshRate: 60, gpu: "A8 (PowerVR GX6450)", gpuFamily: "Apple2",
      memoryBandwidth: 12.8e9, gpuSpeed: 1.0, cpuSpeed: 1.0),
    DeviceProfile(
      id: "iphone-7", name: "iPhone 7", screen: DeviceScreen(points: Size(375, 667), scale: 2),
      refreshRate: 60, gpu: "A10 Fusion", gpuFamily: "Apple3",
      memoryBandwidth: 25.6e9, gpuSpeed: 2.85, cpuSpeed: 2.38),
    DeviceProfile(
      id: "iphone-x", name: "iPhone X", screen: DeviceScreen(points: Size(375, 812), scale: 3),
      refreshRate: 60, gpu: "A11 Bionic", gpuFamily: "Apple4",
      memoryBandwidth: 34.1e9, gpuSpeed: 3.7, cpuSpeed: 2.98),
    DeviceProfile(
      id: "iphone-xs-max", name: "iPhone XS Max", screen: DeviceScreen(points: Size(414, 896), scale: 3),
      refreshRate: 60, gpu: "A12 Bionic", gpuFamily: "Apple5",
      memoryBandwidth: 34.1e9, gpuSpeed: 5.55, cpuSpeed: 3.42),
    DeviceProfile(
      id: "iphone-13-pro", name: "iPhone 13 Pro", screen: DeviceScreen(points: Size(390, 844), scale: 3),
      refreshRate: 120, gpu: "A15 Bionic (5-core GPU)", gpuFamily: "Apple8",
      memoryBandwidth: 34.1e9, gpuSpeed: 10.0, cpuSpeed: 4.9),
    DeviceProfile(
      id: "iphone-15-pro", name: "iPhone 15 Pro", screen: DeviceScreen(points: Size(393, 852), scale: 3),
      refreshRate: 120, gpu: "A17 Pro", gpuFamily: "Apple9",
      memoryBandwidth: 51.2e9, gpuSpeed: 12.0, cpuSpeed: 5.9),
  ]

  public static func device(id: String) -> DeviceProfile? { all.first { $0.id == id } }

  /// The screens of every known device, for ``SceneDecoder/Options``.
  public static var screens: [String: DeviceScreen] {
    Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.screen) })
  }
}
