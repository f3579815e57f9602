import Compositor
import LayerTree
import Testing

/// Helpers shared by the compositor tests: decode a scene from JSON text and plan it.
enum TestScenes {
  static func decode(_ json: String, device: String? = nil) throws -> Scene {
    try SceneDecoder.decode(Array(json.utf8), options: .init(devices: DeviceCatalogue.screens, deviceOverride: device))
  }

  /// A scene on an iPhone 7 (375 x 667 pt, @2x) whose root holds `layers` (JSON objects).
  static func scene(_ layers: String, iosVersion: String = "17.0", device: String = "iphone-7") throws -> Scene {
    try decode(
      """
      {"version": 1, "device": "\(device)", "iosVersion": "\(iosVersion)", "root": {"id": "root", "sublayers": [\(layers)]}}
      """)
  }

  struct Planned {
    var tree: FlatTree
    var plan: FramePlan

    func node(_ path: String) -> NodePlan? { tree.index(ofPath: path).map { plan.nodes[$0] } }

    /// Passes on the layer at `path`, all rules.
    func passes(_ path: String) -> Int { node(path)?.offscreen.reduce(0) { $0 + $1.passes } ?? -1 }

    func rules(_ path: String) -> [String] { node(path)?.offscreen.map(\.rule) ?? [] }
  }

  static func plan(_ scene: Scene, rules: [any OffscreenRule] = OffscreenRules.all) -> Planned {
    let device = DeviceCatalogue.device(id: scene.device)!
    let tree = FlatTree(scene.root)
    let plan = FramePlanner(screen: device.screen, iosVersion: scene.iosVersion, rules: rules).plan(tree)
    return Planned(tree: tree, plan: plan)
  }
}
