import Foundation
import LayerTree
import SceneBatch
import TestSupport
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

  /// The merge is SceneBatch's (``ShardMerge``), apart from the command: two shards of a check
  /// over three scenes, each with one budget on one device, merge into a run of three entries in
  /// file order; a tool version other than the one given is refused, naming the file.
  @Test func theBatchCoreMergesShards() throws {
    let folder = try temporaryFolder()
    for index in 0..<3 {
      try write(
        CIScenes.card(clip: index == 1, extra: #""budgets": { "maxOffscreenPassesPerFrame": 0 },"#), to: "s\(index).json", in: folder)
    }
    let shards = (1...2).map { index -> (file: String, bytes: [UInt8]) in
      let shard = ToolRun.run("check", folder, "--shard", "\(index)/2", "--format", "json")
      return ("shard-\(index).json", Array(shard.stdout.utf8))
    }
    let versions = ShardMerge.Versions(check: CheckJSONFormatter.version, compare: CompareJSONFormatter.version, tool: toolVersion)
    guard case .check(let merged) = try ShardMerge.merge(shards, versions: versions) else {
      Issue.record("expected the shards of check")
      return
    }
    #expect(merged.run.entries.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ["s0.json", "s1.json", "s2.json"])
    // Only the clipped card (s1) has a pass: its budget of none fails.
    #expect(merged.run.entries.map { $0.results.map(\.passed) } == [[true], [false], [true]])
    #expect(merged.errors.isEmpty)

    var other = versions
    other.tool = "0.0.1"
    let refused = caughtError(ShardError.self) { try ShardMerge.merge(shards, versions: other) }
    #expect(refused?.file == "shard-1.json")
    #expect(refused?.message.contains("this is 0.0.1: make every shard with the same version") == true, "\(String(describing: refused))")
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

  /// Three shards of twelve scenes (a few fail, one has no budgets), as the tool wrote them, and
  /// the unsharded run's JSON.
  private static func threeShards() throws -> (folder: String, shards: [String], whole: ToolRun) {
    // A path's part is its hash's, and the folder's name is random: a folder whose thirteen
    // inputs leave a part empty (about 0.8% of them: 3 x (2/3)^13) is made again, so that the
    // tests can forge a position of every part.
    for _ in 0..<20 {
      let made = try threeShardsOnce()
      if try made.shards.allSatisfy({ !(try positions($0)).isEmpty }) { return made }
    }
    return try threeShardsOnce()
  }

  private static func threeShardsOnce() throws -> (folder: String, shards: [String], whole: ToolRun) {
    let folder = try temporaryFolder()
    for index in 0..<12 {
      let budgets = #""budgets": { "maxOffscreenPassesPerFrame": 0, "checkOn": ["iphone-7", "iphone-13-pro"] },"#
      try write(CIScenes.card(clip: index % 3 == 0, extra: budgets), to: "scene\(index).json", in: folder)
    }
    try write(CIScenes.card(), to: "unbudgeted.json", in: folder)
    let shards = (1...3).map { ToolRun.run("check", folder, "--shard", "\($0)/3", "--format", "json").stdout }
    return (folder, shards, ToolRun.run("check", folder, "--format", "json"))
  }

  /// `text` with the first match of `pattern` replaced.
  private static func replacingFirst(_ pattern: String, in text: String, with replacement: String) throws -> String {
    let regex = try Regex(pattern)
    #expect(text.contains(regex), "\(pattern) is not in the shard")
    return text.replacing(regex, with: replacement, maxReplacements: 1)
  }

  /// The positions shard `index` (from 1) holds, as its document lists them.
  private static func positions(_ shard: String) throws -> [Int] {
    guard case .object(let members) = try JSONReader.parse(Array(shard.utf8)).kind,
      case .object(let shardMembers)? = members.first(where: { $0.key == "shard" })?.value.kind,
      case .array(let parts)? = shardMembers.first(where: { $0.key == "parts" })?.value.kind
    else { return [] }
    return parts.compactMap { part in
      guard case .object(let members) = part.kind, case .number(let position)? = members.first(where: { $0.key == "position" })?.value.kind
      else { return nil }
      return Int(position)
    }
  }

  /// A shard file is input: one that is not what a shard wrote (a value of the wrong type, an
  /// unknown budget, counts that disagree with what the document holds, an input placed outside
  /// the run or in two shards, forged sizes) is refused with exit 2 and a message naming the
  /// file, the line and column, and the JSON path; nothing is printed on standard output, and
  /// nothing traps or tries to allocate what a forged number asks for.
  @Test func aShardThatDisagreesWithItselfIsRefusedWithItsPlace() throws {
    let (folder, shards, _) = try Self.threeShards()
    let first = try Self.positions(shards[0])
    let second = try Self.positions(shards[1])
    // Every input is in one shard, so the two shards hold different positions.
    #expect(!first.isEmpty && !second.isEmpty && !first.contains(second[0]))
    let forgeries: [(String, String, String, String)] = [
      (#""expected": 0,"#, #""expected": "0","#, "shard-1.json", "scenes[0].budgets[0].expected: must be a number"),
      (
        #""budget": "maxOffscreenPassesPerFrame""#, #""budget": "maxEverything""#, "shard-1.json",
        "scenes[0].budgets[0].budget: unknown budget `maxEverything`"
      ),
      (#""device": \{"#, #""device": 7, "was": {"#, "shard-1.json", "scenes[0].device: must be an object"),
      (#""id": "iphone-7","#, "", "shard-1.json", "scenes[0].device: missing `id`"),
      (#""scenes": \d+"#, #""scenes": -1"#, "shard-1.json", "shard.parts[0].scenes: must be 0 or more"),
      (#""scenes": [1-9]\d*"#, #""scenes": 99"#, "shard-1.json", "counts more scenes than `scenes` holds"),
      (#""scenes": 2"#, #""scenes": 1"#, "shard-1.json", "`scenes` holds 1 more than `shard.parts` counts"),
      // Shard 2 is read after shard 1: its part is the one that comes second.
      (#""position": \d+"#, #""position": \#(second[0])"#, "shard-2.json", "shard-1.json has this input too (shard.parts[0])"),
      (#""position": \d+"#, #""position": 99"#, "shard-1.json", "shard.parts[0]: position 99: the run's inputs are at positions 0 to 12"),
      (#""position": \d+"#, #""position": 1.5"#, "shard-1.json", "shard.parts[0].position: must be a whole number"),
      (#""count": 3"#, #""count": 0"#, "shard-1.json", "shard.count: must be 1 or more"),
      // The part's own list, after `"skipped"` (the document's `errors`, for its readers, comes first).
      (
        #""skipped": (true|false),\s*"errors": \[\]"#, #""skipped": false, "errors": [7]"#, "shard-1.json",
        "shard.parts[0].errors[0]: must be a string"
      ),
    ]
    for (pattern, replacement, file, message) in forgeries {
      let forged = try Self.replacingFirst(pattern, in: shards[0], with: replacement)
      let files = [
        try write(forged, to: "shard-1.json", in: folder + "-forged"), try write(shards[1], to: "shard-2.json", in: folder + "-forged"),
        try write(shards[2], to: "shard-3.json", in: folder + "-forged"),
      ]
      let merged = ToolRun.callAsFunction(["merge"] + files + ["--format", "json"])
      #expect(merged.status == 2, "\(message)")
      #expect(merged.stdout.isEmpty, "\(message)")
      #expect(merged.stderr.contains(file) && merged.stderr.contains(message), "\(message): \(merged.stderr)")
      // The place: `shard-1.json:LINE:COLUMN: error:`.
      #expect(merged.stderr.contains(try Regex(file.replacing(".", with: "\\.") + #":\d+:\d+: error: "#)), "\(merged.stderr)")
    }

    // Sizes no run has, in every shard: refused at once.
    for (pattern, replacement, message) in [
      (#""inputs": 13"#, #""inputs": 100000000000000"#, "99999999999987 inputs of the run are in no shard"),
      (#""count": 3"#, #""count": 100000000000000"#, "missing 4/100000000000000, 5/100000000000000"),
    ] {
      let files = try shards.enumerated().map { index, shard in
        try write(try Self.replacingFirst(pattern, in: shard, with: replacement), to: "shard-\(index + 1).json", in: folder + "-sizes")
      }
      let merged = ToolRun.callAsFunction(["merge"] + files)
      #expect(merged.status == 2)
      #expect(merged.stderr.contains(message), "\(merged.stderr)")
    }
  }

  /// The merge prints what it makes again from the values it read, never a shard's own text: a
  /// member a shard file adds (a forged workflow command among them), its own totals, and its
  /// layout (written compact, or with members in another order) change nothing of the output.
  @Test func theMergeMakesItsOutputFromTheValuesNotTheText() throws {
    let (folder, shards, whole) = try Self.threeShards()
    var forged = try Self.replacingFirst(#""file": "#, in: shards[0], with: #""injected": "\n::error::pwned", "file": "#)
    forged = try Self.replacingFirst(#""passed": \d+"#, in: forged, with: #""passed": 1000"#)
    forged = try Self.replacingFirst(
      #""name": "iPhone 7""#, in: forged, with: #""name": "iPhone 7", "id": "ignored: the first `id` is the one read""#)
    let compact = JSONOutput(try JSONReader.parse(Array(shards[1].utf8))).rendered(pretty: false)
    let files = [
      try write(forged, to: "shard-1.json", in: folder + "-merge"), try write(compact, to: "shard-2.json", in: folder + "-merge"),
      try write(shards[2], to: "shard-3.json", in: folder + "-merge"),
    ]
    let merged = ToolRun.callAsFunction(["merge"] + files + ["--format", "json"])
    #expect(merged.status == whole.status)
    #expect(merged.stdout == whole.stdout)
    #expect(merged.stderr == whole.stderr)
    #expect(!merged.stdout.contains("pwned") && !merged.stdout.contains("ignored"))
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
