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

  /// A generated scene holds at least the layers asked for, no more than one row over (a nested
  /// row is the largest, 31 layers), and its name and `generate()` say the count a reader makes
  /// (asked 4,000 nested layers, it had made 3,999 and named 4,000).
  @Test(arguments: SceneGenerator.Kind.allCases)
  func theCountIsWhatWasAskedAndWhatTheNameSays(_ kind: SceneGenerator.Kind) throws {
    for layers in [4, 100, 999, 1_000, 4_000] {
      let generated = SceneGenerator(kind: kind, layers: layers, frames: 1, seed: 1).generate()
      let scene = try SceneDecoder.decode(Array(generated.json.utf8), options: .init(devices: Self.screens))
      #expect(scene.layerCount >= layers, "\(kind) \(layers)")
      #expect(scene.layerCount <= layers + 31, "\(kind) \(layers)")
      #expect(generated.layers == scene.layerCount, "\(kind) \(layers)")
      #expect(scene.name == "generated \(kind.rawValue), \(scene.layerCount) layers")
    }
  }

  @Test func singleFrameHasNoTimeline() throws {
    let json = SceneGenerator(kind: .feed, layers: 100, frames: 1, seed: 1).json()
    let scene = try SceneDecoder.decode(Array(json.utf8), options: .init(devices: Self.screens))
    #expect(scene.timeline == nil)
  }

  /// A list longer than a column may be goes on in a new column 375 pt to the right, so that no
  /// row passes the scene format's 10,000,000 pt (about 578,000 layers of feed, 17.3 pt a layer).
  /// Here a column of 1,000 pt: a row starts a new column when the tallest row (180 pt) would
  /// pass it, so every row ends by 1,000 pt; the scroll runs through the tallest column.
  @Test(arguments: SceneGenerator.Kind.allCases)
  func rowsGoOnInColumnsWithinTheLimit(_ kind: SceneGenerator.Kind) throws {
    #expect(SceneGenerator(kind: kind, layers: 1).columnHeight == NumberRange.maxPoints)
    var generator = SceneGenerator(kind: kind, layers: 1_000, frames: 600, seed: 3)
    generator.columnHeight = 1_000
    let scene = try SceneDecoder.decode(Array(generator.json().utf8), options: .init(devices: Self.screens))
    let rows = try #require(scene.root.sublayers.first?.sublayers)
    #expect(rows.allSatisfy { $0.frame.maxY <= 1_000 })
    #expect(rows.allSatisfy { $0.frame.x.truncatingRemainder(dividingBy: 375) == 0 })
    #expect(Set(rows.map(\.frame.x)).count > 1)
    // 10 s at 2,000 pt/s is 20,000 pt; the content is one column of at most 1,000 pt: the scroll
    // stops at its end less the 667 pt screen.
    guard case .offsets(let points) = scene.timeline?.scrolls.first?.motion else {
      Issue.record("no scroll")
      return
    }
    #expect(points.last?.y == (rows.map(\.frame.maxY).max() ?? 0) - 667)
  }
}
