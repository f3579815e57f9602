import Compositor
import Foundation
import LayerTree
import SceneBatch

/// `offscreen-sim compare <before> <after>`: every metric side by side, the findings that
/// appeared and disappeared, and a verdict; exit 1 when a gated metric got worse.
enum CompareCommand: ToolCommand {
  static let format = SharedOptions.format(
    [
      (.text, "every metric side by side, the findings that appeared and disappeared, the verdict."),
      (.json, "the same as a document (docs/ci.md)."),
      (.markdown, "a pull-request comment."),
    ] + OutputFormat.reporters)
  static let device = SharedOptions.devices(
    "Compare on this device; repeat to compare on each. Scene files only: a saved report carries its device and is compared on that one. Default: the device the inputs name (they must agree), or the profile of --device-file."
  )
  static let gate = OptionDeclaration(
    "--gate", value: "metrics", kind: .suggested(["default", "all", "none", ReportMetrics.findingsGate] + ReportMetrics.gateable),
    help:
      "The metrics that fail the comparison when they get worse: metric ids separated by commas; 'default', 'all', 'none', and 'findings' (fail when a finding appears). Default: \(ReportMetrics.defaultGates.joined(separator: ", ")).",
    repeatable: true)
  static let tolerance = OptionDeclaration(
    "--tolerance", value: "percent",
    help:
      "How far a figure may move before it counts as better or worse ('5' and '5%' are the same). Counts, such as offscreen passes, compare exactly.",
    default: "5")
  static let pairs = OptionDeclaration(
    "--pairs", value: "file", kind: .file,
    help:
      "Compare every pair of a pairs file: [{\"before\": path, \"after\": path}], paths relative to the file, each pair optionally with \"devices\", \"gate\" and \"note\"."
  )
  static let html = OptionDeclaration(
    "--html", value: "file", kind: .file,
    help:
      "Also write both runs on one HTML page: both verdicts, the figures side by side with the change, both runs on one frame-time chart, both worst frames, and the findings fixed, new and still there (docs/pictures.md). Two scene files on at most one device; - prints only the page."
  )
  static let listMetricsFlag = OptionDeclaration(
    "--list-metrics", help: "List the metric ids, their direction and whether they compare exactly.")

  static let declaration = CommandDeclaration(
    name: "compare", summary: "Compare two scenes or saved reports: every metric, new and fixed findings; fail on a regression.",
    discussion: """
      Findings are matched on (layer path, rule id), never on their message. Two scenes must have the same timeline \
      (duration and frame rate). With GITHUB_ACTIONS=true each regression is also printed to standard error as a \
      workflow annotation on the after file (::error file=...::...).
      """,
    otherUsage: ["--pairs <file> [options]", "--list-metrics"],
    arguments: [
      ArgumentDeclaration(
        "<before> <after>", count: 2...2,
        help: "Each a scene file or a saved JSON report (report --format json > baseline.json); - reads one of them from standard input.")
    ],
    options: [
      device, SharedOptions.deviceFile, gate, tolerance, format,
    ] + Presentation.options + [
      html, pairs, SharedOptions.jobs, SharedOptions.shardOption, listMetricsFlag, ProjectConfigFile.option, RepositoryBounds.option,
    ]
      + SharedOptions.limitGroup,
    exitCodes: [
      ExitCodeNote(.success, "no gated metric got worse"),
      ExitCodeNote(.failure, "a gated metric got worse (or a finding appeared, with --gate findings)"),
      ExitCodeNote(
        .usageOrInput,
        "usage error, or an input that cannot be used: a missing or invalid file, a report of another version, a report on another device, scenes with different timelines"
      ),
    ],
    examples: [
      "offscreen-sim compare scenes/qqmusic-home-v1.json scenes/qqmusic-home-v2.json",
      "offscreen-sim report scenes/timeline-cell.json --format json > baseline.json",
      "offscreen-sim compare baseline.json scenes/timeline-cell.json --format markdown > comment.md",
      "offscreen-sim compare a.json b.json --device iphone-6 --device iphone-13-pro --gate default,findings",
    ])

  typealias Request = CompareBatch.Request

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    if parsed.has(Self.listMetricsFlag) {
      io.out(listMetrics())
      return .success
    }
    var parsed = parsed
    let project = try ProjectConfigFile.apply(to: &parsed, scenes: false, io: io)
    let presentation = try Presentation(parsed, format: Self.format, io: io)
    let selection = try DeviceSelection(parsed, io: io)
    let devices = selection.requested
    let gates = try parseGates(parsed.values(Self.gate))
    let tolerance = try parseTolerance(parsed.value(Self.tolerance))
    let jobs = CommonOptions.jobs(parsed)

    var requests: [Request] = []
    if let pairsFile = parsed.value(Self.pairs) {
      guard parsed.positional.isEmpty else { throw UsageError("give either --pairs or <before> <after>, not both") }
      let bounds = RepositoryBounds(
        file: pairsFile, currentDirectory: io.currentDirectory, allowsOutside: parsed.has(RepositoryBounds.option))
      requests = try readPairs(pairsFile, devices: devices, gates: gates, known: selection.devices, bounds: bounds, io: io)
    } else {
      guard parsed.positional.count == 2 else {
        throw UsageError(
          parsed.positional.count < 2
            ? "expected a before and an after file (scenes or saved reports), found \(parsed.positional.count)"
            : "expected two files, before and after, found \(parsed.positional.count)")
      }
      guard parsed.positional != ["-", "-"] else {
        throw UsageError("standard input can be read once: give a file for <before> or <after>, - for at most one of them")
      }
      requests = [Request(before: parsed.positional[0], after: parsed.positional[1], devices: devices, gates: gates)]
    }

    if let html = parsed.value(Self.html) {
      try writeHTML(requests, to: html, selection: selection, tolerance: tolerance, levels: project?.config, io: io)
      if html == "-" { return .success }
    }

    let shard = try SharedOptions.shard(parsed)
    let positions = shard?.positions(of: requests.map(Self.shardKey)) ?? Array(requests.indices)
    let selected = positions.map { requests[$0] }
    let paths = selected.flatMap { [$0.before, $0.after] }
    let progress = Progress("compare: read", total: paths.count, io: io)
    var run = CompareBatch.run(
      selected, tolerance: tolerance, runner: SceneRunner(devices: selection.devices, limits: selection.limits), toolVersion: toolVersion,
      jobs: jobs,
      read: progress.counting(SceneLoader(io: io).batchReader(for: paths)))
    // A file that is not a scene at all is not quoted, in any output.
    run.failures = run.failures.map { OtherDocument.withoutContent($0, currentDirectory: io.currentDirectory) }
    progress.finish()
    let shardMember = shard.map {
      ShardDocument.compare($0, requests: requests.count, positions: positions, run: run, tolerance: tolerance)
    }
    return finish(
      run.results.map(\.shown), otherVersions: run.otherVersions, errors: run.failures.map(InputError.init), tolerance: tolerance,
      presentation: presentation, shard: shardMember, levels: project?.config)
  }

  /// Whether the regular file at `path` starts as a saved JSON report (`report --format json`,
  /// its top level with `reportVersion`: ``OtherDocument/TopLevel``, from the file's first bytes);
  /// false for anything else, or when it cannot be read (loading it says why).
  static func isSavedReport(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, OutputFile.type(status) == S_IFREG,
      case .object(let keys)? = OtherDocument.TopLevel.scan(OtherDocument.peek(path), partial: true)
    else { return false }
    return keys.contains("reportVersion")
  }

  /// `--html`: the two scenes simulated again, keeping each one's worst frame for its picture,
  /// on one page with their comparison, made as for the other outputs (the pair's gates, the
  /// tolerance, the project configuration's levels).
  static func writeHTML(
    _ requests: [Request], to path: String, selection: DeviceSelection, tolerance: Double, levels: ProjectConfig?, io: ToolIO
  ) throws {
    guard requests.count == 1, let request = requests.first else { throw UsageError("--html takes one pair, not --pairs") }
    guard selection.requested.count <= 1 else { throw UsageError("--html draws one device: give --device at most once") }
    guard !request.before.hasPrefix("-") && request.before != "-" && request.after != "-" else {
      throw UsageError("--html reads two scene files, not standard input")
    }
    // A saved report has figures but no layers to draw: said as such, not as a broken scene. The
    // file is looked at again only when it did not load as a scene, and only when it is a regular
    // file (a pipe cannot be read twice).
    func load(_ path: String) throws -> SimulatedScene {
      do {
        return try SimulatedScene.load(path, devices: selection, io: io, keeping: .worst)
      } catch {
        if isSavedReport(ScenePaths.resolve(path, in: io.currentDirectory)) {
          throw UsageError(
            "--html draws two scene files: \(path) is a saved report, which holds figures but no layers; give the scene it was made from")
        }
        throw error
      }
    }
    let before = try load(request.before)
    let after = try load(request.after)
    var comparison = Comparison(
      before: MetricSnapshot(before.report), after: MetricSnapshot(after.report), tolerance: tolerance, gates: request.gates)
    comparison.warningGates = warningGates(levels)
    try OutputFile(io: io, inputs: [request.before, request.after]).write(
      HTMLReportFormatter.formatComparison(before: before.htmlRun(), after: after.htmlRun(), comparison: comparison), to: path)
  }

  /// What a pair is sharded by: both its paths.
  static func shardKey(_ request: Request) -> String { request.before + "\n" + request.after }

  /// Prints comparisons (a whole run's, one shard's, or shards merged), the warnings and the
  /// errors; the exit code.
  static func finish(
    _ results: [ComparisonResult], otherVersions: [CompareRun.OtherVersion], errors: [InputError], tolerance: Double,
    presentation: Presentation, shard: (String, JSONOutput)? = nil, levels: ProjectConfig? = nil
  ) -> ExitCode {
    let io = presentation.io
    let errors = errors.uniqued()
    var results = results
    if levels != nil {
      let warning = warningGates(levels)
      for index in results.indices { results[index].comparison.warningGates = warning }
    }
    let run = CompareRun(results: results, otherVersions: otherVersions)
    // Every format but text carries the inputs that could not be used, so that no document reads
    // green on a run that exits 2; text names them on standard error and counts them in its
    // totals.
    switch presentation.format {
    case .text:
      if !results.isEmpty || errors.isEmpty || shard != nil {
        io.out(CompareTextFormatter.format(run, unusable: errors.count, detail: presentation.detail))
      }
    case .json:
      io.document(CompareJSONFormatter.format(run, tolerance: tolerance, errors: errors, extra: shard.map { [$0] } ?? []), .json)
    case .markdown: io.document(CompareMarkdownFormatter.format(run, errors: errors), .markdown)
    default: if let reporter = presentation.format.reporter { io.print(reporter, Outcomes(results, errors: errors)) }
    }
    if CommonOptions.inGitHubActions(io) { io.annotate(GitHubAnnotations.regressions(results)) }
    for other in otherVersions {
      io.err(
        "\(SceneLoader.displayName(other.path)): warning: this report was made by offscreen-sim \(other.madeBy), this is \(toolVersion); "
          + "figures can differ between versions for reasons other than the change compared: make the report again\n")
    }
    for error in errors { io.report(error, annotated: presentation.format != .github) }
    if !errors.isEmpty { return .usageOrInput }
    return run.failed ? .failure : .success
  }

  /// The gates a project configuration's `levels` make warnings.
  static func warningGates(_ levels: ProjectConfig?) -> Set<String> {
    Set((levels?.levels ?? [:]).filter { $0.value == .warning }.keys)
  }

  // MARK: Options

  /// `--gate` values: metric ids and keywords, separated by commas, gathered over every flag.
  static func parseGates(_ values: [String]) throws(UsageError) -> [String] {
    guard !values.isEmpty else { return ReportMetrics.defaultGates }
    let ids = ReportMetrics.gateable
    var gates: [String] = []
    func add(_ list: [String]) {
      for id in list where !gates.contains(id) { gates.append(id) }
    }
    for value in values {
      for part in value.split(separator: ",") {
        let name = part.trimmingCharacters(in: .whitespaces)
        switch name {
        case "": continue
        case "default": add(ReportMetrics.defaultGates)
        case "all": add(ids + [ReportMetrics.findingsGate])
        case "none": continue
        case ReportMetrics.findingsGate: add([name])
        default:
          if let metric = ReportMetrics.metric(id: name), metric.direction == .neither {
            throw UsageError(
              "'\(name)' in --gate describes the screen and has no better or worse, so it cannot gate (compare reports it as changed)")
          }
          guard ids.contains(name) else {
            var message = "unknown metric '\(name)' in --gate"
            if let suggestion = nearest(to: name, in: ids + ["default", "all", "none", ReportMetrics.findingsGate]) {
              message += "; did you mean '\(suggestion)'?"
            }
            throw UsageError(message + " ('offscreen-sim compare --list-metrics' lists them)")
          }
          add([name])
        }
      }
    }
    return gates
  }

  /// `--tolerance 5` or `--tolerance 5%`: a percentage, returned as a fraction.
  static func parseTolerance(_ value: String?) throws(UsageError) -> Double {
    guard let value else { return Comparison.defaultTolerance }
    let number = value.hasSuffix("%") ? String(value.dropLast()) : value
    guard let percent = Double(number), percent.isFinite, percent >= 0, percent <= 10_000 else {
      throw UsageError("--tolerance expects a percentage from 0 to 10000 such as 5 or 5%, found '\(value)'")
    }
    return percent / 100
  }

  /// Reads a pairs file; its paths are relative to its folder.
  static func readPairs(
    _ path: String, devices: [String], gates: [String], known: [DeviceProfile] = DeviceCatalogue.all, bounds: RepositoryBounds? = nil,
    io: ToolIO
  ) throws -> [Request] {
    let bytes = try SceneLoader(io: io).readBytes(path)
    let file = SceneLoader.displayName(path)
    let pairs: [ComparisonPair]
    do {
      pairs = try PairsDecoder.decode(
        bytes, devices: known.map(\.id), gates: ReportMetrics.gateable + [ReportMetrics.findingsGate])
    } catch {
      throw InputError(error, file: file, summary: InputError.summary(error, file: file, "nothing was compared"))
    }
    if pairs.isEmpty { throw InputError("\(file): error: the file lists no pairs") }
    let folder = path == "-" ? "." : ScenePaths.folder(of: path)
    var requests: [Request] = []
    for (index, pair) in pairs.enumerated() {
      let (before, after) = (ScenePaths.join(folder, pair.before), ScenePaths.join(folder, pair.after))
      // Each path stays in the repository that holds the pairs file (RepositoryBounds).
      for (key, joined, written) in [("before", before, pair.before), ("after", after, pair.after)] {
        try bounds?.check(
          joined, written: written, key: "[\(index)].\(key)", location: pair.location, currentDirectory: io.currentDirectory,
          outcome: "nothing was compared")
      }
      requests.append(Request(before: before, after: after, devices: pair.devices ?? devices, gates: pair.gate ?? gates))
    }
    return requests
  }

  static func listMetrics() -> String {
    var rows = [["metric", "title", "better", "compared", "gate"]]
    for metric in ReportMetrics.all {
      rows.append([
        metric.id, metric.title, metric.direction.rawValue, metric.exact ? "exactly" : "with tolerance",
        ReportMetrics.defaultGates.contains(metric.id) ? "default" : "",
      ])
    }
    rows.append([ReportMetrics.findingsGate, "findings that appeared", "fewer", "by (layer, rule)", ""])
    return TextTable.render(rows)
  }
}

/// The batch core's result; named here so that Foundation's `ComparisonResult` does not hide it.
typealias ComparisonResult = SceneBatch.ComparisonResult

extension ComparisonResult {
  /// The result with its files as messages show them (`<stdin>` for standard input).
  var shown: ComparisonResult {
    var result = self
    result.before.file = SceneLoader.displayName(before.file)
    result.after.file = SceneLoader.displayName(after.file)
    return result
  }
}
