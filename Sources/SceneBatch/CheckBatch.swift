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

  /// Checks `files` on up to `jobs` threads. Each file is read with `read`, decoded once and
  /// simulated on each device its budgets name (or each of `devices` when given), then let go:
  /// memory follows the scenes in flight, not the number of files.
  public static func run(
    _ files: [String], budgets shared: SharedBudgets?, devices: [String], runner: SceneRunner, jobs: Int,
    read: @Sendable (String) -> Result<[UInt8], FileProblem>
  ) -> CheckRun {
    enum Outcome: Sendable {
      case checked([CheckRun.Entry], [BatchFailure])
      case skipped
      case failed(BatchFailure)
    }
    // Several files share the threads; a single file spreads its devices over them.
    let deviceJobs = files.count < jobs ? max(1, jobs / max(1, files.count)) : 1
    let outcomes: [Outcome] = Parallel.map(count: files.count, jobs: jobs) { index in
      let path = files[index]
      let scene: PlaceableScene
      do throws(BatchFailure) {
        let bytes: [UInt8]
        switch read(path) {
        case .success(let contents): bytes = contents
        case .failure(let problem): throw .unreadable(path: path, problem)
        }
        scene = try runner.load(bytes, path: path, device: devices.first)
      } catch {
        return .failed(error)
      }
      let (chosen, fromShared) = shared?.budgets(for: scene.scene.budgets) ?? (scene.scene.budgets, false)
      guard let budgets = chosen, !budgets.isEmpty else { return .skipped }
      let units = devices.isEmpty ? budgets.devices(sceneDevice: scene.scene.device) : devices
      let results: [Result<CheckRun.Entry, BatchFailure>] = Parallel.map(count: units.count, jobs: deviceJobs) { unit in
        let device = units[unit]
        do throws(BatchFailure) {
          let (_, report) = try runner.run(scene, on: device, path: path)
          let results = BudgetCheck.evaluate(budgets, device: device, snapshot: MetricSnapshot(report))
          return .success(
            CheckRun.Entry(
              file: path, deviceID: device, deviceName: report.scene.deviceName, budgetsFile: fromShared ? shared?.path : nil,
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
        })
    }

    var run = CheckRun()
    for (index, outcome) in outcomes.enumerated() {
      switch outcome {
      case .checked(let entries, let failures):
        run.entries += entries
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
}
