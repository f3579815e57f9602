import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// `merge` decides every budget again from the `found` and `expected` a shard wrote, and reads
/// only the document versions it writes: a forged `passed`, or a document of a version this tool
/// does not know, does not turn into a green run.
@Suite("merge: verdicts decided again, versions checked")
struct MergeVerdictTests {
  /// One clipped card with a budget of no offscreen pass: its one pass fails it (CIScenes.card's
  /// comment), so the honest run exits 1.
  static func shard() throws -> (folder: String, text: String) {
    let folder = try temporaryFolder()
    let budgets = #""budgets": { "maxOffscreenPassesPerFrame": 0 },"#
    _ = try write(CIScenes.card(clip: true, extra: budgets), to: "card.json", in: folder)
    let run = ToolRun.run("check", folder, "--shard", "1/1", "--format", "json")
    #expect(run.status == 1)
    return (folder, run.stdout)
  }

  @Test func aForgedPassIsDecidedAgain() throws {
    let (folder, text) = try Self.shard()
    #expect(text.contains(#""passed": false"#))
    // found 1e308 against expected 0, with `passed` claiming otherwise.
    let forged = text.replacingOccurrences(of: #""found": 1,"#, with: #""found": 1e308,"#)
      .replacingOccurrences(of: #""passed": false"#, with: #""passed": true"#)
    #expect(forged.contains("1e308"))
    let path = try write(forged, to: "forged.json", in: folder + "-parts")
    let merged = ToolRun.callAsFunction(["merge", path])
    #expect(merged.status == 1, "\(merged.stdout)\(merged.stderr)")
    #expect(merged.stdout.hasSuffix("0 passed, 1 failed\n"))
  }

  @Test func anUnknownVersionIsRefusedAtItsPlace() throws {
    let (folder, text) = try Self.shard()
    let forged = text.replacingOccurrences(of: #""checkVersion": 1"#, with: #""checkVersion": 2"#)
    let path = try write(forged, to: "v2.json", in: folder + "-parts")
    let merged = ToolRun.callAsFunction(["merge", path])
    #expect(merged.status == 2)
    #expect(merged.stdout.isEmpty)
    // `checkVersion` is the document's first member: line 2, column 19 (after `  "checkVersion": `).
    #expect(merged.stderr.contains("v2.json:2:19: error: "), "\(merged.stderr)")
    #expect(merged.stderr.contains("checkVersion 2 is not one this tool reads (it writes and reads 1)"))
  }
}
