// libFuzzer harness for `offscreen-sim merge`: shard documents, as a CI job's artifacts hand
// them over. Not part of the package build: Tests/Fuzz/run links it against the package's
// modules (offscreen-sim's without main.swift), built with -sanitize=fuzzer,address.
import Foundation
import LayerTree

@testable import offscreen_sim

/// A folder of this process for the shard files (`merge` reads files).
let mergeFolder: String = {
  let path = NSTemporaryDirectory() + "offscreen-sim-merge-fuzz-\(getpid())"
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}()

/// Splits the input at each 0x1E byte (the record separator) into up to three shard documents,
/// writes them to files and merges them in every output format, in memory. A merge refused
/// with its reasons is not a crash; a trap, a failed check or a memory error is. The run's exit
/// code is 0, 1 or 2, and no output holds an escape character (every value from a shard is
/// escaped where it is written).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let parts = bytes.split(separator: 0x1E, maxSplits: 2, omittingEmptySubsequences: false)
  var paths: [String] = []
  for (index, part) in parts.enumerated() {
    let path = mergeFolder + "/shard-\(index).json"
    guard FileManager.default.createFile(atPath: path, contents: Data(part)) else { preconditionFailure("cannot write \(path)") }
    paths.append(path)
  }
  final class Output: @unchecked Sendable {
    var text = ""
  }
  for format in ["text", "json", "markdown", "github"] {
    let (out, err) = (Output(), Output())
    let io = ToolIO(
      writeOut: { out.text += $0 }, writeErr: { err.text += $0 }, readStdin: { [] }, environment: ["GITHUB_ACTIONS": "true"],
      currentDirectory: mergeFolder)
    let status = CommandLineTool.run(["merge"] + paths + ["--format", format], io: io)
    precondition([0, 1, 2].contains(status), "merge exited \(status)")
    precondition(!out.text.contains("\u{1B}") && !err.text.contains("\u{1B}"), "an escape character in merge's output")
  }
  return 0
}
