import Testing

@testable import LayerTree

/// The key paths a timeline animates come from one list, `AnimatableKeyPath`: the format's
/// description of each, the `keyPath` choice and the layer keys' "animated by" are read from it.
@Suite("Animatable key paths")
struct AnimatableKeyPathTests {
  static let format = SceneFormat.standard

  @Test func theDescriptionFollowsTheEnumeration() {
    #expect(Self.format.keyPaths.map(\.name) == AnimatableKeyPath.allCases.map(\.rawValue))
    guard case .choice(let names) = Self.format.animation["keyPath"].type else {
      Issue.record("an animation's keyPath is no choice")
      return
    }
    #expect(names == AnimatableKeyPath.allCases.map(\.rawValue))
  }

  /// Each key path animates a layer key of the format, and each layer key is animated by exactly
  /// the key paths that name it. Worked out by hand from Core Animation's names: `frame` moves
  /// and resizes with `position` and `bounds.size` and their parts, `transform` turns and scales.
  @Test func everyKeyPathAnimatesALayerKey() {
    let layerKeys = Set(Self.format.layer.names)
    for keyPath in Self.format.keyPaths {
      #expect(layerKeys.contains(keyPath.layerKey), "\(keyPath.name) animates \(keyPath.layerKey), no layer key")
    }
    #expect(
      Self.format.layer["frame"].animatedBy == [
        "position.x", "position.y", "position", "bounds.size.width", "bounds.size.height", "bounds.size",
      ])
    #expect(Self.format.layer["transform"].animatedBy == ["transform.scale", "transform.rotation"])
    #expect(Self.format.layer["opacity"].animatedBy == ["opacity"])
    #expect(Self.format.layer["borderWidth"].animatedBy.isEmpty)
    let animated = Self.format.layer.keys.flatMap(\.animatedBy)
    #expect(animated.sorted() == AnimatableKeyPath.allCases.map(\.rawValue).sorted())
  }

  /// What each key path changes, worked out from the layer property it animates: opacities and
  /// colours leave the geometry; positions, opacities and transforms leave the layer's own drawing.
  @Test func whatEachKeyPathChanges() {
    let geometryKept: Set<AnimatableKeyPath> = [.opacity, .backgroundColor, .shadowOpacity]
    let contentKept: Set<AnimatableKeyPath> = [.positionX, .positionY, .position, .opacity, .transformScale, .transformRotation]
    for keyPath in AnimatableKeyPath.allCases {
      #expect(keyPath.changesGeometry == !geometryKept.contains(keyPath), "\(keyPath)")
      #expect(keyPath.changesOwnContent == !contentKept.contains(keyPath), "\(keyPath)")
    }
  }
}
