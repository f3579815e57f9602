import Compositor
import Foundation
import LayerTree
import SceneBatch

/// `offscreen-sim check <paths...>`: holds every scene to its budgets on its devices.
enum CheckCommand: ToolCommand {
  static let format = SharedOptions.format(
    [
      (
        .text,
        "one line per budget, passed or failed, with the expected and the found value, then a total line such as '12 passed, 1 failed'."
      ),
      (.json, "the same as a document (docs/ci.md)."),
      (.markdown, "a pull-request comment."),
    ] + OutputFormat.reporters)
  static let budgets = OptionDeclaration(
    "--budgets", value: "file", kind: .file, help: "Hold every scene to this budgets file instead of its own `budgets`.")
  static let budgetsFrom = OptionDeclaration(
    "--budgets-from", value: "folder", kind: .fileOrFolder,
    help:
      "Hold each scene to the budgets of its version at the same path under this folder (a checkout of the base branch) instead of its own, so that a change cannot loosen the budgets it is checked against. A scene with no version there keeps its own; one whose own budgets differ gets a note on standard error."
  )
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
          "Scene files, or folders searched recursively for *.json files (not *.schema.json, not hidden files or folders, not budgets, pairs or configuration files found there). Scenes without budgets are listed as skipped."
      )
    ],
    options: [budgets, budgetsFrom, format] + Presentation.options + [
      junit, device, SharedOptions.deviceFile, SharedOptions.jobs, SharedOptions.shardOption, ProjectConfigFile.option,
      RepositoryBounds.option,
    ] + SharedOptions.limitGroup,
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
      "offscreen-sim check scenes/timeline-cell.json --budgets budgets.json --junit check.xml",
      "offscreen-sim check scenes/ --format markdown > comment.md",
      "offscreen-sim check scenes/ --shard 2/4 --format json > shard-2.json",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    var parsed = parsed
    let project = try ProjectConfigFile.apply(to: &parsed, scenes: true, io: io)
    guard !parsed.positional.isEmpty else {
      throw UsageError("missing the scene files or folders to check (or a project configuration's \"scenes\": offscreen-sim init)")
    }
    if parsed.positional.contains("-") { throw UsageError("check reads files and folders, not standard input") }
    let presentation = try Presentation(parsed, format: Self.format, io: io)
    let selection = try DeviceSelection(parsed, io: io)
    let baseFolder = parsed.value(Self.budgetsFrom)
    if baseFolder != nil, parsed.value(Self.budgets) != nil {
      throw UsageError("--budgets and --budgets-from both choose the budgets: give one")
    }
    var budgets = try parsed.value(Self.budgets).map { path throws(InputError) in
      CheckBatch.SharedBudgets(path: path, budgets: try readBudgets(path, known: selection.devices, io: io))
    }
    if budgets == nil, let project, let shared = project.config.budgets {
      budgets = CheckBatch.SharedBudgets(path: project.path, budgets: shared, fallback: true)
    }

    let shard = try SharedOptions.shard(parsed)

    let (found, foundErrors, searchNotes) = ScenePaths.expand(parsed.positional, currentDirectory: io.currentDirectory)
    for note in searchNotes { io.err(note + "\n") }
    // A budgets file, pairs file or configuration kept in a scenes folder is not a scene.
    let (files, otherNotes) = OtherDocument.split(found, named: parsed.positional, currentDirectory: io.currentDirectory)
    for note in otherNotes { io.err(note + "\n") }
    // Folders with no scene in them (a mistyped path in a CI job, scenes not generated yet) check
    // nothing: an error, not a green run.
    var pathErrors = foundErrors
    if files.isEmpty && pathErrors.isEmpty {
      let named = parsed.positional.joined(separator: ", ")
      pathErrors.append(
        "\(named): error: no scene file here (a folder's scenes are its *.json files, hidden ones and *.schema.json left out), so nothing was checked"
      )
    }
    let positions = shard?.positions(of: files) ?? Array(files.indices)
    let selected = positions.map { files[$0] }
    let progress = Progress("check: read", total: selected.count, io: io)
    let base = try baseFolder.map { folder throws(UsageError) in
      try baseVersions(of: selected, under: folder, currentDirectory: io.currentDirectory)
    }
    var run = CheckBatch.run(
      selected, budgets: budgets, base: base, devices: selection.requested,
      runner: SceneRunner(devices: selection.devices, limits: selection.limits),
      jobs: CommonOptions.jobs(parsed), read: progress.counting(SceneLoader(io: io).batchReader(for: selected)))
    progress.finish()
    for change in run.budgetChanges {
      io.err(
        "note: \(change.file): held to the budgets of \(change.base) (--budgets-from); its own budgets differ and are not obeyed\n")
    }
    // A file that is not a scene at all is not quoted, in any output.
    run.failures = run.failures.map { OtherDocument.withoutContent($0, currentDirectory: io.currentDirectory) }
    let errors = pathErrors.map { InputError($0) } + run.failures.map { OtherDocument.hinted($0, currentDirectory: io.currentDirectory) }
    let shardMember = shard.map {
      ShardDocument.check($0, files: files.count, positions: positions, run: run, pathErrors: pathErrors)
    }
    return try finish(
      run, errors: errors, presentation: presentation, junit: parsed.value(Self.junit), shard: shardMember,
      inputs: files + [budgets?.path].compactMap { $0 }, levels: project?.config)
  }

  /// Prints a run (whole, one shard's, or shards merged) and its errors; the exit code.
  static func finish(
    _ run: CheckRun, errors: [InputError], presentation: Presentation, junit: String?, shard: (String, JSONOutput)? = nil,
    inputs: [String] = [], levels: ProjectConfig? = nil
  ) throws -> ExitCode {
    let io = presentation.io
    let run = levels.map { config in run.warning { config.level(of: $0.rawValue) == .warning } } ?? run
    // Every format carries the inputs that could not be used: a report never reads green on a
    // run that exits 2.
    let errors = errors.uniqued()
    switch presentation.format {
    case .text: io.out(CheckTextFormatter.format(run, unusable: errors.count, detail: presentation.detail))
    case .json: io.document(CheckJSONFormatter.format(run, errors: errors, extra: shard.map { [$0] } ?? []), .json)
    case .markdown: io.document(CheckMarkdownFormatter.format(run, errors: errors), .markdown)
    default: if let reporter = presentation.format.reporter { io.print(reporter, Outcomes(run, errors: errors)) }
    }
    if let junit { try OutputFile(io: io, inputs: inputs).write(JUnitFormatter.format(Outcomes(run, errors: errors)), to: junit) }
    if CommonOptions.inGitHubActions(io) { io.annotate(GitHubAnnotations.budgetFailures(run)) }
    for error in errors { io.report(error, annotated: presentation.format != .github) }
    if !errors.isEmpty { return .usageOrInput }
    return run.failed > 0 ? .failure : .success
  }

  /// Each scene's version under `folder` (`--budgets-from`): the file at the scene's path, made
  /// relative to the working folder, under it. A scene outside the working folder, or with no
  /// file there, has none.
  static func baseVersions(of files: [String], under folder: String, currentDirectory: String) throws(UsageError)
    -> CheckBatch.BaseVersions
  {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: ScenePaths.resolve(folder, in: currentDirectory), isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw UsageError("--budgets-from \(folder): not a folder (give a checkout of the base branch)")
    }
    let here = ScenePaths.normalize(currentDirectory)
    var paths: [String: String] = [:]
    for file in files {
      let full = ScenePaths.normalize(ScenePaths.resolve(file, in: currentDirectory))
      guard full.hasPrefix(here == "/" ? "/" : here + "/") else { continue }
      let relative = String(full.dropFirst(here == "/" ? 1 : here.count + 1))
      let candidate = ScenePaths.join(folder, relative)
      var candidateIsFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: ScenePaths.resolve(candidate, in: currentDirectory), isDirectory: &candidateIsFolder),
        !candidateIsFolder.boolValue
      {
        paths[file] = candidate
      }
    }
    return CheckBatch.BaseVersions(paths: paths)
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

extension CheckRun {
  /// `12 passed, 1 failed`, `, 2 warnings` when budgets that only warn failed, and
  /// `, 1 unusable` when inputs could not be read or used.
  func totals(unusable: Int = 0) -> String {
    "\(passed) passed, \(failed) failed" + (warnings > 0 ? ", \(Markup.plural(warnings, "warning"))" : "")
      + (unusable > 0 ? ", \(unusable) unusable" : "")
  }
}
