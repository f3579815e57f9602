import Foundation
import LayerTree
import TestSupport
import Testing

@testable import offscreen_sim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output paths a workflow (or a pull request steering one) can name: the writer replaces
/// regular files atomically and nothing else, never writes over an input, and leaves no
/// temporary file behind, even when interrupted.
@Suite("hostile input: output files")
struct HostileOutputFileTests {
  static let scene = """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "card", "frame": [10, 10, 100, 60], "backgroundColor": "#FFFFFF", "cornerRadius": 8, "masksToBounds": true,
       "sublayers": [{"id": "photo", "frame": [0, 0, 100, 60], "contents": {"type": "image", "pixelSize": [200, 120]}}]}]}}
    """

  /// A folder holding `scene.json`.
  static func folderWithScene() throws -> (folder: String, scene: String) {
    let folder = try temporaryFolder()
    let scene = folder + "/scene.json"
    try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: scene))
    return (folder, scene)
  }

  static func fileType(_ path: String) -> mode_t? {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
  }

  static func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  static func names(in folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

  // MARK: Not regular files

  /// `/dev/null` is a character device (Linux `devices.txt`: major 1, minor 3); as root, a writer
  /// that renames over it would replace it with a regular file.
  @Test func aCharacterDeviceIsWrittenInPlace() throws {
    let (_, scene) = try Self.folderWithScene()
    for arguments in [
      ["render", scene, "-o", "/dev/null"], ["report", scene, "--html", "/dev/null"], ["generate", "--layers", "4", "-o", "/dev/null"],
    ] {
      let run = ToolRun.callAsFunction(arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      #expect(Self.fileType("/dev/null") == S_IFCHR)
    }
    let check = ToolRun.callAsFunction(["check", scene, "--junit", "/dev/null"])
    #expect(check.status != 2, "\(check.stderr)")
    #expect(Self.fileType("/dev/null") == S_IFCHR)
    #expect(!Self.names(in: "/dev").contains { $0.hasPrefix(".null.") })
  }

  /// A named pipe stays a pipe, and the reader at its other end gets the whole picture.
  @Test func aFIFOIsWrittenInPlace() throws {
    let (folder, scene) = try Self.folderWithScene()
    let pipe = folder + "/picture.svg"
    #expect(mkfifo(pipe, 0o600) == 0)
    final class Received: @unchecked Sendable { var data = Data() }
    let received = Received()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      if let handle = FileHandle(forReadingAtPath: pipe) {
        received.data = handle.readDataToEndOfFile()
        try? handle.close()
      }
      done.signal()
    }
    let run = ToolRun.callAsFunction(["render", scene, "-o", pipe])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(Self.fileType(pipe) == S_IFIFO)
    let text = String(decoding: received.data, as: UTF8.self)
    #expect(text.contains("<svg") && text.hasSuffix("</svg>\n"))
    #expect(Self.names(in: folder) == ["picture.svg", "scene.json"])
  }

  /// A link is followed: the file it names gets the output, the link stays a link; a link that
  /// names nothing creates that file.
  @Test func aSymbolicLinkIsFollowed() throws {
    let (folder, scene) = try Self.folderWithScene()
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/real.svg"))
    #expect(symlink("real.svg", folder + "/link.svg") == 0)
    #expect(symlink("new.svg", folder + "/dangling.svg") == 0)
    #expect(ToolRun.callAsFunction(["render", scene, "-o", folder + "/link.svg"]).status == 0)
    #expect(ToolRun.callAsFunction(["render", scene, "-o", folder + "/dangling.svg"]).status == 0)
    #expect(Self.fileType(folder + "/link.svg") == S_IFLNK)
    #expect(Self.fileType(folder + "/dangling.svg") == S_IFLNK)
    #expect(Self.contents(folder + "/real.svg")?.contains("<svg") == true)
    #expect(Self.contents(folder + "/new.svg")?.contains("<svg") == true)
    #expect(Self.names(in: folder) == ["dangling.svg", "link.svg", "new.svg", "real.svg", "scene.json"])
  }

  /// A socket and a folder are refused with exit 2 and left as they were.
  @Test func aSocketAndAFolderAreRefused() throws {
    let (folder, scene) = try Self.folderWithScene()
    let socketPath = folder + "/out.sock"
    // glibc declares SOCK_STREAM in an enum (bits/socket_type.h), Darwin as a macro (sys/socket.h).
    #if canImport(Glibc)
      let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    // The path and its terminating 0 must fit the address (108 bytes on Linux, 104 on Darwin).
    try #require(socketPath.utf8.count < MemoryLayout.size(ofValue: address.sun_path), "\(socketPath) is too long for a socket's address")
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in socketPath.utf8.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    #expect(bound == 0)
    let toSocket = ToolRun.callAsFunction(["render", scene, "-o", socketPath])
    #expect(toSocket.status == 2)
    #expect(toSocket.stderr.contains("\(socketPath): error: is not a regular file, a character device or a pipe"))
    #expect(Self.fileType(socketPath) == S_IFSOCK)
    let toFolder = ToolRun.callAsFunction(["check", scene, "--junit", folder])
    #expect(toFolder.status == 2)
    #expect(toFolder.stderr.contains("\(folder): error: is a directory"))
    #expect(Self.names(in: folder) == ["out.sock", "scene.json"])
  }

  // MARK: Inputs

  /// No command writes over a file it reads: named as given, through `./`, through a symbolic
  /// link or a hard link. The scene's bytes stay as they were.
  @Test func anInputIsNeverOverwritten() throws {
    let (folder, scene) = try Self.folderWithScene()
    #expect(symlink("scene.json", folder + "/alias.json") == 0)
    #expect(link(scene, folder + "/hard.json") == 0)
    let budgets = folder + "/budgets.json"
    try Data(#"{"maxOffscreenPassesPerFrame": 5}"#.utf8).write(to: URL(fileURLWithPath: budgets))
    let attempts: [[String]] = [
      ["render", "scene.json", "-o", "scene.json"],
      ["render", "scene.json", "-o", "./scene.json"],
      ["chart", "scene.json", "-o", "alias.json"],
      ["report", "alias.json", "--html", "hard.json"],
      ["optimize", "scene.json", "-o", "scene.json"],
      ["optimize", "hard.json", "-o", folder + "/scene.json"],
      ["check", "scene.json", "--junit", "scene.json"],
      ["check", "scene.json", "--budgets", "budgets.json", "--junit", "budgets.json"],
    ]
    for arguments in attempts {
      let run = ToolRun.callAsFunction(arguments, currentDirectory: folder)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr.contains("error: is the input"), "\(arguments): \(run.stderr)")
      #expect(Self.contents(scene) == Self.scene)
      #expect(Self.contents(budgets) == #"{"maxOffscreenPassesPerFrame": 5}"#)
    }
    #expect(Self.names(in: folder) == ["alias.json", "budgets.json", "hard.json", "scene.json"])
  }

  // MARK: Atomic replacement

  /// A regular file is replaced whole, keeps its permissions, and no temporary file is left.
  @Test func aRegularFileIsReplacedAndKeepsItsPermissions() throws {
    let (folder, scene) = try Self.folderWithScene()
    let report = folder + "/check.xml"
    try Data("<old/>".utf8).write(to: URL(fileURLWithPath: report))
    #expect(chmod(report, 0o640) == 0)
    #expect(ToolRun.callAsFunction(["check", scene, "--junit", report]).status != 2)
    var status = stat()
    #expect(stat(report, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o640)
    let written = try #require(Self.contents(report))
    #expect(written.hasPrefix("<?xml") && written.hasSuffix("</testsuites>\n"))
    #expect(Self.names(in: folder) == ["check.xml", "scene.json"])
  }

  /// A file that cannot be created leaves nothing behind: the error names the path, exit 2.
  @Test func aFailedWriteLeavesNothing() throws {
    let (folder, scene) = try Self.folderWithScene()
    let run = ToolRun.callAsFunction(["render", scene, "-o", folder + "/missing/out.svg"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("out.svg: error: cannot write the file: the folder"))
    #if os(Linux)
      // Linux's /proc refuses new files (proc(5)), whoever asks: the temporary file cannot be
      // created.
      let proc = ToolRun.callAsFunction(["render", scene, "-o", "/proc/offscreen-sim-out.svg"])
      #expect(proc.status == 2)
      #expect(proc.stderr.contains("/proc/offscreen-sim-out.svg: error: cannot write the file"))
      #expect(!TemporaryFiles.listed.contains { $0.hasPrefix("/proc/") })
    #endif
    #expect(Self.names(in: folder) == ["scene.json"])
    #expect(!TemporaryFiles.listed.contains { $0.hasPrefix(folder) })
  }

  /// The process is stopped while its temporary file exists (a debug build holds it there when
  /// `OFFSCREEN_SIM_TEST_HOLD_OUTPUT` is set): each signal that ends a process and may be caught
  /// without standing in a crash report's way removes the file, ends the process by the signal,
  /// and leaves the old output as it was.
  @Test(arguments: TemporaryFiles.endingSignals) func anInterruptedWriteRemovesItsTemporaryFile(signal: Int32) throws {
    let (folder, scene) = try Self.folderWithScene()
    let output = folder + "/out.svg"
    try Data("old".utf8).write(to: URL(fileURLWithPath: output))
    var environment = ProcessInfo.processInfo.environment
    environment["OFFSCREEN_SIM_TEST_HOLD_OUTPUT"] = "1"
    let child = try Spawned(try Self.toolExecutable().path, ["render", scene, "-o", output], environment: environment)
    var said = ""
    while !said.contains("\n"), let chunk = child.readError() { said += chunk }
    #expect(said.hasPrefix("holding \(folder)/.out.svg."), "\(said)")
    let temporary = String(said.dropFirst("holding ".count).prefix { $0 != "\n" })
    #expect(Self.fileType(temporary) == S_IFREG)
    #expect(Self.contents(temporary)?.contains("<svg") == true)
    kill(child.pid, signal)
    let status = child.wait()
    // <sys/wait.h>: killed by a signal when the low seven bits hold its number.
    #expect(status & 0x7F == signal, "wait status \(status)")
    #expect(Self.fileType(temporary) == nil)
    #expect(Self.contents(output) == "old")
    #expect(Self.names(in: folder) == ["out.svg", "scene.json"])
  }

  /// The file size limit passed mid-write (`ulimit -f 1`: one block, less than the picture): the
  /// kernel sends SIGXFSZ from inside `write(2)`, and the handler removes the temporary file the
  /// write was filling. The process ends by that signal; the old output stays as it was.
  @Test func aWritePastTheFileSizeLimitRemovesItsTemporaryFile() throws {
    let (folder, scene) = try Self.folderWithScene()
    let output = folder + "/out.svg"
    try Data("old".utf8).write(to: URL(fileURLWithPath: output))
    let script = #"ulimit -c 0; ulimit -f 1; exec "$0" "$@""#
    let child = try Spawned(
      "/bin/sh", ["-c", script, try Self.toolExecutable().path, "render", scene, "-o", output],
      environment: ProcessInfo.processInfo.environment)
    let status = child.wait()
    #expect(status & 0x7F == SIGXFSZ, "wait status \(status)")
    #expect(Self.contents(output) == "old")
    #expect(Self.names(in: folder) == ["out.svg", "scene.json"])
  }

  /// A child process started as a shell starts one: no signal blocked or ignored (a test
  /// runner's threads block most signals, and `Process` passes its mask on), standard error on
  /// a pipe.
  final class Spawned {
    let pid: pid_t
    let errors: Int32

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
      var pipe: [Int32] = [0, 0]
      #if canImport(Glibc)
        #expect(Glibc.pipe(&pipe) == 0)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
      #else
        // Darwin's spawn types are optional pointers (spawn.h: `typedef void *posix_spawnattr_t`).
        #expect(Darwin.pipe(&pipe) == 0)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
      #endif
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
      posix_spawn_file_actions_addclose(&actions, pipe[0])
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var none = sigset_t()
      sigemptyset(&none)
      var all = sigset_t()
      sigfillset(&all)
      posix_spawnattr_setsigmask(&attributes, &none)
      posix_spawnattr_setsigdefault(&attributes, &all)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
      let argv = ([executable] + arguments).map { strdup($0) } + [nil]
      let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer { (argv + envp).forEach { free($0) } }
      var pid: pid_t = 0
      let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
      close(pipe[1])
      try #require(result == 0, "posix_spawn: \(result)")
      self.pid = pid
      self.errors = pipe[0]
    }

    /// What the child wrote to standard error since the last call; nil at its end.
    func readError() -> String? {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(errors, &buffer, buffer.count)
      return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }

    /// Waits for the child to end; its wait status.
    func wait() -> Int32 {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      close(errors)
      return status
    }
  }

  /// The tool's executable, built next to the test bundle by `swift test`.
  static func toolExecutable() throws -> URL { try #require(BuiltTool.executable, "build the tool first") }

  // MARK: optimize

  /// A scene no fix applies to is written back byte for byte, whatever its layout: tabs, CR LF,
  /// `1.0`, escapes, no final line feed.
  @Test func optimizeWithoutAFixWritesTheSameBytes() throws {
    let folder = try temporaryFolder()
    let input = folder + "/odd.json"
    let text =
      "{\r\n\t\"version\": 1.0,\t\"device\" : \"iphone-7\",\r\n\t\"name\": \"caf\\u00e9 \\\"}]\",\r\n"
      + "\t\"root\": {\"id\": \"root\", \"sublayers\": [ {\"id\":\"a\",\"frame\":[0,0,10.50,10],\"backgroundColor\":\"#FF0000\"} ]}}"
    try Data(text.utf8).write(to: URL(fileURLWithPath: input))
    let run = ToolRun.callAsFunction(["optimize", input, "-o", folder + "/out.json"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("No fix that keeps appearance applies"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.json")) == Data(text.utf8))
  }

  /// QQ Music v1 laid out with tabs: the fixes the guide documents (the topic chips lose
  /// `masksToBounds`, docs/explain-and-optimize.md) remove those lines and change no other; the
  /// result means what optimizing the two-space file means.
  @Test func optimizeChangesOnlyTheKeysItFixes() throws {
    let folder = try temporaryFolder()
    let original = try String(contentsOf: packageRoot.appendingPathComponent("scenes/qqmusic-home-v1.json"), encoding: .utf8)
    let tabbed = original.replacingOccurrences(of: "  ", with: "\t")
    try Data(tabbed.utf8).write(to: URL(fileURLWithPath: folder + "/tabs.json"))
    try Data(original.utf8).write(to: URL(fileURLWithPath: folder + "/spaces.json"))
    #expect(ToolRun.callAsFunction(["optimize", "tabs.json", "-o", "tabs-out.json"], currentDirectory: folder).status == 0)
    #expect(ToolRun.callAsFunction(["optimize", "spaces.json", "-o", "spaces-out.json"], currentDirectory: folder).status == 0)
    let written = try #require(Self.contents(folder + "/tabs-out.json"))
    let change = written.split(separator: "\n", omittingEmptySubsequences: false).difference(
      from: tabbed.split(separator: "\n", omittingEmptySubsequences: false))
    #expect(change.insertions.isEmpty)
    #expect(!change.removals.isEmpty)
    for removal in change.removals {
      guard case .remove(_, let line, _) = removal else { continue }
      #expect(line.trimmingCharacters(in: .whitespaces) == #""masksToBounds": true,"#)
    }
    let spaces = try #require(Self.contents(folder + "/spaces-out.json"))
    #expect(try SceneDocument(parsing: Array(written.utf8)).rendered() == SceneDocument(parsing: Array(spaces.utf8)).rendered())
  }

  /// The patch on its own: edits keep every byte around them.
  @Test func aPatchedDocumentKeepsWhatNoEditTouched() throws {
    let text = """
      {"version": 1, "name": "a \\"}] b",
          "root": {"id": "root", "sublayers": [
              {"id": "one", "frame": [0, 0, 10, 10], "cornerRadius": 4.0, "masksToBounds": true},
              {"id": "two",   "frame": [0, 0, 10, 10]},
              {"id": "three", "frame": [0, 0, 10, 10],
                  "shadowOpacity": 0.5,
                  "sublayers": []}]}}
      """
    var document = try SceneDocument(parsing: Array(text.utf8))
    #expect(try document.patched(Array(text.utf8)) == Array(text.utf8))
    try document.apply([.setCornerRadius(6), .setMasksToBounds(false)], to: "root/one")
    try document.apply([.setShadowPath(.bounds)], to: "root/three")
    try document.apply([.removeSublayer("two")], to: "root")
    let patched = String(decoding: try document.patched(Array(text.utf8)), as: UTF8.self)
    // By hand: `4.0` becomes `6` and `masksToBounds` goes with the separator before it; `two`
    // goes with the separator before it; `shadowPath` goes before `sublayers` (the format's
    // order) with the separator `sublayers` had.
    let expected = """
      {"version": 1, "name": "a \\"}] b",
          "root": {"id": "root", "sublayers": [
              {"id": "one", "frame": [0, 0, 10, 10], "cornerRadius": 6},
              {"id": "three", "frame": [0, 0, 10, 10],
                  "shadowOpacity": 0.5,
                  "shadowPath": "bounds",
                  "sublayers": []}]}}
      """
    #expect(patched == expected)
  }
}
