import Compositor
import LayerTree
import TestSupport
import Testing

/// Explain and optimize on generated scenes (a seeded generator, so every run is the same):
/// nothing traps, the optimized scene reads back and writes the same bytes, and optimize never
/// raises offscreen passes or GPU time.
@Suite("Explain and optimize on generated scenes")
struct RandomSceneTests {
  static func layer(_ g: inout SplitMix64, id: String, depth: Int, ids: inout [String]) -> String {
    ids.append(id)
    let w = g.int(8...200)
    let h = g.int(8...120)
    var members = [#""id": "\#(id)""#, #""frame": [\#(g.int(-20...300)), \#(g.int(-20...600)), \#(w), \#(h)]"#]
    let kind = g.int(0...19)
    if kind == 0 { members.append(##""class": "CAGradientLayer", "colors": ["#00000000", "#000000AA"]"##) }
    if kind == 1 { members.append(#""class": "CAShapeLayer", "path": {"type": "ellipse", "rect": [0, 0, \#(w), \#(h)]}"#) }
    if kind == 2 { members.append(#""class": "UIVisualEffectView""#) }
    if g.chance(50) {
      let color = g.pick(["#FFFFFF", "#F2F3F5", "#FFFFFF80", "clear"])
      members.append("\"backgroundColor\": \"\(color)\"")
    }
    if g.chance(40) { members.append(#""cornerRadius": \#(g.pick([4, 8, 15, 30]))"#) }
    if g.chance(40) { members.append(#""masksToBounds": true"#) }
    if g.chance(25) { members.append(#""shadowOpacity": 0.3"#) }
    if g.chance(10) { members.append(#""shadowPath": "bounds""#) }
    if g.chance(15) { members.append(#""opacity": \#(g.pick([0, 0.5, 0.9]))"#) }
    if g.chance(5) { members.append(#""isHidden": true"#) }
    if g.chance(10) { members.append(#""shouldRasterize": true, "rasterizationScale": \#(g.pick([1, 2]))"#) }
    if g.chance(8) { members.append(#""transform": {"rotation": \#(g.pick([5, 90, 30])), "scale": \#(g.pick([1, 0.8]))}"#) }
    if g.chance(8) { members.append(#""allowsEdgeAntialiasing": true"#) }
    if kind > 2 && g.chance(50) {
      let contents = g.pick([
        #"{"type": "image", "pixelSize": [\#(w * 2), \#(h * 2)], "opaque": true}"#, #"{"type": "image", "pixelSize": [64, 64]}"#,
        #"{"type": "text", "characters": \#(g.int(0...40))}"#, #"{"type": "drawing", "opaque": true}"#,
      ])
      members.append(#""contents": \#(contents)"#)
      if g.chance(30) { members.append(#""contentsGravity": "\#(g.pick(["resizeAspect", "resizeAspectFill", "center"]))""#) }
    }
    if g.chance(12) {
      let mask = g.pick([
        #"{"class": "CAShapeLayer", "frame": [0, 0, \#(w), \#(h)], "path": {"type": "roundedRect", "rect": [0, 0, \#(w), \#(h)], "cornerRadius": 6}}"#,
        #"{"class": "CAShapeLayer", "frame": [0, 0, \#(w), \#(w)], "path": {"type": "ellipse", "rect": [0, 0, \#(w), \#(w)]}}"#,
        ##"{"frame": [0, 0, \##(w), \##(h)], "backgroundColor": "#000000", "cornerRadius": 8}"##,
        #"{"class": "CAShapeLayer", "frame": [2, 2, 20, 20], "path": {"type": "arbitrary", "rect": [0, 0, 20, 20], "points": 30}}"#,
      ])
      members.append(#""mask": \#(mask)"#)
    }
    if depth > 0 && g.chance(60) {
      var children: [String] = []
      for index in 0..<g.int(1...4) {
        children.append(layer(&g, id: "\(id)\(index)", depth: depth - 1, ids: &ids))
      }
      members.append(#""sublayers": [\#(children.joined(separator: ", "))]"#)
    }
    if depth < 3 && g.chance(25) {
      members.append(#""repeat": {"count": \#(g.int(1...4)), "step": [\#(g.int(0...90)), \#(g.int(0...60))]}"#)
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  static func scene(seed: UInt64) -> String {
    var g = SplitMix64(seed: seed)
    var ids: [String] = []
    let layers = (0..<g.int(1...4)).map { layer(&g, id: "l\($0)", depth: 3, ids: &ids) }
    var timeline = ""
    if g.chance(40) {
      var parts = [#""duration": 0.2"#]
      if g.chance(60) { parts.append(#""contentChanges": [{"target": "\#(g.pick(ids))", "rate": 30}]"#) }
      if g.chance(40) {
        parts.append(#""animations": [{"target": "\#(g.pick(ids))", "keyPath": "position.x", "toValue": 100, "duration": 0.2}]"#)
      }
      timeline = #", "timeline": {\#(parts.joined(separator: ", "))}"#
    }
    let device = g.pick(["iphone-7", "iphone-6-plus", "iphone-13-pro"])
    let ios = g.pick(["8.4", "10.2", "17.0"])
    return
      #"{"version": 1, "device": "\#(device)", "iosVersion": "\#(ios)", "root": {"id": "root", "sublayers": [\#(layers.joined(separator: ", "))]}\#(timeline)}"#
  }

  static let seeds: [UInt64] = Array(1...60)

  @Test(arguments: seeds)
  func generatedScene(_ seed: UInt64) throws {
    let text = Self.scene(seed: seed)
    let options = SceneDecoder.Options(devices: DeviceCatalogue.screens)
    let bytes = Array(text.utf8)
    let scene: Scene
    do {
      scene = try SceneDecoder.decode(bytes, options: options)
    } catch {
      // A generated scene the format refuses (two ids made the same by `repeat`) is no case.
      return
    }
    let device = DeviceCatalogue.device(id: scene.device)!
    let explanation = Explainer.explain(scene, on: device)
    for group in explanation.findings {
      #expect(!group.findings.isEmpty)
      for trial in group.trials { #expect(!trial.edits.isEmpty && !trial.appliedTo.isEmpty) }
    }
    let result = Optimizer.optimize(try SceneDocument(parsing: bytes), scene: scene, decoding: options, on: device)
    #expect(result.after.offscreenPassesMax <= result.before.offscreenPassesMax, "\(text)")
    #expect(result.after.offscreenPassesMean <= result.before.offscreenPassesMean + 1e-9, "\(text)")
    #expect(result.after.gpuMsP95 <= result.before.gpuMsP95 + 1e-9, "\(text)")
    #expect(result.after.gpuMsMean <= result.before.gpuMsMean + 1e-9, "\(text)")
    let written = result.document.rendered()
    #expect(try SceneDocument(parsing: Array(written.utf8)).rendered() == written)
    _ = try SceneDecoder.decode(Array(written.utf8), options: options)
  }
}

extension RandomSceneTests {
  /// The generator makes scenes that matter: most read, many have findings, some get fixed.
  @Test func generatedScenesCoverTheFixes() throws {
    let options = SceneDecoder.Options(devices: DeviceCatalogue.screens)
    var decoded = 0
    var withFindings = 0
    var optimized = 0
    var fixes = Set<String>()
    for seed in Self.seeds {
      let bytes = Array(Self.scene(seed: seed).utf8)
      guard let scene = try? SceneDecoder.decode(bytes, options: options) else { continue }
      decoded += 1
      let device = DeviceCatalogue.device(id: scene.device)!
      let explanation = Explainer.explain(scene, on: device)
      if !explanation.findings.isEmpty { withFindings += 1 }
      for group in explanation.findings { fixes.formUnion(group.trials.map(\.fixID)) }
      let result = Optimizer.optimize(try SceneDocument(parsing: bytes), scene: scene, decoding: options, on: device)
      if !result.steps.isEmpty { optimized += 1 }
    }
    #expect(decoded >= 45)
    #expect(withFindings >= 30)
    #expect(optimized >= 4)
    #expect(fixes.count >= 4)
  }
}
