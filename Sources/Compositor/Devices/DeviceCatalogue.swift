import LayerTree

/// The devices the tool knows, by id.
///
/// Sources: points, scale, rendered pixels, refresh rate and GPU are Apple's published
/// specifications as listed in the domain notes, section 4 ("Devices"); the iPhone XS Max
/// (414 x 896 pt @3x, A12, Apple5) and iPhone 15 Pro (393 x 852 pt @3x, 120 Hz ProMotion,
/// A17 Pro, Apple9) from Apple's tech-specs pages and the Metal feature-set tables.
public enum DeviceCatalogue {
  public static let all: [DeviceProfile] = [
    DeviceProfile(
      id: "iphone-6", name: "iPhone 6", screen: DeviceScreen(points: Size(375, 667), scale: 2),
      refreshRate: 60, gpu: "A8 (PowerVR GX6450)", gpuFamily: "Apple2"),
    DeviceProfile(
      id: "iphone-6-plus", name: "iPhone 6 Plus", screen: DeviceScreen(points: Size(414, 736), scale: 3),
      panelPixels: Size(1080, 1920), refreshRate: 60, gpu: "A8 (PowerVR GX6450)", gpuFamily: "Apple2"),
    DeviceProfile(
      id: "iphone-7", name: "iPhone 7", screen: DeviceScreen(points: Size(375, 667), scale: 2),
      refreshRate: 60, gpu: "A10 Fusion", gpuFamily: "Apple3"),
    DeviceProfile(
      id: "iphone-x", name: "iPhone X", screen: DeviceScreen(points: Size(375, 812), scale: 3),
      refreshRate: 60, gpu: "A11 Bionic", gpuFamily: "Apple4"),
    DeviceProfile(
      id: "iphone-xs-max", name: "iPhone XS Max", screen: DeviceScreen(points: Size(414, 896), scale: 3),
      refreshRate: 60, gpu: "A12 Bionic", gpuFamily: "Apple5"),
    DeviceProfile(
      id: "iphone-13-pro", name: "iPhone 13 Pro", screen: DeviceScreen(points: Size(390, 844), scale: 3),
      refreshRate: 120, gpu: "A15 Bionic", gpuFamily: "Apple8"),
    DeviceProfile(
      id: "iphone-15-pro", name: "iPhone 15 Pro", screen: DeviceScreen(points: Size(393, 852), scale: 3),
      refreshRate: 120, gpu: "A17 Pro", gpuFamily: "Apple9"),
  ]

  public static func device(id: String) -> DeviceProfile? { all.first { $0.id == id } }

  /// The screens of every known device, for ``SceneDecoder/Options``.
  public static var screens: [String: DeviceScreen] {
    Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.screen) })
  }
}
