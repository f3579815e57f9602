import Compositor
import LayerTree

/// One comparison's outcome: the two sides, the device, and every metric's verdict.
public struct ComparisonResult: Sendable {
  public struct Side: Sendable {
    /// The path as given.
    public var file: String
    /// "scene" or "report".
    public var kind: String
    /// The scene's name.
    public var name: String
    /// Where each finding's layer is written in the side's scene file, when known: what
    /// reporters point at.
    public var locations: [FindingKey: SourceLocation]

    public init(file: String, kind: String, name: String, locations: [FindingKey: SourceLocation] = [:]) {
      self.file = file
      self.kind = kind
      self.name = name
      self.locations = locations
    }

    /// The places of a report's findings.
    public static func locations(_ findings: [Finding]) -> [FindingKey: SourceLocation] {
      var locations: [FindingKey: SourceLocation] = [:]
      for finding in findings {
        if let source = finding.source { locations[FindingKey(rule: finding.rule, layer: finding.layer)] = source }
      }
      return locations
    }
  }

  public var before: Side
  public var after: Side
  public var deviceID: String
  public var deviceName: String
  public var comparison: Comparison
  /// The user's device profile the after side ran on (`--device-file`), or its saved report's;
  /// nil for a catalogue device.
  public var profile: UserProfile?

  public init(before: Side, after: Side, deviceID: String, deviceName: String, comparison: Comparison, profile: UserProfile? = nil) {
    self.before = before
    self.after = after
    self.deviceID = deviceID
    self.deviceName = deviceName
    self.comparison = comparison
    self.profile = profile
  }
}

/// What `compare` found, in request order, devices in the order asked.
public struct CompareRun: Sendable {
  /// A saved report made by another version of the tool: its figures can differ for reasons
  /// other than the change compared.
  public struct OtherVersion: Sendable, Equatable {
    public var path: String
    public var madeBy: String
    public init(path: String, madeBy: String) {
      self.path = path
      self.madeBy = madeBy
    }
  }

  /// What one request gave, in request order: how many of ``results`` and ``failures`` are
  /// its, and the reports of another version it read. What a shard's results are merged by.
  public struct Part: Sendable, Equatable {
    public var results: Int
    public var failures: Int
    public var otherVersions: [OtherVersion]
  }

  public var results: [ComparisonResult] = []
  public var failures: [BatchFailure] = []
  /// Each such report once, in the order first met.
  public var otherVersions: [OtherVersion] = []
  public var parts: [Part] = []

  public init(results: [ComparisonResult] = [], failures: [BatchFailure] = [], otherVersions: [OtherVersion] = [], parts: [Part] = []) {
    self.results = results
    self.failures = failures
    self.otherVersions = otherVersions
    self.parts = parts
  }

  /// True when a comparison failed.
  public var failed: Bool { results.contains { $0.comparison.failed } }

  /// The verdict over every comparison: worse when one failed; better when none failed and one
  /// got better; the same otherwise. Inputs that could not be used are not comparisons: what
  /// they make of the verdict is the output's to say.
  public var verdict: Verdict {
    if failed { return .worse }
    return results.contains { $0.comparison.verdict == .better } ? .better : .same
  }

  /// How many comparisons have `verdict`; a comparison with nothing to compare
  /// (``Verdict/notComparable``) counts as the same.
  public func count(_ verdict: Verdict) -> Int {
    results.filter { result in
      let own = result.comparison.verdict
      return own == verdict || (verdict == .same && own == .notComparable)
    }.count
  }
}

/// Compares pairs of scenes or saved reports.
public enum CompareBatch {
  /// One before/after pair, with its devices and gates settled.
  public struct Request: Sendable {
    public var before: String
    public var after: String
    /// Empty: the device the inputs name.
    public var devices: [String]
    public var gates: [String]

    public init(before: String, after: String, devices: [String], gates: [String]) {
      self.before = before
      self.after = after
      self.devices = devices
      self.gates = gates
    }
  }

  /// Compares every pair on up to `jobs` threads. Each input is read with `read` and decoded
  /// once per pair, put on each device, simulated, and let go. `toolVersion` is this tool's
  /// version, which saved reports are held to.
  public static func run(
    _ requests: [Request], tolerance: Double, runner: SceneRunner, toolVersion: String, jobs: Int,
    read: @Sendable (String) -> Result<[UInt8], FileProblem>
  ) -> CompareRun {
    let innerJobs = requests.count < jobs ? max(1, jobs / max(1, requests.count)) : 1
    let outcomes = Parallel.map(count: requests.count, jobs: jobs) { index in
      compare(
        requests[index], tolerance: tolerance, runner: runner, toolVersion: toolVersion, jobs: innerJobs, read: read)
    }
    var run = CompareRun()
    for outcome in outcomes {
      run.results += outcome.results
      run.failures += outcome.failures
      run.parts.append(
        CompareRun.Part(results: outcome.results.count, failures: outcome.failures.count, otherVersions: outcome.otherVersions))
      for version in outcome.otherVersions where !run.otherVersions.contains(version) { run.otherVersions.append(version) }
    }
    return run
  }

  /// One side of a pair, read.
  private enum Input {
    /// A scene, decoded with the pair's first device (or its own).
    case scene(PlaceableScene)
    /// A scene that did not decode so: it may need the other side's device.
    case undecoded(JSONValue, SourceText, named: String?)
    case report(SavedReportReader.Saved)

    /// The device the input names, as far as it counts for settling the pair's devices.
    func named(_ runner: SceneRunner) -> String? {
      switch self {
      case .scene(let scene): return scene.scene.device
      case .undecoded(_, _, let named): return named.flatMap { runner.profile($0) == nil ? nil : $0 }
      case .report(let saved): return saved.snapshot.deviceID
      }
    }
  }

  private static func compare(
    _ request: Request, tolerance: Double, runner: SceneRunner, toolVersion: String, jobs: Int,
    read: @Sendable (String) -> Result<[UInt8], FileProblem>
  ) -> CompareRun {
    var run = CompareRun()
    func fail(_ failure: BatchFailure) -> CompareRun {
      run.failures.append(failure)
      return run
    }

    // 1. Read both sides.
    var inputs: [Input] = []
    for path in [request.before, request.after] {
      do throws(BatchFailure) {
        let input = try load(path, device: request.devices.first, runner: runner, toolVersion: toolVersion, read: read)
        if case .report(let saved) = input, let madeBy = saved.toolVersion, madeBy != toolVersion {
          run.otherVersions.append(CompareRun.OtherVersion(path: path, madeBy: madeBy))
        }
        inputs.append(input)
      } catch {
        run.failures.append(error)
      }
    }
    guard inputs.count == 2 else { return run }
    let paths = [request.before, request.after]

    // 2. Settle the devices: those asked for (a report only on its own), else the one the inputs name.
    var devices: [String?]
    if !request.devices.isEmpty {
      for (path, input) in zip(paths, inputs) {
        guard case .report(let saved) = input else { continue }
        let other = request.devices.filter { $0 != saved.snapshot.deviceID }
        if !other.isEmpty { return fail(.reportOnOtherDevice(path: path, madeOn: saved.snapshot.deviceID, asked: other)) }
      }
      devices = request.devices
    } else {
      let named = zip(paths, inputs).compactMap { path, input in
        input.named(runner).map { BatchFailure.NamedDevice(path: path, device: $0) }
      }
      if let first = named.first, let other = named.first(where: { $0.device != first.device }) {
        return fail(.devicesDisagree(before: request.before, after: request.after, first: first, other: other))
      }
      devices = [named.first?.device]
    }

    // 3. Scenes that need the pair's device to decode.
    var scenes: [PlaceableScene?] = [nil, nil]
    for (side, input) in inputs.enumerated() {
      switch input {
      case .scene(let scene): scenes[side] = scene
      case .undecoded(let value, let source, _):
        do throws(BatchFailure) {
          scenes[side] = try runner.load(value, source: source, path: paths[side], device: devices[0])
        } catch {
          run.failures.append(error)
        }
      case .report: continue
      }
    }

    // 4. Simulate each scene side on each device, then compare.
    struct Simulated: Sendable {
      var snapshot: MetricSnapshot
      var side: ComparisonResult.Side
      var deviceName: String
      var profile: UserProfile? = nil
    }
    let frozen = scenes
    let frozenDevices = devices
    let simulated: [Result<Simulated, BatchFailure>?] = Parallel.map(count: devices.count * 2, jobs: jobs) { unit in
      let side = unit % 2
      let path = paths[side]
      guard let scene = frozen[side] else { return nil }
      do throws(BatchFailure) {
        let (placed, report) = try runner.run(scene, on: frozenDevices[unit / 2], path: path)
        return .success(
          Simulated(
            snapshot: MetricSnapshot(report),
            side: ComparisonResult.Side(
              file: path, kind: "scene", name: placed.name, locations: ComparisonResult.Side.locations(report.findings)),
            deviceName: report.scene.deviceName, profile: report.scene.profile))
      } catch {
        return .failure(error)
      }
    }
    for index in devices.indices {
      var sides: [Simulated] = []
      for side in 0..<2 {
        if case .report(let saved) = inputs[side] {
          sides.append(
            Simulated(
              snapshot: saved.snapshot,
              side: ComparisonResult.Side(file: paths[side], kind: "report", name: saved.sceneName, locations: saved.locations),
              deviceName: saved.deviceName, profile: saved.profile))
          continue
        }
        switch simulated[index * 2 + side] {
        case .success(let result)?: sides.append(result)
        case .failure(let error)?: run.failures.append(error)
        case nil: continue
        }
      }
      guard sides.count == 2 else { continue }
      let (before, after) = (sides[0], sides[1])
      guard before.snapshot.sameTimeline(as: after.snapshot) else {
        run.failures.append(
          .timelinesDiffer(
            before: request.before, after: request.after, beforeSnapshot: before.snapshot, afterSnapshot: after.snapshot))
        continue
      }
      run.results.append(
        ComparisonResult(
          before: before.side, after: after.side, deviceID: after.snapshot.deviceID, deviceName: after.deviceName,
          comparison: Comparison(before: before.snapshot, after: after.snapshot, tolerance: tolerance, gates: request.gates),
          profile: after.profile))
    }
    return run
  }

  /// Reads one side: a scene decoded on the fast reader, else a saved report (it has
  /// `reportVersion`), else a scene to decode once the pair's device is known.
  private static func load(
    _ path: String, device: String?, runner: SceneRunner, toolVersion: String,
    read: @Sendable (String) -> Result<[UInt8], FileProblem>
  ) throws(BatchFailure) -> Input {
    let bytes: [UInt8]
    switch read(path) {
    case .success(let contents): bytes = contents
    case .failure(let problem): throw .unreadable(path: path, problem)
    }
    if let scene = try? runner.load(bytes, path: path, device: device) { return .scene(scene) }
    let source = SourceText(bytes)
    let value: JSONValue
    do {
      value = try SceneDecoder.parseJSON(bytes, limits: runner.limits)
    } catch {
      throw SceneRunner.failure(error, path: path, source: source)
    }
    if SavedReportReader.isReport(value) {
      do {
        let file = path == "-" ? "<stdin>" : path
        return .report(try SavedReportReader.read(value, source: source, file: file, toolVersion: toolVersion))
      } catch {
        throw .invalidReport(path: path, error)
      }
    }
    var named: String? = nil
    if case .object(let members) = value.kind, let member = members.first(where: { $0.key == "device" }),
      case .string(let id) = member.value.kind
    {
      named = id
    }
    return .undecoded(value, source, named: named)
  }
}
