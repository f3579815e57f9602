import Foundation
import TestSupport
import Testing

/// `explain` and `optimize` simulate the fixes they measure on several threads: what they print
/// and write is the same, byte for byte, whatever `--jobs` is.
@Suite("explain and optimize at any --jobs")
struct ExplainJobsTests {
  static let scenes = ["qqmusic-home-v1.json", "timeline-cell.json", "mail-cell-composite.json"]

  static func run(_ arguments: [String]) -> ToolRun {
    ToolRun.callAsFunction(arguments, currentDirectory: packageRoot.path)
  }

  @Test(arguments: scenes)
  func explainIsTheSameOnOneJobAndTwo(_ scene: String) {
    for format in ["text", "json"] {
      let one = Self.run(["explain", "scenes/" + scene, "--format", format, "--jobs", "1"])
      let two = Self.run(["explain", "scenes/" + scene, "--format", format, "--jobs", "2"])
      #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
      #expect(!one.stdout.isEmpty)
      #expect(Array(one.stdout.utf8) == Array(two.stdout.utf8), "\(scene) --format \(format)")
    }
  }

  @Test(arguments: scenes)
  func optimizeIsTheSameOnOneJobAndTwo(_ scene: String) {
    let one = Self.run(["optimize", "scenes/" + scene, "-o", "-", "--jobs", "1"])
    let two = Self.run(["optimize", "scenes/" + scene, "-o", "-", "--jobs", "2"])
    #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
    #expect(Array(one.stdout.utf8) == Array(two.stdout.utf8))
    #expect(one.stderr == two.stderr)
  }
}
