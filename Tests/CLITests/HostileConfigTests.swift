import Foundation
import LayerTree
import SceneBatch
import TestSupport
import Testing

@testable import offscreen_sim

/// The project configuration's door: a `.offscreen-sim.json` a pull request may change, whose
/// globs search the repository and whose lists are checked name by name. Each file here took
/// minutes; each now runs in a time stated per test (bounds for this debug build on a shared
/// 2-core machine, far above what the run took when written).
@Suite("hostile input: the project configuration")
struct HostileConfigTests {
  /// A repository of `depth` nested folders `d0/d1/...`, with `width` empty folders beside each
  /// and one scene at the bottom.
  static func repository(depth: Int, width: Int) throws -> (folder: String, scene: String) {
    let folder = try temporaryFolder()
    var path = ""
    for level in 0..<depth {
      for side in 0..<width {
        try FileManager.default.createDirectory(atPath: folder + "/" + path + "side\(side)", withIntermediateDirectories: true)
      }
      path += "d\(level)/"
    }
    _ = try write(CIScenes.card(), to: path + "card.json", in: folder)
    return (folder, path + "card.json")
  }

  /// `check` in `folder` and the processor time of this thread it took: the search and the
  /// configuration are read on the calling thread (one scene: no other thread checks it), and
  /// other tests running at the same time do not lengthen it as they do the wall clock's.
  static func timedCheck(in folder: String) -> (run: ToolRun, seconds: Double) {
    let start = threadCPUSeconds()
    let run = ToolRun.run("check", currentDirectory: folder)
    return (run, threadCPUSeconds() - start)
  }

  /// Twenty `**` in a row (82 bytes) made each folder be searched once for every way of
  /// splitting its path among them: exponential, 9 s on a repository of 30 folders. `**/**` is
  /// `**`, and a walk reaches each folder at each component of the pattern once: the scene is
  /// found at once, as `**/*.json` finds it.
  @Test func repeatedDoubleStarsSearchEachFolderOnce() throws {
    let (folder, scene) = try Self.repository(depth: 6, width: 4)
    let stars = Array(repeating: "**", count: 20).joined(separator: "/") + "/*.json"
    try write(#"{"scenes": ["\#(stars)"]}"#, to: ".offscreen-sim.json", in: folder)
    let (run, seconds) = Self.timedCheck(in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(seconds < 10, "took \(seconds) s")
    #expect(run.stdout.contains(scene), "\(run.stdout)")
    // `**` and `*` taking turns cannot be folded: each (folder, component) step is still taken once.
    let turns = Array(repeating: "**/*", count: 10).joined(separator: "/") + "/**/*.json"
    try write(#"{"scenes": ["\#(turns)"]}"#, to: ".offscreen-sim.json", in: folder)
    let (again, alternating) = Self.timedCheck(in: folder)
    #expect(again.status == 2)
    #expect(alternating < 10, "took \(alternating) s")
    #expect(again.stderr.contains("matches no file"), "ten folders are needed under the six: \(again.stderr)")
  }

  /// A pattern looks at a bounded number of folder entries: past it, an error naming the pattern
  /// and the bound, and nothing is run. `**/*.json` lists every folder of the repository above
  /// once: its top and `d0` to `d4` hold 5 entries each (four side folders and the next level),
  /// `d5` the scene, the side folders nothing: 31 entries, so a bound of 30 stops it and 31 does not.
  @Test func aPatternLooksAtABoundedNumberOfEntries() throws {
    let (folder, _) = try Self.repository(depth: 6, width: 4)
    let file = folder + "/.offscreen-sim.json"
    let within = try ScenePatterns.expand(
      ["**/*.json"], in: ".", currentDirectory: folder, file: file, maxEntries: 31)
    #expect(within.paths.count == 1)
    let past = caughtError(InputError.self) {
      try ScenePatterns.expand(["**/*.json"], in: ".", currentDirectory: folder, file: file, maxEntries: 30)
    }
    #expect(
      past?.message.hasPrefix(
        "\(file): error: scenes: \"**/*.json\" looks at more than 30 entries of folders, the most a pattern may; nothing was checked")
        == true,
      "\(past?.message ?? "no error")")
  }

  /// 200,000 copies of one scene path: kept once each in order with a search of the list per
  /// entry, 200,000^2 / 2 comparisons. Now one set: the one scene is checked once.
  @Test func aLongListOfScenesIsKeptOnceEachInOneStep() throws {
    let folder = try temporaryFolder()
    try write(CIScenes.card(), to: "card.json", in: folder)
    let list = Array(repeating: #""card.json""#, count: 200_000).joined(separator: ",")
    try write(#"{"scenes": [\#(list)]}"#, to: ".offscreen-sim.json", in: folder)
    let (run, seconds) = Self.timedCheck(in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(seconds < 20, "took \(seconds) s")
    let config = try ProjectConfigDecoder.decode(
      Array(#"{"scenes": [\#(list), "other.json"]}"#.utf8), devices: ["iphone-7"], gates: ["default"])
    #expect(config.scenes == ["card.json", "other.json"])
  }

  /// 100,000 device ids that do not exist: each looked for the nearest known id (13 s). The
  /// nearest is looked for while the problems are few enough to be printed (the first 100), so
  /// the file costs one pass; every problem is still found and counted.
  @Test func unknownNamesAreSuggestedForOnlyWhilePrinted() throws {
    let folder = try temporaryFolder()
    try write(CIScenes.card(), to: "card.json", in: folder)
    let devices = (0..<100_000).map { #""iphone-\#($0)x""# }.joined(separator: ",")
    try write(#"{"devices": [\#(devices)]}"#, to: ".offscreen-sim.json", in: folder)
    let start = threadCPUSeconds()
    let run = ToolRun.run("check", "card.json", currentDirectory: folder)
    let seconds = threadCPUSeconds() - start
    #expect(run.status == 2)
    #expect(seconds < 10, "took \(seconds) s")
    #expect(run.stderr.contains("100000 problems found") || run.stderr.contains("100,000 problems found"), "\(run.stderr.suffix(300))")
  }
}
