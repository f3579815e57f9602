import Foundation

/// The folders of `Sources/Compositor` in the order of a frame's stages, the dependency rule
/// written down once: a folder may use the types of the folders before it and of its own, never
/// those of a folder after it. `FolderOrderTests` checks the sources against it and holds
/// docs/architecture.md's picture to the same order.
enum CompositorStages {
  static let order = [
    "Support",
    "Scene",
    "Time",
    "Plan",
    "RuleSupport",
    "Rules",
    "Checks",
    "Planner",
    "Devices",
    "Cost",
    "Pacing",
    "Report",
    "Simulation",
    "Compare",
    "FixSupport",
    "Fixes",
    "Explain",
    "Calibration",
  ]
}

/// Which folder of a source tree uses which folder's types, read from the text: the checker of
/// the dependency rule (``CompositorStages``).
///
/// It strips comments and string literals (the code of an interpolation is kept), finds the
/// declarations of `struct`, `enum`, `class`, `protocol`, `actor` and `typealias`, nested ones
/// included (as `Outer.Inner`, also when declared in an extension), and counts a use of a type
/// where its name is written: a top-level type by its name, a nested one by its qualified name, or
/// by its own name inside its outer type or an extension of it. An extension uses the type it
/// extends. `private` and `fileprivate` types are seen by their own file alone and are left out.
///
/// What it does not see: a type used only through type inference (a value whose type is never
/// written, a member called on it), a member an extension in another folder adds to a type
/// (`FlatTree.props(of:at:)` is not a type), types from other modules, and a local type inside a
/// function body. A name written in a `#if` branch that is not compiled counts as written.
struct FolderDependencies {
  /// One use of a later stage's type.
  struct Violation: Equatable, CustomStringConvertible {
    /// The using file, relative to the root: `Scene/LayerProps.swift`.
    var file: String
    var type: String
    var folder: String
    var laterFolder: String
    /// The file that declares the type, relative to the root.
    var declaredIn: String

    var description: String {
      "\(file) uses \(type), declared in \(declaredIn): \(folder) comes before \(laterFolder), so it may not use \(laterFolder)'s types"
    }
  }

  /// A folder of the root that the order does not name, a named stage with no folder, or a file
  /// outside any folder.
  var misplaced: [String] = []
  var violations: [Violation] = []

  /// Every problem, one line each.
  var problems: [String] { misplaced + violations.map(\.description) }

  /// Reads every `.swift` file under `root` (a folder's files are those under its first path
  /// component, at any depth) and checks each use against `order`.
  init(root: URL, order: [String]) throws {
    let manager = FileManager.default
    let folders = try manager.contentsOfDirectory(atPath: root.path).filter { name in
      var isFolder: ObjCBool = false
      return manager.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
    }.sorted()
    var files: [(path: String, folder: String, text: String)] = []
    for name in try manager.contentsOfDirectory(atPath: root.path).sorted() where name.hasSuffix(".swift") {
      misplaced.append("\(name) is in no folder: put it in the folder of its stage")
    }
    for folder in folders {
      guard order.contains(folder) else {
        misplaced.append(
          "the folder \(folder) is in no stage: place it in CompositorStages.order (Tests/CompositorTests/CompositorStages.swift), "
            + "after every folder whose types it uses and before every folder that uses its types")
        continue
      }
      let url = root.appendingPathComponent(folder)
      guard let walker = manager.enumerator(atPath: url.path) else { continue }
      var paths: [String] = []
      while let path = walker.nextObject() as? String {
        if path.hasSuffix(".swift") { paths.append(path) }
      }
      for path in paths.sorted() {
        let text = try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
        files.append(("\(folder)/\(path)", folder, text))
      }
    }
    for stage in order where !folders.contains(stage) {
      misplaced.append("the stage \(stage) has no folder: take it out of CompositorStages.order or make the folder")
    }

    // The declarations, then the uses.
    let scanned = files.map { Scanned(FolderDependencies.tokens(in: FolderDependencies.stripped($0.text))) }
    var declared: [String: (folder: String, file: String)] = [:]
    for (file, scan) in zip(files, scanned) {
      for name in scan.declared where declared[name] == nil { declared[name] = (file.folder, file.path) }
    }
    let nested = Dictionary(grouping: declared.keys.filter { $0.contains(".") }) { name in
      String(name[..<name.lastIndex(of: ".")!])
    }
    for (file, scan) in zip(files, scanned) {
      // The nested types this file reaches by their own name.
      var own: [String: String] = [:]
      for scope in scan.scopes {
        for name in nested[scope] ?? [] { own[String(name[name.index(after: name.lastIndex(of: ".")!)...])] = name }
      }
      var used = Set<String>()
      for chain in scan.chains {
        if let first = chain.first {
          if let name = own[first] {
            used.insert(name)
          } else if declared[first] != nil {
            used.insert(first)
          }
        }
        var qualified = chain.first.flatMap { own[$0] } ?? chain.first ?? ""
        for part in chain.dropFirst() {
          qualified += "." + part
          if declared[qualified] != nil { used.insert(qualified) }
        }
      }
      guard let position = order.firstIndex(of: file.folder) else { continue }
      for name in used.sorted() {
        guard let declaration = declared[name], declaration.folder != file.folder,
          let later = order.firstIndex(of: declaration.folder), later > position
        else { continue }
        violations.append(
          Violation(file: file.path, type: name, folder: file.folder, laterFolder: declaration.folder, declaredIn: declaration.file))
      }
    }
  }

  // MARK: Reading the text

  /// `text` with its comments blanked and its string literals emptied (`""`); the code of an
  /// interpolation is kept. Raw strings (`#"..."#`) and multi-line strings are read as Swift
  /// reads them.
  static func stripped(_ text: String) -> [UInt8] {
    var reader = Stripper(Array(text.utf8))
    reader.code(insideInterpolation: false)
    return reader.output
  }

  private struct Stripper {
    let input: [UInt8]
    var at = 0
    var output: [UInt8] = []

    init(_ input: [UInt8]) {
      self.input = input
      output.reserveCapacity(input.count)
    }

    func peek(_ offset: Int = 0) -> UInt8? { at + offset < input.count ? input[at + offset] : nil }

    func starts(with text: String) -> Bool {
      let bytes = Array(text.utf8)
      return at + bytes.count <= input.count && Array(input[at..<at + bytes.count]) == bytes
    }

    /// Code up to the end, or up to the `)` that closes an interpolation.
    mutating func code(insideInterpolation: Bool) {
      var depth = 0
      while let byte = peek() {
        if starts(with: "//") {
          while let next = peek(), next != UInt8(ascii: "\n") { at += 1 }
        } else if starts(with: "/*") {
          var nesting = 0
          repeat {
            if starts(with: "/*") {
              nesting += 1
              at += 2
            } else if starts(with: "*/") {
              nesting -= 1
              at += 2
            } else {
              if peek() == UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
              at += 1
            }
          } while nesting > 0 && at < input.count
          output.append(UInt8(ascii: " "))
        } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
          var hashes = 0
          while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
          guard peek(hashes) == UInt8(ascii: "\"") else {
            output.append(byte)
            at += 1
            continue
          }
          at += hashes
          string(hashes: hashes)
        } else {
          if insideInterpolation {
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") {
              if depth == 0 {
                at += 1
                return
              }
              depth -= 1
            }
          }
          output.append(byte)
          at += 1
        }
      }
    }

    /// A string literal from its opening quote, with `hashes` `#` before it (already read).
    mutating func string(hashes: Int) {
      let multiline = starts(with: "\"\"\"")
      at += multiline ? 3 : 1
      output.append(contentsOf: Array("\"\"".utf8))
      let close = Array(((multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)).utf8)
      let escape = Array(("\\" + String(repeating: "#", count: hashes)).utf8)
      while at < input.count {
        if Array(input[at..<min(at + close.count, input.count)]) == close {
          at += close.count
          return
        }
        if Array(input[at..<min(at + escape.count, input.count)]) == escape {
          at += escape.count
          if peek() == UInt8(ascii: "(") {
            at += 1
            output.append(UInt8(ascii: " "))
            code(insideInterpolation: true)
            output.append(UInt8(ascii: " "))
          } else {
            at += 1
          }
          continue
        }
        // A one-line string ends at the line's end at the latest.
        if !multiline && peek() == UInt8(ascii: "\n") { return }
        if peek() == UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
        at += 1
      }
    }
  }

  /// A token of stripped code: a name (`[A-Za-z_][A-Za-z0-9_]*`), `{`, `}` or `.`, with its line.
  struct Token {
    var text: String
    var line: Int
  }

  static func tokens(in code: [UInt8]) -> [Token] {
    var tokens: [Token] = []
    var line = 1
    var index = 0
    func isNameByte(_ byte: UInt8) -> Bool {
      (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 95
    }
    while index < code.count {
      let byte = code[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        index += 1
      } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ".") {
        tokens.append(Token(text: String(UnicodeScalar(byte)), line: line))
        index += 1
      } else if isNameByte(byte) && !(byte >= 48 && byte <= 57) {
        let start = index
        while index < code.count && isNameByte(code[index]) { index += 1 }
        tokens.append(Token(text: String(decoding: code[start..<index], as: UTF8.self), line: line))
      } else {
        index += 1
      }
    }
    return tokens
  }

  /// One file's declarations, scopes and written type names.
  struct Scanned {
    /// The types it declares, nested ones as `Outer.Inner`; `private` and `fileprivate` left out.
    var declared: [String] = []
    /// The types it declares or extends: where a nested type is reached by its own name.
    var scopes = Set<String>()
    /// Each type name written, with the names dotted after it (`RasterCache.Limits`).
    var chains: [[String]] = []

    init(_ tokens: [Token]) {
      let kinds: Set<String> = ["struct", "enum", "class", "protocol", "actor"]
      // The named scopes around the current token; nil for a body that is no type's.
      var stack: [String?] = []
      var pending: String? = nil
      var index = 0
      func isTypeName(_ text: String) -> Bool { text.first.map { $0.isUppercase } ?? false }
      func isPrivate(before position: Int) -> Bool {
        var back = position - 1
        while back >= 0 && tokens[back].line == tokens[position].line && tokens[back].text != "{" && tokens[back].text != "}" {
          if tokens[back].text == "private" || tokens[back].text == "fileprivate" { return true }
          back -= 1
        }
        return false
      }
      while index < tokens.count {
        let text = tokens[index].text
        let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
        if (kinds.contains(text) || text == "typealias") && isTypeName(next) {
          let enclosing = stack.allSatisfy { $0 != nil } ? stack.compactMap { $0 } : nil
          let qualified = enclosing.map { ($0 + [next]).joined(separator: ".") }
          if let qualified, !isPrivate(before: index) { declared.append(qualified) }
          if text != "typealias" {
            pending = qualified
            if let qualified { scopes.insert(qualified) }
          }
          // The declared name is no use of a type.
          index += 2
          continue
        }
        if text == "extension" && isTypeName(next) {
          var name = next
          var after = index + 2
          while after + 1 < tokens.count && tokens[after].text == "." && isTypeName(tokens[after + 1].text) {
            name += "." + tokens[after + 1].text
            after += 2
          }
          pending = name
          scopes.insert(name)
          chains.append(name.split(separator: ".").map(String.init))
          index = after
          continue
        }
        if text == "{" {
          stack.append(pending)
          pending = nil
        } else if text == "}" {
          if !stack.isEmpty { stack.removeLast() }
          pending = nil
        } else if isTypeName(text) && (index == 0 || tokens[index - 1].text != ".") {
          var chain = [text]
          var after = index + 1
          while after + 1 < tokens.count && tokens[after].text == "." && isTypeName(tokens[after + 1].text) {
            chain.append(tokens[after + 1].text)
            after += 2
          }
          chains.append(chain)
          index = after
          continue
        }
        index += 1
      }
    }
  }
}
