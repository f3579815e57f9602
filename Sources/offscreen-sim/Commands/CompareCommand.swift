import Compositor
import Foundation
import LayerTree

/// `offscreen-sim compare <before> <after>`: every metric side by side, the findings that
/// appeared and disappeared, and a verdict; exit 1 when a gated metric got worse.
enum CompareCommand: ToolCommand {
  static let format = SharedOptions.format([
    (.text, "every metric side by side, the findings that appeared and disappeared, the verdict."),
    (.json, "the same as a document (docs/ci.md)."),
    (.markdown, "a pull-request comment."),
  ])
  static let device = SharedOptions.devices(
    "Compare on this device; repeat to compare on each. Scene files only: a saved report carries its device and is compared on that one. Default: the device the inputs name (they must agree), or the profile of --device-file."
  )
  static let gate = OptionDeclaration(
    "--gate", value: "metrics", kind: .suggested(["default", "all", "none", ReportMetrics.findingsGate] + ReportMetrics.all.map(\.id)),
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
        "<before> <after>", count: 2...2, help: "Each a scene file or a saved JSON report (report --format json > baseline.json).")
    ],
    options: [device, SharedOptions.deviceFile, gate, tolerance, format, pairs, SharedOptions.jobs, listMetricsFlag],
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
      "offscreen-sim report scenes/feed.json --format json > baseline.json",
      "offscreen-sim compare baseline.json scenes/feed.json --format markdown > comment.md",
      "offscreen-sim compare a.json b.json --device iphone-6 --device iphone-13-pro --gate default,findings",
    ])

  /// One before/after pair to compare, with its devices and gates settled.
  struct Request: Sendable {
    var before: String
    var after: String
    /// Empty: the device the inputs name.
    var devices: [String]
    var gates: [String]
  }

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    if parsed.has(Self.listMetricsFlag) {
      io.out(listMetrics())
      return .success
    }
    let format = OutputFormat(parsed, Self.format)
    let selection = try DeviceSelection(parsed, io: io)
    let devices = selection.requested
    let gates = try parseGates(parsed.values(Self.gate))
    let tolerance = try parseTolerance(parsed.value(Self.tolerance))
    let jobs = CommonOptions.jobs(parsed)

    var requests: [Request] = []
    if let pairsFile = parsed.value(Self.pairs) {
      guard parsed.positional.isEmpty else { throw UsageError("give either --pairs or <before> <after>, not both") }
      requests = try readPairs(pairsFile, devices: devices, gates: gates, known: selection.devices, io: io)
    } else {
      guard parsed.positional.count == 2 else {
        throw UsageError(
          parsed.positional.count < 2
            ? "expected a before and an after file (scenes or saved reports), found \(parsed.positional.count)"
            : "expected two files, before and after, found \(parsed.positional.count)")
      }
      requests = [Request(before: parsed.positional[0], after: parsed.positional[1], devices: devices, gates: gates)]
    }

    let (results, errors, warnings) = compare(requests, tolerance: tolerance, selection: selection, jobs: jobs, io: io)
    if !results.isEmpty || errors.isEmpty {
      switch format {
      case .text: io.out(CompareTextFormatter.format(results))
      case .json: io.document(CompareJSONFormatter.format(results, tolerance: tolerance), .json)
      case .markdown: io.document(CompareMarkdownFormatter.format(results), .markdown)
      }
    }
    if CommonOptions.inGitHubActions(io) {
      io.annotate(GitHubAnnotations.regressions(results))
    }
    for warning in warnings { io.err(warning + "\n") }
    for error in errors { io.report(InputError(error)) }
    if !errors.isEmpty { return .usageOrInput }
    return results.contains { $0.comparison.failed } ? .failure : .success
  }

  // MARK: Running

  /// Loads every input once, simulates each (scene, device) once on up to `jobs` threads, and
  /// compares; results and errors in request order.
  static func compare(_ requests: [Request], tolerance: Double, selection: DeviceSelection, jobs: Int, io: ToolIO) -> (
    results: [ComparisonResult], errors: [String], warnings: [String]
  ) {
    var errors: [String] = []
    var warnings: [String] = []
    func report(_ message: String) {
      if !errors.contains(message) { errors.append(message) }
    }

    // 1. Read and parse each file once, in order.
    var inputs: [String: ComparisonInput] = [:]
    for path in requests.flatMap({ [$0.before, $0.after] }) where inputs[path] == nil {
      do {
        let input = try ComparisonInput.load(path, io: io)
        inputs[path] = input
        if case .report(let saved) = input.content, let madeBy = saved.toolVersion, madeBy != toolVersion {
          warnings.append(
            "\(SceneLoader.displayName(path)): warning: this report was made by offscreen-sim \(madeBy), this is \(toolVersion); "
              + "figures can differ between versions for reasons other than the change compared: make the report again")
        }
      } catch {
        report(error.message)
      }
    }

    // 2. Settle each pair's devices; list the scene simulations they need.
    struct Unit: Hashable, Sendable {
      var path: String
      var device: String?
    }
    var units: [Unit] = []
    var plans: [[String?]?] = []
    for request in requests {
      guard let before = inputs[request.before], let after = inputs[request.after] else {
        plans.append(nil)
        continue
      }
      do {
        let devices = try settleDevices(request, before: before, after: after, selection: selection)
        plans.append(devices)
        for device in devices {
          for input in [before, after] {
            guard case .scene = input.content else { continue }
            let unit = Unit(path: input.path, device: device)
            if !units.contains(unit) { units.append(unit) }
          }
        }
      } catch {
        report(error.message)
        plans.append(nil)
      }
    }

    // 3. Simulate, in parallel.
    struct Simulated: Sendable {
      var snapshot: MetricSnapshot
      var sceneName: String
      var deviceName: String
    }
    let frozenInputs = inputs
    let simulated: [Result<Simulated, InputError>] = Parallel.map(count: units.count, jobs: jobs) { [units] index in
      let unit = units[index]
      guard let input = frozenInputs[unit.path], case .scene(let value, let source, _) = input.content else {
        return .failure(InputError("\(unit.path): error: not a scene"))
      }
      do throws(InputError) {
        let (scene, report) = try SceneDecoding.simulate(value, source: source, path: unit.path, device: unit.device, selection: selection)
        return .success(Simulated(snapshot: MetricSnapshot(report), sceneName: scene.name, deviceName: report.scene.deviceName))
      } catch {
        return .failure(error)
      }
    }
    var byUnit: [Unit: Result<Simulated, InputError>] = [:]
    for (unit, result) in zip(units, simulated) { byUnit[unit] = result }

    // 4. Compare, in request order.
    var results: [ComparisonResult] = []
    for (request, plan) in zip(requests, plans) {
      guard let plan, let before = inputs[request.before], let after = inputs[request.after] else { continue }
      for device in plan {
        func side(_ input: ComparisonInput) -> (Simulated, ComparisonResult.Side)? {
          let file = SceneLoader.displayName(input.path)
          switch input.content {
          case .report(let saved):
            return (
              Simulated(snapshot: saved.snapshot, sceneName: saved.sceneName, deviceName: saved.deviceName),
              ComparisonResult.Side(file: file, kind: "report", name: saved.sceneName)
            )
          case .scene:
            switch byUnit[Unit(path: input.path, device: device)] {
            case .success(let simulated)?:
              return (simulated, ComparisonResult.Side(file: file, kind: "scene", name: simulated.sceneName))
            case .failure(let error)?:
              report(error.message)
              return nil
            case nil:
              return nil
            }
          }
        }
        let beforeResult = side(before)
        let afterResult = side(after)
        guard let (b, beforeSide) = beforeResult, let (a, afterSide) = afterResult else { continue }
        guard b.snapshot.sameTimeline(as: a.snapshot) else {
          report(
            "\(afterSide.file): error: cannot compare \(beforeSide.file) with \(afterSide.file): their timelines differ: "
              + "\(beforeSide.file) runs \(describeTimeline(b.snapshot)), \(afterSide.file) runs \(describeTimeline(a.snapshot)); "
              + "give both the same timeline duration and frameRate")
          continue
        }
        results.append(
          ComparisonResult(
            before: beforeSide, after: afterSide, deviceID: a.snapshot.deviceID, deviceName: a.deviceName,
            comparison: Comparison(before: b.snapshot, after: a.snapshot, tolerance: tolerance, gates: request.gates)))
      }
    }
    return (results, errors, warnings)
  }

  /// The devices a pair is compared on; nil stands for "the scene's own device".
  static func settleDevices(
    _ request: Request, before: ComparisonInput, after: ComparisonInput, selection: DeviceSelection
  ) throws(InputError) -> [String?] {
    let beforeFile = SceneLoader.displayName(before.path)
    let afterFile = SceneLoader.displayName(after.path)
    if !request.devices.isEmpty {
      for input in [before, after] {
        guard case .report(let saved) = input.content else { continue }
        let other = request.devices.filter { $0 != saved.snapshot.deviceID }
        if !other.isEmpty {
          throw InputError(
            "\(SceneLoader.displayName(input.path)): error: this saved report was made on \(saved.snapshot.deviceID) and cannot be compared on \(other.joined(separator: ", ")); "
              + "a report carries its device (make a report for each device with report --device ID --format json)")
        }
      }
      return request.devices
    }
    // A report's device always counts; a scene's when this tool knows it (else decoding says so).
    var named: [(file: String, device: String)] = []
    for input in [before, after] {
      guard let device = input.device else { continue }
      if case .scene = input.content, selection.profile(device) == nil { continue }
      named.append((SceneLoader.displayName(input.path), device))
    }
    if let first = named.first, let other = named.first(where: { $0.device != first.device }) {
      throw InputError(
        "\(afterFile): error: cannot compare \(beforeFile) with \(afterFile): \(first.file) is on \(first.device), \(other.file) on \(other.device); "
          + "compare both on one device with --device ID (a saved report only on its own device)")
    }
    return [named.first?.device]
  }

  static func describeTimeline(_ snapshot: MetricSnapshot) -> String {
    let frames = formatNumber(snapshot.frames)
    let rate = formatNumber(snapshot.frameRate)
    if snapshot.frames == 1 { return "1 frame at \(rate) Hz" }
    return "\(frames) frames at \(rate) Hz (\(formatNumber(snapshot.duration)) s)"
  }

  // MARK: Options

  /// `--gate` values: metric ids and keywords, separated by commas, gathered over every flag.
  static func parseGates(_ values: [String]) throws(UsageError) -> [String] {
    guard !values.isEmpty else { return ReportMetrics.defaultGates }
    let ids = ReportMetrics.all.map(\.id)
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
    _ path: String, devices: [String], gates: [String], known: [DeviceProfile] = DeviceCatalogue.all, io: ToolIO
  ) throws -> [Request] {
    let bytes = try SceneLoader(io: io).readBytes(path)
    let file = SceneLoader.displayName(path)
    let pairs: [ComparisonPair]
    do {
      pairs = try PairsDecoder.decode(
        bytes, devices: known.map(\.id), gates: ReportMetrics.all.map(\.id) + [ReportMetrics.findingsGate])
    } catch {
      throw InputError(error, file: file, summary: InputError.summary(error, file: file, "nothing was compared"))
    }
    if pairs.isEmpty { throw InputError("\(file): error: the file lists no pairs") }
    let folder = path == "-" ? "." : ScenePaths.folder(of: path)
    return pairs.map { pair in
      Request(
        before: ScenePaths.join(folder, pair.before), after: ScenePaths.join(folder, pair.after),
        devices: pair.devices ?? devices, gates: pair.gate ?? gates)
    }
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

/// One comparison's outcome: the two sides, the device, and every metric's verdict.
struct ComparisonResult: Sendable {
  struct Side: Sendable {
    var file: String
    /// "scene" or "report".
    var kind: String
    /// The scene's name.
    var name: String
  }

  var before: Side
  var after: Side
  var deviceID: String
  var deviceName: String
  var comparison: Comparison
}
