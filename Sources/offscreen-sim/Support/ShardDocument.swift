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
    var bytes: [UInt8]
    var document: Node
    var shard: Node
    var index: Int
    var count: Int
    var inputs: Int
    var isCheck: Bool

    func fail(_ message: String) -> InputError { InputError("\(file): error: \(message)", file: file) }

    func reading<Value>(_ body: () throws(Problem) -> Value) throws(InputError) -> Value {
      try ShardDocument.reading(file: file, bytes: bytes, document: document, body)
    }
  }

  /// Runs `body` on a shard file's document; a problem in it becomes an input error naming the
  /// file, the line and column, and the JSON path.
  private static func reading<Value>(file: String, bytes: [UInt8], document: Node, _ body: () throws(Problem) -> Value)
    throws(InputError) -> Value
  {
    do {
      return try body()
    } catch {
      throw error.inputError(file: file, bytes: bytes, document: document)
    }
  }

  /// Reads the shard documents `files` (path, bytes) and merges them. Every shard of one run
  /// must be there, once, and between them they must hold each input of the run once.
  ///
  /// Shard files are input like any other: each is read as JSON and every value the merge uses
  /// is checked, so that a file that is not what a shard wrote is an input error naming the file,
  /// the line and column, and the JSON path (`scenes[3].budgets[0].expected: must be a number`),
  /// never a trap. The merge prints only what it makes again from those values, with the
  /// formatters one run uses: no text of a shard file is copied to the output as it is.
  static func merge(_ files: [(path: String, bytes: [UInt8])]) throws(InputError) -> Merged {
    var shards: [Read] = []
    for (path, bytes) in files {
      let file = SceneLoader.displayName(path)
      let parsed: JSONValue
      do {
        parsed = try JSONReader.parse(bytes)
      } catch {
        let place = SourceText(bytes).location(ofOffset: error.offset)
        throw InputError("\(file):\(place): error: invalid JSON: \(error.message)", file: file)
      }
      let document = Node(parsed)
      let isCheck = document.has("checkVersion")
      guard isCheck || document.has("compareVersion") else {
        throw InputError(
          "\(file): error: expected the JSON document of check or compare (--format json), with checkVersion or compareVersion",
          file: file)
      }
      // A version this tool does not write may mean something else by the same fields.
      let versionKey = isCheck ? "checkVersion" : "compareVersion"
      let version = isCheck ? CheckJSONFormatter.version : CompareJSONFormatter.version
      try reading(file: file, bytes: bytes, document: document) { () throws(Problem) in
        let found = try document.int(versionKey)
        guard found == version else {
          throw Problem(
            "\(versionKey) \(found) is not one this tool reads (it writes and reads \(version)): make the parts again with this version",
            at: try document.member(versionKey))
        }
      }
      guard document.has("shard") else {
        throw InputError("\(file): error: this document has no `shard`: make each part with --shard i/n --format json", file: file)
      }
      let (shard, index, count, inputs) = try reading(file: file, bytes: bytes, document: document) { () throws(Problem) in
        let shard = try document.member("shard")
        let count = try shard.int("count")
        guard count >= 1 else { throw Problem("must be 1 or more", at: try shard.member("count")) }
        let inputs = try shard.int("inputs")
        guard inputs >= 0 else { throw Problem("must be 0 or more", at: try shard.member("inputs")) }
        return (shard, try shard.int("index"), count, inputs)
      }
      shards.append(
        Read(file: file, bytes: bytes, document: document, shard: shard, index: index, count: count, inputs: inputs, isCheck: isCheck))
    }
    guard let first = shards.first else { throw InputError("merge: error: no shard files given") }
    for shard in shards {
      if shard.isCheck != first.isCheck {
        throw shard.fail(
          "a shard of \(shard.isCheck ? "check" : "compare") cannot be merged with one of \(first.isCheck ? "check" : "compare") (\(first.file))"
        )
      }
      if shard.count != first.count || shard.inputs != first.inputs {
        throw shard.fail(
          "shard \(shard.index)/\(shard.count) of \(shard.inputs) inputs does not belong with \(first.file) (shard \(first.index)/\(first.count) of \(first.inputs) inputs)"
        )
      }
      if let tool = shard.document.optionalMember("tool"), case .string(let text)? = tool.optionalMember("version")?.value.kind,
        text != toolVersion
      {
        throw shard.fail("made by offscreen-sim \(text), this is \(toolVersion): make every shard with the same version")
      }
    }
    let count = first.count
    let indices = shards.map(\.index).sorted()
    if indices.count != count || indices != Array(1...count) {
      // A forged count can be huge: the parts missing are looked for among the first ones only.
      let given = Set(indices)
      let missing = (1...count).lazy.filter { !given.contains($0) }.prefix(10).map { "\($0)/\(count)" }
      let repeated = Set(indices.filter { index in indices.filter { $0 == index }.count > 1 }).sorted()
      let foreign = given.filter { !(1...count).contains($0) }.sorted()
      var problems: [String] = []
      if !missing.isEmpty {
        let total = count - given.filter { (1...count).contains($0) }.count
        problems.append("missing \(missing.joined(separator: ", "))\(total > missing.count ? " and \(total - missing.count) more" : "")")
      }
      if !repeated.isEmpty { problems.append("given twice: \(repeated.map { "\($0)/\(count)" }.joined(separator: ", "))") }
      if !foreign.isEmpty { problems.append("no such part: \(foreign.map { "\($0)/\(count)" }.joined(separator: ", "))") }
      throw InputError("merge: error: every shard of the run is needed once: \(problems.joined(separator: "; "))")
    }
    return first.isCheck ? .check(try mergeCheck(shards)) : .compare(try mergeCompare(shards))
  }

  /// Puts the parts of every shard in input order, after checking that each input of the run is
  /// in exactly one of them: a position outside the run, or one that two parts claim, is an
  /// error naming the shard file and the part; so is an input no shard holds.
  private static func inInputOrder<Part>(_ parts: [(position: Int, part: Part, node: Node, shard: Int)], shards: [Read], inputs: Int)
    throws(InputError) -> [Part]
  {
    var seen: [Int: (node: Node, shard: Int)] = [:]
    for entry in parts {
      let message: String
      if entry.position < 0 || entry.position >= inputs {
        message = inputs == 0 ? "the run has no inputs" : "the run's inputs are at positions 0 to \(inputs - 1)"
      } else if let other = seen[entry.position] {
        let otherShard = shards[other.shard]
        let place = otherShard.document.path(to: other.node.value.offset)
        message = "\(otherShard.file) has this input too (\(place)): each input is in one shard"
      } else {
        seen[entry.position] = (entry.node, entry.shard)
        continue
      }
      let shard = shards[entry.shard]
      throw Problem("position \(entry.position): \(message)", at: entry.node).inputError(
        file: shard.file, bytes: shard.bytes, document: shard.document)
    }
    if seen.count < inputs {
      let missing = (0..<inputs).first { seen[$0] == nil } ?? 0
      let count = inputs - seen.count
      throw InputError(
        "merge: error: \(Markup.plural(count, "input")) of the run \(count == 1 ? "is" : "are") in no shard (the first at position \(missing)): give every shard as it was written"
      )
    }
    return parts.sorted { $0.position < $1.position }.map(\.part)
  }

  private static func mergeCheck(_ shards: [Read]) throws(InputError) -> MergedCheck {
    // Each input's part: its scene entries, skipped, errors.
    typealias Part = (entries: [CheckRun.Entry], skipped: String?, errors: [InputError])
    var parts: [(position: Int, part: Part, node: Node, shard: Int)] = []
    var pathErrors: [String] = []
    for (number, shard) in shards.enumerated() {
      try shard.reading { () throws(Problem) in
        if shard.index == 1 { pathErrors = try shard.shard.strings("pathErrors") }
        let scenes = try shard.document.items("scenes")
        var scene = 0
        let skippedFiles = try shard.document.strings("skipped")
        var skipped = 0
        for part in try shard.shard.items("parts") {
          let count = try part.int("scenes")
          guard count >= 0 else { throw Problem("must be 0 or more", at: try part.member("scenes")) }
          guard count <= scenes.count - scene else {
            throw Problem("`shard.parts` counts more scenes than `scenes` holds", at: try part.member("scenes"))
          }
          let entries = try scenes[scene..<scene + count].map { (scene) throws(Problem) in try scene.entry() }
          scene += count
          var skippedFile: String? = nil
          if try part.bool("skipped") {
            guard skipped < skippedFiles.count else {
              throw Problem("`shard.parts` skips more scenes than `skipped` lists", at: try part.member("skipped"))
            }
            skippedFile = skippedFiles[skipped]
            skipped += 1
          }
          parts.append((try part.int("position"), (entries, skippedFile, try part.errors()), part, number))
        }
        if scene < scenes.count {
          throw Problem("`scenes` holds \(scenes.count - scene) more than `shard.parts` counts", at: scenes[scene])
        }
        if skipped < skippedFiles.count {
          throw Problem(
            "`skipped` lists \(skippedFiles.count - skipped) more than `shard.parts` skips", at: try shard.document.member("skipped"))
        }
      }
    }
    var run = CheckRun()
    var errors = pathErrors.map { InputError($0) }
    for part in try inInputOrder(parts, shards: shards, inputs: shards[0].inputs) {
      run.entries += part.entries
      if let skipped = part.skipped { run.skipped.append(skipped) }
      errors += part.errors
    }
    return MergedCheck(run: run, errors: errors)
  }

  private static func mergeCompare(_ shards: [Read]) throws(InputError) -> MergedCompare {
    typealias Part = (results: [ComparisonResult], errors: [InputError], otherVersions: [CompareRun.OtherVersion])
    var parts: [(position: Int, part: Part, node: Node, shard: Int)] = []
    var tolerance = Comparison.defaultTolerance
    for (number, shard) in shards.enumerated() {
      try shard.reading { () throws(Problem) in
        tolerance = try shard.shard.number("tolerance")
        let comparisons = try shard.document.items("comparisons")
        var next = 0
        for part in try shard.shard.items("parts") {
          let count = try part.int("comparisons")
          guard count >= 0 else { throw Problem("must be 0 or more", at: try part.member("comparisons")) }
          guard count <= comparisons.count - next else {
            throw Problem("`shard.parts` counts more comparisons than `comparisons` holds", at: try part.member("comparisons"))
          }
          let results = try comparisons[next..<next + count].map { (item) throws(Problem) in try item.comparison(tolerance: tolerance) }
          next += count
          let others = try part.items("otherVersions").map { (item) throws(Problem) in
            CompareRun.OtherVersion(path: try item.string("path"), madeBy: try item.string("madeBy"))
          }
          parts.append((try part.int("position"), (results, try part.errors(), others), part, number))
        }
        if next < comparisons.count {
          throw Problem("`comparisons` holds \(comparisons.count - next) more than `shard.parts` counts", at: comparisons[next])
        }
      }
    }
    var merged = MergedCompare(results: [], otherVersions: [], errors: [], tolerance: tolerance)
    for part in try inInputOrder(parts, shards: shards, inputs: shards[0].inputs) {
      merged.results += part.results
      merged.errors += part.errors
      for other in part.otherVersions where !merged.otherVersions.contains(other) { merged.otherVersions.append(other) }
    }
    return merged
  }

  /// Something wrong in a shard document: what, and where the value it is about starts in the
  /// file. Its JSON path is worked out from that place only when it is reported (``inputError``),
  /// so reading a document that is right makes no paths.
  private struct Problem: Error {
    var message: String
    var offset: Int

    init(_ message: String, at node: Node) {
      self.message = message
      self.offset = node.value.offset
    }

    /// `file:line:column: error: scenes[3].device.id: must be a string`, with the same place as
    /// a diagnostic for a GitHub Actions annotation.
    func inputError(file: String, bytes: [UInt8], document: Node) -> InputError {
      let location = SourceText(bytes).location(ofOffset: offset)
      let path = document.path(to: offset)
      var error = InputError("\(file):\(location): error: \(path.isEmpty ? "" : path + ": ")\(message)", file: file)
      var diagnostic = Diagnostic(path: "", location: location, message: message)
      diagnostic.path = path
      error.diagnostics = [diagnostic]
      return error
    }
  }

  /// A value of a shard document, read by what the merge expects of it: a member that is
  /// missing or of the wrong type is a ``Problem`` at that member.
  private struct Node {
    var value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    /// The JSON path (`scenes[3].budgets[0].expected`) from this value to the one that starts
    /// at `offset`: at each level, the member or item that starts last at or before it (they
    /// are in file order).
    func path(to offset: Int) -> String {
      var path = ""
      var current = value
      while current.offset != offset {
        switch current.kind {
        case .array(let items):
          guard let index = items.lastIndex(where: { $0.offset <= offset }) else { return path }
          path += "[\(index)]"
          current = items[index]
        case .object(let members):
          guard let index = members.lastIndex(where: { $0.keyOffset <= offset }) else { return path }
          path += (path.isEmpty ? "" : ".") + members[index].key
          current = members[index].value
        default:
          return path
        }
      }
      return path
    }

    /// The first member named `key`, when this is an object that has one.
    func optionalMember(_ key: String) -> Node? {
      guard case .object(let members) = value.kind, let found = members.first(where: { $0.key == key }) else { return nil }
      return Node(found.value)
    }

    func has(_ key: String) -> Bool {
      guard case .object(let members) = value.kind else { return false }
      return members.contains { $0.key == key }
    }

    /// The first member named `key`.
    private func raw(_ key: String) throws(Problem) -> JSONValue {
      guard case .object(let members) = value.kind else { throw Problem("must be an object", at: self) }
      guard let found = members.first(where: { $0.key == key }) else { throw Problem("missing `\(key)`", at: self) }
      return found.value
    }

    private func problem(_ message: String, _ key: String, _ found: JSONValue) -> Problem { Problem(message, at: Node(found)) }

    func member(_ key: String) throws(Problem) -> Node { Node(try raw(key)) }

    func number(_ key: String) throws(Problem) -> Double {
      let found = try raw(key)
      guard case .number(let number) = found.kind, number.isFinite else { throw problem("must be a number", key, found) }
      return number
    }

    func optionalNumber(_ key: String) throws(Problem) -> Double? {
      if case .null = try raw(key).kind { return nil }
      return try number(key)
    }

    func int(_ key: String) throws(Problem) -> Int {
      let number = try number(key)
      guard number == number.rounded(), abs(number) < 1e15 else { throw problem("must be a whole number", key, try raw(key)) }
      return Int(number)
    }

    func optionalInt(_ key: String) throws(Problem) -> Int? {
      if case .null = try raw(key).kind { return nil }
      return try int(key)
    }

    func string(_ key: String) throws(Problem) -> String {
      let found = try raw(key)
      guard case .string(let text) = found.kind else { throw problem("must be a string", key, found) }
      return text
    }

    func optionalString(_ key: String) throws(Problem) -> String? {
      if case .null = try raw(key).kind { return nil }
      return try string(key)
    }

    func bool(_ key: String) throws(Problem) -> Bool {
      let found = try raw(key)
      guard case .bool(let flag) = found.kind else { throw problem("must be true or false", key, found) }
      return flag
    }

    /// The items of the array `key`.
    func items(_ key: String) throws(Problem) -> [Node] {
      let found = try raw(key)
      guard case .array(let items) = found.kind else { throw problem("must be an array", key, found) }
      return items.map(Node.init)
    }

    func strings(_ key: String) throws(Problem) -> [String] {
      let found = try raw(key)
      guard case .array(let items) = found.kind else { throw problem("must be an array", key, found) }
      return try items.map { (item) throws(Problem) in
        guard case .string(let text) = item.kind else { throw Problem("must be a string", at: Node(item)) }
        return text
      }
    }

    /// An input's errors: each message, with its file and problems from `errorPlaces` when the
    /// part has them (the message alone otherwise).
    func errors() throws(Problem) -> [InputError] {
      var errors = try strings("errors").map { InputError($0) }
      guard has("errorPlaces") else { return errors }
      let places = try items("errorPlaces")
      guard places.count == errors.count else {
        throw Problem("must have one item per item of `errors`", at: try member("errorPlaces"))
      }
      for (index, place) in places.enumerated() {
        errors[index].file = try place.optionalString("file")
        errors[index].diagnostics = try place.items("problems").map { (problem) throws(Problem) -> Diagnostic in
          var location: SourceLocation? = nil
          if let line = try problem.optionalInt("line") {
            guard let column = try problem.optionalInt("column") else {
              throw Problem("a problem with a `line` needs a `column`", at: try problem.member("column"))
            }
            location = SourceLocation(line: line, column: column)
          }
          var diagnostic = Diagnostic(
            path: "", location: location, message: try problem.string("message"), notes: try problem.strings("notes"))
          // As the shard wrote it: a long path was shortened there already.
          diagnostic.path = try problem.string("path")
          return diagnostic
        }
      }
      return errors
    }

    /// One scene on one device, as CheckJSONFormatter writes it.
    func entry() throws(Problem) -> CheckRun.Entry {
      let device = try member("device")
      let results = try items("budgets").map { (budget) throws(Problem) -> BudgetResult in
        let name = try budget.string("budget")
        guard let kind = BudgetKind(rawValue: name) else { throw Problem("unknown budget `\(name)`", at: try budget.member("budget")) }
        var location: SourceLocation? = nil
        if budget.has("line") {
          location = SourceLocation(line: try budget.int("line"), column: try budget.int("column"))
        }
        // The verdict is decided again from `found` and `expected`: a shard's `passed` is read (it
        // must be a bool) but not believed.
        let limit = Budgets.Limit(kind: kind, value: try budget.number("expected"), location: location)
        let found = try budget.optionalNumber("found")
        _ = try budget.bool("passed")
        return BudgetResult(limit: limit, found: found, passed: BudgetCheck.passes(limit, found: found))
      }
      return CheckRun.Entry(
        file: try string("file"), deviceID: try device.string("id"), deviceName: try device.string("name"),
        budgetsFile: try optionalString("budgetsFile"), results: results,
        profile: SavedReportReader.profile(device.optionalMember("profile")?.value))
    }

    /// One comparison, as CompareJSONFormatter writes it: its metrics' values and its findings
    /// give back the same ``Comparison``.
    func comparison(tolerance: Double) throws(Problem) -> ComparisonResult {
      func side(_ key: String, locations: [FindingKey: SourceLocation] = [:]) throws(Problem) -> ComparisonResult.Side {
        let side = try member(key)
        return ComparisonResult.Side(
          file: try side.string("file"), kind: try side.string("kind"), name: try side.string("name"), locations: locations)
      }
      func keys(_ object: Node, _ key: String) throws(Problem) -> [FindingKey] {
        try object.items(key).map { (finding) throws(Problem) in
          FindingKey(rule: try finding.string("rule"), layer: try finding.string("layer"))
        }
      }
      let device = try member("device")
      let deviceID = try device.string("id")
      var before: [String: Double] = [:]
      var after: [String: Double] = [:]
      for metric in try items("metrics") {
        let id = try metric.string("id")
        before[id] = try metric.optionalNumber("before")
        after[id] = try metric.optionalNumber("after")
      }
      let findings = try member("findings")
      var locations: [FindingKey: SourceLocation] = [:]
      for finding in try findings.items("appeared") {
        if let location = SavedReportReader.location(finding.value) {
          locations[FindingKey(rule: try finding.string("rule"), layer: try finding.string("layer"))] = location
        }
      }
      let comparison = Comparison(
        before: MetricSnapshot(deviceID: deviceID, frames: 1, frameRate: 0, values: before, findings: try keys(findings, "disappeared")),
        after: MetricSnapshot(deviceID: deviceID, frames: 1, frameRate: 0, values: after, findings: try keys(findings, "appeared")),
        tolerance: tolerance, gates: try strings("gates"))
      return ComparisonResult(
        before: try side("before"), after: try side("after", locations: locations), deviceID: deviceID,
        deviceName: try device.string("name"),
        comparison: comparison, profile: SavedReportReader.profile(device.optionalMember("profile")?.value))
    }
  }
}
