import Foundation
import Testing

/// The portability check: what a Linux build with a new toolchain cannot see, held against the
/// package's own sources, each rule's examples, a planted file, and the toolchain's own module
/// interfaces.
@Suite struct PortabilityTests {
  /// The repository's root: this file is `Tests/PortabilityTests/PortabilityTests.swift`.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Everything the package, its command plugin and its tests compile, and the stub package's own
  /// sources: none may hold a hazard. The rules' file is left out: its examples are the hazards.
  @Test func theSourcesHoldNoHazard() {
    let found = PortabilityCheck.findings(
      root: Self.root, folders: ["Sources", "Plugins", "Benchmarks", "Tests", "Examples"],
      excluding: ["Tests/PortabilityTests/PortabilityRules.swift"]
    )
    #expect(found.isEmpty, "\(found.count) portability hazards:\n\(found.map(\.description).joined(separator: "\n"))")
  }

  /// Every rule fires on each of its triggering examples and on none of its others, as
  /// SwiftLint's rule examples are run.
  @Test(arguments: PortabilityRule.all.map(\.id)) func ruleExamples(id: String) throws {
    let rule = try #require(PortabilityRule.all.first { $0.id == id })
    #expect(!rule.triggering.isEmpty && !rule.reason.isEmpty && !rule.source.isEmpty && !rule.fix.isEmpty)
    for example in rule.triggering {
      let found = PortabilityCheck.findings(in: example, file: "example.swift", rules: [rule])
      #expect(!found.isEmpty, "\(rule.id) missed: \(example)")
    }
    for example in rule.nonTriggering {
      let found = PortabilityCheck.findings(in: example, file: "example.swift", rules: [rule])
      #expect(found.isEmpty, "\(rule.id) fired on: \(example)")
    }
  }

  /// Rule ids are unique: a finding names one rule.
  @Test func ruleIDsAreUnique() {
    let ids = PortabilityRule.all.map(\.id)
    #expect(Set(ids).count == ids.count)
  }

  /// A folder with the hazards this package once had (an InlineArray, a pthread made as on
  /// Linux, Glibc imported with no Darwin branch) fails the check, each at its line and column,
  /// counted by hand from the planted text.
  @Test func aPlantedFileFails() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portability-\(UUID().uuidString)")
    let sources = folder.appendingPathComponent("Sources/Planted")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("// swift-tools-version:6.0\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
    let planted = """
      import Glibc

      struct Table {
        var storage = InlineArray<4, Double>(repeating: 0)
      }

      func start() {
        var thread = pthread_t()
        _ = thread
      }
      """
    try Data(planted.utf8).write(to: sources.appendingPathComponent("Planted.swift"))
    let found = PortabilityCheck.findings(root: folder, folders: ["Sources"])
    let places = found.map { "\($0.file):\($0.line):\($0.column) \($0.rule.id)" }
    #expect(
      places == [
        "Sources/Planted/Planted.swift:1:1 glibc-without-darwin", "Sources/Planted/Planted.swift:4:17 inline-array",
        "Sources/Planted/Planted.swift:8:16 pthread-as-on-linux",
      ])
  }

  /// The same hazards in their portable form pass: Glibc in a branch beside Darwin's, an
  /// InlineArray only where the compiler is 6.2 or newer, an allowance that names its rule.
  @Test func guardedHazardsPass() {
    let guarded = """
      #if canImport(Glibc)
        import Glibc
      #elseif canImport(Darwin)
        import Darwin
      #endif
      #if compiler(>=6.2)
        typealias Storage = InlineArray<4, Double>
      #endif
      // portability: allow synchronization (behind if #available(macOS 15, iOS 18, *))
      let lock = Mutex<Int>(0)
      """
    #expect(PortabilityCheck.findings(in: guarded, file: "guarded.swift").isEmpty)
  }

  /// Comments and string literals are not code: a hazard's name in either is not a hazard.
  @Test func commentsAndStringsAreNotCode() {
    let text = """
      // InlineArray would be faster
      /* import Glibc /* nested */ Mutex<Int> */
      let a = "InlineArray<4, Int>"
      let b = #"Span<"# + \"""
        import Synchronization
        \"""
      let c = 1
      """
    #expect(PortabilityCheck.findings(in: text, file: "text.swift").isEmpty)
    let blanked = PortabilityCheck.blankedCode(text)
    #expect(blanked.split(separator: "\n", omittingEmptySubsequences: false).count == 7)
    #expect(blanked.hasSuffix("let c = 1"))
  }

  /// Every public type that this toolchain's own module interfaces declare as newer than the
  /// declared platforms (`@available(macOS 14` or later) is caught by some rule: the list keeps up
  /// with new toolchains. The interfaces are read where the Linux toolchain keeps them; on
  /// Apple platforms a real build is the check, and this test has nothing to read.
  @Test func everyNewerToolchainTypeHasARule() throws {
    #if os(Linux)
      let types = try Self.newerTypesInToolchainInterfaces()
      // The Synchronization module alone declares a dozen; a reading that finds none read nothing.
      #expect(types.count >= 20, "read \(types.count) newer types from the toolchain's interfaces")
      for (name, module, version) in types {
        let found = PortabilityCheck.findings(in: "let x: \(name)? = nil", file: "probe.swift")
        #expect(!found.isEmpty, "\(module).\(name) (macOS \(version)) has no portability rule")
      }
    #endif
  }

  /// Top-level public types, protocols and classes (not typealiases or nested names) with an
  /// `@available(macOS N` past 13 just above them, from the interfaces next to `swiftc`.
  static func newerTypesInToolchainInterfaces() throws -> [(String, String, Int)] {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let compiler = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
    let bin = try #require(compiler, "swiftc is not on PATH").resolvingSymlinksInPath().deletingLastPathComponent()
    let modules = bin.deletingLastPathComponent().appendingPathComponent("lib/swift/linux")
    var result: [(String, String, Int)] = []
    let declaration = try NSRegularExpression(
      pattern: #"^(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:struct|class|enum|protocol|actor)\s+(\w+)"#)
    let availability = try NSRegularExpression(pattern: #"@available\(macOS (\d+)"#)
    for module in ["Swift", "_Concurrency", "Synchronization", "Observation", "Runtime", "_StringProcessing", "RegexBuilder"] {
      let interface = modules.appendingPathComponent("\(module).swiftmodule/x86_64-unknown-linux-gnu.swiftinterface")
      guard let data = FileManager.default.contents(atPath: interface.path) else { continue }
      let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for (index, line) in lines.enumerated() {
        let range = NSRange(line.startIndex..<line.endIndex, in: line)
        guard let match = declaration.firstMatch(in: line, range: range), let nameRange = Range(match.range(at: 1), in: line) else {
          continue
        }
        let name = String(line[nameRange])
        guard !name.hasPrefix("_") else { continue }
        // The attributes just above the declaration.
        var above = index - 1
        while above >= 0 && above >= index - 8 && (lines[above].hasPrefix("@") || lines[above].hasPrefix("#")) {
          let text = lines[above]
          if let found = availability.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)),
            let versionRange = Range(found.range(at: 1), in: text), let version = Int(text[versionRange]), version > 13
          {
            result.append((name, module, version))
            break
          }
          above -= 1
        }
      }
    }
    return result
  }
}
