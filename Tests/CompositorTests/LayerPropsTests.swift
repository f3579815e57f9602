import LayerTree
import TestSupport
import Testing

@testable import Compositor

/// A tree keeps only the work-taking part of each layer's render properties and makes the rest
/// from the layer when a frame needs it (``FlatTree/props(_:)``): the result must be exactly the
/// properties made from the layer whole.
@Suite("Layer render properties")
struct LayerPropsTests {
  @Test(arguments: BundledScenes.names)
  func propsMadeFromTheTreeEqualPropsMadeWhole(_ name: String) throws {
    let scene = try SceneDecoder.decode(BundledScenes.bytes(name), options: TestDevices.options)
    let tree = FlatTree(scene.root)
    for index in 0..<tree.count {
      let whole = LayerProps(tree.layer(index), hasMask: tree.masks[index] >= 0)
      #expect(tree.props(index) == whole, "\(name) \(tree.path(index))")
    }
  }

  /// A generated feed, whose cells have shadows, rounded clips, group opacity and rasterization:
  /// the rules' gates survive the packing.
  @Test func aGeneratedFeedsGatesSurvive() throws {
    let bytes = Array(SceneGenerator(kind: .feed, layers: 600, frames: 1, seed: 11).json().utf8)
    let tree = FlatTree(try SceneDecoder.decode(bytes, options: TestDevices.options).root)
    var gated = 0
    for index in 0..<tree.count {
      let whole = LayerProps(tree.layer(index), hasMask: tree.masks[index] >= 0)
      #expect(tree.props(index).offscreenGates == whole.offscreenGates)
      if whole.mightGoOffscreen { gated += 1 }
    }
    #expect(gated > 0)
  }

  /// The placeholder the decide pass fills its room with (``LayerProps/none``) is made without the
  /// registry's gates; a plain layer with Core Animation's defaults draws nothing and no rule's
  /// gate lets it through (no shadow, mask, clip, opacity, rasterization, effect, turn or blend), so
  /// it equals the properties the registry makes of such a layer.
  @Test func thePlaceholderIsAPlainLayersProps() {
    #expect(LayerProps.none == LayerProps(Layer(id: ""), hasMask: false))
    #expect(LayerProps.none.offscreenGates == 0)
  }

  /// A layer the timeline changes gets its properties from the tree (``FlatTree/props(of:at:)``),
  /// with the gates the tree was built with: the registry's, as the layer's own.
  @Test func aChangedLayersPropsTakeTheTreesGates() throws {
    let bytes = Array(SceneGenerator(kind: .feed, layers: 600, frames: 1, seed: 11).json().utf8)
    let tree = FlatTree(try SceneDecoder.decode(bytes, options: TestDevices.options).root)
    for index in 0..<tree.count {
      #expect(tree.props(of: tree.layer(index), at: index) == LayerProps(tree.layer(index), hasMask: tree.masks[index] >= 0))
    }
  }
}
