import Compositor
import LayerTree
import SceneBatch

/// `offscreen-sim merge <shard.json>...`: joins the parts of a sharded check or compare and
/// prints what one run over all the inputs prints, with its exit code.
enum MergeCommand: ToolCommand {
  static let format = SharedOptions.format(
    [
      (.text, "what check or compare prints."),
      (.json, "the document one run writes (docs/ci.md)."),
      (.markdown, "a pull-request comment."),
    ] + OutputFormat.reporters)
  static let junit = OptionDeclaration(
    "--junit", value: "file", kind: .file, help: "Also write check's results as JUnit XML, as check --junit does.")

  static let declaration = CommandDeclaration(
    name: "merge", summary: "Merge the shards of check or compare (--shard i/n --format json) into the output of one run.",
    discussion: """
      Every shard of the run must be given once, made by this version of the tool. The output, the JUnit file and the \
      exit code are those of check or compare run once over all the inputs; errors the shards met are printed again, in \
      input order.
      """,
    arguments: [ArgumentDeclaration("<shard.json>", count: 1...Int.max, help: "The JSON documents the shards wrote.")],
    options: [format] + Presentation.options + [junit, ProjectConfigFile.option],
    exitCodes: [
      ExitCodeNote(.success, "no budget failed and no gated metric got worse"),
      ExitCodeNote(.failure, "a budget failed, or a gated metric got worse"),
      ExitCodeNote(
        .usageOrInput,
        "usage error, a file that is not a shard, a shard missing or given twice, or an error a shard met on its inputs"),
    ],
    examples: [
      "offscreen-sim check scenes/ --shard 1/2 --format json > shard-1.json",
      "offscreen-sim check scenes/ --shard 2/2 --format json > shard-2.json",
      "offscreen-sim merge shard-*.json --junit check.xml",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard !parsed.positional.isEmpty else { throw UsageError("missing the shard files to merge") }
    let loader = SceneLoader(io: io)
    let files = try parsed.positional.map { path throws(InputError) in (path, try loader.readBytes(path)) }
    let presentation = try Presentation(parsed, format: Self.format, io: io)
    // The levels of the project configuration, as the shards had them.
    let levels = try ProjectConfigFile.load(parsed, io: io)?.config
    let merged: ShardMerge.Merged
    do {
      merged = try ShardMerge.merge(
        files.map { (SceneLoader.displayName($0.0), $0.1) },
        versions: .init(check: CheckJSONFormatter.version, compare: CompareJSONFormatter.version, tool: toolVersion))
    } catch {
      throw InputError(error)
    }
    switch merged {
    case .check(let merged):
      return try CheckCommand.finish(
        merged.run, errors: merged.errors.map(InputError.init), presentation: presentation, junit: parsed.value(Self.junit),
        inputs: parsed.positional, levels: levels)
    case .compare(let merged):
      if parsed.value(Self.junit) != nil { throw UsageError("--junit takes the shards of check, not of compare") }
      return CompareCommand.finish(
        merged.results, otherVersions: merged.otherVersions, errors: merged.errors.map(InputError.init), tolerance: merged.tolerance,
        presentation: presentation, levels: levels)
    }
  }
}
