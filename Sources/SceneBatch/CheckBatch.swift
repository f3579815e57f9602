import Compositor
import LayerTree

/// What `check` found: each scene on each device with its budgets' results, the scenes without
/// budgets, and the inputs that could not be used; all in file order, devices in budget order.
public struct CheckRun: Sendable {
  public struct Entry: Sendable {
    /// The scene's path as given.
    public var file: String
    public var deviceID: String
    public var deviceName: String
    /// The budgets file the limits come from; nil when they are the scene's own.
    public var budgetsFile: String?
    public var results: [BudgetResult]
    /// The user's device profile the scene ran on (`--device-file`); nil for a catalogue device.
    public var profile: UserProfile?

    public init(
      file: String, deviceID: String, deviceName: String, budgetsFile: String?, results: [BudgetResult], profile: UserProfile? = nil
    ) {
      self.file = file
      self.deviceID = deviceID
      self.deviceName = deviceName
      self.budgetsFile = budgetsFile
      self.results = results
      self.profile = profile
    }
  }

  /// What one file gave, in file order: how many of ``entries`` and ``failures`` are its, and
  /// whether it was skipped. What a shard's results are merged by.
  public struct Part: Sendable, Equatable {
    public var entries: Int
    public var skipped: Bool
    public var failures: Int
    public init(entries: Int, skipped: Bool, failures: Int) {
      self.entries = entries
      self.skipped = skipped
      self.failures = failures
    }
  }

  public var entries: [Entry] = []
  public var skipped: [String] = []
  public var failures: [BatchFailure] = []
  public var parts: [Part] = []
  /// Scenes held to a base version's budgets whose own differ (`check --budgets-from`): what the
  /// change would loosen or tighten once merged, in file order.
  public var budgetChanges: [BudgetChange] = []

  /// A scene whose own budgets differ from those of its base version, which it was held to.
  public struct BudgetChange: Sendable, Equatable {
    /// The scene's path as given.
    public var file: String
    /// The base version's path, whose budgets held.
    public var base: String
    public init(file: String, base: String) {
      self.file = file
      self.base = base
    }
  }

  public init(entries: [Entry] = [], skipped: [String] = [], failures: [BatchFailure] = []) {
    self.entries = entries
    self.skipped = skipped
    self.failures = failures
  }

  public var passed: Int { entries.reduce(0) { $0 + $1.results.filter(\.passed).count } }
  /// Budgets that failed, except those that only warn.
  public var failed: Int { entries.reduce(0) { $0 + $1.results.filter { !$0.passed && !$0.warning }.count } }
  /// Budgets that failed and only warn.
  public var warnings: Int { entries.reduce(0) { $0 + $1.results.filter { !$0.passed && $0.warning }.count } }

  /// The run with the budgets `warns` names (by budget name) marked as warnings.
  public func warning(_ warns: (BudgetKind) -> Bool) -> CheckRun {
    var run = self
    for index in run.entries.indices {
      for result in run.entries[index].results.indices {
        run.entries[index].results[result].warning = warns(run.entries[index].results[result].kind)
      }
    }
    return run
  }

}

/// Holds scenes to their budgets on their devices.
public enum CheckBatch {
  /// Budgets that replace every scene's own (or, as `fallback`, hold only the scenes without
  /// budgets of their own), and the file they came from.
  public struct SharedBudgets: Sendable {
    public var path: String
    public var budgets: Budgets
    /// True: only for scenes without budgets (a project configuration's); false: for every scene.
    public var fallback: Bool
    public init(path: String, budgets: Budgets, fallback: Bool = false) {
      self.path = path
      self.budgets = budgets
      self.fallback = fallback
    }

    /// The budgets a scene with `own` budgets is held to, and whether they are these.
    func budgets(for own: Budgets?) -> (Budgets?, shared: Bool) {
      if fallback, let own, !own.isEmpty { return (own, false) }
      return (budgets, true)
    }
  }

  /// Each scene's base version (`check --budgets-from folder`): the file at the same path under a
  /// checkout of the base branch, whose budgets the scene is held to instead of its own, so that a
  /// change cannot loosen the budgets it is checked against. A scene with no base version keeps
  /// its own.
  public struct BaseVersions: Sendable {
    /// The base version's path, by the scene's path as given.
    public var paths: [String: String]
    public init(paths: [String: String]) { self.paths = paths }
  }

  /// Checks `files` on up to `jobs` threads. Each file is read with `read`, decoded once and
  /// simulated on each device its budgets name (or each of `devices` when given), then let go:
  /// memory follows the scenes in flight, not the number of files.
  public static func run(
    _ files: [String], budgets shared: SharedBudgets?, base: BaseVersions? = nil, devices: [String], runner: SceneRunner,
    jobs: Int, read: @Sendable (String) -> Result<[UInt8], FileProblem>
  ) -> CheckRun {
    enum Outcome: Sendable {
      case checked([CheckRun.Entry], [BatchFailure], CheckRun.BudgetChange?)
      case skipped
      case failed(BatchFailure)
    }
    // Several files share the threads; a single file spreads its devices over them.
    let deviceJobs = files.count < jobs ? max(1, jobs / max(1, files.count)) : 1
    let outcomes: [Outcome] = Parallel.map(count: files.count, jobs: jobs) { index in
      let path = files[index]
      let scene: PlaceableScene
      // The budgets the scene brings: its own, or its base version's.
      var own: Budgets?
      var change: CheckRun.BudgetChange?
      do throws(BatchFailure) {
        scene = try load(path, runner: runner, device: devices.first, read: read)
        own = scene.scene.budgets
        if let basePath = base?.paths[path] {
          let baseScene = try load(basePath, runner: runner, device: devices.first, read: read)
          if !Budgets.sameLimits(scene.scene.budgets, baseScene.scene.budgets) {
            change = CheckRun.BudgetChange(file: path, base: basePath)
          }
          own = baseScene.scene.budgets
        }
      } catch {
        return .failed(error)
      }
      let ownFile = base?.paths[path]
      let (chosen, fromShared) = shared?.budgets(for: own) ?? (own, false)
      guard let budgets = chosen, !budgets.isEmpty else { return .skipped }
      let units = devices.isEmpty ? budgets.devices(sceneDevice: scene.scene.device) : devices
      let results: [Result<CheckRun.Entry, BatchFailure>] = Parallel.map(count: units.count, jobs: deviceJobs) { unit in
        let device = units[unit]
        do throws(BatchFailure) {
          let (_, report) = try runner.run(scene, on: device, path: path)
          let results = BudgetCheck.evaluate(budgets, device: device, snapshot: MetricSnapshot(report))
          return .success(
            CheckRun.Entry(
              file: path, deviceID: device, deviceName: report.scene.deviceName, budgetsFile: fromShared ? shared?.path : ownFile,
              results: results, profile: report.scene.profile))
        } catch {
          return .failure(error)
        }
      }
      return .checked(
        results.compactMap { try? $0.get() },
        results.compactMap {
          if case .failure(let error) = $0 { return error }
          return nil
        }, fromShared ? nil : change)
    }

    var run = CheckRun()
    for (index, outcome) in outcomes.enumerated() {
      switch outcome {
      case .checked(let entries, let failures, let change):
        run.entries += entries
        if let change { run.budgetChanges.append(change) }
        run.failures += failures
        run.parts.append(CheckRun.Part(entries: entries.count, skipped: false, failures: failures.count))
      case .skipped:
        run.skipped.append(files[index])
        run.parts.append(CheckRun.Part(entries: 0, skipped: true, failures: 0))
      case .failed(let failure):
        run.failures.append(failure)
        run.parts.append(CheckRun.Part(entries: 0, skipped: false, failures: 1))
      }
    }
    return run
  }

  /// Reads and decodes one scene; a problem names `path`.
  private static func load(
    _ path: String, runner: SceneRunner, device: String?, read: (String) -> Result<[UInt8], FileProblem>
  ) throws(BatchFailure) -> PlaceableScene {
    let bytes: [UInt8]
    switch read(path) {
    case .success(let contents): bytes = contents
    case .failure(let problem): throw .unreadable(path: path, problem)
    }
    return try runner.load(bytes, path: path, device: device)
  }
}

extension Budgets {
  /// Whether two scenes' budgets set the same limits on the same devices, wherever each is
  /// written (no budgets and empty budgets are the same).
  public static func sameLimits(_ first: Budgets?, _ second: Budgets?) -> Bool {
    func written(_ limits: [Limit]) -> [BudgetKind: Double] {
      Dictionary(limits.map { ($0.kind, $0.value) }, uniquingKeysWith: { _, last in last })
    }
    func shape(_ budgets: Budgets?) -> ([BudgetKind: Double], [String: [BudgetKind: Double]], [String]?) {
      guard let budgets, !budgets.isEmpty else { return ([:], [:], nil) }
      return (written(budgets.limits), budgets.deviceLimits.mapValues(written).filter { !$0.value.isEmpty }, budgets.checkOn)
    }
    let (a, b) = (shape(first), shape(second))
    return a.0 == b.0 && a.1 == b.1 && a.2 == b.2
  }
}
