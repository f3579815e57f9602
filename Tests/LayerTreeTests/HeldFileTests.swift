import Foundation
import TestSupport
import Testing

/// The one record switch and the one comparison the tests that hold a file share
/// (Tests/TestSupport/HeldFile.swift). Expected values follow from the documented rule: unset or
/// empty compares, `1` records, anything else is reported; a recording writes and fails once.
@Suite("Held files and the record switch")
struct HeldFileTests {
  @Test func theSwitchReadsOneValue() {
    #expect(Recording.variable == "OFFSCREEN_SIM_RECORD")
    #expect(Recording.mode(nil) == .compare)
    #expect(Recording.mode("") == .compare)
    #expect(Recording.mode("1") == .record)
    #expect(Recording.mode("true") == .invalid("true"))
    #expect(Recording.mode("0") == .invalid("0"))
  }

  static func scratch() throws -> URL {
    URL(fileURLWithPath: try temporaryFolder()).appendingPathComponent("out/file.txt")
  }

  @Test func comparingNamesTheFirstLineThatDiffers() throws {
    let url = try Self.scratch()
    // No file yet: the message says how to record it.
    let missing = HeldFile.check("a\n", file: url, name: "the file", filter: "X", mode: .compare)
    #expect(missing == "the file does not exist; record it with OFFSCREEN_SIM_RECORD=1 swift test --filter X")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("a\nb\nc\n".utf8).write(to: url)
    #expect(HeldFile.check("a\nb\nc\n", file: url, name: "the file", filter: "X", mode: .compare) == nil)
    // Line 2 differs ("B" against "b"), counted from 1.
    let changed = try #require(HeldFile.check("a\nB\nc\n", file: url, name: "the file", filter: "X", mode: .compare))
    #expect(changed.hasPrefix("the file differs from line 2:\n  expected: b\n  actual:   B\n"))
    #expect(changed.hasSuffix("record it with OFFSCREEN_SIM_RECORD=1 swift test --filter X."))
    // A shorter output ends where the file goes on.
    #expect(HeldFile.firstDifference("a\nb", "a\nb\nc") == 2)
    #expect(HeldFile.firstDifference("a", "a") == nil)
    // Comparing never writes.
    #expect(try String(contentsOf: url, encoding: .utf8) == "a\nb\nc\n")
  }

  @Test func recordingWritesAndFailsOnce() throws {
    let url = try Self.scratch()
    let first = HeldFile.check("new\n", file: url, name: "the file", filter: "X", mode: .record)
    #expect(first == "recorded the file; run again without OFFSCREEN_SIM_RECORD")
    #expect(try String(contentsOf: url, encoding: .utf8) == "new\n")
    // Recorded again with nothing changed: nothing to report.
    #expect(HeldFile.check("new\n", file: url, name: "the file", filter: "X", mode: .record) == nil)
    // Any other value of the switch is a mistake, reported, and writes nothing.
    let invalid = HeldFile.check("other\n", file: url, name: "the file", filter: "X", mode: .invalid("yes"))
    #expect(invalid == "OFFSCREEN_SIM_RECORD is `yes`: set it to 1 to record the file, or unset it to compare")
    #expect(try String(contentsOf: url, encoding: .utf8) == "new\n")
  }
}
