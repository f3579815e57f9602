import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// What `render`, `chart` and `report --html` say when they cannot do what was asked: a clear
/// message and exit code 2.
@Suite("pictures: errors")
struct PictureErrorTests {
  let scene = RenderTests.offscreenScene

  @Test func missingOutputIsAUsageError() {
    for command in ["render", "chart"] {
      let run = ToolRun.run(command, "-", stdin: scene)
      #expect(run.status == 2, "\(command)")
      #expect(run.stderr.contains("missing -o <file>: where to write the"), "\(command)")
      #expect(run.stderr.contains("Usage: offscreen-sim \(command)"), "\(command)")
    }
    let empty = ToolRun.run("render", "-", "-o", "", stdin: scene)
    #expect(empty.status == 2)
    #expect(empty.stderr.contains("-o needs a file name"))
  }

  @Test func unwritableOutputNamesThePathAndTheReason() throws {
    let missingFolder = "/nonexistent-offscreen-sim/out.svg"
    for arguments in [
      ["render", "-", "-o", missingFolder], ["chart", "-", "-o", missingFolder], ["report", "-", "--html", missingFolder],
    ] {
      let run = ToolRun.callAsFunction(arguments, stdin: scene)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr.contains("\(missingFolder): error: cannot write the file: the folder /nonexistent-offscreen-sim does not exist"))
    }
    let folder = try temporaryFolder()
    let intoFolder = ToolRun.run("render", "-", "-o", folder, stdin: scene)
    #expect(intoFolder.status == 2)
    #expect(intoFolder.stderr.contains("\(folder): error: is a directory"))
    // A file that is not writable (root may write anyway; then the write simply succeeds).
    let locked = folder + "/locked.svg"
    _ = FileManager.default.createFile(atPath: locked, contents: Data(), attributes: [.posixPermissions: 0o444])
    if !FileManager.default.isWritableFile(atPath: locked) {
      let run = ToolRun.run("render", "-", "-o", locked, stdin: scene)
      #expect(run.status == 2)
      #expect(run.stderr.contains("permission denied"))
    }
  }

  /// A frame past the last is an error that names the range; nothing is written.
  @Test func frameOutOfRangeIsAnError() throws {
    let folder = try temporaryFolder()
    let output = folder + "/out.svg"
    let run = ToolRun.run("render", "-", "--frame", "1", "-o", output, stdin: scene)
    #expect(run.status == 2)
    #expect(run.stderr.contains("frame 1 is out of range: <stdin> has 1 frame (0 to 0)"))
    #expect(!FileManager.default.fileExists(atPath: output))
    let timeline = ToolRun.run("render", "-", "--frame", "30", "-o", output, stdin: RenderTests.rasterScene)
    #expect(timeline.stderr.contains("frame 30 is out of range: <stdin> has 30 frames (0 to 29)"))
    for bad in ["-1", "x", "1.5", "last"] {
      let run = ToolRun.run("render", "-", "--frame", bad, "-o", output, stdin: scene)
      #expect(run.status == 2, "\(bad)")
      #expect(run.stderr.contains("--frame expects a frame number from 0 or 'worst', found '\(bad)'"), "\(bad)")
    }
  }

  @Test func unknownOverlaySuggestsTheNearest() {
    let run = ToolRun.run("render", "-", "--overlay", "ofscreen", "-o", "-", stdin: scene)
    #expect(run.status == 2)
    #expect(run.stderr.contains("unknown overlay 'ofscreen'; did you mean 'offscreen'?"))
    #expect(run.stderr.contains("blended, offscreen, raster, misaligned, all"))
    let list = ToolRun.run("render", "-", "--overlay", "offscreen,", "-o", "-", stdin: scene)
    #expect(list.status == 2)
  }

  @Test func chartTakesOneOrTwoScenes() {
    let none = ToolRun.run("chart", "-o", "-")
    #expect(none.status == 2)
    #expect(none.stderr.contains("missing the scene file to chart"))
    let three = ToolRun.run("chart", "a.json", "b.json", "c.json", "-o", "-")
    #expect(three.stderr.contains("expected one scene file, or two to compare, found 3"))
    let twoStdin = ToolRun.run("chart", "-", "-", "-o", "-")
    #expect(twoStdin.stderr.contains("only one of the scenes can be read from standard input"))
    let missing = ToolRun.run("chart", "/nonexistent/scene.json", "-o", "-")
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("/nonexistent/scene.json: error: no such file"))
  }

  @Test func helpDescribesTheOptions() {
    let render = ToolRun.run("render", "--help")
    #expect(render.status == 0)
    for option in ["-o, --output", "--frame <n|worst>", "--overlay", "offscreen", "raster", "blended", "misaligned", "all", "--device"] {
      #expect(render.stdout.contains(option), "\(option)")
    }
    let chart = ToolRun.run("chart", "--help")
    #expect(chart.stdout.contains("<after.json>"))
    #expect(chart.stdout.contains("16.67 ms at 60 Hz, 8.33 ms at 120 Hz"))
    let report = ToolRun.run("report", "--help")
    #expect(report.stdout.contains("--html <file>"))
  }
}
