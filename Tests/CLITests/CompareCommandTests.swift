import Compositor
import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

@Suite("compare")
struct CompareCommandTests {
  /// The clipped card (1 pass) and the same card without masksToBounds (0 passes).
  func pair() throws -> (folder: String, clipped: String, plain: String) {
    let folder = try temporaryFolder()
    let clipped = try write(CIScenes.card(clip: true), to: "card-clipped.json", in: folder)
    let plain = try write(CIScenes.card(clip: false), to: "card-plain.json", in: folder)
    return (folder, clipped, plain)
  }

  @Test func anImprovementPassesAndTheReverseFailsNamingWhatGotWorse() throws {
    let (_, clipped, plain) = try pair()
    let better = ToolRun.run("compare", clipped, plain)
    #expect(better.status == 0, "\(better.stderr)")
    #expect(better.stdout.contains("verdict: better: offscreen passes per frame (max) 1 -> 0"))
    // Short by default: the verdict on the first line, a disappeared finding counted, listed
    // with --verbose.
    #expect(better.stdout.hasPrefix("verdict: better: offscreen passes per frame (max) 1 -> 0"))
    #expect(better.stdout.contains("findings: 0 appeared, 1 disappeared"))
    #expect(!better.stdout.contains("- rounded-clip  root/card"))
    #expect(ToolRun.run("compare", clipped, plain, "--verbose").stdout.contains("- rounded-clip  root/card"))

    let worse = ToolRun.run("compare", plain, clipped)
    #expect(worse.status == 1)
    #expect(worse.stdout.contains("verdict: worse: offscreen passes per frame (max) 0 -> 1 (+1)"))
    #expect(worse.stdout.contains("got worse"))
    #expect(worse.stdout.contains("+ rounded-clip  root/card"))
    #expect(worse.stderr.isEmpty)
  }

  @Test func identicalInputsShowNoChange() throws {
    let (_, clipped, _) = try pair()
    let text = ToolRun.run("compare", clipped, clipped)
    #expect(text.status == 0)
    #expect(text.stdout.contains("verdict: same: no change"))
    #expect(text.stdout.contains("findings: 0 appeared, 0 disappeared"))
    let json = ToolRun.run("compare", clipped, clipped, "--format", "json")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let comparison = try #require((document["comparisons"] as? [[String: Any]])?.first)
    let metrics = try #require(comparison["metrics"] as? [[String: Any]])
    #expect(!metrics.isEmpty)
    #expect(metrics.allSatisfy { $0["verdict"] as? String == "same" })
    let findings = try #require(comparison["findings"] as? [String: [Any]])
    #expect(findings["appeared"]?.isEmpty == true && findings["disappeared"]?.isEmpty == true)
    #expect(document["verdict"] as? String == "same")
  }

  /// A scene and the report saved from it read the same: every bundled scene, every metric.
  @Test func aSceneAndItsSavedReportShowNoChange() throws {
    let folder = try temporaryFolder()
    let scenes = Repository.scenesFolder.path
    let names = BundledScenes.names
    #expect(names.count >= 8)
    for name in names {
      let scene = scenes + "/" + name
      let report = ToolRun.run("report", scene, "--format", "json")
      #expect(report.status == 0, "\(name)")
      let saved = try write(report.stdout, to: name + ".report.json", in: folder)
      for (before, after) in [(saved, scene), (scene, saved)] {
        let run = ToolRun.run("compare", before, after)
        #expect(run.status == 0, "\(name): \(run.stderr)")
        #expect(run.stdout.contains("verdict: same: no change"), "\(name)")
      }
    }
  }

  @Test func differentTimelinesAreAnInputError() throws {
    let (folder, clipped, _) = try pair()
    let animated = try write(CIScenes.card(extra: #""timeline": {"duration": 0.5},"#), to: "animated.json", in: folder)
    let run = ToolRun.run("compare", clipped, animated)
    #expect(run.status == 2)
    #expect(run.stderr.contains("cannot compare \(clipped) with \(animated): their timelines differ"))
    #expect(run.stderr.contains("1 frame at 60 Hz"))
    #expect(run.stderr.contains("30 frames at 60 Hz (0.5 s)"))
  }

  @Test func aReportOfAnotherVersionIsAnInputError() throws {
    let (folder, clipped, _) = try pair()
    let report = ToolRun.run("report", clipped, "--format", "json").stdout
    let future = try write(
      report.replacingOccurrences(of: "\"reportVersion\": 1", with: "\"reportVersion\": 2"), to: "future.json", in: folder)
    let run = ToolRun.run("compare", future, clipped)
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(future):2:20: error: reportVersion: this report is version 2"))
    #expect(run.stderr.contains("reads report version 1"))
    #expect(run.stdout.isEmpty)
  }

  /// Standard input is read once: `-` for both files would compare it with itself ("no change").
  @Test func standardInputIsOneOfTheTwoAtMost() throws {
    let (_, clipped, _) = try pair()
    let both = ToolRun.run("compare", "-", "-", stdin: CIScenes.card())
    #expect(both.status == 2)
    #expect(both.stderr.contains("standard input can be read once"))
    #expect(both.stdout.isEmpty)
    #expect(ToolRun.run("compare", "-", clipped, stdin: CIScenes.card()).status != 2)
  }

  /// `--html` draws two scenes' frames: a saved report has no layers, and says so (not that the
  /// file is no scene, as if it were broken).
  @Test func htmlOfASavedReportSaysWhatItNeeds() throws {
    let (folder, clipped, _) = try pair()
    let saved = try write(ToolRun.run("report", clipped, "--format", "json").stdout, to: "saved.json", in: folder)
    let run = ToolRun.run("compare", saved, clipped, "--html", folder + "/page.html")
    #expect(run.status == 2)
    #expect(run.stderr.contains("--html draws two scene files: \(saved) is a saved report, which holds figures but no layers"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/page.html"))
  }

  @Test func aMissingFileIsAnInputError() throws {
    let (_, clipped, _) = try pair()
    let run = ToolRun.run("compare", clipped, "/nonexistent/after.json")
    #expect(run.status == 2)
    #expect(run.stderr.contains("/nonexistent/after.json: error: no such file"))
  }

  @Test func aSavedReportIsComparedOnItsOwnDeviceOnly() throws {
    let (folder, clipped, plain) = try pair()
    let saved = try write(ToolRun.run("report", clipped, "--format", "json").stdout, to: "saved.json", in: folder)
    let same = ToolRun.run("compare", saved, plain, "--device", "iphone-7")
    #expect(same.status == 0, "\(same.stderr)")
    let other = ToolRun.run("compare", saved, plain, "--device", "iphone-6")
    #expect(other.status == 2)
    #expect(other.stderr.contains("\(saved): error: this saved report was made on iphone-7 and cannot be compared on iphone-6"))
  }

  @Test func scenesOnDifferentDevicesNeedADevice() throws {
    let (folder, clipped, _) = try pair()
    let onSix = try write(CIScenes.card(clip: false, device: "iphone-6"), to: "six.json", in: folder)
    let run = ToolRun.run("compare", clipped, onSix)
    #expect(run.status == 2)
    #expect(run.stderr.contains("is on iphone-7"))
    #expect(run.stderr.contains("--device"))
    #expect(ToolRun.run("compare", clipped, onSix, "--device", "iphone-6").status == 0)
  }

  @Test func severalDevicesCompareOnEach() throws {
    let (_, clipped, plain) = try pair()
    let run = ToolRun.run("compare", clipped, plain, "--device", "iphone-6", "--device", "iphone-13-pro")
    #expect(run.status == 0)
    #expect(run.stdout.contains("on iPhone 6 (iphone-6)"))
    #expect(run.stdout.contains("on iPhone 13 Pro (iphone-13-pro)"))
    #expect(run.stdout.hasPrefix("2 comparisons: 2 better, 0 same, 0 worse\n"))
  }

  @Test func gatesChooseWhatFails() throws {
    let (_, clipped, plain) = try pair()
    #expect(ToolRun.run("compare", plain, clipped, "--gate", "none").status == 0)
    #expect(ToolRun.run("compare", plain, clipped, "--gate", "gpuMs.p95,fps").status == 1)
    #expect(ToolRun.run("compare", plain, clipped, "--gate", "fps").status == 0)
    let findings = ToolRun.run("compare", plain, clipped, "--gate", "findings")
    #expect(findings.status == 1)
    #expect(findings.stdout.contains("1 finding appeared"))
    let typo = ToolRun.run("compare", plain, clipped, "--gate", "gpuMs.p59")
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("unknown metric 'gpuMs.p59' in --gate; did you mean 'gpuMs.p95'?"))
  }

  @Test func toleranceAndJobsAreChecked() throws {
    let (_, clipped, plain) = try pair()
    #expect(ToolRun.run("compare", clipped, plain, "--tolerance", "10%").status == 0)
    #expect(ToolRun.run("compare", clipped, plain, "--tolerance", "-1").status == 2)
    #expect(ToolRun.run("compare", clipped, plain, "--tolerance", "nan").status == 2)
    #expect(ToolRun.run("compare", clipped, plain, "--jobs", "0").status == 2)
    #expect(ToolRun.run("compare", clipped).status == 2)
  }

  @Test func gitHubActionsGetsAnAnnotationOnTheAfterFile() throws {
    let (_, clipped, plain) = try pair()
    let run = ToolRun.run("compare", plain, clipped, environment: ["GITHUB_ACTIONS": "true"])
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("::error file=\(clipped),title=offscreen-sim%3A rendering got worse on iphone-7::"))
    #expect(run.stderr.contains("offscreen passes per frame (max) 0 -> 1"))
    #expect(!ToolRun.run("compare", plain, clipped).stderr.contains("::error"))
    #expect(!ToolRun.run("compare", clipped, plain, environment: ["GITHUB_ACTIONS": "true"]).stderr.contains("::error"))
  }

  @Test func markdownIsAHeadingTheVerdictAndTheGatedChangesWithTheRestFolded() throws {
    let (_, clipped, plain) = try pair()
    let run = ToolRun.run("compare", plain, clipped, "--format", "markdown")
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("### offscreen-sim: ") == true)
    // The verdict is the first line after the heading's blank line.
    #expect(lines[2].hasPrefix("**Verdict: worse.** offscreen passes per frame (max) 0 → 1 (+1), "))
    // The first table holds the gated metrics that changed: the card's clip changes passes, GPU
    // time and memory (an offscreen target), and not frame rate or hitches (0 ms/s on both
    // sides: one static frame well within budget).
    let first = try #require(lines.firstIndex { $0.hasPrefix("|") })
    let table = lines[first...].prefix { $0.hasPrefix("|") }.dropFirst(2)
    #expect(table.allSatisfy { $0.hasPrefix("| **") })
    #expect(table.contains { $0.hasPrefix("| **offscreen passes per frame (max)** |") })
    #expect(!table.contains { $0.hasPrefix("| **frame rate** |") })
    // The rest folds into <details>, after the first table.
    let details = try #require(lines.firstIndex { $0.hasPrefix("<details>") })
    #expect(details > first)
    #expect(lines[details...].contains { $0.hasPrefix("| **frame rate** | 60 fps | 60 fps | 0 | same |") })
    #expect(lines.last(where: { !$0.isEmpty }) == "</details>")
    // The regression names the finding that came with it: the clip on the card (the suite's pair).
    #expect(run.stdout.contains(" got worse, with rounded-clip on root/card.\n"))
    #expect(run.stdout.contains("| **offscreen passes per frame (max)** | 0 | 1 | +1 | **worse** |"))
  }

  @Test func quietPrintsTheVerdictsAndWhatFailedWithTheSameExitCode() throws {
    let (_, clipped, plain) = try pair()
    let better = ToolRun.run("compare", clipped, plain, "--quiet")
    #expect(better.status == 0)
    #expect(better.stdout == "better: \(clipped) -> \(plain) on iPhone 7 (iphone-7)\n")
    let worse = ToolRun.run("compare", plain, clipped, "-q")
    #expect(worse.status == 1)
    let lines = worse.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0] == "worse: \(plain) -> \(clipped) on iPhone 7 (iphone-7)")
    #expect(lines[1].hasPrefix("  offscreen passes per frame (max) 0 -> 1 (+1)"))
    #expect(ToolRun.run("compare", plain, clipped, "--quiet", "--verbose").status == 2)
  }

  /// Colour: `--color always` wraps the verdict word in SGR red (ESC [ 1;31 m, ECMA-48) and a
  /// reset; `never`, `auto` off a terminal, and `NO_COLOR` with any non-empty value
  /// (no-color.org) print none.
  @Test func colourOnlyWhenAskedOrOnATerminalWithoutNoColor() throws {
    let (_, clipped, plain) = try pair()
    let always = ToolRun.run("compare", plain, clipped, "--color", "always")
    #expect(always.stdout.hasPrefix("verdict: \u{1B}[1;31mworse\u{1B}[0m: "))
    // The tests' output is not a terminal: auto is off.
    for arguments in [["--color", "never"], ["--color", "auto"], []] {
      #expect(!ToolRun.callAsFunction(["compare", plain, clipped] + arguments).stdout.contains("\u{1B}"), "\(arguments)")
    }
    #expect(ColourChoice.auto.enabled(terminal: Terminal(outIsTerminal: true), environment: [:]))
    #expect(!ColourChoice.auto.enabled(terminal: Terminal(outIsTerminal: true), environment: ["NO_COLOR": "1"]))
    #expect(ColourChoice.auto.enabled(terminal: Terminal(outIsTerminal: true), environment: ["NO_COLOR": ""]))
    #expect(!ColourChoice.auto.enabled(terminal: Terminal(outIsTerminal: false), environment: [:]))
    #expect(ColourChoice.always.enabled(terminal: Terminal(outIsTerminal: false), environment: ["NO_COLOR": "1"]))
    #expect(ToolRun.run("compare", plain, clipped, "--color", "sometimes").status == 2)
  }

  /// A file name holding ESC and a workflow command stays escaped with colour on: the only
  /// escape sequences printed are the tool's own.
  @Test func colourCodesNeverComeFromFileNames() throws {
    let (folder, clipped, _) = try pair()
    let hostile = folder + "/x\u{1B}[2J\n::error::y.json"
    try FileManager.default.copyItem(atPath: clipped, toPath: hostile)
    let run = ToolRun.run("compare", clipped, hostile, "--color", "always", "--verbose")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("x\\u{1B}[2J\\n::error::y.json"))
    let escapes = run.stdout.components(separatedBy: "\u{1B}[").dropFirst().map { $0.prefix { $0 != "m" } }
    #expect(!escapes.isEmpty)
    #expect(escapes.allSatisfy { ["0", "1", "2", "32", "1;31"].contains(String($0)) }, "\(escapes)")
  }

  /// A pairs file in `ci/` names the scenes beside it from its folder: inside the repository
  /// (the folder with `.git`), as they must be (docs/security.md).
  @Test func pairsFilesResolvePathsFromTheirFolder() throws {
    let (folder, _, _) = try pair()
    try FileManager.default.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
    try write(
      """
      [
        { "before": "../card-clipped.json", "after": "../card-plain.json" },
        { "before": "../card-clipped.json", "after": "../card-plain.json", "devices": ["iphone-6"] }
      ]
      """, to: "ci/pairs.json", in: folder)
    let run = ToolRun.run("compare", "--pairs", "ci/pairs.json", currentDirectory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("card-clipped.json -> card-plain.json on iPhone 7 (iphone-7)"))
    #expect(run.stdout.contains("card-clipped.json -> card-plain.json on iPhone 6 (iphone-6)"))
    try write(#"[{ "before": "a.json", "afer": "b.json" }]"#, to: "bad.json", in: folder)
    let bad = ToolRun.run("compare", "--pairs", "bad.json", currentDirectory: folder)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("bad.json:1:24: error: [0].afer: unknown key `afer` in a pair"))
  }

  /// The repository's own pairs file names files that exist (its verdicts are gated by .ci/run).
  @Test func theRepositoryPairsFileIsValid() throws {
    let root = packageRoot.path
    let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/.ci/pairs.json"))
    let requests = try CompareCommand.readPairs(
      ".ci/pairs.json", devices: [], gates: [],
      io: ToolIO(writeOut: { _ in }, writeErr: { _ in }, readStdin: { [] }, environment: [:], currentDirectory: root))
    #expect(!bytes.isEmpty)
    #expect(requests.count >= 4)
    for request in requests {
      #expect(FileManager.default.fileExists(atPath: root + "/" + request.before), "\(request.before)")
      #expect(FileManager.default.fileExists(atPath: root + "/" + request.after), "\(request.after)")
    }
  }

  @Test func theOutputIsTheSameWhateverTheJobs() throws {
    let (folder, _, _) = try pair()
    try write(CIScenes.card(clip: true, device: "iphone-6"), to: "six.json", in: folder)
    try write(
      """
      [
        { "before": "card-clipped.json", "after": "card-plain.json", "devices": ["iphone-6", "iphone-7", "iphone-x"] },
        { "before": "card-plain.json", "after": "card-clipped.json" },
        { "before": "six.json", "after": "card-plain.json", "devices": ["iphone-13-pro", "iphone-6"] }
      ]
      """, to: "pairs.json", in: folder)
    let one = ToolRun.run("compare", "--pairs", "pairs.json", "--jobs", "1", currentDirectory: folder)
    for jobs in ["2", "3", "8"] {
      for format in ["text", "json", "markdown"] {
        let many = ToolRun.run("compare", "--pairs", "pairs.json", "--jobs", jobs, "--format", format, currentDirectory: folder)
        let serial = ToolRun.run("compare", "--pairs", "pairs.json", "--jobs", "1", "--format", format, currentDirectory: folder)
        #expect(many.stdout == serial.stdout, "--jobs \(jobs) --format \(format)")
        #expect(many.status == serial.status)
      }
    }
    #expect(one.status == 1)
    #expect(one.stdout.hasPrefix("6 comparisons: 5 better, 0 same, 1 worse\n"))
  }

  /// Damaged saved reports: every field of the summary replaced by values of the wrong kind,
  /// out of range or huge, and random byte flips. The tool answers 0, 1 or 2; it never traps.
  @Test func damagedReportsNeverTrap() throws {
    let (folder, clipped, plain) = try pair()
    let report = ToolRun.run("report", clipped, "--format", "json").stdout
    var cases: [String] = []
    let replacements = ["\"x\"", "null", "1e308", "-1e308", "1e999", "[]", "{}", "-0.5", "true"]
    // Replace each `"key": number` of the summary in turn.
    let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (index, line) in lines.enumerated() where line.contains("\": ") && index < 90 {
      guard let colon = line.range(of: "\": ") else { continue }
      for replacement in replacements {
        var copy = lines
        let ending = line.hasSuffix(",") ? "," : ""
        copy[index] = String(line[..<colon.upperBound]) + replacement + ending
        cases.append(copy.joined(separator: "\n"))
      }
    }
    var generator = SplitMix64(seed: 5)
    var bytes = Array(report.utf8)
    for _ in 0..<300 {
      var copy = bytes
      for _ in 0..<3 { copy[Int.random(in: 0..<copy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
      cases.append(String(decoding: copy, as: UTF8.self))
    }
    bytes = []
    for (index, text) in cases.enumerated() {
      let path = try write(text, to: "damaged-\(index).json", in: folder)
      let run = ToolRun.run("compare", path, plain, "--format", index % 2 == 0 ? "text" : "markdown")
      #expect([0, 1, 2].contains(run.status))
      if run.status == 2 { #expect(run.stderr.contains(path), "\(index): \(run.stderr)") }
    }
  }
}

@Suite("compare, saved reports")
struct CompareSavedReportTests {
  @Test func aReportFromAnotherToolVersionIsComparedWithAWarning() throws {
    let folder = try temporaryFolder()
    let scene = try write(CIScenes.card(), to: "card.json", in: folder)
    let report = ToolRun.run("report", scene, "--format", "json").stdout
    let old = try write(
      report.replacingOccurrences(of: "\"version\": \"\(toolVersion)\"", with: "\"version\": \"0.0.1\""), to: "old.json", in: folder)
    let run = ToolRun.run("compare", old, scene)
    #expect(run.status == 0)
    #expect(run.stderr.contains("\(old): warning: this report was made by offscreen-sim 0.0.1"))
    #expect(run.stdout.contains("same: no change"))
  }
}

@Suite("Metric catalogue against the JSON report")
struct MetricCatalogueTests {
  /// Every number in the report's `summary` is a metric `compare` compares (or a setting of the
  /// run), and every metric is a number there: a field added to the summary must be added to
  /// `ReportMetrics.all` too.
  @Test func everySummaryNumberIsAMetric() throws {
    // A scene with a timeline and a rasterized layer, so that every field has a value.
    let scene = CIScenes.card(
      extra: #""timeline": {"duration": 0.2, "animations": [{"target": "card", "keyPath": "opacity", "toValue": 0.5}]},"#)
    let run = ToolRun.run("report", "-", "--format", "json", stdin: scene)
    #expect(run.status == 0, "\(run.stderr)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let summary = try #require(document["summary"] as? [String: Any])
    var numbers: [String] = []
    var words: [String] = []
    func walk(_ value: Any, _ path: String) {
      if let object = value as? [String: Any] {
        for (key, member) in object { walk(member, path.isEmpty ? key : path + "." + key) }
      } else if value is String || (value is NSNull && ReportMetrics.descriptive.contains(path)) {
        words.append(path)
      } else {
        numbers.append(path)  // numbers, and null for a figure without a value
      }
    }
    walk(summary, "")
    let metrics = Set(ReportMetrics.all.map(\.id))
    let settings = Set(ReportMetrics.settings)
    for path in numbers { #expect(metrics.contains(path) || settings.contains(path), "summary.\(path) is not in ReportMetrics") }
    for id in metrics { #expect(numbers.contains(id), "\(id) is not a number in the summary") }
    for path in words { #expect(ReportMetrics.descriptive.contains(path), "summary.\(path)") }
  }
}

@Suite("compare, bad scenes")
struct CompareBadSceneTests {
  @Test func problemsInBothScenesAreAllReported() throws {
    let folder = try temporaryFolder()
    let before = try write(
      CIScenes.card().replacingOccurrences(of: "\"cornerRadius\": 10", with: "\"cornerRadius\": -1"), to: "a.json", in: folder)
    let after = try write(
      CIScenes.card().replacingOccurrences(of: "\"masksToBounds\": true", with: "\"masksToBound\": true"), to: "b.json", in: folder)
    let run = ToolRun.run("compare", before, after)
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(before):10:"))
    #expect(run.stderr.contains("\(after):10:"))
    #expect(run.stderr.contains("did you mean `masksToBounds`?"))
    #expect(run.stdout.isEmpty)
  }
}
