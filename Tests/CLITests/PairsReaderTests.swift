import LayerTree
import SceneBatch
import TestSupport
import Testing

/// `compare --pairs`: the pairs file's reader, every problem reported at its JSON path.
@Suite("Pairs files")
struct PairsReaderTests {
  static let devices = TestDevices.screens

  static let gates = ["gpuMs.p95", "fps", "findings"]

  @Test func aPairsFile() throws {
    let pairs = try PairsDecoder.decode(
      Array(
        """
        [
          { "before": "a.json", "after": "b.json" },
          { "before": "c.json", "after": "d.json", "devices": ["iphone-6"], "gate": ["fps", "findings"], "note": "why" }
        ]
        """.utf8), devices: Array(Self.devices.keys), gates: Self.gates)
    #expect(pairs.map(\.before) == ["a.json", "c.json"])
    #expect(pairs[0].devices == nil && pairs[0].gate == nil)
    #expect(pairs[1].devices == ["iphone-6"])
    #expect(pairs[1].gate == ["fps", "findings"])
  }

  @Test func pairsFileProblemsAreAllReported() {
    do {
      _ = try PairsDecoder.decode(
        Array(
          """
          [
            { "before": "a.json" },
            { "before": "c.json", "after": "d.json", "gate": ["gpuMs.p59"], "device": ["iphone-6"] }
          ]
          """.utf8), devices: Array(Self.devices.keys), gates: Self.gates)
      Issue.record("expected problems")
    } catch {
      #expect(error.diagnostics.map(\.path) == ["[0]", "[1].gate[0]", "[1].device"])
      #expect(error.diagnostics[1].notes.first == "did you mean \"gpuMs.p95\"?")
      #expect(error.diagnostics[2].notes.first == "did you mean `devices`?")
    }
  }
}
