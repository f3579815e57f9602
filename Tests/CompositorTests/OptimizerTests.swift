import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

@Suite("Explain and optimize")
struct OptimizerTests {
  static let options = SceneDecoder.Options(devices: DeviceCatalogue.screens)

  static let scenesFolder = Repository.scenesFolder
  static let bundledScenes = BundledScenes.names

  static func optimize(_ text: String, only: String? = nil) throws -> Optimization {
    let bytes = Array(text.utf8)
    let scene = try SceneDecoder.decode(bytes, options: options)
    let document = try SceneDocument(parsing: bytes)
    return Optimizer.optimize(document, scene: scene, decoding: options, on: DeviceCatalogue.device(id: scene.device)!, only: only)
  }

  /// On every bundled scene: neither the worst frame's passes, nor the mean, nor GPU time go up;
  /// the written scene reads back; writing what was read gives the same bytes; optimizing the
  /// result again changes nothing.
  @Test(arguments: bundledScenes)
  func optimizeNeverMakesABundledSceneWorse(_ file: String) throws {
    let text = try String(contentsOf: Self.scenesFolder.appendingPathComponent(file), encoding: .utf8)
    let result = try Self.optimize(text)
    #expect(result.after.offscreenPassesMax <= result.before.offscreenPassesMax)
    #expect(result.after.offscreenPassesMean <= result.before.offscreenPassesMean + 1e-9)
    #expect(result.after.gpuMsP95 <= result.before.gpuMsP95 + 1e-9)
    #expect(result.after.gpuMsMean <= result.before.gpuMsMean + 1e-9)
    for step in result.steps {
      // A fix of the registry, or a list technique (on a scene's reuse pools), that keeps the picture.
      let keeps =
        SceneFixes.fix(id: step.fixID)?.appearance.keepsAppearance ?? ListTechnique.all.first { $0.id == step.fixID }?.keepsAppearance
      #expect(keeps == true, "\(step.fixID)")
    }
    let written = result.document.rendered()
    let reread = try SceneDocument(parsing: Array(written.utf8))
    #expect(reread.rendered() == written)
    _ = try SceneDecoder.decode(Array(written.utf8), options: Self.options)
    let again = try Self.optimize(written)
    #expect(again.steps.isEmpty)
    #expect(again.document.rendered() == written)
  }

  /// QQ Music v1: the topic chips lose masksToBounds (as v1.1 did); the cards keep their clip,
  /// which no fix that keeps appearance can take. The result is v1.1's layer tree.
  @Test func qqMusicV1BecomesV11() throws {
    let v1 = try String(contentsOf: Self.scenesFolder.appendingPathComponent("qqmusic-home-v1.json"), encoding: .utf8)
    let v11 = try String(contentsOf: Self.scenesFolder.appendingPathComponent("qqmusic-home-v1.1.json"), encoding: .utf8)
    let result = try Self.optimize(v1)
    #expect(result.steps.map(\.fixID) == ["drop-masks-to-bounds", "drop-masks-to-bounds"])
    #expect(Set(result.steps.map(\.pattern)) == ["root/table/topics/topRowChip[*]", "root/table/topics/bottomRowChip[*]"])
    #expect(result.steps.allSatisfy { $0.objects.count == 1 && $0.objects[0].changes == [.setMasksToBounds(false)] })
    let expected = try SceneDecoder.decode(Array(v11.utf8), options: Self.options)
    #expect(FixTests.strip(result.scene.root) == FixTests.strip(expected.root))
    // v1.1 while scrolling: at worst parts of five card rows are on screen, 3 + 3 + 2 + 3 + 3
    // rounded clips; the three kinds of card (song list, VIP, movie) keep their clip: no fix that
    // keeps appearance answers them.
    #expect(result.after.offscreenPassesMax == 14)
    #expect(result.unanswered.count == 3)
  }

  /// Explain on QQ Music v1, scrolling 1,600 pt over 2 s: the chips' and the cards' rounded clips
  /// are the findings, grouped by cause, each with a saving measured by simulation.
  ///
  /// Groups, by hand from the scene: each card row shows its first 3 cards (x 10, 146, 282; the
  /// fourth starts at 418 > 414), a movie row its first 2 (x 10, 212); song-list-like cards (5
  /// rows: songLists, newSongs, radio, newAlbums, playlists) 15, VIP-like (vip, rankings,
  /// classics) 9, movie-like (movies, mvs, concerts) 6, each kind one cause whatever its row; 4
  /// top-row and 3 bottom-row chips. All 7 chips are on screen in the worst frame (18 passes), so
  /// dropping their clip saves 4 and 3 passes there.
  @Test func explainQQMusicV1() throws {
    let text = try String(contentsOf: Self.scenesFolder.appendingPathComponent("qqmusic-home-v1.json"), encoding: .utf8)
    let scene = try SceneDecoder.decode(Array(text.utf8), options: Self.options)
    let explanation = Explainer.explain(scene, on: DeviceCatalogue.device(id: "iphone-6-plus")!)
    #expect(explanation.findings.allSatisfy { $0.rule == RoundedClipRule.ruleID })
    let sizes = explanation.findings.map { ($0.pattern, $0.findings.count) }
    #expect(sizes.filter { $0.0 == "root/table/*/card[*]" }.map(\.1).sorted() == [6, 9, 15])
    #expect(sizes.filter { $0.0 != "root/table/*/card[*]" }.sorted { $0.0 < $1.0 }.map(\.1) == [3, 4])
    #expect(Set(sizes.map(\.0)) == ["root/table/*/card[*]", "root/table/topics/topRowChip[*]", "root/table/topics/bottomRowChip[*]"])
    for group in explanation.findings {
      let first = try #require(group.trials.first, "\(group.pattern) needs a fix")
      #expect(first.saving.after.offscreenPassesMean < first.saving.before.offscreenPassesMean)
      #expect(first.saving.after.hitchTimeRatio < first.saving.before.hitchTimeRatio)
      if group.pattern.contains("Chip") {
        #expect(first.fixID == "drop-masks-to-bounds" && first.keepsAppearance)
        #expect(first.saving.offscreenPasses == group.passes)
      } else {
        #expect(group.trials.contains { $0.fixID == "precompose-corners" && !$0.keepsAppearance })
      }
    }
    // Ranked: no group's first fix saves more than the one above it.
    for (upper, lower) in zip(explanation.findings, explanation.findings.dropFirst()) {
      #expect(!lower.trials[0].saving.isBetter(than: upper.trials[0].saving))
    }
  }

  /// A fix whose condition fails on some copies of a repeated layer is not written: the file has
  /// one object for all of them. Explain still applies it where it holds and says where it does
  /// not.
  @Test func aFixOnSomeCopiesOnlyIsSkipped() throws {
    let text = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "chip", "frame": [16, 100, 80, 30], "repeat": {"count": 3, "step": [88, 0]}, "backgroundColor": "#F2F3F5",
         "cornerRadius": 15, "masksToBounds": true,
         "sublayers": [{"id": "label", "frame": [12, 7, 56, 16], "contents": {"type": "text", "characters": 5}}]}]},
       "timeline": {"duration": 0.2, "animations": [{"target": "chip[1]/label", "keyPath": "position.x", "toValue": 200, "duration": 0.2}]}}
      """
    let result = try Self.optimize(text)
    #expect(result.steps.isEmpty)
    #expect(result.skipped.contains { $0.fixID == "drop-masks-to-bounds" && $0.reason.contains("root/chip[1]") })
    #expect(result.document.rendered() == (try SceneDocument(parsing: Array(text.utf8))).rendered())
    let scene = try SceneDecoder.decode(Array(text.utf8), options: Self.options)
    let explanation = Explainer.explain(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
    let trial = try #require(explanation.findings.first?.trials.first { $0.fixID == "drop-masks-to-bounds" })
    #expect(trial.appliedTo == ["root/chip[0]", "root/chip[2]"])
    #expect(trial.notAppliedTo.map(\.layer) == ["root/chip[1]"])
  }

  /// A card whose cover fills the rounded corners: no fix that keeps appearance applies, and the
  /// file is written back unchanged (apart from the canonical layout).
  @Test func nothingAppliesWhereTheConditionFails() throws {
    let text = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "card", "frame": [10, 100, 126, 126], "cornerRadius": 10, "masksToBounds": true, "sublayers": [
          {"id": "cover", "frame": [0, 0, 126, 126], "contents": {"type": "image", "pixelSize": [252, 252], "opaque": true}},
          {"id": "title", "frame": [8, 100, 110, 18], "contents": {"type": "text", "characters": 8}}]}]}}
      """
    let result = try Self.optimize(text)
    #expect(result.steps.isEmpty)
    #expect(result.after == result.before)
    #expect(result.unanswered.first?.reason.contains("cover") == true)
    #expect(result.document.rendered() == (try SceneDocument(parsing: Array(text.utf8))).rendered())
  }

  /// Rasterizing a static toolbar saves GPU time from the second frame on, but its first frame
  /// renders the bitmap on top of the passes: the worst frame takes one pass more, so optimize
  /// does not keep it (explain still shows it).
  @Test func aFixThatRaisesTheWorstFrameIsNotKept() throws {
    let text = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "toolbar", "frame": [0, 300, 375, 44], "sublayers": [
          {"id": "button", "frame": [10, 4, 100, 36], "repeat": {"count": 2, "step": [120, 0]}, "backgroundColor": "#FFFFFF80",
           "shadowOpacity": 0.3, "sublayers": [{"id": "title", "frame": [10, 8, 80, 20], "contents": {"type": "text", "characters": 6}}]}]}]},
       "timeline": {"duration": 0.5}}
      """
    let result = try Self.optimize(text)
    #expect(result.steps.isEmpty)
    #expect(result.skipped.contains { $0.fixID == "rasterize-static-subtree" && $0.reason.contains("raises the offscreen passes") })
    #expect(result.after == result.before)
  }

  /// `only` keeps to one rule or one fix.
  @Test func onlyOneRule() throws {
    let text = try String(contentsOf: Self.scenesFolder.appendingPathComponent("timeline-cell.json"), encoding: .utf8)
    #expect(try Self.optimize(text, only: RoundedClipRule.ruleID).steps.isEmpty)
    // The two toolbars' action buttons share a cause (the same shadow on the same buttons in two
    // kinds of cell): one step sets shadowPath on both templates.
    let shadows = try Self.optimize(text, only: ShadowWithoutPathRule.ruleID)
    #expect(shadows.steps.count == 1)
    #expect(shadows.steps.first?.objects.count == 2)
    #expect(shadows.after.offscreenPassesMax == 0)
    #expect(try Self.optimize(text, only: "shadow-path").steps.count == 1)
  }

  /// The same scene gives the same explanation and the same optimized bytes.
  @Test func deterministic() throws {
    let text = try String(contentsOf: Self.scenesFolder.appendingPathComponent("qqmusic-home-v1.json"), encoding: .utf8)
    #expect(try Self.optimize(text).document.rendered() == (try Self.optimize(text).document.rendered()))
  }
}
