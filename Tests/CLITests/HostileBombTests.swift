import Foundation
import LayerTree
import TestSupport
import Testing

/// Small files that ask for unbounded work, built here, through every command that reads a
/// scene: each is refused with its own message and exit code 2 before the work starts, or (for
/// the deepest nesting the limits allow) runs to the end.
///
/// The commands run on a thread with the stack `main.swift` gives them (``LargeStack``): a
/// 1,000-deep scene is read, simulated and freed recursively.
@Suite("hostile input: bombs through every command")
struct HostileBombTests {
  static func tool(_ arguments: [String]) -> ToolRun { LargeStack.run { ToolRun.callAsFunction(arguments) } }

  /// The commands that read a scene, each with `path` as its scene (twice for compare).
  static func commands(_ path: String, folder: String) -> [[String]] {
    [
      ["report", path], ["check", path], ["compare", path, path], ["explain", path], ["optimize", path, "--dry-run"],
      ["render", path, "-o", folder + "/picture.svg"], ["report", path, "--html", folder + "/report.html"],
    ]
  }

  /// Every command exits 2 with `message` in its standard error.
  static func refused(_ scene: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let folder = try temporaryFolder()
    let path = folder + "/scene.json"
    try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
    for command in commands(path, folder: folder) {
      let run = tool(command)
      #expect(run.status == 2, "\(command[0]): \(run.stderr)", sourceLocation: sourceLocation)
      #expect(run.stderr.contains(message), "\(command[0]): \(run.stderr)", sourceLocation: sourceLocation)
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/picture.svg"), sourceLocation: sourceLocation)
  }

  /// Four nested `repeat`s of 1,000: 10^12 layers from 300 bytes. Read from the inside out
  /// (by hand): `d` makes 1,000 layers; `c` is 1 + 1,000 = 1,001 layers, and its 1,000 copies
  /// add 1,001 x 999 = 999,999, 1,001,000 in all, past the 200,000-layer limit: `c`'s repeat
  /// (root.sublayers[0].sublayers[0].sublayers[0]) is the one named.
  @Test func aRepeatBombIsRefusedByEveryCommand() throws {
    let scene = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
       {"id": "a", "frame": [0, 0, 10, 10], "repeat": {"count": 1000}, "sublayers": [
        {"id": "b", "frame": [0, 0, 1, 1], "repeat": {"count": 1000}, "sublayers": [
         {"id": "c", "frame": [0, 0, 1, 1], "repeat": {"count": 1000}, "sublayers": [
          {"id": "d", "frame": [0, 0, 1, 1], "repeat": {"count": 1000}}]}]}]}]}}
      """
    try Self.refused(
      scene,
      "root.sublayers[0].sublayers[0].sublayers[0]: the scene expands to more than 200,000 layers, the layer limit: "
        + "this `repeat` makes 1000 copies of a layer with 1001 layers in its subtree; lower its count")
  }

  /// Without `repeat`, the message says what is true of the scene: 6 layers written one by one
  /// with `--max-layers 5`. A layer is counted after its sublayers, so the sixth counted is the
  /// root.
  @Test func tooManyLayersWithoutRepeatSaySo() {
    let layers = (0..<5).map { #"{"id": "l\#($0)"}"# }.joined(separator: ", ")
    let run = ToolRun.run(
      "report", "-", "--max-layers", "5",
      stdin: #"{"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": ["# + layers + "]}}")
    #expect(run.status == 2)
    #expect(
      run.stderr.contains(
        "<stdin>:1:46: error: root: the scene has more than 5 layers, the layer limit, counted up to this layer and its sublayers"))
    #expect(!run.stderr.contains("repeat"))
  }

  /// 100 animations, each on every one of 1,000 repeated cells, over 5 s. By hand: 1,001
  /// layers; 5 s at 120 Hz (no frame rate given: the fastest display) = 600 frames; the targets
  /// are resolved in order until (1,001 + named) x 600 passes 3,000,000 (the default work budget,
  /// InputLimits), that is 1,001 + named > 5,000: after 4 animations (4,000 named, 5,001 x 600 =
  /// 3,000,600 layer-frames; 3 make 2,400,600). The other 96 are not resolved.
  @Test func anAnimationBombIsRefusedByEveryCommand() throws {
    let animations = (0..<100).map {
      #"{"target": "cell[*]", "keyPath": "opacity", "fromValue": \#(Double($0) / 100), "toValue": 1, "duration": 5}"#
    }
    let scene = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
       {"id": "cell", "frame": [0, 0, 10, 10], "backgroundColor": "#FF0000", "repeat": {"count": 1000, "step": [0, 1]}}]},
       "timeline": {"duration": 5, "animations": [\(animations.joined(separator: ",\n"))]}}
      """
    try Self.refused(
      scene,
      "the scene asks for 3,000,600 layer-frames (1001 layers + 4000 animated layers x 600 frames at up to 120 Hz); "
        + "the work budget is 3,000,000")
  }

  /// A target bomb that fits the work budget by running one frame: 2,000 animations, each on
  /// every one of 100,000 repeated cells, over 5 ms. By hand: 5 ms at 120 Hz rounds to one frame,
  /// so layer-frames stay at 100,001 + named, under 3,000,000 for up to 2.9 M named; but the
  /// animated-layer limit is four times the 200,000-layer limit, 800,000 (InputLimits): 8
  /// animations name exactly 800,000 cells, the 9th (`animations[8]`) takes the count to 900,000
  /// and is the one named.
  @Test func aSingleFrameTargetBombIsRefusedByEveryCommand() throws {
    let animation = #"{"target": "cell[*]", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 0.005}"#
    let scene = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
       {"id": "cell", "frame": [0, 0, 10, 10], "backgroundColor": "#FF0000", "repeat": {"count": 100000, "step": [0, 1]}}]},
       "timeline": {"duration": 0.005, "animations": [\(Array(repeating: animation, count: 2_000).joined(separator: ",\n"))]}}
      """
    try Self.refused(
      scene,
      "timeline.animations[8].target: the timeline's entries name more than 800,000 layers (900,000 with this one, "
        + "a layer named by two entries counting twice), four times the layer limit")
  }

  /// 999 layers with one id, `a`, nested one in another under the root, and 997 animations each
  /// naming a longer tail of them (`a`, `a/a`, ... 997 components): 1.1 MB. Each target was charged
  /// the layer count, 1,000, but the layers that share its last id were each followed up their
  /// ancestors as far as it reaches and their paths written out: 63 s and 763 MB to `report` in
  /// this debug build. What resolving compares is now counted, at least the layer count a target.
  /// By hand: the first 3 targets walk the tree, 1,000 layers x 1, 2, 3 components (6,000); from
  /// the 4th, the n-th compares each `a` at depth j (1 to 999) over min(j, n) components, one more
  /// where j < n, and writes the path of each match (j >= n, j + 1 components): 1,000 n - n^2 - 1
  /// + 500,500 in all, 504,483 for the 4th up to 509,418 for the 9th. After the 8th the total is
  /// 2,538,305; the 9th, `animations[8]`, passes 3,000,000. Refused by every command there.
  @Test func deepTargetsOverOneIdAreChargedWhatTheyCompare() throws {
    var layer = ##"{"id": "a", "frame": [0, 0, 1, 1], "backgroundColor": "#FF0000"}"##
    for _ in 0..<998 { layer = #"{"id": "a", "frame": [0, 0, 1, 1], "sublayers": [\#(layer)]}"# }
    let animations = (1...997).map { components in
      #"{"target": "\#(Array(repeating: "a", count: components).joined(separator: "/"))", "keyPath": "opacity", "toValue": 1, "duration": 0.001}"#
    }
    let scene = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "frame": [0, 0, 10, 10], "sublayers": [\(layer)]},
       "timeline": {"duration": 0.001, "animations": [\(animations.joined(separator: ",\n"))]}}
      """
    let start = Date()
    try Self.refused(scene, "timeline.animations[8].target: the timeline has too many different targets to resolve: 9 targets so far")
    // Seven commands: 0.4 s each when written.
    #expect(Date().timeIntervalSince(start) < 60)
  }

  /// `depth` layers nested one in another, the root the first (the root is at depth 1).
  static func nested(_ depth: Int) -> String {
    var layer =
      ##"{"id": "l\##(depth - 1)", "frame": [0, 0, 10, 10], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.5, "shadowRadius": 2}"##
    for level in stride(from: depth - 2, through: 1, by: -1) {
      layer = #"{"id": "l\#(level)", "frame": [0, 0, 10, 10], "sublayers": [\#(layer)]}"#
    }
    return #"{"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [\#(layer)]}}"#
  }

  /// 1,000 layers deep, the documented limit: every command reads, simulates and writes it.
  @Test func aThousandDeepSceneRunsThroughEveryCommand() throws {
    let folder = try temporaryFolder()
    let path = folder + "/deep.json"
    try Data(Self.nested(1_000).utf8).write(to: URL(fileURLWithPath: path))
    for command in Self.commands(path, folder: folder) {
      let run = Self.tool(command)
      #expect(run.status == 0 || (command[0] == "check" && run.status == 1), "\(command[0]): \(run.stderr)")
      #expect(!run.stderr.contains("error"), "\(command[0]): \(run.stderr)")
    }
    // The deepest layer is found: its shadow without a path renders offscreen (DOMAIN.md).
    #expect(Self.tool(["report", path]).stdout.contains("l999"))
  }

  /// 1,001 deep: refused by every command with the depth message, its JSON path (1,001
  /// components: the root and 1,000 `sublayers[0]`) shortened to the first and last three around
  /// the 995 left out.
  @Test func aThousandAndOneDeepSceneIsRefusedByEveryCommand() throws {
    try Self.refused(
      Self.nested(1_001),
      "root.sublayers[0].sublayers[0].<995 more>.sublayers[0].sublayers[0].sublayers[0]: layers nest more than 1000 deep; "
        + "this layer is at depth 1001")
  }

  /// 200 buttons, each with a shadow and no path (DOMAIN.md: rendered offscreen), each with its
  /// own id: 200 groups, each answered at least by shadow-path. One frame of 201 layers is 201
  /// layer-frames, within a budget of 10,000 for `report`; `explain` would add at least 200
  /// simulations (40,200 layer-frames), so it runs none of them and says so.
  @Test func explainAndOptimizeRefuseWhatTheirBudgetCannotHold() {
    let scene = HostileWorkTests.shadows(200)
    #expect(ToolRun.run("report", "-", "--work-budget", "10000", stdin: scene).status == 0)
    for (command, done) in [("explain", "nothing was explained"), ("optimize", "nothing was written")] {
      var arguments = [command, "-", "--work-budget", "10000"]
      if command == "optimize" { arguments.append("--dry-run") }
      let run = ToolRun.callAsFunction(arguments, stdin: scene)
      #expect(run.status == 2)
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.contains("<stdin>: error: \(command) needs at least "))
      #expect(run.stderr.contains("its work budget is 10,000 layer-frames"))
      #expect(run.stderr.contains("or raise the budget with --work-budget; \(done)"))
    }
  }
}

/// A file of thousands of mistakes: every problem is found in one pass, at a cost that grows with
/// the file, and what is printed stays a screenful: the first `SceneErrors.shownLimit` (100), a
/// line counting the others, and the count of all.
@Suite("hostile input: many problems")
struct HostileManyProblemsTests {
  /// `count` unknown keys `k0`, `k1`, ... on the root layer: one problem each.
  static func scene(unknownKeys count: Int) -> String {
    let members = (0..<count).map { "\"k\($0)\": 0" }.joined(separator: ", ")
    return #"{"version": 1, "device": "iphone-7", "root": {"id": "root", \#(members)}}"#
  }

  static func errorLines(_ text: String) -> Int {
    text.split(separator: "\n").filter { $0.contains(": error: ") }.count
  }

  @Test func printedProblemsAreCapped() throws {
    let path = try temporaryFile("keys.json", Self.scene(unknownKeys: 2_500))
    let run = ToolRun.run("report", path)
    #expect(run.status == 2)
    #expect(Self.errorLines(run.stderr) == 100)
    // The first in file order: `k0`, the first key after `"id": "root", ` (column 61 by hand:
    // `{"version": 1, ` 15 characters, `"device": "iphone-7", ` 22, `"root": ` 8, `{"id": "root", ` 15).
    #expect(run.stderr.hasPrefix("\(path):1:61: error: root.k0: unknown key `k0` in a layer\n"))
    #expect(run.stderr.contains("root.k99: unknown key"))
    #expect(!run.stderr.contains("root.k100: unknown key"))
    #expect(
      run.stderr.hasSuffix(
        "\(path): 2400 more problems not shown; the first 100 are above\n\(path): 2500 problems found; the scene was not simulated\n"))
    // In a GitHub Actions job, one annotation a problem shown.
    let ci = ToolRun.run("report", path, environment: ["GITHUB_ACTIONS": "true"])
    #expect(ci.stderr.split(separator: "\n").filter { $0.hasPrefix("::error ") }.count == 100)
  }

  /// 100 problems are all shown, with no line counting others; 101 leave one out.
  @Test func theCapIsExact() throws {
    let hundred = ToolRun.run("report", try temporaryFile("keys.json", Self.scene(unknownKeys: 100)))
    #expect(Self.errorLines(hundred.stderr) == 100)
    #expect(!hundred.stderr.contains("not shown"))
    let path = try temporaryFile("keys.json", Self.scene(unknownKeys: 101))
    let more = ToolRun.run("report", path)
    #expect(Self.errorLines(more.stderr) == 100)
    #expect(more.stderr.contains("\(path): 1 more problem not shown; the first 100 are above\n"))
  }

  /// 20,000 timeline entries naming `titel`, which no layer is: one suggestion, found once and
  /// kept for every entry, is on each problem shown.
  @Test func aMissingTargetNamedManyTimesIsSuggestedOnce() throws {
    let entries = Array(repeating: #"{"target": "titel", "times": [0.5]}"#, count: 20_000).joined(separator: ", ")
    let scene = #"""
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [{"id": "title", "frame": [0, 0, 10, 10]}]},
       "timeline": {"duration": 1, "contentChanges": [\#(entries)]}}
      """#
    let path = try temporaryFile("entries.json", scene)
    let run = ToolRun.run("report", path)
    #expect(run.status == 2)
    #expect(Self.errorLines(run.stderr) == 100)
    #expect(run.stderr.components(separatedBy: "note: did you mean \"title\"?").count - 1 == 100)
    #expect(run.stderr.hasSuffix("\(path): 20000 problems found; the scene was not simulated\n"))
  }
}
