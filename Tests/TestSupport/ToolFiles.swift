import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder that holds every folder ``temporaryFolder()`` makes in this test process, removed
/// with everything in it when the process exits (`atexit(3)`, which runs when the test runner
/// returns from its entry point or calls `exit`): a run leaves nothing in the temporary directory.
/// A process that crashes or is killed leaves it, under a name that says whose it is. Its name is
/// short, as are the folders in it, so that a path in them fits a Unix socket's address (104
/// bytes on Darwin, where the temporary directory is already some 50).
private let processScratch: URL = {
  let tag = UUID().uuidString.prefix(8)
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offscreen-sim-tests-\(getpid())-\(tag)")
  atexit { try? FileManager.default.removeItem(at: processScratch) }
  return folder
}()

/// How many folders ``temporaryFolder()`` has made in this process: the next one's name.
private final class FolderCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }
}
private let folderCounter = FolderCounter()

/// A new empty folder under the temporary directory, removed when the test process exits.
public func temporaryFolder() throws -> String {
  let folder = processScratch.appendingPathComponent(String(folderCounter.next()))
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder.path
}

/// Writes `text` to a new temporary file named `name` and returns its path.
public func temporaryFile(_ name: String, _ text: String) throws -> String {
  let url = URL(fileURLWithPath: try temporaryFolder()).appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}

/// The tool's executable as `swift build` or `swift test` built it, for a test that runs it as a
/// process of its own (signals, file descriptors); most tests run it in the test's process
/// (`ToolRun` in CLITests).
public enum BuiltTool {
  /// The executable next to the test bundle, or in `.build/debug`; nil when it is not built.
  public static var executable: URL? {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("offscreen-sim"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("offscreen-sim"),
      Repository.root.appendingPathComponent(".build/debug/offscreen-sim"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}

/// Seconds of processor time the calling thread has used so far: the work it did, which other
/// processes and tests running at the same time do not lengthen as they lengthen the wall
/// clock's time (a hang guard measured with it holds on a loaded machine as on an idle one).
public func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
