import Compositor
import Foundation
import LayerTree

/// `offscreen-sim optimize <scene> -o <out>`: applies the fixes that keep appearance and writes
/// the scene with them, everything else kept as it was.
enum OptimizeCommand: ToolCommand {
  static let output = SharedOptions.output(
    "Where to write the optimized scene; - for standard output (the comparison then goes to standard error). Not needed with --dry-run.",
    required: "where to write the optimized scene", unless: dryRun.name)
  static let only = OptionDeclaration(
    "--only", value: "id", kind: .suggested(OffscreenRules.all.map(\.id) + SceneFixes.all.map(\.id)),
    help:
      "Only the fixes answering this rule (rounded-clip, ...), or only this fix (drop-masks-to-bounds, ...). See 'offscreen-sim rules'.")
  static let dryRun = OptionDeclaration("--dry-run", help: "Print what would be applied and the figures, write nothing.")

  static let declaration = CommandDeclaration(
    name: "optimize", summary: "Apply the fixes that keep appearance and write the optimized scene.",
    discussion: """
      Applies, one at a time and best first, the fixes that do not change what the user sees (see 'offscreen-sim \
      explain' for all fixes, those that may change it included). A fix on a layer made by `repeat` changes the one \
      object in the file that makes all its copies, so it must apply to every copy. Each fix is kept only when the \
      simulation shows neither the offscreen passes nor the GPU time going up, and something going down. The written \
      scene keeps everything else as it was, byte for byte: only the values a fix changes are rewritten (an object \
      whose keys change is written again whole, with two-space indentation and small objects on one line), so a scene \
      no fix applies to is written unchanged and optimizing the result again changes nothing. The output may not be \
      the input scene itself. Then prints the figures before and after. The simulation runs on the device of \
      --device or --device-file when given; the written scene keeps its own device. \
      Guide: docs/explain-and-optimize.md.
      """,
    arguments: [SharedOptions.scene],
    options: [output, only, dryRun] + SharedOptions.deviceGroup + [SharedOptions.fixJobs] + SharedOptions.limitGroup,
    exitCodes: [
      ExitCodeNote(.success, "done (also when no fix applies: the scene is written as it was, byte for byte)"),
      ExitCodeNote(
        .usageOrInput,
        "usage error, the scene cannot be read, optimizing it needs more than its work budget, or the output cannot be written"),
    ],
    examples: [
      "offscreen-sim optimize scenes/qqmusic-home-v1.json -o /tmp/qqmusic-optimized.json",
      "offscreen-sim optimize scenes/timeline-cell.json --only shadow-without-path --dry-run",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard parsed.positional.count == 1 else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing the scene file to optimize" : "expected one scene file, found \(parsed.positional.count)")
    }
    let dryRun = parsed.has(Self.dryRun)
    // Given unless --dry-run is (the parser checks it: the declaration says so).
    let output = parsed.value(Self.output)
    if let output, output.isEmpty { throw UsageError("-o needs a file name") }
    let only = parsed.value(Self.only)
    if let only {
      let ids = OffscreenRules.all.map(\.id) + SceneFixes.all.map(\.id)
      guard ids.contains(only) else {
        var message = "unknown rule or fix '\(only)'"
        if let suggestion = nearest(to: only, in: ids) { message += "; did you mean '\(suggestion)'?" }
        throw UsageError(
          message
            + " (rules: \(OffscreenRules.all.map(\.id).joined(separator: ", ")); fixes: \(SceneFixes.all.map(\.id).joined(separator: ", ")))"
        )
      }
    }
    let devices = try DeviceSelection(parsed, io: io)
    let path = parsed.positional[0]
    let loaded = try LoadedScene.load(path, devices: devices, io: io)
    let (scene, profile, file, bytes) = (loaded.scene, loaded.profile, loaded.file, loaded.bytes)
    let document: SceneDocument
    do {
      document = try SceneDocument(parsing: bytes, limits: devices.limits)
    } catch {
      throw InputError("\(file): error: invalid JSON: \(error.message)")
    }
    let options = SceneDecoder.Options(devices: devices.screens, deviceOverride: devices.override, limits: devices.limits)
    io.progress("optimize: simulating \(file) on \(profile.name)")
    let baseline = Explainer.baseline(scene, on: profile)
    try Simulation.check(baseline.report, file: file)
    io.progress("optimize: trying the fixes")
    let budget = WorkLimit.budget(devices.limits)
    let result = Optimizer.optimize(
      document, scene: scene, decoding: options, on: profile, only: only, budget: budget, baseline: baseline,
      jobs: parsed.integer(SharedOptions.fixJobs) ?? Parallel.defaultJobs)
    io.progress(nil)
    try WorkLimit.check(budget, command: "optimize", file: file, narrowing: "apply one fix at a time with --only")
    // The input's bytes with only what the fixes changed rewritten: no fix, no change at all.
    let written: [UInt8]
    do {
      written = try result.document.patched(bytes, limits: devices.limits)
    } catch {
      throw InputError("\(file): error: invalid JSON: \(error.message)")
    }

    var report = OptimizeFormatter.format(result, file: file, deviceName: profile.name)
    if dryRun {
      report += "Dry run: nothing written.\n"
    } else if let output, output != "-" {
      try OutputFile(io: io, inputs: [path]).write(bytes: written, to: output)
      report += "Wrote \(output) (\(Readable.count(written.count)) bytes).\n"
    }
    if output == "-" && !dryRun {
      io.document(String(decoding: written, as: UTF8.self), .json)
      io.err(report)
    } else {
      io.out(report)
    }
    return .success
  }
}

/// The `optimize` summary: what was applied, what was left, and the figures before and after.
enum OptimizeFormatter {
  static func format(_ result: Optimization, file: String, deviceName: String) -> String {
    var text = "Optimizing \(TerminalText.inline(file)) on \(TerminalText.inline(deviceName))\n"
    if result.steps.isEmpty {
      text += "\nNo fix that keeps appearance applies; the scene is unchanged.\n"
    } else {
      text += "\nApplied (fixes that keep appearance, each kept because the simulation shows it helps):\n"
      for (number, step) in result.steps.enumerated() {
        text += "  \(number + 1). \(step.fixID)  \(step.rule)  \(step.pattern)\n"
        for edit in step.objects {
          let copies = Markup.plural(edit.object.copies, "layer")
          text +=
            "       in the file: \(edit.object.jsonPath) (\(copies)): \(edit.changes.map(\.summary).joined(separator: ", "))\n"
        }
        text += "       \(ExplainTextFormatter.saving(step.saving, full: false))\n"
      }
    }
    if !result.skipped.isEmpty {
      text += "\nTried and not kept:\n"
      for skip in result.skipped {
        text += "  \(skip.fixID)  \(skip.rule)  \(skip.pattern): \(skip.reason)\n"
      }
    }
    let left = result.unanswered.filter { item in !result.skipped.contains { $0.rule + " " + $0.pattern == item.layer } }
    if !left.isEmpty {
      text += "\nLeft as they are (no fix that keeps appearance applies; `offscreen-sim explain` shows the others):\n"
      for item in left { text += "  \(item.layer): \(item.reason)\n" }
    }
    text += "\n" + table(result.before, result.after)
    return text
  }

  static func table(_ before: SceneMetrics, _ after: SceneMetrics) -> String {
    var rows: [[String]] = [["", "before", "after", "change"]]
    func row(_ name: String, _ b: Double, _ a: Double, _ decimals: Int) {
      rows.append([name, Readable.fixed(b, decimals), Readable.fixed(a, decimals), ExplainTextFormatter.signed(a - b, decimals)])
    }
    row("offscreen passes (worst frame)", Double(before.offscreenPassesMax), Double(after.offscreenPassesMax), 0)
    if before.frames > 1 { row("offscreen passes (mean)", before.offscreenPassesMean, after.offscreenPassesMean, 1) }
    row("GPU p95 (ms)", before.gpuMsP95, after.gpuMsP95, 1)
    row("main thread p95 (ms)", before.mainThreadMsP95, after.mainThreadMsP95, 1)
    if before.backgroundMsP95 > 0 || after.backgroundMsP95 > 0 {
      row("background p95 (ms)", before.backgroundMsP95, after.backgroundMsP95, 1)
    }
    row("render server p95 (ms)", before.renderServerMsP95, after.renderServerMsP95, 1)
    row("fps", before.fps.rounded(), after.fps.rounded(), 0)
    row("hitch time ratio (ms/s)", before.hitchTimeRatio.rounded(), after.hitchTimeRatio.rounded(), 0)
    return TextTable.render(rows, indent: "  ")
  }
}
