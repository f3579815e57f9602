import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

@Suite("explain and optimize commands")
struct ExplainOptimizeCommandTests {
  static let qqMusic = packageRoot.appendingPathComponent("scenes/qqmusic-home-v1.json").path

  let chips = """
    {"version": 1, "device": "iphone-7",
     "root": {"id": "root", "sublayers": [
       {"id": "chip", "frame": [16, 100, 80, 30], "repeat": {"count": 4, "step": [88, 0]}, "backgroundColor": "#F2F3F5",
        "cornerRadius": 15, "masksToBounds": true,
        "sublayers": [{"id": "label", "frame": [12, 7, 56, 16], "contents": {"type": "text", "characters": 5}}]}]}}
    """

  @Test func helpNamesTheOptionsAndExitCodes() {
    let explain = ToolRun.run("explain", "--help")
    #expect(explain.status == 0)
    for text in ["--layer", "--device", "--format", "EXIT CODES", "USAGE: offscreen-sim explain"] {
      #expect(explain.stdout.contains(text), "\(text)")
    }
    let optimize = ToolRun.run("optimize", "-h")
    #expect(optimize.status == 0)
    for text in ["-o, --output", "--only", "--dry-run", "EXIT CODES", "USAGE: offscreen-sim optimize"] {
      #expect(optimize.stdout.contains(text), "\(text)")
    }
    #expect(ToolRun.run("--help").stdout.contains("explain"))
  }

  /// The chips' and the cards' rounded clips are the findings, each with its saving (groups worked
  /// out by hand in OptimizerTests.explainQQMusicV1): the cards of all rows of a kind are one
  /// group, the top-row and bottom-row chips two more.
  @Test func explainQQMusicNamesTheChipsAndCards() throws {
    let run = ToolRun.run("explain", Self.qqMusic, "--format", "json")
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["explainVersion"] as? Int == 1)
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(
      Set(findings.compactMap { $0["pattern"] as? String }) == [
        "root/table/*/card[*]", "root/table/topics/topRowChip[*]", "root/table/topics/bottomRowChip[*]",
      ])
    for finding in findings {
      #expect(finding["rule"] as? String == "rounded-clip")
      let fixes = try #require(finding["fixes"] as? [[String: Any]])
      let saving = try #require(fixes.first?["saving"] as? [String: Any])
      #expect((saving["offscreenPassesMean"] as? Double ?? 0) > 0)
      #expect((saving["hitchTimeRatio"] as? Double ?? 0) > 0)
    }
    let text = ToolRun.run("explain", Self.qqMusic).stdout
    #expect(text.contains("1. rounded-clip  root/table/*/card[*]  (15 layers)"))
    #expect(text.contains("fix: drop-masks-to-bounds (keeps appearance)"))
    #expect(text.contains(#"in the scene: root/table/topics/topRowChip[*]: remove "masksToBounds""#))
    // The worst frame has 18 passes, 4 of them the top-row chips.
    #expect(text.contains("saves: offscreen passes in the worst frame 18 -> 14 (-4)"))
    #expect(text.contains("precompose-corners (may change appearance)"))
    #expect(text.contains("Fixes marked \"may change appearance\""))
  }

  @Test func explainOneLayerAndUnknownLayers() {
    let one = ToolRun.run("explain", "-", "--layer", "root/chip[*]", stdin: chips)
    #expect(one.status == 0)
    #expect(one.stdout.contains("1. rounded-clip  root/chip[*]  (4 layers)"))
    let below = ToolRun.run("explain", "-", "--layer", "root/chip[2]/label", stdin: chips)
    #expect(below.status == 0)
    #expect(below.stdout.contains("No offscreen findings on root/chip[2]/label"))
    let unknown = ToolRun.run("explain", "-", "--layer", "root/chips[*]", stdin: chips)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no layer root/chips[*] in the scene; did you mean root/chip[*]?"))
  }

  @Test func explainIsDeterministic() {
    let first = ToolRun.run("explain", Self.qqMusic, "--format", "json")
    let second = ToolRun.run("explain", Self.qqMusic, "--format", "json")
    #expect(first.stdout == second.stdout)
    #expect(ToolRun.run("explain", Self.qqMusic).stdout == ToolRun.run("explain", Self.qqMusic).stdout)
  }

  @Test func optimizeWritesAScene() throws {
    let output = try temporaryFile("out.json", "")
    let run = ToolRun.run("optimize", "-", "-o", output, stdin: chips)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("drop-masks-to-bounds  rounded-clip  root/chip[*]"))
    #expect(run.stdout.contains(#"in the file: root.sublayers[0] (4 layers): remove "masksToBounds""#))
    #expect(run.stdout.contains("offscreen passes (worst frame)"))
    let written = try String(contentsOfFile: output, encoding: .utf8)
    // The input with the one key the fix removes taken out, with the comma and space before it
    // (derived by hand from `chips`); every other byte as it was.
    #expect(written == chips.replacingOccurrences(of: #", "masksToBounds": true"#, with: ""))
    // Optimized again: no fix applies, the same bytes.
    let again = try temporaryFile("again.json", "")
    #expect(ToolRun.run("optimize", output, "-o", again).status == 0)
    #expect(try String(contentsOfFile: again, encoding: .utf8) == written)
    // The report on the written scene has no pass left.
    #expect(ToolRun.run("report", output).stdout.contains("offscreen passes  0 per frame"))
  }

  @Test func optimizeToStandardOutputAndDryRun() throws {
    let piped = ToolRun.run("optimize", "-", "-o", "-", stdin: chips)
    #expect(piped.status == 0)
    // The input's first line, kept as it was.
    #expect(piped.stdout.hasPrefix(#"{"version": 1, "device": "iphone-7","# + "\n"))
    #expect(piped.stderr.contains("Applied"))
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("offscreen-sim-dry-\(UUID().uuidString).json").path
    let dry = ToolRun.run("optimize", "-", "-o", output, "--dry-run", stdin: chips)
    #expect(dry.status == 0)
    #expect(dry.stdout.contains("Dry run: nothing written."))
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(ToolRun.run("optimize", "-", "--dry-run", stdin: chips).status == 0)
  }

  @Test func optimizeUsageErrors() {
    let missing = ToolRun.run("optimize", "-", stdin: chips)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("missing -o"))
    let only = ToolRun.run("optimize", "-", "--dry-run", "--only", "rounded-clipp", stdin: chips)
    #expect(only.status == 2)
    #expect(only.stderr.contains("did you mean 'rounded-clip'?"))
    let invalid = ToolRun.run("optimize", "-", "--dry-run", stdin: "{\"version\": 1,")
    #expect(invalid.status == 2)
    #expect(invalid.stderr.contains("invalid JSON"))
    let unwritable = ToolRun.run("optimize", "-", "-o", "/nonexistent/folder/out.json", stdin: chips)
    #expect(unwritable.status == 2)
    #expect(unwritable.stderr.contains("cannot write"))
    let explainInvalid = ToolRun.run("explain", "-", stdin: "[]")
    #expect(explainInvalid.status == 2)
  }

  @Test func optimizeOnlyOneRule() {
    let none = ToolRun.run("optimize", "-", "--dry-run", "--only", "shadow-without-path", stdin: chips)
    #expect(none.status == 0)
    #expect(none.stdout.contains("No fix that keeps appearance applies"))
  }

  /// A finding left because `--only` left its fixes out says so, naming them, not that no fix
  /// keeps the picture: timeline-cell's path-less shadows are fixed by `shadow-path`, which keeps
  /// the picture (its rule's table), and `--only rasterize` does not take it.
  @Test func optimizeOnlySaysWhatItLeftOut() {
    let scene = packageRoot.appendingPathComponent("scenes/timeline-cell.json").path
    let run = ToolRun.run("optimize", scene, "--only", "rasterize", "--dry-run")
    #expect(run.status == 0)
    let line = run.stdout.split(separator: "\n").first { $0.contains("shadow-without-path") }
    #expect(line?.contains("left to the fixes --only leaves out that keep the picture (shadow-path") == true, "\(run.stdout)")
    #expect(!run.stdout.contains("no fix keeps the picture here"))
  }

  /// Work a fix moves to background threads shows on both sides of its saving: QQ Music v1's
  /// precompose-corners draws the cards' images in the background, in too few frames for the
  /// p95 to see, so the text gives the mean, as the JSON's `after.backgroundMsMean` has it.
  @Test func backgroundWorkAFixAddsIsShown() throws {
    let json = ToolRun.run("explain", Self.qqMusic, "--format", "json")
    let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let findings = document?["findings"] as? [[String: Any]] ?? []
    let fix = (findings.first?["fixes"] as? [[String: Any]])?.first { $0["id"] as? String == "precompose-corners" }
    let after = try #require((fix?["after"] as? [String: Any])?["backgroundMsMean"] as? Double)
    #expect(after > 0)
    let text = ToolRun.run("explain", Self.qqMusic).stdout
    #expect(text.contains("background mean 0.0 -> \(String(format: "%.1f", after)) ms"), "\(text)")
  }
}
