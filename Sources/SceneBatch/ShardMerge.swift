import Compositor
import LayerTree

/// A problem with a shard file, or an input error a shard recorded: the message as printed,
/// the file it is about, and each problem's place (what a CI annotation points at).
public struct ShardError: Error, Sendable {
  public var message: String
  public var file: String?
  public var diagnostics: [Diagnostic]

  public init(_ message: String, file: String? = nil, diagnostics: [Diagnostic] = []) {
    self.message = message
    self.file = file
    self.diagnostics = diagnostics
  }
}

/// Shards read back and merged into one run: the JSON documents of `check --shard i/n --format
/// json` and `compare --shard i/n --format json` (the command line's `ShardDocument` writes
/// them: the command's usual document plus a `shard` member, which part it is, how many inputs
/// the whole run has, and each input's results, skips and errors by position). The merge puts
/// the inputs back in position order, so the command prints what one run over all of them
/// prints.
public enum ShardMerge {
  /// Shards of `check`, merged: the run, and every error message in input order.
  public struct MergedCheck: Sendable {
    public var run: CheckRun
    public var errors: [ShardError]
  }

  /// Shards of `compare`, merged.
  public struct MergedCompare: Sendable {
    public var results: [ComparisonResult]
    public var otherVersions: [CompareRun.OtherVersion]
    public var errors: [ShardError]
    public var tolerance: Double
  }

  public enum Merged: Sendable {
    case check(MergedCheck)
    case compare(MergedCompare)
  }

  /// The versions a shard must have been written with: the JSON documents' (`checkVersion`,
  /// `compareVersion`) and the tool's.
  public struct Versions: Sendable {
    public var check: Int
    public var compare: Int
    public var tool: String
    public init(check: Int, compare: Int, tool: String) {
      self.check = check
      self.compare = compare
      self.tool = tool
    }
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

    func fail(_ message: String) -> ShardError { ShardError("\(file): error: \(message)", file: file) }

    func reading<Value>(_ body: () throws(Problem) -> Value) throws(ShardError) -> Value {
      try ShardMerge.reading(file: file, bytes: bytes, document: document, body)
    }
  }

  /// Runs `body` on a shard file's document; a problem in it becomes an input error naming the
  /// file, the line and column, and the JSON path.
  private static func reading<Value>(file: String, bytes: [UInt8], document: Node, _ body: () throws(Problem) -> Value)
    throws(ShardError) -> Value
  {
    do {
      return try body()
    } catch {
      throw error.inputError(file: file, bytes: bytes, document: document)
    }
  }

  /// Reads the shard documents `files` (each file as messages name it, and its bytes) and
  /// merges them; `versions` are those this tool writes. Every shard of one run
  /// must be there, once, and between them they must hold each input of the run once.
  ///
  /// Shard files are input like any other: each is read as JSON and every value the merge uses
  /// is checked, so that a file that is not what a shard wrote is an input error naming the file,
  /// the line and column, and the JSON path (`scenes[3].budgets[0].expected: must be a number`),
  /// never a trap. The command prints only what it makes again from those values, with the
  /// formatters one run uses: no text of a shard file is copied to the output as it is.
  public static func merge(_ files: [(file: String, bytes: [UInt8])], versions: Versions) throws(ShardError) -> Merged {
    var shards: [Read] = []
    for (file, bytes) in files {
      let parsed: JSONValue
      do {
        parsed = try JSONReader.parse(bytes)
      } catch {
        let place = SourceText(bytes).location(ofOffset: error.offset)
        throw ShardError("\(file):\(place): error: invalid JSON: \(error.message)", file: file)
      }
      let document = Node(parsed)
      let isCheck = document.has("checkVersion")
      guard isCheck || document.has("compareVersion") else {
        throw ShardError(
          "\(file): error: expected the JSON document of check or compare (--format json), with checkVersion or compareVersion",
          file: file)
      }
      // A version this tool does not write may mean something else by the same fields.
      let versionKey = isCheck ? "checkVersion" : "compareVersion"
      let version = isCheck ? versions.check : versions.compare
      try reading(file: file, bytes: bytes, document: document) { () throws(Problem) in
        let found = try document.int(versionKey)
        guard found == version else {
          throw Problem(
            "\(versionKey) \(found) is not one this tool reads (it writes and reads \(version)): make the parts again with this version",
            at: try document.member(versionKey))
        }
      }
      guard document.has("shard") else {
        throw ShardError("\(file): error: this document has no `shard`: make each part with --shard i/n --format json", file: file)
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
    guard let first = shards.first else { throw ShardError("merge: error: no shard files given") }
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
        text != versions.tool
      {
        throw shard.fail("made by offscreen-sim \(text), this is \(versions.tool): make every shard with the same version")
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
      throw ShardError("merge: error: every shard of the run is needed once: \(problems.joined(separator: "; "))")
    }
    return first.isCheck ? .check(try mergeCheck(shards)) : .compare(try mergeCompare(shards))
  }

  /// Puts the parts of every shard in input order, after checking that each input of the run is
  /// in exactly one of them: a position outside the run, or one that two parts claim, is an
  /// error naming the shard file and the part; so is an input no shard holds.
  private static func inInputOrder<Part>(_ parts: [(position: Int, part: Part, node: Node, shard: Int)], shards: [Read], inputs: Int)
    throws(ShardError) -> [Part]
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
      throw ShardError(
        "merge: error: \(plural(count, "input")) of the run \(count == 1 ? "is" : "are") in no shard (the first at position \(missing)): give every shard as it was written"
      )
    }
    return parts.sorted { $0.position < $1.position }.map(\.part)
  }

  private static func mergeCheck(_ shards: [Read]) throws(ShardError) -> MergedCheck {
    // Each input's part: its scene entries, skipped, errors.
    typealias Part = (entries: [CheckRun.Entry], skipped: String?, errors: [ShardError])
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
    var errors = pathErrors.map { ShardError($0) }
    for part in try inInputOrder(parts, shards: shards, inputs: shards[0].inputs) {
      run.entries += part.entries
      if let skipped = part.skipped { run.skipped.append(skipped) }
      errors += part.errors
    }
    return MergedCheck(run: run, errors: errors)
  }

  private static func mergeCompare(_ shards: [Read]) throws(ShardError) -> MergedCompare {
    typealias Part = (results: [ComparisonResult], errors: [ShardError], otherVersions: [CompareRun.OtherVersion])
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
    func inputError(file: String, bytes: [UInt8], document: Node) -> ShardError {
      let location = SourceText(bytes).location(ofOffset: offset)
      let path = document.path(to: offset)
      var error = ShardError("\(file):\(location): error: \(path.isEmpty ? "" : path + ": ")\(message)", file: file)
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
    func errors() throws(Problem) -> [ShardError] {
      var errors = try strings("errors").map { ShardError($0) }
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
