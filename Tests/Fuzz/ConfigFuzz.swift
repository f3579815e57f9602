// libFuzzer harness for the project configuration and pairs files: the files whose paths a pull
// request chooses. Not part of the package build: Tests/Fuzz/run links it against the package's
// modules (offscreen-sim's without main.swift), built with -sanitize=fuzzer,address.
import Foundation
import LayerTree
import SceneBatch

@testable import offscreen_sim

/// A small repository of this process: scenes in folders, a link to a file outside, a hidden
/// folder; and beside it, outside, a file no path may reach.
let repository: (top: String, real: String) = {
  let top = NSTemporaryDirectory() + "offscreen-sim-config-fuzz-\(getpid())"
  let files = FileManager.default
  for folder in ["repo/.git", "repo/scenes/deep", "repo/.hidden", "outside"] {
    try? files.createDirectory(atPath: top + "/" + folder, withIntermediateDirectories: true)
  }
  for file in ["repo/scenes/a.json", "repo/scenes/deep/b.json", "repo/.hidden/c.json", "outside/secret.json"] {
    _ = files.createFile(atPath: top + "/" + file, contents: Data("{}".utf8))
  }
  try? files.createSymbolicLink(atPath: top + "/repo/scenes/leak.json", withDestinationPath: top + "/outside/secret.json")
  try? files.createSymbolicLink(atPath: top + "/repo/up", withDestinationPath: top)
  let repo = top + "/repo"
  return (repo, ScenePaths.real(repo) ?? repo)
}()

/// Reads the input as a project configuration and as a pairs file. A file refused with problems
/// is not a crash. Every path either names, once expanded (globs and folders searched), leads
/// inside the repository with its links followed, or was refused: checked with `realpath(3)`
/// itself, apart from the code that holds the paths.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let devices = ["iphone-7", "iphone-13-pro"]
  let gates = ["default", "all", "none", "findings", "gpuMs.p95"]
  let bounds = RepositoryBounds(file: ".offscreen-sim.json", currentDirectory: repository.top, allowsOutside: false)
  if let config = try? ProjectConfigDecoder.decode(bytes, devices: devices, gates: gates), let scenes = config.scenes {
    if let (paths, _) = try? ScenePatterns.expand(
      scenes, in: ".", currentDirectory: repository.top, file: ".offscreen-sim.json", bounds: bounds, maxEntries: 10_000)
    {
      let (files, _, _) = ScenePaths.expand(paths, currentDirectory: repository.top)
      for path in paths + files { requireInside(path) }
    }
  }
  if let pairs = try? PairsDecoder.decode(bytes, devices: devices, gates: gates) {
    for pair in pairs {
      for path in [pair.before, pair.after] {
        let joined = ScenePaths.join(".", path)
        if (try? bounds.check(joined, written: path, key: "before", currentDirectory: repository.top, outcome: "")) != nil {
          requireInside(joined)
        }
      }
    }
  }
  return 0
}

/// Traps unless `path` (from the repository's top) leads inside it, when it leads anywhere.
func requireInside(_ path: String) {
  let full = path.hasPrefix("/") ? path : repository.top + "/" + path
  guard let real = ScenePaths.real(full) else { return }
  precondition(real == repository.real || real.hasPrefix(repository.real + "/"), "\(path) leads to \(real), outside the repository")
}
