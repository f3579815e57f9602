import Foundation
import LayerTree
import TestSupport
import Testing

/// The importers' door: small Lottie files and recursiveDescription dumps, built here, that
/// trapped, hung, multiplied into gigabytes or made scenes the readers refuse. Each is refused
/// with exit 2, its place and the limit, or imported within a stated time, and then what was
/// written is read back by `report`.
///
/// Times are bounds on the processor time of the thread the import runs on (an import uses one
/// thread), for this debug build: each far above what the run took when written (said per test)
/// and far below what the input cost before. Processor time, not the wall clock: other tests
/// running at the same time on a 2-core machine doubled the wall-clock time of a run.
@Suite("hostile input: the importers")
struct HostileImportTests {
  static func tool(_ arguments: [String]) -> ToolRun { LargeStack.run { ToolRun.callAsFunction(arguments) } }

  /// Runs `arguments` and the seconds it took.
  static func timed(_ arguments: [String]) -> (run: ToolRun, seconds: Double) {
    LargeStack.run {
      let start = threadCPUSeconds()
      let run = ToolRun.callAsFunction(arguments)
      return (run, threadCPUSeconds() - start)
    }
  }

  /// A Lottie file: 100 x 100 at 30 fps, frames 0-10, with these layers.
  static func lottie(_ layers: [String]) -> String {
    #"{"w": 100, "h": 100, "fr": 30, "ip": 0, "op": 10, "layers": [\#(layers.joined(separator: ","))]}"#
  }

  /// `count` null layers, each the parent of the next, each moving over frames 0-10: layer i has
  /// i - 1 ancestors, so lottie-ios makes it i - 1 transform layers around it (its parents'), and
  /// the chain makes count (count + 1) / 2 layers, every one animated. About 100 bytes a layer.
  static func parentChain(_ count: Int) -> String {
    let moving = #"{"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [5, 5]}]}"#
    return lottie(
      (1...count).map { index in
        #"{"ty": 3, "ind": \#(index), "nm": "L", "ks": {"p": \#(moving)}\#(index > 1 ? #", "parent": \#(index - 1)"# : "")}"#
      })
  }

  // MARK: Numbers

  /// A repeater asking for 9.3e18 copies (103 bytes): the count was made an `Int` before it was
  /// held to the import's 10,000 copies, which trapped (exit 132). Now it is held first, with a
  /// note. By hand: the rectangle has no fill, so each copy is the repeater's layer and the group
  /// holding the path, 2 x 10,000, plus the shape layer, the animation, the view and the root:
  /// 20,004 layers, read back by `report`. With `--max-layers 1000` the copies pass the limit
  /// while the shape layer is built: its object starts at column 48 of the file's one line.
  @Test func aRepeaterOf9e18CopiesIsHeldBeforeItIsCounted() throws {
    let json = #"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"layers":[{"ty":4,"shapes":[{"ty":"rc"},{"ty":"rp","c":9.3e18}]}]}"#
    #expect(json.utf8.count == 103)
    let folder = try temporaryFolder()
    let input = try temporaryFile("repeater.json", json)
    let imported = Self.tool(["import", "lottie", input, "-o", folder + "/scene.json"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stderr.contains(
        #"note: layers[0] "Layer": a repeater's copies past 10000 (or below 0) are taken as 10000 (or 0), the most the import makes"#))
    #expect(imported.stderr.hasSuffix("wrote \(folder)/scene.json: 20004 layers on iphone-15-pro\n"))
    #expect(Self.tool(["report", folder + "/scene.json"]).status == 0)

    let limited = Self.tool(["import", "lottie", input, "--max-layers", "1000"])
    #expect(limited.status == 2)
    #expect(
      limited.stderr.contains(
        #"\#(input):1:48: error: layers[0] "Layer": the animation expands to more than 1000 layers, the layer limit, counted up to this layer"#
      ), "\(limited.stderr)")
  }

  /// A polystar of 10^19 points (the other trap): held to 10,000 points before it is a whole
  /// number. The star draws as one path of 1 + 2 x 10,000 points in the layers a shape with a
  /// fill makes: root, view, animation, the shape layer, its group, the path's layer and its
  /// `CAShapeLayer`, 7.
  @Test func aPolystarOf1e19PointsIsHeldBeforeItIsCounted() throws {
    let json = #"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"layers":[{"ty":4,"shapes":[{"ty":"sr","pt":1e19,"or":3},{"ty":"fl"}]}]}"#
    let folder = try temporaryFolder()
    let input = try temporaryFile("star.json", json)
    let imported = Self.tool(["import", "lottie", input, "-o", folder + "/scene.json"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr.contains("a polystar's point count past 10000 (or below 0) is taken as 10000 (or 0)"))
    #expect(imported.stderr.hasSuffix("wrote \(folder)/scene.json: 7 layers on iphone-15-pro\n"))
    let scene = try String(contentsOfFile: folder + "/scene.json", encoding: .utf8)
    #expect(scene.contains(#""points": 20001"#), "\(scene)")
    #expect(Self.tool(["report", folder + "/scene.json"]).status == 0)
  }

  // MARK: Target naming and parent chains

  /// 60 null layers in a chain of parents (about 6 KB): 1,830 layers, all but the root's three
  /// animated, nested up to 62 deep with one id repeated. Naming each animation's target tried
  /// every tail of its path against every layer of that id: 238 s in this debug build. A reader
  /// compares each different target with every layer, 1,830 x 1,833 = 3,354,390 layer paths, past
  /// the 3,000,000 of the work budget, so the scene could not have been read anyway: it is now
  /// refused before it is named, in 0.3 s when written.
  @Test func aChainOfParentsIsRefusedBeforeItsTargetsAreNamed() throws {
    let input = try temporaryFile("chain.json", Self.parentChain(60))
    let (run, seconds) = Self.timed(["import", "lottie", input, "-o", try temporaryFolder() + "/scene.json"])
    #expect(run.status == 2)
    #expect(seconds < 10, "took \(seconds) s")
    #expect(
      run.stderr.contains(
        "\(input): error: the animation makes a scene past the scene readers' limits: reading its timeline compares 3,354,390 layer paths (1830 different targets x 1833 layers); the work budget is 3,000,000"
      ), "\(run.stderr)")
    #expect(run.stderr.contains("(--work-budget)"))
  }

  /// 40 layers in a chain: 823 layers, 820 different targets, 674,860 layer paths for a reader
  /// at the least. But the 780 layers that share one id are followed up their ancestors for as
  /// long as the ids agree, up to 40 deep, by the import naming the targets and by a reader
  /// resolving them: more than the 3,000,000 comparisons of the budget. Refused while the targets
  /// are named, naming the option; under a budget of 100,000,000 the scene is written (0.8 s
  /// when written) and `report` reads it back under the same budget, and not under the default.
  @Test func aChainIsNamedUnderTheBudgetAReaderHas() throws {
    let folder = try temporaryFolder()
    let input = try temporaryFile("chain.json", Self.parentChain(40))
    let refused = Self.tool(["import", "lottie", input, "-o", folder + "/scene.json"])
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains(
        "naming the timeline's targets compares more than 3,000,000 layer ids, the work budget"), "\(refused.stderr)")
    #expect(refused.stderr.contains("error: the imported scene cannot be written: timeline.animations["))
    #expect(refused.stderr.contains("raise it to import an animation this large (--work-budget)"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/scene.json"))

    let (run, seconds) = Self.timed(["import", "lottie", input, "-o", folder + "/scene.json", "--work-budget", "100000000"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(seconds < 30, "took \(seconds) s")
    #expect(run.stderr.hasSuffix("wrote \(folder)/scene.json: 823 layers on iphone-15-pro\n"))
    #expect(Self.tool(["report", folder + "/scene.json", "--work-budget", "100000000"]).status == 0)
    let readDefault = Self.tool(["report", folder + "/scene.json"])
    #expect(readDefault.status == 2)
    #expect(readDefault.stderr.contains("the timeline has too many different targets to resolve"))
  }

  /// 440 layers in a chain: 45 KB that make 97,020 layers (within the 200,000 of the layer
  /// limit), whose targets are paths hundreds of components long: written whole, over a
  /// gigabyte. The import counts what the scene will take as it builds and stops at the size
  /// bound: the larger of 1,000 bytes an input byte and 200 bytes a layer of the layer limit
  /// (40,000,000 bytes), at the Lottie layer being built. 1.2 s and 80 MB when written.
  @Test func aChainThatWouldWriteGigabytesStopsAtTheSizeBound() throws {
    let json = Self.parentChain(440)
    let input = try temporaryFile("chain.json", json)
    let (run, seconds) = Self.timed(["import", "lottie", input, "-o", try temporaryFolder() + "/scene.json"])
    #expect(run.status == 2)
    #expect(seconds < 30, "took \(seconds) s")
    let bound = NumberRange.grouped(Double(json.utf8.count * 1_000))
    #expect(
      run.stderr.contains(
        "\"L\": the animation makes a scene of more than \(bound) bytes, the most an import writes: 1000 bytes for each of the input's"),
      "\(run.stderr)")
    #expect(run.stderr.contains("counted up to this layer; parents and precomps make their layers again for each child and each use"))
  }

  /// 631 null layers in a chain without a keyframe (31 KB): 631 x 632 / 2 + 3 = 199,399 layers,
  /// within the layer limit, but nested up to 634 deep: written, their indentation alone took
  /// 1,211,098,177 bytes, and the import 40 s and 1.4 GB before its text was refused for its size.
  /// Each layer's indentation is counted while it is built (4 spaces a level): refused at the size
  /// bound (40,000,000 bytes, 200 for each of the limit's 200,000 layers, more than 1,000 times the
  /// input), before most of the layers are made.
  @Test func aStillChainIsRefusedForItsIndentationWhileBuilt() throws {
    let json = Self.lottie((1...631).map { #"{"ty": 3, "ind": \#($0), "nm": "L", "ks": {}\#($0 > 1 ? #", "parent": \#($0 - 1)"# : "")}"# })
    let input = try temporaryFile("still.json", json)
    let (run, seconds) = Self.timed(["import", "lottie", input, "-o", try temporaryFolder() + "/scene.json"])
    #expect(run.status == 2)
    #expect(seconds < 20, "took \(seconds) s")
    #expect(
      run.stderr.contains("\"L\": the animation makes a scene of more than 40,000,000 bytes, the most an import writes"),
      "\(run.stderr)")
  }

  /// 2,000 layers in a chain: the last one would nest 2,000 transform layers deep, past the
  /// 1,000 levels a scene may nest. Refused before its parents' layers are made, at that layer
  /// (the first built: layers are built back to front). Following each chain stops past the
  /// limit too, so a chain of 100,000 costs no 100,000^2 / 2 steps.
  @Test func aChainPastTheNestingLimitIsRefusedAtItsLayer() throws {
    let input = try temporaryFile("chain.json", Self.parentChain(2_000))
    let (run, seconds) = Self.timed(["import", "lottie", input])
    #expect(run.status == 2)
    #expect(seconds < 10, "took \(seconds) s")
    #expect(
      run.stderr.contains(
        #"error: layers[1999] "L": the animation nests layers more than 1000 deep, the scene format's limit, at this layer"#),
      "\(run.stderr)")
  }

  // MARK: recursiveDescription

  /// A dump's views, one a line, `depth` deep (the first the top-level view).
  static func nestedDump(_ depth: Int) -> String {
    (0..<depth).map { level in
      String(repeating: "   | ", count: level) + "<UIView: 0x1; frame = (0 0; \(level == 0 ? "390 844" : "10 10"))>"
    }.joined(separator: "\n") + "\n"
  }

  /// Views 1,000 deep are the scene's 1,000 levels (the top-level view is the root, at depth 1):
  /// imported and read back. 1,001 deep was imported too (the reader counted from 0), and no
  /// reader took the scene; now it is refused at the deepest view's line and column.
  @Test func aDumpNestsAsDeepAsAScene() throws {
    let folder = try temporaryFolder()
    let deepest = try temporaryFile("deepest.txt", Self.nestedDump(1_000))
    let imported = Self.tool(["import", "recursive-description", deepest, "-o", folder + "/scene.json"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(Self.tool(["report", folder + "/scene.json"]).status == 0)

    let tooDeep = try temporaryFile("too-deep.txt", Self.nestedDump(1_001))
    let refused = Self.tool(["import", "recursive-description", tooDeep])
    #expect(refused.status == 2)
    // Line 1,001 starts with 1,000 `   | ` of 5 bytes: the view at column 5,001.
    #expect(
      refused.stderr.contains(
        "\(tooDeep):1001:5001: error: this view is nested 1001 deep counting the top-level view; the scene format's layers nest at most 1000 deep"
      ), "\(refused.stderr)")
  }

  /// A dump had no layer limit at all. Now its views are counted as they are read: with
  /// `--max-layers 5` (the option `report` takes) five views import and read back under the same
  /// limit, and six are refused at the sixth view's line. Two top-level views are held by a root
  /// the importer adds, three layers: that is checked on the scene, not the dump.
  @Test func aDumpIsHeldToTheLayerLimit() throws {
    let folder = try temporaryFolder()
    func dump(_ views: Int) -> String {
      "<UIView: 0x1; frame = (0 0; 390 844)>\n" + String(repeating: "   | <UIView: 0x2; frame = (0 0; 10 10)>\n", count: views - 1)
    }
    let five = try temporaryFile("five.txt", dump(5))
    #expect(Self.tool(["import", "recursive-description", five, "--max-layers", "5", "-o", folder + "/five.json"]).status == 0)
    #expect(Self.tool(["report", folder + "/five.json", "--max-layers", "5"]).status == 0)

    let six = try temporaryFile("six.txt", dump(6))
    let refused = Self.tool(["import", "recursive-description", six, "--max-layers", "5"])
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains(
        "\(six):6:6: error: the dump has more than 5 views, the layer limit, counted up to this view; each view is a layer"),
      "\(refused.stderr)")

    let two = try temporaryFile(
      "two.txt", "<UIView: 0x1; frame = (0 0; 390 844)>\n<UIView: 0x2; frame = (0 0; 390 844)>\n")
    let rooted = Self.tool(["import", "recursive-description", two, "--max-layers", "2"])
    #expect(rooted.status == 2)
    #expect(
      rooted.stderr.contains(
        "\(two):1:1: error: the dump makes a scene past the scene readers' limits: the scene has 3 layers; the layer limit is 2"),
      "\(rooted.stderr)")
  }

  /// An unterminated view description followed by 300,000 lines that each hold a `>` but never
  /// close it (1.2 MB): every line re-read the entry from its start, quadratic in the dump's
  /// size. An entry is now at most 64 lines and 64 KiB: refused at its first line, in 0.2 s when
  /// written.
  @Test func anUnterminatedDescriptionStopsAtItsBound() throws {
    let text = "<UIView: 0x1; frame = (0 0; 390 844); text = 'a\n" + String(repeating: "b>(\n", count: 300_000)
    let input = try temporaryFile("unterminated.txt", text)
    let (run, seconds) = Self.timed(["import", "recursive-description", input])
    #expect(run.status == 2)
    #expect(seconds < 10, "took \(seconds) s")
    #expect(
      run.stderr.contains(
        "\(input):1:1: error: this view's description runs past 64 lines or 65,536 bytes without its closing `>`; expected `>` at its end"
      ), "\(run.stderr)")
    #expect(run.stderr.contains("1 problem found"))
  }
}
