import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The reporters (`--format xcode|sarif|checkstyle|junit|github|codequality`) on a scene written here, so
/// that every place is counted by hand: the card's object opens at line 2, column 3 (two spaces
/// of indentation, then `{`), and the one budget's key in `budgets.json` at line 2, column 5.
///
/// The clipped card is one `rounded-clip` finding (cornerRadius with masksToBounds over two
/// sublayers, DOMAIN.md); against the same card without the clip, three of the seven default
/// gates get worse: offscreen passes (0 -> 1), GPU time p95 (the pass costs GPU time) and memory
/// (the 200 x 100 pt offscreen target at @2x, 400 x 200 x 4 B); frame rate, hitches and main-thread
/// time stay, and the hit rate has no value (nothing rasterized).
@Suite("Reporters")
struct ReporterTests {
  static func scene(clip: Bool, id: String = "card") -> String {
    """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": \(JSONString(id)), "frame": [20, 100, 200, 100], "cornerRadius": 12, "masksToBounds": \(clip),
       "sublayers": [{"id": "a", "frame": [0, 0, 200, 100], "backgroundColor": "#FF0000"},
                     {"id": "b", "frame": [10, 10, 100, 20], "contents": {"type": "text", "characters": 8}}]}
    ]}}
    """
  }

  static func JSONString(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text], options: [])
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }

  func folder(id: String = "card") throws -> String {
    let folder = try temporaryFolder()
    _ = try write(Self.scene(clip: true, id: id), to: "clip.json", in: folder)
    _ = try write(Self.scene(clip: false, id: id), to: "plain.json", in: folder)
    _ = try write("{\n    \"maxOffscreenPassesPerFrame\": 0\n}\n", to: "budgets.json", in: folder)
    return folder
  }

  @Test func xcodeLinesPointAtTheLayersObject() throws {
    let folder = try folder()
    let report = ToolRun.run("report", "clip.json", "--format", "xcode", currentDirectory: folder)
    #expect(report.status == 0)
    let lines = report.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines[0].hasPrefix("clip.json:2:3: warning: root/card: "))
    #expect(lines[0].hasSuffix(" [rounded-clip]"))

    let compare = ToolRun.run("compare", "plain.json", "clip.json", "--format", "xcode", currentDirectory: folder)
    #expect(compare.status == 1)
    let compared = compare.stdout.split(separator: "\n")
    #expect(compared.filter { $0.hasPrefix("clip.json: error: ") }.count == 3)
    #expect(compared.contains { $0.hasPrefix("clip.json:2:3: warning: root/card: rounded-clip appeared") })

    // A shared budgets file: the failure is on the scene, the place of the limit is in another file.
    let check = ToolRun.run("check", "clip.json", "--budgets", "budgets.json", "--format", "xcode", currentDirectory: folder)
    #expect(check.status == 1)
    #expect(check.stdout.hasPrefix("clip.json: error: clip.json on iPhone 7: maxOffscreenPassesPerFrame failed: expected <= 0, found 1"))
  }

  @Test func sarifIsALogCodeScanningReads() throws {
    let folder = try folder()
    let run = ToolRun.run("compare", "plain.json", "clip.json", "--format", "sarif", currentDirectory: folder)
    #expect(run.status == 1)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "offscreen-sim")
    let rules = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    #expect(Set(rules) == ["offscreenPasses.perFrameMax", "gpuMs.p95", "memoryBytes.total", "rounded-clip"])
    let results = try #require(runs[0]["results"] as? [[String: Any]])
    #expect(results.count == 4)
    // Every result names a rule the driver lists.
    #expect(results.allSatisfy { rules.contains($0["ruleId"] as? String ?? "") })
    let finding = try #require(results.first { $0["ruleId"] as? String == "rounded-clip" })
    #expect(finding["level"] as? String == "warning")
    let location = try #require((finding["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "clip.json")
    let region = try #require(location["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 2)
    #expect(region["startColumn"] as? Int == 3)
    #expect(results.filter { $0["level"] as? String == "error" }.count == 3)
    // A path with a space and a non-ASCII letter, percent-encoded (RFC 3986: é is C3 A9 in UTF-8).
    #expect(SARIFFormatter.uri("./my scenes/café.json") == "my%20scenes/caf%C3%A9.json")
  }

  /// GitLab's Code Quality report of the same comparison: the four problems of the SARIF log
  /// above (three gated metrics worse, errors, so `major`; the finding that appeared, a warning,
  /// so `minor`), each with a distinct fingerprint; the finding on the card's object's line (2),
  /// the metrics, which have no place in the file, on line 1.
  @Test func codeQualityIsTheReportGitLabReads() throws {
    let folder = try folder()
    let run = ToolRun.run("compare", "plain.json", "clip.json", "--format", "codequality", currentDirectory: folder)
    #expect(run.status == 1)
    let issues = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    #expect(issues.count == 4)
    for issue in issues {
      for key in ["description", "check_name", "fingerprint", "severity"] { #expect(issue[key] is String, "\(key)") }
      #expect((issue["location"] as? [String: Any])?["path"] as? String == "clip.json")
    }
    #expect(Set(issues.compactMap { $0["fingerprint"] as? String }).count == 4)
    let finding = try #require(issues.first { $0["check_name"] as? String == "rounded-clip" })
    #expect(finding["severity"] as? String == "minor")
    #expect(((finding["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int == 2)
    let metrics = issues.filter { $0["check_name"] as? String != "rounded-clip" }
    #expect(metrics.allSatisfy { $0["severity"] as? String == "major" })
    #expect(metrics.allSatisfy { (($0["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int == 1 })
    // The same problems give the same fingerprints in another run: GitLab matches issues on them.
    let again = ToolRun.run("compare", "plain.json", "clip.json", "--format", "codequality", currentDirectory: folder)
    #expect(again.stdout == run.stdout)
  }

  #if canImport(FoundationXML) || os(macOS)
    @Test func checkstyleAndJUnitAreXMLWithEveryValueEscaped() throws {
      let hostile = "card\"<x>&'e"
      let folder = try folder(id: hostile)
      let checkstyle = ToolRun.run("compare", "plain.json", "clip.json", "--format", "checkstyle", currentDirectory: folder)
      try #require(checkstyle.status == 1, "\(checkstyle.stderr)")
      let document = try XMLDocument(data: Data(checkstyle.stdout.utf8), options: [])
      let files = try document.nodes(forXPath: "/checkstyle/file")
      #expect(files.count == 1)
      #expect((files[0] as? XMLElement)?.attribute(forName: "name")?.stringValue == "clip.json")
      let errors = try document.nodes(forXPath: "/checkstyle/file/error").compactMap { $0 as? XMLElement }
      #expect(errors.count == 4)
      let finding = try #require(errors.first { $0.attribute(forName: "source")?.stringValue == "offscreen-sim.rounded-clip" })
      #expect(finding.attribute(forName: "line")?.stringValue == "2")
      #expect(finding.attribute(forName: "column")?.stringValue == "3")
      #expect(finding.attribute(forName: "severity")?.stringValue == "warning")
      #expect(finding.attribute(forName: "message")?.stringValue?.hasPrefix("root/\(hostile): rounded-clip appeared") == true)

      let junit = ToolRun.run("compare", "plain.json", "clip.json", "--format", "junit", currentDirectory: folder)
      try #require(junit.status == 1)
      let tests = try XMLDocument(data: Data(junit.stdout.utf8), options: [])
      let root = try #require(tests.rootElement())
      // Seven default gates, three worse (see the suite's comment); the finding is a warning.
      #expect(root.attribute(forName: "tests")?.stringValue == "7")
      #expect(root.attribute(forName: "failures")?.stringValue == "3")
      #expect(try tests.nodes(forXPath: "//testcase").count == 7)
      #expect(try tests.nodes(forXPath: "//failure").count == 3)
    }
  #endif

  @Test func githubAnnotationsCarryTheLineAlsoAfterAMerge() throws {
    let folder = try folder()
    let direct = ToolRun.run("compare", "plain.json", "clip.json", "--format", "github", currentDirectory: folder)
    #expect(direct.status == 1)
    let expected = "::warning file=clip.json,line=2,col=3,title=offscreen-sim%3A rounded-clip::root/card: rounded-clip appeared"
    #expect(direct.stdout.split(separator: "\n").contains { $0.hasPrefix(expected) })
    #expect(direct.stdout.split(separator: "\n").filter { $0.hasPrefix("::error file=clip.json,title=") }.count == 3)

    let shard = ToolRun.run(
      "compare", "plain.json", "clip.json", "--shard", "1/1", "--format", "json", currentDirectory: folder)
    let shardFile = try write(shard.stdout, to: "shard-1.json", in: folder)
    let merged = ToolRun.run("merge", shardFile, "--format", "github", currentDirectory: folder)
    #expect(merged.status == 1)
    #expect(merged.stdout == direct.stdout)

    // check's budget in the scene itself: the annotation is on the budget's key.
    let scene = Self.scene(clip: true).replacingOccurrences(
      of: "{\"version\": 1,", with: "{\"version\": 1,\n  \"budgets\": {\"maxOffscreenPassesPerFrame\": 0},")
    _ = try write(scene, to: "budgeted.json", in: folder)
    let check = ToolRun.run("check", "budgeted.json", "--format", "github", currentDirectory: folder)
    #expect(check.status == 1)
    // Line 2: two spaces, `"budgets": {` is 12 characters, so the key starts at column 15.
    #expect(
      check.stdout.hasPrefix("::error file=budgeted.json,line=2,col=15,title=offscreen-sim%3A budget maxOffscreenPassesPerFrame failed::"))
  }

  /// Every format a command offers in its help is accepted, and each reporter is offered by
  /// every command that yields findings or failures; but JUnit by `report`, whose findings set no
  /// exit code and so make no test case (docs/ci.md): its JUnit file would always be empty.
  @Test func everyReporterIsOfferedWhereFindingsOrFailuresAre() {
    for command in ["check", "compare", "report", "merge"] {
      let help = ToolRun.run(command, "--help").stdout
      for format in OutputFormat.reporters.map(\.0.rawValue) where !(command == "report" && format == "junit") {
        #expect(help.contains(format), "\(command) --help lacks \(format)")
      }
    }
    #expect(!ToolRun.run("report", "--help").stdout.contains("junit"))
    let junit = ToolRun.run("report", "-", "--format", "junit", stdin: "{}")
    #expect(junit.status == 2)
    #expect(junit.stderr.contains("unknown format 'junit'"))
  }
}
