import LayerTree

/// `--format sarif`: a SARIF 2.1.0 log (OASIS, "Static Analysis Results Interchange Format
/// Version 2.1.0"), as GitHub code scanning accepts it for upload
/// (docs.github.com, "SARIF support for code scanning"): one run whose `tool.driver` names the
/// tool, its version and the rules its results use; a result per problem with `ruleId`,
/// `level`, `message.text` and a `physicalLocation` whose `artifactLocation.uri` is the file
/// relative to where the tool ran (code scanning resolves it against the repository) and whose
/// `region` holds `startLine` and `startColumn` when the place is known. A finding on repeated
/// layers (a list's cells) is one result on the first, with the others as `relatedLocations`
/// and their count in `properties.layers`. An input the command
/// could not use is a result of level `error` too, and the run's `invocations` say the run did
/// not succeed (`executionSuccessful: false`, a `toolExecutionNotifications` entry per problem,
/// SARIF 2.1.0 section 3.20): code scanning never shows such a run as clean.
enum SARIFFormatter: OutcomeReporter {
  static let summary = "a SARIF 2.1.0 log for GitHub code scanning (upload-sarif)."
  static let output = ReporterOutput.document(.json)
  static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  static func format(_ outcomes: Outcomes) -> String {
    let rules: [JSONOutput] = outcomes.rules.map { rule in
      .object([("id", .string(rule.id)), ("shortDescription", .object([("text", .string(rule.summary))]))])
    }
    /// A `physicalLocation`: the file, and the region when the place is known.
    func physical(_ file: String, _ place: SourceLocation?) -> JSONOutput {
      var members: [(String, JSONOutput)] = [("artifactLocation", .object([("uri", .string(uri(file)))]))]
      if let place { members.append(("region", .object([("startLine", .int(place.line)), ("startColumn", .int(place.column))]))) }
      return .object(members)
    }
    func location(_ outcome: Outcome) -> JSONOutput { .object([("physicalLocation", physical(outcome.file, outcome.location))]) }
    let results: [JSONOutput] = outcomes.problems.map { outcome in
      var members: [(String, JSONOutput)] = [
        ("ruleId", .string(outcome.rule)),
        ("level", .string(outcome.level.rawValue)),
        ("message", .object([("text", .string(outcome.message))])),
        ("locations", .array([location(outcome)])),
      ]
      // The other layers of a repeated finding (SARIF 2.1.0 section 3.27.22, relatedLocations),
      // each with its path as the message.
      if !outcome.related.isEmpty {
        members.append(
          (
            "relatedLocations",
            .array(
              outcome.related.enumerated().map { index, other in
                .object([
                  ("id", .int(index + 1)), ("physicalLocation", physical(outcome.file, other.location)),
                  ("message", .object([("text", .string(other.layer))])),
                ])
              })
          ))
        members.append(("properties", .object([("layers", .int(outcome.layers))])))
      }
      return .object(members)
    }
    let driver: JSONOutput = .object([
      ("name", .string("offscreen-sim")),
      ("version", .string(toolVersion)),
      ("informationUri", .string("https://github.com/offscreen-sim/offscreen-sim")),
      ("rules", .array(rules)),
    ])
    var run: [(String, JSONOutput)] = [("tool", .object([("driver", driver)])), ("results", .array(results))]
    let failures = outcomes.inputErrors
    if !failures.isEmpty {
      let notifications: [JSONOutput] = failures.map { outcome in
        .object([
          ("level", .string("error")), ("message", .object([("text", .string(outcome.message))])),
          ("locations", .array([location(outcome)])),
        ])
      }
      run.append(
        ("invocations", .array([.object([("executionSuccessful", .bool(false)), ("toolExecutionNotifications", .array(notifications))])])))
    }
    return JSONOutput.object([
      ("$schema", .string(schema)),
      ("version", .string("2.1.0")),
      ("runs", .array([.object(run)])),
    ]).rendered()
  }

  /// A relative URI reference for a path (RFC 3986): `/` kept as the separator, unreserved
  /// characters as they are, every other byte of its UTF-8 percent-encoded; `./` dropped.
  static func uri(_ path: String) -> String {
    var path = path
    while path.hasPrefix("./") { path.removeFirst(2) }
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return result
  }
}
