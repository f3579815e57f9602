import Compositor
import LayerTree

/// The devices tests decode scenes against: the tool's own catalogue, so a test reads a scene
/// (and prints "known devices" notes) as the tool does, and a device added to the catalogue
/// needs no change here.
public enum TestDevices {
  /// Each catalogue device's screen, by id.
  public static let screens: [String: DeviceScreen] = DeviceCatalogue.screens

  /// Decoder options with the catalogue's screens.
  public static let options = SceneDecoder.Options(devices: screens)
}
