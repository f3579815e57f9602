import Compositor
import LayerTree
import SceneBatch

/// A shard's results in its JSON document, and shards read back and merged into one run.
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
  // MARK: Writing

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

  // MARK: Reading

  /// Shards of `check`, merged: the run, and every error message in input order.
  struct MergedCheck {
    var run: CheckRun
    var errors: [InputError]
  }

  /// Shards of `compare`, merged.
  struct MergedCompare {
    var results: [ComparisonResult]
    var otherVersions: [CompareRun.OtherVersion]
    var errors: [InputError]
    var tolerance: Double
  }

  enum Merged {
    case check(MergedCheck)
    case compare(MergedCompare)
  }

  /// One shard file, read.
  private struct Read {
    var file: String
    var document: JSONValue
    var shard: JSONValue
    var index: Int
    var count: Int
    var inputs: Int
    var isCheck: Bool
  }

  /// Reads the shard documents `files` (path, bytes) and merges them. Every shard of one run
  /// must be there, once.
  static func merge(_ files: [(path: String, bytes: [UInt8])]) throws(InputError) -> Merged {
    var shards: [Read] = []
    for (path, bytes) in files {
      let file = SceneLoader.displayName(path)
      let source = SourceText(bytes)
      let document: JSONValue
      do {
        document = try JSONReader.parse(bytes)
      } catch {
        throw InputError("\(file):\(source.location(ofOffset: error.offset)): error: invalid JSON: \(error.message)", file: file)
      }
      let reader = Reader(file: file)
      let isCheck = member(document, "checkVersion") != nil
      guard isCheck || member(document, "compareVersion") != nil else {
        throw reader.fail("expected the JSON document of check or compare (--format json), with checkVersion or compareVersion")
      }
      guard let shard = member(document, "shard") else {
        throw reader.fail("this document has no `shard`: make each part with --shard i/n --format json")
      }
      shards.append(
        Read(
          file: file, document: document, shard: shard, index: try reader.int(shard, "index"), count: try reader.int(shard, "count"),
          inputs: try reader.int(shard, "inputs"), isCheck: isCheck))
    }
    guard let first = shards.first else { throw InputError("merge: error: no shard files given") }
    for shard in shards {
      let reader = Reader(file: shard.file)
      if shard.isCheck != first.isCheck {
        throw reader.fail(
          "a shard of \(shard.isCheck ? "check" : "compare") cannot be merged with one of \(first.isCheck ? "check" : "compare") (\(first.file))"
        )
      }
      if shard.count != first.count || shard.inputs != first.inputs {
        throw reader.fail(
          "shard \(shard.index)/\(shard.count) of \(shard.inputs) inputs does not belong with \(first.file) (shard \(first.index)/\(first.count) of \(first.inputs) inputs)"
        )
      }
      if let version = member(shard.document, "tool").flatMap({ member($0, "version") }), case .string(let text) = version.kind,
        text != toolVersion
      {
        throw reader.fail("made by offscreen-sim \(text), this is \(toolVersion): make every shard with the same version")
      }
    }
    let indices = shards.map(\.index).sorted()
    if indices != Array(1...first.count) {
      let missing = Set(1...first.count).subtracting(indices).sorted()
      let repeated = Set(indices.filter { index in indices.filter { $0 == index }.count > 1 }).sorted()
      var problems: [String] = []
      if !missing.isEmpty { problems.append("missing \(missing.map { "\($0)/\(first.count)" }.joined(separator: ", "))") }
      if !repeated.isEmpty { problems.append("given twice: \(repeated.map { "\($0)/\(first.count)" }.joined(separator: ", "))") }
      throw InputError("merge: error: every shard of the run is needed once: \(problems.joined(separator: "; "))")
    }
    return first.isCheck ? .check(try mergeCheck(shards)) : .compare(try mergeCompare(shards))
  }

  private static func mergeCheck(_ shards: [Read]) throws(InputError) -> MergedCheck {
    // Each input's part: its position, its scene entries, skipped, errors.
    var parts: [(position: Int, entries: [CheckRun.Entry], skipped: String?, errors: [InputError])] = []
    var pathErrors: [String] = []
    for shard in shards {
      let reader = Reader(file: shard.file)
      if shard.index == 1 { pathErrors = try reader.strings(shard.shard, "pathErrors") }
      var scenes = try reader.array(shard.document, "scenes")[...]
      let skippedFiles = try reader.strings(shard.document, "skipped")
      var skipped = skippedFiles[...]
      for part in try reader.array(shard.shard, "parts") {
        let count = try reader.int(part, "scenes")
        guard count <= scenes.count else { throw reader.fail("`shard.parts` counts more scenes than `scenes` holds") }
        let entries = try scenes.prefix(count).map { (scene) throws(InputError) in try reader.entry(scene) }
        scenes = scenes.dropFirst(count)
        var skippedFile: String? = nil
        if try reader.bool(part, "skipped") {
          guard let file = skipped.first else { throw reader.fail("`shard.parts` skips more scenes than `skipped` lists") }
          skippedFile = file
          skipped = skipped.dropFirst()
        }
        parts.append((try reader.int(part, "position"), entries, skippedFile, try reader.errors(part)))
      }
    }
    parts.sort { $0.position < $1.position }
    var run = CheckRun()
    var errors = pathErrors.map { InputError($0) }
    for part in parts {
      run.entries += part.entries
      if let skipped = part.skipped { run.skipped.append(skipped) }
      errors += part.errors
    }
    return MergedCheck(run: run, errors: errors)
  }

  private static func mergeCompare(_ shards: [Read]) throws(InputError) -> MergedCompare {
    var parts: [(position: Int, results: [ComparisonResult], errors: [InputError], otherVersions: [CompareRun.OtherVersion])] = []
    var tolerance = Comparison.defaultTolerance
    for shard in shards {
      let reader = Reader(file: shard.file)
      tolerance = try reader.number(shard.shard, "tolerance")
      var comparisons = try reader.array(shard.document, "comparisons")[...]
      for part in try reader.array(shard.shard, "parts") {
        let count = try reader.int(part, "comparisons")
        guard count <= comparisons.count else { throw reader.fail("`shard.parts` counts more comparisons than `comparisons` holds") }
        let results = try comparisons.prefix(count).map { (item) throws(InputError) in try reader.comparison(item, tolerance: tolerance) }
        comparisons = comparisons.dropFirst(count)
        let others = try reader.array(part, "otherVersions").map { (item) throws(InputError) in
          CompareRun.OtherVersion(path: try reader.string(item, "path"), madeBy: try reader.string(item, "madeBy"))
        }
        parts.append((try reader.int(part, "position"), results, try reader.errors(part), others))
      }
    }
    parts.sort { $0.position < $1.position }
    var merged = MergedCompare(results: [], otherVersions: [], errors: [], tolerance: tolerance)
    for part in parts {
      merged.results += part.results
      merged.errors += part.errors
      for other in part.otherVersions where !merged.otherVersions.contains(other) { merged.otherVersions.append(other) }
    }
    return merged
  }

  private static func member(_ value: JSONValue, _ key: String) -> JSONValue? {
    guard case .object(let members) = value.kind else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// Reads the members of one shard file; a missing or mistyped member is an input error that
  /// names the file and the member.
  private struct Reader {
    var file: String

    func fail(_ message: String) -> InputError { InputError("\(file): error: \(message)", file: file) }

    func value(_ object: JSONValue, _ key: String) throws(InputError) -> JSONValue {
      guard let found = ShardDocument.member(object, key) else { throw fail("missing `\(key)` in a shard document") }
      return found
    }

    func number(_ object: JSONValue, _ key: String) throws(InputError) -> Double {
      guard case .number(let number) = try value(object, key).kind, number.isFinite else { throw fail("`\(key)` must be a number") }
      return number
    }

    func optionalNumber(_ object: JSONValue, _ key: String) throws(InputError) -> Double? {
      if case .null = try value(object, key).kind { return nil }
      return try number(object, key)
    }

    func int(_ object: JSONValue, _ key: String) throws(InputError) -> Int {
      let number = try number(object, key)
      guard number == number.rounded(), abs(number) < 1e15 else { throw fail("`\(key)` must be a whole number") }
      return Int(number)
    }

    func string(_ object: JSONValue, _ key: String) throws(InputError) -> String {
      guard case .string(let text) = try value(object, key).kind else { throw fail("`\(key)` must be a string") }
      return text
    }

    func optionalString(_ object: JSONValue, _ key: String) throws(InputError) -> String? {
      if case .null = try value(object, key).kind { return nil }
      return try string(object, key)
    }

    func bool(_ object: JSONValue, _ key: String) throws(InputError) -> Bool {
      guard case .bool(let flag) = try value(object, key).kind else { throw fail("`\(key)` must be true or false") }
      return flag
    }

    func array(_ object: JSONValue, _ key: String) throws(InputError) -> [JSONValue] {
      guard case .array(let items) = try value(object, key).kind else { throw fail("`\(key)` must be an array") }
      return items
    }

    func strings(_ object: JSONValue, _ key: String) throws(InputError) -> [String] {
      try array(object, key).map { (item) throws(InputError) in
        guard case .string(let text) = item.kind else { throw fail("`\(key)` must hold strings") }
        return text
      }
    }

    /// An input's errors: each message, with its file and problems from `errorPlaces` when the
    /// part has them (the message alone otherwise).
    func errors(_ part: JSONValue) throws(InputError) -> [InputError] {
      var errors = try strings(part, "errors").map { InputError($0) }
      guard ShardDocument.member(part, "errorPlaces") != nil else { return errors }
      let places = try array(part, "errorPlaces")
      guard places.count == errors.count else { throw fail("`errorPlaces` must have one item per item of `errors`") }
      for (index, place) in places.enumerated() {
        errors[index].file = try optionalString(place, "file")
        errors[index].diagnostics = try array(place, "problems").map { (problem) throws(InputError) -> Diagnostic in
          var location: SourceLocation? = nil
          if let line = try optionalInt(problem, "line") {
            guard let column = try optionalInt(problem, "column") else { throw fail("a problem with a `line` needs a `column`") }
            location = SourceLocation(line: line, column: column)
          }
          var diagnostic = Diagnostic(
            path: "", location: location, message: try string(problem, "message"), notes: try strings(problem, "notes"))
          // As the shard wrote it: a long path was shortened there already.
          diagnostic.path = try string(problem, "path")
          return diagnostic
        }
      }
      return errors
    }

    func optionalInt(_ object: JSONValue, _ key: String) throws(InputError) -> Int? {
      if case .null = try value(object, key).kind { return nil }
      return try int(object, key)
    }

    /// One scene on one device, as CheckJSONFormatter writes it.
    func entry(_ scene: JSONValue) throws(InputError) -> CheckRun.Entry {
      let device = try value(scene, "device")
      let results = try array(scene, "budgets").map { (budget) throws(InputError) -> BudgetResult in
        let name = try string(budget, "budget")
        guard let kind = BudgetKind(rawValue: name) else { throw fail("unknown budget `\(name)`") }
        var location: SourceLocation? = nil
        if ShardDocument.member(budget, "line") != nil {
          location = SourceLocation(line: try int(budget, "line"), column: try int(budget, "column"))
        }
        return BudgetResult(
          limit: Budgets.Limit(kind: kind, value: try number(budget, "expected"), location: location),
          found: try optionalNumber(budget, "found"), passed: try bool(budget, "passed"))
      }
      return CheckRun.Entry(
        file: try string(scene, "file"), deviceID: try string(device, "id"), deviceName: try string(device, "name"),
        budgetsFile: try optionalString(scene, "budgetsFile"), results: results)
    }

    /// One comparison, as CompareJSONFormatter writes it: its metrics' values and its findings
    /// give back the same ``Comparison``.
    func comparison(_ item: JSONValue, tolerance: Double) throws(InputError) -> ComparisonResult {
      func side(_ key: String, locations: [FindingKey: SourceLocation] = [:]) throws(InputError) -> ComparisonResult.Side {
        let side = try value(item, key)
        return ComparisonResult.Side(
          file: try string(side, "file"), kind: try string(side, "kind"), name: try string(side, "name"), locations: locations)
      }
      func keys(_ object: JSONValue, _ key: String) throws(InputError) -> [FindingKey] {
        try array(object, key).map { (finding) throws(InputError) in
          FindingKey(rule: try string(finding, "rule"), layer: try string(finding, "layer"))
        }
      }
      let device = try value(item, "device")
      let deviceID = try string(device, "id")
      var before: [String: Double] = [:]
      var after: [String: Double] = [:]
      for metric in try array(item, "metrics") {
        let id = try string(metric, "id")
        before[id] = try optionalNumber(metric, "before")
        after[id] = try optionalNumber(metric, "after")
      }
      let findings = try value(item, "findings")
      var locations: [FindingKey: SourceLocation] = [:]
      for finding in try array(findings, "appeared") {
        if let location = SavedReportReader.location(finding) {
          locations[FindingKey(rule: try string(finding, "rule"), layer: try string(finding, "layer"))] = location
        }
      }
      let comparison = Comparison(
        before: MetricSnapshot(deviceID: deviceID, frames: 1, frameRate: 0, values: before, findings: try keys(findings, "disappeared")),
        after: MetricSnapshot(deviceID: deviceID, frames: 1, frameRate: 0, values: after, findings: try keys(findings, "appeared")),
        tolerance: tolerance, gates: try strings(item, "gates"))
      return ComparisonResult(
        before: try side("before"), after: try side("after", locations: locations), deviceID: deviceID,
        deviceName: try string(device, "name"),
        comparison: comparison)
    }
  }
}
