import Foundation
import LayerTree
import SceneBatch
import Testing

@testable import offscreen_sim

/// `check --shard i/n` and `compare --shard i/n`, joined by `merge`: the merge prints what one
/// run over all the inputs prints, byte for byte, with the same exit code.
@Suite("shards and merge")
struct ShardTests {
  /// FNV-1a 64 as published (http://www.isthe.com/chongo/tech/comp/fnv/): the empty string
  /// hashes to the offset basis, "a" to 0xaf63dc4c8601ec8c (the published test vector).
  @Test func theHashIsFNV1a() {
    #expect(Shard.hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(Shard.hash("a") == 0xaf63_dc4c_8601_ec8c)
  }

  /// Every path lands in exactly one part, and adding paths moves none of the others.
  @Test func everyInputInOnePartAndStableUnderAdding() {
    let paths = (0..<200).map { "scenes/screen\($0).json" }
    let shards = (1...4).map { Shard(index: $0, count: 4)! }
    let placed = shards.map { $0.positions(of: paths) }
    #expect(placed.flatMap { $0 }.sorted() == Array(paths.indices))
    // 200 paths over 4 parts: none empty (a hash that put everything in one part would fail).
    #expect(placed.allSatisfy { !$0.isEmpty })
    let more = paths + (0..<50).map { "scenes/new\($0).json" }
    for shard in shards {
      #expect(shard.positions(of: more).filter { $0 < paths.count } == shard.positions(of: paths))
    }
  }

  /// Scenes that pass, fail, have no budgets or cannot be read; four shards merged give the
  /// unsharded text, JSON, Markdown, JUnit and exit code.
  @Test func mergedCheckShardsEqualOneRun() throws {
    let folder = try temporaryFolder()
    for index in 0..<12 {
      // A limit of 0 passes fail on the clipped card (one pass), pass on the plain one.
      let budgets = #""budgets": { "maxOffscreenPassesPerFrame": 0, "checkOn": ["iphone-7", "iphone-13-pro"] },"#
      try write(CIScenes.card(clip: index % 3 == 0, extra: budgets), to: "scene\(index).json", in: folder)
    }
    try write(CIScenes.card(), to: "unbudgeted.json", in: folder)
    try write("{ \"version\": 1,", to: "broken.json", in: folder)

    let whole = ToolRun.run("check", folder, "--junit", folder + "/../whole.xml")
    #expect(whole.status == 2, "the broken scene makes the run an input error")
    for format in ["text", "json", "markdown"] {
      let one = ToolRun.run("check", folder, "--format", format)
      var shardFiles: [String] = []
      for index in 1...4 {
        let shard = ToolRun.run("check", folder, "--shard", "\(index)/4", "--format", "json")
        shardFiles.append(try write(shard.stdout, to: "shard-\(index).json", in: folder + "-shards-\(format)"))
      }
      let merged = ToolRun.callAsFunction(["merge"] + shardFiles + ["--format", format, "--junit", folder + "/../merged.xml"])
      #expect(merged.stdout == one.stdout, "\(format)")
      #expect(merged.stderr == one.stderr, "\(format)")
      #expect(merged.status == one.status)
      let wholeXML = try String(contentsOfFile: folder + "/../whole.xml", encoding: .utf8)
      let mergedXML = try String(contentsOfFile: folder + "/../merged.xml", encoding: .utf8)
      #expect(mergedXML == wholeXML)
    }
  }

  /// Pairs of scenes and saved reports, one pair on devices that do not agree: merged shards
  /// give the unsharded comparison and exit code.
  @Test func mergedCompareShardsEqualOneRun() throws {
    let folder = try temporaryFolder()
    var pairs: [String] = []
    for index in 0..<8 {
      try write(CIScenes.card(clip: index % 2 == 0), to: "before\(index).json", in: folder)
      try write(CIScenes.card(clip: index % 3 == 0), to: "after\(index).json", in: folder)
      pairs.append(#"{ "before": "before\#(index).json", "after": "after\#(index).json" }"#)
    }
    try write(CIScenes.card(device: "iphone-6"), to: "six.json", in: folder)
    pairs.append(#"{ "before": "before0.json", "after": "six.json" }"#)
    let pairsFile = try write("[" + pairs.joined(separator: ",\n") + "]", to: "pairs.json", in: folder)

    for format in ["text", "json", "markdown"] {
      let one = ToolRun.run("compare", "--pairs", pairsFile, "--format", format)
      #expect(one.status == 2, "the pair on two devices is an input error")
      var shardFiles: [String] = []
      for index in 1...3 {
        let shard = ToolRun.run("compare", "--pairs", pairsFile, "--shard", "\(index)/3", "--format", "json")
        shardFiles.append(try write(shard.stdout, to: "shard-\(index).json", in: folder + "-shards-\(format)"))
      }
      let merged = ToolRun.callAsFunction(["merge"] + shardFiles + ["--format", format])
      #expect(merged.stdout == one.stdout, "\(format)")
      #expect(merged.stderr == one.stderr, "\(format)")
      #expect(merged.status == one.status)
    }
  }

  @Test func aMissingOrRepeatedShardIsAnInputError() throws {
    let folder = try temporaryFolder()
    try write(CIScenes.card(extra: #""budgets": { "maxOffscreenPassesPerFrame": 1 },"#), to: "a.json", in: folder)
    let first = try write(
      ToolRun.run("check", folder, "--shard", "1/3", "--format", "json").stdout, to: "s1.json", in: folder + "-shards")
    let merged = ToolRun.run("merge", first, first)
    #expect(merged.status == 2)
    #expect(merged.stderr.contains("missing 2/3, 3/3; given twice: 1/3"), "\(merged.stderr)")
    let bad = ToolRun.run("check", folder, "--shard", "5/4")
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--shard expects i/n"))
  }
}
