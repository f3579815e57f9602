import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// What a new user hits in the first hour: examples that run, hints in the words they know.
@Suite("The first hour")
struct FirstHourTests {
  /// `generate --help`'s example writes a scene `report` takes under its default limits:
  /// 4,000 layers over 600 frames is about 2.4 million layer-frames, under the 3,000,000 budget.
  @Test func generatesExampleReports() throws {
    let folder = try temporaryFolder()
    let help = ToolRun.run("generate", "--help").stdout
    #expect(help.contains("offscreen-sim generate --layers 4000 --frames 600 -o feed.json"))
    let generated = ToolRun.run("generate", "--layers", "4000", "--frames", "600", "-o", "feed.json", currentDirectory: folder)
    #expect(generated.status == 0)
    #expect(generated.stderr.isEmpty, "\(generated.stderr)")
    #expect(ToolRun.run("report", "feed.json", currentDirectory: folder).status == 0)
  }

  /// A scene past the default work budget is written, with a note naming the budget and the
  /// option: 10,000 layers over 600 frames is over 6 million layer-frames.
  @Test func generateSaysWhenTheSceneIsPastTheBudget() throws {
    let folder = try temporaryFolder()
    let run = ToolRun.run("generate", "--layers", "10000", "--frames", "600", "-o", "big.json", currentDirectory: folder)
    #expect(run.status == 0)
    #expect(run.stderr.contains("the work budget of 3,000,000"), "\(run.stderr)")
    // The generator's figure is the reader's: report refuses the file naming the same work.
    #expect(run.stderr.contains("6,001,200 layer-frames (10,002 layers x 600 frames)"))
    #expect(run.stderr.contains("--work-budget 6001200"))
    let report = ToolRun.run("report", "big.json", currentDirectory: folder)
    #expect(report.status == 2)
    #expect(report.stderr.contains("6,001,200 layer-frames (10,002 layers x 600 frames at 60 Hz)"))
    #expect(ToolRun.run("report", "big.json", "--work-budget", "6001200", currentDirectory: folder).status == 0)
  }

  /// `rules` knows the image checks that reports emit.
  @Test func rulesKnowsTheImageChecks() {
    let one = ToolRun.run("rules", "scaled-image")
    #expect(one.status == 0)
    #expect(one.stdout.hasPrefix("scaled-image (image check)\n"))
    #expect(one.stdout.contains("Examples:"))
    let all = ToolRun.run("rules")
    #expect(all.stdout.contains("\nmisaligned-image (image check)\n"))
  }

  /// UIKit's words and JSON written like code get a hint in the message.
  @Test func uikitWordsGetHints() throws {
    let folder = try temporaryFolder()
    _ = try write(
      #"{"version": 1, "device": "iphone-7", "root": {"id": "r", "frame": [0, 0, 10, 10], "alpha": 0.5, "class": "UIImageView", "backgroundColor": "systemBlue"}}"#,
      to: "uikit.json", in: folder)
    let run = ToolRun.run("report", "uikit.json", currentDirectory: folder)
    #expect(run.status == 2)
    #expect(run.stderr.contains("note: `alpha` is UIKit's name; the layer's is `opacity`"))
    #expect(run.stderr.contains("note: a UIImageView is a CALayer whose contents are its image"))
    // UIColor.systemBlue's light value is (0, 122, 255) in Apple's Human Interface Guidelines.
    #expect(
      run.stderr.contains(
        "a colour name (systemBlue) is not read: write its sRGB value as \"#RRGGBB\" (systemBlue in light mode is \"#007AFF\")"))

    _ = try write("{\n  // a note\n  \"version\": 1\n}\n", to: "commented.json", in: folder)
    let commented = ToolRun.run("report", "commented.json", currentDirectory: folder)
    #expect(commented.status == 2)
    // The comment's first '/' is line 2, column 3.
    #expect(commented.stderr.contains("commented.json:2:3: error: invalid JSON: "))
    #expect(commented.stderr.contains("(a comment: JSON has none; remove it)"))
  }

  /// A mistyped tool option is matched against the tool's options.
  @Test func aMistypedVersionIsSuggested() {
    let run = ToolRun.run("--verison")
    #expect(run.status == 2)
    #expect(run.stderr.contains("unknown option '--verison'; did you mean '--version'?"))
  }
}
