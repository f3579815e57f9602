import Foundation
import TestSupport
import Testing

/// What the hostile-input tests check outputs with: a model of how the GitHub Actions runner
/// finds workflow commands in a step's output, of how CommonMark closes a code span, and of the
/// characters that act on a terminal.
enum RunnerModel {
  /// The commands the runner knows (actions/runner `ActionCommandManager`: `stop-commands` and
  /// its command extensions), lower case; names are matched ignoring case.
  static let commands: Set<String> = [
    "stop-commands", "set-env", "set-output", "save-state", "add-mask", "add-path", "add-matcher", "remove-matcher", "warning",
    "error", "notice", "debug", "group", "endgroup", "echo",
  ]

  /// A command as the runner would read it.
  struct Command: Equatable {
    var name: String
    var properties: [String: String]
    var data: String
  }

  /// The lines of a step's output as the runner reads them (.NET `ReadLine`: a line ends at LF,
  /// CR or CR LF).
  static func lines(_ output: String) -> [String] {
    output.replacingOccurrences(of: "\r\n", with: "\n").split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" }
      .map(String.init)
  }

  /// Removes what .NET's culture-sensitive matching skips: default-ignorable characters.
  static func withoutIgnorables(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint { result.unicodeScalars.append(scalar) }
    return result
  }

  /// Every workflow command in `output`, in either form the runner reads (`ActionCommand.cs`):
  /// `::name props::data` at the start of a line, leading white space trimmed, and `##[name
  /// props]data` anywhere in a line.
  static func commands(in output: String) -> [Command] {
    var found: [Command] = []
    for raw in lines(output) {
      let line = withoutIgnorables(String(raw.drop { $0.isWhitespace }))
      if line.hasPrefix("::"), let end = line.range(of: "::", range: line.index(line.startIndex, offsetBy: 2)..<line.endIndex) {
        let info = line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]
        let name = String(info.prefix { $0 != " " })
        if commands.contains(name.lowercased()) {
          var properties: [String: String] = [:]
          if let space = info.firstIndex(of: " ") {
            for pair in info[info.index(after: space)...].split(separator: ",") {
              let parts = pair.split(separator: "=", maxSplits: 1)
              if parts.count == 2 { properties[String(parts[0])] = unescapeProperty(String(parts[1])) }
            }
          }
          found.append(Command(name: name, properties: properties, data: unescapeData(String(line[end.upperBound...]))))
          continue
        }
      }
      if let start = line.range(of: "##["), let close = line[start.upperBound...].firstIndex(of: "]") {
        let info = line[start.upperBound..<close]
        let name = String(info.prefix { $0 != " " })
        if commands.contains(name.lowercased()) {
          found.append(Command(name: name, properties: [:], data: String(line[line.index(after: close)...])))
        }
      }
    }
    return found
  }

  /// The runner's `UnescapeData`: `%0D`, `%0A`, `%25`, in that order.
  static func unescapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(
      of: "%25", with: "%")
  }

  /// The runner's `UnescapeProperty`: also `%3A` and `%2C`.
  static func unescapeProperty(_ text: String) -> String {
    text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(
      of: "%3A", with: ":"
    ).replacingOccurrences(of: "%2C", with: ",").replacingOccurrences(of: "%25", with: "%")
  }

  /// Characters that act on a terminal rather than show: C0 controls but tab and line feed, DEL,
  /// C1 controls, line and paragraph separators, bidi controls (UAX #9), U+FEFF.
  static func terminalHazards(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x09, 0x0A: return false
      case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
      default: return false
      }
    }
  }
}

/// CommonMark's code spans (spec 0.31, "Code spans"): a run of n backticks opens a span that
/// the next run of exactly n backticks closes; the content, line endings made spaces, loses one
/// space at each end when it both starts and ends with one and is not all spaces.
enum CodeSpans {
  /// The contents of the code spans in one line of Markdown, in order. Backslash escapes outside
  /// spans are honoured, as CommonMark does (`\``  is not a fence).
  static func contents(_ line: String) -> [String] {
    let characters = Array(line)
    var spans: [String] = []
    var index = 0
    while index < characters.count {
      if characters[index] == "\\" {
        index += 2
        continue
      }
      guard characters[index] == "`" else {
        index += 1
        continue
      }
      var length = 0
      while index + length < characters.count, characters[index + length] == "`" { length += 1 }
      let start = index + length
      var search = start
      var closed = false
      while search < characters.count {
        guard characters[search] == "`" else {
          search += 1
          continue
        }
        var run = 0
        while search + run < characters.count, characters[search + run] == "`" { run += 1 }
        if run == length {
          var content = String(characters[start..<search])
          if content.count >= 2, content.hasPrefix(" "), content.hasSuffix(" "), content.contains(where: { $0 != " " }) {
            content = String(content.dropFirst().dropLast())
          }
          spans.append(content)
          index = search + run
          closed = true
          break
        }
        search += run
      }
      if !closed { index = start }
    }
    return spans
  }
}

/// A folder with a scene written under a name the scene's author chose.
func hostileFile(named name: String, _ text: String) throws -> (folder: String, path: String) {
  let folder = try temporaryFolder()
  let path = folder + "/" + name
  guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
    throw CocoaError(.fileWriteUnknown)
  }
  return (folder, path)
}
