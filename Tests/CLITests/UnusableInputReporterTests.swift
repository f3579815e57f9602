import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A run that could not use one of its inputs exits 2, and every output says so: no report
/// reads green on a failed run (a JUnit check run, code scanning, a merge request's Code Quality
/// widget, a pull-request comment).
///
/// The folder holds two scenes with budgets that pass and one file that is not JSON: `broken.json`
/// is `{"version": 1,` and a line break, so the reader stops at the end of the file, line 2,
/// column 1 (counted by hand). The good scenes' budget (no offscreen pass) holds: a plain layer
/// takes none (DOMAIN.md).
@Suite("Reporters: an unusable input is a failed result")
struct UnusableInputReporterTests {
  static let good = """
    {"version": 1, "device": "iphone-7", "budgets": {"maxOffscreenPassesPerFrame": 0},
     "root": {"id": "root", "frame": [0, 0, 375, 667], "backgroundColor": "#FFFFFF"}}
    """

  func folder() throws -> String {
    let folder = try temporaryFolder()
    _ = try write(Self.good, to: "a.json", in: folder)
    _ = try write(Self.good, to: "b.json", in: folder)
    _ = try write("{\"version\": 1,\n", to: "broken.json", in: folder)
    return folder
  }

  func check(_ format: String) throws -> ToolRun {
    let run = ToolRun.run("check", ".", "--format", format, currentDirectory: try folder())
    #expect(run.status == 2, "\(format): \(run.stderr)")
    return run
  }

  /// Text: the two budgets passed, and the total counts the unusable file.
  @Test func textCountsTheUnusableInput() throws {
    let run = try check("text")
    #expect(run.stdout.hasSuffix("2 passed, 0 failed, 1 unusable\n"))
    #expect(run.stderr.contains("broken.json:2:1: error: invalid JSON"))
  }

  /// Markdown: the heading and the verdict say failed, the file is listed.
  @Test func markdownSaysFailed() throws {
    let run = try check("markdown")
    #expect(run.stdout.hasPrefix("### offscreen-sim check: 1 input could not be used"))
    #expect(run.stdout.contains("- `./broken.json`: "))
    #expect(run.stdout.contains("**Verdict: failed.** 2 passed, 0 failed, 1 unusable."))
  }

  /// JSON: `errors` lists the file with the reader's place; a passing run lists none.
  @Test func jsonListsTheError() throws {
    let run = try check("json")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let errors = try #require(document["errors"] as? [[String: Any]])
    #expect(errors.count == 1)
    #expect(errors.first?["file"] as? String == "./broken.json")
    let problems = try #require(errors.first?["problems"] as? [[String: Any]])
    #expect(problems.first?["line"] as? Int == 2)
    #expect(problems.first?["column"] as? Int == 1)
    #expect(document["passed"] as? Int == 2)

    let clean = ToolRun.run("check", "a.json", "--format", "json", currentDirectory: try folder())
    #expect(clean.status == 0)
    let cleanDocument = try #require(try JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [String: Any])
    #expect((cleanDocument["errors"] as? [Any])?.isEmpty == true)
  }

  /// Xcode lines: one error on the file at the reader's place.
  @Test func xcodeLinePointsAtTheProblem() throws {
    let run = try check("xcode")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("./broken.json:2:1: error: ./broken.json: invalid JSON: ") == true)
    #expect(lines.first?.hasSuffix(" [input-error]") == true)
  }

  /// GitHub annotations: one `::error` on the file and place, printed once (the reporter's, not
  /// also the input error's own annotation) inside a GitHub Actions job.
  @Test func githubAnnotatesOnce() throws {
    let run = ToolRun.run("check", ".", "--format", "github", environment: ["GITHUB_ACTIONS": "true"], currentDirectory: try folder())
    #expect(run.status == 2)
    let annotations = (run.stdout + run.stderr).split(separator: "\n").filter { $0.hasPrefix("::error") }
    #expect(annotations.count == 1)
    #expect(annotations.first?.hasPrefix("::error file=./broken.json,line=2,col=1,") == true)
  }

  /// SARIF: a result of level error, and the invocation marked unsuccessful with a notification.
  @Test func sarifMarksTheRunUnsuccessful() throws {
    let run = try check("sarif")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let first = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(first["results"] as? [[String: Any]])
    #expect(results.count == 1)
    #expect(results.first?["level"] as? String == "error")
    #expect(results.first?["ruleId"] as? String == "input-error")
    let invocation = try #require((first["invocations"] as? [[String: Any]])?.first)
    #expect(invocation["executionSuccessful"] as? Bool == false)
    #expect((invocation["toolExecutionNotifications"] as? [Any])?.count == 1)
  }

  /// Code Quality: one issue on the file's line 2.
  @Test func codeQualityHasAnIssue() throws {
    let run = try check("codequality")
    let issues = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    #expect(issues.count == 1)
    #expect(issues.first?["check_name"] as? String == "input-error")
    #expect(((issues.first?["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int == 2)
  }

  #if canImport(FoundationXML) || os(macOS)
    /// JUnit: the two budgets pass, the file is a test case in error; Checkstyle: an error on the
    /// file.
    @Test func junitAndCheckstyleCarryTheError() throws {
      let junit = try check("junit")
      let tests = try XMLDocument(data: Data(junit.stdout.utf8), options: [])
      let root = try #require(tests.rootElement())
      #expect(root.attribute(forName: "tests")?.stringValue == "3")
      #expect(root.attribute(forName: "failures")?.stringValue == "0")
      #expect(root.attribute(forName: "errors")?.stringValue == "1")
      #expect(try tests.nodes(forXPath: "//testcase/error").count == 1)

      let checkstyle = try check("checkstyle")
      let document = try XMLDocument(data: Data(checkstyle.stdout.utf8), options: [])
      let errors = try document.nodes(forXPath: "/checkstyle/file[@name='./broken.json']/error").compactMap { $0 as? XMLElement }
      #expect(errors.count == 1)
      #expect(errors.first?.attribute(forName: "severity")?.stringValue == "error")
      #expect(errors.first?.attribute(forName: "line")?.stringValue == "2")
    }
  #endif

  /// Compare with an unusable side: JSON says failed with the error, JUnit has it in error.
  @Test func compareCarriesTheError() throws {
    let folder = try folder()
    let json = ToolRun.run("compare", "a.json", "broken.json", "--format", "json", currentDirectory: folder)
    #expect(json.status == 2)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(document["failed"] as? Bool == true)
    #expect((document["errors"] as? [[String: Any]])?.first?["file"] as? String == "broken.json")
    let junit = ToolRun.run("compare", "a.json", "broken.json", "--format", "junit", currentDirectory: folder)
    #expect(junit.status == 2)
    #expect(junit.stdout.contains("errors=\"1\""))
    #expect(junit.stdout.contains("<error type=\"error\""))
  }

  /// Shards and their merge: the merged text counts the unusable file and exits 2.
  @Test func mergeKeepsTheError() throws {
    let folder = try folder()
    // The parts go elsewhere: in the folder, the second shard would count the first's part as
    // an input of its own.
    let elsewhere = try temporaryFolder()
    var parts: [String] = []
    for shard in 1...2 {
      let run = ToolRun.run("check", ".", "--shard", "\(shard)/2", "--format", "json", currentDirectory: folder)
      let path = elsewhere + "/part\(shard).json"
      try Data(run.stdout.utf8).write(to: URL(fileURLWithPath: path))
      parts.append(path)
    }
    let merged = ToolRun.callAsFunction(["merge"] + parts, currentDirectory: folder)
    #expect(merged.status == 2)
    #expect(merged.stdout.hasSuffix("2 passed, 0 failed, 1 unusable\n"))
  }
}
