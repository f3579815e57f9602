import Compositor
import LayerTree
import Testing

/// A scene imported from a Lottie animation (`source.tool` is `offscreen-sim import lottie`) gets
/// its findings' fixes in the animation's terms, each the wording its rule declares for Lottie
/// (`lottieFix`, `MaskRule.LottieCause.fix`); any other scene keeps the layer wording. The
/// expected words are read from the rules' own declarations, never from a report.
@Suite("Lottie fix words")
struct LottieFixWordsTests {
  static let device = DeviceCatalogue.device(id: "iphone-7")!

  /// The findings of `scene` on `device`, with `source` as its origin.
  static func findings(_ scene: Scene, source: SceneSource?) -> [Finding] {
    var scene = scene
    scene.source = source
    return Simulator.run(scene, on: device).findings
  }

  static let lottie = SceneSource(tool: SceneSource.lottieImportTool, file: "anim.json")

  /// The importer's tool name, alone or with a version (as `SceneSource.tool`'s documentation
  /// writes it), is Lottie; any other tool, a longer name, or no source is not.
  @Test func theOriginIsReadFromTheSourcesTool() {
    #expect(SceneOrigin(source: Self.lottie) == .lottie)
    #expect(SceneOrigin(source: SceneSource(tool: "offscreen-sim import lottie 1.0")) == .lottie)
    #expect(SceneOrigin(source: SceneSource(tool: "offscreen-sim import recursive-description")) == .layers)
    #expect(SceneOrigin(source: SceneSource(tool: "offscreen-sim import lottie-ish")) == .layers)
    #expect(SceneOrigin(source: SceneSource(tool: "offscreen-sim LayerCapture")) == .layers)
    #expect(SceneOrigin(source: nil) == .layers)
  }

  /// The rules with one Lottie wording: every triggering example of each, marked as imported
  /// from Lottie, gets the rule's `lottieFix`; unmarked, it gets another fix (the layer wording).
  /// (Examples under the other answer to a disputed point are left out: the report runs the
  /// documented answers.)
  @Test(
    arguments: [
      (ShadowWithoutPathRule.ruleID, ShadowWithoutPathRule.lottieFix),
      (GroupOpacityRule.ruleID, GroupOpacityRule.lottieFix),
      (BlendModeRule.ruleID, BlendModeRule.lottieFix),
    ])
  func oneWordingRules(_ ruleID: String, _ lottieFix: String) throws {
    let rule = try #require(OffscreenRules.rule(id: ruleID))
    let firing = rule.examples.filter { $0.passes > 0 && $0.assuming.isEmpty }
    #expect(!firing.isEmpty)
    for example in firing {
      let scene = try SceneDecoder.decode(Array(example.sceneJSON.utf8), options: .init(devices: DeviceCatalogue.screens))
      let imported = Self.findings(scene, source: Self.lottie).filter { $0.rule == ruleID && $0.layer == "root/subject" }
      #expect(imported.map(\.fix) == [lottieFix], "\(example.note)")
      let written = Self.findings(scene, source: nil).filter { $0.rule == ruleID && $0.layer == "root/subject" }
      #expect(written.count == 1, "\(example.note)")
      #expect(written.allSatisfy { $0.fix != lottieFix && !$0.fix.hasPrefix("In the animation") }, "\(example.note)")
    }
  }

  /// Each cause of a mask, told apart by the ids the Lottie import gives lottie-ios' layers
  /// (docs/lottie.md, "Mapping"), by hand: a matted layer's container is `Name (parent, masked)`;
  /// a layer's masks are its `mask` holding `masks`; a Subtract or Intersect mask masks a `masks`
  /// container; a gradient fill's path mask is on `gradient/path`, a gradient stroke's on
  /// `gradientStroke`, and transparent stops are the `alpha` mask of `colors`.
  @Test func maskCauses() {
    typealias Cause = MaskRule.LottieCause
    #expect(Cause(path: "root/view/animation/Dot_(parent,_masked)", maskID: "mask", maskChild: "Matte") == .trackMatte)
    #expect(Cause(path: "root/view/animation/Dot_(parent,_masked)-2", maskID: "mask", maskChild: nil) == .trackMatte)
    #expect(Cause(path: "root/view/animation/Shape", maskID: "mask", maskChild: "masks") == .layerMasks)
    #expect(Cause(path: "root/view/animation/Shape/mask/masks", maskID: "Mask_2", maskChild: nil) == .maskModes)
    #expect(Cause(path: "root/view/animation/Shape/Group/Path/gradient/path", maskID: "mask", maskChild: nil) == .gradientFill)
    #expect(Cause(path: "root/view/animation/Shape/Group/Path/gradientStroke", maskID: "mask", maskChild: nil) == .gradientStroke)
    #expect(Cause(path: "root/view/animation/Shape/Group/Path/gradient/path/colors", maskID: "alpha", maskChild: nil) == .gradientAlpha)
    // A layer the user named `path` outside a gradient, or a plain mask: no cause is guessed.
    #expect(Cause(path: "root/view/animation/path", maskID: "mask", maskChild: nil) == .other)
    #expect(Cause(path: "root/card", maskID: "shape", maskChild: nil) == .other)
    // Each cause has words of its own, all in the animation's terms.
    let words = Cause.allCases.map(\.fix)
    #expect(Set(words).count == Cause.allCases.count)
    #expect(words.allSatisfy { $0.hasPrefix("In the animation") })
  }

  /// A scene laid out as the import lays out each cause, every masked layer drawing: imported
  /// from Lottie, each finding's fix is its cause's words; otherwise none is.
  @Test func maskFindingsSayTheirCause() throws {
    let drawing = ##""frame": [0, 0, 40, 40], "backgroundColor": "#FF0000""##
    let ellipse = #""path": {"type": "ellipse", "rect": [0, 0, 30, 30]}"#
    let shapeMask = #"{"id": "mask", "class": "CAShapeLayer", "frame": [0, 0, 40, 40], \#(ellipse)}"#
    let scene = try TestScenes.scene(
      """
      {"id": "Dot_(parent,_masked)", \(drawing), "mask": {"id": "mask", "frame": [0, 0, 40, 40], "sublayers": [{"id": "Matte", \(drawing)}]}},
      {"id": "Shape", \(drawing), "mask": {"id": "mask", "frame": [0, 0, 40, 40], "sublayers": [{"id": "masks", "frame": [0, 0, 40, 40], "sublayers": [{"id": "Mask_1", \(drawing)}]}]}},
      {"id": "gradient", "frame": [0, 0, 40, 40], "sublayers": [{"id": "path", \(drawing), "mask": \(shapeMask), "sublayers": [
        {"id": "colors", "class": "CAGradientLayer", "frame": [0, 0, 40, 40], "colors": ["#FF0000", "#0000FF"],
         "mask": {"id": "alpha", "class": "CAGradientLayer", "frame": [0, 0, 40, 40], "colors": ["#000000", "#00000000"]}}]}]},
      {"id": "gradientStroke", \(drawing), "mask": \(shapeMask)},
      {"id": "card", \(drawing), "mask": \(shapeMask)}
      """)
    let expected: [String: MaskRule.LottieCause] = [
      "root/Dot_(parent,_masked)": .trackMatte, "root/Shape": .layerMasks, "root/gradient/path": .gradientFill,
      "root/gradient/path/colors": .gradientAlpha, "root/gradientStroke": .gradientStroke, "root/card": .other,
    ]
    let imported = Self.findings(scene, source: Self.lottie).filter { $0.rule == MaskRule.ruleID }
    #expect(Set(imported.map(\.layer)) == Set(expected.keys))
    for finding in imported {
      #expect(finding.fix == expected[finding.layer]?.fix, "\(finding.layer)")
    }
    let written = Self.findings(scene, source: nil).filter { $0.rule == MaskRule.ruleID }
    #expect(written.count == expected.count)
    #expect(written.allSatisfy { !$0.fix.hasPrefix("In the animation") })
  }
}
