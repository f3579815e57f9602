import Compositor
import Foundation
import LayerTree

/// `offscreen-sim check <paths...>`: holds every scene to its budgets on its devices.
enum CheckCommand: ToolCommand {
  static let format = SharedOptions.format([
    (
      .text,
      "one line per budget, passed or failed, with the expected and the found value, then a total line such as '12 passed, 1 failed'."
    ),
    (.json, "the same as a document (docs/ci.md)."),
    (.markdown, "a pull-request comment."),
  ])
  static let budgets = OptionDeclaration(
    "--budgets", value: "file", kind: .file, help: "Hold every scene to this budgets file instead of its own `budgets`.")
  static let junit = OptionDeclaration(
    "--junit", value: "file", kind: .file, help: "Also write the results as JUnit XML, one test case per budget and device.")
  static let device = SharedOptions.devices(
    "Check every scene on this device instead of the devices its budgets name; repeat to check on each.")

  static let declaration = CommandDeclaration(
    name: "check", summary: "Check scenes against their budgets (offscreen passes, GPU and main-thread time, fps, memory).",
    discussion: """
      Budgets (docs/scene-format.md#budgets): maxOffscreenPassesPerFrame, minRasterHitRate, maxGpuMsP95, \
      maxMainThreadMsP95, maxHitchTimeRatio, minFps, maxMemoryBytes; per device under "devices", on the devices \
      listed in "checkOn" (default: the scene's device). A max budget passes at the limit, a min budget too. With \
      GITHUB_ACTIONS=true each failure is also printed to standard error as a workflow annotation on the scene file \
      (::error file=...::...).
      """,
    arguments: [
      ArgumentDeclaration(
        "<scene.json | folder>", kind: .fileOrFolder, count: 1...Int.max,
        help:
          "Scene files, or folders searched recursively for *.json files (not *.schema.json, not hidden files or folders). Scenes without budgets are listed as skipped."
      )
    ],
    options: [budgets, format, junit, device, SharedOptions.deviceFile, SharedOptions.jobs],
    exitCodes: [
      ExitCodeNote(.success, "every budget passed (or no scene has budgets)"),
      ExitCodeNote(.failure, "a budget failed"),
      ExitCodeNote(
        .usageOrInput,
        "usage error, or an input that cannot be used: a missing path, an invalid scene or budgets file, an unknown budget or device (the message names file:line:column and JSON path)"
      ),
    ],
    examples: [
      "offscreen-sim check scenes/",
      "offscreen-sim check scenes/feed.json --budgets budgets.json --junit check.xml",
      "offscreen-sim check scenes/ --format markdown > comment.md",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard !parsed.positional.isEmpty else { throw UsageError("missing the scene files or folders to check") }
    if parsed.positional.contains("-") { throw UsageError("check reads files and folders, not standard input") }
    let format = OutputFormat(parsed, Self.format)
    let jobs = CommonOptions.jobs(parsed)
    let selection = try DeviceSelection(parsed, io: io)
    var budgetsFile: (path: String, budgets: Budgets)? = nil
    if let path = parsed.value(Self.budgets) {
      budgetsFile = (path, try readBudgets(path, known: selection.devices, io: io))
    }

    let (files, pathErrors) = ScenePaths.expand(parsed.positional, currentDirectory: io.currentDirectory)
    let run = check(files, budgetsFile: budgetsFile, selection: selection, jobs: jobs, io: io)
    let errors = pathErrors + run.errors

    switch format {
    case .text: io.out(CheckTextFormatter.format(run))
    case .json: io.document(CheckJSONFormatter.format(run), .json)
    case .markdown: io.document(CheckMarkdownFormatter.format(run), .markdown)
    }
    if let junit = parsed.value(Self.junit) {
      let resolved = ScenePaths.resolve(junit, in: io.currentDirectory)
      do {
        try Data(JUnitFormatter.format(run).utf8).write(to: URL(fileURLWithPath: resolved))
      } catch {
        throw InputError("\(junit): error: cannot write the JUnit XML: \(error.localizedDescription)")
      }
    }
    if CommonOptions.inGitHubActions(io) {
      var annotations = ""
      for entry in run.entries {
        for result in entry.results where !result.passed {
          annotations += GitHubAnnotations.error(
            file: entry.file, line: entry.budgetsFile == nil ? result.limit.location?.line : nil,
            title: "offscreen-sim: budget \(result.kind.rawValue) failed on \(entry.deviceID)",
            message: "\(entry.file) on \(entry.deviceName): " + CheckTextFormatter.describe(result))
        }
      }
      io.annotate(annotations)
    }
    for error in errors { io.report(InputError(error)) }
    if !errors.isEmpty { return .usageOrInput }
    return run.failed > 0 ? .failure : .success
  }

  /// Decodes every scene, then simulates each (scene, device) its budgets name, on up to `jobs`
  /// threads; results in file order, devices in budget order.
  static func check(
    _ files: [String], budgetsFile: (path: String, budgets: Budgets)?, selection: DeviceSelection, jobs: Int, io: ToolIO
  ) -> CheckRun {
    // 1. Read and decode each scene on its own device.
    struct Loaded: Sendable {
      var value: JSONValue
      var source: SourceText
      var scene: Scene
    }
    let contents: [Result<[UInt8], InputError>] = files.map { path in
      Result { () throws(InputError) -> [UInt8] in try SceneLoader(io: io).readBytes(path) }
    }
    let loaded: [Result<Loaded, InputError>] = Parallel.map(count: files.count, jobs: jobs) { index in
      let path = files[index]
      let bytes: [UInt8]
      switch contents[index] {
      case .success(let read): bytes = read
      case .failure(let error): return .failure(error)
      }
      let source = SourceText(bytes)
      let value: JSONValue
      do throws(JSONSyntaxError) {
        value = try JSONReader.parse(bytes)
      } catch {
        return .failure(
          InputError("\(path):\(source.location(ofOffset: error.offset)): error: invalid JSON: \(error.message)", file: path))
      }
      do throws(InputError) {
        let scene = try SceneDecoding.decode(value, source: source, path: path, device: nil, selection: selection)
        return .success(Loaded(value: value, source: source, scene: scene))
      } catch {
        return .failure(error)
      }
    }

    // 2. The (scene, device) units to simulate.
    var run = CheckRun()
    struct Unit: Sendable {
      var file: Int
      var device: String
      var budgets: Budgets
    }
    var units: [Unit] = []
    for (index, result) in loaded.enumerated() {
      switch result {
      case .failure(let error):
        run.errors.append(error.message)
      case .success(let scene):
        let budgets = budgetsFile?.budgets ?? scene.scene.budgets
        guard let budgets, !budgets.isEmpty else {
          run.skipped.append(files[index])
          continue
        }
        for device in selection.requested.isEmpty ? budgets.devices(sceneDevice: scene.scene.device) : selection.requested {
          units.append(Unit(file: index, device: device, budgets: budgets))
        }
      }
    }

    // 3. Simulate and hold each to its budgets.
    let outcomes: [Result<CheckRun.Entry, InputError>] = Parallel.map(count: units.count, jobs: jobs) { [units] index in
      let unit = units[index]
      guard case .success(let scene) = loaded[unit.file] else { return .failure(InputError("")) }
      let path = files[unit.file]
      do throws(InputError) {
        let (_, report) = try SceneDecoding.simulate(
          scene.value, source: scene.source, path: path, device: unit.device, selection: selection)
        let results = BudgetCheck.evaluate(unit.budgets, device: unit.device, snapshot: MetricSnapshot(report))
        return .success(
          CheckRun.Entry(
            file: path, deviceID: unit.device, deviceName: report.scene.deviceName, budgetsFile: budgetsFile?.path,
            results: results))
      } catch {
        return .failure(error)
      }
    }
    for outcome in outcomes {
      switch outcome {
      case .success(let entry): run.entries.append(entry)
      case .failure(let error): if !run.errors.contains(error.message) { run.errors.append(error.message) }
      }
    }
    return run
  }

  static func readBudgets(_ path: String, known: [DeviceProfile], io: ToolIO) throws(InputError) -> Budgets {
    let bytes = try SceneLoader(io: io).readBytes(path)
    do {
      return try BudgetsDecoder.decode(bytes, devices: known.map(\.id))
    } catch {
      let file = SceneLoader.displayName(path)
      throw InputError(error, file: file, summary: InputError.summary(error, file: file, "nothing was checked"))
    }
  }
}

/// What `check` found: each scene on each device with its budgets' results, the scenes without
/// budgets, and the inputs that could not be used.
struct CheckRun: Sendable {
  struct Entry: Sendable {
    /// The scene's path as given.
    var file: String
    var deviceID: String
    var deviceName: String
    /// The `--budgets` file the limits come from; nil when they are the scene's own.
    var budgetsFile: String?
    var results: [BudgetResult]
  }

  var entries: [Entry] = []
  var skipped: [String] = []
  var errors: [String] = []

  var passed: Int { entries.reduce(0) { $0 + $1.results.filter(\.passed).count } }
  var failed: Int { entries.reduce(0) { $0 + $1.results.filter { !$0.passed }.count } }

  /// `12 passed, 1 failed`.
  var totals: String { "\(passed) passed, \(failed) failed" }
}
