import Compositor
import LayerTree
import Testing

/// Generated scenes simulate as their structure says. Every expected figure is derived by hand
/// from the generator's parameters (its cell sizes and properties, `SceneGenerator.swift`) and
/// DOMAIN.md section 2's offscreen table; where the generator draws a property at random, the
/// test reads which way it went from the decoded scene (the input), never from the report.
/// On an iPhone 7, 375 x 667 pt, iOS 17 (the generator writes no iosVersion).
@Suite("Generated scenes")
struct GeneratedSceneTests {
  static let device = DeviceCatalogue.device(id: "iphone-7")!

  static func scene(_ generator: SceneGenerator) throws -> Scene { try TestScenes.decode(generator.json()) }

  /// A feed asked for 4 layers holds one cell (the generator counts 3 for the root and the list,
  /// and the first cell passes 4) at y = 0, 120 to 180 pt tall: all of it on screen. Its passes
  /// in its only frame, one per random choice the cell took:
  /// - the card (white background, shadowOpacity 0.15) without `shadowPath`: shadow-without-path;
  /// - the photo with cornerRadius 6 (else 0) and masksToBounds over its background and image:
  ///   two things to clip: rounded-clip (with radius 0 a scissor: nothing);
  /// - the badge (1 in 3 cells), opacity 0.8 over its red background and its count label: two
  ///   drawing layers: group-opacity;
  /// - the cell rasterized (1 in 5 cells): the first frame has no bitmap yet: rasterize.
  /// The avatar (radius 20, masksToBounds over one image) takes the single-image fast path:
  /// nothing. Layers: the root and the list (2), the cell, card, avatar, name, body, photo, like
  /// and share (8), and the badge with its count (2).
  @Test func oneFeedCellTakesAPassPerCostlyChoice() throws {
    var seen: [String: Int] = [:]
    for seed in UInt64(1)...24 {
      let scene = try Self.scene(SceneGenerator(kind: .feed, layers: 4, frames: 1, seed: seed))
      let cell = try #require(scene.layer(at: "root/list/cell0"))
      let card = try #require(scene.layer(at: "root/list/cell0/card"))
      let photo = try #require(scene.layer(at: "root/list/cell0/photo"))
      let badge = scene.layer(at: "root/list/cell0/badge")
      var expected: [String: Int] = [:]
      if card.shadowPath == nil { expected[ShadowWithoutPathRule.ruleID] = 1 }
      if photo.cornerRadius > 0 { expected[RoundedClipRule.ruleID] = 1 }
      if badge != nil { expected[GroupOpacityRule.ruleID] = 1 }
      if cell.shouldRasterize { expected[RasterizeRule.ruleID] = 1 }
      let report = Simulator.run(scene, on: Self.device)
      #expect(report.frames.count == 1)
      #expect(report.summary.layers == 2 + 8 + (badge == nil ? 0 : 2), "seed \(seed)")
      #expect(report.summary.offscreenPasses.byReason == expected, "seed \(seed)")
      for (rule, count) in expected { seen[rule, default: 0] += count }
    }
    // The 24 seeds take every costly choice at least once.
    #expect(Set(seen.keys).count == 4)
  }

  /// A grid row is 148 pt tall with three 120 x 140 pt tiles at y = 4: rows 0 to 4 (y = 0 to
  /// 592) show in the first frame. A tile with cornerRadius 10 (2 in 3 tiles) clips its
  /// background, image and caption: rounded-clip; a tile with radius 0 is a scissor. So the
  /// first frame's passes are the rounded tiles of rows 0 to 4. 30 frames at 60 Hz.
  @Test func gridPassesAreTheRoundedTilesOnScreen() throws {
    let scene = try Self.scene(SceneGenerator(kind: .grid, layers: 300, frames: 30, seed: 9))
    var rounded = 0
    for row in 0..<5 {
      for column in 0..<3 {
        let tile = try #require(scene.layer(at: "root/list/row\(row)/tile\(column)"))
        if tile.cornerRadius > 0 { rounded += 1 }
      }
    }
    let report = Simulator.run(scene, on: Self.device)
    #expect(report.frames.count == 30)
    #expect(report.summary.frameRate == 60)
    #expect(report.frames[0].byReason == [RoundedClipRule.ruleID: rounded])
  }

  /// A nested section is 170 pt tall: a 36 pt header, then a strip clipped to 375 x 130 pt
  /// holding 4 to 7 cards of 126 x 126 pt at x = 10 + 136k, each rounded (radius 10) and
  /// clipping a cover, a gradient and a title: a rounded-clip pass per card on screen. Cards
  /// 0 to 2 (x = 10, 146, 282) show across the screen's 375 pt, card 3 (x = 418) does not.
  /// The cards' band of section k spans y = 170k + 36 to 170k + 162; a 667 pt screen crosses
  /// the bands of 4 or 5 sections (793 / 170 = 4.7 section heights), so every frame takes 12 or
  /// 15 passes. The first frame (offset 0) shows sections 0 to 3: 12 passes. The list scrolls
  /// 2,000 pt/s, 33.3 pt a frame (offsets interpolated linearly): frame 4, at 133 pt, crosses the
  /// bands of sections 0 to 4 (the band of section 0 ends at 162, that of section 4 starts at
  /// 716 < 133 + 667): 15 passes, the most any frame can take.
  @Test func nestedPassesAreThreeCardsPerSectionOnScreen() throws {
    let scene = try Self.scene(SceneGenerator(kind: .nested, layers: 600, frames: 30, seed: 9))
    let report = Simulator.run(scene, on: Self.device)
    #expect(report.frames.count == 30)
    #expect(report.frames[0].byReason == [RoundedClipRule.ruleID: 12])
    #expect(report.frames.allSatisfy { $0.offscreenPasses == 12 || $0.offscreenPasses == 15 })
    #expect(report.frames[4].byReason == [RoundedClipRule.ruleID: 15])
    #expect(report.summary.offscreenPasses.perFrameMax == 15)
  }
}
