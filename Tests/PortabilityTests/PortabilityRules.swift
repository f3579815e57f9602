import Foundation

/// A hazard that a build on Linux with a new toolchain cannot see, but that stops the package
/// from building with the oldest supported toolchain (Swift 6.0, Xcode 16.0) or on the declared
/// Apple platforms (macOS 13, iOS 16): API or syntax from a later Swift, API newer than the
/// platforms, and code that only Linux has.
///
/// Each rule, as SwiftLint's rules do, carries its reason, its source, and examples that must and
/// must not trigger it; `PortabilityTests` runs every example.
struct PortabilityRule: Sendable {
  /// What a rule is about.
  enum Kind: String, Sendable {
    /// Needs a toolchain newer than Swift 6.0: allowed inside `#if compiler(>=6.x)`.
    case toolchain
    /// Needs an Apple platform newer than macOS 13 / iOS 16.
    case platform
    /// Exists on Linux only: needs a Darwin branch.
    case linuxOnly
  }

  var id: String
  var kind: Kind
  /// Regular expressions over the code with comments and string literals blanked out.
  var patterns: [String]
  /// Why it does not build, in one sentence.
  var reason: String
  /// Where the fact comes from.
  var source: String
  /// What to write instead.
  var fix: String
  /// For `.linuxOnly` rules: a file that matches one of these has the Darwin branch, and the
  /// match is allowed inside an `#if`.
  var darwinCounterpart: [String] = []
  /// Code that must trigger the rule, and code that must not.
  var triggering: [String]
  var nonTriggering: [String]
  /// Match the raw text (string literals included) rather than the code alone.
  var matchesRawText = false
}

extension PortabilityRule {
  static let oldest = "Swift 6.0 (Xcode 16.0)"
  static let platforms = "macOS 13 / iOS 16"

  /// Every rule. Availability figures are the ones the toolchain's own module interfaces declare
  /// (`@available(macOS 15.0, iOS 18.0, ...)` in `Swift.swiftinterface` and its siblings), which a
  /// test compares with this list.
  static let all: [PortabilityRule] = [
    // MARK: Swift newer than 6.0
    PortabilityRule(
      id: "inline-array", kind: .toolchain, patterns: [#"\bInlineArray\b"#, #"\[\s*\d+\s+of\s+\w"#],
      reason: "InlineArray and its [N of T] sugar arrive in Swift 6.2, and on Apple platforms need macOS 26 / iOS 26 at run time.",
      source:
        "SE-0453 (InlineArray, Swift 6.2), SE-0483 (InlineArray type sugar, Swift 6.2); @available(macOS 26.0, iOS 26.0) in Swift.swiftinterface",
      fix: "A homogeneous tuple read through withUnsafeBytes(of:), or an array kept across uses.",
      triggering: ["var storage = InlineArray<32, Double>(repeating: 0)", "let a: [4 of Int] = [1, 2, 3, 4]"],
      nonTriggering: ["var storage = (0.0, 0.0)", "let inlineArrayLike = [1, 2]"]),
    PortabilityRule(
      id: "span", kind: .toolchain,
      patterns: [
        #"\b(Mutable)?(Raw)?Span\b"#, #"\bOutput(Raw)?Span\b"#, #"\bUTF8Span\b"#, #"\.(span|mutableSpan|utf8Span)\b(?!\s*[:(])"#,
        #"\b[dD]ata\s*\.\s*(bytes|mutableBytes)\b"#,
      ],
      reason: "Span, RawSpan, MutableSpan, OutputSpan, UTF8Span and the .span / .bytes properties arrive in Swift 6.2.",
      source: "SE-0447 (Span), SE-0456 (span properties), SE-0467 (MutableSpan), SE-0464 (UTF8Span), SE-0485 (OutputSpan): Swift 6.2",
      fix: "withUnsafeBufferPointer / withUnsafeBytes.",
      triggering: ["let values = storage.span", "func f(_ s: RawSpan) {}", "let b = data.bytes"],
      nonTriggering: ["let spanned = 3", "array.withUnsafeBufferPointer { _ in }", "case .bytes(let n): break"]),
    PortabilityRule(
      id: "synchronization", kind: .platform,
      patterns: [
        #"\bimport\s+Synchronization\b"#, #"\bMutex\b"#,
        #"\bAtomic(LazyReference|LoadOrdering|StoreOrdering|UpdateOrdering|Representable|OptionalRepresentable)?\b"#, #"\bWordPair\b"#,
      ],
      reason: "The Synchronization module (Mutex, Atomic) needs macOS 15 / iOS 18.",
      source: "SE-0410 (Atomic), SE-0433 (Mutex); @available(macOS 15.0, iOS 18.0) in Synchronization.swiftinterface",
      fix: "NSLock (Foundation) around the state.",
      triggering: ["import Synchronization", "let count = Mutex<Int>(0)", "let flag = Atomic<Bool>(false)"],
      nonTriggering: ["let lock = NSLock()", "let mutexes = 2"]),
    PortabilityRule(
      id: "int128", kind: .platform, patterns: [#"\bU?Int128\b"#],
      reason: "Int128 and UInt128 need macOS 15 / iOS 18.", source: "SE-0425; @available(macOS 15.0, iOS 18.0) in Swift.swiftinterface",
      fix: "Two UInt64 halves, or multipliedFullWidth(by:).", triggering: ["let x: Int128 = 1", "UInt128(3)"],
      nonTriggering: ["let x: Int64 = 1", "let int1280 = 3"]),
    PortabilityRule(
      id: "range-set", kind: .platform,
      patterns: [
        #"\bRangeSet\b"#, #"\bDiscontiguousSlice\b"#, #"\.indices\s*\(\s*(where|of)\s*:"#, #"\.(removeSubranges|moveSubranges)\s*\("#,
      ],
      reason: "RangeSet, DiscontiguousSlice and the subrange operations need macOS 15 / iOS 18.",
      source: "SE-0270; @available(macOS 15.0, iOS 18.0) in Swift.swiftinterface", fix: "An array of indices or of ranges.",
      triggering: ["let r = RangeSet(0..<3)", "let found = xs.indices(where: { $0 > 1 })", "xs.removeSubranges(set)"],
      nonTriggering: ["let r = 0..<3", "for i in xs.indices {}"]),
    PortabilityRule(
      id: "string-validating", kind: .platform, patterns: [#"\bString\s*\(\s*validating:"#],
      reason: "String(validating:as:) needs macOS 15 / iOS 18.",
      source: "SE-0405; @available(macOS 15.0, iOS 18.0) in Swift.swiftinterface",
      fix: "String(decoding:as:) with a check for U+FFFD, or String(bytes:encoding:).",
      triggering: ["let s = String(validating: bytes, as: UTF8.self)"], nonTriggering: ["let s = String(decoding: bytes, as: UTF8.self)"]),
    PortabilityRule(
      id: "newer-concurrency", kind: .platform,
      patterns: [
        #"\bwith(Throwing)?DiscardingTaskGroup\b"#, #"\b(Throwing)?DiscardingTaskGroup\b"#, #"\bTaskExecutor\b"#,
        #"\bwithTaskExecutorPreference\b"#,
        #"\bexecutorPreference\s*:"#, #"\bExecutorJob\b"#, #"\bJob(Priority)?\b"#, #"\bUnownedTaskExecutor\b"#,
        #"\bTask\s*\.\s*immediate\b"#, #"\bTask\s*\(\s*name\s*:"#,
        #"\baddTask\s*\(\s*name\s*:"#,
      ],
      reason:
        "Discarding task groups and executor jobs need macOS 14 / iOS 17, task executors macOS 15 / iOS 18, named and immediate tasks Swift 6.2 and macOS 26.",
      source:
        "SE-0381 (discarding task groups), SE-0392 (ExecutorJob), SE-0417 (task executor preference), SE-0469 (task names), SE-0472 (Task.immediate); @available in _Concurrency.swiftinterface",
      fix: "withTaskGroup, Task { } and Task.detached.",
      triggering: ["await withDiscardingTaskGroup { group in }", "Task.immediate { }", "Task(name: \"x\") { }"],
      nonTriggering: ["await withTaskGroup(of: Int.self) { group in }", "Task { }"]),
    PortabilityRule(
      id: "observation", kind: .platform,
      patterns: [#"\bimport\s+Observation\b"#, #"\bObservable\b"#, #"\bObservationRegistrar\b"#, #"\bObservations\b"#],
      reason: "The Observation module needs macOS 14 / iOS 17 (Observations: macOS 26).",
      source: "SE-0395, SE-0475; @available in Observation.swiftinterface", fix: "Plain values, or callbacks.",
      triggering: ["import Observation", "@Observable final class Model {}"], nonTriggering: ["final class Model {}"]),
    PortabilityRule(
      id: "backtrace", kind: .platform, patterns: [#"\bimport\s+Runtime\b"#, #"\b(Symbolicated)?Backtrace\b"#, #"\bImageMap\b"#],
      reason: "The Runtime module's backtraces need Swift 6.2 and macOS 26.",
      source: "SE-0419; @available(macOS 26.0) in Runtime.swiftinterface",
      fix: "Thread.callStackSymbols, or none.", triggering: ["import Runtime", "let b = try Backtrace.capture()"],
      nonTriggering: ["let trace = Thread.callStackSymbols"]),
    PortabilityRule(
      id: "new-attributes", kind: .toolchain,
      patterns: [
        #"@(_)?lifetime\s*\("#, #"@concurrent\b"#, #"\bnonisolated\s*\(\s*nonsending\s*\)"#, #"\bisolated\s+deinit\b"#, #"@abi\s*\("#,
        #"@c\b"#,
      ],
      reason: "@lifetime, @concurrent, nonisolated(nonsending), isolated deinit and @abi arrive in Swift 6.2.",
      source:
        "SE-0446 and SE-0456 (@lifetime), SE-0461 (@concurrent, nonisolated(nonsending)), SE-0371 (isolated deinit), SE-0476 (@abi): Swift 6.2",
      fix: "Without the attribute: a nonisolated async function, a deinit that does not touch isolated state.",
      triggering: ["@concurrent func work() async {}", "nonisolated(nonsending) func f() async {}", "isolated deinit {}"],
      nonTriggering: ["nonisolated func work() async {}", "nonisolated(unsafe) var x = 0", "deinit {}"]),
    PortabilityRule(
      id: "isolated-conformance", kind: .toolchain,
      patterns: [#"\b(extension|struct|class|enum|actor)\s+[\w.<>, ]+:\s*[^{]*@MainActor\s+[A-Z]"#],
      reason: "A conformance isolated to a global actor (`: @MainActor P`) arrives in Swift 6.2.", source: "SE-0470: Swift 6.2",
      fix: "Make the protocol, or the conforming type, @MainActor.",
      triggering: ["extension Model: @MainActor Equatable {}"], nonTriggering: ["@MainActor extension Model: Equatable {}"]),
    PortabilityRule(
      id: "integer-generics", kind: .toolchain, patterns: [#"<\s*let\s+\w+\s*:\s*Int\b"#],
      reason: "Integer generic parameters (`<let N: Int>`) arrive in Swift 6.2.", source: "SE-0452: Swift 6.2", fix: "A stored count.",
      triggering: ["struct Fixed<let N: Int> {}"], nonTriggering: ["struct Fixed<N: BinaryInteger> {}"]),
    PortabilityRule(
      id: "raw-identifier", kind: .toolchain, patterns: [#"(?<![A-Za-z0-9_$])`[^`\n]*[^A-Za-z0-9_`$][^`\n]*`"#],
      reason: "Identifiers in backticks with spaces or punctuation (`func `a test`()`) arrive in Swift 6.2.", source: "SE-0451: Swift 6.2",
      fix: "A camel-case name; Swift Testing's display name (@Test(\"a test\")) for words.",
      triggering: ["@Test func `scroll stays smooth`() {}"],
      nonTriggering: ["let `default` = 1", "case id, `class`, frame, `repeat`, path"]),
    PortabilityRule(
      id: "trailing-comma", kind: .toolchain, patterns: [#",\s*\)"#, #",\s*>(?!\s*[=>])"#],
      reason:
        "A trailing comma in an argument, parameter, tuple or generic list arrives in Swift 6.1 (6.0 allows one in array and dictionary literals only).",
      source: "SE-0439: Swift 6.1", fix: "Drop the comma after the last element.",
      triggering: ["f(a, b,)", "func g(\n  a: Int,\n) {}", "let t: Pair<Int, String,>"],
      nonTriggering: ["let xs = [1, 2,]", "f(a, b)", "let d = [1: 2,]"]),
    PortabilityRule(
      id: "nonisolated-type", kind: .toolchain, patterns: [#"\bnonisolated\s+(extension|struct|class|enum|protocol|actor)\b"#],
      reason: "`nonisolated` on a type or an extension arrives in Swift 6.1.", source: "SE-0449: Swift 6.1",
      fix: "`nonisolated` on each member.", triggering: ["nonisolated extension Model {}"], nonTriggering: ["nonisolated func f() {}"]),
    PortabilityRule(
      id: "weak-let", kind: .toolchain, patterns: [#"\bweak\s+let\b"#], reason: "`weak let` arrives in Swift 6.2.",
      source: "SE-0481: Swift 6.2",
      fix: "`weak var`.", triggering: ["weak let owner: Owner?"], nonTriggering: ["weak var owner: Owner?"]),
    PortabilityRule(
      id: "unsafe-expression", kind: .toolchain, patterns: [#"(^|[=(\[{,;:]|return|\s)\s*\bunsafe\s+[A-Za-z_(&]"#, #"@(unsafe|safe)\b"#],
      reason: "The `unsafe` expression marker and @unsafe / @safe arrive with strict memory safety in Swift 6.2.",
      source: "SE-0458: Swift 6.2",
      fix: "Without the marker.", triggering: ["let p = unsafe pointer.pointee", "@unsafe func f() {}"],
      nonTriggering: ["nonisolated(unsafe) var x = 0", "let unsafeCount = 1"]),
    PortabilityRule(
      id: "enumerated-collection", kind: .toolchain,
      patterns: [#"\.enumerated\(\)\s*(\.\s*(count|indices|last|endIndex|startIndex|index)\b|\[)"#],
      reason: "EnumeratedSequence is a Collection from Swift 6.2 (and macOS 26) only; in 6.0 it has no count, indices or subscript.",
      source: "SE-0459: Swift 6.2; @available(macOS 26.0) on `extension EnumeratedSequence: Collection` in Swift.swiftinterface",
      fix: "Array(xs.enumerated()), or the base collection's count and indices.",
      triggering: ["let n = xs.enumerated().count", "let last = xs.enumerated().last"],
      nonTriggering: ["for (i, x) in xs.enumerated() {}", "let pairs = Array(xs.enumerated())"]),
    PortabilityRule(
      id: "interpolation-default", kind: .toolchain, patterns: [#"\\\([^()]*(\([^()]*\))?[^()]*,\s*default\s*:"#],
      reason: "A default value in a string interpolation (`\\(x, default: \"none\")`) arrives in Swift 6.2.", source: "SE-0477: Swift 6.2",
      fix: "`\\(x.map { \"\\($0)\" } ?? \"none\")`.", triggering: [#"let s = "\(name, default: "none")""#],
      nonTriggering: [#"let s = "\(name ?? "none")""#],
      matchesRawText: true),
    PortabilityRule(
      id: "expect-throws-result", kind: .toolchain, patterns: [#"=\s*(try\s+)?#(expect|require)\s*\(\s*throws\s*:"#],
      reason: "#expect(throws:) and #require(throws:) hand back the error from Swift Testing 6.1; in 6.0 they return nothing.",
      source:
        "Swift Testing ST-0006 (return errors from #expect(throws:)), implemented in Swift 6.1; swift-testing 6.0.3's Expectation+Macro.swift",
      fix: "TestSupport's caughtError(E.self) { ... }, read with try #require.",
      triggering: ["let errors = #expect(throws: SceneErrors.self) { try decode() }"],
      nonTriggering: ["#expect(throws: SceneErrors.self) { try decode() }", "let errors = caughtError(SceneErrors.self) { try decode() }"]),
    PortabilityRule(
      id: "typed-throws-through-rethrows", kind: .toolchain,
      patterns: [
        #"\.withUnsafe(Mutable)?(Buffer|Bytes)Pointer\s*\{\s*\(?[^)\n]*\)?\s*throws\s*\("#,
        #"\bwithUnsafeTemporaryAllocation\s*\([^{]*\{[^}\n]*throws\s*\("#,
      ],
      reason:
        "In Swift 6.0 the arrays' withUnsafeBufferPointer family (and withUnsafeTemporaryAllocation) rethrow untyped errors, so a typed-throws closure through them throws any Error.",
      source:
        "SE-0413 (rethrows stays untyped); swiftlang/swift pull request 75913 (typed throws for the array buffer methods, after the 6.0 branch)",
      fix: "Return a Result from the closure and call get() on it.",
      triggering: ["try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in try parse(buffer) }"],
      nonTriggering: ["let r = bytes.withUnsafeBufferPointer { buffer -> Result<Int, E> in .success(1) }"]),
    PortabilityRule(
      id: "swift-testing-newer", kind: .toolchain,
      patterns: [#"\bTestScoping\b"#, #"\bAttachment\b"#, #"#expect\s*\(\s*(processExitsWith|exitsWith)\s*:"#, #"\bTest\s*\.\s*cancel\b"#],
      reason: "Test scoping traits, attachments, exit tests and test cancellation arrive in Swift Testing 6.1 to 6.3.",
      source:
        "Swift Testing ST-0007 (test scoping traits, 6.1), ST-0008 (exit tests, 6.2), ST-0009 (attachments, 6.2), ST-0016 (cancellation)",
      fix: "Inside #if compiler(>=6.1) (or later), with a 6.0 path beside it.",
      triggering: ["struct T: TestTrait, TestScoping {}"],
      nonTriggering: ["#if compiler(>=6.1)\n  struct T: TestTrait, TestScoping {}\n#endif"]),
    PortabilityRule(
      id: "newer-manifest", kind: .toolchain,
      patterns: [#"swift-tools-version\s*:\s*6\.[1-9]"#, #"\.defaultIsolation\s*\("#, #"\btraits\s*:\s*\["#],
      reason: "A tools version past 6.0, package traits and default isolation need Swift 6.1 or 6.2.",
      source: "SE-0450 (package traits, Swift 6.1), SE-0466 (default isolation, Swift 6.2); the SwiftPM manifest's tools versions",
      fix: "swift-tools-version:6.0 and settings 6.0 has.", triggering: ["// swift-tools-version:6.2"],
      nonTriggering: ["// swift-tools-version:6.0"],
      matchesRawText: true),
    PortabilityRule(
      id: "foundation-newer-than-platforms", kind: .platform,
      patterns: [#"#Predicate\b"#, #"#Expression\b"#, #"\bRecurrenceRule\b"#, #"\.formatted\(\s*\.byteCount"#],
      reason: "#Predicate needs macOS 14 / iOS 17; #Expression and Calendar.RecurrenceRule macOS 15 / iOS 18.",
      source:
        "Apple's Foundation documentation: Predicate (macOS 14.0+, iOS 17.0+), Expression and Calendar.RecurrenceRule (macOS 15.0+, iOS 18.0+)",
      fix: "A closure.", triggering: ["let p = #Predicate<Int> { $0 > 1 }"], nonTriggering: ["let p: (Int) -> Bool = { $0 > 1 }"]),

    // MARK: Linux only
    PortabilityRule(
      id: "glibc-without-darwin", kind: .linuxOnly, patterns: [#"\bimport\s+(Glibc|Musl|Android|Bionic)\b"#, #"\b(Glibc|Musl)\s*\."#],
      reason: "Glibc and Musl exist on Linux only: on Apple platforms the C library is Darwin.",
      source: "Swift's platform modules: Darwin on Apple platforms, Glibc or Musl on Linux (swift.org, 'Porting to Linux')",
      fix: "`#if canImport(Glibc) import Glibc #elseif canImport(Darwin) import Darwin #endif`, or Foundation alone.",
      darwinCounterpart: [#"\bcanImport\s*\(\s*Darwin\s*\)"#, #"\bimport\s+Darwin\b"#, #"\bos\s*\(\s*(macOS|iOS)\s*\)"#],
      triggering: ["import Glibc\nlet x = 1"],
      nonTriggering: ["#if canImport(Glibc)\n  import Glibc\n#elseif canImport(Darwin)\n  import Darwin\n#endif"]),
    PortabilityRule(
      id: "linux-foundation-module", kind: .linuxOnly,
      patterns: [#"\bimport\s+(FoundationXML|FoundationNetworking|FoundationEssentials|FoundationInternationalization)\b"#],
      reason:
        "FoundationXML and FoundationNetworking are Linux's split of Foundation (XMLParser and URLSession are in Foundation on Apple platforms); FoundationEssentials is not a module of Xcode 16's SDK.",
      source:
        "swift-corelibs-foundation's README (FoundationXML, FoundationNetworking); Apple's Foundation documentation (XMLParser, URLSession)",
      fix: "`#if canImport(FoundationXML) import FoundationXML #endif` beside `import Foundation`.",
      darwinCounterpart: [#"\bcanImport\s*\(\s*Foundation(XML|Networking|Essentials|Internationalization)\s*\)"#],
      triggering: ["import FoundationXML"],
      nonTriggering: ["import Foundation\n#if canImport(FoundationXML)\n  import FoundationXML\n#endif"]),
    PortabilityRule(
      id: "pthread-as-on-linux", kind: .linuxOnly, patterns: [#"\bpthread_t\s*\(\s*\)"#, #"\bvar\s+\w+\s*:\s*pthread_t\s*="#],
      reason:
        "pthread_t is an integer on Linux but a non-optional pointer on Darwin, with no zero initializer, and Darwin's pthread_create takes a pthread_t?.",
      source:
        "Darwin's sys/_pthread/_pthread_t.h (`typedef __darwin_pthread_t pthread_t`, a pointer) as imported into Swift; pthread_create(3)",
      fix: "Foundation's Thread with stackSize, or a `pthread_t?` on Darwin in its own branch.",
      triggering: ["var thread = pthread_t()"], nonTriggering: ["let thread = Thread { }", "var thread: pthread_t? = nil"]),
    PortabilityRule(
      id: "posix-spawn-as-on-linux", kind: .linuxOnly, patterns: [#"\bposix_spawn(_file_actions|attr)_t\s*\(\s*\)"#],
      reason:
        "posix_spawn_file_actions_t and posix_spawnattr_t are structs on Linux but optional pointers on Darwin, with no zero initializer.",
      source:
        "Darwin's spawn.h (`typedef void *posix_spawnattr_t; typedef void *posix_spawn_file_actions_t;`) as imported into Swift; posix_spawn(2)",
      fix: "`var actions: posix_spawn_file_actions_t? = nil` on Darwin, in its own branch.",
      darwinCounterpart: [#"\bposix_spawn(_file_actions|attr)_t\?"#],
      triggering: ["var actions = posix_spawn_file_actions_t()"],
      nonTriggering: [
        "#if canImport(Darwin)\n  var actions: posix_spawn_file_actions_t? = nil\n#else\n  var actions = posix_spawn_file_actions_t()\n#endif"
      ]),
    PortabilityRule(
      id: "socket-type-rawvalue", kind: .linuxOnly, patterns: [#"\bSOCK_(STREAM|DGRAM|RAW|SEQPACKET|RDM)\s*\.\s*rawValue\b"#],
      reason:
        "glibc declares the socket types in an enum (`SOCK_STREAM.rawValue`); Darwin as macros, which Swift imports as Int32 with no rawValue.",
      source: "glibc's bits/socket_type.h (enum __socket_type); Darwin's sys/socket.h (#define SOCK_STREAM 1)",
      fix: "`Int32(SOCK_STREAM.rawValue)` under canImport(Glibc), `SOCK_STREAM` in the Darwin branch.",
      darwinCounterpart: [#"\bcanImport\s*\(\s*Darwin\s*\)"#, #"\bcanImport\s*\(\s*Glibc\s*\)[\s\S]*#else"#],
      triggering: ["let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)"],
      nonTriggering: [
        "#if canImport(Glibc)\n  let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)\n#else\n  let s = socket(AF_UNIX, SOCK_STREAM, 0)\n#endif"
      ]),
    PortabilityRule(
      id: "linux-struct-field", kind: .linuxOnly, patterns: [#"\b__sigaction_handler\b"#, #"\bst_[amc]tim\b"#],
      reason: "glibc's field names: Darwin's sigaction has __sigaction_u, its stat st_atimespec, st_mtimespec and st_ctimespec.",
      source: "Darwin's sys/signal.h and sys/stat.h against glibc's bits/sigaction.h and bits/struct_stat.h",
      fix: "Both names, each in its `#if canImport(...)` branch.", darwinCounterpart: [#"\b__sigaction_u\b"#, #"\bst_[amc]timespec\b"#],
      triggering: ["action.__sigaction_handler.sa_handler = handler"],
      nonTriggering: [
        "#if canImport(Glibc)\n  action.__sigaction_handler.sa_handler = handler\n#else\n  action.__sigaction_u.__sa_handler = handler\n#endif"
      ]),
    PortabilityRule(
      id: "linux-system-call", kind: .linuxOnly,
      patterns: [
        #"\b(epoll_\w+|inotify_\w+|eventfd|prctl|sched_getaffinity|get_nprocs|gettid|memfd_create|sendfile|splice)\s*\("#, #""/proc/"#,
      ],
      reason: "Linux system calls and /proc have no Darwin equivalent of the same name.",
      source: "the Linux man-pages project (each call is Linux-specific)",
      fix: "Foundation (ProcessInfo, FileManager), or Dispatch.",
      darwinCounterpart: [#"\bcanImport\s*\(\s*Darwin\s*\)"#, #"\bos\s*\(\s*(macOS|iOS)\s*\)"#],
      triggering: [#"let cores = get_nprocs()"#, #"let s = try String(contentsOfFile: "/proc/self/status")"#],
      nonTriggering: ["let cores = ProcessInfo.processInfo.activeProcessorCount"], matchesRawText: true),
    PortabilityRule(
      id: "corelibs-only-foundation", kind: .linuxOnly, patterns: [#"\._?bridge\(\)"#, #"\bNSUnimplemented\b"#, #"\bNSUnsupported\b"#],
      reason: "swift-corelibs-foundation's bridging helpers and markers do not exist in Apple's Foundation.",
      source: "swift-corelibs-foundation's Bridging.swift and NSObjCRuntime.swift (Linux only)", fix: "`as String`, `as NSString`.",
      triggering: ["let s = ns.bridge()"], nonTriggering: ["let s = ns as String"]),
  ]
}

/// One hazard found: the file, line and column, and the rule.
struct PortabilityFinding: Sendable, CustomStringConvertible {
  var file: String
  var line: Int
  var column: Int
  var rule: PortabilityRule

  var description: String {
    "\(file):\(line):\(column): \(rule.id): \(rule.reason) Instead: \(rule.fix) (source: \(rule.source))"
  }
}

/// Finds the hazards of ``PortabilityRule/all`` in Swift source text.
enum PortabilityCheck {
  /// The findings in one file's text.
  ///
  /// Toolchain rules do not apply inside `#if compiler(>=6.1)` (or a later version, or `swift(>=...)`),
  /// Linux-only rules not inside an `#if` of a file that has the Darwin branch. A line, or the line
  /// before it, that says `portability: allow <rule-id>` with a reason is left alone (for code
  /// guarded by `if #available`).
  static func findings(
    in text: String, file: String, rules: [PortabilityRule] = PortabilityRule.all, compiled: [String: NSRegularExpression]? = nil
  ) -> [PortabilityFinding] {
    let expressions = compiled ?? compile(rules)
    let code = blankedCode(text)
    let lines = LineIndex(text)
    let conditions = activeConditions(code)
    let allowed = allowances(text)
    var found: [PortabilityFinding] = []
    for rule in rules {
      let subject = rule.matchesRawText ? text : code
      let hasDarwinBranch = rule.darwinCounterpart.contains { matches($0, in: code) || matches($0, in: text) }
      for pattern in rule.patterns {
        guard let expression = expressions[pattern] else {
          found.append(PortabilityFinding(file: file, line: 0, column: 0, rule: rule))
          continue
        }
        let range = NSRange(subject.startIndex..<subject.endIndex, in: subject)
        for match in expression.matches(in: subject, range: range) {
          guard let swiftRange = Range(match.range, in: subject) else { continue }
          let offset = subject.utf8.distance(from: subject.startIndex, to: swiftRange.lowerBound)
          let (line, column) = lines.place(ofUTF8Offset: offset)
          let active = conditions[min(line - 1, conditions.count - 1)]
          switch rule.kind {
          case .toolchain where active.contains(where: isNewerToolchainCondition): continue
          case .linuxOnly where hasDarwinBranch && !active.isEmpty: continue
          default: break
          }
          if allowed.contains(where: { ($0.line == line || $0.line == line - 1) && $0.rule == rule.id }) { continue }
          found.append(PortabilityFinding(file: file, line: line, column: column, rule: rule))
        }
      }
    }
    return found.sorted { ($0.line, $0.column, $0.rule.id) < ($1.line, $1.column, $1.rule.id) }
  }

  /// Each rule's patterns, compiled once: a pattern that does not compile is missing, and
  /// reported as a finding at line 0.
  static func compile(_ rules: [PortabilityRule]) -> [String: NSRegularExpression] {
    var result: [String: NSRegularExpression] = [:]
    for pattern in rules.flatMap(\.patterns) {
      result[pattern] = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    }
    return result
  }

  /// The findings in every `.swift` file under `folders` of `root` (and `Package.swift`), in path
  /// order; `excluding` names paths (relative to `root`) to skip.
  static func findings(root: URL, folders: [String], excluding: [String] = []) -> [PortabilityFinding] {
    var paths: [String] = ["Package.swift"]
    for folder in folders {
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "swift" {
        let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        if excluding.contains(where: { relative.hasPrefix($0) }) { continue }
        paths.append(relative)
      }
    }
    let compiled = compile(PortabilityRule.all)
    return paths.sorted().flatMap { path -> [PortabilityFinding] in
      guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else { return [] }
      return findings(in: String(decoding: data, as: UTF8.self), file: path, compiled: compiled)
    }
  }

  static func matches(_ pattern: String, in text: String) -> Bool {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
    return expression.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
  }

  /// `compiler(>=6.1)`, `swift(>=6.2)`, ...: a branch only a newer toolchain compiles.
  static func isNewerToolchainCondition(_ condition: String) -> Bool {
    matches(#"(compiler|swift)\s*\(\s*>=\s*(6\.[1-9]|[7-9])"#, in: condition)
  }

  /// `portability: allow <rule-id>` comments, by line.
  static func allowances(_ text: String) -> [(line: Int, rule: String)] {
    var result: [(line: Int, rule: String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard let range = line.range(of: "portability: allow ") else { continue }
      let rule = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
      result.append((index + 1, String(rule)))
    }
    return result
  }

  /// For each line, the conditions of the `#if` branches it is in (outermost first); an `#else`
  /// branch reads `!(condition)`.
  static func activeConditions(_ code: String) -> [[String]] {
    var stack: [String] = []
    var result: [[String]] = []
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("#if ") {
        stack.append(String(trimmed.dropFirst(4)))
      } else if trimmed.hasPrefix("#elseif "), !stack.isEmpty {
        stack[stack.count - 1] = String(trimmed.dropFirst(8))
      } else if trimmed.hasPrefix("#else"), !stack.isEmpty {
        stack[stack.count - 1] = "!(" + stack[stack.count - 1] + ")"
      } else if trimmed.hasPrefix("#endif"), !stack.isEmpty {
        stack.removeLast()
      }
      result.append(stack)
    }
    return result.isEmpty ? [[]] : result
  }

  /// The text with every comment, and the inside of every string literal, replaced by spaces
  /// (line breaks kept), so that patterns see code alone and places stay where they were.
  static func blankedCode(_ text: String) -> String {
    var bytes = Array(text.utf8)
    var index = 0
    func blank(_ from: Int, _ to: Int) {
      for i in from..<min(to, bytes.count) where bytes[i] != UInt8(ascii: "\n") { bytes[i] = UInt8(ascii: " ") }
    }
    func starts(_ string: String, at position: Int) -> Bool {
      let pattern = Array(string.utf8)
      guard position + pattern.count <= bytes.count else { return false }
      return Array(bytes[position..<position + pattern.count]) == pattern
    }
    while index < bytes.count {
      if starts("//", at: index) {
        let start = index
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        blank(start, index)
      } else if starts("/*", at: index) {
        let start = index
        var depth = 0
        repeat {
          if starts("/*", at: index) {
            depth += 1
            index += 2
          } else if starts("*/", at: index) {
            depth -= 1
            index += 2
          } else {
            index += 1
          }
        } while depth > 0 && index < bytes.count
        blank(start, index)
      } else if bytes[index] == UInt8(ascii: "#") || bytes[index] == UInt8(ascii: "\"") {
        // A string literal, raw (`#"..."#`) or not, single-line or `"""`.
        var hashes = 0
        var position = index
        while position < bytes.count && bytes[position] == UInt8(ascii: "#") {
          hashes += 1
          position += 1
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
          index = max(position, index + 1)
          continue
        }
        let multiline = starts("\"\"\"", at: position)
        let quote = multiline ? "\"\"\"" : "\""
        let closing = Array((quote + String(repeating: "#", count: hashes)).utf8)
        let start = index
        position += quote.utf8.count
        while position < bytes.count {
          if bytes[position] == UInt8(ascii: "\\") && hashes == 0 {
            position += 2
            continue
          }
          if !multiline && bytes[position] == UInt8(ascii: "\n") { break }
          if position + closing.count <= bytes.count && Array(bytes[position..<position + closing.count]) == closing {
            position += closing.count
            break
          }
          position += 1
        }
        // The delimiters stay, so that `f(a, "b")` does not read as `f(a, )`.
        let opening = start + hashes + quote.utf8.count
        let closed = position >= opening + closing.count && Array(bytes[position - closing.count..<position]) == closing
        blank(opening, closed ? position - closing.count : position)
        index = position
      } else {
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Line and column (from 1, in characters) of a UTF-8 offset.
struct LineIndex {
  private var starts: [Int] = [0]
  private let bytes: [UInt8]

  init(_ text: String) {
    bytes = Array(text.utf8)
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
  }

  func place(ofUTF8Offset offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let column = String(decoding: bytes[starts[low]..<min(offset, bytes.count)], as: UTF8.self).count + 1
    return (low + 1, column)
  }
}
