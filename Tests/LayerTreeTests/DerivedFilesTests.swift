import Foundation
import TestSupport
import Testing

@testable import LayerTree

/// The fuzzing dictionary (Tests/Fuzz/scene.dict) is the one generated from the description, so
/// the fuzzer can reach each key's reader. `OFFSCREEN_SIM_RECORD=1 swift test --filter
/// FuzzDictionaryTests` rewrites it (``Recording``).
@Suite("Fuzz dictionary")
struct FuzzDictionaryTests {
  static let url = Repository.root.appendingPathComponent("Tests/Fuzz/scene.dict")

  @Test func theDictionaryIsTheGeneratedOne() throws {
    let generated = FuzzDictionary.rendered()
    if let failure = HeldFile.check(generated, file: Self.url, name: "Tests/Fuzz/scene.dict", filter: "FuzzDictionaryTests") {
      Issue.record(Comment(rawValue: failure))
    }
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
