import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A new empty folder under the temporary directory.
public func temporaryFolder() throws -> String {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offscreen-sim-tests-\(UUID().uuidString)")
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
