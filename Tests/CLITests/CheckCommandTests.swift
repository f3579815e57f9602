import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("check")
struct CheckCommandTests {
  /// The clipped card (1 pass) with `budgets`.
  static func card(budgets: String) -> String { CIScenes.card(extra: "\"budgets\": \(budgets),") }

  static func lastLine(_ text: String) -> String { String(text.split(separator: "\n").last ?? "") }

  @Test func budgetsPassAndFailAtTheirEdges() throws {
    let folder = try temporaryFolder()
    // The card takes exactly 1 offscreen pass; the label holds exactly 20,000 bytes.
    let atEdge = try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 1 }"#), to: "at-edge.json", in: folder)
    let pastEdge = try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 0 }"#), to: "past-edge.json", in: folder)
    let memoryAt = try write(CIScenes.label(budgets: #"{ "maxMemoryBytes": 20000 }"#), to: "memory-at.json", in: folder)
    let memoryPast = try write(CIScenes.label(budgets: #"{ "maxMemoryBytes": 19999 }"#), to: "memory-past.json", in: folder)

    let pass = ToolRun.run("check", atEdge, memoryAt)
    #expect(pass.status == 0, "\(pass.stderr)")
    #expect(pass.stdout.contains("passed  \(atEdge)"))
    #expect(pass.stdout.contains("maxOffscreenPassesPerFrame  expected <= 1"))
    #expect(pass.stdout.contains("found 1\n"))
    #expect(pass.stdout.contains("expected <= 20,000 B (19.5 KiB)  found 20,000 B (19.5 KiB)"))
    #expect(Self.lastLine(pass.stdout) == "2 passed, 0 failed")

    let fail = ToolRun.run("check", pastEdge, memoryPast)
    #expect(fail.status == 1)
    #expect(fail.stdout.contains("failed  \(pastEdge)"))
    #expect(fail.stdout.contains("expected <= 0"))
    #expect(fail.stdout.contains("expected <= 19,999 B (19.5 KiB)  found 20,000 B (19.5 KiB)"))
    #expect(Self.lastLine(fail.stdout) == "0 passed, 2 failed")
  }

  @Test func theTotalLineStandsAloneAndLast() throws {
    let folder = try temporaryFolder()
    try write(
      Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 1, "minFps": 1, "checkOn": ["iphone-6", "iphone-7"] }"#), to: "a.json",
      in: folder)
    try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 0 }"#), to: "b.json", in: folder)
    let run = ToolRun.run("check", folder)
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    #expect(lines[lines.count - 2] == "4 passed, 1 failed")
    #expect(lines.filter { $0.hasPrefix("passed") || $0.hasPrefix("failed") }.count == 5)
  }

  @Test func foldersAreSearchedRecursivelySkippingSchemasAndHiddenFiles() throws {
    let folder = try temporaryFolder()
    try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 1 }"#), to: "scenes/deep/a.json", in: folder)
    try write(CIScenes.card(), to: "scenes/b.json", in: folder)
    try write("not json at all", to: "scenes/scene.schema.json", in: folder)
    try write("not json at all", to: "scenes/.hidden/c.json", in: folder)
    try write("not json at all", to: "scenes/notes.txt", in: folder)
    let run = ToolRun.run("check", "scenes", currentDirectory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == """
        passed  scenes/deep/a.json  iphone-7  maxOffscreenPassesPerFrame  expected <= 1  found 1
        skipped  scenes/b.json  (no budgets)
        1 passed, 0 failed

        """)
  }

  /// A folder from a pull request may hold links to files outside it (`leak.json` ->
  /// `../secret.json`); searching the folder reads none of them, and says so. A link to a file
  /// inside the folder is read; a file named on the command line is read wherever it leads.
  @Test func aFolderSearchSkipsLinksLeadingOutsideIt() throws {
    let folder = try temporaryFolder()
    try write("SECRET-TOKEN=abc123", to: "secret.json", in: folder)
    try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 1 }"#), to: "scenes/card.json", in: folder)
    try FileManager.default.createDirectory(atPath: folder + "/scenes/deep", withIntermediateDirectories: true)
    #expect(symlink("../secret.json", folder + "/scenes/leak.json") == 0)
    #expect(symlink("../../secret.json", folder + "/scenes/deep/leak.json") == 0)
    #expect(symlink(folder + "/secret.json", folder + "/scenes/absolute.json") == 0)
    #expect(symlink("card.json", folder + "/scenes/alias.json") == 0)
    #expect(symlink("nothing.json", folder + "/scenes/dangling.json") == 0)
    let run = ToolRun.run("check", "scenes", currentDirectory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("SECRET") && !run.stdout.contains("SECRET"))
    // The link inside is checked as a scene of its own; the others are not read.
    #expect(
      run.stdout == """
        passed  scenes/alias.json  iphone-7  maxOffscreenPassesPerFrame  expected <= 1  found 1
        passed  scenes/card.json   iphone-7  maxOffscreenPassesPerFrame  expected <= 1  found 1
        2 passed, 0 failed

        """)
    let rule = "a folder search reads links to files inside the folder only (name the file to read it)"
    // In path order, one line each.
    #expect(
      run.stderr == """
        scenes/absolute.json: note: skipped: a symbolic link to a file outside scenes; \(rule)
        scenes/dangling.json: note: skipped: a symbolic link that leads to no file; \(rule)
        scenes/deep/leak.json: note: skipped: a symbolic link to a file outside scenes; \(rule)
        scenes/leak.json: note: skipped: a symbolic link to a file outside scenes; \(rule)

        """)
    // Named on the command line, the link is the user's choice: read, and not a scene, so not
    // quoted (docs/security.md).
    let named = ToolRun.run("check", "scenes/leak.json", currentDirectory: folder)
    #expect(named.status == 2)
    #expect(named.stderr.contains("scenes/leak.json:1:1: error: not a scene: "), "\(named.stderr)")
  }

  /// Skipped links are noted one a line up to `ScenePaths.shownSkippedLinks` (10), then one line
  /// counts the others: 13 links out, 10 lines and `3 more`.
  @Test func skippedLinkNotesAreCapped() throws {
    let folder = try temporaryFolder()
    try write("{}", to: "outside.json", in: folder)
    try FileManager.default.createDirectory(atPath: folder + "/scenes", withIntermediateDirectories: true)
    for index in 0..<13 { #expect(symlink("../outside.json", folder + "/scenes/link\(index).json") == 0) }
    let run = ToolRun.run("check", "scenes", currentDirectory: folder)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.filter { $0.contains(": note: skipped: a symbolic link") }.count == 10)
    #expect(lines.contains("note: 3 more symbolic links skipped"))
    // Every file skipped, the folder has no scene to check: an error after the notes.
    #expect(run.status == 2)
    #expect(lines.last?.hasPrefix("scenes: error: no scene file here") == true)
  }

  @Test func anUnknownBudgetOrDeviceIsAnInputErrorWithItsPath() throws {
    let folder = try temporaryFolder()
    let typo = try write(Self.card(budgets: #"{ "maxGpuMs": 8 }"#), to: "typo.json", in: folder)
    let run = ToolRun.run("check", typo)
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(typo):5:16: error: budgets.maxGpuMs: unknown key `maxGpuMs` in the budgets"))
    #expect(run.stderr.contains("note: did you mean `maxGpuMsP95`?"))
    let device = try write(Self.card(budgets: #"{ "minFps": 1, "checkOn": ["iphone7"] }"#), to: "device.json", in: folder)
    let deviceRun = ToolRun.run("check", device)
    #expect(deviceRun.status == 2)
    #expect(deviceRun.stderr.contains("budgets.checkOn[0]: unknown device \"iphone7\""))
    #expect(deviceRun.stderr.contains("did you mean \"iphone-7\"?"))
    #expect(ToolRun.run("check", "/nonexistent/folder").stderr.contains("/nonexistent/folder: error: no such file or folder"))
  }

  /// A folder with no scene in it (a mistyped path in a CI job) checks nothing: exit 2, not a
  /// green run; so does one whose only JSON file is a budgets file, which is no scene.
  @Test func aFolderWithNoSceneIsAnError() throws {
    let empty = try temporaryFolder()
    let run = ToolRun.run("check", empty)
    #expect(run.status == 2)
    #expect(
      run.stderr.contains(
        "\(empty): error: no scene file here (a folder's scenes are its *.json files, hidden ones and *.schema.json left out), so nothing was checked"
      ))
    let budgetsOnly = try temporaryFolder()
    _ = try write(#"{ "maxOffscreenPassesPerFrame": 0 }"#, to: "budgets.json", in: budgetsOnly)
    #expect(ToolRun.run("check", budgetsOnly).status == 2)
    // A folder with a scene checks it as before.
    _ = try write(CIScenes.card(clip: false), to: "plain.json", in: budgetsOnly)
    #expect(ToolRun.run("check", budgetsOnly).status == 0)
  }

  @Test func aBudgetsFileAppliesToEveryScene() throws {
    let folder = try temporaryFolder()
    let card = try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 5 }"#), to: "card.json", in: folder)
    let plain = try write(CIScenes.card(clip: false), to: "plain.json", in: folder)
    let budgets = try write(#"{ "maxOffscreenPassesPerFrame": 0 }"#, to: "budgets.json", in: folder)
    let run = ToolRun.run("check", card, plain, "--budgets", budgets)
    #expect(run.status == 1)
    #expect(run.stdout.contains("failed  \(card)"))
    #expect(run.stdout.contains("passed  \(plain)"))
    let bad = try write(#"{ "maxOffscreenPasses": 0 }"#, to: "bad.json", in: folder)
    let badRun = ToolRun.run("check", card, "--budgets", bad)
    #expect(badRun.status == 2)
    #expect(badRun.stderr.contains("\(bad):1:3: error: maxOffscreenPasses: unknown key"))
    #expect(badRun.stdout.isEmpty)
  }

  @Test func budgetsFromABaseCheckoutReplaceEachScenesOwn() throws {
    // The clipped card takes exactly 1 offscreen pass (CIScenes.card: one rounded, clipped layer
    // with a sublayer). The change raises the card's budget from 0 to 5; held to the base's 0, it
    // fails. A scene the base does not have keeps its own budgets; one whose budgets the change
    // left alone gets no note.
    let folder = try temporaryFolder()
    try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 0 }"#), to: "base/scenes/card.json", in: folder)
    try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 5 }"#), to: "scenes/card.json", in: folder)
    try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 1 }"#), to: "base/scenes/same.json", in: folder)
    try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 1 }"#), to: "scenes/same.json", in: folder)
    try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 2 }"#), to: "scenes/new.json", in: folder)

    let own = ToolRun.run("check", "scenes", currentDirectory: folder)
    #expect(own.status == 0, "\(own.stderr)")

    let run = ToolRun.run("check", "--budgets-from", "base", "scenes", currentDirectory: folder)
    #expect(run.status == 1, "\(run.stderr)")
    // The columns are padded to the longest name: compared word by word.
    let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    #expect(lines.contains("failed scenes/card.json iphone-7 maxOffscreenPassesPerFrame expected <= 0 found 1"))
    #expect(lines.contains("passed scenes/new.json iphone-7 maxOffscreenPassesPerFrame expected <= 2 found 1"))
    #expect(lines.contains("passed scenes/same.json iphone-7 maxOffscreenPassesPerFrame expected <= 1 found 1"))
    #expect(
      run.stderr
        == "note: scenes/card.json: held to the budgets of base/scenes/card.json (--budgets-from); its own budgets differ and are not obeyed\n"
    )

    let json = ToolRun.run("check", "--budgets-from", "base", "scenes", "--format", "json", currentDirectory: folder)
    let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let scenes = try #require(document["scenes"] as? [[String: Any]])
    let files = scenes.map { "\($0["file"] ?? "")=\($0["budgetsFile"] as? String ?? "own")" }
    #expect(files == ["scenes/card.json=base/scenes/card.json", "scenes/new.json=own", "scenes/same.json=base/scenes/same.json"])

    let both = ToolRun.run("check", "--budgets-from", "base", "--budgets", "scenes/card.json", "scenes", currentDirectory: folder)
    #expect(both.status == 2)
    #expect(both.stderr.contains("--budgets and --budgets-from both choose the budgets"))
    let missing = ToolRun.run("check", "--budgets-from", "nowhere", "scenes", currentDirectory: folder)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("--budgets-from nowhere: not a folder"))
    // A base version that is not a valid scene is an input error naming it.
    try write("{ not json", to: "base/scenes/new.json", in: folder)
    let broken = ToolRun.run("check", "--budgets-from", "base", "scenes", currentDirectory: folder)
    #expect(broken.status == 2)
    #expect(broken.stderr.contains("base/scenes/new.json:1:3"))
  }

  @Test func junitXMLParsesWithFoundationXML() throws {
    let folder = try temporaryFolder()
    let a = try write(
      Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 0, "minFps": 1, "checkOn": ["iphone-6", "iphone-7"] }"#),
      to: "a & <b>.json", in: folder)
    let xmlPath = folder + "/results.xml"
    let run = ToolRun.run("check", a, "--junit", xmlPath)
    #expect(run.status == 1)
    let document = try XMLDocument(contentsOf: URL(fileURLWithPath: xmlPath), options: [])
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "4")
    #expect(root.attribute(forName: "failures")?.stringValue == "2")
    let suites = root.elements(forName: "testsuite")
    #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["\(a) on iphone-6", "\(a) on iphone-7"])
    let cases = try document.nodes(forXPath: "//testcase")
    #expect(cases.count == 4)
    let failures = try document.nodes(forXPath: "//testcase/failure")
    #expect(failures.count == 2)
    let message = (failures.first as? XMLElement)?.attribute(forName: "message")?.stringValue
    #expect(message == "maxOffscreenPassesPerFrame failed: expected <= 0, found 1")
    #expect(ToolRun.run("check", a, "--junit", "/nonexistent/folder/out.xml").status == 2)
  }

  @Test func gitHubActionsGetsAnAnnotationOnTheSceneAtTheBudgetsLine() throws {
    let folder = try temporaryFolder()
    let card = try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 0 }"#), to: "card.json", in: folder)
    let run = ToolRun.run("check", card, "--format", "json", environment: ["GITHUB_ACTIONS": "true"])
    #expect(run.status == 1)
    // Line 5: two spaces, `"budgets": { ` is 13 characters, so the key starts at column 16.
    #expect(
      run.stderr
        == "::error file=\(card),line=5,col=16,title=offscreen-sim%3A budget maxOffscreenPassesPerFrame failed on iphone-7::\(card) on iPhone 7: maxOffscreenPassesPerFrame failed: expected <= 0, found 1\n"
    )
    // Standard output stays a JSON document.
    #expect(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) is [String: Any])
  }

  @Test func jsonAndMarkdown() throws {
    let folder = try temporaryFolder()
    let card = try write(Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": 0, "minFps": 30 }"#), to: "card.json", in: folder)
    let json = ToolRun.run("check", card, "--format", "json")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(document["passed"] as? Int == 1)
    #expect(document["failed"] as? Int == 1)
    let scenes = try #require(document["scenes"] as? [[String: Any]])
    let budgets = try #require(scenes.first?["budgets"] as? [[String: Any]])
    #expect(budgets.map { $0["budget"] as? String } == ["maxOffscreenPassesPerFrame", "minFps"])
    #expect(budgets.first?["found"] as? Int == 1)
    #expect(budgets.first?["passed"] as? Bool == false)

    let markdown = ToolRun.run("check", card, "--format", "markdown")
    #expect(markdown.stdout.hasPrefix("### offscreen-sim check: 1 of 2 budgets failed\n\n| scene | device | budget |"))
    #expect(markdown.stdout.hasSuffix("**Verdict: failed.** 1 passed, 1 failed.\n"))
  }

  @Test func theOutputIsTheSameWhateverTheJobs() throws {
    let folder = try temporaryFolder()
    for index in 0..<6 {
      try write(
        Self.card(budgets: #"{ "maxOffscreenPassesPerFrame": \#(index % 2), "checkOn": ["iphone-6", "iphone-7", "iphone-13-pro"] }"#),
        to: "scene-\(index).json", in: folder)
    }
    try write("{", to: "broken.json", in: folder)
    for format in ["text", "json", "markdown"] {
      let serial = ToolRun.run("check", folder, "--jobs", "1", "--format", format)
      for jobs in ["2", "4", "16"] {
        let parallel = ToolRun.run("check", folder, "--jobs", jobs, "--format", format)
        #expect(parallel.stdout == serial.stdout, "--jobs \(jobs) --format \(format)")
        #expect(parallel.stderr == serial.stderr)
        #expect(parallel.status == 2)
      }
    }
  }

  /// Seeded byte flips in a scene with budgets: the tool answers 0, 1 or 2, never traps.
  @Test func damagedScenesNeverTrap() throws {
    let folder = try temporaryFolder()
    let text = Self.card(
      budgets: #"{ "maxOffscreenPassesPerFrame": 1, "devices": { "iphone-7": { "minFps": 2 } }, "checkOn": ["iphone-7"] }"#)
    var generator = SplitMix64(seed: 11)
    let bytes = Array(text.utf8)
    for index in 0..<200 {
      var copy = bytes
      for _ in 0..<2 { copy[Int.random(in: 0..<copy.count, using: &generator)] = UInt8.random(in: 32...126, using: &generator) }
      let path = try write(String(decoding: copy, as: UTF8.self), to: "scene-\(index).json", in: folder)
      let run = ToolRun.run("check", path)
      #expect([0, 1, 2].contains(run.status))
    }
  }
}

@Suite("Help and report Markdown")
struct NewCommandHelpTests {
  @Test func compareAndCheckHelpListOptionsAndExitCodes() {
    for (command, options) in [
      ("compare", ["--device", "--gate", "--tolerance", "--format", "--pairs", "--jobs", "--list-metrics"]),
      ("check", ["--budgets", "--format", "--junit", "--jobs"]),
    ] {
      let run = ToolRun.run(command, "--help")
      #expect(run.status == 0)
      for option in options { #expect(run.stdout.contains(option), "\(command) --help: \(option)") }
      for code in ["EXIT CODES", "  0  ", "  1  ", "  2  "] { #expect(run.stdout.contains(code), "\(command) --help: \(code)") }
    }
    #expect(ToolRun.run("report", "--help").stdout.contains("markdown"))
  }

  @Test func listMetricsNamesEveryGate() {
    let run = ToolRun.run("compare", "--list-metrics")
    #expect(run.status == 0)
    for gate in [
      "offscreenPasses.perFrameMax", "gpuMs.p95", "mainThreadMs.p95", "hitchTimeRatio", "fps", "rasterCache.hitRate", "memoryBytes.total",
      "findings",
    ] {
      #expect(run.stdout.contains(gate))
    }
  }

  @Test func reportMarkdownIsAHeadingOneTableAndTheVerdict() {
    let run = ToolRun.run("report", "-", "--format", "markdown", stdin: CIScenes.card())
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("### offscreen-sim: card (`<stdin>`) on iPhone 7\n\n| metric | value |\n| --- | --- |\n"))
    #expect(run.stdout.contains("| offscreen passes per frame | 1 on 1 layer: rounded-clip 1 |"))
    #expect(run.stdout.contains("\n**iPhone 7, 60 Hz: 60 fps"))
    #expect(run.stdout.contains("Offscreen: rounded-clip on `root/card`."))
  }
}
