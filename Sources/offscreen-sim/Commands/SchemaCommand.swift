import Compositor
import LayerTree

/// `offscreen-sim schema`: writes the scene format's JSON Schema, generated from the format's
/// description; `scenes/scene.schema.json` is its output.
enum SchemaCommand: ToolCommand {
  static let output = SharedOptions.output("Write to this file instead of standard output (- for standard output).")

  static let declaration = CommandDeclaration(
    name: "schema", summary: "Write the scene format's JSON Schema (draft 2020-12), for editors.",
    discussion: """
      The schema is made from the same description of the format the readers follow; \
      scenes/scene.schema.json is its output. Point a scene's "$schema" key at it for completion \
      and checks in an editor. The tool checks more than a schema can: ids unique among siblings, \
      the layer count after repeat, timeline targets that name layers.
      """,
    options: [output],
    exitCodes: [
      ExitCodeNote(.success, "written"),
      ExitCodeNote(.usageOrInput, "usage error, or the file cannot be written"),
    ],
    examples: ["offscreen-sim schema -o scenes/scene.schema.json"])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    if !parsed.positional.isEmpty { throw UsageError("schema takes no arguments") }
    let text = SceneSchema.rendered(devices: DeviceCatalogue.all.map(\.id))
    try OutputFile(io: io).write(text, to: parsed.value(Self.output) ?? "-", kind: .json)
    return .success
  }
}
