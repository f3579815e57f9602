import Foundation
import TestSupport
import Testing

/// docs/report-format.md opens with what `offscreen-sim report scenes/timeline-cell.json --format
/// json` prints, with the scene's description elided and one element of each long list kept
/// (the first frame, finding and backing store). The test holds the document's first `json`
/// block to the tool's output trimmed that way; `OFFSCREEN_SIM_RECORD=1 swift test --filter
/// ReportFormatDocsTests` writes it again (``Recording``).
@Suite("Report format document")
struct ReportFormatDocsTests {
  static let docPath = packageRoot.appendingPathComponent("docs/report-format.md")
  /// The sentence that names the command, and the block after it.
  static let lead = "From `offscreen-sim report scenes/timeline-cell.json --format json`"
  static let opening = "```json\n"
  static let closing = "\n```"
  /// The lists of which the example keeps one element.
  static let trimmed = ["frames", "findings", "backingStores"]

  /// `report`'s JSON with the description elided and each list of ``trimmed`` cut to its first
  /// element, line by line as the tool writes it (two spaces a level).
  static func example(_ json: String) -> String {
    let lines = json.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var kept: [String] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      index += 1
      if line.hasPrefix("    \"description\": ") {
        kept.append("    \"description\": \"...\",")
        continue
      }
      kept.append(line)
      guard trimmed.contains(where: { line == "  \"\($0)\": [" }) else { continue }
      // The first element, up to its closing brace at the list's depth; then the list's end.
      while index < lines.count, lines[index] != "    }," && lines[index] != "    }" {
        kept.append(lines[index])
        index += 1
      }
      kept.append("    }")
      while index < lines.count, !lines[index].hasPrefix("  ]") { index += 1 }
    }
    while kept.last == "" { kept.removeLast() }
    return kept.joined(separator: "\n")
  }

  /// The document with the block after ``lead`` replaced by `block`; nil without the sentence or
  /// the block.
  static func regenerated(_ document: String, block: String) -> String? {
    guard let sentence = document.range(of: lead), let start = document.range(of: opening, range: sentence.upperBound..<document.endIndex),
      let end = document.range(of: closing, range: start.upperBound..<document.endIndex)
    else { return nil }
    return String(document[..<start.upperBound]) + block + String(document[end.lowerBound...])
  }

  @Test func theExampleIsWhatTheCommandPrints() throws {
    let run = ToolRun.run("report", "scenes/timeline-cell.json", "--format", "json", currentDirectory: packageRoot.path)
    #expect(run.status == 0, "\(run.stderr)")
    let block = Self.example(run.stdout)
    // Still JSON, with one element of each trimmed list (of the one frame, the findings and backing
    // stores the scene has) and every top-level key the tool writes.
    let object = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
    let full = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    for list in Self.trimmed {
      #expect((object[list] as? [Any])?.count == 1, "\(list)")
      #expect(((full[list] as? [Any])?.count ?? 0) >= 1, "\(list)")
    }
    #expect(Set(object.keys) == Set(full.keys))
    let document = try String(contentsOf: Self.docPath, encoding: .utf8)
    let expected = try #require(Self.regenerated(document, block: block), "docs/report-format.md lacks its example")
    if let failure = HeldFile.check(expected, file: Self.docPath, name: "docs/report-format.md", filter: "ReportFormatDocsTests") {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// The trimming on a small report written by hand: the description elided, a three-frame list
  /// cut to its first frame, a one-element list and the keys after the lists kept.
  @Test func theTrimmingKeepsTheFirstElementOfEachList() {
    let json = """
      {
        "scene": {
          "file": "a.json",
          "description": "long text",
          "iosVersion": "9.3"
        },
        "frames": [
          {
            "index": 0
          },
          {
            "index": 1
          },
          {
            "index": 2
          }
        ],
        "findings": [
          {
            "rule": "mask"
          }
        ],
        "lists": null
      }

      """
    let expected = """
      {
        "scene": {
          "file": "a.json",
          "description": "...",
          "iosVersion": "9.3"
        },
        "frames": [
          {
            "index": 0
          }
        ],
        "findings": [
          {
            "rule": "mask"
          }
        ],
        "lists": null
      }
      """
    #expect(Self.example(json) == expected)
  }
}
