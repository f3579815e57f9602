import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// `offscreen-sim measurements from-xcresult`: xcresulttool's metrics JSON as a case of a
/// measurements file (docs/calibration.md, "How to measure"). The fixture's shape and names are
/// the public ones its README cites; its numbers are made up, so the expected figures are worked
/// out here by hand from them.
@Suite("measurements from-xcresult")
struct MeasurementsCommandTests {
  static let metrics = packageRoot.appendingPathComponent("Tests/Fixtures/xcresult/feed-scroll-metrics.json").path
  static let bad = packageRoot.appendingPathComponent("Tests/Fixtures/xcresult/bad-metrics.json").path
  static let scene = packageRoot.appendingPathComponent("scenes/feed-list-fast-scroll.json").path

  static func convert(_ extra: [String], in folder: String) -> ToolRun {
    ToolRun.callAsFunction(
      ["measurements", "from-xcresult", metrics, "--case", "feed", "--scene", scene, "--device", "iphone-6"] + extra,
      currentDirectory: folder)
  }

  /// The mean and sample standard deviation, by hand: frame rates 52.1, 49.8, 51.5, 50.2, 53.4 sum
  /// to 257 (mean 51.4); the squared deviations 0.49 + 2.56 + 0.01 + 1.44 + 4 = 8.5, over 4 is
  /// 2.125, whose root is 1.4577.
  @Test func meanAndDeviation() {
    let (mean, deviation) = XcresultConversion.meanAndDeviation([52.1, 49.8, 51.5, 50.2, 53.4])
    #expect(abs(mean - 51.4) < 1e-9)
    #expect(abs((deviation ?? 0) - 2.125.squareRoot()) < 1e-9)
    #expect(XcresultConversion.meanAndDeviation([3]).deviation == nil, "one iteration has no spread")
  }

  /// The converted file is one validate reads, with the three scroll figures and their
  /// tolerances (hitches 4, 5, 4, 5, 3: mean 4.2, squared deviations 0.04 + 0.64 + 0.04 + 0.64 +
  /// 1.44 = 2.8, over 4 is 0.7, root 0.8367, written rounded up to 0.837), memory left out of the
  /// figures and named in the note.
  @Test func aConvertedFileValidateReads() throws {
    let folder = try temporaryFolder()
    let run = Self.convert(["-o", "m.json"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/m.json")))
    let file = try MeasurementsReader.read(bytes, devices: DeviceCatalogue.all.map(\.id))
    let measured = try #require(file.cases.first)
    #expect(measured.id == "feed" && measured.device == .catalogue("iphone-6") && measured.ios == "12.5.7")
    let figures = Dictionary(uniqueKeysWithValues: measured.figures.map { ($0.metric, $0.bound) })
    #expect(figures["fps"] == .value(51.4, tolerance: 1.458))
    #expect(figures["hitches"] == .value(4.2, tolerance: 0.837))
    #expect(figures["memoryBytes.total"] == nil, "the process's memory is not the scene's")
    #expect(measured.note.contains("48265 kB"), "the peak's mean, (48211.2 + 48302.5 + 48199.9 + 48350.1 + 48260) / 5")
    #expect(measured.method.contains("5 iterations") && measured.method.contains("Scroll_Deceleration"))
    // The scene's path is relative to the file's folder, so validate finds it from anywhere.
    let validate = ToolRun.callAsFunction(["validate", folder + "/m.json"], currentDirectory: "/")
    #expect(validate.status == 0 || validate.status == 1, "validate read the file: \(validate.stderr)")
    #expect(validate.stdout.contains("feed  "))
  }

  /// With -o naming an existing file, the case is added to it; the same id again is refused and
  /// the file left as it was.
  @Test func appendsToAnExistingFile() throws {
    let folder = try temporaryFolder()
    #expect(Self.convert(["-o", "m.json"], in: folder).status == 0)
    let second = ToolRun.callAsFunction(
      [
        "measurements", "from-xcresult", Self.metrics, "--case", "feed-again", "--scene", Self.scene, "--device", "iphone-6", "-o",
        "m.json",
      ],
      currentDirectory: folder)
    #expect(second.status == 0, "\(second.stderr)")
    let path = URL(fileURLWithPath: folder + "/m.json")
    let file = try MeasurementsReader.read([UInt8](try Data(contentsOf: path)), devices: DeviceCatalogue.all.map(\.id))
    #expect(file.cases.map(\.id) == ["feed", "feed-again"])
    let before = try Data(contentsOf: path)
    let again = Self.convert(["-o", "m.json"], in: folder)
    #expect(again.status == 2)
    #expect(again.stderr.contains("m.json:") && again.stderr.contains("the case id \"feed\" is already in the file"))
    #expect(try Data(contentsOf: path) == before)
  }

  /// Every problem of a bad input, each with its file, line:column and JSON path; exit 2.
  @Test func badInputsExitTwoWithTheirPlace() throws {
    let folder = try temporaryFolder()
    let run = ToolRun.callAsFunction(
      ["measurements", "from-xcresult", Self.bad, "--case", "x", "--scene", Self.scene, "--device", "iphone-6"], currentDirectory: folder)
    #expect(run.status == 2)
    for expected in [
      "bad-metrics.json:6:60: error: [0].testRuns[0].device.osVersion: expected a string",
      "bad-metrics.json:11:36: error: [0].testRuns[0].metrics[0].measurements[1]: expected a finite number, found \"fast\"",
      "[0].testRuns[0].metrics[1]: missing `unitOfMeasurement`",
      "[0].testRuns[0].metrics[1].measurements: expected a non-empty array of numbers",
      "4 problems found; no case was written",
    ] {
      #expect(run.stderr.contains(expected), "\(expected)\n\(run.stderr)")
    }
    // Not JSON, and JSON of another shape.
    try Data("{\"tests\": [".utf8).write(to: URL(fileURLWithPath: folder + "/broken.json"))
    try Data("{\"tests\": []}".utf8).write(to: URL(fileURLWithPath: folder + "/object.json"))
    for (name, expected) in [("broken.json", "broken.json:1:"), ("object.json", "object.json:1:1: error: expected an array of tests")] {
      let other = ToolRun.callAsFunction(
        ["measurements", "from-xcresult", name, "--case", "x", "--scene", Self.scene, "--device", "iphone-6"], currentDirectory: folder)
      #expect(other.status == 2)
      #expect(other.stderr.contains(expected), "\(other.stderr)")
    }
  }

  /// The scene is checked before anything is written (`--help`: "checked as validate reads
  /// it"): one that is not there, or that is no scene, is an error naming it, and no file is made.
  @Test func theSceneIsCheckedFirst() throws {
    let folder = try temporaryFolder()
    let missing = ToolRun.callAsFunction(
      ["measurements", "from-xcresult", Self.metrics, "--case", "feed", "--scene", "nope.json", "--device", "iphone-6", "-o", "m.json"],
      currentDirectory: folder)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("nope.json: error: no such file (--scene); no case was written"), "\(missing.stderr)")
    try Data(#"{"version": 1}"#.utf8).write(to: URL(fileURLWithPath: folder + "/empty.json"))
    let invalid = ToolRun.callAsFunction(
      ["measurements", "from-xcresult", Self.metrics, "--case", "feed", "--scene", "empty.json", "--device", "iphone-6", "-o", "m.json"],
      currentDirectory: folder)
    #expect(invalid.status == 2)
    #expect(invalid.stderr.contains("empty.json"), "\(invalid.stderr)")
    #expect(invalid.stderr.contains("no case was written"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/m.json"))
  }

  /// Measurements each finite whose mean overflows (1e308 twice: their sum is infinite) are
  /// refused at the metric, not written as a case that reads `null`.
  @Test func anOverflowingMeanIsRefusedAtItsMetric() throws {
    let folder = try temporaryFolder()
    let text = try String(contentsOfFile: Self.metrics, encoding: .utf8)
      .replacingOccurrences(of: "[52.1, 49.8, 51.5, 50.2, 53.4]", with: "[1e308, 1e308]")
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/huge.json"))
    let run = ToolRun.callAsFunction(
      ["measurements", "from-xcresult", "huge.json", "--case", "feed", "--scene", Self.scene, "--device", "iphone-6"],
      currentDirectory: folder)
    #expect(run.status == 2)
    #expect(run.stderr.contains("huge.json:"), "\(run.stderr)")
    #expect(run.stderr.contains(".measurements: expected measurements whose mean and spread are finite numbers"), "\(run.stderr)")
  }

  /// A signpost, test or run the file does not hold is an input error naming what it does hold.
  @Test func selectionsTheFileDoesNotHold() throws {
    let folder = try temporaryFolder()
    let signpost = Self.convert(["--signpost", "Scroll_Dragging"], in: folder)
    #expect(signpost.status == 2)
    #expect(signpost.stderr.contains("[0].testRuns[0].metrics") && signpost.stderr.contains("its signposts: Scroll_Deceleration"))
    let test = Self.convert(["--test", "Other/testOther()"], in: folder)
    #expect(test.status == 2 && test.stderr.contains("no test \"Other/testOther()\""))
    let run = Self.convert(["--run", "1"], in: folder)
    #expect(run.status == 2 && run.stderr.contains("the test has 1 run"))
  }
}
