import Compositor
import LayerTree
import SceneBatch

/// A shard's results in its JSON document; SceneBatch's `ShardMerge` reads them back and merges
/// them into one run.
///
/// A shard (`check --shard i/n --format json`, `compare --shard i/n --format json`) writes the
/// command's usual document plus a `shard` member: which part it is, how many inputs the whole
/// run has, and, for each of its inputs by position, how many of the document's scenes or
/// comparisons are that input's, whether it was skipped, its error messages, and where each
/// error's problems are (`errorPlaces`: the file, and each problem's JSON path, message, notes,
/// line and column), so that in a GitHub Actions job the merge annotates them as one run does.
/// `merge` puts the inputs back in position order, so it prints what one run over all of them
/// prints.
enum ShardDocument {
  static func check(_ shard: Shard, files: Int, positions: [Int], run: CheckRun, pathErrors: [String]) -> (String, JSONOutput) {
    var failures = run.failures[...]
    let parts = zip(positions, run.parts).map { position, part -> JSONOutput in
      let errors = failures.prefix(part.failures).map { InputError($0) }
      failures = failures.dropFirst(part.failures)
      return .object(
        [("position", .int(position)), ("scenes", .int(part.entries)), ("skipped", .bool(part.skipped))] + written(errors))
    }
    return member(
      shard, inputs: files,
      [("pathErrors", .array(pathErrors.map { .string($0) })), ("parts", .array(parts))])
  }

  static func compare(_ shard: Shard, requests: Int, positions: [Int], run: CompareRun, tolerance: Double) -> (String, JSONOutput) {
    var failures = run.failures[...]
    let parts = zip(positions, run.parts).map { position, part -> JSONOutput in
      let errors = failures.prefix(part.failures).map { InputError($0) }
      failures = failures.dropFirst(part.failures)
      return .object(
        [("position", .int(position)), ("comparisons", .int(part.results))] + written(errors) + [
          (
            "otherVersions",
            .array(part.otherVersions.map { .object([("path", .string($0.path)), ("madeBy", .string($0.madeBy))]) })
          )
        ])
    }
    // The tolerance exactly, not as the document rounds it for people.
    return member(shard, inputs: requests, [("tolerance", .number(tolerance)), ("parts", .array(parts))])
  }

  /// An input's errors: their messages, and where each one's problems are.
  private static func written(_ errors: [InputError]) -> [(String, JSONOutput)] {
    func optional(_ value: Int?) -> JSONOutput { value.map { .int($0) } ?? .null }
    let places = errors.map { error -> JSONOutput in
      .object([
        ("file", error.file.map { .string($0) } ?? .null),
        (
          "problems",
          .array(
            error.diagnostics.map { problem in
              .object([
                ("path", .string(problem.path)), ("message", .string(problem.message)),
                ("notes", .array(problem.notes.map { .string($0) })), ("line", optional(problem.location?.line)),
                ("column", optional(problem.location?.column)),
              ])
            })
        ),
      ])
    }
    return [("errors", .array(errors.map { .string($0.message) })), ("errorPlaces", .array(places))]
  }

  private static func member(_ shard: Shard, inputs: Int, _ rest: [(String, JSONOutput)]) -> (String, JSONOutput) {
    ("shard", .object([("index", .int(shard.index)), ("count", .int(shard.count)), ("inputs", .int(inputs))] + rest))
  }
}

extension InputError {
  /// A problem with a shard file, or an error a shard recorded on one of its inputs, as the
  /// command reports it.
  init(_ error: ShardError) {
    self.init(error.message, file: error.file)
    diagnostics = error.diagnostics
  }
}
