import Foundation
import Testing

@testable import LayerTree

/// The package's folder, from this file's place in it.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The fuzzing dictionary (Tests/Fuzz/scene.dict) is the one generated from the description, so
/// the fuzzer can reach each key's reader. Set OFFSCREEN_SIM_RECORD_FORMAT=1 to rewrite it.
@Suite("Fuzz dictionary")
struct FuzzDictionaryTests {
  static let url = packageRoot.appendingPathComponent("Tests/Fuzz/scene.dict")

  @Test func theDictionaryIsTheGeneratedOne() throws {
    let generated = FuzzDictionary.rendered()
    if ProcessInfo.processInfo.environment["OFFSCREEN_SIM_RECORD_FORMAT"] == "1" { try Data(generated.utf8).write(to: Self.url) }
    let file = try String(contentsOf: Self.url, encoding: .utf8)
    #expect(file == generated, "Tests/Fuzz/scene.dict differs from the description; rerun with OFFSCREEN_SIM_RECORD_FORMAT=1")
  }

  @Test func everyKeyOfEveryKindIsInTheDictionary() throws {
    let entries = Set(try String(contentsOf: Self.url, encoding: .utf8).split(separator: "\n").map(String.init))
    for kind in SceneFormat.standard.kinds {
      for key in kind.names {
        #expect(entries.contains(#""\"\#(key)\":""#), "scene.dict lacks the \(kind.name) key \(key)")
      }
    }
  }

  /// A key added to the description alone reaches the dictionary, with the names it takes.
  @Test func aKeyAddedToTheDescriptionIsInTheDictionary() {
    var format = SceneFormat.standard
    format.layer.keys.append(FormatKey("cornerStyle", .choice(["squircle", "notch"]), doc: "A key only this test has."))
    let lines = FuzzDictionary.rendered(format).split(separator: "\n")
    #expect(lines.contains(#""\"cornerStyle\":""#))
    #expect(lines.contains(#""\"squircle\"""#) && lines.contains(#""\"notch\"""#))
    #expect(!FuzzDictionary.rendered().contains("cornerStyle"))
  }
}
