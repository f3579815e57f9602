import Testing

@testable import LayerTree

@Suite("Scene generator")
struct SceneGeneratorTests {
  static let screens = ["iphone-7": DeviceScreen(points: Size(375, 667), scale: 2)]

  @Test(arguments: SceneGenerator.Kind.allCases)
  func sameSeedSameBytes(_ kind: SceneGenerator.Kind) {
    let a = SceneGenerator(kind: kind, layers: 500, frames: 60, seed: 42).json()
    let b = SceneGenerator(kind: kind, layers: 500, frames: 60, seed: 42).json()
    let c = SceneGenerator(kind: kind, layers: 500, frames: 60, seed: 43).json()
    #expect(a == b)
    // Feeds and nested rows draw sizes and counts from the seed; grids draw their corners.
    #expect(a != c)
  }

  /// The generated scene loads, has at least the layers asked for and at most one cell's worth
  /// more (a feed cell is at most 10 layers: the cell, card, avatar, name, body, photo, like,
  /// share and a badge with its count; a grid row 10, a nested row 3 + 7 x 4 = 31), and its
  /// timeline has the frames asked for (60 frames at 60 Hz = 1 s).
  @Test(arguments: SceneGenerator.Kind.allCases)
  func generatedScenesLoad(_ kind: SceneGenerator.Kind) throws {
    let json = SceneGenerator(kind: kind, layers: 1_000, frames: 60, seed: 1).json()
    let scene = try SceneDecoder.decode(Array(json.utf8), options: .init(devices: Self.screens))
    #expect(scene.layerCount >= 1_000)
    #expect(scene.layerCount <= 1_000 + 31)
    #expect(scene.timeline?.duration == 1)
    #expect(scene.timeline?.frameRate == 60)
  }

  @Test func singleFrameHasNoTimeline() throws {
    let json = SceneGenerator(kind: .feed, layers: 100, frames: 1, seed: 1).json()
    let scene = try SceneDecoder.decode(Array(json.utf8), options: .init(devices: Self.screens))
    #expect(scene.timeline == nil)
  }
}
